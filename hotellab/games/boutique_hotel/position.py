"""Declared positions of Boutique Hotel Manager: ``to_position`` / ``from_position``.

A position is a table in the rulebook's words (TOML-friendly: no None, no mixed lists)::

    week = 1                       # 1 or 2
    guest_cards_left = [2, 2, ...] # per guest card (printed number 1-28): copies still in the week's deck
    guest_card = 12                # the card on the table (0: none)
    check_in_day = 3               # the check-in die / the walk-in day's check-in (0: none)
    budget = 0                     # a walk-in's nightly budget face (0: none)
    card_turn = 4                  # reservation phase: guest cards already played this week
    day = 0                        # walk-in phase: the day 1-7 (0: not in the walk-in phase)
    walk_in = 0                    # walk-ins already come today
    lost_guests = 1                # guests no hotel could take, so far
    ranking = [1, 0]               # walk-in ranking, best first (when settled)
    [[ranking_ties]]               # unsettled ranking ties: hotels, stage "bid" | "roll"
    contenders = [0, 1]            # seats in a reservation marketing bid
    queue = [0]                    # seats still to block rooms for the current guests
    booked_by = []                 # seats that blocked rooms for the current guests
    [[quotes]]  hotel = 0, price = 200
    [next]      node = "change_price", player = 0, day = 3
    [[hotels]]  colour, money, stars, lost (true at 0 stars), rooms = [1, 2, 3],
                price_dice = {mon = 1, ..., breakfast = 2}, secret_price_dice = [3, 1],
                staff = {cleaning = 2, ...} (kinds hired so far), bid, roll,
                [hotels.money_by_source] start, rooms, breakfast, wages, marketing, expansion,
                [[hotels.stays]] guest, check_in, rooms, source, room_money, breakfast_money,
                rating = [...] (the last rating: per kind demand, hired, stars lost; then the change)

Every field is validated (:func:`from_position`, raising PositionError naming the field and,
where one applies, the rule):

- ranges and shapes of every field; seat colours; stars on the track, ``lost`` exactly at 0;
- rooms: the 3 Start rooms, no room twice, the rooms beyond them paid 1000 each
  (``money_by_source.expansion``) and bought only after week 1's rating (BH-36);
- stays in built rooms, adjacent where the card has a door symbol, never two on one
  room-night; a stay carried from week 1 only in week 2 and in Start rooms;
- no more stay and connection tokens on the boards than the supply (56 and 8 per set, option
  ``token_supply``);
- money equal to the sum of its sources, none of them of the wrong sign;
- guest cards (BH-35, :func:`_check_copies`): no card in more stays than its copies could
  make (28 per set; a draw makes one stay, or one in each tied hotel, BH-08);
- the deck (BH-35, :func:`check_deck`): this week's stays and the card on the table were
  drawn (``guest_cards_left`` no longer holds them), and the cards drawn are the card turns
  played (``card_turn``), the walk-ins come so far and the card on the table;
- the next decision consistent with the rest (phase, seat, dice set, die rolled, card drawn).
"""

from __future__ import annotations

from ...core.errors import PositionError
from ...core.position import check_range, check_unknown, field
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from .stays import GUESTS, blockings, occupancy, stay_tokens
from .rules import _r
from .rules import (
    CHANCE_NODES, N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END,
    N_EXPAND, N_HIRE, N_RANK_BID, N_RANK_ROLL, N_SET_PRICE, PHASES, R_BLOCK, R_CHANGE_ONE, R_CHECKIN_DIE,
    R_CONNECTION_TOKENS, R_DOORS, R_EXPAND, R_MORE_CARDS, R_PRICE_VALUES, R_PRICES, R_SAME_ROOMS, R_START_MONEY,
    R_START_ROOMS, R_TIE_BID, R_TOKENS, R_TRACK_TOP, R_WAGES, R_ZERO, WALKIN_KIND,
    R_CARRY, R_DRAW_GUEST, R_WALKIN_DRAW,
)

R_GUEST_CARDS = _r("Komponenty", "28 Karty gości")  # the count the reader checks (BH-30, BH-35)

NODES = tuple(n for ph in PHASES for n in ph.nodes)
_STAGES = ("settled", "bid", "roll")
_TOP = ("week", "guest_cards_left", "guest_card", "check_in_day", "budget", "card_turn", "day", "walk_in",
        "lost_guests", "ranking", "ranking_ties", "contenders", "queue", "booked_by", "quotes", "next", "hotels")
