"""Hostil Hostal's positions as a schema: the shape (:class:`Position`, pydantic), the writer
(:func:`write`) and the builder (:func:`build`), which reads a position into a state and lists
every rule it breaks (``hotellab.core.position``); and :func:`resample_hidden`, which re-deals
what a seat cannot see. ``docs/games/hostil_hostal-position.md`` is written from the schema.

A position (TOML; JSON alike) in short; every field, its meaning and its rule are in the
schema below::

    night = 1
    round = 2
    first_player = "blue"
    reform_deck = [2, 3, 4, 5]     # top first

    [[rooms]]                      # in the Inn's order: floor 1 left to right, then floor 2
    board = 1
    side = "A"
    wear = 6
    beds = [["blue"], [], ["red", "orange sedated"], [], []]
    cards = [{ colour = "red", number = 3 }]

    [[seats]]                      # seat order; the automata (2 players) is the third colour
    rest = 15
    guests_in_supply = 3
    guests_in_lobby = 0
    hand = [1, 2, 3, 12]
    deck = [4, 5, 6, 7, 8, 9, 10, 11]       # top first
    discard = []

    [next]                         # whose decision is next, or which chance outcome
    kind = "turn"                  # a node kind of rules.py; its fields: NEXT_FIELDS
    seat = "blue"

A problem is a :class:`~hotellab.core.position.Problem` naming the field and the rule.
"""

from __future__ import annotations

