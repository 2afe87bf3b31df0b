"""Declared positions of Hellton Palace as a schema: where everything is, and whose decision is next.

A position (``state.to_position()``; ``game.state_from_position(table)``) is a TOML-able table
in the rulebook's words. The core adds the header (format, version, game, num_players,
options) and reads the rest through this module (``Game.position``, a
:class:`~hotellab.core.position.PositionSchema`): :class:`Position` is its shape (a pydantic
model: every field with its meaning and rule; ``docs/games/hellton_palace-position.md`` is
written from it), :func:`write` writes a state's position and :func:`build` makes the state a
position declares, adding to ``problems`` every rule the position breaks (each naming its field
and rule; the core raises one PositionError listing them all). Only the core imports this module,
when a position is read or written, so pydantic loads only then.

Example, abridged (the whole table of the rulebook's Example of a Turn is the ``[position]`` of
``notebooks/scenarios/hellton_palace_example_turn.toml``)::

    turn = 5                    # Turn N: Red's N-th turn and then Blue's
    player = "Red"              # whose turn it is (Red is the First player)
    step = "welcome"            # the decision due: see STEPS
    last_turn = false           # the Second player's last turn (End of the Game)

    [display]                   # the 3 rows of 6 guest cards; 0 = a card already taken
    lowest = [0, 0, 5, 0, 0, 0]
    middle = [0, 0, 0, 9, 13, 0]
    highest = [17, 0, 12, 14, 11, 15]

    [hotels.Red]
    doorbells = 2               # in the Hall (the others are beside the hotel)
    pillars = [4, 4, 2]         # per group, under columns 1, 2, 3
    coins = 7
    grooms_hired = []           # groom ids with their hired side up
    last_room_served = 0        # the groom pawn's measure (End of the Game)
    [hotels.Red.rooms]          # room number -> guest card; absent = a free room
    2 = { card = 2, guest = "The Snorer" }
    3 = { card = 3, guest = "Anubis", irritated = true }

By step: ``"serve"`` has ``groom_room``; ``"target"`` / ``"pillar"`` have ``groom_room``,
``decision`` (the choice asked, see :func:`_op_words`) and ``pending`` (the effects still to
apply after it); ``"swap"`` has ``designated_room``; ``"end"`` has ``winners`` and
``end_text``.

Every rule is checked: each of the display's 18 cards in exactly one place (a row or a room),
values in range, a hotel that has fallen only when the game is over or in the First player's
hotel during the last turn, and the step's fields consistent with the board.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, WrapValidator
from pydantic_core import PydanticCustomError

from ...core.position import Problems
from .components import (
    ADJ, COMPLETE, GROOM_IDS, GROOM_INDEX, GUEST, GUESTS, MAX_BELLS, PILLARS, ROW_NAMES, SIDES, parse_effect,
)
from .rules import (
    COLLECT, END, HIRE, N_COLLECT, N_DISPLAY, N_END, N_HIRE, N_PILLAR, N_SERVE, N_SWAP, N_TARGET, N_WELCOME,
    NODE_KINDS, R_COINS, R_COURSE, R_DOORBELL_COUNTER, R_DOUBLE_SIDED, R_EFFECTS, R_END, R_END_COMPARE,
    R_END_COMPLETE, R_END_FIRST, R_END_SECOND, R_GROOM, R_GROOM_TILES, R_IRRITATION, R_PILLAR_GROUPS, R_ROOMS,
    R_SERVE, R_SETUP, R_TOUR, R_WELCOME, SERVE, WELCOME, choice_node, swap_node,
)
from .state import HelltonPalaceState, fallen

SEATS = ("Red", "Blue")
STEPS = NODE_KINDS
"""The ``step`` values: the node kinds of :mod:`.rules` (display, welcome, hire, swap, serve,
target, pillar, collect, end)."""
ROW_OF = {v: k for k, v in ROW_NAMES.items()}
_OP_WORD = {"T": "irritate", "TS": "irritate if satisfied", "TT": "tantrum if irritated",
            "P": "remove a pillar", "D": "remove a doorbell", "F": "flip"}
_WORD_OP = {v: k for k, v in _OP_WORD.items()}


# == the shape ===================================================================================
def _typed(kind: type, words: str):
    """``kind`` (bool is never an int here), refused in the words the position pages use."""
    def check(value, handler):
        if type(value) is not kind:
            raise PydanticCustomError(f"{kind.__name__}_type", f"must be {words}")
        return handler(value)
    return Annotated[kind, WrapValidator(check)]


Int = _typed(int, "a whole number")
Bool = _typed(bool, "true or false")
Str = _typed(str, "text")


def _groom_word(value, handler):
    if not isinstance(value, str):
        raise PydanticCustomError("groom_type", "unknown groom {g}; the grooms are {ids}",
                                  {"g": repr(value), "ids": ", ".join(GROOM_IDS)})
    return handler(value)


GroomId = Annotated[str, WrapValidator(_groom_word)]
_STRICT = ConfigDict(extra="forbid", strict=True)


def _f(default, description: str, rule: str | None = None):
    return Field(default, description=description, json_schema_extra={"rule": rule} if rule else None)


class Guest(BaseModel):
    """A guest card in a room of a hotel."""

    model_config = _STRICT
    card: Int = _f(..., "the guest card (1-36): one of the 18 cards in play", "Setup / 6")
    side: Literal["a", "b"] = _f("a", "the side face up: b only on a double-sided card",
                                 "Game Components / 36 Guest cards")
    guest: Optional[Str] = _f(None, "the name on that side (optional, checked against the card)")
    irritated: Bool = _f(False, "the guest has an Irritation token (one at most)",
                         "Course of the Game / 4. Do the Tour of the Rooms / Irritation Tokens")


class Hotel(BaseModel):
    """A player's Hotel board: its rooms, Hall, Basement, coins and groom tiles."""

    model_config = _STRICT
    rooms: dict[str, Guest] = _f({}, "room number (1-9) -> the guest in it; a room not listed is free",
                                 "Game Components / 2 Hotel boards")
    doorbells: Int = _f(..., "Doorbell tokens in the Hall (0-3; the others are beside the hotel)",
                        "Game Components / 2 Hotel boards")
    pillars: list[Int] = _f(..., "Pillar tokens of each group, under columns 1, 2 and 3 (0-4 each)",
                            "Game Components / 2 Hotel boards")
    coins: Int = _f(..., "the value of the player's Coin tokens (0 or more; the supply never runs out)",
                    "Game Components / 36 Coin tokens")
    grooms_hired: list[GroomId] = _f([], "the groom tiles on their hired side (mason, false_reservation, "
                                         "placer, false_placer, diplomat; each once)",
                                     "Game Components / 10 Groom tiles")
    false_reservation_row: Optional[Str] = _f(None, "the row the False Reservation faces (lowest, middle or "
                                                    "highest), exactly when it is hired",
                                              "The Different Grooms / The False Reservation")
    last_room_served: Int = _f(0, "the last room served by the groom pawn in the current or stopped tour "
                                  "(0: none)", "Course of the Game / 4. Do the Tour of the Rooms")
    tour_complete: Bool = _f(False, "the groom pawn completed its tour and is back in the Hall",
                             "Course of the Game / 4. Do the Tour of the Rooms")


