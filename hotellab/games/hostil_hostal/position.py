"""Hostil Hostal's declared positions: write a state as a table in the rulebook's words, read
one back (every field checked), and re-deal what a seat cannot see.

A position (TOML; JSON alike)::

    night = 1                      # the night marker (1..nights)
    round = 2                      # the Night's round (0 before the first Night)
    first_player = "blue"          # who holds the first player marker
    cards_revealed = false         # true from Dawn's Reveal until End of day
    misfortune_die = 4             # the last misfortune roll of this Dawn (omitted: none yet)
    reform_deck = [2, 3, 4, 5]     # reform boards, top first
    passed = ["red"]               # players who passed in this round of the Night

    [[rooms]]                      # in the Inn's order: floor 1 left to right, then floor 2
    board = 1                      # room board 1-5
    side = "A"                     # omitted while setup has not chosen it
    wear = 6                       # the wear die (omitted before setup rolls it)
    reform = { board = 1, side = "a" }      # omitted: no reform
    beds = [["blue"], [], ["red", "orange sedated"], [], []]   # guests on each bed
    cards = [{ colour = "red", number = 3 }]                  # played cards (face down
                                                              # until cards_revealed)
    [[seats]]                      # seat order; the automata (2 players) is the third colour
    colour = "blue"
    rest = 15                      # points on the slumber (rest) track
    guests_in_supply = 3
    guests_in_lobby = 0
    hand = [1, 2, 3, 12]
    deck = [4, 5, 6, 7, 8, 9, 10, 11]       # top first
    discard = []
    spied = { red = [3] }          # cards of other colours this seat has seen (Spy)
    breakdown = { Start = 15 }     # where the rest points come from (sums to rest)

    [next]                         # whose decision is next, or which chance outcome
    kind = "turn"                  # a node kind of rules.py (see NEXT_FIELDS below)
    seat = "blue"

``[next]`` carries what the pending step needs: ``shuffle`` ("rooms", "reforms" or "deck"
with ``colour``) for a setup shuffle, ``colour`` for a Dusk reshuffle, ``moving`` (the
guest lifted by Move a guest), ``removed`` (the guest thrown out by Grrr), ``resolving``
and ``queue`` (the Dawn's card being resolved and the cards after it, each ``{number, room,
colour}``), ``rolls`` (the guests still to roll for #10 / #11), ``rolloff`` (the two
players of the Grrr roll-off), ``options`` (the automata's tied choices), ``room`` (the
misfortune die's room with ``misfortune = "per_room"``, or the automata's room), ``reform``
(the reform drawn for a room). The Automata phase's drawn cards are ``automata_cards``.
Errors are :class:`~hotellab.core.errors.PositionError` naming the field and the rule.
"""

from __future__ import annotations

import random
from collections import Counter

from ...core.actions import Action, parse_action
from ...core.errors import PositionError
from ...core.position import check_partition, check_range, check_unknown, field
import hotellab.games.hostil_hostal.components as C
from .rules import (
    N_AUTOBED, N_AUTOROOM, N_CARD, N_END, N_FORCED_GRRR, N_MISFORTUNE, N_MOVETO, N_PICK, N_REFORM, N_RELOCATE,
    N_RESHUFFLE, N_ROLL, N_ROLLOFF, N_SETUP_SHUFFLE, N_SIDE, N_SIDE_CHOICE, N_TURN, N_WEAR, NODE_KINDS,
    R_2P_DAMAGE, R_2P_PHASE, R_END_DAY, R_FIRST, R_MISFORTUNE, R_NIGHTS, R_PHASE_DAWN, R_PHASE_NIGHT, R_PLACE,
    R_REFORM, R_REFORM_DECK, R_REVEAL, R_SETUP,
    R_SETUP_DECKS, R_SETUP_ROOMS, R_SETUP_SIDES, R_SETUP_WEAR, R_START, card_rule,
)

STAGE_OF = {
    N_SETUP_SHUFFLE: "setup", N_SIDE: "setup", N_SIDE_CHOICE: "setup", N_WEAR: "setup", N_RESHUFFLE: "dusk",
    N_TURN: "night", N_MOVETO: "night", N_AUTOROOM: "night", N_AUTOBED: "night", N_CARD: "resolve",
    N_RELOCATE: "resolve", N_FORCED_GRRR: "resolve", N_ROLL: "resolve", N_ROLLOFF: "resolve", N_PICK: "resolve",
    N_MISFORTUNE: "resolve", N_REFORM: "reform", N_END: "end",
}
"""The engine's stage at each node kind (a position names the node; the stage follows)."""

NEXT_FIELDS = {
    N_SETUP_SHUFFLE: ("shuffle", "colour"), N_SIDE: (), N_SIDE_CHOICE: ("seat",), N_WEAR: (),
    N_RESHUFFLE: ("colour",), N_TURN: ("seat",), N_MOVETO: ("seat", "moving"), N_AUTOROOM: ("seat",),
    N_AUTOBED: ("seat", "room"), N_CARD: ("seat",), N_RELOCATE: ("seat", "removed"), N_FORCED_GRRR: ("seat",),
    N_ROLL: ("rolls",), N_ROLLOFF: ("rolloff",), N_PICK: ("options", "removed"), N_MISFORTUNE: ("room",),
    N_REFORM: ("seat", "reform"), N_END: (),
}
"""The fields of ``[next]`` for each node kind (besides ``kind``; Dawn nodes add
``resolving`` and ``queue``)."""