_HOTEL = ("colour", "money", "stars", "lost", "rooms", "price_dice", "secret_price_dice", "staff", "bid", "roll",
          "money_by_source", "stays", "rating")
_STAY = ("guest", "check_in", "rooms", "source", "room_money", "breakfast_money")


def to_position(s) -> dict:
    """The declared position of state ``s`` (see the module doc)."""
    g = s.game
    hotels = []
    for p in range(g.num_players):
        h = {
            "colour": C.SEAT_COLOURS[p],
            "money": s.money[p],
            "stars": s.stars[p],
            "lost": s.out[p],
            "rooms": [r + 1 for r in range(C.NUM_ROOMS) if s.built[p] >> r & 1],
            "price_dice": {d: s.prices[p][i] for i, d in enumerate(C.DICE)},
            "secret_price_dice": list(s.draft[p]),
            "staff": {k: s.staff[p][i] for i, k in enumerate(C.STAFF) if s.staff[p][i] >= 0},
            "money_by_source": dict(zip(("start", "rooms", "breakfast", "wages", "marketing", "expansion"), s.ledger[p])),
            "stays": [{"guest": card + 1, "check_in": ci, "rooms": [r + 1 for r in rooms], "source": src,
                       "room_money": rm, "breakfast_money": bm}
                      for card, ci, rooms, src, rm, bm in s.stays[p]],
        }
        if s.bids[p] >= 0:
            h["bid"] = s.bids[p]
        if s.rolls[p]:
            h["roll"] = s.rolls[p]
        if s.rating and s.rating[p]:
            h["rating"] = list(s.rating[p])
        hotels.append(h)
    nxt = {"node": s._node_kind()}
    if s.node[0] not in CHANCE_NODES and s.node[0] != N_END:
        nxt["player"] = s.node[1]
    if s.node[0] == N_RANK_ROLL:
        nxt["for_hotel"] = s.node[1]
    if s.node[0] == N_BLOCK:
        nxt["day"] = s.node[2]
    out = {
        "week": s.week,
        "guest_cards_left": list(s.deck),
        "guest_card": s.card + 1,
        "check_in_day": 0 if s.day else s.die,
        "budget": s.budget,
        "card_turn": s.turn,
        "day": s.day,
        "walk_in": s.walk,
        "lost_guests": s.lost,
        "ranking": list(s.ranking),
        "ranking_ties": [{"hotels": list(seats), "stage": _STAGES[st]} for seats, st in s.groups],
        "contenders": list(s.contenders),
        "queue": list(s.queue),
        "booked_by": list(s.booked_by),
        "quotes": [{"hotel": h, "price": q} for h, q in s.quotes if h >= 0],
        "next": nxt,
        "hotels": hotels,
    }
    return out


def _ints(v, path, lo, hi, rule=None) -> tuple:
    if not isinstance(v, list):
        raise PositionError(f"must be a list of whole numbers, got {v!r}", field=path)
    return tuple(check_range(x, lo, hi, f"{path}[{i}]", rule=rule) for i, x in enumerate(v))