class Display(BaseModel):
    """The guest display: 3 rows of 6 places, a card number or 0 for a card already taken."""

    model_config = _STRICT
    lowest: list[Int] = _f(..., "the lowest row (its guests go to floor 1)", "Setup / 6")
    middle: list[Int] = _f(..., "the middle row (floor 2)", "Setup / 6")
    highest: list[Int] = _f(..., "the highest row (floor 3)", "Setup / 6")


class Op(BaseModel):
    """A door-hanger effect still to apply, or the choice asked: ``{effect, room}`` (an effect of
    the guest in ``room``, not yet begun), ``{choose, by, then, room, effect, count}`` (a guest
    or a column chosen by a seat, then irritated or losing a pillar; ``count`` [i, n]: the i-th
    of n choices) or ``{do, target | column, room, effect}`` (one operation: irritate,
    irritate if satisfied, tantrum if irritated, remove a pillar, remove a doorbell, flip)."""

    model_config = _STRICT
    effect: Optional[Str] = _f(None, "the door-hanger effect, as the card data writes it (e.g. \"irritate "
                                     "adjacent\")", "Description of the Effects")
    room: Optional[Int] = _f(None, "the room of the guest whose effect it is", "Description of the Effects")
    choose: Optional[Str] = _f(None, "what is chosen: guest or pillar", "Description of the Effects")
    by: Optional[Str] = _f(None, "who chooses: Red or Blue", "Description of the Effects")
    then: Optional[Str] = _f(None, "what happens to the choice", "Description of the Effects")
    count: Optional[list[Int]] = _f(None, "[i, n]: the i-th of n choices (absent: [1, 1])",
                                    "Description of the Effects")
    do: Optional[Str] = _f(None, "the operation", "Description of the Effects")
    target: Optional[Int] = _f(None, "the room of the guest it acts on", "Description of the Effects")
    column: Optional[Int] = _f(None, "the column whose pillar group loses a pillar (1-3)",
                               "Description of the Effects")


