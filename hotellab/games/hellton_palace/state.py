"""Hellton Palace: two hotels, infernal guests, and the last hotel standing wins.

Rules: ``shared/rulebooks/hellton_palace.txt`` (2 players). Setup deals 18 of the 36 guest
cards face up in 3 rows of 6 (a chance action). A turn is five steps, in the rulebook's order:

1. welcome a guest from a row of the display into a free room of the matching floor;
2. dismiss your grooms;
3. hire grooms (each once per turn: pay, then apply its effect);
4. the tour of rooms 1 to 9: serve each guest (its irritation token goes, then its door
   hanger's effects apply, bottom to top) or do not serve it (it gets a token, or throws a
   tantrum if it has one);
5. collect the rents of the satisfied guests, or recover a doorbell.

The game ends as soon as a hotel has no doorbell left or an empty pillar group (the turn stops
at once); see :meth:`HelltonPalaceState._hotel_falls`. Cards the rulebook does not list are
reconstructed data in ``data/``; every reading of an unclear rule is in
``docs/rulings/hellton_palace.md`` (ids HP-01 ...).

Encodings (internal, compact so that ``apply`` copies cheaply):

- rooms are numbered 1-9 (index 0 of per-room lists is unused); ``guests[seat][room]`` is
  ``card * 2 + side`` (side 0 = a, 1 = b) or 0 for an empty room;
- ``tokens[seat]`` is a bit mask of the rooms whose guest has an irritation token;
- ``pillars[seat]`` counts the pillars of each group (columns 1-3 at indices 0-2);
- ``hired[seat]`` is a bit mask of the grooms hired (bit i = :data:`components.GROOM_IDS`\\[i]);
- the effects still to apply during a service are a tuple ``todo`` of small operations;
  a choice among them (a guest or a column) stops the state at a decision node.
"""

from __future__ import annotations

import random

from ...core.actions import CHANCE, TERMINAL, Action
from ...core.errors import IllegalActionError
from ...core.rules import RuleRef, ScoreItem
from ...core.state import State
from . import components as C

GAME_ID = "hellton_palace"


def _r(section: str, quote: str = "") -> RuleRef:
    return RuleRef(GAME_ID, section, quote)


R_SETUP = _r("Setup / 6", "Shuffle the 36 Guest cards. Put 18 back in the box. Place the remaining 18 face up near the boards, in 3 rows of 6 cards.")
R_INTRO = _r("Setup", "For a first game, we strongly advise playing with the 18 cards marked with an asterisk.")
R_COURSE = _r("Course of the Game", "On your turn, perform the following steps in order")
R_WELCOME = _r("Course of the Game / 1. Welcome a New Guest", "place it in a free room on the floor corresponding to the row it comes from")
R_ROW_CLOSED = _r("Course of the Game / 1. Welcome a New Guest", "If you have no free rooms left on a given floor, you cannot take a Guest from the corresponding row.")
R_DOUBLE = _r("Course of the Game / 1. Welcome a New Guest", "If you take a double-sided Guest, place it on the side of your choice.")
R_SKIP = _r("Course of the Game / 1. Welcome a New Guest", "If all 18 Guest cards have been taken, skip this step.")
R_DISMISS = _r("Course of the Game / 2. Dismiss Your Grooms", "Take back your 5 Groom tiles and place them, non-hired side up")
R_HIRE = _r("Course of the Game / 3. Hire Your Grooms", "each Groom can only be hired once per turn")
R_PAY = _r("Course of the Game / 3. Hire Your Grooms", "If you cannot pay the cost in full, you cannot hire this Groom.")
R_TOUR = _r("Course of the Game / 4. Do the Tour of the Rooms", "move your Groom pawn from room to room, starting with room no. 1, up to no. 9")
R_SERVE = _r("Course of the Game / 4. Do the Tour of the Rooms / Serve the Guest", "first remove its Irritation token ... Then ... apply, in order from bottom to top, the effects shown on its door hanger")
R_NOT_SERVE = _r("Course of the Game / 4. Do the Tour of the Rooms / Do Not Serve the Guest", "If the Guest has no Irritation token, add one to it")
R_IRRITATION = _r("Course of the Game / 4. Do the Tour of the Rooms / Irritation Tokens", "if you must add a second Irritation token to a Guest, do not do so. Instead, remove the one it already has ... Then, remove a Doorbell token from your Hall.")
R_COLLECT = _r("Course of the Game / 5. Collect Rents or Recover a Doorbell", "Take from the supply as many Coin tokens as indicated on the doors of your satisfied Guests")
R_RECOVER = _r("Course of the Game / 5. Collect Rents or Recover a Doorbell", "If you have fewer than 3 Doorbell tokens in your Hall, take 1 and place it in your Hall.")
R_END = _r("End of the Game", "A player no longer has any Doorbell tokens in their Hall. / One of the 3 groups of 4 Pillars no longer contains any Pillar tokens.")
R_END_FIRST = _r("End of the Game / If one of these conditions occurs in the First player's Hotel", "The First player's turn stops immediately. ... The Second player then takes a last turn")
R_END_COMPLETE = _r("End of the Game / If one of these conditions occurs in the First player's Hotel", "If this last player manages to complete the whole Tour of the rooms without reaching an end-of-game condition, they win.")
R_END_COMPARE = _r("End of the Game / If one of these conditions occurs in the First player's Hotel", "compare the number of the last room served before the end by the two Groom pawns ... the player with the fewest irritated Guests wins ... you share the defeat")
R_END_SECOND = _r("End of the Game / If one of these conditions occurs in the Second player's Hotel", "The First player wins.")
R_EFFECTS = _r("Description of the Effects", "If there are not enough targets to apply an effect fully, apply it as much as possible anyway.")

_GROOM_SECTION = {
    "mason": "The Mason", "false_reservation": "The False Reservation", "placer": "The Placer",
    "false_placer": "The False Placer", "diplomat": "The Diplomat",
}


def groom_rule(gid: str) -> RuleRef:
    g = GROOMS[GROOM_INDEX[gid]]
    return _r(f"The Different Grooms / {_GROOM_SECTION[gid]}", g.effect)


_EFFECT_RULES: dict = {}


def effect_rule(e) -> RuleRef:
    """The RuleRef of a door-hanger effect ("Description of the Effects" or "Special Effects")."""
    rule = _EFFECT_RULES.get(e.code)
    if rule is None:
        if e.special:
            rule = _r(f"Special Effects / {C.SPECIALS.index(e.what) + 1}", C.SPECIAL_TEXT[e.what])
        else:
            section = "Description of the Effects / What?" if e.where is None else "Description of the Effects / Who? Where?"
            rule = _r(section, e.rule_text)
        _EFFECT_RULES[e.code] = rule
    return rule