def from_position(cls, game, t: dict):
    """The state position table ``t`` declares; raises PositionError naming the field."""
    n = game.num_players
    check_unknown(t, _TOP)
    s = cls.initial(game)
    s.week = check_range(field(t, "week", int), 1, C.WEEKS, "week")
    sets = C.sets_for(n)
    deck = _ints(field(t, "guest_cards_left", list), "guest_cards_left", 0, sets, R_MORE_CARDS)
    if len(deck) != C.CARDS_PER_SET:
        raise PositionError(f"needs one count per guest card (28), got {len(deck)}", field="guest_cards_left")
    s.deck = deck
    s.card = check_range(field(t, "guest_card", int, default=0), 0, C.CARDS_PER_SET, "guest_card") - 1
    s.day = check_range(field(t, "day", int, default=0), 0, 7, "day")
    die = check_range(field(t, "check_in_day", int, default=0), 0, 6, "check_in_day", rule=R_CHECKIN_DIE)
    s.die = s.day if s.day else die
    budget = check_range(field(t, "budget", int, default=0), 0, C.FACES, "budget")
    s.turn = check_range(field(t, "card_turn", int, default=0), 0, C.CARDS_PER_PLAYER * n, "card_turn")
    s.walk = check_range(field(t, "walk_in", int, default=0), 0, n, "walk_in")
    s.lost = check_range(field(t, "lost_guests", int, default=0), 0, 10_000, "lost_guests")
    s.ranking = _ints(field(t, "ranking", list, default=[]), "ranking", 0, n - 1)
    ties = []
    for i, tie in enumerate(field(t, "ranking_ties", list, default=[])):
        path = f"ranking_ties[{i}]"
        check_unknown(tie, ("hotels", "stage"), path)
        seats = _ints(field(tie, "hotels", list, path), f"{path}.hotels", 0, n - 1)
        stage = field(tie, "stage", str, path)
        if stage not in _STAGES:
            raise PositionError(f"must be one of {', '.join(_STAGES)}, got {stage!r}", field=f"{path}.stage")
        ties.append((seats, _STAGES.index(stage)))
    s.groups = tuple(ties)
    s.contenders = _ints(field(t, "contenders", list, default=[]), "contenders", 0, n - 1)
    s.queue = _ints(field(t, "queue", list, default=[]), "queue", 0, n - 1)
    s.booked_by = _ints(field(t, "booked_by", list, default=[]), "booked_by", 0, n - 1)
    quotes = []
    for i, q in enumerate(field(t, "quotes", list, default=[])):
        check_unknown(q, ("hotel", "price"), f"quotes[{i}]")
        quotes.append((check_range(field(q, "hotel", int, f"quotes[{i}]"), 0, n - 1, f"quotes[{i}].hotel"),
                       check_range(field(q, "price", int, f"quotes[{i}]"), 0, 10 ** 6, f"quotes[{i}].price")))
    if s.day:
        quotes = [(-1, budget)] if budget else []
    s.quotes = tuple(quotes)

    hotels = field(t, "hotels", list)
    if len(hotels) != n:
        raise PositionError(f"needs one hotel per player ({n}), got {len(hotels)}", field="hotels")
    cols = dict.fromkeys(("money", "stars", "out", "built", "prices", "draft", "staff", "ledger", "stays", "bids",
                          "rolls", "rating"))
    for k in cols:
        cols[k] = []
    for p, h in enumerate(hotels):
        w = f"hotels[{p}]"
        check_unknown(h, _HOTEL, w)
        colour = field(h, "colour", str, w, default=C.SEAT_COLOURS[p])
        if colour != C.SEAT_COLOURS[p]:
            raise PositionError(f"seat {p} is {C.SEAT_COLOURS[p]}, got {colour!r}", field=f"{w}.colour")
        money = check_range(field(h, "money", int, w), 0, 10 ** 7, f"{w}.money")
        stars = check_range(field(h, "stars", int, w), C.MIN_STARS, C.MAX_STARS, f"{w}.stars", rule=R_TRACK_TOP)
        out = field(h, "lost", bool, w, default=stars == 0)
        if out != (stars == 0):
            raise PositionError("a hotel has lost the game exactly when it has 0 stars", field=f"{w}.lost", rule=R_ZERO)
        rooms = _ints(field(h, "rooms", list, w), f"{w}.rooms", 1, C.NUM_ROOMS, R_EXPAND)
        built = 0
        for r in rooms:
            if built >> (r - 1) & 1:
                raise PositionError(f"room {r} is listed twice", field=f"{w}.rooms", rule=R_EXPAND)
            built |= 1 << (r - 1)
        if built & C.START_MASK != C.START_MASK:
            raise PositionError("every hotel has its 3 Start rooms (1, 2, 3)", field=f"{w}.rooms", rule=R_START_ROOMS)
        pd = field(h, "price_dice", dict, w)
        check_unknown(pd, C.DICE, f"{w}.price_dice")
        prices = tuple(check_range(field(pd, d, int, f"{w}.price_dice"), 0, C.FACES, f"{w}.price_dice.{d}",
                                   rule=R_PRICE_VALUES) for d in C.DICE)
        if 0 in prices and any(prices):
            raise PositionError("the price dice are all set (1-6) or none is (0, before week 1's prices)",
                                field=f"{w}.price_dice", rule=R_PRICES)
        draft = _ints(field(h, "secret_price_dice", list, w, default=[]), f"{w}.secret_price_dice", 1, C.FACES, R_PRICES)
        if len(draft) > 8:
            raise PositionError("a hotel has 8 price dice", field=f"{w}.secret_price_dice", rule=R_PRICES)
        st = field(h, "staff", dict, w, default={})
        check_unknown(st, C.STAFF, f"{w}.staff")
        staff = []
        for k in C.STAFF:
            staff.append(check_range(st[k], 0, C.MAX_STAFF, f"{w}.staff.{k}", rule=R_WAGES) if k in st else -1)
        if -1 in staff and any(x >= 0 for x in staff[staff.index(-1):]):
            raise PositionError("staff is hired kind by kind: cleaning, checkin, kitchen", field=f"{w}.staff", rule=R_WAGES)
        led = field(h, "money_by_source", dict, w)
        names = ("start", "rooms", "breakfast", "wages", "marketing", "expansion")
        check_unknown(led, names, f"{w}.money_by_source")
        ledger = tuple(field(led, k, int, f"{w}.money_by_source") for k in names)
        if ledger[0] != C.START_MONEY:
            raise PositionError(f"every player starts with {C.START_MONEY}", field=f"{w}.money_by_source.start", rule=R_START_MONEY)
        if any(v < 0 for v in ledger[1:3]) or any(v > 0 for v in ledger[3:]):
            raise PositionError("revenue is never negative and costs never positive", field=f"{w}.money_by_source")
        if ledger[5] % C.ROOM_COST:
            raise PositionError(f"expansion is {C.ROOM_COST} a room", field=f"{w}.money_by_source.expansion", rule=R_EXPAND)
        if sum(ledger) != money:
            raise PositionError(f"money {money} is not the sum of its sources ({sum(ledger)})", field=f"{w}.money")
        stays = []
        for i, sd in enumerate(field(h, "stays", list, w, default=[])):
            sw = f"{w}.stays[{i}]"
            check_unknown(sd, _STAY, sw)
            card = check_range(field(sd, "guest", int, sw), 1, C.CARDS_PER_SET, f"{sw}.guest") - 1
            ci = check_range(field(sd, "check_in", int, sw), -6, 7, f"{sw}.check_in")
            g = GUESTS[card]
            if ci + g.stay - 1 < 1:
                raise PositionError("a stay that ended last week is no longer on the board", field=f"{sw}.check_in", rule=R_SAME_ROOMS)
            rs = _ints(field(sd, "rooms", list, sw), f"{sw}.rooms", 1, C.NUM_ROOMS, R_BLOCK)
            if len(rs) != len(g.nights) or len(set(rs)) != len(rs):
                raise PositionError(f"guest card {card + 1} needs {len(g.nights)} different rooms", field=f"{sw}.rooms", rule=R_BLOCK)
            rs = tuple(r - 1 for r in rs)
            for r in rs:
                if not built >> r & 1:
                    raise PositionError(f"room {r + 1} is not part of this hotel", field=f"{sw}.rooms", rule=R_BLOCK)
            for j, d in enumerate(g.doors):
                if d and not C.ADJ[rs[j]] >> rs[j + 1] & 1:
                    raise PositionError(f"rooms {rs[j] + 1} and {rs[j + 1] + 1} must be adjacent (door symbol)",
                                        field=f"{sw}.rooms", rule=R_DOORS)
            src = field(sd, "source", str, sw)
            if src not in ("reservation", "walk-in"):
                raise PositionError(f"must be 'reservation' or 'walk-in', got {src!r}", field=f"{sw}.source")
            rm = check_range(field(sd, "room_money", int, sw), 0, 10 ** 6, f"{sw}.room_money")
            bm = check_range(field(sd, "breakfast_money", int, sw), 0, 10 ** 6, f"{sw}.breakfast_money")
            if bm and not g.breakfast:
                raise PositionError(f"guest card {card + 1} has no breakfast", field=f"{sw}.breakfast_money")
            stays.append((card, ci, rs, src, rm, bm))
        occ = [0] * C.NUM_ROOMS
        for i, (card, ci, rs, *_r) in enumerate(stays):
            one = occupancy(((card, ci, rs),))
            for r in range(C.NUM_ROOMS):
                if occ[r] & one[r]:
                    raise PositionError(f"room {r + 1} is booked twice on one day", field=f"{w}.stays[{i}]", rule=R_SAME_ROOMS)
                occ[r] |= one[r]
        bid = check_range(field(h, "bid", int, w, default=-1), -1, money, f"{w}.bid", rule=R_TIE_BID)
        if bid > 0 and bid % C.MONEY_STEP:
            raise PositionError(f"a bid is a multiple of {C.MONEY_STEP}", field=f"{w}.bid", rule=R_TIE_BID)
        roll = check_range(field(h, "roll", int, w, default=0), 0, C.FACES, f"{w}.roll")
        rating = _ints(field(h, "rating", list, w, default=[]), f"{w}.rating", -C.MAX_STARS, 100)
        if rating and len(rating) != 10:
            raise PositionError("the last rating has 10 numbers (demand, hired, lost per kind; the change)", field=f"{w}.rating")
        for k, v in (("money", money), ("stars", stars), ("out", out), ("built", built), ("prices", prices),
                     ("draft", draft), ("staff", tuple(staff)), ("ledger", ledger), ("stays", tuple(stays)),
                     ("bids", bid), ("rolls", roll), ("rating", rating)):
            cols[k].append(v)
    s.money = tuple(cols["money"])
    s.stars = tuple(cols["stars"])
    s.out = tuple(cols["out"])
    s.built = tuple(cols["built"])
    s.prices = tuple(cols["prices"])
    s.draft = tuple(cols["draft"])
    s.staff = tuple(cols["staff"])
    s.ledger = tuple(cols["ledger"])
    s.stays = tuple(cols["stays"])
    s.occ = tuple(occupancy(st) for st in s.stays)
    s.used = _check_supply(game, s.stays)
    s.bids = tuple(cols["bids"])
    s.rolls = tuple(cols["rolls"])
    s.rating = tuple(cols["rating"]) if any(cols["rating"]) else ()

    nx_ = field(t, "next", dict)
    check_unknown(nx_, ("node", "player", "day", "for_hotel"), "next")
    node = field(nx_, "node", str, "next")
    if node not in NODES:
        raise PositionError(f"must be one of {', '.join(NODES)}, got {node!r}", field="next.node")
    internal = {v: k for k, v in WALKIN_KIND.items()}
    if node in internal and not s.day:
        raise PositionError(f"{node!r} is a walk-in day's step: day must be 1-7", field="day")
    if node in WALKIN_KIND and s.day:
        raise PositionError(f"{node!r} is a reservation step; on a walk-in day it is {WALKIN_KIND[node]!r}",
                            field="next.node")
    node = internal.get(node, node)
    act = s.active_seats()
    if node in CHANCE_NODES or node == N_END:
        seat = -1
        if "player" in nx_:
            raise PositionError("a chance node or the end has no deciding player", field="next.player")
        if node == N_RANK_ROLL:
            seat = check_range(field(nx_, "for_hotel", int, "next"), 0, n - 1, "next.for_hotel")
    else:
        seat = check_range(field(nx_, "player", int, "next"), 0, n - 1, "next.player")
        if seat not in act:
            raise PositionError(f"seat {seat} has lost the game (0 stars) and decides nothing", field="next.player", rule=R_ZERO)
    s.node = (node, seat)
    if node == N_BLOCK:
        s.node = (node, seat, check_range(field(nx_, "day", int, "next"), 1, 7, "next.day"))
    _check_node(s, budget)
    _check_rooms(s)
    _check_copies(s)
    check_deck(s)
    if node != N_END and node not in CHANCE_NODES and not s._legal_actions():  # pragma: no cover - guarded above
        raise PositionError("the deciding player has no legal action", field="next")
    return s