_DAWN = frozenset({N_CARD, N_RELOCATE, N_FORCED_GRRR, N_ROLL, N_ROLLOFF, N_PICK})
_SEATED = frozenset({N_SIDE_CHOICE, N_TURN, N_MOVETO, N_AUTOROOM, N_AUTOBED, N_CARD, N_RELOCATE, N_FORCED_GRRR,
                     N_REFORM})


def _guest_text(g: int) -> str:
    return C.COLOURS[g >> 1] + (" sedated" if g & 1 else "")


def _card_table(s, cid: int) -> dict:
    return {"colour": C.COLOURS[cid >> 4], "number": cid & 15}


def _item_table(s, item) -> dict:
    number, pos, cid = item
    t = {"number": number, "room": s.boards[pos]}
    if cid is not None:
        t["colour"] = C.COLOURS[cid >> 4]
    return t


# ================================================================== writing
def to_position(s) -> dict:
    """The declared position of state ``s`` (see the module doc)."""
    g = s.game
    out: dict = {
        "night": s.night,
        "round": s.round,
        "first_player": C.COLOURS[s.first],
        "cards_revealed": s.revealed,
    }
    if s.misfortune is not None:
        out["misfortune_die"] = s.misfortune
    out["reform_deck"] = list(s.reform_deck)
    out["passed"] = [C.COLOURS[p] for p in sorted(s.passed)]
    rooms = []
    for pos, board in enumerate(s.boards or ()):
        room: dict = {"board": board}
        if s.sides and pos < len(s.sides):
            room["side"] = s.sides[pos]
        if s.wear[pos] is not None:
            room["wear"] = s.wear[pos]
        if s.reform[pos] is not None:
            room["reform"] = {"board": s.reform[pos][0], "side": s.reform[pos][1]}
        if s.layouts is not None:
            room["beds"] = [[_guest_text(x) for x in gs] for gs in s.beds[pos]]
        room["cards"] = [_card_table(s, c) for c in s.cards[pos]]
        rooms.append(room)
    out["rooms"] = rooms
    seats = []
    for p in range(g.num_seats):
        spied: dict = {}
        for c in sorted(s.known[p]):
            spied.setdefault(C.COLOURS[c >> 4], []).append(c & 15)
        breakdown: dict = {}
        for (seat, cat), pts in s.ledger.items():
            if seat == p:
                breakdown[cat] = pts
        seats.append({
            "colour": C.COLOURS[p],
            "rest": s.score[p],
            "guests_in_supply": s.supply[p],
            "guests_in_lobby": s.lobby[p],
            "hand": list(s.hands[p]),
            "deck": list(s.decks[p]),
            "discard": list(s.discards[p]),
            "spied": spied,
            "breakdown": breakdown,
        })
    out["seats"] = seats
    if s.auto_cards:
        out["automata_cards"] = [
            {"drawn_by": C.COLOURS[seat], "number": c, **({"room": s.boards[q]} if q is not None else {})}
            for seat, c, q in s.auto_cards
        ]
    out["next"] = _next_table(s)
    return out


def _next_table(s) -> dict:
    kind = s.node[0]
    nxt: dict = {"kind": kind}
    if kind in _SEATED:
        nxt["seat"] = C.COLOURS[s.node[1]]
    if kind == N_SETUP_SHUFFLE:
        what = s.node[1]
        if what.startswith("deck"):
            nxt["shuffle"] = "deck"
            nxt["colour"] = C.COLOURS[int(what[4:])]
        else:
            nxt["shuffle"] = what
    elif kind == N_RESHUFFLE:
        nxt["colour"] = C.COLOURS[int(s.node[1][4:])]
    elif kind == N_MOVETO:
        _, pos, bed, seat = s.ctx
        nxt["moving"] = {"colour": C.COLOURS[seat], "room": s.boards[pos], "bed": bed}
    elif kind == N_AUTOBED:
        nxt["room"] = s.boards[s.node[2]]
    elif kind == N_MISFORTUNE and s.node[1] is not None:
        nxt["room"] = s.boards[s.node[1]]
    elif kind == N_REFORM:
        nxt["reform"] = {"room": s.boards[s.ctx[1]], "board": s.ctx[2]}
    ctx = s.ctx
    if kind == N_PICK:
        nxt["options"] = [str(a) for a in ctx[1]]
        ctx = ctx[2]
    if kind in (N_RELOCATE, N_PICK) and ctx is not None and ctx[0] == "relocate":
        _, seat, pos, bed = ctx
        nxt["removed"] = {"colour": C.COLOURS[seat], "room": s.boards[pos], "bed": bed}
    if kind == N_ROLL:
        _, what, pos, guests = ctx
        nxt["rolls"] = {"card": 10 if what == "flea" else 11, "room": s.boards[pos],
                        "guests": [_guest_text(x) for x in guests]}
    if kind == N_ROLLOFF:
        nxt["rolloff"] = [C.COLOURS[x] for x in ctx[1]]
    if kind in _DAWN:
        nxt["resolving"] = _item_table(s, s.item)
    if kind in _DAWN or kind == N_MISFORTUNE:
        nxt["queue"] = [_item_table(s, it) for it in s.queue]
    return nxt


