"""Hellton Palace components, read from the TOML files in ``data/``.

Every record carries ``provenance`` ("rulebook" or "reconstructed") and a reason; see
``docs/rulings/hellton_palace.md``. Replace a data file with the printed values of your copy of
the game to play with them.

- ``hotel.toml``: the board (rooms 1-9 by floor and column, 3 doorbells, 3 groups of 4 pillars);
- ``grooms.toml``: the five groom tiles (name, cost, effect);
- ``guests.toml``: the 36 guest cards (sides with name, rent and door hanger; intro asterisk).

Door-hanger effects are parsed once into :class:`Effect` records (``what``, ``where``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.data import read_data
from ...core.storage import Packing

DATA = Path(__file__).with_name("data")

COLOURS = ("red", "blue")
"""Seat colours: seat 0 (the first player) is Red, seat 1 Blue."""
COLOUR_HEX = {"red": "#c8352b", "blue": "#2f62c9"}

BASIC = ("irritate", "irritate_satisfied", "tantrum", "pillar", "doorbell", "flip")
"""The "What?" pictograms, in the rulebook's order."""
WHERES = ("adjacent", "adjacent_row", "adjacent_col", "all", "all_row", "all_col", "choice", "opponent_choice")
"""The "Who? Where?" pictograms (the arrows split into row and/or column)."""
SPECIALS = (
    "doorbell_if_hired", "pillar_per_opponent_groom", "doorbell_if_twin_satisfied",
    "pillar_per_doorbell", "doorbell_if_same_doorbells", "copy_twin",
    "irritate_self_per_irritated_adjacent", "irritate_per_pillar", "pillar_per_satisfied_adjacent",
    "pillar_per_irritated_adjacent", "irritate_per_doorbell", "doorbell_if_poorer",
    "pillar_left_right", "irritate_self_per_irritated",
)
"""The fourteen special effects, in the order of the rulebook's "Special Effects"."""

SPECIAL_TEXT = {
    "doorbell_if_hired": "Remove a Doorbell token from your Hall if you have at least one hired Groom.",
    "pillar_per_opponent_groom": "Remove one of your Pillar tokens (in the column of your choice) for each Groom currently hired by your opponent.",
    "doorbell_if_twin_satisfied": "Remove one of your Doorbell tokens if the Guest in the room with the same number in the opposing Hotel is satisfied.",
    "pillar_per_doorbell": "Remove one of your Pillar tokens in the column of your choice for each Doorbell token in your Hall.",
    "doorbell_if_same_doorbells": "Remove one of your Doorbell tokens if there are as many Doorbell tokens in your Hall as in your opponent's.",
    "copy_twin": "This Guest copies the effects of the door hanger of the Guest located in the room bearing the same number in the opposing Hotel. If this room is empty, nothing happens.",
    "irritate_self_per_irritated_adjacent": "Add to this Guest as many Irritation tokens as it has irritated adjacent Guests in its row and/or column.",
    "irritate_per_pillar": "Add an Irritation token to other Guests of your choice for each Pillar present in this column.",
    "pillar_per_satisfied_adjacent": "Remove a Pillar from this column for each satisfied adjacent Guest.",
    "pillar_per_irritated_adjacent": "Remove a Pillar from this column for each irritated adjacent Guest.",
    "irritate_per_doorbell": "Add an Irritation token to other Guests of your choice for each Doorbell token in your Hall.",
    "doorbell_if_poorer": "Remove one of your Doorbell tokens if the value of your opponent's Coin tokens is strictly greater than yours.",
    "pillar_left_right": "Remove a Pillar in the columns to the left and right of that of the Guest concerned.",
    "irritate_self_per_irritated": "Add to this Guest as many Irritation tokens as there are irritated Guests in its row and/or column.",
}
WHAT_TEXT = {
    "irritate": "Add an Irritation token to the Guest concerned.",
    "irritate_satisfied": "If the Guest concerned is satisfied, add an Irritation token to it. Otherwise, nothing happens.",
    "tantrum": "If the Guest concerned is irritated, remove its Irritation token as well as a Doorbell token from your Hall. Otherwise, nothing happens.",
    "pillar": "Remove a Pillar token from the column of this Guest, unless otherwise indicated.",
    "doorbell": "Remove a Doorbell token from your Hall.",
    "flip": "Flip this card over.",
}
WHERE_TEXT = {
    "adjacent": "The effect concerns the adjacent Guests in the row and/or column of the Guest concerned.",
    "adjacent_row": "The effect concerns the adjacent Guests in the row and/or column of the Guest concerned.",
    "adjacent_col": "The effect concerns the adjacent Guests in the row and/or column of the Guest concerned.",
    "all": "The effect concerns all the Guests in the row and/or column of the Guest concerned.",
    "all_row": "The effect concerns all the Guests in the row and/or column of the Guest concerned.",
    "all_col": "The effect concerns all the Guests in the row and/or column of the Guest concerned.",
    "choice": "The effect concerns another of your Guests (of your choice) or a Pillar in the column of your choice in your Hotel.",
    "opponent_choice": "The effect concerns another of your Guests chosen by your opponent, or a Pillar in one of your columns chosen by your opponent.",
}