class Position(BaseModel):
    """A Hellton Palace position: the turn, whose decision is next, the display and both hotels."""

    model_config = _STRICT
    turn: Optional[Int] = _f(None, "Turn N: the First player's N-th turn and then the Second player's (absent "
                                   "or 0 only at the setup step)", "Course of the Game")
    player: Optional[Literal["Red", "Blue"]] = _f(None, "whose turn it is: Red (the First player) or Blue",
                                                  "Course of the Game")
    step: Literal[STEPS] = _f(..., "the decision due: display (setup), welcome, hire, swap (the False Placer's), "
                                   "serve, target, pillar, collect or end", "Course of the Game")
    last_turn: Bool = _f(False, "the Second player's last turn, after the fall of the First player's hotel",
                         "End of the Game / If one of these conditions occurs in the First player's Hotel")
    welcomed_room: Int = _f(0, "the room of the guest welcomed this turn (the Placer's guest; 0: none)",
                            "Course of the Game / 1. Welcome a New Guest")
    groom_room: Optional[Int] = _f(None, "at serve, target and pillar: the room the groom pawn stands in front of",
                                   "Course of the Game / 4. Do the Tour of the Rooms")
    decision: Optional[Op] = _f(None, "at target and pillar: the choice asked", "Description of the Effects")
    pending: Optional[list[Op]] = _f(None, "at target and pillar: the effects still to apply after the choice",
                                     "Course of the Game / 4. Do the Tour of the Rooms / Serve the Guest")
    designated_room: Optional[Int] = _f(None, "at swap: the False Placer's guest in the opponent's hotel",
                                        "The Different Grooms / The False Placer")
    winners: Optional[list[Str]] = _f(None, "at end: the winner (Red or Blue), or none for a shared defeat",
                                      "End of the Game")
    end_text: Optional[Str] = _f(None, "at end: how the game ended, in words")
    display: Optional[Display] = _f(None, "the guest display (every step but the setup)", "Setup / 6")
    hotels: Optional[dict[str, Hotel]] = _f(None, "Red's and Blue's hotels, the 2 Hotel boards (every step but "
                                                  "the setup)")


# == writing ===================================================================================
def _op_words(op) -> dict:
    """One pending operation as a table (see :mod:`.effects` for the operations)."""
    k = op[0]
    if k == "E":
        return {"effect": op[2].code, "room": op[1]}
    if k == "Q":
        _, kind, chooser, letter, concerned, e, i, n = op
        return {"choose": kind, "by": SEATS[chooser], "then": _OP_WORD[letter], "room": concerned,
                "effect": e.code, "count": [i, n]}
    _k, x, src, e = op
    out = {"do": _OP_WORD[k]}
    if k == "P":
        out["column"] = x
    elif k != "D":
        out["target"] = x
    if src:
        out["room"] = src
    if e is not None:
        out["effect"] = e.code
    return out


def _hotel_words(s, seat: int) -> dict:
    rooms = {}
    g, t = s.guests[seat], s.tokens[seat]
    for n in range(1, 10):
        if g[n]:
            card, side = GUEST.get(g[n], "card"), GUEST.get(g[n], "side")
            rooms[str(n)] = {"card": card, "side": SIDES[side], "guest": GUESTS[card].sides[side].name,
                             "irritated": bool(t >> n & 1)}
    h = {"rooms": rooms, "doorbells": s.doorbells[seat], "pillars": list(s.pillars[seat]),
         "coins": s.coins[seat], "grooms_hired": [GROOM_IDS[i] for i in range(5) if s.hired[seat] >> i & 1]}
    if s.fr_row[seat]:
        h["false_reservation_row"] = ROW_NAMES[s.fr_row[seat]]
    if s.reached[seat] == COMPLETE:
        h["tour_complete"] = True
        h["last_room_served"] = 0
    else:
        h["last_room_served"] = s.reached[seat]
    return h


def write(s) -> dict:
    """The position of state ``s`` (module doc): where everything is and whose decision is next."""
    kind = s.node[0]
    out: dict = {"turn": s.round, "player": SEATS[s.active], "step": kind, "last_turn": s.last_turn}
    if kind == N_DISPLAY:  # Setup 1-5 done, nothing else on the table yet
        return out
    if s.welcomed:
        out["welcomed_room"] = s.welcomed
    if kind in (N_SERVE, N_TARGET, N_PILLAR):
        out["groom_room"] = s.cursor
    if kind in (N_TARGET, N_PILLAR):
        out["decision"] = _op_words(s.node[3])
    if s.todo:
        out["pending"] = [_op_words(op) for op in s.todo]
    if kind == N_SWAP:
        out["designated_room"] = s.node[3][0]
    if kind == N_END:
        out["winners"] = [SEATS[w] for w in s.result]
        out["end_text"] = s.end_text
    out["display"] = {ROW_NAMES[r]: list(s.display[r - 1]) for r in (1, 2, 3)}
    out["hotels"] = {SEATS[seat]: _hotel_words(s, seat) for seat in (0, 1)}
    return out


# == building: every rule of the position, each problem with its field and rule ================
def _range(problems: Problems, value: int, lo: int, hi: int, path: str, rule=None) -> bool:
    return problems.check(lo <= value <= hi, path, f"must be from {lo} to {hi}, got {value}", rule)