# ================================================================== reading
class _Reader:
    """Reads one position table into a fresh state, checking every field."""

    def __init__(self, game, table: dict):
        self.g = game
        self.t = table
        self.n = game.num_seats
        self.colour_of = {C.COLOURS[p]: p for p in range(self.n)}

    def err(self, msg: str, path: str, rule=None):
        return PositionError(msg, field=path, rule=rule)

    def seat(self, value, path: str, *, players_only: bool = False, rule=None) -> int:
        if not isinstance(value, str) or value not in self.colour_of:
            names = ", ".join(repr(c) for c in C.COLOURS[:self.n])
            raise self.err(f"must be a seat's colour ({names}), got {value!r}", path, rule)
        p = self.colour_of[value]
        if players_only and self.g.is_automata(p):
            raise self.err(f"{value!r} is the automata, which is not a player here", path, rule)
        return p

    def board(self, value, path: str, s) -> int:
        check_range(value, 1, 5, path, rule=R_SETUP_ROOMS)
        if s.pos_of is None or value not in s.pos_of:
            raise self.err(f"room {value} is not in play", path, R_SETUP_ROOMS)
        return s.pos_of[value]

    def ints(self, value, lo: int, hi: int, path: str, rule=None) -> tuple:
        if not isinstance(value, list):
            raise self.err(f"must be a list of whole numbers, got {value!r}", path, rule)
        for i, x in enumerate(value):
            check_range(x, lo, hi, f"{path}[{i}]", rule=rule)
        return tuple(value)

    def guest(self, value, path: str) -> int:
        if not isinstance(value, str):
            raise self.err(f"a guest is a colour, optionally followed by ' sedated', got {value!r}", path, R_SETUP)
        colour, _, mark = value.partition(" ")
        if mark not in ("", "sedated"):
            raise self.err(f"a guest is a colour, optionally followed by ' sedated', got {value!r}", path, R_SETUP)
        return self.seat(colour, path) * 2 + (1 if mark else 0)

    def read(self):
        g, t = self.g, self.t
        check_unknown(t, ("night", "round", "first_player", "cards_revealed", "misfortune_die", "reform_deck",
                          "passed", "rooms", "seats", "automata_cards", "next"))
        s = g.state_class.initial(g)
        nxt = field(t, "next", dict)
        kind = field(nxt, "kind", str, "next")
        if kind not in NODE_KINDS:
            raise self.err(f"unknown node kind {kind!r}; kinds: {', '.join(NODE_KINDS)}", "next.kind")
        s.stage = STAGE_OF[kind]
        s.night = check_range(field(t, "night", int), 1, g.options["nights"], "night", rule=R_NIGHTS)
        s.round = check_range(field(t, "round", int, default=0), 0, 10_000, "round")
        s.first = self.seat(field(t, "first_player", str), "first_player", players_only=True, rule=R_FIRST)
        s.revealed = field(t, "cards_revealed", bool, default=False)
        if "misfortune_die" in t:
            faces = C.dice()["misfortune"]
            s.misfortune = check_range(t["misfortune_die"], min(faces), max(faces), "misfortune_die",
                                       rule=R_MISFORTUNE)
        s.reform_deck = self.ints(field(t, "reform_deck", list, default=[]), 1, 5, "reform_deck", R_REFORM_DECK)
        passed = field(t, "passed", list, default=[])
        s.passed = frozenset(self.seat(x, f"passed[{i}]", players_only=True) for i, x in enumerate(passed))
        self.read_rooms(s, kind)
        self.read_seats(s, kind)
        self.read_automata_cards(s, kind)
        self.read_next(s, kind, nxt)
        self.check_components(s, kind)
        s._own = (1 << 11) - 1
        s._ledger_own = True
        return s

    # -- rooms ----------------------------------------------------------------------
    def read_rooms(self, s, kind) -> None:
        g = self.g
        R = len(C.POSITIONS[g.num_players])
        rooms = field(self.t, "rooms", list, default=[])
        if kind == N_SETUP_SHUFFLE and field(self.t["next"], "shuffle", str, "next", default="") == "rooms":
            if rooms:
                raise self.err("must be empty while the rooms are still to be chosen", "rooms", R_SETUP_ROOMS)
            return
        if len(rooms) != R:
            raise self.err(f"{g.num_players} players play with {R} rooms, got {len(rooms)}", "rooms", R_SETUP_ROOMS)
        boards, sides, wear, reform, beds, cards = [], [], [], [], [], []
        for i, room in enumerate(rooms):
            where = f"rooms[{i}]"
            if not isinstance(room, dict):
                raise self.err("must be a table", where)
            check_unknown(room, ("board", "side", "wear", "reform", "beds", "cards"), where)
            boards.append(check_range(field(room, "board", int, where), 1, 5, f"{where}.board", rule=R_SETUP_ROOMS))
            if "side" in room:
                if room["side"] not in ("A", "B"):
                    raise self.err(f"must be 'A' or 'B', got {room['side']!r}", f"{where}.side", R_SETUP_SIDES)
                sides.append(room["side"])
            if "wear" in room:
                faces = C.dice()["wear"]
                wear.append(check_range(room["wear"], min(faces), C.MAX_WEAR, f"{where}.wear", rule=R_SETUP_WEAR))
            else:
                wear.append(None)
            ref = field(room, "reform", dict, where, default=None)
            if ref is not None:
                check_unknown(ref, ("board", "side"), f"{where}.reform")
                rid = check_range(field(ref, "board", int, f"{where}.reform"), 1, 5, f"{where}.reform.board",
                                  rule=R_REFORM)
                side = field(ref, "side", str, f"{where}.reform")
                if side not in ("a", "b"):
                    raise self.err(f"must be 'a' or 'b', got {side!r}", f"{where}.reform.side", R_REFORM)
                reform.append((rid, side))
            else:
                reform.append(None)
            beds.append(field(room, "beds", list, where, default=None))
            cards.append(field(room, "cards", list, where, default=[]))
        if len(set(boards)) != len(boards):
            raise self.err(f"a room board is used twice: {boards}", "rooms", R_SETUP_ROOMS)
        # sides: a prefix of the rooms while setup flips or chooses them, else every room
        k = len(sides)
        if any("side" in r for r in rooms[k:]):
            raise self.err("setup sets the rooms' sides in room order", "rooms", R_SETUP_SIDES)
        s.boards = tuple(boards)
        s.pos_of = {b: i for i, b in enumerate(boards)}
        setup_sides = kind in (N_SIDE, N_SIDE_CHOICE)
        if setup_sides:
            if len(sides) >= R:
                raise self.err("the next side to choose is for a room without one", "rooms", R_SETUP_SIDES)
            want = "random" if kind == N_SIDE else "choose"
            if g.options["sides"] != want:
                raise self.err(f"node {kind!r} needs the option sides={want!r}", "next.kind", R_SETUP_SIDES)
            s.sides = tuple(sides)
        else:
            if len(sides) != R:
                raise self.err("is missing: every room has a side after setup's first step",
                               f"rooms[{len(sides)}].side", R_SETUP_SIDES)
            if g.options["sides"] in ("A", "B") and any(x != g.options["sides"] for x in sides):
                raise self.err(f"the option sides={g.options['sides']!r} puts every room on that side",
                               "rooms", R_SETUP_SIDES)
            s._set_sides(tuple(sides))
        rolled = [w for w in wear if w is not None]
        if kind in (N_SIDE, N_SIDE_CHOICE, N_WEAR):
            if wear[:len(rolled)] != rolled or (kind == N_WEAR and len(rolled) >= R) or (kind != N_WEAR and rolled):
                raise self.err("the wear dice are rolled in room order, once the sides are chosen", "rooms",
                               R_SETUP_WEAR)
        elif len(rolled) != R:
            raise self.err("is missing: every room has a wear die after setup", f"rooms[{wear.index(None)}].wear",
                           R_SETUP_WEAR)
        s.wear = list(wear)
        s.reform = list(reform)
        room_beds = []
        for i, bl in enumerate(beds):
            where = f"rooms[{i}].beds"
            if s.layouts is None:
                if bl not in (None, []) and any(bl):
                    raise self.err("no guest can be in a room before its side is chosen", where, R_SETUP_SIDES)
                room_beds.append(())
                continue
            nb = len(s.layouts[i].beds)
            if bl is None:
                bl = [[] for _ in range(nb)]
            if not isinstance(bl, list) or len(bl) != nb:
                raise self.err(f"room {boards[i]}{sides[i]} has {nb} beds: give a list of {nb} lists of guests",
                               where, R_SETUP)
            room = []
            for b, gs in enumerate(bl):
                if not isinstance(gs, list):
                    raise self.err(f"must be a list of guests, got {gs!r}", f"{where}[{b}]")
                if len(gs) > 2:
                    raise self.err("a bed holds one guest, two only after 2x1", f"{where}[{b}]", card_rule(2))
                room.append(tuple(self.guest(x, f"{where}[{b}][{j}]") for j, x in enumerate(gs)))
            room_beds.append(tuple(room))
        if s.layouts is not None:
            s.beds = room_beds
        s.cards = []
        for i, cl in enumerate(cards):
            where = f"rooms[{i}].cards"
            room = []
            for j, c in enumerate(cl):
                if not isinstance(c, dict):
                    raise self.err("a card is a table {colour, number}", f"{where}[{j}]")
                check_unknown(c, ("colour", "number"), f"{where}[{j}]")
                p = self.seat(field(c, "colour", str, f"{where}[{j}]"), f"{where}[{j}].colour", rule=R_SETUP)
                number = check_range(field(c, "number", int, f"{where}[{j}]"), 1, 12, f"{where}[{j}].number",
                                     rule=R_SETUP)
                room.append(p * 16 + number)
            s.cards.append(tuple(room))

    # -- seats ----------------------------------------------------------------------
    def read_seats(self, s, kind) -> None:
        seats = field(self.t, "seats", list)
        if len(seats) != self.n:
            raise self.err(f"this game has {self.n} seats, got {len(seats)}", "seats", R_SETUP)
        s.score, s.supply, s.lobby, s.hands, s.decks, s.discards, s.known = [], [], [], [], [], [], []
        s.ledger = {}
        allowed_cats = {"Start", "Rest", "Spy", "Misfortune die"} | {s._card_name(n) for n in range(1, 13)}
        for p, seat in enumerate(seats):
            where = f"seats[{p}]"
            if not isinstance(seat, dict):
                raise self.err("must be a table", where)
            check_unknown(seat, ("colour", "rest", "guests_in_supply", "guests_in_lobby", "hand", "deck", "discard",
                                 "spied", "breakdown"), where)
            colour = field(seat, "colour", str, where, default=C.COLOURS[p])
            if colour != C.COLOURS[p]:
                raise self.err(f"seat {p} plays {C.COLOURS[p]!r} (seat order), got {colour!r}", f"{where}.colour",
                               R_SETUP)
            rest = field(seat, "rest", int, where, rule=R_START)  # any whole number: the track has no bound (HH-35)
            s.score.append(rest)
            s.supply.append(check_range(field(seat, "guests_in_supply", int, where), 0, C.GUESTS_PER_PLAYER,
                                        f"{where}.guests_in_supply", rule=R_SETUP))
            s.lobby.append(check_range(field(seat, "guests_in_lobby", int, where), 0, C.GUESTS_PER_PLAYER,
                                       f"{where}.guests_in_lobby", rule=R_SETUP))
            s.hands.append(self.ints(field(seat, "hand", list, where), 1, 12, f"{where}.hand", R_SETUP_DECKS))
            s.decks.append(self.ints(field(seat, "deck", list, where), 1, 12, f"{where}.deck", R_SETUP_DECKS))
            s.discards.append(self.ints(field(seat, "discard", list, where), 1, 12, f"{where}.discard", R_SETUP_DECKS))
            known = set()
            spied = field(seat, "spied", dict, where, default={})
            for colour2, numbers in spied.items():
                q = self.seat(colour2, f"{where}.spied.{colour2}")
                if q == p:
                    raise self.err("a seat always sees its own cards; list other colours only",
                                   f"{where}.spied.{colour2}")
                for x in self.ints(numbers, 1, 12, f"{where}.spied.{colour2}"):
                    known.add(q * 16 + x)
            s.known.append(frozenset(known))
            breakdown = field(seat, "breakdown", dict, where, default={"Start": rest})
            for cat, pts in breakdown.items():
                if cat not in allowed_cats:
                    raise self.err(f"unknown score category; categories: {', '.join(sorted(allowed_cats))}",
                                   f"{where}.breakdown.{cat}")
                if isinstance(pts, bool) or not isinstance(pts, int):
                    raise self.err(f"must be a whole number, got {pts!r}", f"{where}.breakdown.{cat}")
                s.ledger[(p, cat)] = pts
            if "Start" not in breakdown:
                raise self.err("is missing (the 15 points every seat starts with)", f"{where}.breakdown.Start",
                               R_START)
            if sum(breakdown.values()) != rest:
                raise self.err(f"the breakdown sums to {sum(breakdown.values())}, not to rest = {rest}",
                               f"{where}.breakdown", R_START)

    def read_automata_cards(self, s, kind) -> None:
        lst = field(self.t, "automata_cards", list, default=[])
        if lst and kind not in (N_AUTOROOM, N_AUTOBED):
            raise self.err("automata cards are drawn only during the Automata phase", "automata_cards", R_2P_PHASE)
        out = []
        order = s._order()
        for i, c in enumerate(lst):
            where = f"automata_cards[{i}]"
            if not isinstance(c, dict):
                raise self.err("must be a table {drawn_by, number, room}", where)
            check_unknown(c, ("drawn_by", "number", "room"), where)
            seat = self.seat(field(c, "drawn_by", str, where), f"{where}.drawn_by", players_only=True, rule=R_2P_PHASE)
            if i >= len(order) or seat != order[i]:
                raise self.err("the players draw in turn order from the first player", f"{where}.drawn_by",
                               R_2P_PHASE)
            number = check_range(field(c, "number", int, where), 1, 12, f"{where}.number", rule=R_SETUP)
            pos = self.board(c["room"], f"{where}.room", s) if "room" in c else None
            out.append((seat, number, pos))
        s.auto_cards = tuple(out)

    # -- next -----------------------------------------------------------------------
    def read_next(self, s, kind, nxt) -> None:
        g = self.g
        allowed = set(NEXT_FIELDS[kind]) | {"kind"}
        if kind in _DAWN:
            allowed |= {"resolving", "queue"}
        if kind == N_MISFORTUNE:
            allowed.add("queue")
        check_unknown(nxt, allowed, "next")
        seat = None
        if kind in _SEATED:
            seat = self.seat(field(nxt, "seat", str, "next"), "next.seat", players_only=True)
        n = g.num_players
        if kind == N_SETUP_SHUFFLE:
            what = field(nxt, "shuffle", str, "next", rule=R_SETUP_DECKS)
            if what == "deck":
                k = self.seat(field(nxt, "colour", str, "next"), "next.colour")
                s.node = (kind, f"deck{k}")
                s.cursor = k
            elif what in ("rooms", "reforms"):
                s.node = (kind, what)
                s.cursor = self.n if what == "reforms" else 0
            else:
                raise self.err(f"must be 'rooms', 'deck' or 'reforms', got {what!r}", "next.shuffle", R_SETUP)
        elif kind == N_RESHUFFLE:
            k = self.seat(field(nxt, "colour", str, "next"), "next.colour")
            s.node = (kind, f"deck{k}")
            s.cursor = k
        elif kind in (N_SIDE, N_SIDE_CHOICE):
            s.cursor = len(s.sides)
            s.node = (kind,) if kind == N_SIDE else (kind, seat)
        elif kind == N_WEAR:
            s.cursor = sum(1 for w in s.wear if w is not None)
            s.node = (kind,)
        elif kind in (N_TURN, N_MOVETO):
            if kind == N_TURN and seat in s.passed:
                raise self.err("a player who passed this round does not act again in it", "next.seat")
            s.turn = (seat - s.first) % n
            order = s._order()
            s.all_passed = kind == N_TURN and all(q in s.passed for q in order[:s.turn])
            s.node = (kind, seat)
            if s.round < 1:
                raise self.err("the Night's rounds start at 1", "round")
            if kind == N_MOVETO:
                m = field(nxt, "moving", dict, "next")
                check_unknown(m, ("colour", "room", "bed"), "next.moving")
                mseat = self.seat(field(m, "colour", str, "next.moving"), "next.moving.colour")
                pos = self.board(field(m, "room", int, "next.moving"), "next.moving.room", s)
                bed = check_range(field(m, "bed", int, "next.moving"), 0, len(s.layouts[pos].beds) - 1,
                                  "next.moving.bed")
                if mseat != seat and mseat != g.automata_seat:
                    raise self.err("a player moves her own guest (or, with 2 players, the automata's)",
                                   "next.moving.colour")
                s.ctx = ("move", pos, bed, mseat)
        elif kind in (N_AUTOROOM, N_AUTOBED):
            if g.automata_seat is None:
                raise self.err("the Automata phase is played with 2 players only", "next.kind", R_2P_PHASE)
            s.turn = n
            s.all_passed = False
            if kind == N_AUTOROOM:
                if not s.auto_cards or s.auto_cards[-1][0] != seat or s.auto_cards[-1][2] is not None or any(
                        q is None for _, _, q in s.auto_cards[:-1]):
                    raise self.err("the deciding player holds the last drawn automata card, not yet on a room",
                                   "automata_cards", R_2P_PHASE)
                s.node = (kind, seat)
            else:
                pos = self.board(field(nxt, "room", int, "next"), "next.room", s)
                if len(s.auto_cards) != n or any(q is None for _, _, q in s.auto_cards):
                    raise self.err("both players' automata cards are on rooms before the reveal", "automata_cards",
                                   R_2P_PHASE)
                win = max(s.auto_cards, key=lambda t: t[1])
                if (win[0], win[2]) != (seat, pos):
                    raise self.err("the player with the highest card places the guest in the room she selected",
                                   "next", R_2P_PHASE)
                s.node = (kind, seat, pos)
        elif kind == N_MISFORTUNE:
            if g.options["misfortune"] == "fixed":
                raise self.err("there is no misfortune roll with misfortune='fixed'", "next.kind")
            if g.options["misfortune"] == "per_room":
                s.node = (kind, self.board(field(nxt, "room", int, "next"), "next.room", s))
            else:
                if "room" in nxt:
                    raise self.err("one roll serves every room with misfortune='die'", "next.room")
                s.node = (kind, None)
        elif kind == N_REFORM:
            r = field(nxt, "reform", dict, "next")
            check_unknown(r, ("room", "board"), "next.reform")
            pos = self.board(field(r, "room", int, "next.reform"), "next.reform.room", s)
            rid = check_range(field(r, "board", int, "next.reform"), 1, 5, "next.reform.board", rule=R_REFORM)
            s.ctx = ("reform", pos, rid)
            s.cursor = pos + 1
            s.node = (kind, seat)
        elif kind == N_END:
            if s.night != g.options["nights"]:
                raise self.err(f"the game ends after the last night ({g.options['nights']})", "night")
            s.node = (kind,)
        if kind in _DAWN or kind == N_MISFORTUNE:
            self.read_dawn(s, kind, nxt, seat)

    def item(self, t, path: str, s):
        if not isinstance(t, dict):
            raise self.err("must be a table {number, room, colour}", path)
        check_unknown(t, ("number", "room", "colour"), path)
        number = check_range(field(t, "number", int, path), 1, 12, f"{path}.number")
        pos = self.board(field(t, "room", int, path), f"{path}.room", s)
        if number == C.TOOLS:
            if "colour" in t:
                raise self.err("all Mr. Tools of a room resolve together: no colour", f"{path}.colour", card_rule(12))
            cid = None
        else:
            cid = self.seat(field(t, "colour", str, path), f"{path}.colour") * 16 + number
            if cid not in s.cards[pos]:
                raise self.err("that card is not in that room", path, R_REVEAL)
        return (number, pos, cid)

    def read_dawn(self, s, kind, nxt, seat) -> None:
        if not s.revealed:
            raise self.err("the cards are revealed at Dawn", "cards_revealed", R_REVEAL)
        queue = field(nxt, "queue", list, "next", default=[])
        s.queue = tuple(self.item(x, f"next.queue[{i}]", s) for i, x in enumerate(queue))
        if kind == N_MISFORTUNE:
            if s.queue:
                raise self.err("every card is resolved before the misfortune die", "next.queue", R_PHASE_DAWN)
            return
        s.node = (kind, seat) if seat is not None else (kind,)
        s.item = self.item(field(nxt, "resolving", dict, "next"), "next.resolving", s)
        number, pos, cid = s.item
        if cid is None:
            raise self.err("Mr. Tools resolves without a decision", "next.resolving", card_rule(12))
        owner = cid >> 4
        if kind == N_CARD and seat != owner:
            raise self.err("the owner of the card decides", "next.seat", card_rule(number))
        if kind in (N_RELOCATE, N_FORCED_GRRR, N_ROLLOFF, N_PICK) and number != 3 and kind != N_PICK:
            raise self.err(f"node {kind!r} belongs to #3 Grrr", "next.resolving.number", card_rule(3))
        if kind in (N_FORCED_GRRR, N_ROLLOFF) and not self.g.is_automata(owner):
            raise self.err(f"node {kind!r} resolves an automata card", "next.resolving.colour")
        removed = None
        if "removed" in nxt:
            r = nxt["removed"]
            if not isinstance(r, dict):
                raise self.err("must be a table {colour, room, bed}", "next.removed")
            check_unknown(r, ("colour", "room", "bed"), "next.removed")
            rseat = self.seat(field(r, "colour", str, "next.removed"), "next.removed.colour")
            rpos = self.board(field(r, "room", int, "next.removed"), "next.removed.room", s)
            bed = check_range(field(r, "bed", int, "next.removed"), 0, len(s.layouts[rpos].beds) - 1,
                              "next.removed.bed")
            if rpos != pos:
                raise self.err("Grrr removes a guest from the room of the card", "next.removed.room", card_rule(3))
            removed = ("relocate", rseat, rpos, bed)
        if kind == N_PICK and not self.g.is_automata(owner) and (removed is None
                                                               or not self.g.is_automata(removed[1])):
            # the automata's tie is settled by a die when it resolves its own card, or when
            # another player's #3 Grrr threw out its guest and it chooses where it goes
            raise self.err(f"node {kind!r} settles the automata's choice: its card, or its guest that "
                           f"#3 Grrr threw out (next.removed)", "next.resolving.colour", R_2P_DAMAGE)
        if kind == N_RELOCATE:
            if removed is None:
                raise self.err("is missing", "next.removed", card_rule(3))
            if removed[1] != seat:
                raise self.err("the guest owner chooses where it goes", "next.seat", card_rule(3))
            s.ctx = removed
        elif kind == N_ROLL:
            r = field(nxt, "rolls", dict, "next")
            check_unknown(r, ("card", "room", "guests"), "next.rolls")
            card = field(r, "card", int, "next.rolls")
            if card not in (10, 11) or card != number:
                raise self.err("the rolls belong to the card being resolved (#10 or #11)", "next.rolls.card")
            rpos = self.board(field(r, "room", int, "next.rolls"), "next.rolls.room", s)
            guests = tuple(self.guest(x, f"next.rolls.guests[{i}]")
                           for i, x in enumerate(field(r, "guests", list, "next.rolls")))
            if rpos != pos or not guests or any(x & 1 for x in guests):
                raise self.err("awake guests of the card's room roll, at least one", "next.rolls", card_rule(number))
            s.ctx = ("roll", "flea" if card == 10 else "panic", rpos, guests)
        elif kind == N_ROLLOFF:
            pair = field(nxt, "rolloff", list, "next")
            humans = tuple(self.seat(x, f"next.rolloff[{i}]", players_only=True) for i, x in enumerate(pair))
            if len(humans) != 2 or humans[0] == humans[1]:
                raise self.err("both players roll", "next.rolloff", card_rule(3))
            s.ctx = ("rolloff", tuple(sorted(humans)))
        elif kind == N_PICK:
            texts = field(nxt, "options", list, "next")
            opts = []
            for i, x in enumerate(texts):
                try:
                    a = parse_action(x) if isinstance(x, str) else None
                except ValueError:
                    a = None
                if a is None or a.player != self.g.automata_seat:
                    raise self.err(f"must be an action text of the automata, got {x!r}", f"next.options[{i}]")
                opts.append(Action(a.kind, a.args, a.player))
            if len(opts) < 2:
                raise self.err("a die settles a tie between at least two options", "next.options")
            s.ctx = ("pick", tuple(opts), removed)

    # -- conservation -----------------------------------------------------------------
    def check_components(self, s, kind) -> None:
        """Every card of every colour in exactly one place; 4 guests per seat; the reform boards."""
        g = self.g
        setup_decks = {p: True for p in range(self.n)}
        if kind in (N_SIDE, N_SIDE_CHOICE, N_WEAR) or (kind == N_SETUP_SHUFFLE and s.node[1] == "rooms"):
            setup_decks = {p: False for p in range(self.n)}
        elif kind == N_SETUP_SHUFFLE and s.node[1].startswith("deck"):
            k = int(s.node[1][4:])
            setup_decks = {p: p < k for p in range(self.n)}
        for p in range(self.n):
            places = {f"seats[{p}].hand": list(s.hands[p]), f"seats[{p}].deck": list(s.decks[p]),
                      f"seats[{p}].discard": list(s.discards[p])}
            for i, cs in enumerate(s.cards):
                places[f"rooms[{i}].cards"] = [c & 15 for c in cs if c >> 4 == p]
            if g.is_automata(p):
                places["automata_cards"] = [c for _, c, _ in s.auto_cards]
            if not setup_decks[p]:
                want = () if g.is_automata(p) else (C.TOOLS,)
                if tuple(s.hands[p]) != want or s.decks[p] or s.discards[p] or any(places[k] for k in places
                                                                                   if k.startswith("rooms")):
                    raise self.err(f"{C.COLOURS[p]}'s cards are not shuffled yet: only Mr. Tools in hand",
                                   f"seats[{p}]", R_SETUP_DECKS)
                continue
            check_partition(places, Counter(range(1, 13)), f"{C.COLOURS[p]} card", rule=R_SETUP)
            if not g.is_automata(p) and C.TOOLS in s.decks[p]:
                raise self.err("Mr. Tools is set aside, never in the deck", f"seats[{p}].deck", R_SETUP_DECKS)
            if g.is_automata(p) and s.hands[p] and not (kind == N_RESHUFFLE and s.cursor == p):
                raise self.err("the automata has no hand: its cards go face down to the rooms",
                               f"seats[{p}].hand", R_SETUP)
        transit = Counter()
        ctx = s.ctx[2] if s.ctx and s.ctx[0] == "pick" else s.ctx
        if ctx and ctx[0] == "move":
            transit[ctx[3]] += 1
        if ctx and ctx[0] == "relocate":
            transit[ctx[1]] += 1
        for p in range(self.n):
            bedded = sum(1 for room in s.beds for gs in room for x in gs if x >> 1 == p)
            total = s.supply[p] + s.lobby[p] + bedded + transit[p]
            if total != C.GUESTS_PER_PLAYER:
                raise self.err(f"{C.COLOURS[p]} has {total} guests (supply, Lobby, beds), not "
                               f"{C.GUESTS_PER_PLAYER}", f"seats[{p}]", R_SETUP)
            if g.is_automata(p) and s.supply[p]:
                raise self.err("the automata's guests wait in the Lobby, not in a supply",
                               f"seats[{p}].guests_in_supply", R_SETUP)
        reforms = {"reform_deck": list(s.reform_deck)}
        for i, r in enumerate(s.reform):
            reforms[f"rooms[{i}].reform"] = [r[0]] if r else []
        if s.ctx and s.ctx[0] == "reform":
            reforms["next.reform"] = [s.ctx[2]]
        shuffled = not (kind == N_SETUP_SHUFFLE and s.node[1] != "reforms") and kind not in (N_SIDE, N_SIDE_CHOICE,
                                                                                              N_WEAR)
        if kind == N_SETUP_SHUFFLE and s.node[1] == "reforms":
            shuffled = False
        if shuffled:
            check_partition(reforms, Counter(list(C.reforms())), "reform board", rule=R_REFORM)
        elif any(reforms.values()):
            raise self.err("the reform boards are shuffled into the reform deck at setup", "reform_deck", R_SETUP)
        if s.stage == "night" and s.revealed:
            raise self.err("the cards stay face down during the Night", "cards_revealed", R_REVEAL)
        if s.stage in ("setup", "dusk") and any(s.cards):
            raise self.err("played cards stay in the rooms only from the Night to End of day", "rooms", R_END_DAY)
        if s.node[0] in (N_TURN, N_MOVETO):
            done = set(s._order()[:s.turn])
            if not s.passed <= done:
                raise self.err("only players who already acted this round can have passed", "passed")
        if s.stage in ("setup", "dusk") and any(gs for room in s.beds for gs in room):
            raise self.err("guests are placed from the first Night on and go home at Day", "rooms", R_PLACE)
        if s.stage == "night" and s.round < 1:
            raise self.err("the Night's rounds start at 1", "round", R_PHASE_NIGHT)