def _check_supply(game, stays: tuple) -> tuple[int, int]:
    """(stay tokens, connection tokens) the hotels' ``stays`` put on the boards; with the
    option ``token_supply="limited"`` no more than the supply (56 and 8 per set, Komponenty,
    BH-32 and BH-33): the stay at which a count runs over is named."""
    have = C.token_supply(game.num_players)
    limited = game.options["token_supply"] == "limited"
    used = [0, 0]
    for p, hotel in enumerate(stays):
        for i, (card, ci, *_r) in enumerate(hotel):
            for k, v in enumerate(stay_tokens(card, ci)):
                used[k] += v
                if limited and used[k] > have[k]:
                    what = ("stay tokens", "connection tokens")[k]
                    raise PositionError(
                        f"the stays up to this one use {used[k]} {what}; the game has {have[k]} "
                        f"({(C.STAY_TOKENS, C.CONNECTION_TOKENS)[k]} per set, {C.sets_for(game.num_players)} "
                        f"set{'s' if C.sets_for(game.num_players) > 1 else ''}; option token_supply)",
                        field=f"hotels[{p}].stays[{i}]", rule=(R_TOKENS, R_CONNECTION_TOKENS)[k])
    return used[0], used[1]


def _check_rooms(s) -> None:
    """Rooms beyond the 3 Start rooms are bought, 1000 each, in the expansion after week 1
    (Faza ekspansji, BH-16, BH-36): a hotel has as many as its ``money_by_source.expansion``
    paid for; in week 1 only seats that have had their expansion turn have any; a stay carried
    from week 1 is in rooms of week 1 (the Start rooms)."""
    node, seat = s.node[0], s.node[1]
    act = s.active_seats()
    for p in range(s.game.num_players):
        w = f"hotels[{p}]"
        extra = bin(s.built[p] & ~C.START_MASK).count("1")
        bought = -s.ledger[p][5] // C.ROOM_COST
        if extra != bought:
            raise PositionError(f"the hotel has {extra} room{'s' if extra != 1 else ''} beyond the 3 Start rooms "
                                f"and paid for {bought} (money_by_source.expansion {s.ledger[p][5]}, "
                                f"{C.ROOM_COST} a room)", field=f"{w}.rooms", rule=R_EXPAND)
        if s.week == 1 and extra and not (node == N_EXPAND and p in act and act.index(p) <= act.index(seat)):
            raise PositionError("rooms are bought in the expansion phase after week 1's rating, each seat in "
                                "turn; this hotel has not had that turn", field=f"{w}.rooms", rule=R_EXPAND)
        for i, (card, ci, rs, *_r2) in enumerate(s.stays[p]):
            if ci < 1 and any(not C.START_MASK >> r & 1 for r in rs):
                raise PositionError("a stay carried from week 1 was blocked in week 1's rooms (the Start rooms); "
                                    "rooms bought in the expansion are in use from the next week",
                                    field=f"{w}.stays[{i}].rooms", rule=R_EXPAND)


