"""Declared positions of Hellton Palace: where everything is, and whose decision is next.

A position (``state.to_position()``; ``game.state_from_position(table)``) is a TOML-able table
in the rulebook's words. The core adds the header (format, version, game, num_players,
options). Example, abridged (the whole table of the rulebook's Example of a Turn is the
``[position]`` of ``notebooks/scenarios/hellton_palace_example_turn.toml``)::

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
    last_room_served = 0        # the groom pawn's measure (End of the Game); see below
    [hotels.Red.rooms]          # room number -> guest card; absent = a free room
    2 = { card = 2, guest = "The Snorer" }
    3 = { card = 3, guest = "Anubis", irritated = true }

Fields of a hotel: ``rooms`` (each guest: ``card`` 1-36, ``side`` "a" or "b" (default "a"),
``irritated`` (default false), ``guest`` the name on that side, optional and checked),
``doorbells`` 0-3, ``pillars`` three groups of 0-4, ``coins`` >= 0, ``grooms_hired`` (ids of
``components.GROOM_IDS``), ``false_reservation_row`` ("lowest", "middle" or "highest", exactly
when the False Reservation is hired), ``last_room_served`` 0-9 (0: none in the current or
stopped tour) and ``tour_complete`` (the groom completed its tour: ruling HP-10's measure 10).

Game fields: ``turn`` (0 only at the setup step), ``player`` ("Red"/"Blue"), ``step``,
``last_turn``, ``welcomed_room`` (the room of the guest the player welcomed this turn, for
the Placer; 0 or absent: none) and, by step:

- ``"serve"``: ``groom_room``, the room the groom pawn stands in front of;
- ``"target"`` / ``"pillar"``: ``groom_room`` and ``decision`` (the choice asked, see
  :func:`_op_words`), with ``pending`` the effects still to apply after it;
- ``"swap"``: ``designated_room`` (the False Placer's guest in the opponent's hotel);
- ``"end"``: ``winners`` (seat names; [] is a shared defeat) and ``end_text``.

Every field is checked (PositionError naming the field and the rule): each of the display's 18
cards in exactly one place (a row or a room), values in range, a hotel that has fallen only
when the game is over or in the First player's hotel during the last turn, and the step's
fields consistent with the board.
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import PositionError
from ...core.position import check_range, check_unknown, field
from .components import (
    ADJ, COMPLETE, GROOM_IDS, GROOM_INDEX, GUESTS, MAX_BELLS, PILLARS, ROW_NAMES, SIDES, parse_effect,
)
from .rules import (
    COLLECT, END, HIRE, SERVE, WELCOME, choice_node, swap_node,
    N_COLLECT, N_DISPLAY, N_END, N_HIRE, N_PILLAR, N_SERVE, N_SWAP, N_TARGET, N_WELCOME, NODE_KINDS, R_COINS,
    R_COURSE, R_DOORBELL_COUNTER, R_DOUBLE_SIDED, R_EFFECTS, R_END, R_END_FIRST, R_GROOM, R_GROOM_TILES,
    R_IRRITATION, R_PILLAR_GROUPS, R_ROOMS, R_SERVE, R_SETUP, R_TOUR, R_WELCOME,
)

SEATS = ("Red", "Blue")
STEPS = NODE_KINDS
"""The ``step`` values: the node kinds of :mod:`.rules` (display, welcome, hire, swap, serve,
target, pillar, collect, end)."""
ROW_OF = {v: k for k, v in ROW_NAMES.items()}
_OP_WORD = {"T": "irritate", "TS": "irritate if satisfied", "TT": "tantrum if irritated",
            "P": "remove a pillar", "D": "remove a doorbell", "F": "flip"}
_WORD_OP = {v: k for k, v in _OP_WORD.items()}
_HOTEL_FIELDS = ("rooms", "doorbells", "pillars", "coins", "grooms_hired", "false_reservation_row",
                 "last_room_served", "tour_complete")
_TOP_FIELDS = ("turn", "player", "step", "last_turn", "welcomed_room", "groom_room", "decision", "pending",
               "designated_room", "winners", "end_text", "display", "hotels")


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


def to_position(s) -> dict:
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
    hotels = {}
    for seat in (0, 1):
        rooms = {}
        g, t = s.guests[seat], s.tokens[seat]
        for n in range(1, 10):
            if g[n]:
                side = GUESTS[g[n] >> 1].sides[g[n] & 1]
                rooms[str(n)] = {"card": g[n] >> 1, "side": SIDES[g[n] & 1], "guest": side.name,
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
        hotels[SEATS[seat]] = h
    out["hotels"] = hotels
    return out


# == reading ===================================================================================
def _seat(value, path: str, rule=R_COURSE) -> int:
    if value not in SEATS:
        raise PositionError(f"must be \"Red\" (the First player) or \"Blue\", got {value!r}", field=path, rule=rule)
    return SEATS.index(value)


def _room(value, path: str, rule=R_ROOMS) -> int:
    return check_range(value, 1, 9, path, rule=rule)


def _effect(code, path: str):
    if not isinstance(code, str):
        raise PositionError(f"must be a door-hanger effect's text, e.g. \"irritate adjacent\", got {code!r}",
                            field=path, rule=R_EFFECTS)
    try:
        return parse_effect(code)
    except ValueError as exc:
        raise PositionError(str(exc).replace("hellton_palace data/guests.toml: ", ""), field=path,
                            rule=R_EFFECTS) from None


def _read_op(t, path: str):
    if not isinstance(t, dict):
        raise PositionError(f"must be a table, got {t!r}", field=path)
    if "effect" in t and "do" not in t and "choose" not in t:
        check_unknown(t, ("effect", "room"), path)
        return ("E", _room(field(t, "room", int, path), f"{path}.room"), _effect(t["effect"], f"{path}.effect"))
    if "choose" in t:
        check_unknown(t, ("choose", "by", "then", "room", "effect", "count"), path)
        kind = field(t, "choose", str, path)
        if kind not in ("guest", "pillar"):
            raise PositionError(f"must be \"guest\" or \"pillar\", got {kind!r}", field=f"{path}.choose")
        by = _seat(field(t, "by", str, path), f"{path}.by")
        then = field(t, "then", str, path)
        letter = _WORD_OP.get(then)
        ok = ("P",) if kind == "pillar" else ("T", "TS", "TT")
        if letter not in ok:
            raise PositionError(f"must be one of {', '.join(_OP_WORD[x] for x in ok)}, got {then!r}",
                                field=f"{path}.then", rule=R_EFFECTS)
        room = _room(field(t, "room", int, path), f"{path}.room")
        e = _effect(field(t, "effect", str, path), f"{path}.effect")
        count = field(t, "count", list, path, default=[1, 1])
        if len(count) != 2:
            raise PositionError("must be [i, n], the i-th of n choices", field=f"{path}.count")
        n = check_range(count[1], 1, 9, f"{path}.count[1]")
        i = check_range(count[0], 1, n, f"{path}.count[0]")
        return ("Q", kind, by, letter, room, e, i, n)
    check_unknown(t, ("do", "target", "column", "room", "effect"), path)
    do = field(t, "do", str, path)
    k = _WORD_OP.get(do)
    if k is None:
        raise PositionError(f"must be one of {', '.join(_OP_WORD.values())}, got {do!r}", field=f"{path}.do")
    src = _room(t["room"], f"{path}.room") if "room" in t else 0
    e = _effect(t["effect"], f"{path}.effect") if "effect" in t else None
    if e is None and not (k == "T" and src == 0):
        raise PositionError("is missing (only the irritation of a guest not served has no effect)",
                            field=f"{path}.effect", rule=R_EFFECTS)
    if k == "P":
        x = check_range(field(t, "column", int, path), 1, 3, f"{path}.column", rule=R_PILLAR_GROUPS)
    elif k == "D":
        x = 0
    else:
        x = _room(field(t, "target", int, path), f"{path}.target")
    return (k, x, src, e)


def _read_display(table) -> tuple:
    d = field(table, "display", dict)
    check_unknown(d, tuple(ROW_OF), "display")
    rows = []
    for r in (1, 2, 3):
        name = ROW_NAMES[r]
        cards = field(d, name, list, "display", rule=R_SETUP)
        if len(cards) != 6:
            raise PositionError(f"must hold 6 places (0 for a card taken), got {len(cards)}",
                                field=f"display.{name}", rule=R_SETUP)
        for i, c in enumerate(cards):
            if c != 0:
                _card(c, f"display.{name}[{i}]")
        rows.append(tuple(cards))
    return tuple(rows)


def _card(c, path: str) -> int:
    if isinstance(c, bool) or not isinstance(c, int) or c not in GUESTS:
        raise PositionError(f"must be a guest card number 1 to 36, got {c!r}", field=path, rule=R_SETUP)
    return c


def _read_hotel(h, path: str) -> dict:
    if not isinstance(h, dict):
        raise PositionError(f"must be a table, got {h!r}", field=path)
    check_unknown(h, _HOTEL_FIELDS, path)
    rooms = field(h, "rooms", dict, path, default={})
    guests, tokens = [0] * 10, 0
    for key, g in rooms.items():
        rp = f"{path}.rooms.{key}"
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 9):
            raise PositionError("rooms are numbered 1 to 9", field=rp, rule=R_ROOMS)
        n = int(key)
        if not isinstance(g, dict):
            raise PositionError(f"must be a table like {{ card = 1 }}, got {g!r}", field=rp)
        check_unknown(g, ("card", "side", "guest", "irritated"), rp)
        card = _card(field(g, "card", int, rp), f"{rp}.card")
        side = field(g, "side", str, rp, default="a")
        if side not in SIDES:
            raise PositionError(f"a card's side is \"a\" or \"b\", got {side!r}", field=f"{rp}.side")
        gc = GUESTS[card]
        if side == "b" and not gc.double:
            raise PositionError(f"card {card} ({gc.sides[0].name}) is single-sided: side a only",
                                field=f"{rp}.side", rule=R_DOUBLE_SIDED)
        si = SIDES.index(side)
        if "guest" in g and g["guest"] != gc.sides[si].name:
            raise PositionError(f"card {card} side {side} is {gc.sides[si].name!r}, not {g['guest']!r}",
                                field=f"{rp}.guest")
        guests[n] = card * 2 + si
        if field(g, "irritated", bool, rp, default=False):
            tokens |= 1 << n
    bells = check_range(field(h, "doorbells", int, path), 0, MAX_BELLS, f"{path}.doorbells", rule=R_DOORBELL_COUNTER)
    pil = field(h, "pillars", list, path)
    if len(pil) != 3:
        raise PositionError(f"must be the pillars of the 3 groups, got {len(pil)} numbers", field=f"{path}.pillars",
                            rule=R_PILLAR_GROUPS)
    pillars = [check_range(x, 0, PILLARS, f"{path}.pillars[{i}]", rule=R_PILLAR_GROUPS) for i, x in enumerate(pil)]
    coins = field(h, "coins", int, path)
    if coins < 0:
        raise PositionError(f"must be 0 or more, got {coins}", field=f"{path}.coins", rule=R_COINS)
    hired = 0
    for i, gid in enumerate(field(h, "grooms_hired", list, path, default=[])):
        if not isinstance(gid, str) or gid not in GROOM_INDEX:
            raise PositionError(f"unknown groom {gid!r}; the grooms are {', '.join(GROOM_IDS)}",
                                field=f"{path}.grooms_hired[{i}]", rule=R_GROOM_TILES)
        bit = 1 << GROOM_INDEX[gid]
        if hired & bit:
            raise PositionError(f"{gid} is listed twice; each player has one tile of each groom",
                                field=f"{path}.grooms_hired[{i}]", rule=R_GROOM_TILES)
        hired |= bit
    fr = 0
    if "false_reservation_row" in h:
        name = field(h, "false_reservation_row", str, path)
        if name not in ROW_OF:
            raise PositionError(f"must be \"lowest\", \"middle\" or \"highest\", got {name!r}",
                                field=f"{path}.false_reservation_row", rule=R_GROOM["false_reservation"])
        fr = ROW_OF[name]
    if bool(fr) != bool(hired >> GROOM_INDEX["false_reservation"] & 1):
        raise PositionError("the False Reservation's tile faces a row exactly when it is hired",
                            field=f"{path}.false_reservation_row", rule=R_GROOM["false_reservation"])
    reached = check_range(field(h, "last_room_served", int, path, default=0), 0, 9, f"{path}.last_room_served",
                          rule=R_TOUR)
    if field(h, "tour_complete", bool, path, default=False):
        if reached:
            raise PositionError("a completed tour has no last room served (the groom is back in the Hall)",
                                field=f"{path}.last_room_served", rule=R_TOUR)
        reached = COMPLETE
    if reached not in (0, COMPLETE) and not guests[reached]:
        raise PositionError(f"room {reached} holds no guest, so it cannot be the last room served",
                            field=f"{path}.last_room_served", rule=R_TOUR)
    return {"guests": guests, "tokens": tokens, "doorbells": bells, "pillars": pillars, "coins": coins,
            "hired": hired, "fr_row": fr, "reached": reached}


def from_position(cls, game, table: dict):
    """The state a position says (module doc); PositionError naming the field and the rule."""
    check_unknown(table, _TOP_FIELDS)
    step = field(table, "step", str)
    if step not in STEPS:
        raise PositionError(f"must be one of {', '.join(STEPS)}, got {step!r}", field="step", rule=R_COURSE)
    s = cls.initial(game)
    if step == N_DISPLAY:
        extra = sorted(set(table) - {"step", "turn", "player", "last_turn"})
        if extra or table.get("turn", 0) != 0 or table.get("player", "Red") != "Red" or table.get("last_turn", False):
            raise PositionError("the setup step (the display, a chance action) has nothing on the table yet: "
                                "give only step = \"display\"", field=extra[0] if extra else "step", rule=R_SETUP)
        return s
    display = _read_display(table)
    hotels_t = field(table, "hotels", dict)
    for key in hotels_t:  # "2 Hotel boards": Red's and Blue's
        if key not in SEATS:
            raise PositionError(f"the game has 2 Hotel boards, Red's and Blue's; {key!r} is not one of them",
                                field=f"hotels.{key}", rule=R_ROOMS)
    check_unknown(hotels_t, SEATS, "hotels")
    hotels = [_read_hotel(field(hotels_t, name, dict, "hotels"), f"hotels.{name}") for name in SEATS]
    # -- every card of the display in exactly one place (Setup 6: 18 cards; option cards)
    places = Counter()
    where: dict = {}
    for r in (1, 2, 3):
        for i, c in enumerate(display[r - 1]):
            if c:
                places[c] += 1
                where.setdefault(c, f"display.{ROW_NAMES[r]}[{i}]")
    for seat, h in enumerate(hotels):
        for n in range(1, 10):
            if h["guests"][n]:
                c = h["guests"][n] >> 1
                places[c] += 1
                if places[c] > 1:
                    raise PositionError(f"guest card {c} is already at {where[c]}; every card is in one place",
                                        field=f"hotels.{SEATS[seat]}.rooms.{n}.card", rule=R_SETUP)
                where[c] = f"hotels.{SEATS[seat]}.rooms.{n}"
    twice = sorted(c for c, k in places.items() if k > 1)
    if twice:
        raise PositionError(f"guest card {twice[0]} is in the display twice", field=where[twice[0]], rule=R_SETUP)
    if sum(places.values()) != 18:
        raise PositionError(f"the display and the hotels hold {sum(places.values())} guest cards; the game uses 18 "
                            f"(the others stay in the box)", field="display", rule=R_SETUP)
    pool = set(s._pool())
    odd = sorted(set(places) - pool)
    if odd:
        raise PositionError(f"card {odd[0]} is not one of the 18 introductory cards (option cards='intro')",
                            field=where[odd[0]], rule=R_SETUP)
    # -- the turn
    turn = check_range(field(table, "turn", int), 1, 10_000, "turn", rule=R_COURSE)
    active = _seat(field(table, "player", str), "player")
    last_turn = field(table, "last_turn", bool, default=False)
    if last_turn and active != 1:
        raise PositionError("only the Second player (Blue) takes a last turn", field="last_turn", rule=R_END_FIRST)
    for seat, h in enumerate(hotels):
        fallen = h["doorbells"] == 0 or 0 in h["pillars"]
        ok = step == N_END or (last_turn and seat == 0)
        if fallen and not ok:
            what = "no doorbell in the Hall" if h["doorbells"] == 0 else "an empty pillar group"
            raise PositionError(f"{SEATS[seat]}'s hotel has {what}: the game would be over (or in Blue's last turn)",
                                field=f"hotels.{SEATS[seat]}", rule=R_END)
    if last_turn and not (hotels[0]["doorbells"] == 0 or 0 in hotels[0]["pillars"]):
        raise PositionError("the last turn follows the fall of the First player's hotel; Red's stands",
                            field="last_turn", rule=R_END_FIRST)
    s.display = display
    s.guests = [hotels[0]["guests"], hotels[1]["guests"]]
    s.tokens = [hotels[0]["tokens"], hotels[1]["tokens"]]
    s.pillars = [hotels[0]["pillars"], hotels[1]["pillars"]]
    s.doorbells = [hotels[0]["doorbells"], hotels[1]["doorbells"]]
    s.coins = [hotels[0]["coins"], hotels[1]["coins"]]
    s.hired = [hotels[0]["hired"], hotels[1]["hired"]]
    s.fr_row = [hotels[0]["fr_row"], hotels[1]["fr_row"]]
    s.reached = [hotels[0]["reached"], hotels[1]["reached"]]
    s.round, s.active, s.last_turn = turn, active, last_turn
    welcomed = table.get("welcomed_room", 0)
    if welcomed:
        _room(welcomed, "welcomed_room")
        if not s.guests[active][welcomed]:
            raise PositionError(f"room {welcomed} of {SEATS[active]}'s hotel holds no guest", field="welcomed_room",
                                rule=R_WELCOME)
    s.welcomed = welcomed
    _read_step(s, table, step, active, hotels)
    return s


def _read_step(s, table: dict, step: str, active: int, hotels) -> None:
    """The node: whose decision is next, with its pending effects, checked against the board."""
    allowed = {N_SERVE: {"groom_room"}, N_TARGET: {"groom_room", "decision", "pending"},
               N_PILLAR: {"groom_room", "decision", "pending"}, N_SWAP: {"designated_room"},
               N_END: {"winners", "end_text"}}.get(step, set())
    extra = sorted(k for k in ("groom_room", "decision", "pending", "designated_room", "winners", "end_text")
                   if k in table and k not in allowed)
    if extra:
        raise PositionError(f"is not a field of step {step!r}", field=extra[0], rule=R_COURSE)
    o = 1 - active
    if step in (N_WELCOME, N_HIRE, N_COLLECT):
        if step == N_WELCOME and not s._open_rows(active):
            raise PositionError(f"{SEATS[active]} has no guest to welcome (the step would be skipped)", field="step",
                                rule=R_WELCOME)
        if step == N_WELCOME and s.welcomed:
            raise PositionError("at step 1 no guest is welcomed yet this turn", field="welcomed_room", rule=R_COURSE)
        if step == N_COLLECT and s.reached[active] != COMPLETE:
            raise PositionError("step 5 comes after the whole tour: set tour_complete", field="step", rule=R_COURSE)
        s.node = {N_WELCOME: WELCOME, N_HIRE: HIRE, N_COLLECT: COLLECT}[step][active]
        return
    if step == N_SWAP:
        room = _room(field(table, "designated_room", int), "designated_room")
        rule = R_GROOM["false_placer"]
        if not (s.guests[o][room] and s.tokens[o] >> room & 1):
            raise PositionError(f"room {room} of {SEATS[o]}'s hotel holds no irritated customer", field="designated_room",
                                rule=rule)
        if not any(s.guests[o][m] for m in ADJ[room]):
            raise PositionError(f"the guest in room {room} has no orthogonally adjacent guest to swap with",
                                field="designated_room", rule=rule)
        if not s.hired[active] >> GROOM_INDEX["false_placer"] & 1:
            raise PositionError(f"the False Placer is not among {SEATS[active]}'s grooms_hired",
                                field=f"hotels.{SEATS[active]}.grooms_hired", rule=rule)
        s.node = swap_node(o, room)
        return
    if step == N_END:
        winners = field(table, "winners", list)
        ws = tuple(_seat(w, f"winners[{i}]", R_END) for i, w in enumerate(winners))
        if len(ws) > 1:
            raise PositionError("at most one player wins (the defeat is shared, or one hotel stands)", field="winners",
                                rule=R_END)
        s.result = ws
        s.end_text = field(table, "end_text", str, default="")
        s.node = END
        return
    # the tour: serve, target, pillar
    cursor = _room(field(table, "groom_room", int), "groom_room", R_TOUR)
    if not s.guests[active][cursor]:
        raise PositionError(f"room {cursor} of {SEATS[active]}'s hotel is empty; the groom stops only at occupied "
                            f"rooms", field="groom_room", rule=R_TOUR)
    reached = s.reached[active]
    if reached == COMPLETE or reached > cursor or (step == N_SERVE and reached == cursor):
        raise PositionError(f"the last room served ({'the tour is complete' if reached == COMPLETE else reached}) "
                            f"cannot be after the groom's room {cursor}: the tour goes from room 1 to 9",
                            field=f"hotels.{SEATS[active]}.last_room_served", rule=R_TOUR)
    s.cursor = cursor
    if step == N_SERVE:
        s.node = SERVE[active]
        return
    if reached != cursor:
        raise PositionError(f"a door-hanger choice is made while serving room {cursor}: its last_room_served is "
                            f"{cursor}", field=f"hotels.{SEATS[active]}.last_room_served", rule=R_TOUR)
    s.serving = cursor
    op = _read_op(field(table, "decision", dict), "decision")
    want = "guest" if step == N_TARGET else "pillar"
    if op[0] != "Q" or op[1] != want:
        raise PositionError(f"step {step!r} asks to choose a {want}: decision.choose = {want!r}",
                            field="decision", rule=R_EFFECTS)
    if want == "guest" and not s._occupied_others(active, op[4]):
        raise PositionError("no other guest to choose: the effect would do nothing", field="decision",
                            rule=R_EFFECTS)
    if want == "pillar" and not any(s.pillars[active]):
        raise PositionError("no pillar left to choose", field="decision", rule=R_EFFECTS)
    s.node = choice_node(step, op[2], op)
    s.todo = tuple(_read_op(t, f"pending[{i}]") for i, t in enumerate(field(table, "pending", list, default=[])))
    # every pending effect belongs to the guest being served (a copied door hanger included)
    for path, p in [("decision", op)] + [(f"pending[{i}]", p) for i, p in enumerate(s.todo)]:
        src = p[4] if p[0] == "Q" else p[1] if p[0] == "E" else p[2]
        if src != cursor:
            raise PositionError(f"the effects being applied are those of the guest served, in room {cursor}",
                                field=f"{path}.room", rule=R_SERVE)
        if p[0] in ("T", "TS", "TT", "F") and not s.guests[active][p[1]]:
            raise PositionError(f"room {p[1]} holds no guest", field=f"{path}.target", rule=R_IRRITATION)


from pydantic import BaseModel, ConfigDict


class Position(BaseModel):
    model_config = ConfigDict(extra="allow")


def write(s):
    return to_position(s)


def build(game, p, problems):
    from .state import HelltonPalaceState
    s = from_position(HelltonPalaceState, game, p.model_dump())
    s._own = s._OWN_ALL
    return s