# where -> words, and the glyph the board draws for it
WHERE_WORDS = {
    None: "", "adjacent": "adjacent guests", "adjacent_row": "adjacent guests in the row",
    "adjacent_col": "adjacent guests in the column", "all": "all guests in the row and column",
    "all_row": "all guests in the row", "all_col": "all guests in the column",
    "choice": "your choice", "opponent_choice": "the opponent's choice",
}
WHERE_GLYPH = {
    None: "", "adjacent": "\u2725", "adjacent_row": "\u2194", "adjacent_col": "\u2195",
    "all": "\u271b\u271b", "all_row": "\u21d4", "all_col": "\u21d5", "choice": "\u25ce", "opponent_choice": "\u25ce",
}


@dataclass(frozen=True)
class Effect:
    """One door-hanger effect: ``what`` (a :data:`BASIC` name or a :data:`SPECIALS` name) and
    ``where`` (a :data:`WHERES` name or None). ``code`` is its text in the data file."""

    code: str
    what: str
    where: str | None

    @property
    def special(self) -> bool:
        return self.what in SPECIALS

    @property
    def text(self) -> str:
        """Short words for people, e.g. "irritate: adjacent guests in the column"."""
        if self.special:
            words = self.what.replace("_", " ")
            return f"{words} ({WHERE_WORDS[self.where]})" if self.where else words
        words = {"irritate": "irritate", "irritate_satisfied": "irritate if satisfied",
                 "tantrum": "tantrum if irritated", "pillar": "remove a pillar",
                 "doorbell": "remove a doorbell", "flip": "flip this card"}[self.what]
        if self.where is None:
            return words + (" (this column)" if self.what == "pillar" else "")
        return f"{words}: {WHERE_WORDS[self.where]}"

    @property
    def rule_text(self) -> str:
        """The rulebook's sentence(s) for this effect."""
        if self.special:
            return SPECIAL_TEXT[self.what]
        return WHAT_TEXT[self.what] + (" " + WHERE_TEXT[self.where] if self.where else "")


@dataclass(frozen=True)
class Side:
    name: str
    rent: int
    hanger: tuple  # of Effect, bottom to top


@dataclass(frozen=True)
class Guest:
    id: int
    intro: bool
    sides: tuple  # of Side; two for a double-sided card

    @property
    def double(self) -> bool:
        return len(self.sides) == 2


@dataclass(frozen=True)
class Groom:
    id: str
    name: str
    cost: int
    effect: str
    provenance: str


def _check(cond: bool, file: str, msg: str) -> None:
    if not cond:
        raise ValueError(f"hellton_palace data/{file}: {msg}")


_SELF_WHERE = {"irritate_self_per_irritated_adjacent": ("adjacent", "adjacent_row", "adjacent_col"),
               "irritate_self_per_irritated": ("all", "all_row", "all_col")}


def parse_effect(code: str, where_file: str = "guests.toml") -> Effect:
    """An :class:`Effect` from its data text, e.g. ``"irritate adjacent_col"``; ValueError
    naming the file for anything else."""
    parts = code.split()
    _check(1 <= len(parts) <= 2, where_file, f"effect {code!r}: expected '<what> [<where>]'")
    what, where = parts[0], (parts[1] if len(parts) == 2 else None)
    if what in SPECIALS:
        allowed = _SELF_WHERE.get(what, ())
        _check((where in allowed) if allowed else where is None, where_file,
               f"effect {code!r}: {what} takes {' / '.join(allowed) if allowed else 'no where'}")
    else:
        _check(what in BASIC, where_file, f"effect {code!r}: unknown what {what!r}")
        if what in ("irritate", "irritate_satisfied", "tantrum"):
            _check(where in WHERES, where_file, f"effect {code!r}: {what} needs a where among {', '.join(WHERES)}")
        elif what == "pillar":
            _check(where in (None, "choice", "opponent_choice"), where_file,
                   f"effect {code!r}: a pillar is this column, 'choice' or 'opponent_choice'")
        else:
            _check(where is None, where_file, f"effect {code!r}: {what} takes no where")
    return Effect(code, what, where)


@lru_cache(maxsize=None)
def rooms() -> dict[int, tuple[int, int]]:
    """Room number (1-9) -> (floor 1-3, column 1-3)."""
    data = read_data(DATA, "hotel.toml")
    out = {r["number"]: (r["floor"], r["column"]) for r in data["room"]}
    _check(sorted(out) == list(range(1, 10)), "hotel.toml", "needs rooms 1 to 9")
    _check(sorted(out.values()) == [(f, c) for f in (1, 2, 3) for c in (1, 2, 3)], "hotel.toml",
           "the 9 rooms must fill 3 floors of 3 columns")
    return out


@lru_cache(maxsize=None)
def hotel() -> dict:
    """Board constants: ``doorbells`` (3), ``pillar_groups`` (3), ``pillars_per_group`` (4)."""
    data = read_data(DATA, "hotel.toml")
    return {k: data[k] for k in ("doorbells", "pillar_groups", "pillars_per_group")}