def _walkins_per_day(s, seats: int) -> int:
    return (seats + 1) // 2 if s.game.options["walkins"] == "round_up" else max(1, seats // 2)


def _stays_against_copies(s, deck: bool):
    """Walk the stays against the copies of each guest card (see :func:`check_deck`); with
    ``deck`` false only against the ``sets`` copies of the game, with ``deck`` true against
    the copies drawn this week (the deck's less ``guest_cards_left``)."""
    n = s.game.num_players
    sets = C.sets_for(n)
    table = s.card
    table_extra = table >= 0 and not (s.node[0] == N_BLOCK and s.booked_by)
    walk = {}, {}
    res = {}, {}
    for p in range(n):
        for i, (card, ci, rs, src, *_r2) in enumerate(s.stays[p]):
            w = f"hotels[{p}].stays[{i}]"
            old = ci < 1
            if old and s.week == 1:
                raise PositionError("week 1 has no stays carried from an earlier week (check-in 1-7)",
                                    field=f"{w}.check_in", rule=R_CARRY)
            if src == "walk-in":
                walk[old][card] = walk[old].get(card, 0) + 1
            else:
                per = res[old].setdefault(card, [0] * n)
                per[p] += 1
            need = walk[old].get(card, 0) + max(res[old].get(card, (0,)))
            on_table = not old and card == table and table_extra
            need += on_table
            have = sets - s.deck[card] if deck and not old else sets
            if need <= have:
                continue
            made = ("a draw makes one stay, or one in each tied hotel, BH-08")
            if old:
                msg = (f"guest card {card + 1} is carried from week 1 in more stays than its {sets} "
                       f"cop{'ies' if sets > 1 else 'y'} could make ({made})")
            elif deck:
                msg = (f"guest card {card + 1} is in more places than were drawn this week: {need} draw"
                       f"{'s' if need > 1 else ''} of it needed for the stays up to this one"
                       + (" and the card on the table" if on_table else "")
                       + f", {have} drawn (guest_cards_left[{card}] = {s.deck[card]} of {sets} still in the deck; {made})")
            else:
                msg = (f"guest card {card + 1} is in more places than the game has copies: {need} draw"
                       f"{'s' if need > 1 else ''} of it needed for the stays up to this one"
                       + (" and the card on the table" if on_table else "")
                       + f", {sets} cop{'ies' if sets > 1 else 'y'} in the game (28 per set; {made})")
            raise PositionError(msg, field=f"{w}.guest", rule=R_GUEST_CARDS)