import random
from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import Action, parse_action
from ...core.errors import PositionError
from ...core.position import Problems, check_partition, check_range
from ...core.storage import replaced
import hotellab.games.hostil_hostal.components as C
from .cards import CARD_NODES
from .encoding import card, card_number, card_seat, guest, guest_seat, is_sedated
from .rules import (
    AUTOROOM, END, FORCED_GRRR, MOVETO, N_AUTOBED, N_AUTOROOM, N_CARD, N_END, N_FORCED_GRRR, N_MISFORTUNE,
    N_MOVETO, N_PICK, N_REFORM, N_RELOCATE, N_RESHUFFLE, N_ROLL, N_ROLLOFF, N_SETUP_SHUFFLE, N_SIDE,
    N_SIDE_CHOICE, N_TURN, N_WEAR, NODE_KINDS, PICK, RELOCATE, REFORM_SIDE, ROLL, ROLLOFF, R_2P_DAMAGE,
    R_2P_PHASE, R_END_DAY, R_FIRST, R_MISFORTUNE, R_NIGHTS, R_PHASE_DAWN, R_PHASE_NIGHT, R_PLACE, R_REFORM,
    R_REFORM_DECK, R_REVEAL, R_SETUP, R_SETUP_DECKS, R_SETUP_ROOMS, R_SETUP_SIDES, R_SETUP_WEAR, R_START,
    SIDE_CHOICE, SIDE_COIN, TURN, WEAR_ROLL, autobed_node, card_rule, misfortune_node, shuffle_node,
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
_SETUP_DICE = (N_SIDE, N_SIDE_CHOICE, N_WEAR)  # setup steps before the decks are shuffled


# ================================================================== the shape
class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def _f(description: str, rule: str | None = None, **kw):
    """A field: its ``description`` in the rulebook's words and the section of the rule it follows."""
    return Field(description=description, json_schema_extra={"rule": rule} if rule else None, **kw)


class ReformTile(_Table):
    """A reform tile laid in a room (Phase 4 - Day / Reform)."""

    board: int = _f("the reform board (1-5)", "Phase 4 - Day / Reform")
    side: str = _f("its side: a or b (\"Each reform has two sides\")", "Phase 4 - Day / Reform")


class RoomCard(_Table):
    """A card played in a room: face down until Dawn's Reveal."""

    colour: str = _f("the colour of the player who played it", "Let's Begin (Setup) / 3")
    number: int = _f("the card's number, 1-12", "Let's Begin (Setup) / 3")


class Room(_Table):
    """A room board of the Inn, in the Inn's order: floor 1 left to right, then floor 2."""

    board: int = _f("the room board, 1-5 (\"Rooms are chosen randomly\")", "Let's Begin (Setup) / 1")
    side: str | None = _f("A or B (omitted while setup has not chosen it)", "Let's Begin (Setup) / 1", default=None)
    wear: int | None = _f("the wear die \"that represents the current state of the room\" (omitted before "
                          "setup rolls it)", "Let's Begin (Setup) / 2", default=None)
    reform: ReformTile | None = _f("the reform tile in the room (omitted: none)", "Phase 4 - Day / Reform",
                                   default=None)
    beds: list[list[str]] | None = _f("the guests on each bed, in bed order: a colour, \"<colour> sedated\" for a "
                                      "sedated guest; two only after 2x1", "Phase 2 - Night / Place a guest",
                                      default=None)
    cards: list[RoomCard] = _f("the cards played in the room (\"there are no limits to the number of cards in a "
                               "room\")", "Phase 2 - Night / Play a card", default=[])


class Seat(_Table):
    """A seat, in seat order; with 2 players the automata is the third colour."""

    colour: str | None = _f("the seat's colour (seat order: blue, red, orange, green, yellow)",
                            "Let's Begin (Setup) / 3", default=None)
    rest: int = _f("rest points on the slumber track (no bound: ruling HH-35)", "Let's Begin (Setup) / 3")
    guests_in_supply: int = _f("unplayed guests (\"4 guest meeples\")", "Let's Begin (Setup) / 3")
    guests_in_lobby: int = _f("guests in the Lobby (\"they will not score slumber points\")",
                              "Let's Begin (Setup) / 3")
    hand: list[int] = _f("the cards in hand (Mr. Tools \"is kept in the hand\")", "Let's Begin (Setup) / 3")
    deck: list[int] = _f("the deck, top first", "Let's Begin (Setup) / 3")
    discard: list[int] = _f("the discard pile", "Let's Begin (Setup) / 3")
    spied: dict[str, list[int]] = _f("the cards of other colours this seat has seen, by colour", "Phase 2 - Night",
                                     default={})
    breakdown: dict[str, int] | None = _f("where the rest points come from (Start, Rest, Spy, Misfortune die, "
                                          "each card); sums to rest", "Let's Begin (Setup) / 3", default=None)


class AutomataCard(_Table):
    """A card drawn from the automata's deck in the Automata phase (Variation for 2 Players)."""

    drawn_by: str = _f("the player who drew it", "Variation for 2 Players / Night phase")
    number: int = _f("its number, 1-12", "Variation for 2 Players / Night phase")
    room: int | None = _f("the room it lies on (omitted until placed)", "Variation for 2 Players / Night phase",
                          default=None)


class GuestAt(_Table):
    """A guest lifted from its bed (Move a guest) or thrown out by #3 Grrr, and where it was."""

    colour: str = _f("its owner's colour")
    room: int = _f("the room board it was in")
    bed: int = _f("the bed it left")


class CardAt(_Table):
    """A card in the Dawn's order of resolution (``{number, room, colour}``)."""

    number: int = _f("the card's number (\"Cards are ordered by number\")", "Phase 3 - Dawn / Order")
    room: int = _f("the room board it lies in")
    colour: str | None = _f("its owner's colour (omitted for Mr. Tools: all copies resolve together)",
                            default=None)


class Rolls(_Table):
    """The guests still to roll the misfortune die for #10 Scratch Scratch or #11 Auuuuu."""

    card: int = _f("10 or 11")
    room: int = _f("the card's room board")
    guests: list[str] = _f("the guests still to roll, in order")


class ReformDraw(_Table):
    """The reform drawn for a room, waiting for its side."""

    room: int = _f("the room board reformed")
    board: int = _f("the reform board drawn")


class Next(_Table):
    """Whose decision is next, or which chance outcome, and what the pending step needs."""

    kind: str = _f("the node kind: " + ", ".join(NODE_KINDS))
    seat: str | None = _f("the deciding seat's colour", default=None)
    shuffle: str | None = _f("setup_shuffle: rooms, reforms or deck", "Let's Begin (Setup) / 3", default=None)
    colour: str | None = _f("the colour of the deck being shuffled", "Let's Begin (Setup) / 3", default=None)
    moving: GuestAt | None = _f("move_to: the guest being moved", "Phase 2 - Night / Move a guest", default=None)
    removed: GuestAt | None = _f("relocate: the guest thrown out by #3 Grrr", "Event Card Guide / #3 Grrr",
                                 default=None)
    room: int | None = _f("misfortune (per_room): the room rolled for; automata_bed: the automata's room",
                          default=None)
    reform: ReformDraw | None = _f("reform: the reform drawn", "Phase 4 - Day / Reform", default=None)
    rolls: Rolls | None = _f("card_roll: the guests still to roll", default=None)
    rolloff: list[str] | None = _f("rolloff: the two players who roll", "Variation for 2 Players / Dawn phase",
                                   default=None)
    options: list[str] | None = _f("automata_pick: the automata's tied choices, as action texts",
                                   "Variation for 2 Players / Dawn phase", default=None)
    resolving: CardAt | None = _f("the card being resolved", "Phase 3 - Dawn / Resolution", default=None)
    queue: list[CardAt] | None = _f("the cards still to resolve, in order", "Phase 3 - Dawn / Order", default=None)


class Position(_Table):
    """Where every room, guest, card and marker is, and whose decision is next."""

    night: int = _f("the night marker (1 to the nights played)", "Let's Begin (Setup) / 4")
    round: int = _f("the Night's round (0 before the first Night)", "Phase 2 - Night", default=0)
    first_player: str = _f("the colour of the player with the first player marker", "Phase 4 - Day / End of day")
    cards_revealed: bool = _f("true from Dawn's Reveal (\"All the cards in the rooms are revealed\") until End of "
                              "day", "Phase 3 - Dawn / Reveal", default=False)
    misfortune_die: int | None = _f("the misfortune die's last roll this Dawn (omitted: none yet)",
                                    "Phase 3 - Dawn / Wear", default=None)
    reform_deck: list[int] = _f("the reform deck, top first", "Phase 4 - Day / Reform", default=[])
    passed: list[str] = _f("the players who passed in this round of the Night", "Phase 2 - Night / Pass",
                           default=[])
    rooms: list[Room] = _f("the rooms of the Inn (empty before setup chooses them)", "Let's Begin (Setup) / 1",
                           default=[])
    seats: list[Seat] = _f("every seat, in seat order", "Let's Begin (Setup) / 3")
    automata_cards: list[AutomataCard] = _f("the automata cards drawn in this Automata phase",
                                            "Variation for 2 Players / Night phase", default=[])
    next: Next = _f("the pending decision or chance outcome")


# ================================================================== writing
def _guest_text(g: int) -> str:
    return C.COLOURS[guest_seat(g)] + (" sedated" if is_sedated(g) else "")


def _item_table(s, item) -> dict:
    number, pos, cid = item
    t = {"number": number, "room": s.boards[pos]}
    if cid is not None:
        t["colour"] = C.COLOURS[card_seat(cid)]
    return t


def _room_table(s, pos: int, board: int) -> dict:
    room: dict = {"board": board}
    if s.sides and pos < len(s.sides):
        room["side"] = s.sides[pos]
    if s.wear[pos] is not None:
        room["wear"] = s.wear[pos]
    if s.reform[pos] is not None:
        room["reform"] = {"board": s.reform[pos][0], "side": s.reform[pos][1]}
    if s.layouts is not None:
        room["beds"] = [[_guest_text(x) for x in gs] for gs in s.beds[pos]]
    room["cards"] = [{"colour": C.COLOURS[card_seat(c)], "number": card_number(c)} for c in s.cards[pos]]
    return room


def _seat_table(s, p: int) -> dict:
    spied: dict = {}
    for c in sorted(s.known[p]):
        spied.setdefault(C.COLOURS[card_seat(c)], []).append(card_number(c))
    breakdown = {cat: pts for (seat, cat), pts in s.ledger.items() if seat == p}
    return {"colour": C.COLOURS[p], "rest": s.score[p], "guests_in_supply": s.supply[p],
            "guests_in_lobby": s.lobby[p], "hand": list(s.hands[p]), "deck": list(s.decks[p]),
            "discard": list(s.discards[p]), "spied": spied, "breakdown": breakdown}


def write(s) -> dict:
    """The declared position of state ``s`` (see the module doc)."""
    out: dict = {"night": s.night, "round": s.round, "first_player": C.COLOURS[s.first],
                 "cards_revealed": s.revealed}
    if s.misfortune is not None:
        out["misfortune_die"] = s.misfortune
    out["reform_deck"] = list(s.reform_deck)
    out["passed"] = [C.COLOURS[p] for p in sorted(s.passed)]
    out["rooms"] = [_room_table(s, pos, board) for pos, board in enumerate(s.boards or ())]
    out["seats"] = [_seat_table(s, p) for p in range(s.game.num_seats)]
    if s.auto_cards:
        out["automata_cards"] = [
            {"drawn_by": C.COLOURS[seat], "number": c, **({"room": s.boards[q]} if q is not None else {})}
            for seat, c, q in s.auto_cards
        ]
    out["next"] = _next_table(s)
    return out


def _next_node_fields(s, kind: str, nxt: dict) -> None:
    """The fields of ``[next]`` that the node carries (the shuffle, a room)."""
    ctx = s.node.context
    if kind == N_SETUP_SHUFFLE:
        what = ctx[0]
        if what.startswith("deck"):
            nxt["shuffle"] = "deck"
            nxt["colour"] = C.COLOURS[int(what[4:])]
        else:
            nxt["shuffle"] = what
    elif kind == N_RESHUFFLE:
        nxt["colour"] = C.COLOURS[int(ctx[0][4:])]
    elif kind == N_MOVETO:
        _, pos, bed, seat = s.ctx
        nxt["moving"] = {"colour": C.COLOURS[seat], "room": s.boards[pos], "bed": bed}
    elif kind == N_AUTOBED or (kind == N_MISFORTUNE and ctx):
        nxt["room"] = s.boards[ctx[0]]
    elif kind == N_REFORM:
        nxt["reform"] = {"room": s.boards[s.ctx[1]], "board": s.ctx[2]}


def _next_dawn_fields(s, kind: str, nxt: dict) -> None:
    """The fields of ``[next]`` of a Dawn node: what the card being resolved waits for."""
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


def _next_table(s) -> dict:
    kind = s.node.kind
    nxt: dict = {"kind": kind}
    if kind in _SEATED:
        nxt["seat"] = C.COLOURS[s.node.seat]
    _next_node_fields(s, kind, nxt)
    _next_dawn_fields(s, kind, nxt)
    return nxt


# ================================================================== reading
class _Stop(Exception):
    """A section of the position cannot be read on: its problems are listed already."""


class _Reader:
    """Builds the state a :class:`Position` declares, section by section (the header, the
    rooms, the seats, the automata cards, the pending step, the components). A check raises a
    PositionError naming the field and the rule; :meth:`run` adds it to the problems and the
    reader goes on with the next room, seat or section that does not depend on it."""

    def __init__(self, game, p: Position, problems: Problems):
        self.g = game
        self.p = p
        self.problems = problems
        self.n = game.num_seats
        self.colour_of = {C.COLOURS[q]: q for q in range(self.n)}

    def run(self, fn, *args) -> bool:
        """``fn(*args)``; False, with its problem added, when it raises a PositionError (or
        stops after listing its problems)."""
        before = len(self.problems)
        try:
            self.problems.collect(fn, *args)
        except _Stop:
            return False
        return len(self.problems) == before

    def each(self, fn, items) -> list:
        """``[fn(*args) for args in items]``, every item read even after a problem in one;
        raises _Stop (the section goes no further) when any had a problem."""
        out, ok = [], True
        for args in items:
            before = len(self.problems)
            out.append(self.problems.collect(fn, *args))
            ok = ok and len(self.problems) == before
        if not ok:
            raise _Stop
        return out

    @staticmethod
    def err(msg: str, path: str | None, rule=None) -> PositionError:
        return PositionError(msg, field=path, rule=rule)

    # -- values -------------------------------------------------------------------------
    def seat(self, value: str, path: str, *, players_only: bool = False, rule=None) -> int:
        if value not in self.colour_of:
            names = ", ".join(repr(c) for c in C.COLOURS[:self.n])
            raise self.err(f"must be a seat's colour ({names}), got {value!r}", path, rule)
        q = self.colour_of[value]
        if players_only and self.g.is_automata(q):
            raise self.err(f"{value!r} is the automata, which is not a player here", path, rule)
        return q

    def board(self, value: int, path: str, s) -> int:
        check_range(value, 1, 5, path, rule=R_SETUP_ROOMS)
        if s.pos_of is None or value not in s.pos_of:
            raise self.err(f"room {value} is not in play", path, R_SETUP_ROOMS)
        return s.pos_of[value]

    @staticmethod
    def ints(values: list, lo: int, hi: int, path: str, rule=None) -> tuple:
        for i, x in enumerate(values):
            check_range(x, lo, hi, f"{path}[{i}]", rule=rule)
        return tuple(values)

    def guest(self, value: str, path: str) -> int:
        colour, _, mark = value.partition(" ")
        if mark not in ("", "sedated"):
            raise self.err(f"a guest is a colour, optionally followed by ' sedated', got {value!r}", path, R_SETUP)
        return guest(self.seat(colour, path), sedated=bool(mark))

    def bed(self, value: int, pos: int, path: str, s) -> int:
        return check_range(value, 0, len(s.layouts[pos].beds) - 1, path)

    # -- the whole position -----------------------------------------------------------
    def read(self):
        g, p = self.g, self.p
        s = g.state_class.initial(g)
        kind = p.next.kind
        if kind not in NODE_KINDS:
            self.problems.add("next.kind", f"unknown node kind {kind!r}; kinds: {', '.join(NODE_KINDS)}")
            return s
        s.stage = STAGE_OF[kind]
        for check in (self.read_night, self.read_first, self.read_dice_and_decks, self.read_passed):
            self.run(check, s)
        rooms = self.run(self.read_rooms, s, kind)
        seats = self.read_seats(s)
        if rooms and self.run(self.read_automata_cards, s, kind) and self.run(self.read_next, s, kind, p.next):
            if seats:
                self.check_components(s, kind)
        s.own_all()
        return s

    def read_night(self, s) -> None:
        """The round marker (Setup 4: 3 or 5 nights) and the Night's round."""
        s.night = check_range(self.p.night, 1, self.g.options["nights"], "night", rule=R_NIGHTS)
        s.round = check_range(self.p.round, 0, 10_000, "round")

    def read_first(self, s) -> None:
        """The first player token (End of day), and whether the cards are revealed (Dawn)."""
        s.first = self.seat(self.p.first_player, "first_player", players_only=True, rule=R_FIRST)
        s.revealed = self.p.cards_revealed

    def read_passed(self, s) -> None:
        """The players who passed in this round of the Night."""
        s.passed = frozenset(self.seat(x, f"passed[{i}]", players_only=True) for i, x in enumerate(self.p.passed))

    def read_dice_and_decks(self, s) -> None:
        """The misfortune die (Dawn / Wear) and the reform deck."""
        p = self.p
        if p.misfortune_die is not None:
            faces = C.dice()["misfortune"]
            s.misfortune = check_range(p.misfortune_die, min(faces), max(faces), "misfortune_die",
                                       rule=R_MISFORTUNE)
        s.reform_deck = self.ints(p.reform_deck, 1, 5, "reform_deck", R_REFORM_DECK)

    # -- rooms (Let's Begin (Setup) / 1-2) -----------------------------------------------------
    def read_rooms(self, s, kind: str) -> None:
        g = self.g
        R = len(C.POSITIONS[g.num_players])
        rooms = self.p.rooms
        if kind == N_SETUP_SHUFFLE and self.p.next.shuffle == "rooms":
            if rooms:
                raise self.err("must be empty while the rooms are still to be chosen", "rooms", R_SETUP_ROOMS)
            return
        if len(rooms) != R:
            raise self.err(f"{g.num_players} players play with {R} rooms, got {len(rooms)}", "rooms", R_SETUP_ROOMS)
        read = self.each(self.room, enumerate(rooms))
        boards = [r[0] for r in read]
        sides = [r[1] for r in read if r[1] is not None]
        if len(set(boards)) != len(boards):
            raise self.err(f"a room board is used twice: {boards}", "rooms", R_SETUP_ROOMS)
        if any(r.side is not None for r in rooms[len(sides):]):
            raise self.err("setup sets the rooms' sides in room order", "rooms", R_SETUP_SIDES)
        s.boards = tuple(boards)
        s.pos_of = {b: i for i, b in enumerate(boards)}
        self.room_sides(s, kind, sides, R)
        s.wear = self.room_wear(kind, [r[2] for r in read], R)
        s.reform = [r[3] for r in read]
        beds = self.each(self.room_beds, [(s, i, room, boards, sides) for i, room in enumerate(rooms)])
        if s.layouts is not None:
            s.beds = beds
        s.cards = self.each(self.room_cards, enumerate(rooms))

    def room(self, i: int, room: Room) -> tuple:
        """(board, side, wear, reform) of room ``i``, each in range."""
        where = f"rooms[{i}]"
        board = check_range(room.board, 1, 5, f"{where}.board", rule=R_SETUP_ROOMS)
        if room.side is not None and room.side not in ("A", "B"):
            raise self.err(f"must be 'A' or 'B', got {room.side!r}", f"{where}.side", R_SETUP_SIDES)
        wear = None
        if room.wear is not None:
            faces = C.dice()["wear"]
            wear = check_range(room.wear, min(faces), C.MAX_WEAR, f"{where}.wear", rule=R_SETUP_WEAR)
        reform = None
        if room.reform is not None:
            rid = check_range(room.reform.board, 1, 5, f"{where}.reform.board", rule=R_REFORM)
            if room.reform.side not in ("a", "b"):
                raise self.err(f"must be 'a' or 'b', got {room.reform.side!r}", f"{where}.reform.side", R_REFORM)
            reform = (rid, room.reform.side)
        return board, room.side, wear, reform

    def room_sides(self, s, kind: str, sides: list, R: int) -> None:
        """The sides: a prefix of the rooms while setup flips or chooses them, else every room
        (Setup 1; the option ``sides``)."""
        option = self.g.options["sides"]
        if kind in (N_SIDE, N_SIDE_CHOICE):
            if len(sides) >= R:
                raise self.err("the next side to choose is for a room without one", "rooms", R_SETUP_SIDES)
            want = "random" if kind == N_SIDE else "choose"
            if option != want:
                raise self.err(f"node {kind!r} needs the option sides={want!r}", "next.kind", R_SETUP_SIDES)
            s.sides = tuple(sides)
            return
        if len(sides) != R:
            raise self.err("is missing: every room has a side after setup's first step", f"rooms[{len(sides)}].side",
                           R_SETUP_SIDES)
        if option in ("A", "B") and any(x != option for x in sides):
            raise self.err(f"the option sides={option!r} puts every room on that side", "rooms", R_SETUP_SIDES)
        s._set_sides(tuple(sides))

    def room_wear(self, kind: str, wear: list, R: int) -> list:
        """The wear dice (Setup 2: "Roll a wear die for each room"), in room order."""
        rolled = [w for w in wear if w is not None]
        if kind in _SETUP_DICE:
            if wear[:len(rolled)] != rolled or (kind == N_WEAR and len(rolled) >= R) or (kind != N_WEAR and rolled):
                raise self.err("the wear dice are rolled in room order, once the sides are chosen", "rooms",
                               R_SETUP_WEAR)
        elif len(rolled) != R:
            raise self.err("is missing: every room has a wear die after setup", f"rooms[{wear.index(None)}].wear",
                           R_SETUP_WEAR)
        return list(wear)

    def room_beds(self, s, i: int, room: Room, boards: list, sides: list) -> tuple:
        """The guests on each bed of room ``i`` (Night / Place a guest; two on a bed only after
        #2 2x1)."""
        where = f"rooms[{i}].beds"
        bl = room.beds
        if s.layouts is None:
            if bl and any(bl):
                raise self.err("no guest can be in a room before its side is chosen", where, R_SETUP_SIDES)
            return ()
        nb = len(s.layouts[i].beds)
        bl = [[] for _ in range(nb)] if bl is None else bl
        if len(bl) != nb:
            raise self.err(f"room {boards[i]}{sides[i]} has {nb} beds: give a list of {nb} lists of guests",
                           where, R_SETUP)
        for b, gs in enumerate(bl):
            if len(gs) > 2:
                raise self.err("a bed holds one guest, two only after 2x1", f"{where}[{b}]", card_rule(2))
        return tuple(tuple(self.guest(x, f"{where}[{b}][{j}]") for j, x in enumerate(gs)) for b, gs in enumerate(bl))

    def room_cards(self, i: int, room: Room) -> tuple:
        """The cards played in room ``i``: each a seat's colour and a number 1-12."""
        out = []
        for j, c in enumerate(room.cards):
            where = f"rooms[{i}].cards[{j}]"
            q = self.seat(c.colour, f"{where}.colour", rule=R_SETUP)
            out.append(card(q, check_range(c.number, 1, 12, f"{where}.number", rule=R_SETUP)))
        return tuple(out)

    # -- seats (Let's Begin (Setup) / 3) ----------------------------------------------------
    def read_seats(self, s) -> bool:
        """Every seat's track, guests, cards, spied cards and score breakdown; False when a
        seat cannot be read."""
        seats = self.p.seats
        if len(seats) != self.n:
            self.problems.add("seats", f"this game has {self.n} seats, got {len(seats)}", R_SETUP)
            return False
        s.score, s.supply, s.lobby, s.hands, s.decks, s.discards, s.known = [], [], [], [], [], [], []
        s.ledger = {}
        ok = True
        for q, seat in enumerate(seats):
            ok &= self.run(self.read_seat, s, q, seat)
        return ok

    def read_seat(self, s, q: int, seat: Seat) -> None:
        where = f"seats[{q}]"
        if seat.colour is not None and seat.colour != C.COLOURS[q]:
            raise self.err(f"seat {q} plays {C.COLOURS[q]!r} (seat order), got {seat.colour!r}", f"{where}.colour",
                           R_SETUP)
        s.score.append(seat.rest)  # any whole number: the track has no bound (HH-35)
        s.supply.append(check_range(seat.guests_in_supply, 0, C.GUESTS_PER_PLAYER, f"{where}.guests_in_supply",
                                    rule=R_SETUP))
        s.lobby.append(check_range(seat.guests_in_lobby, 0, C.GUESTS_PER_PLAYER, f"{where}.guests_in_lobby",
                                   rule=R_SETUP))
        s.hands.append(self.ints(seat.hand, 1, 12, f"{where}.hand", R_SETUP_DECKS))
        s.decks.append(self.ints(seat.deck, 1, 12, f"{where}.deck", R_SETUP_DECKS))
        s.discards.append(self.ints(seat.discard, 1, 12, f"{where}.discard", R_SETUP_DECKS))
        s.known.append(self.spied(q, seat, where))
        self.breakdown(s, q, seat, where)

    def spied(self, q: int, seat: Seat, where: str) -> frozenset:
        """The cards of other colours seat ``q`` has seen (Bonus action: Spy)."""
        known = set()
        for colour, numbers in seat.spied.items():
            other = self.seat(colour, f"{where}.spied.{colour}")
            if other == q:
                raise self.err("a seat always sees its own cards; list other colours only", f"{where}.spied.{colour}")
            known.update(card(other, x) for x in self.ints(numbers, 1, 12, f"{where}.spied.{colour}"))
        return frozenset(known)

    def breakdown(self, s, q: int, seat: Seat, where: str) -> None:
        """Where the rest points come from: known categories that sum to ``rest``."""
        allowed = {"Start", "Rest", "Spy", "Misfortune die"} | {s._card_name(n) for n in range(1, 13)}
        breakdown = seat.breakdown if seat.breakdown is not None else {"Start": seat.rest}
        for cat, pts in breakdown.items():
            if cat not in allowed:
                raise self.err(f"unknown score category; categories: {', '.join(sorted(allowed))}",
                               f"{where}.breakdown.{cat}")
            s.ledger[(q, cat)] = pts
        if "Start" not in breakdown:
            raise self.err("is missing (the 15 points every seat starts with)", f"{where}.breakdown.Start", R_START)
        if sum(breakdown.values()) != seat.rest:
            raise self.err(f"the breakdown sums to {sum(breakdown.values())}, not to rest = {seat.rest}",
                           f"{where}.breakdown", R_START)

    # -- the Automata phase's cards (Variation for 2 Players / Night phase) ----------------------
    def read_automata_cards(self, s, kind: str) -> None:
        lst = self.p.automata_cards
        if lst and kind not in (N_AUTOROOM, N_AUTOBED):
            raise self.err("automata cards are drawn only during the Automata phase", "automata_cards", R_2P_PHASE)
        out = []
        order = s._order()
        for i, c in enumerate(lst):
            where = f"automata_cards[{i}]"
            seat = self.seat(c.drawn_by, f"{where}.drawn_by", players_only=True, rule=R_2P_PHASE)
            if i >= len(order) or seat != order[i]:
                raise self.err("the players draw in turn order from the first player", f"{where}.drawn_by",
                               R_2P_PHASE)
            number = check_range(c.number, 1, 12, f"{where}.number", rule=R_SETUP)
            pos = self.board(c.room, f"{where}.room", s) if c.room is not None else None
            out.append((seat, number, pos))
        s.auto_cards = tuple(out)

    # -- the pending step ([next]) ----------------------------------------------------------------
    def read_next(self, s, kind: str, nxt: Next) -> None:
        allowed = set(NEXT_FIELDS[kind]) | {"kind"}
        if kind in _DAWN:
            allowed |= {"resolving", "queue"}
        if kind == N_MISFORTUNE:
            allowed.add("queue")
        extra = sorted(nxt.model_fields_set - allowed)
        if extra:
            raise self.err(f"unknown field; known fields: {', '.join(sorted(allowed))}", f"next.{extra[0]}")
        seat = None
        if kind in _SEATED:
            if nxt.seat is None:
                raise self.err("is missing", "next.seat")
            seat = self.seat(nxt.seat, "next.seat", players_only=True)
        _NEXT[kind](self, s, kind, nxt, seat)
        if kind in _DAWN or kind == N_MISFORTUNE:
            self.read_dawn(s, kind, nxt, seat)

    def next_shuffle(self, s, kind, nxt: Next, seat) -> None:
        """Setup 1 and 3 (and the reform deck): the shuffle still to come."""
        what = nxt.shuffle
        if what is None:
            raise self.err("is missing", "next.shuffle", R_SETUP_DECKS)
        if what == "deck":
            if nxt.colour is None:
                raise self.err("is missing", "next.colour")
            k = self.seat(nxt.colour, "next.colour")
            s.node, s.cursor = shuffle_node(f"deck{k}"), k
        elif what in ("rooms", "reforms"):
            s.node, s.cursor = shuffle_node(what), (self.n if what == "reforms" else 0)
        else:
            raise self.err(f"must be 'rooms', 'deck' or 'reforms', got {what!r}", "next.shuffle", R_SETUP)

    def next_reshuffle(self, s, kind, nxt: Next, seat) -> None:
        """Dusk: "If the deck becomes depleted, shuffle the discard to form a new deck"."""
        if nxt.colour is None:
            raise self.err("is missing", "next.colour")
        k = self.seat(nxt.colour, "next.colour")
        s.node, s.cursor = shuffle_node(f"deck{k}", reshuffle=True), k

    def next_side(self, s, kind, nxt: Next, seat) -> None:
        """Setup 1: the next room's side (a coin, or the first player's choice)."""
        s.cursor = len(s.sides)
        s.node = SIDE_COIN if kind == N_SIDE else SIDE_CHOICE[seat]

    def next_wear(self, s, kind, nxt: Next, seat) -> None:
        """Setup 2: the next room's wear die."""
        s.cursor = sum(1 for w in s.wear if w is not None)
        s.node = WEAR_ROLL

    def next_turn(self, s, kind, nxt: Next, seat) -> None:
        """Night: the player to act (or to put down the guest she moves)."""
        if kind == N_TURN and seat in s.passed:
            raise self.err("a player who passed this round does not act again in it", "next.seat")
        s.turn = (seat - s.first) % self.g.num_players
        s.all_passed = kind == N_TURN and all(q in s.passed for q in s._order()[:s.turn])
        s.node = TURN[seat] if kind == N_TURN else MOVETO[seat]
        if s.round < 1:
            raise self.err("the Night's rounds start at 1", "round")
        if kind == N_MOVETO:
            m = nxt.moving
            if m is None:
                raise self.err("is missing", "next.moving")
            mseat = self.seat(m.colour, "next.moving.colour")
            pos = self.board(m.room, "next.moving.room", s)
            bed = self.bed(m.bed, pos, "next.moving.bed", s)
            if mseat != seat and mseat != self.g.automata_seat:
                raise self.err("a player moves her own guest (or, with 2 players, the automata's)",
                               "next.moving.colour")
            s.ctx = ("move", pos, bed, mseat)

    def next_automata(self, s, kind, nxt: Next, seat) -> None:
        """Variation for 2 Players / Night phase: a drawn card to put on a room, or the
        automata's guest to place."""
        g = self.g
        if g.automata_seat is None:
            raise self.err("the Automata phase is played with 2 players only", "next.kind", R_2P_PHASE)
        s.turn = g.num_players
        s.all_passed = False
        cards = s.auto_cards
        if kind == N_AUTOROOM:
            if not cards or cards[-1][0] != seat or cards[-1][2] is not None or any(q is None for _, _, q in cards[:-1]):
                raise self.err("the deciding player holds the last drawn automata card, not yet on a room",
                               "automata_cards", R_2P_PHASE)
            s.node = AUTOROOM[seat]
            return
        if nxt.room is None:
            raise self.err("is missing", "next.room")
        pos = self.board(nxt.room, "next.room", s)
        if len(cards) != g.num_players or any(q is None for _, _, q in cards):
            raise self.err("both players' automata cards are on rooms before the reveal", "automata_cards",
                           R_2P_PHASE)
        win = max(cards, key=lambda t: t[1])
        if (win[0], win[2]) != (seat, pos):
            raise self.err("the player with the highest card places the guest in the room she selected", "next",
                           R_2P_PHASE)
        s.node = autobed_node(seat, pos)

    def next_misfortune(self, s, kind, nxt: Next, seat) -> None:
        """Dawn / Wear: the misfortune die, for every room or (per_room) for one."""
        mode = self.g.options["misfortune"]
        if mode == "fixed":
            raise self.err("there is no misfortune roll with misfortune='fixed'", "next.kind")
        if mode == "per_room":
            if nxt.room is None:
                raise self.err("is missing", "next.room")
            s.node = misfortune_node(self.board(nxt.room, "next.room", s))
        elif nxt.room is not None:
            raise self.err("one roll serves every room with misfortune='die'", "next.room")
        else:
            s.node = misfortune_node(None)

    def next_reform(self, s, kind, nxt: Next, seat) -> None:
        """Day / Reform: the reform drawn for a room, waiting for its side."""
        r = nxt.reform
        if r is None:
            raise self.err("is missing", "next.reform")
        pos = self.board(r.room, "next.reform.room", s)
        rid = check_range(r.board, 1, 5, "next.reform.board", rule=R_REFORM)
        s.ctx = ("reform", pos, rid)
        s.cursor = pos + 1
        s.node = REFORM_SIDE[seat]

    def next_end(self, s, kind, nxt: Next, seat) -> None:
        """End of the Game: "When the sun rises for the last time"."""
        if s.night != self.g.options["nights"]:
            raise self.err(f"the game ends after the last night ({self.g.options['nights']})", "night")
        s.node = END

    def next_dawn(self, s, kind, nxt: Next, seat) -> None:
        """Dawn: the node is set with the card being resolved (:meth:`read_dawn`)."""

    # -- Dawn: the card being resolved and what it waits for -----------------------------------
    def item(self, t: CardAt, path: str, s) -> tuple:
        number = check_range(t.number, 1, 12, f"{path}.number")
        pos = self.board(t.room, f"{path}.room", s)
        if number == C.TOOLS:
            if t.colour is not None:
                raise self.err("all Mr. Tools of a room resolve together: no colour", f"{path}.colour", card_rule(12))
            return (number, pos, None)
        if t.colour is None:
            raise self.err("is missing", f"{path}.colour")
        cid = card(self.seat(t.colour, f"{path}.colour"), number)
        if cid not in s.cards[pos]:
            raise self.err("that card is not in that room", path, R_REVEAL)
        return (number, pos, cid)

    def read_dawn(self, s, kind: str, nxt: Next, seat) -> None:
        if not s.revealed:
            raise self.err("the cards are revealed at Dawn", "cards_revealed", R_REVEAL)
        s.queue = tuple(self.item(x, f"next.queue[{i}]", s) for i, x in enumerate(nxt.queue or ()))
        if kind == N_MISFORTUNE:
            if s.queue:
                raise self.err("every card is resolved before the misfortune die", "next.queue", R_PHASE_DAWN)
            return
        if nxt.resolving is None:
            raise self.err("is missing", "next.resolving")
        s.item = self.item(nxt.resolving, "next.resolving", s)
        number, pos, cid = s.item
        if cid is None:
            raise self.err("Mr. Tools resolves without a decision", "next.resolving", card_rule(12))
        owner = card_seat(cid)
        self.dawn_node_fits(kind, seat, number, owner)
        removed = self.removed(nxt, pos, s)
        if kind == N_PICK and not self.g.is_automata(owner) and (removed is None
                                                               or not self.g.is_automata(removed[1])):
            # the automata's tie is settled by a die when it resolves its own card, or when
            # another player's #3 Grrr threw out its guest and it chooses where it goes
            raise self.err(f"node {kind!r} settles the automata's choice: its card, or its guest that "
                           f"#3 Grrr threw out (next.removed)", "next.resolving.colour", R_2P_DAMAGE)
        _DAWN_NEXT[kind](self, s, nxt, seat, number, pos, removed)

    def dawn_node_fits(self, kind: str, seat, number: int, owner: int) -> None:
        """The node belongs to the card: its owner decides; Grrr's nodes are #3's; the roll-off
        and the forced Grrr resolve an automata card (2 players)."""
        if kind == N_CARD and seat != owner:
            raise self.err("the owner of the card decides", "next.seat", card_rule(number))
        if kind in (N_RELOCATE, N_FORCED_GRRR, N_ROLLOFF) and number != 3:
            raise self.err(f"node {kind!r} belongs to #3 Grrr", "next.resolving.number", card_rule(3))
        if kind in (N_FORCED_GRRR, N_ROLLOFF) and not self.g.is_automata(owner):
            raise self.err(f"node {kind!r} resolves an automata card", "next.resolving.colour")

    def removed(self, nxt: Next, pos: int, s):
        """The guest #3 Grrr threw out of the card's room (``next.removed``), or None."""
        r = nxt.removed
        if r is None:
            return None
        rseat = self.seat(r.colour, "next.removed.colour")
        rpos = self.board(r.room, "next.removed.room", s)
        bed = self.bed(r.bed, rpos, "next.removed.bed", s)
        if rpos != pos:
            raise self.err("Grrr removes a guest from the room of the card", "next.removed.room", card_rule(3))
        return ("relocate", rseat, rpos, bed)

    def dawn_card(self, s, nxt, seat, number, pos, removed) -> None:
        """Resolution: the owner decides whether to activate the card."""
        s.node = CARD_NODES[seat, number]

    def dawn_forced_grrr(self, s, nxt, seat, number, pos, removed) -> None:
        """Out! (2 players): the roll-off loser chooses which of her guests leaves."""
        s.node = FORCED_GRRR[seat]

    def dawn_relocate(self, s, nxt, seat, number, pos, removed) -> None:
        """#3 Grrr: "The guest owner then chooses another unoccupied bed or the lobby"."""
        if removed is None:
            raise self.err("is missing", "next.removed", card_rule(3))
        if removed[1] != seat:
            raise self.err("the guest owner chooses where it goes", "next.seat", card_rule(3))
        s.ctx = removed
        s.node = RELOCATE[seat]

    def dawn_roll(self, s, nxt, seat, number, pos, removed) -> None:
        """#10 Scratch Scratch / #11 Auuuuu: the guests still to roll the misfortune die."""
        r = nxt.rolls
        if r is None:
            raise self.err("is missing", "next.rolls")
        if r.card not in (10, 11) or r.card != number:
            raise self.err("the rolls belong to the card being resolved (#10 or #11)", "next.rolls.card")
        rpos = self.board(r.room, "next.rolls.room", s)
        guests = tuple(self.guest(x, f"next.rolls.guests[{i}]") for i, x in enumerate(r.guests))
        if rpos != pos or not guests or any(is_sedated(x) for x in guests):
            raise self.err("awake guests of the card's room roll, at least one", "next.rolls", card_rule(number))
        what = "flea" if r.card == 10 else "panic"
        s.ctx = ("roll", what, rpos, guests)
        s.node = ROLL[what]

    def dawn_rolloff(self, s, nxt, seat, number, pos, removed) -> None:
        """Out! (card #3, Grrr): both players roll a die."""
        if nxt.rolloff is None:
            raise self.err("is missing", "next.rolloff")
        humans = tuple(self.seat(x, f"next.rolloff[{i}]", players_only=True) for i, x in enumerate(nxt.rolloff))
        if len(humans) != 2 or humans[0] == humans[1]:
            raise self.err("both players roll", "next.rolloff", card_rule(3))
        s.ctx = ("rolloff", tuple(sorted(humans)))
        s.node = ROLLOFF

    def dawn_pick(self, s, nxt, seat, number, pos, removed) -> None:
        """Other cards (2 players): "If there are discussions, … roll a die to decide"."""
        if nxt.options is None:
            raise self.err("is missing", "next.options")
        opts = []
        for i, x in enumerate(nxt.options):
            try:
                a = parse_action(x)
            except ValueError:
                a = None
            if a is None or a.player != self.g.automata_seat:
                raise self.err(f"must be an action text of the automata, got {x!r}", f"next.options[{i}]")
            opts.append(Action(a.kind, a.args, a.player))
        if len(opts) < 2:
            raise self.err("a die settles a tie between at least two options", "next.options")
        s.ctx = ("pick", tuple(opts), removed)
        s.node = PICK

    # -- conservation (Components) ---------------------------------------------------------------
    def check_components(self, s, kind: str) -> None:
        """Every card of every colour in exactly one place; 4 guests per seat; the reform
        boards; and what each stage allows (played cards, guests, the reveal). Every seat and
        every count is checked."""
        for q in range(self.n):
            self.run(self.check_cards, s, kind, q)
        for q in range(self.n):
            self.run(self.check_guests, s, q)
        for check in (self.check_reforms, self.check_stage):
            self.run(check, s, kind)

    def decks_shuffled(self, s, kind: str, q: int) -> bool:
        """Whether seat ``q``'s deck has been shuffled at setup (Setup 3)."""
        if kind in _SETUP_DICE or (kind == N_SETUP_SHUFFLE and s.node.context[0] == "rooms"):
            return False
        if kind == N_SETUP_SHUFFLE and s.node.context[0].startswith("deck"):
            return q < int(s.node.context[0][4:])
        return True

    def check_cards(self, s, kind: str, q: int) -> None:
        """Components: "60 playing cards, 12 of each color" — each of a colour in one place."""
        g = self.g
        places = {f"seats[{q}].hand": list(s.hands[q]), f"seats[{q}].deck": list(s.decks[q]),
                  f"seats[{q}].discard": list(s.discards[q])}
        for i, cs in enumerate(s.cards):
            places[f"rooms[{i}].cards"] = [card_number(c) for c in cs if card_seat(c) == q]
        if g.is_automata(q):
            places["automata_cards"] = [c for _, c, _ in s.auto_cards]
        if not self.decks_shuffled(s, kind, q):
            want = () if g.is_automata(q) else (C.TOOLS,)
            if tuple(s.hands[q]) != want or s.decks[q] or s.discards[q] or any(
                    v for k, v in places.items() if k.startswith("rooms")):
                raise self.err(f"{C.COLOURS[q]}'s cards are not shuffled yet: only Mr. Tools in hand", f"seats[{q}]",
                               R_SETUP_DECKS)
            return
        check_partition(places, Counter(range(1, 13)), f"{C.COLOURS[q]} card", rule=R_SETUP)
        if not g.is_automata(q) and C.TOOLS in s.decks[q]:
            raise self.err("Mr. Tools is set aside, never in the deck", f"seats[{q}].deck", R_SETUP_DECKS)
        if g.is_automata(q) and s.hands[q] and not (kind == N_RESHUFFLE and s.cursor == q):
            raise self.err("the automata has no hand: its cards go face down to the rooms", f"seats[{q}].hand",
                           R_SETUP)

    def check_guests(self, s, q: int) -> None:
        """Components: "4 guest tokens of each color", in supply, the Lobby, beds or in transit."""
        ctx = s.ctx[2] if s.ctx and s.ctx[0] == "pick" else s.ctx
        transit = 0
        if ctx and ctx[0] == "move" and ctx[3] == q:
            transit = 1
        if ctx and ctx[0] == "relocate" and ctx[1] == q:
            transit = 1
        bedded = sum(1 for room in s.beds for gs in room for x in gs if guest_seat(x) == q)
        total = s.supply[q] + s.lobby[q] + bedded + transit
        if total != C.GUESTS_PER_PLAYER:
            raise self.err(f"{C.COLOURS[q]} has {total} guests (supply, Lobby, beds), not {C.GUESTS_PER_PLAYER}",
                           f"seats[{q}]", R_SETUP)
        if self.g.is_automata(q) and s.supply[q]:
            raise self.err("the automata's guests wait in the Lobby, not in a supply",
                           f"seats[{q}].guests_in_supply", R_SETUP)

    def check_reforms(self, s, kind: str) -> None:
        """Components: "5 reform boards" — in the deck, in the rooms or being laid, once each
        after setup has shuffled them."""
        reforms = {"reform_deck": list(s.reform_deck)}
        for i, r in enumerate(s.reform):
            reforms[f"rooms[{i}].reform"] = [r[0]] if r else []
        if s.ctx and s.ctx[0] == "reform":
            reforms["next.reform"] = [s.ctx[2]]
        if kind not in (N_SETUP_SHUFFLE,) + _SETUP_DICE:
            check_partition(reforms, Counter(list(C.reforms())), "reform board", rule=R_REFORM)
        elif any(reforms.values()):
            raise self.err("the reform boards are shuffled into the reform deck at setup", "reform_deck", R_SETUP)

    def check_stage(self, s, kind: str) -> None:
        """What each stage allows: the cards face down at Night, no cards or guests in the rooms
        before the Night, only players who acted can have passed, rounds from 1."""
        if s.stage == "night" and s.revealed:
            raise self.err("the cards stay face down during the Night", "cards_revealed", R_REVEAL)
        if s.stage in ("setup", "dusk") and any(s.cards):
            raise self.err("played cards stay in the rooms only from the Night to End of day", "rooms", R_END_DAY)
        if kind in (N_TURN, N_MOVETO) and not s.passed <= set(s._order()[:s.turn]):
            raise self.err("only players who already acted this round can have passed", "passed")
        if s.stage in ("setup", "dusk") and any(gs for room in s.beds for gs in room):
            raise self.err("guests are placed from the first Night on and go home at Day", "rooms", R_PLACE)
        if s.stage == "night" and s.round < 1:
            raise self.err("the Night's rounds start at 1", "round", R_PHASE_NIGHT)


_NEXT = {
    N_SETUP_SHUFFLE: _Reader.next_shuffle, N_RESHUFFLE: _Reader.next_reshuffle, N_SIDE: _Reader.next_side,
    N_SIDE_CHOICE: _Reader.next_side, N_WEAR: _Reader.next_wear, N_TURN: _Reader.next_turn,
    N_MOVETO: _Reader.next_turn, N_AUTOROOM: _Reader.next_automata, N_AUTOBED: _Reader.next_automata,
    N_MISFORTUNE: _Reader.next_misfortune, N_REFORM: _Reader.next_reform, N_END: _Reader.next_end,
    **{k: _Reader.next_dawn for k in _DAWN},
}
"""node kind -> the reader of its ``[next]`` fields."""

_DAWN_NEXT = {
    N_CARD: _Reader.dawn_card, N_FORCED_GRRR: _Reader.dawn_forced_grrr, N_RELOCATE: _Reader.dawn_relocate,
    N_ROLL: _Reader.dawn_roll, N_ROLLOFF: _Reader.dawn_rolloff, N_PICK: _Reader.dawn_pick,
}
"""Dawn node kind -> the reader of what the card being resolved waits for."""


def build(game, p: Position, problems: Problems):
    """The state position ``p`` declares; every rule it breaks goes to ``problems`` (the core
    then raises one PositionError listing them)."""
    return _Reader(game, p, problems).read()


# ================================================================== hidden information
def resample_hidden(s, seat: int, rng: random.Random):
    """A state that agrees with everything ``seat`` may see: every other seat's hand, every
    deck's order, the face-down cards in the rooms ``seat`` has not seen (Spy) and the
    automata cards another player drew are dealt again at random from the same colour's
    hidden cards; the reform deck is reshuffled. Discard piles are public (HH-12)."""
    t = s._copy().own_all()
    g = s.game
    hidden_room = {}  # colour -> [(pos, index in room)]
    if not s.revealed:
        for pos, cs in enumerate(s.cards):
            for i, c in enumerate(cs):
                q = card_seat(c)
                if q != seat and c not in s.known[seat]:
                    hidden_room.setdefault(q, []).append((pos, i))
    remap = {}
    for q in range(g.num_seats):
        slots = hidden_room.get(q, [])
        hand_hidden = q != seat
        drawn = [i for i, (d, _, _) in enumerate(s.auto_cards)
                 if g.is_automata(q) and d != seat and s.node.kind == N_AUTOROOM]
        pool = list(s.decks[q])
        if hand_hidden:
            pool += list(s.hands[q])
        pool += [card_number(s.cards[pos][i]) for pos, i in slots]
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
            new = card(q, next(it))
            remap[t.cards[pos][i]] = new
            t.cards[pos] = replaced(t.cards[pos], i, new)
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