def build(game, p: Position, problems: Problems) -> HelltonPalaceState:
    """The state position ``p`` declares (module doc); every rule it breaks is added to
    ``problems`` (in the order of the old reader, so the first problem is the one it named)."""
    s = HelltonPalaceState.initial(game)
    if p.step == N_DISPLAY:
        _check_setup(p, problems)
        return s
    display = _read_display(p, problems)
    hotels = _read_hotels(p, problems)
    if display is None or hotels is None:
        return s
    _check_cards(s, display, hotels, problems)
    active = _read_turn(p, hotels, problems)
    s.display = display
    for name in ("guests", "tokens", "pillars", "doorbells", "coins", "hired", "fr_row", "reached"):
        setattr(s, name, [hotels[0][name], hotels[1][name]])
    s.round, s.active, s.last_turn = p.turn or 0, active, p.last_turn
    s.welcomed = _read_welcomed(s, p, active, problems)
    _read_node(s, p, active, problems)
    return s


def _check_setup(p: Position, problems: Problems) -> None:
    """Setup 1-5 done: nothing is on the table before the display (Setup 6, a chance action)."""
    extra = sorted(set(p.model_fields_set) - {"step", "turn", "player", "last_turn"})
    ok = not extra and (p.turn or 0) == 0 and p.player in (None, "Red") and not p.last_turn
    problems.check(ok, extra[0] if extra else "step", "the setup step (the display, a chance action) has nothing "
                   "on the table yet: give only step = \"display\"", R_SETUP)


def _read_display(p: Position, problems: Problems):
    """Setup 6: 3 rows of 6 places, each a guest card number or 0 (a card taken)."""
    if p.display is None:
        problems.add("display", "is missing")
        return None
    rows = []
    for r in (1, 2, 3):
        name = ROW_NAMES[r]
        cards = getattr(p.display, name)
        if not problems.check(len(cards) == 6, f"display.{name}",
                              f"must hold 6 places (0 for a card taken), got {len(cards)}", R_SETUP):
            cards = (cards + [0] * 6)[:6]
        for i, c in enumerate(cards):
            if c != 0 and not _is_card(c, f"display.{name}[{i}]", problems):
                cards[i] = 0
        rows.append(tuple(cards))
    return tuple(rows)


def _is_card(c: int, path: str, problems: Problems) -> bool:
    return problems.check(c in GUESTS, path, f"must be a guest card number 1 to 36, got {c!r}", R_SETUP)


def _read_hotels(p: Position, problems: Problems):
    """Game Components, "2 Hotel boards": Red's and Blue's."""
    if p.hotels is None:
        problems.add("hotels", "is missing")
        return None
    for key in p.hotels:
        problems.check(key in SEATS, f"hotels.{key}", f"the game has 2 Hotel boards, Red's and Blue's; {key!r} is "
                       f"not one of them", R_ROOMS)
    out = []
    for name in SEATS:
        h = p.hotels.get(name)
        if h is None:
            problems.add(f"hotels.{name}", "is missing")
            return None
        out.append(_read_hotel(h, f"hotels.{name}", problems))
    return out


def _read_rooms(h: Hotel, path: str, problems: Problems) -> tuple[list, int]:
    """The guests in the rooms (``GUEST`` packing) and the tokens mask (``TOKENS``)."""
    guests, tokens = [0] * 10, 0
    for key, g in h.rooms.items():
        rp = f"{path}.rooms.{key}"
        if not problems.check(key.isdigit() and 1 <= int(key) <= 9, rp, "rooms are numbered 1 to 9", R_ROOMS):
            continue
        n, card = int(key), g.card
        if not problems.check(card in GUESTS, f"{rp}.card", f"must be a guest card number 1 to 36, got {card!r}",
                              R_SETUP):
            continue
        gc, side = GUESTS[card], SIDES.index(g.side)
        if not problems.check(side == 0 or gc.double, f"{rp}.side",
                              f"card {card} ({gc.sides[0].name}) is single-sided: side a only", R_DOUBLE_SIDED):
            side = 0
        name = gc.sides[side].name
        problems.check(g.guest is None or g.guest == name, f"{rp}.guest",
                       f"card {card} side {g.side} is {name!r}, not {g.guest!r}")
        guests[n] = GUEST.pack(card=card, side=side)
        if g.irritated:
            tokens |= 1 << n
    return guests, tokens


def _read_hired(h: Hotel, path: str, problems: Problems) -> tuple[int, int]:
    """The groom tiles on their hired side (``HIRED`` packing) and the row the False
    Reservation faces (0: none)."""
    hired = 0
    for i, gid in enumerate(h.grooms_hired):
        where = f"{path}.grooms_hired[{i}]"
        if not problems.check(gid in GROOM_INDEX, where, f"unknown groom {gid!r}; the grooms are "
                              f"{', '.join(GROOM_IDS)}", R_GROOM_TILES):
            continue
        bit = 1 << GROOM_INDEX[gid]
        problems.check(not hired & bit, where, f"{gid} is listed twice; each player has one tile of each groom",
                       R_GROOM_TILES)
        hired |= bit
    fr, rule, where = 0, R_GROOM["false_reservation"], f"{path}.false_reservation_row"
    name = h.false_reservation_row
    if name is not None:
        if problems.check(name in ROW_OF, where, f"must be \"lowest\", \"middle\" or \"highest\", got {name!r}", rule):
            fr = ROW_OF[name]
        else:
            return hired, 0
    problems.check(bool(fr) == bool(hired >> GROOM_INDEX["false_reservation"] & 1), where,
                   "the False Reservation's tile faces a row exactly when it is hired", rule)
    return hired, fr