# -- the board ------------------------------------------------------------------------------
ROOMS = C.rooms()
FLOOR = [0] * 10
COL = [0] * 10
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
"""where -> per room number, the rooms it concerns (room-number order)."""
ADJ = GEO["adjacent"]

HOTEL = C.hotel()
MAX_BELLS = HOTEL["doorbells"]
PILLARS = HOTEL["pillars_per_group"]
GROOMS = C.grooms()
GROOM_INDEX = {g.id: i for i, g in enumerate(GROOMS)}
GUESTS = C.guests()
ROW_NAMES = {1: "lowest", 2: "middle", 3: "highest"}
SIDES = ("a", "b")
_OP_LETTER = {"irritate": "T", "irritate_satisfied": "TS", "tantrum": "TT"}
COMPLETE = 10
"""The tour measure of a seat whose groom completed its tour (back in the Hall)."""

# -- node kinds (what the state waits for) ----------------------------------------------------
N_DISPLAY, N_WELCOME, N_HIRE, N_SWAP, N_SERVE, N_TARGET, N_PILLAR, N_COLLECT, N_END = range(9)

_STEP = {N_WELCOME: "1. welcome a guest", N_HIRE: "3. hire grooms", N_SWAP: "3. hire grooms, the False Placer",
         N_SERVE: "4. tour", N_TARGET: "4. tour", N_PILLAR: "4. tour", N_COLLECT: "5. collect rents or recover a doorbell"}


def _bits(mask: int) -> int:
    return bin(mask).count("1")