@lru_cache(maxsize=None)
def grooms() -> tuple[Groom, ...]:
    """The five groom tiles in the rulebook's order (Mason, False Reservation, Placer, False
    Placer, Diplomat)."""
    data = read_data(DATA, "grooms.toml")
    out = tuple(Groom(g["id"], g["name"], g["cost"], g["effect"], g["provenance"]) for g in data["groom"])
    _check([g.id for g in out] == list(GROOM_IDS), "grooms.toml", f"needs the grooms {', '.join(GROOM_IDS)} in that order")
    _check(all(isinstance(g.cost, int) and g.cost >= 0 for g in out), "grooms.toml", "costs are whole coins")
    return out


GROOM_IDS = ("mason", "false_reservation", "placer", "false_placer", "diplomat")


@lru_cache(maxsize=None)
def guests() -> dict[int, Guest]:
    """The 36 guest cards by id."""
    data = read_data(DATA, "guests.toml")
    out = {}
    for rec in data["guest"]:
        sides = tuple(
            Side(s["name"], int(s["rent"]), tuple(parse_effect(e) for e in s["hanger"])) for s in rec["side"]
        )
        _check(1 <= len(sides) <= 2, "guests.toml", f"guest {rec['id']}: one or two sides")
        out[rec["id"]] = Guest(rec["id"], bool(rec["intro"]), sides)
    _check(sorted(out) == list(range(1, 37)), "guests.toml", "needs guests numbered 1 to 36")
    _check(sum(g.intro for g in out.values()) == 18, "guests.toml", "18 cards carry the introductory asterisk")
    return out


def intro_ids() -> tuple[int, ...]:
    return tuple(i for i, g in sorted(guests().items()) if g.intro)


# -- the board, derived from hotel.toml (room numbering: ruling HP-02) -------------------------
ROOMS = rooms()
FLOOR = [0] * 10
"""room number -> floor (1-3); index 0 unused."""
COL = [0] * 10
"""room number -> column (1-3), the column of its pillar group; index 0 unused."""
for _n, (_f, _c) in ROOMS.items():
    FLOOR[_n], COL[_n] = _f, _c
FLOOR_ROOMS = {f: tuple(n for n in range(1, 10) if FLOOR[n] == f) for f in (1, 2, 3)}
COL_ROOMS = {c: tuple(n for n in range(1, 10) if COL[n] == c) for c in (1, 2, 3)}


def _rooms_where(pred) -> list[tuple]:
    return [()] + [tuple(m for m in range(1, 10) if m != n and pred(n, m)) for n in range(1, 10)]


_ADJ_ROW = _rooms_where(lambda n, m: FLOOR[n] == FLOOR[m] and abs(COL[n] - COL[m]) == 1)
_ADJ_COL = _rooms_where(lambda n, m: COL[n] == COL[m] and abs(FLOOR[n] - FLOOR[m]) == 1)
_ALL_ROW = _rooms_where(lambda n, m: FLOOR[n] == FLOOR[m])
_ALL_COL = _rooms_where(lambda n, m: COL[n] == COL[m])
GEO = {
    "adjacent_row": _ADJ_ROW, "adjacent_col": _ADJ_COL,
    "adjacent": [tuple(sorted(a + b)) for a, b in zip(_ADJ_ROW, _ADJ_COL)],
    "all_row": _ALL_ROW, "all_col": _ALL_COL,
    "all": [tuple(sorted(a + b)) for a, b in zip(_ALL_ROW, _ALL_COL)],
}
"""where -> per room number, the other rooms it concerns (room-number order); "adjacent" is
orthogonal (ruling HP-13)."""
ADJ = GEO["adjacent"]

HOTEL = hotel()
MAX_BELLS = HOTEL["doorbells"]
PILLARS = HOTEL["pillars_per_group"]
GROOMS = grooms()
GROOM_INDEX = {g.id: i for i, g in enumerate(GROOMS)}
GUESTS = guests()
ROW_NAMES = {1: "lowest", 2: "middle", 3: "highest"}
SIDES = ("a", "b")
COMPLETE = 10
"""The tour measure of a seat whose groom completed its tour (back in the Hall), ruling HP-10."""

# -- packed values (the state keeps them in ints, so that a copy is cheap) -----------------------
GUEST = Packing(("side", 1), ("card", 6))
"""A guest in a room (``state.guests[seat][room]``): its card (1-36) and the side face up (0: a,
1: b), i.e. ``card * 2 + side``; 0 is a free room. Hot code reads ``v >> 1`` and ``v & 1``."""
TOKENS = Packing(*((f"room{n}", 1) for n in range(10)))
"""A hotel's irritation tokens (``state.tokens[seat]``): bit n for the guest in room n (bit 0
unused). Hot code reads ``t >> n & 1``."""
HIRED = Packing(*((g, 1) for g in GROOM_IDS))
"""A player's groom tiles on their hired side (``state.hired[seat]``): one bit per groom, in the
order of :data:`GROOM_IDS`."""