def _read_reached(h: Hotel, guests: list, path: str, problems: Problems) -> int:
    """The groom pawn's measure (End of the Game): the last room served, or COMPLETE."""
    where = f"{path}.last_room_served"
    reached = h.last_room_served
    if not _range(problems, reached, 0, 9, where, R_TOUR):
        return 0
    if h.tour_complete:
        problems.check(not reached, where, "a completed tour has no last room served (the groom is back in the Hall)",
                       R_TOUR)
        return COMPLETE
    problems.check(not reached or guests[reached], where,
                   f"room {reached} holds no guest, so it cannot be the last room served", R_TOUR)
    return reached


def _read_hotel(h: Hotel, path: str, problems: Problems) -> dict:
    guests, tokens = _read_rooms(h, path, problems)
    bells = h.doorbells
    if not _range(problems, bells, 0, MAX_BELLS, f"{path}.doorbells", R_DOORBELL_COUNTER):
        bells = min(max(bells, 0), MAX_BELLS)
    pillars = list(h.pillars)
    if not problems.check(len(pillars) == 3, f"{path}.pillars", f"must be the pillars of the 3 groups, got "
                          f"{len(pillars)} numbers", R_PILLAR_GROUPS):
        pillars = (pillars + [PILLARS] * 3)[:3]
    for i, x in enumerate(pillars):
        if not _range(problems, x, 0, PILLARS, f"{path}.pillars[{i}]", R_PILLAR_GROUPS):
            pillars[i] = min(max(x, 0), PILLARS)
    problems.check(h.coins >= 0, f"{path}.coins", f"must be 0 or more, got {h.coins}", R_COINS)
    hired, fr = _read_hired(h, path, problems)
    reached = _read_reached(h, guests, path, problems)
    return {"guests": guests, "tokens": tokens, "doorbells": bells, "pillars": pillars, "coins": max(h.coins, 0),
            "hired": hired, "fr_row": fr, "reached": reached}


def _check_cards(s, display: tuple, hotels: list, problems: Problems) -> None:
    """Setup 6: 18 of the 36 cards (the 18 introductory ones with option cards='intro'), each in
    one place: a row of the display or a room."""
    places: Counter = Counter()
    where: dict = {}
    for r in (1, 2, 3):
        for i, c in enumerate(display[r - 1]):
            if c:
                places[c] += 1
                where.setdefault(c, f"display.{ROW_NAMES[r]}[{i}]")
    for seat, h in enumerate(hotels):
        for n in range(1, 10):
            if h["guests"][n]:
                c = GUEST.get(h["guests"][n], "card")
                places[c] += 1
                if not problems.check(places[c] == 1, f"hotels.{SEATS[seat]}.rooms.{n}.card",
                                      f"guest card {c} is already at {where.get(c)}; every card is in one place",
                                      R_SETUP):
                    continue
                where[c] = f"hotels.{SEATS[seat]}.rooms.{n}"
    for c in sorted(c for c, k in places.items() if k > 1 and where[c].startswith("display")):
        if sum(1 for row in display for x in row if x == c) > 1:
            problems.add(where[c], f"guest card {c} is in the display twice", R_SETUP)
    n = sum(places.values())
    problems.check(n == 18, "display", f"the display and the hotels hold {n} guest cards; the game uses 18 "
                   f"(the others stay in the box)", R_SETUP)
    for c in sorted(set(places) - set(s._pool())):
        problems.add(where[c], f"card {c} is not one of the 18 introductory cards (option cards='intro')", R_SETUP)


def _fallen(h: dict) -> bool:
    return fallen(h["doorbells"], h["pillars"])