class HelltonPalaceState(State):
    """A Hellton Palace position. Use :meth:`Game.new_initial_state`; never mutate."""

    __slots__ = (
        "display", "guests", "tokens", "pillars", "doorbells", "coins", "hired", "fr_row",
        "welcomed", "round", "active", "cursor", "reached", "serving", "last_turn", "todo",
        "node", "result", "end_text",
    )

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, game) -> "HelltonPalaceState":
        s = cls.__new__(cls)
        State.__init__(s, game)
        s.display = ((0,) * 6,) * 3
        s.guests = [[0] * 10, [0] * 10]
        s.tokens = [0, 0]
        s.pillars = [[PILLARS] * 3, [PILLARS] * 3]
        s.doorbells = [MAX_BELLS, MAX_BELLS]
        s.coins = [0, 0]
        s.hired = [0, 0]
        s.fr_row = [0, 0]
        s.welcomed = 0
        s.round = 0
        s.active = 0
        s.cursor = 0
        s.reached = [0, 0]
        s.serving = 0
        s.last_turn = False
        s.todo = ()
        s.node = (N_DISPLAY,)
        s.result = None
        s.end_text = ""
        return s

    def _copy(self) -> "HelltonPalaceState":
        new = HelltonPalaceState.__new__(HelltonPalaceState)
        self._copy_base(new)
        new.display = self.display
        g = self.guests
        new.guests = [g[0][:], g[1][:]]
        new.tokens = self.tokens[:]
        p = self.pillars
        new.pillars = [p[0][:], p[1][:]]
        new.doorbells = self.doorbells[:]
        new.coins = self.coins[:]
        new.hired = self.hired[:]
        new.fr_row = self.fr_row[:]
        new.welcomed = self.welcomed
        new.round = self.round
        new.active = self.active
        new.cursor = self.cursor
        new.reached = self.reached[:]
        new.serving = self.serving
        new.last_turn = self.last_turn
        new.todo = self.todo
        new.node = self.node
        new.result = self.result
        new.end_text = self.end_text
        return new

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_label(seat)

    def side_of(self, seat: int, room: int):
        """The :class:`components.Side` face up in ``room`` of ``seat``'s hotel (None if empty)."""
        g = self.guests[seat][room]
        return GUESTS[g >> 1].sides[g & 1] if g else None

    def _gname(self, seat: int, room: int) -> str:
        side = self.side_of(seat, room)
        return f"{side.name} (room {room})" if side else f"room {room} (empty)"

    def irritated(self, seat: int, room: int) -> bool:
        return bool(self.tokens[seat] >> room & 1)

    def irritated_count(self, seat: int) -> int:
        """Irritated guests in ``seat``'s hotel (the end's tie-break)."""
        return _bits(self.tokens[seat])

    def _free(self, seat: int, floor: int) -> list[int]:
        g = self.guests[seat]
        return [n for n in FLOOR_ROOMS[floor] if not g[n]]

    def _row_has_card(self, row: int) -> bool:
        return any(self.display[row - 1])

    def _occupied_others(self, seat: int, room: int) -> list[int]:
        g = self.guests[seat]
        return [n for n in range(1, 10) if n != room and g[n]]

    def rents(self, seat: int) -> int:
        """Coins the satisfied guests of ``seat`` pay now (5. Collect Rents)."""
        g, t = self.guests[seat], self.tokens[seat]
        return sum(GUESTS[g[n] >> 1].sides[g[n] & 1].rent for n in range(1, 10) if g[n] and not t >> n & 1)

    def _fallen(self, seat: int) -> bool:
        return self.doorbells[seat] == 0 or 0 in self.pillars[seat]

    # ================================================================== the standard API
    def _current_player(self) -> int:
        kind = self.node[0]
        if kind == N_DISPLAY:
            return CHANCE
        if kind == N_END:
            return TERMINAL
        return self.node[1]

    def _legal_actions(self) -> list[Action]:
        kind, p = self.node[0], self.node[1]
        if kind == N_SERVE:
            r = self.cursor
            return [Action("serve", (r,), p), Action("refuse", (r,), p)]
        if kind == N_TARGET:
            op = self.node[2]
            return [Action("target", (n,), p) for n in self._occupied_others(self.active, op[4])]
        if kind == N_PILLAR:
            pil = self.pillars[self.active]
            return [Action("pillar", (c,), p) for c in (1, 2, 3) if pil[c - 1]]
        if kind == N_WELCOME:
            return self._welcome_actions(p)
        if kind == N_HIRE:
            return self._hire_actions(p)
        if kind == N_SWAP:
            room = self.node[2]
            g = self.guests[p]
            return [Action("swap", (n,), p) for n in ADJ[room] if g[n]]
        if kind == N_COLLECT:
            out = [Action("rents", (), p)]
            if self.doorbells[p] < MAX_BELLS:
                out.append(Action("doorbell", (), p))
            return out
        return []

    def _chance_outcomes(self):
        return None  # the display is a draw of 18 cards: sampled, not listed

    def _pool(self) -> tuple[int, ...]:
        return C.intro_ids() if self.game.options["cards"] == "intro" else tuple(range(1, 37))

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        pool = list(self._pool())
        rng.shuffle(pool)
        return Action("display", (tuple(pool[:18]),))

    def canonical_chance(self, action: Action) -> Action:
        return Action("display", (tuple(int(i) for i in action.args[0]),), CHANCE)

    def explain_chance(self, action: Action) -> str | None:
        if action.kind != "display" or len(action.args) != 1 or not isinstance(action.args[0], tuple):
            return (f"{action}: expected 'chance display <18 card numbers>' (the lowest row's 6 cards, "
                    f"then the middle row's, then the highest row's) — {R_SETUP.section}")
        cards = action.args[0]
        pool = set(self._pool())
        odd = [c for c in cards if isinstance(c, bool) or not isinstance(c, int)]
        if odd:  # str(action) would fail on these: name them without it
            return (f"chance display: the display is 18 guest card numbers, got {', '.join(map(repr, odd))} "
                    f"— {R_SETUP.section}")
        if len(cards) != 18:
            return f"{action}: the display is 18 different guest cards in 3 rows of 6, got {len(cards)} — {R_SETUP.section}"
        twice = sorted({c for c in cards if cards.count(c) > 1})
        if twice:
            return (f"{action}: the display is 18 different guest cards in 3 rows of 6; card(s) "
                    f"{', '.join(map(str, twice))} appear more than once — {R_SETUP.section}")
        bad = [c for c in cards if c not in pool]
        if bad:
            which = "the 18 introductory cards (option cards='intro')" if self.game.options["cards"] == "intro" else "cards 1 to 36"
            return f"{action}: card(s) {', '.join(map(str, bad))} are not among {which} — {R_SETUP.section}"
        return None

    # ---------------------------------------------------------------- decisions offered
    def _welcome_actions(self, p: int) -> list[Action]:
        out = []
        for row in self._open_rows(p):
            free = self._free(p, row)
            for card in self.display[row - 1]:
                if not card:
                    continue
                n_sides = len(GUESTS[card].sides)
                for room in free:
                    for s in range(n_sides):
                        out.append(Action("welcome", (card, room, SIDES[s]), p))
        return out

    def _open_rows(self, p: int) -> list[int]:
        """Rows seat ``p`` may welcome from: a card left and a free room on the floor; only the
        row the opponent's False Reservation faces, when it does (HP-07)."""
        rows = [r for r in (1, 2, 3) if self._row_has_card(r) and self._free(p, r)]
        forced = self.fr_row[1 - p]
        if forced and forced in rows:
            return [forced]
        return rows

    def _hire_actions(self, p: int) -> list[Action]:
        out = []
        coins, hired = self.coins[p], self.hired[p]
        for i, g in enumerate(GROOMS):
            if hired >> i & 1 or g.cost > coins:
                continue
            targets = self._groom_targets(p, g.id)
            if not targets and g.id != "false_reservation" and self.game.options["grooms"] == "any":
                targets = [0]  # HP-06, option grooms="any": hired for nothing to act on
            for arg in targets:
                out.append(Action("hire", (g.id, arg), p))
        out.append(Action("tour", (), p))
        return out

    def _groom_targets(self, p: int, gid: str) -> list[int]:
        """What a groom can be hired for: columns, rows or rooms. Empty when its effect has
        nothing to act on (HP-06: then it is not offered, or with option ``grooms="any"`` it is
        offered with the argument 0, except the False Reservation, whose row is part of the rule)."""
        o = 1 - p
        if gid == "mason":
            return [c for c in (1, 2, 3) if self.pillars[p][c - 1] < PILLARS]
        if gid == "diplomat":
            t = self.tokens[p]
            return [n for n in range(1, 10) if t >> n & 1]
        if gid == "placer":
            w = self.welcomed
            g = self.guests[p]
            return [n for n in ADJ[w] if g[n]] if w else []
        if gid == "false_reservation":
            return [r for r in (1, 2, 3) if self._free(o, r) and self._row_has_card(r)]
        if gid == "false_placer":
            g, t = self.guests[o], self.tokens[o]
            return [n for n in range(1, 10) if t >> n & 1 and any(g[m] for m in ADJ[n])]
        return []

    # ---------------------------------------------------------------- apply
    def _apply(self, a: Action) -> None:
        handler = getattr(self, "_do_" + a.kind, None)
        if handler is None:  # legal_actions never offers an unknown kind
            raise IllegalActionError(f"unknown action kind {a.kind!r}")
        handler(a)

    # -- setup ------------------------------------------------------------------------------
    def _do_display(self, a: Action) -> None:
        cards = a.args[0]
        self.display = (tuple(cards[0:6]), tuple(cards[6:12]), tuple(cards[12:18]))
        which = "the 18 introductory cards" if self.game.options["cards"] == "intro" else "18 of the 36 guest cards"
        self._emit(f"The guest display: {which}, face up in 3 rows of 6.", R_INTRO if self.game.options["cards"] == "intro" else R_SETUP)
        self._start_turn(0)

    # -- 1. welcome, 2. dismiss ---------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.active = seat
        if seat == 0:
            self.round += 1
        self.welcomed = 0
        self.cursor = 0
        self.serving = 0
        if self._welcome_actions(seat):
            self.node = (N_WELCOME, seat)
            return
        if not any(any(r) for r in self.display):
            why = "all 18 guest cards have been taken"
        elif not any(self._free(seat, f) for f in (1, 2, 3)):
            why = "the hotel has no free room"
        else:  # HP-11: free rooms only on floors whose row is empty
            empty = [f"the {ROW_NAMES[f]} row (floor {f})" for f in (1, 2, 3) if self._free(seat, f)]
            why = f"no guest card is left in {' or '.join(empty)}, and the floors of the other rows are full"
        self._emit(f"{self._name(seat)} skips the welcome: {why}.", R_SKIP)
        self._dismiss(seat)

    def _do_welcome(self, a: Action) -> None:
        p = a.player
        card, room, side = a.args
        row = FLOOR[room]
        self.display = tuple(
            tuple(0 if c == card else c for c in cards) if i == row - 1 else cards for i, cards in enumerate(self.display)
        )
        s = SIDES.index(side)
        self.guests[p][room] = card * 2 + s
        self.welcomed = room
        g = GUESTS[card]
        how = f", on side {side} ({g.sides[s].name})" if g.double else ""
        forced = self.fr_row[1 - p]
        extra = f" (forced by {self._name(1 - p)}'s False Reservation)" if forced == row else ""
        self._emit(f"{self._name(p)} welcomes {g.sides[s].name} from the {ROW_NAMES[row]} row into room {room} "
                   f"(floor {row}){how}{extra}.", R_DOUBLE if g.double else R_WELCOME)
        self._dismiss(p)

    def _dismiss(self, p: int) -> None:
        had = [GROOMS[i].name for i in range(5) if self.hired[p] >> i & 1]
        self.hired[p] = 0
        self.fr_row[p] = 0
        what = f"{', '.join(had)} back" if had else "their grooms (none was hired)"
        self._emit(f"{self._name(p)} dismisses {what}: all 5 tiles non-hired side up.", R_DISMISS)
        self.node = (N_HIRE, p)

    # -- 3. hire ------------------------------------------------------------------------------
    def _do_hire(self, a: Action) -> None:
        p = a.player
        gid, arg = a.args
        i = GROOM_INDEX[gid]
        groom = GROOMS[i]
        self.coins[p] -= groom.cost
        self.hired[p] |= 1 << i
        rule = groom_rule(gid)
        who = self._name(p)
        pay = f"{who} hires {groom.name} for {groom.cost} coin{'s' if groom.cost != 1 else ''}"
        if arg == 0:  # option grooms="any" (HP-06)
            self._emit(f"{pay}: the effect has nothing to act on, but the tile shows its hired side.", rule)
        elif gid == "mason":
            self.pillars[p][arg - 1] += 1
            self._emit(f"{pay}: a pillar goes back under column {arg} ({self.pillars[p][arg - 1]} there).", rule)
        elif gid == "diplomat":
            name = self._gname(p, arg)
            self.tokens[p] &= ~(1 << arg)
            self._emit(f"{pay}: {name} is soothed, its irritation token goes back.", rule)
        elif gid == "placer":
            w = self.welcomed
            a_name, w_name = self._gname(p, arg), self._gname(p, w)
            self._swap(p, w, arg)
            self.welcomed = arg
            self._emit(f"{pay}: {w_name} and {a_name} swap rooms.", rule)
        elif gid == "false_reservation":
            self.fr_row[p] = arg
            self._emit(f"{pay}: the tile faces the {ROW_NAMES[arg]} row; on their next turn "
                       f"{self._name(1 - p)} must welcome a guest from it.", rule)
        elif gid == "false_placer":
            o = 1 - p
            self._emit(f"{pay}: {who} designates {self._gname(o, arg)} in {self._name(o)}'s hotel; "
                       f"{self._name(o)} must swap it with an adjacent guest.", rule)
            self.node = (N_SWAP, o, arg)

    def _swap(self, seat: int, a: int, b: int) -> None:
        g = self.guests[seat]
        g[a], g[b] = g[b], g[a]
        t = self.tokens[seat]
        ta, tb = t >> a & 1, t >> b & 1
        if ta != tb:
            self.tokens[seat] = t ^ (1 << a) ^ (1 << b)

    def _do_swap(self, a: Action) -> None:
        o = a.player
        room = self.node[2]
        names = self._gname(o, room), self._gname(o, a.args[0])
        self._swap(o, room, a.args[0])
        self._emit(f"{self._name(o)} swaps {names[0]} with {names[1]} (the False Placer).", groom_rule("false_placer"))
        self.node = (N_HIRE, 1 - o)

    # -- 4. the tour --------------------------------------------------------------------------
    def _do_tour(self, a: Action) -> None:
        p = a.player
        old = self.reached[p]
        self.reached[p] = 0
        self._emit(f"{self._name(p)}'s groom leaves the Hall for the tour of rooms 1 to 9.", R_TOUR,
                   [(p, -old)] if old else ())
        self.cursor = 0
        self._next_room()

    def _next_room(self) -> None:
        p = self.active
        g = self.guests[p]
        for n in range(self.cursor + 1, 10):
            if g[n]:
                self.cursor = n
                self.serving = 0
                self.node = (N_SERVE, p)
                return
        # the tour is over: the groom goes back to the Hall
        self.cursor = 0
        self.serving = 0
        old = self.reached[p]
        self.reached[p] = COMPLETE
        if self.last_turn:
            self._emit(f"{self._name(p)}'s groom completes the whole tour without an end-of-game condition: "
                       f"{self._name(p)} wins.", R_END_COMPLETE, [(p, COMPLETE - old)])
            self._finish((p,), f"{self._name(p)} completed the last tour")
            return
        self._emit(f"{self._name(p)}'s groom completes the tour and goes back to the Hall.", R_TOUR,
                   [(p, COMPLETE - old)])
        self.node = (N_COLLECT, p)

    def _do_serve(self, a: Action) -> None:
        p = a.player
        r = self.cursor
        old = self.reached[p]
        self.reached[p] = r
        self.serving = r
        side = self.side_of(p, r)
        if self.tokens[p] >> r & 1:
            self.tokens[p] &= ~(1 << r)
            text = f"{self._name(p)} serves {side.name} (room {r}): its irritation token goes back"
        else:
            text = f"{self._name(p)} serves {side.name} (room {r})"
        effects = "; ".join(e.text for e in side.hanger)
        self._emit(f"{text}; then its door hanger, bottom to top: {effects}.", R_SERVE, [(p, r - old)] if r != old else ())
        self.todo = tuple(("E", r, e) for e in side.hanger)
        self._run()

    def _do_refuse(self, a: Action) -> None:
        p = a.player
        r = self.cursor
        self._emit(f"{self._name(p)} does not serve {self._gname(p, r)}.", R_NOT_SERVE)
        self.todo = (("T", r, 0, None),)
        self._run()

    # -- effects: expansion into operations, and the operations ------------------------------
    def _run(self) -> None:
        """Apply the pending operations until a choice is needed, the hotel falls, or they are
        done (then the groom moves on)."""
        h = self.active
        while self.todo:
            op = self.todo[0]
            self.todo = self.todo[1:]
            k = op[0]
            if k == "E":
                ops = self._expand(op[1], op[2])
                if ops:
                    self.todo = tuple(ops) + self.todo
                continue
            if k == "Q":
                if self._ask(op):
                    return
                continue
            self._atomic(op)
            if self._fallen(h):
                self._hotel_falls(h)
                return
        self._next_room()

    def _ask(self, op) -> bool:
        """A choice: stop at a decision node for its chooser (True), or say that nothing can be
        chosen (False: apply as much as possible)."""
        _, kind, chooser, letter, concerned, e, i, n = op
        h = self.active
        if kind == "guest":
            if not self._occupied_others(h, concerned):
                self._emit(f"{self._gname(h, concerned)}: no other guest to choose: nothing happens.", R_EFFECTS)
                return False
            self.node = (N_TARGET, chooser, op)
            return True
        self.node = (N_PILLAR, chooser, op)
        return True

    def _expand(self, r: int, e) -> list:
        """The operations of effect ``e`` of the guest in room ``r`` (the Guest concerned) of the
        active hotel, with their targets found now."""
        h = self.active
        o = 1 - h
        g = self.guests[h]
        t = self.tokens[h]
        what, where = e.what, e.where
        name = self._gname(h, r)
        rule = effect_rule(e)
        letter = _OP_LETTER.get(what)
        if letter is not None:
            if where == "choice" or where == "opponent_choice":
                chooser = h if where == "choice" else o
                return [("Q", "guest", chooser, letter, r, e, 1, 1)]
            targets = [n for n in GEO[where][r] if g[n]]
            if not targets:
                self._emit(f"{name}: {e.text} — nobody there: nothing happens.", rule)
            return [(letter, n, r, e) for n in targets]
        if what == "pillar":
            if where is None:
                return [("P", COL[r], r, e)]
            chooser = h if where == "choice" else o
            return [("Q", "pillar", chooser, "P", r, e, 1, 1)]
        if what == "doorbell":
            return [("D", 0, r, e)]
        if what == "flip":
            return [("F", r, r, e)]
        # -- special effects (Special Effects, in the rulebook's order) --
        if what == "doorbell_if_hired":
            if self.hired[h]:
                return [("D", 0, r, e)]
            return self._nothing(name, "no groom is hired", rule)
        if what == "pillar_per_opponent_groom":
            k = _bits(self.hired[o])
            return [("Q", "pillar", h, "P", r, e, i + 1, k) for i in range(k)] or self._nothing(
                name, f"{self._name(o)} has no hired groom", rule)
        if what == "doorbell_if_twin_satisfied":
            tw = self.guests[o][r]
            if tw and not self.tokens[o] >> r & 1:
                return [("D", 0, r, e)]
            return self._nothing(name, f"room {r} of {self._name(o)}'s hotel holds no satisfied guest", rule)
        if what == "pillar_per_doorbell":
            k = self.doorbells[h]
            return [("Q", "pillar", h, "P", r, e, i + 1, k) for i in range(k)]
        if what == "doorbell_if_same_doorbells":
            if self.doorbells[h] == self.doorbells[o]:
                return [("D", 0, r, e)]
            return self._nothing(name, f"the Halls hold {self.doorbells[h]} and {self.doorbells[o]} doorbells", rule)
        if what == "copy_twin":
            tw = self.side_of(o, r)
            if tw is None:
                return self._nothing(name, f"room {r} of {self._name(o)}'s hotel is empty", rule)
            copied = [x for x in tw.hanger if x.what != "copy_twin"]
            self._emit(f"{name} copies the door hanger of {tw.name} (room {r} of {self._name(o)}'s hotel): "
                       f"{'; '.join(x.text for x in copied) or 'nothing to copy'}.", rule)
            return [("E", r, x) for x in copied]
        if what in ("irritate_self_per_irritated_adjacent", "irritate_self_per_irritated"):
            k = sum(1 for n in GEO[where][r] if g[n] and t >> n & 1)
            if not k:
                return self._nothing(name, "no irritated guest there", rule)
            self._emit(f"{name}: {k} irritated guest{'s' if k > 1 else ''} ({C.WHERE_WORDS[where]}): "
                       f"{k} irritation token{'s' if k > 1 else ''} for itself, one at a time.", rule)
            return [("T", r, r, e)] * k
        if what == "irritate_per_pillar":
            k = self.pillars[h][COL[r] - 1]
            return [("Q", "guest", h, "T", r, e, i + 1, k) for i in range(k)]
        if what in ("pillar_per_satisfied_adjacent", "pillar_per_irritated_adjacent"):
            want = 1 if what == "pillar_per_irritated_adjacent" else 0
            k = sum(1 for n in ADJ[r] if g[n] and (t >> n & 1) == want)
            if not k:
                return self._nothing(name, f"no {'irritated' if want else 'satisfied'} adjacent guest", rule)
            return [("P", COL[r], r, e)] * k
        if what == "irritate_per_doorbell":
            k = self.doorbells[h]
            return [("Q", "guest", h, "T", r, e, i + 1, k) for i in range(k)]
        if what == "doorbell_if_poorer":
            if self.coins[o] > self.coins[h]:
                return [("D", 0, r, e)]
            return self._nothing(name, f"{self._name(o)} has {self.coins[o]} coins, {self._name(h)} {self.coins[h]}", rule)
        if what == "pillar_left_right":
            c = COL[r]
            return [("P", x, r, e) for x in (c - 1, c + 1) if 1 <= x <= 3]
        raise IllegalActionError(f"unknown effect {e.code!r}")  # the data loader refuses these

    def _nothing(self, name: str, why: str, rule) -> list:
        self._emit(f"{name}: {why}: nothing happens.", rule)
        return []

    def _atomic(self, op) -> None:
        k, x, src, e = op
        h = self.active
        rule = effect_rule(e) if e is not None else R_NOT_SERVE
        by = f" ({self._gname(h, src)})" if src and src != x and k in ("T", "TS", "TT") else ""
        if k == "T" or k == "TS":
            if self.tokens[h] >> x & 1:
                if k == "TS":
                    self._emit(f"{self._gname(h, x)} is already irritated: nothing happens{by}.", rule)
                    return
                self._tantrum(h, x, f"a second irritation token{by}")
                return
            self.tokens[h] |= 1 << x
            self._emit(f"{self._gname(h, x)} gets an irritation token{by}.", rule)
        elif k == "TT":
            if self.tokens[h] >> x & 1:
                self.tokens[h] &= ~(1 << x)
                self.doorbells[h] -= 1
                self._emit(f"{self._gname(h, x)} is irritated: tantrum{by} — its token goes back and a doorbell "
                           f"falls ({self.doorbells[h]} left).", rule)
            else:
                self._emit(f"{self._gname(h, x)} is satisfied: nothing happens{by}.", rule)
        elif k == "P":
            if self.pillars[h][x - 1] == 0:  # only when a pillar of an empty group is asked for
                self._emit(f"Column {x} has no pillar left to remove.", R_EFFECTS)
                return
            self.pillars[h][x - 1] -= 1
            self._emit(f"{self._gname(h, src)}: a pillar under column {x} is destroyed ({self.pillars[h][x - 1]} left there).", rule)
        elif k == "D":
            self.doorbells[h] -= 1
            self._emit(f"{self._gname(h, src)}: a doorbell is removed from the Hall ({self.doorbells[h]} left).", rule)
        elif k == "F":
            gv = self.guests[h][x]
            if GUESTS[gv >> 1].double:
                self.guests[h][x] = gv ^ 1
                self._emit(f"{self._gname(h, x)}: the card is flipped (was {GUESTS[gv >> 1].sides[gv & 1].name}).", rule)
            else:
                self._emit(f"{self._gname(h, x)}: a single-sided card cannot flip: nothing happens.", rule)

    def _tantrum(self, h: int, room: int, why: str) -> None:
        """The Irritation Tokens rule: a second token is never added; the one there goes back and
        a doorbell leaves the Hall."""
        self.tokens[h] &= ~(1 << room)
        self.doorbells[h] -= 1
        self._emit(f"{self._gname(h, room)} already has an irritation token: {why} is never added; tantrum — "
                   f"its token goes back and a doorbell leaves the Hall ({self.doorbells[h]} left).", R_IRRITATION)

    def _do_target(self, a: Action) -> None:
        op = self.node[2]
        _, _, _, letter, concerned, e, i, n = op
        self.todo = ((letter, a.args[0], concerned, e),) + self.todo
        self._run()

    def _do_pillar(self, a: Action) -> None:
        op = self.node[2]
        _, _, _, _, concerned, e, i, n = op
        self.todo = (("P", a.args[0], concerned, e),) + self.todo
        self._run()

    # -- 5. collect ---------------------------------------------------------------------------
    def _do_rents(self, a: Action) -> None:
        p = a.player
        k = self.rents(p)
        self.coins[p] += k
        self._emit(f"{self._name(p)} collects the rents of the satisfied guests: {k} coin{'s' if k != 1 else ''} "
                   f"({self.coins[p]} in all).", R_COLLECT)
        self._start_turn(1 - p)

    def _do_doorbell(self, a: Action) -> None:
        p = a.player
        self.doorbells[p] += 1
        self._emit(f"{self._name(p)} recovers a doorbell ({self.doorbells[p]} in the Hall).", R_RECOVER)
        self._start_turn(1 - p)

    # ================================================================== end of the game
    def _hotel_falls(self, h: int) -> None:
        """An end-of-game condition in ``h``'s hotel (always the active player's: every effect
        acts on the hotel of the guest served): the turn stops at once."""
        self.todo = ()
        self.serving = 0
        if self.doorbells[h] == 0:
            why = "no Doorbell token left in the Hall"
        else:
            cols = [str(c) for c in (1, 2, 3) if self.pillars[h][c - 1] == 0]
            why = f"the pillar group under column {' and '.join(cols)} is empty"
        who = self._name(h)
        at = self.reached[h]
        groom = f"in front of room {at}, the last room served" if at else "before any room was served (0)"
        if self.last_turn:
            self._emit(f"{who}'s hotel: {why} during the last turn; the groom stops {groom}.", R_END_COMPARE)
            self._compare()
        elif h == 0:
            self._emit(f"{who}'s hotel: {why}. The First player's turn stops at once; the groom stays {groom}. "
                       f"{self._name(1)} plays a last turn.", R_END_FIRST)
            self.last_turn = True
            self._start_turn(1)
        else:
            self._emit(f"{who}'s hotel: {why}, in the Second player's hotel: {self._name(0)} wins.", R_END_SECOND)
            self._finish((0,), f"{who}'s hotel fell ({why})")

    def _compare(self) -> None:
        a, b = self.reached
        ia, ib = self.irritated_count(0), self.irritated_count(1)
        n0, n1 = self._name(0), self._name(1)
        if a != b:
            w = 0 if a > b else 1
            self._emit(f"Last rooms served: {n0} {a}, {n1} {b}: {self._name(w)} wins.", R_END_COMPARE)
            self._finish((w,), f"last room served {a} vs {b}")
        elif ia != ib:
            w = 0 if ia < ib else 1
            self._emit(f"Last rooms served: both {a}. Irritated guests: {n0} {ia}, {n1} {ib}: "
                       f"{self._name(w)} wins.", R_END_COMPARE)
            self._finish((w,), f"tie on room {a}; irritated guests {ia} vs {ib}")
        else:
            self._emit(f"Last rooms served: both {a}; irritated guests: both {ia}. You share the defeat.", R_END_COMPARE)
            self._finish((), f"tie on room {a} and on {ia} irritated guests: shared defeat")

    def _finish(self, winners: tuple, text: str) -> None:
        self.result = winners
        self.end_text = text
        self.node = (N_END,)

    # ================================================================== scores and end
    def _scores(self) -> list[int]:
        """Per seat, the tour measure the end rule compares: the number of the last room served in
        the seat's current (or stopped) tour, 0 before any, 10 once its tour is complete."""
        return list(self.reached)

    def _score_breakdown(self) -> list[ScoreItem]:
        out = []
        for s in (0, 1):
            v = self.reached[s]
            cat = "Tour complete" if v == COMPLETE else "Last room served"
            out.append(ScoreItem(s, cat, v, R_END_COMPARE))
            out.append(ScoreItem(s, "Irritated guests (tie-break, fewer is better)", -self.irritated_count(s), R_END_COMPARE))
        return out

    def _winners(self) -> list[int]:
        return list(self.result or ())

    def heuristic_value(self, seat: int) -> float:
        """How well ``seat``'s hotel stands against the other's (for the greedy agent): doorbells,
        the weakest pillar group, pillars, coins and rents, less irritated guests; +-1000 at the end."""
        if self.node[0] == N_END:
            return 1000.0 if seat in self.result else -1000.0
        return self._health(seat) - self._health(1 - seat)

    def _health(self, s: int) -> float:
        pil = self.pillars[s]
        return (8.0 * self.doorbells[s] + 4.0 * min(pil) + sum(pil) + 0.5 * self.coins[s]
                + 0.3 * self.rents(s) - 1.5 * self.irritated_count(s))

    def _end_rule(self) -> str:
        return R_END.section

    def current_rule(self) -> RuleRef:
        """The rule that governs the current node (cited by every rejection)."""
        kind = self.node[0]
        if kind in (N_TARGET, N_PILLAR):
            return effect_rule(self.node[2][5])
        if kind == N_SWAP:
            return groom_rule("false_placer")
        return {N_DISPLAY: R_SETUP, N_WELCOME: R_WELCOME, N_HIRE: R_HIRE, N_SERVE: R_TOUR,
                N_COLLECT: R_COLLECT, N_END: R_END}[kind]

    # ================================================================== views
    def _view(self, perspective):
        from .view import build_view

        return build_view(self, perspective)

    def adjacency_graph(self):
        """networkx.Graph of both hotels; see :func:`.view.adjacency_graph`."""
        from .view import adjacency_graph

        return adjacency_graph(self)

    # ================================================================== text
    def prompt(self) -> str:
        """What the deciding player is asked now ("" at chance and terminal nodes)."""
        kind = self.node[0]
        if kind in (N_DISPLAY, N_END):
            return ""
        p = self.node[1]
        h = self.active
        if kind == N_WELCOME:
            forced = self.fr_row[1 - p]
            rows = self._open_rows(p)
            if forced and rows == [forced]:
                return f"welcome a guest from the {ROW_NAMES[forced]} row ({self._name(1 - p)}'s False Reservation) into a free room of floor {forced}"
            return "welcome a guest: a card of a row goes into a free room of the matching floor"
        if kind == N_HIRE:
            return f"hire grooms (coins: {self.coins[p]}), each once, or start the tour"
        if kind == N_SWAP:
            return (f"the False Placer: {self._name(p)}, swap {self._gname(p, self.node[2])} "
                    f"with one of its adjacent guests (opponent's decision)")
        if kind == N_SERVE:
            r = self.cursor
            tok = " (irritated)" if self.irritated(h, r) else ""
            return f"serve {self._gname(h, r)}{tok} or do not serve"
        if kind == N_COLLECT:
            return f"collect {self.rents(p)} coins of rent, or recover a doorbell"
        op = self.node[2]
        _, what, chooser, letter, concerned, e, i, n = op
        src = self._gname(h, concerned)
        count = f" ({i} of {n})" if n > 1 else ""
        whose = f"{self._name(h)}'s" if chooser != h else "your"
        opp = " — opponent's choice" if chooser != h else ""
        if kind == N_PILLAR:
            return f"{src}: choose a column of {whose} hotel to lose a pillar{count}{opp}"
        verb = {"T": "to irritate", "TS": "to irritate if satisfied", "TT": "to throw a tantrum if irritated"}[letter]
        return f"{src}: choose another guest of {whose} hotel {verb}{count}{opp}"

    def _status_text(self) -> str:
        kind = self.node[0]
        if kind == N_DISPLAY:
            return "Setup — the guest display (chance)"
        if kind == N_END:
            w = self.result
            if not w:
                return f"Game over — shared defeat ({self.end_text})"
            return f"Game over — {self._name(w[0])} wins ({self.end_text})"
        h = self.active
        last = " (last turn)" if self.last_turn else ""
        step = _STEP[kind]
        if kind in (N_SERVE, N_TARGET, N_PILLAR):
            r = self.serving or self.cursor
            step += f", room {r}"
            if kind != N_SERVE:
                side = self.side_of(h, r)
                step += f", {side.name}'s door hanger" if side else ""
        p = self.node[1]
        who = f"{self._name(p)} to act" + (" (opponent's choice)" if p != h else "")
        return f"Turn {self.round}, {self._name(h)}{last}: {step} — {who}"

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people (nothing in this game is hidden)."""
        a = action
        if a.player == CHANCE:
            return f"display {', '.join(map(str, a.args[0]))}" if a.kind == "display" and a.args else str(a)
        who = self._name(a.player)
        k = a.kind
        if k == "welcome" and len(a.args) == 3 and a.args[0] in GUESTS:
            g = GUESTS[a.args[0]]
            side = g.sides[1] if a.args[2] == "b" and g.double else g.sides[0]
            return f"{who}: welcome {side.name} into room {a.args[1]}" + (f" (side {a.args[2]})" if g.double else "")
        if k == "hire" and len(a.args) == 2 and a.args[0] in GROOM_INDEX:
            groom = GROOMS[GROOM_INDEX[a.args[0]]]
            what = {"mason": "pillar back under column", "diplomat": "soothe room", "placer": "swap with room",
                    "false_reservation": "face row", "false_placer": "designate the opponent's room"}[a.args[0]]
            if a.args[1] == 0:  # option grooms="any" (HP-06)
                return f"{who}: hire {groom.name} ({groom.cost}) with nothing to act on"
            return f"{who}: hire {groom.name} ({groom.cost}): {what} {a.args[1]}"
        if k in ("serve", "refuse") and a.args:
            side = self.side_of(self.active, a.args[0]) if isinstance(a.args[0], int) and 1 <= a.args[0] <= 9 else None
            name = side.name if side else f"room {a.args[0]}"
            return f"{who}: {'serve' if k == 'serve' else 'do not serve'} {name}"
        if k == "target" and a.args and isinstance(a.args[0], int) and 1 <= a.args[0] <= 9:
            return f"{who}: choose {self._gname(self.active, a.args[0])}"
        if k == "pillar" and a.args:
            return f"{who}: a pillar of column {a.args[0]}"
        if k == "swap" and a.args and isinstance(a.args[0], int) and 1 <= a.args[0] <= 9:
            return f"{who}: swap with {self._gname(a.player, a.args[0])}"
        if k == "tour":
            return f"{who}: start the tour"
        if k == "rents":
            return f"{who}: collect the rents"
        if k == "doorbell":
            return f"{who}: recover a doorbell"
        return str(a)

    # ================================================================== illegal actions
    _FORMS = {
        "welcome": ("card", "room", "side"), "hire": ("groom", "arg"), "swap": ("room",), "tour": (),
        "serve": ("room",), "refuse": ("room",), "target": ("room",), "pillar": ("column",),
        "rents": (), "doorbell": (),
    }
    _KIND_NODE = {"welcome": N_WELCOME, "hire": N_HIRE, "tour": N_HIRE, "swap": N_SWAP, "serve": N_SERVE,
                  "refuse": N_SERVE, "target": N_TARGET, "pillar": N_PILLAR, "rents": N_COLLECT, "doorbell": N_COLLECT}

    def _check_form(self, a: Action) -> str | None:
        form = self._FORMS.get(a.kind)
        if form is None:
            kinds = sorted({x.kind for x in self.legal_actions()})
            return f"unknown action kind {a.kind!r}; here the kinds are: {', '.join(kinds)}"
        usage = " ".join([a.kind] + [f"<{x}>" for x in form])
        if len(a.args) != len(form):
            return f"'{a.kind}' takes {len(form)} argument(s): {usage}"
        for name, x in zip(form, a.args):
            if name == "side":
                if x not in SIDES:
                    return f"a card's side is 'a' or 'b', got {x!r} ({usage})"
                continue
            if name == "groom":
                if not isinstance(x, str) or x not in GROOM_INDEX:
                    return f"unknown groom {x!r}; the grooms are {', '.join(GROOM_INDEX)} ({usage})"
                continue
            if isinstance(x, bool) or not isinstance(x, int):
                return f"<{name}> must be an integer, got {x!r} ({usage})"
            if name == "room" and not 1 <= x <= 9:
                return f"rooms are numbered 1 to 9, got {x}"
            if name == "column" and not 1 <= x <= 3:
                return f"columns (pillar groups) are numbered 1 to 3, got {x}"
            if name == "card" and x not in GUESTS:
                return f"guest cards are numbered 1 to 36, got {x}"
        return None

    def _explain(self, a: Action) -> str | None:
        kind = self.node[0]
        rule = self.current_rule().section
        if a.player == CHANCE:
            return f"{a}: a chance outcome cannot be applied now: {self.status_text()} — {rule}"
        if not 0 <= a.player < 2:
            return f"{a}: there is no seat {a.player} (seats 0 and 1) — {rule}"
        p = self.node[1]
        if a.player != p:
            extra = ""
            if p != self.active:
                extra = f" — the opponent's choice is {self._name(p)}'s, in the middle of {self._name(self.active)}'s turn"
            return f"{a} is not {self._name(a.player)}'s to play: {self._name(p)} decides now ({self.status_text()}){extra} — {rule}"
        form = self._check_form(a)
        if form is not None:
            return f"{a}: {form} — {rule}"
        want = self._KIND_NODE[a.kind]
        if want != kind:
            return f"{a}: not now — {self.status_text()}; {self.prompt()} — {rule}"
        if kind == N_WELCOME:
            return self._explain_welcome(a)
        if kind == N_HIRE:
            return self._explain_hire(a)
        h = self.active
        if kind == N_SERVE:
            return (f"{a}: the groom is in front of room {self.cursor}; the tour goes from room 1 to 9 and "
                    f"never goes back — {R_TOUR.section}")
        if kind == N_TARGET:
            op = self.node[2]
            room = a.args[0]
            if room == op[4]:
                return f"{a}: the effect concerns another guest than {self._gname(h, room)} itself — {rule}"
            return f"{a}: room {room} of {self._name(h)}'s hotel is empty; choose one of {', '.join(str(x.args[0]) for x in self.legal_actions())} — {rule}"
        if kind == N_PILLAR:
            return f"{a}: column {a.args[0]} has no pillar left — {rule}"
        if kind == N_SWAP:
            return (f"{a}: the designated guest swaps with a guest orthogonally adjacent to it (room "
                    f"{self.node[2]}): one of {', '.join(str(x.args[0]) for x in self.legal_actions())} — {rule}")
        if kind == N_COLLECT and a.kind == "doorbell":
            return f"{a}: the Hall already holds {MAX_BELLS} doorbells — {R_RECOVER.section}"
        return None

    def _explain_welcome(self, a: Action) -> str:
        p = a.player
        card, room, side = a.args
        sec = R_WELCOME.section
        row = next((i + 1 for i, cards in enumerate(self.display) if card in cards), None)
        g = GUESTS[card]
        if row is None:
            return f"{a}: {g.sides[0].name} (card {card}) is not in the display — {sec}"
        floor = FLOOR[room]
        if not self._free(p, row):
            return (f"{a}: no free room on floor {row}, so the {ROW_NAMES[row]} row is closed — "
                    f"{R_ROW_CLOSED.section}")
        forced = self.fr_row[1 - p]
        if forced and forced != row and forced in self._open_rows(p):
            return (f"{a}: {self._name(1 - p)}'s False Reservation faces the {ROW_NAMES[forced]} row: "
                    f"{self._name(p)} must welcome a guest from it — {groom_rule('false_reservation').section}")
        if floor != row:
            return (f"{a}: a guest from the {ROW_NAMES[row]} row goes on floor {row}; room {room} is on floor "
                    f"{floor} — {sec}")
        if self.guests[p][room]:
            return f"{a}: room {room} is taken by {self._gname(p, room)} — {sec}"
        if side == "b" and not g.double:
            return f"{a}: {g.sides[0].name} is single-sided: side a only — {R_DOUBLE.section}"
        return f"{a}: not a legal welcome now — {sec}"

    def _explain_hire(self, a: Action) -> str:
        p = a.player
        gid, arg = a.args
        i = GROOM_INDEX[gid]
        groom = GROOMS[i]
        rule = groom_rule(gid).section
        if self.hired[p] >> i & 1:
            return f"{a}: {groom.name} is already hired this turn; each Groom can only be hired once per turn — {R_HIRE.section}"
        if groom.cost > self.coins[p]:
            return (f"{a}: {groom.name} costs {groom.cost} coins and {self._name(p)} has {self.coins[p]}; "
                    f"a groom that cannot be paid in full cannot be hired — {R_PAY.section}")
        if isinstance(arg, bool) or not isinstance(arg, int):
            return f"{a}: the argument of 'hire {gid}' is a number — {rule}"
        if arg == 0:
            if gid == "false_reservation":
                return f"{a}: the False Reservation must face a row (1 to 3) — {rule}"
            if self.game.options["grooms"] != "any":
                return (f"{a}: the argument 0 (hired for nothing to act on) needs the option "
                        f"grooms='any' (ruling HP-06) — {rule}")
            return (f"{a}: {groom.name}'s effect has something to act on, so 'hire {gid} 0' is not "
                    f"offered: name its target (ruling HP-06) — {rule}")
        o = 1 - p
        if gid == "mason":
            if not 1 <= arg <= 3:
                return f"{a}: columns are numbered 1 to 3 — {rule}"
            return f"{a}: the pillar group under column {arg} is full ({PILLARS} pillars) — {rule}"
        if gid == "diplomat":
            return f"{a}: room {arg} holds no irritated guest of {self._name(p)}'s — {rule}"
        if gid == "placer":
            if not self.welcomed:
                return f"{a}: no guest was welcomed this turn — {rule}"
            if arg == self.welcomed:
                return (f"{a}: room {arg} holds {self._gname(p, arg)}, the guest welcomed this turn itself; "
                        f"it swaps with one of the guests orthogonally adjacent to it — {rule}")
            return (f"{a}: room {arg} holds no guest orthogonally adjacent to {self._gname(p, self.welcomed)}, "
                    f"the guest welcomed this turn — {rule}")
        if gid == "false_reservation":
            if not 1 <= arg <= 3:
                return f"{a}: the rows are 1 (lowest) to 3 (highest) — {rule}"
            if not self._row_has_card(arg):
                return (f"{a}: the {ROW_NAMES[arg]} row has no guest card left; the tile faces a row of "
                        f"available Guests — {rule}")
            return (f"{a}: the chosen row must correspond to a floor having at least one empty room in the "
                    f"opposing Hotel: floor {arg} of {self._name(o)}'s hotel is full — {rule}")
        if not 1 <= arg <= 9 or not self.guests[o][arg]:
            return f"{a}: room {arg} of {self._name(o)}'s hotel holds no guest — {rule}"
        if not self.tokens[o] >> arg & 1:
            return f"{a}: {self._gname(o, arg)} is not irritated; the False Placer designates an irritated customer — {rule}"
        return f"{a}: {self._gname(o, arg)} has no orthogonally adjacent guest to swap with — {rule}"