def _check_copies(s) -> None:
    """Each guest card exists ``sets`` times ("28 Karty gości" per set, BH-30, BH-35): a
    walk-in's draw makes at most one stay, a reservation's one stay in each hotel that wins it
    (BH-08), so this week's stays (check-in 1-7) of card c, with c on the table if none of its
    stays is blocked yet, need (its walk-in stays + the most reservation stays of c in one
    hotel + 1 for the table) draws, at most ``sets``; likewise the stays carried from week 1
    (check-in 0 or less, week 2 only). Refused naming the stay that runs over."""
    _stays_against_copies(s, False)


def check_deck(s) -> None:
    """The week's deck agrees with the rest of state ``s``, raising PositionError
    (``guest_cards_left``, ``hotels[p].stays[i].guest`` or ``guest_card``; rule "28 Karty
    gości" or the draw): this week's stays and the card on the table were drawn from it (each
    card counted as in :func:`_check_copies`, against the copies drawn: ``sets`` less
    ``guest_cards_left``), and the cards drawn are the card turns played (``card_turn``), the
    walk-ins come so far (days, ``walk_in``) and the card on the table.

    Called by :func:`from_position` after :func:`_check_copies`; every state the engine
    reaches passes (tests/boutique_hotel/test_bh_position_counts.py)."""
    sets = C.sets_for(s.game.num_players)
    _stays_against_copies(s, True)
    table = s.card
    table_extra = table >= 0 and not (s.node[0] == N_BLOCK and s.booked_by)
    if table_extra and s.deck[table] >= sets:
        raise PositionError(f"guest card {table + 1} is on the table while the deck still holds all {sets} "
                            f"cop{'ies' if sets > 1 else 'y'} (guest_cards_left[{table}] = {s.deck[table]})",
                            field="guest_card", rule=R_GUEST_CARDS)
    drawn = sum(sets - c for c in s.deck)
    want, why, rule = _deck_draws(s)
    if want is not None and drawn != want:
        raise PositionError(f"{drawn} guest card{'s' if drawn != 1 else ''} drawn this week (the deck's "
                            f"{C.CARDS_PER_SET * sets} less guest_cards_left), but the position has {why}: {want}",
                            field="guest_cards_left", rule=rule)