def _read_turn(p: Position, hotels: list, problems: Problems) -> int:
    """Course of the Game: the turn and whose it is; End of the Game: a fallen hotel ends the game
    (the First player's stands fallen during the Second player's last turn)."""
    if p.turn is None:
        problems.add("turn", "is missing")
    else:
        _range(problems, p.turn, 1, 10_000, "turn", R_COURSE)
    if p.player is None:
        problems.add("player", "is missing")
    active = SEATS.index(p.player or "Red")
    if p.last_turn:
        problems.check(active == 1, "last_turn", "only the Second player (Blue) takes a last turn", R_END_FIRST)
    for seat, h in enumerate(hotels):
        ok = not _fallen(h) or p.step == N_END or (p.last_turn and seat == 0)
        what = "no doorbell in the Hall" if h["doorbells"] == 0 else "an empty pillar group"
        problems.check(ok, f"hotels.{SEATS[seat]}", f"{SEATS[seat]}'s hotel has {what}: the game would be over (or "
                       f"in Blue's last turn)", R_END)
        # a hotel falls during its own tour (the effects of the guests served, HP-16): its groom
        # stays in front of the last room served, never back in the Hall
        problems.check(not _fallen(h) or h["reached"] != COMPLETE, f"hotels.{SEATS[seat]}.tour_complete",
                       f"{SEATS[seat]}'s hotel fell, which happens during its own tour: the groom stops in front of "
                       f"the last room served (last_room_served), its tour is not complete", R_END)
    if p.last_turn:
        problems.check(_fallen(hotels[0]), "last_turn",
                       "the last turn follows the fall of the First player's hotel; Red's stands", R_END_FIRST)
    return active


def _read_welcomed(s, p: Position, active: int, problems: Problems) -> int:
    """1. Welcome a New Guest: the guest welcomed this turn (the Placer's), 0 for none."""
    room = p.welcomed_room
    if not room:
        return 0
    if not _range(problems, room, 1, 9, "welcomed_room", R_ROOMS):
        return 0
    problems.check(s.guests[active][room], "welcomed_room", f"room {room} of {SEATS[active]}'s hotel holds no guest",
                   R_WELCOME)
    return room


# -- the node ---------------------------------------------------------------------------------
_STEP_FIELDS = {N_SERVE: {"groom_room"}, N_TARGET: {"groom_room", "decision", "pending"},
                N_PILLAR: {"groom_room", "decision", "pending"}, N_SWAP: {"designated_room"},
                N_END: {"winners", "end_text"}}
_NODE_FIELDS = ("groom_room", "decision", "pending", "designated_room", "winners", "end_text")


def _read_node(s, p: Position, active: int, problems: Problems) -> None:
    """The node: whose decision is next, with its pending effects, checked against the board."""
    allowed = _STEP_FIELDS.get(p.step, set())
    given = p.model_fields_set
    for k in sorted(k for k in _NODE_FIELDS if k in given and k not in allowed):
        problems.add(k, f"is not a field of step {p.step!r}", R_COURSE)
    if p.step in (N_WELCOME, N_HIRE, N_COLLECT):
        _node_of_a_step(s, p.step, active, problems)
    elif p.step == N_SWAP:
        _node_swap(s, p, active, problems)
    elif p.step == N_END:
        _node_end(s, p, problems)
    else:
        _node_tour(s, p, active, problems)


def _node_of_a_step(s, step: str, active: int, problems: Problems) -> None:
    """Steps 1, 3 and 5 of the active player's turn (Course of the Game)."""
    if step == N_WELCOME:
        problems.check(s._open_rows(active), "step", f"{SEATS[active]} has no guest to welcome (the step would "
                       f"be skipped)", R_WELCOME)
        problems.check(not s.welcomed, "welcomed_room", "at step 1 no guest is welcomed yet this turn", R_COURSE)
    if step == N_COLLECT:
        problems.check(s.reached[active] == COMPLETE, "step", "step 5 comes after the whole tour: set tour_complete",
                       R_COURSE)
    s.node = {N_WELCOME: WELCOME, N_HIRE: HIRE, N_COLLECT: COLLECT}[step][active]


def _node_swap(s, p: Position, active: int, problems: Problems) -> None:
    """The False Placer: the opponent swaps the designated irritated guest with an adjacent one."""
    room, o, rule = p.designated_room, 1 - active, R_GROOM["false_placer"]
    if room is None:
        problems.add("designated_room", "is missing")
        return
    if not _range(problems, room, 1, 9, "designated_room", R_ROOMS):
        return
    problems.check(s.guests[o][room] and s.tokens[o] >> room & 1, "designated_room",
                   f"room {room} of {SEATS[o]}'s hotel holds no irritated customer", rule)
    problems.check(any(s.guests[o][m] for m in ADJ[room]), "designated_room",
                   f"the guest in room {room} has no orthogonally adjacent guest to swap with", rule)
    problems.check(s.hired[active] >> GROOM_INDEX["false_placer"] & 1, f"hotels.{SEATS[active]}.grooms_hired",
                   f"the False Placer is not among {SEATS[active]}'s grooms_hired", rule)
    s.node = swap_node(o, room)


def _node_end(s, p: Position, problems: Problems) -> None:
    """End of the Game: one winner, or a shared defeat; the winners must be those the board
    gives (:func:`_end_of_board`)."""
    if p.winners is None:
        problems.add("winners", "is missing (at the end: the winner, or [] for a shared defeat)", R_END)
        return
    ws = []
    for i, w in enumerate(p.winners):
        if problems.check(w in SEATS, f"winners[{i}]", f"must be \"Red\" (the First player) or \"Blue\", got {w!r}",
                          R_END):
            ws.append(SEATS.index(w))
    one = problems.check(len(p.winners) <= 1, "winners", "at most one player wins (the defeat is shared, or one "
                         "hotel stands)", R_END)
    if one and len(ws) == len(p.winners):
        _end_of_board(s, p, tuple(ws), problems)
    s.result = tuple(ws)
    s.end_text = p.end_text or ""
    s.node = END