def from_position(cls, game, table: dict):
    """The state declared by ``table`` (header already checked by the core)."""
    return _Reader(game, table).read()


# ================================================================== hidden information
def resample_hidden(s, seat: int, rng: random.Random):
    """A state that agrees with everything ``seat`` may see: every other seat's hand, every
    deck's order, the face-down cards in the rooms ``seat`` has not seen (Spy) and the
    automata cards another player drew are dealt again at random from the same colour's
    hidden cards; the reform deck is reshuffled. Discard piles are public (HH-12)."""
    t = s._copy()._own_all()
    g = s.game
    hidden_room = {}  # colour -> [(pos, index in room)]
    if not s.revealed:
        for pos, cs in enumerate(s.cards):
            for i, c in enumerate(cs):
                q = c >> 4
                if q != seat and c not in s.known[seat]:
                    hidden_room.setdefault(q, []).append((pos, i))
    remap = {}
    for q in range(g.num_seats):
        slots = hidden_room.get(q, [])
        hand_hidden = q != seat
        drawn = [i for i, (d, _, _) in enumerate(s.auto_cards)
                 if g.is_automata(q) and d != seat and s.node[0] == N_AUTOROOM]
        pool = list(s.decks[q])
        if hand_hidden:
            pool += list(s.hands[q])
        pool += [s.cards[pos][i] & 15 for pos, i in slots]
        pool += [s.auto_cards[i][1] for i in drawn]
        tools_fixed = not g.is_automata(q) and C.TOOLS in pool
        if tools_fixed:
            # Mr. Tools is never in a deck: it stays in the hand or a room slot
            pool.remove(C.TOOLS)
        rng.shuffle(pool)
        if tools_fixed:
            spots = (len(s.hands[q]) if hand_hidden else 0) + len(slots)
            k = rng.randrange(spots)
            pool.insert(len(s.decks[q]) + k, C.TOOLS)
        it = iter(pool)
        t.decks[q] = tuple(next(it) for _ in s.decks[q])
        if hand_hidden:
            hand = tuple(next(it) for _ in s.hands[q])
            t.hands[q] = tuple(sorted(hand)) if s.stage != "dusk" else hand
        for pos, i in slots:
            new = q * 16 + next(it)
            remap[t.cards[pos][i]] = new
            room = list(t.cards[pos])
            room[i] = new
            t.cards[pos] = tuple(room)
        if drawn:
            ac = list(t.auto_cards)
            for i in drawn:
                d, _, r = ac[i]
                ac[i] = (d, next(it), r)
            t.auto_cards = tuple(ac)
    if remap:
        t.known = [frozenset(remap.get(c, c) for c in ks) if p != seat else ks for p, ks in enumerate(t.known)]
    if t.reform_deck:
        deck = list(t.reform_deck)
        rng.shuffle(deck)
        t.reform_deck = tuple(deck)
    t._legal = None
    t._outs = None
    return t