def _deck_draws(s):
    """The guest cards drawn this week that state ``s`` accounts for: ``(count, why, rule)``,
    count None at the end of a game without a rating (nothing to count against)."""
    table = s.card
    node = s.node[0]
    rule = R_DRAW_GUEST
    if node == N_SET_PRICE:
        want, why = 0, "the week's deck is whole while prices are set"
    elif s.day:
        wpd = s.walkins_per_day()
        want = s.turn + (s.day - 1) * wpd + s.walk + (table >= 0)
        why = (f"card_turn {s.turn} reservation cards, {(s.day - 1) * wpd + s.walk} walk-ins before this one "
               f"(day {s.day}, walk_in {s.walk}, {wpd} a day)" + (" and the card on the table" if table >= 0 else ""))
        rule = R_WALKIN_DRAW
    elif node in (N_EXPAND, N_END) and s.rating:
        wpd = _walkins_per_day(s, sum(1 for r in s.rating if r))
        want = s.turn + 7 * wpd
        why = f"card_turn {s.turn} reservation cards and 7 days of {wpd} walk-in{'s' if wpd > 1 else ''}"
        rule = R_WALKIN_DRAW
    elif node in (N_EXPAND, N_END):
        return None, "", rule  # the end without a rating: nothing to count against
    else:
        want = s.turn + (table >= 0)
        why = f"card_turn {s.turn} cards played" + (" and the card on the table" if table >= 0 else "")
    return want, why, rule