def _end_of_board(s, p: Position, winners: tuple, problems: Problems) -> None:
    """The end the board shows (End of the Game), checked against ``winners``. The game ends in
    Blue's turn: Blue's hotel falls in Blue's own turn (Red wins), or Red's hotel fell and Blue
    played the last turn, which ends with Blue's whole tour completed (Blue wins) or with Blue's
    hotel fallen too (the groom pawns are compared)."""
    problems.check(s.active == 1, "player", "the game ends in the Second player's turn (the fall of Blue's hotel, "
                   "or Blue's last turn): player = \"Blue\"", R_END)
    red, blue = s.hotel_fallen(0), s.hotel_fallen(1)
    # (a last turn while Red's hotel stands is refused with the turn: _read_turn)
    problems.check(p.last_turn or not red, "last_turn", "Red's hotel fell, so the game ended in Blue's last turn: "
                   "last_turn = true", R_END_FIRST)
    if not (red or blue):
        problems.add("hotels", "neither hotel has fallen (every Hall has a doorbell and every pillar group a pillar): "
                     "the game is not over", R_END)
        return
    if blue and not red:
        expected, why, rule = (0,), "Blue's hotel fell in Blue's turn: Red wins", R_END_SECOND
    elif not blue:
        if not problems.check(s.reached[1] == COMPLETE, "hotels.Blue.tour_complete", "Red's hotel fell and Blue's "
                              "stands, so the game ended with Blue's last tour complete (or goes on)", R_END_COMPLETE):
            return
        expected, why, rule = (1,), "Red's hotel fell and Blue completed its last tour: Blue wins", R_END_COMPLETE
    else:
        a, b = s.reached
        expected = s.compared()
        why = (f"both hotels fell, so the groom pawns are compared: last rooms served Red {a}, Blue {b}; irritated "
               f"guests Red {s.irritated_count(0)}, Blue {s.irritated_count(1)}")
        rule = R_END_COMPARE
    names = " and ".join(SEATS[w] for w in expected) or "nobody (a shared defeat)"
    problems.check(winners == expected, "winners", f"{why}; the winner is {names}, got "
                   f"{[SEATS[w] for w in winners]}", rule)


def _node_tour(s, p: Position, active: int, problems: Problems) -> None:
    """4. Do the Tour of the Rooms: the groom pawn in front of an occupied room, never behind the
    last room served; a door-hanger choice while that room is served."""
    cursor, seat = p.groom_room, SEATS[active]
    if cursor is None:
        problems.add("groom_room", "is missing")
        return
    if not _range(problems, cursor, 1, 9, "groom_room", R_TOUR):
        return
    problems.check(s.guests[active][cursor], "groom_room", f"room {cursor} of {seat}'s hotel is empty; the groom "
                   f"stops only at occupied rooms", R_TOUR)
    reached = s.reached[active]
    late = reached == COMPLETE or reached > cursor or (p.step == N_SERVE and reached == cursor)
    problems.check(not late, f"hotels.{seat}.last_room_served", f"the last room served "
                   f"({'the tour is complete' if reached == COMPLETE else reached}) cannot be after the groom's room "
                   f"{cursor}: the tour goes from room 1 to 9", R_TOUR)
    s.cursor = cursor
    if p.step == N_SERVE:
        s.node = SERVE[active]
        return
    if not late:
        problems.check(reached == cursor, f"hotels.{seat}.last_room_served", f"a door-hanger choice is made while "
                       f"serving room {cursor}: its last_room_served is {cursor}", R_TOUR)
    s.serving = cursor
    _node_choice(s, p, active, cursor, problems)


def _node_choice(s, p: Position, active: int, cursor: int, problems: Problems) -> None:
    """A door-hanger choice (a guest or a column) and the effects still to apply after it: all of
    them the served guest's (Serve the Guest)."""
    if p.decision is None:
        problems.add("decision", "is missing")
        return
    op = _read_op(p.decision, "decision", problems)
    if op is None:
        return
    want = "guest" if p.step == N_TARGET else "pillar"
    if not problems.check(op[0] == "Q" and op[1] == want, "decision", f"step {p.step!r} asks to choose a {want}: "
                          f"decision.choose = {want!r}", R_EFFECTS):
        return
    if want == "guest":
        problems.check(s._occupied_others(active, op[4]), "decision",
                       "no other guest to choose: the effect would do nothing", R_EFFECTS)
    else:
        problems.check(any(s.pillars[active]), "decision", "no pillar left to choose", R_EFFECTS)
    s.node = choice_node(p.step, op[2], op)
    todo = [_read_op(t, f"pending[{i}]", problems) for i, t in enumerate(p.pending or ())]
    s.todo = tuple(t for t in todo if t is not None)
    for path, q in [("decision", op)] + [(f"pending[{i}]", q) for i, q in enumerate(todo) if q is not None]:
        src = q[4] if q[0] == "Q" else q[1] if q[0] == "E" else q[2]
        problems.check(src == cursor, f"{path}.room", f"the effects being applied are those of the guest served, in "
                       f"room {cursor}", R_SERVE)
        if q[0] in ("T", "TS", "TT", "F"):
            problems.check(s.guests[active][q[1]], f"{path}.target", f"room {q[1]} holds no guest", R_IRRITATION)


# -- the operations of a service (decision, pending) --------------------------------------------
def _effect(code: str, path: str, problems: Problems):
    try:
        return parse_effect(code)
    except ValueError as exc:
        problems.add(path, str(exc).replace("hellton_palace data/guests.toml: ", ""), R_EFFECTS)
        return None


def _given(t: Op, known: tuple, required: tuple, path: str, problems: Problems) -> bool:
    """The fields of one form of operation table: none but ``known``, every one of ``required``."""
    extra = sorted(k for k in t.model_fields_set if k not in known)
    for k in extra:
        problems.add(f"{path}.{k}", f"unknown field; known fields: {', '.join(sorted(known))}")
    missing = [k for k in required if getattr(t, k) is None]
    for k in missing:
        problems.add(f"{path}.{k}", "is missing")
    return not extra and not missing


def _room(value: int, path: str, problems: Problems, rule=R_ROOMS) -> int | None:
    return value if _range(problems, value, 1, 9, path, rule) else None


def _read_op(t: Op, path: str, problems: Problems):
    """One operation of :mod:`.effects` from its table (see :class:`Op`), or None with its
    problems added."""
    if t.effect is not None and t.do is None and t.choose is None:
        if not _given(t, ("effect", "room"), ("effect", "room"), path, problems):
            return None
        room, e = _room(t.room, f"{path}.room", problems), _effect(t.effect, f"{path}.effect", problems)
        return None if room is None or e is None else ("E", room, e)
    if t.choose is not None:
        return _read_choice(t, path, problems)
    if not _given(t, ("do", "target", "column", "room", "effect"), ("do",), path, problems):
        return None
    return _read_operation(t, path, problems)


def _read_choice(t: Op, path: str, problems: Problems):
    known = ("choose", "by", "then", "room", "effect", "count")
    if not _given(t, known, known[:5], path, problems):
        return None
    kind = t.choose
    if not problems.check(kind in ("guest", "pillar"), f"{path}.choose", f"must be \"guest\" or \"pillar\", got "
                          f"{kind!r}"):
        return None
    ok = problems.check(t.by in SEATS, f"{path}.by", f"must be \"Red\" (the First player) or \"Blue\", got {t.by!r}",
                        R_COURSE)
    letter = _WORD_OP.get(t.then)
    allowed = ("P",) if kind == "pillar" else ("T", "TS", "TT")
    ok &= problems.check(letter in allowed, f"{path}.then", f"must be one of "
                         f"{', '.join(_OP_WORD[x] for x in allowed)}, got {t.then!r}", R_EFFECTS)
    room = _room(t.room, f"{path}.room", problems)
    e = _effect(t.effect, f"{path}.effect", problems)
    count = t.count if t.count is not None else [1, 1]
    if not problems.check(len(count) == 2, f"{path}.count", "must be [i, n], the i-th of n choices"):
        return None
    n, i = count[1], count[0]
    ok &= _range(problems, n, 1, 9, f"{path}.count[1]") and _range(problems, i, 1, n, f"{path}.count[0]")
    if not ok or room is None or e is None:
        return None
    return ("Q", kind, SEATS.index(t.by), letter, room, e, i, n)


def _read_operation(t: Op, path: str, problems: Problems):
    k = _WORD_OP.get(t.do)
    if not problems.check(k is not None, f"{path}.do", f"must be one of {', '.join(_OP_WORD.values())}, got {t.do!r}"):
        return None
    src = _room(t.room, f"{path}.room", problems) if t.room is not None else 0
    e = _effect(t.effect, f"{path}.effect", problems) if t.effect is not None else None
    if src is None or (t.effect is not None and e is None):
        return None
    if not problems.check(e is not None or (k == "T" and src == 0), f"{path}.effect", "is missing (only the "
                          "irritation of a guest not served has no effect)", R_EFFECTS):
        return None
    if k == "P":
        if t.column is None:
            problems.add(f"{path}.column", "is missing")
            return None
        x = t.column if _range(problems, t.column, 1, 3, f"{path}.column", R_PILLAR_GROUPS) else None
    elif k == "D":
        x = 0
    elif t.target is None:
        problems.add(f"{path}.target", "is missing")
        return None
    else:
        x = _room(t.target, f"{path}.target", problems)
    return None if x is None else (k, x, src, e)