def _check_node(s, budget: int) -> None:
    """The next decision agrees with the rest of the position."""
    node, seat = s.node[0], s.node[1]
    n = s.game.num_players
    drafting = node == N_SET_PRICE
    for p in range(n):
        if s.draft[p] and not drafting:
            raise PositionError("secret price dice are only set during a week's preparation",
                                field=f"hotels[{p}].secret_price_dice", rule=R_PRICES)
        if not drafting and node != N_END and s.prices[p] == (0,) * 8 and not s.out[p]:
            raise PositionError("the price dice are set before the reservation phase", field=f"hotels[{p}].price_dice", rule=R_PRICES)
    if drafting:
        act = s.active_seats()
        for p in act:
            want = 8 if p < seat else None if p == seat else 0
            got = len(s.draft[p])
            if (want is None and got >= 8) or (want is not None and got != want):
                raise PositionError(f"seats set their dice in turn: seat {p} has set {got} of 8 while seat {seat} is setting",
                                    field=f"hotels[{p}].secret_price_dice", rule=R_PRICES)
    if node == N_CHANGE and not s.day and seat != s.active_player():
        raise PositionError(f"in the reservation phase only the active player (seat {s.active_player()}, card_turn "
                            f"{s.turn}) changes a die", field="next.player", rule=R_CHANGE_ONE)
    if node in (N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_BID, N_BLOCK) and not s.day and s.turn >= s.cards_this_week():
        raise PositionError(f"the reservation phase has {s.cards_this_week()} cards", field="card_turn", rule=R_MORE_CARDS)
    needs_card = node in (N_BID, N_BLOCK)
    if needs_card and s.card < 0:
        raise PositionError("a bid or a blocking needs the guest card on the table", field="guest_card")
    if node == N_DRAW and s.card >= 0:
        raise PositionError("a guest card is drawn when none is on the table", field="guest_card")
    if node in (N_DRAW,) and not s.day and not s.die:
        raise PositionError("the check-in die is rolled before the guest card is drawn", field="check_in_day", rule=R_CHECKIN_DIE)
    if node == N_DRAW and s.day and not budget:
        raise PositionError("the walk-in's budget die is rolled before the card is drawn", field="budget")
    if node == N_DRAW and sum(s.deck) == 0:
        raise PositionError("the week's guest deck is empty", field="guest_cards_left", rule=R_MORE_CARDS)
    if node in (N_BUDGET_ROLL, N_RANK_BID, N_RANK_ROLL) and not s.day:
        raise PositionError("walk-ins, their ranking and budget come in the walk-in phase (day 1-7)", field="day")
    if node == N_BID:
        if seat not in s.contenders or s.bids[seat] >= 0:
            raise PositionError("the bidding seat is a contender that has not bid yet", field="next.player", rule=R_TIE_BID)
    if node == N_BLOCK:
        if not s.queue or s.queue[0] != seat:
            raise PositionError("the blocking seat is first in the queue", field="queue")
        if not blockings(s.card, s.node[2], s.built[seat], s.occ[seat], True):
            raise PositionError("the hotel has no rooms free for this stay", field="next", rule=R_SAME_ROOMS)
        short = s.token_shortage()
        if short:
            raise PositionError(f"no hotel can block this stay: {short[1]}", field="next", rule=short[0])
    if node == N_HIRE and -1 not in s.staff[seat]:
        raise PositionError("this seat has hired every kind of staff", field=f"hotels[{seat}].staff", rule=R_WAGES)
    if node == N_RANK_BID:
        if not any(st == 1 and seat in g for g, st in s.groups) or s.bids[seat] >= 0:
            raise PositionError("the bidding seat is in a ranking tie at the bid stage and has not bid",
                                field="ranking_ties")
    if node == N_RANK_ROLL:
        if not any(st == 2 and seat in g for g, st in s.groups) or s.rolls[seat]:
            raise PositionError("the rolling seat is in a ranking tie at the roll stage and has not rolled",
                                field="ranking_ties")
    if node in (N_BUDGET_ROLL,) and (not s.ranking or s.groups):
        raise PositionError("walk-ins come once the ranking is settled", field="ranking")
    if node in (N_EXPAND,) and s.week != 1:
        raise PositionError("the expansion comes after week 1 only (BH-16)", field="week", rule=R_EXPAND)
    if node == N_CHECKIN_ROLL and s.day:
        raise PositionError("the check-in die is rolled in the reservation phase", field="day", rule=R_CHECKIN_DIE)
