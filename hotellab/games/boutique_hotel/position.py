"""Boutique Hotel Manager's positions as a schema (``hotellab.core.position.PositionSchema``):
the shape (:class:`Position`, pydantic), the writer (:func:`write`) and the builder
(:func:`build`), which checks every rule of a position and lists every problem it finds. The
generated page ``docs/games/boutique_hotel-position.md`` lists the fields.

A position is a table in the rulebook's words (TOML-friendly: no None, no mixed lists): the
week and its deck, the card and the dice on the table, the phase's counters, the ranking, the
quotes and bids, the next decision (``[next]``) and one ``[[hotels]]`` table per player (money,
stars, rooms, price dice, staff, money by source, stays, the last rating); every field is in
the page above.

The builder checks, and reports every problem it meets (each naming its field and, where one
applies, its rule):

- ranges of every field; seat colours; stars on the track, ``lost`` exactly at 0;
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

The values of each field are checked first (all of them); the rules that tie fields together
(the next decision, the rooms, the copies, the deck) are checked when the values are sound.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ...core.position import Problems
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from ._common import (
    BASE_KIND, BID, BLOCK, BLOCK_KINDS, BUDGET_ROLL, CHANGE, CHECKIN_ROLL, DRAW, END, EXPAND, HIRE, RANK_BID,
    RANK_ROLL, SET_PRICE, WALKIN_BLOCK, WALKIN_CHANGE, WALKIN_DRAW, node_seat,
)
from .rules import _r
from .rules import (
    CHANCE_NODES, N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END,
    N_EXPAND, N_HIRE, N_RANK_BID, N_RANK_ROLL, N_SET_PRICE, N_WALKIN_BLOCK, N_WALKIN_CHANGE, N_WALKIN_DRAW,
    PHASES, R_BLOCK, R_CHANGE_ONE, R_CHECKIN_DIE, R_CONNECTION_TOKENS, R_DOORS, R_EXPAND, R_MORE_CARDS,
    R_PRICE_VALUES, R_PRICES, R_SAME_ROOMS, R_START_MONEY, R_START_ROOMS, R_TIE_BID, R_TOKENS, R_TRACK_TOP,
    R_WAGES, R_ZERO, WALKIN_KIND, R_CARRY, R_DRAW_GUEST, R_WALKIN_DRAW,
)
from .state import BoutiqueHotelState
from .stays import GUESTS, blockings, occupancy, stay_tokens

R_GUEST_CARDS = _r("Komponenty", "28 Karty gości")  # the count the reader checks (BH-30, BH-35)

NODES = tuple(n for ph in PHASES for n in ph.nodes)
_STAGES = ("settled", "bid", "roll")
_LEDGER = ("start", "rooms", "breakfast", "wages", "marketing", "expansion")
_CFG = ConfigDict(extra="forbid", strict=True)


# == the shape ===============================================================================
# Each field's rule is a section of the rulebook ("Jak grać w Boutique Hotel Manager").
_RESERVATION = {"rule": "Faza rezerwacji"}
_WALKINS = {"rule": "Faza gości bez rezerwacji"}
_DAY = "the price die of {} (1-6: 100-600; 0 before week 1's prices are revealed)"


class Tie(BaseModel):
    """A tie of the walk-in ranking not settled yet ('W przypadku remisu, gracze licytują …
    Jeśli nadal jest remis, rzuć białą kością')."""

    model_config = _CFG
    hotels: list[int] = Field(description="the tied hotels (seats)")
    stage: str = Field(description="how it is settled now: 'bid' (money cards face down for marketing), then 'roll' "
                                   "(the white die); 'settled'", json_schema_extra=_WALKINS)


class Quote(BaseModel):
    """A hotel's total price for the stay on the table ('Każdy gracz mający dostępność oblicza
    całkowitą stawkę za pobyt')."""

    model_config = _CFG
    hotel: int = Field(description="the hotel (seat) with availability")
    price: int = Field(description="its total price for the stay, breakfast included", json_schema_extra=_RESERVATION)


class Next(BaseModel):
    """The next decision or chance outcome."""

    model_config = _CFG
    node: str = Field(description="the node kind: a row of the phase table (e.g. 'set_price', 'change_price', "
                                  "'walkin_block_rooms', 'budget_roll', 'end')")
    player: int | None = Field(None, description="the deciding seat (none at a die, a card or the end)")
    for_hotel: int | None = Field(None, description="ranking_roll: the seat the white die is rolled for",
                                  json_schema_extra=_WALKINS)
    day: int | None = Field(None, description="block_rooms, walkin_block_rooms: the check-in day, 1-7")


class PriceDice(BaseModel):
    """The 8 price dice of a hotel ('8 kostek ceny'): 7 day dice and the breakfast die."""

    model_config = _CFG
    mon: int = Field(description=_DAY.format("Monday"), json_schema_extra={"rule": "Faza przygotowania do tygodnia 1"})
    tue: int = Field(description=_DAY.format("Tuesday"))
    wed: int = Field(description=_DAY.format("Wednesday"))
    thu: int = Field(description=_DAY.format("Thursday"))
    fri: int = Field(description=_DAY.format("Friday"))
    sat: int = Field(description=_DAY.format("Saturday"))
    sun: int = Field(description=_DAY.format("Sunday (and the nights past Sunday, FAQ)"))
    breakfast: int = Field(description="the breakfast die: the price a room-night with breakfast adds (1-6: 100-600)")


class Staff(BaseModel):
    """The staff dice hired this week, kind by kind ('Personel musi być zatrudniony na cały
    tydzień'): 0-6 workers (1 pip = 1 worker; 0: no die)."""

    model_config = _CFG
    cleaning: int | None = Field(None, description="cleaning: 1 worker per booked room a day")
    checkin: int | None = Field(None, description="check-in: 1 worker per room checking in a day (a square)")
    kitchen: int | None = Field(None, description="kitchen: 1 worker per room-night with breakfast (a brown token)")


class Ledger(BaseModel):
    """A hotel's money by source; the sources sum to its money."""

    model_config = _CFG
    start: int = Field(description="the starting money: 500", json_schema_extra={"rule": "Faza przygotowania do tygodnia 1"})
    rooms: int = Field(description="room revenue (never negative)", json_schema_extra=_RESERVATION)
    breakfast: int = Field(description="breakfast revenue (never negative)", json_schema_extra=_RESERVATION)
    wages: int = Field(description="staff wages, 300 a worker (never positive)", json_schema_extra={"rule": "Faza planowania"})
    marketing: int = Field(description="marketing bids paid (never positive)", json_schema_extra=_RESERVATION)
    expansion: int = Field(description="rooms bought, 1000 each (never positive)", json_schema_extra={"rule": "Faza ekspansji"})


class Stay(BaseModel):
    """A stay blocked in a hotel ('Zwycięski gracz następnie blokuje pokoje zgodnie z symbolami
    na kartach')."""

    model_config = _CFG
    guest: int = Field(description="the guest card, printed number 1-28", json_schema_extra={"rule": "Komponenty"})
    check_in: int = Field(description="the check-in day, 1-7 (Monday-Sunday); 0 or less: carried from last week "
                                      "('Żetony z poprzednich tygodni')")
    rooms: list[int] = Field(description="the rooms, printed numbers 1-8, in the card's order: the same rooms for the "
                                         "whole stay, adjacent where a door symbol joins them", json_schema_extra=_RESERVATION)
    source: str = Field(description="'reservation' or 'walk-in'")
    room_money: int = Field(description="the room money it paid: each room the day rate of each night")
    breakfast_money: int = Field(description="the breakfast money it paid (0 without breakfast)")


class Hotel(BaseModel):
    """A player's hotel board ('Każdy gracz bierze planszę hotelu'), money, rating and stays."""

    model_config = _CFG
    colour: str | None = Field(None, description="the board's colour (seat order: blue, red, green, yellow, "
                                                 "purple, orange, teal, brown)")
    money: int = Field(description="money in money cards (500 at the start)",
                       json_schema_extra={"rule": "Faza przygotowania do tygodnia 1"})
    stars: int = Field(description="the rating marker, 0-5 stars (3 at the start)", json_schema_extra={"rule": "Faza oceny"})
    lost: bool | None = Field(None, description="out of the game: exactly at 0 stars ('Gracz, który osiągnie 0 "
                                                "gwiazdek, przegrywa grę')", json_schema_extra={"rule": "Faza oceny"})
    rooms: list[int] = Field(description="the rooms built, printed numbers 1-8: the 3 'Start' rooms and those bought "
                                         "for 1000 each after week 1", json_schema_extra={"rule": "Faza ekspansji"})
    price_dice: PriceDice = Field(description="the price dice showing",
                                  json_schema_extra={"rule": "Faza przygotowania do tygodnia 1"})
    secret_price_dice: list[int] = Field([], description="the dice set in secret so far in a week's preparation, "
                                                         "in order (Monday to Sunday, then breakfast)",
                                         json_schema_extra={"rule": "Faza przygotowania do tygodnia 1"})
    staff: Staff = Field(default_factory=Staff, description="the staff dice hired this week",
                         json_schema_extra={"rule": "Faza planowania"})
    bid: int = Field(-1, description="a sealed marketing bid in money cards (0: the blank card alone; -1: none)",
                     json_schema_extra=_RESERVATION)
    roll: int = Field(0, description="the white die rolled in a ranking tie (0: none)", json_schema_extra=_WALKINS)
    money_by_source: Ledger = Field(description="the money by source")
    stays: list[Stay] = Field([], description="the stays blocked in the hotel (this week's and those carried)",
                              json_schema_extra=_RESERVATION)
    rating: list[int] = Field([], description="the last rating: per staff kind the weekly demand, hired and stars "
                                              "lost; then the change of stars", json_schema_extra={"rule": "Faza oceny"})


class Position(BaseModel):
    """Where everything is in a game of Boutique Hotel Manager, and what is decided next."""

    model_config = _CFG
    week: int = Field(description="the week, 1 or 2 ('Na koniec drugiego tygodnia')", json_schema_extra={"rule": "Koniec gry"})
    guest_cards_left: list[int] = Field(description="per guest card (printed number 1-28): copies still in the week's "
                                                    "deck (one set of 28 per 2 players)",
                                        json_schema_extra={"rule": "Dodatkowe zasady"})
    guest_card: int = Field(0, description="the guest card on the table (0: none)", json_schema_extra=_RESERVATION)
    check_in_day: int = Field(0, description="the check-in die: the day the guests check in, 1-6 (0: not rolled)",
                              json_schema_extra=_RESERVATION)
    budget: int = Field(0, description="the walk-in's nightly budget die, 1-6: 100-600 (0: none)",
                        json_schema_extra=_WALKINS)
    card_turn: int = Field(0, description="guest cards already played in this week's reservation phase (5 per player)",
                           json_schema_extra=_RESERVATION)
    day: int = Field(0, description="the walk-in phase's day, 1-7 (0: not in the walk-in phase)",
                     json_schema_extra=_WALKINS)
    walk_in: int = Field(0, description="walk-ins already come today (one a day per 2 players)",
                         json_schema_extra={"rule": "Dodatkowe zasady"})
    lost_guests: int = Field(0, description="guests no hotel could take, so far ('goście są straceni')")
    ranking: list[int] = Field([], description="the walk-in ranking, from the least money to the most (when settled)",
                               json_schema_extra=_WALKINS)
    ranking_ties: list[Tie] = Field([], description="the ties of the walk-in ranking not settled yet",
                                    json_schema_extra=_WALKINS)
    contenders: list[int] = Field([], description="the seats in a reservation's marketing bid (equal price and rating)",
                                  json_schema_extra=_RESERVATION)
    queue: list[int] = Field([], description="the seats still to block rooms for the guests on the table",
                             json_schema_extra=_RESERVATION)
    booked_by: list[int] = Field([], description="the seats that blocked rooms for the guests on the table",
                                 json_schema_extra=_RESERVATION)
    quotes: list[Quote] = Field([], description="the hotels' prices for the stay on the table", json_schema_extra=_RESERVATION)
    next: Next = Field(description="the next decision or chance outcome")
    hotels: list[Hotel] = Field(description="one hotel per player, in seat order",
                                json_schema_extra={"rule": "Instrukcje przygotowania / 1"})


# == the writer ==============================================================================
def write(s) -> dict:
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
            "money_by_source": dict(zip(_LEDGER, s.ledger[p])),
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
    node = s.node
    nxt = {"node": node[0]}
    if node[1] >= 0:
        nxt["player"] = node[1]
    if node[0] == N_RANK_ROLL:
        nxt["for_hotel"] = node[3][0]
    if node[0] in BLOCK_KINDS:
        nxt["day"] = node[3][0]
    return {
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


# == the builder =============================================================================
def _in(problems: Problems, v: int, lo: int, hi: int, path: str, rule=None) -> bool:
    """Whether ``lo <= v <= hi``; else the problem "must be from lo to hi" at ``path``."""
    return problems.check(lo <= v <= hi, path, f"must be from {lo} to {hi}, got {v}", rule)


def _all_in(problems: Problems, vs: list, lo: int, hi: int, path: str, rule=None) -> bool:
    ok = True
    for i, v in enumerate(vs):
        ok = _in(problems, v, lo, hi, f"{path}[{i}]", rule) and ok
    return ok


def build(game, p: Position, problems: Problems) -> BoutiqueHotelState:
    """The state position ``p`` declares; every rule it breaks is added to ``problems``."""
    s = BoutiqueHotelState.initial(game)
    budget = _read_table(s, p, problems)
    n = game.num_players
    if not problems.check(len(p.hotels) == n, "hotels", f"needs one hotel per player ({n}), got {len(p.hotels)}"):
        return s
    cols = [_read_hotel(game, i, h, problems) for i, h in enumerate(p.hotels)]
    if problems:
        return s
    (s.money, s.stars, s.out, s.built, s.prices, s.draft, s.staff, s.ledger, s.stays, s.bids, s.rolls,
     rating) = (tuple(c) for c in zip(*cols))
    s.rating = rating if any(rating) else ()
    s.occ = tuple(occupancy(st) for st in s.stays)
    s.used = _check_supply(game, s.stays, problems)
    node = _read_next(s, p.next, problems)
    if problems or node is None:
        return s
    s.node = node
    _check_prices_node(s, problems)
    _check_table_node(s, budget, problems)
    _check_decision_node(s, problems)
    _check_rooms(s, problems)
    _check_copies(s, problems)
    problems.collect(check_deck, s)
    if not problems and node[1] >= 0 and not s.legal_actions():  # pragma: no cover - guarded above
        problems.add("next", "the deciding player has no legal action")
    return s


def _read_table(s, p: Position, problems: Problems) -> int:
    """The fields of the table (the week, the deck, the card and dice, the phase's counters,
    the ranking, the ties and the quotes) into ``s``; returns the walk-in's budget face."""
    n = s.game.num_players
    sets = C.sets_for(n)
    _in(problems, p.week, 1, C.WEEKS, "week")
    _all_in(problems, p.guest_cards_left, 0, sets, "guest_cards_left", R_MORE_CARDS)
    problems.check(len(p.guest_cards_left) == C.CARDS_PER_SET, "guest_cards_left",
                   f"needs one count per guest card (28), got {len(p.guest_cards_left)}")
    _in(problems, p.guest_card, 0, C.CARDS_PER_SET, "guest_card")
    _in(problems, p.day, 0, 7, "day")
    _in(problems, p.check_in_day, 0, 6, "check_in_day", R_CHECKIN_DIE)
    _in(problems, p.budget, 0, C.FACES, "budget")
    _in(problems, p.card_turn, 0, C.CARDS_PER_PLAYER * n, "card_turn")
    _in(problems, p.walk_in, 0, n, "walk_in")
    _in(problems, p.lost_guests, 0, 10_000, "lost_guests")
    _all_in(problems, p.ranking, 0, n - 1, "ranking")
    for i, tie in enumerate(p.ranking_ties):
        _all_in(problems, tie.hotels, 0, n - 1, f"ranking_ties[{i}].hotels")
        problems.check(tie.stage in _STAGES, f"ranking_ties[{i}].stage",
                       f"must be one of {', '.join(_STAGES)}, got {tie.stage!r}")
    for name in ("contenders", "queue", "booked_by"):
        _all_in(problems, getattr(p, name), 0, n - 1, name)
    for i, q in enumerate(p.quotes):
        _in(problems, q.hotel, 0, n - 1, f"quotes[{i}].hotel")
        _in(problems, q.price, 0, 10 ** 6, f"quotes[{i}].price")
    s.week, s.deck, s.card, s.day = p.week, tuple(p.guest_cards_left), p.guest_card - 1, p.day
    s.die = p.day if p.day else p.check_in_day
    s.turn, s.walk, s.lost, s.ranking = p.card_turn, p.walk_in, p.lost_guests, tuple(p.ranking)
    s.groups = tuple((tuple(t.hotels), _STAGES.index(t.stage)) for t in p.ranking_ties if t.stage in _STAGES)
    s.contenders, s.queue, s.booked_by = tuple(p.contenders), tuple(p.queue), tuple(p.booked_by)
    quotes = [(q.hotel, q.price) for q in p.quotes]
    if s.day:
        quotes = [(-1, p.budget)] if p.budget else []
    s.quotes = tuple(quotes)
    return p.budget


def _read_hotel(game, i: int, h: Hotel, problems: Problems) -> tuple:
    """Hotel ``i``'s fields, in the order of the state's columns: money, stars, out, built,
    prices, draft, staff, ledger, stays, bid, roll, rating."""
    w = f"hotels[{i}]"
    colour = C.SEAT_COLOURS[i] if i < len(C.SEAT_COLOURS) else "?"
    problems.check(h.colour is None or h.colour == colour, f"{w}.colour", f"seat {i} is {colour}, got {h.colour!r}")
    _in(problems, h.money, 0, 10 ** 7, f"{w}.money")
    _in(problems, h.stars, C.MIN_STARS, C.MAX_STARS, f"{w}.stars", R_TRACK_TOP)
    out = h.stars == 0 if h.lost is None else h.lost
    problems.check(out == (h.stars == 0), f"{w}.lost", "a hotel has lost the game exactly when it has 0 stars", R_ZERO)
    built = _read_rooms(w, h.rooms, problems)
    prices, draft, staff = _read_dice(w, h, problems)
    ledger = _read_ledger(w, h, problems)
    stays = _read_stays(w, h.stays, built, problems)
    if h.money >= 0:  # (a negative money is its own problem: the bid is then not checked against it)
        problems.check(-1 <= h.bid <= h.money, f"{w}.bid", f"must be from -1 to {h.money}, got {h.bid}", R_TIE_BID)
    problems.check(h.bid <= 0 or not h.bid % C.MONEY_STEP, f"{w}.bid", f"a bid is a multiple of {C.MONEY_STEP}",
                   R_TIE_BID)
    _in(problems, h.roll, 0, C.FACES, f"{w}.roll")
    _all_in(problems, h.rating, -C.MAX_STARS, 100, f"{w}.rating")
    problems.check(not h.rating or len(h.rating) == 10, f"{w}.rating",
                   "the last rating has 10 numbers (demand, hired, lost per kind; the change)")
    return (h.money, h.stars, out, built, prices, draft, staff, ledger, stays, h.bid, h.roll, tuple(h.rating))


def _read_rooms(w: str, rooms: list, problems: Problems) -> int:
    """The rooms built (a bit mask): numbered 1-8, none twice, the 3 Start rooms among them."""
    built = 0
    for k, r in enumerate(rooms):
        if not _in(problems, r, 1, C.NUM_ROOMS, f"{w}.rooms[{k}]", R_EXPAND):
            continue
        problems.check(not built >> (r - 1) & 1, f"{w}.rooms", f"room {r} is listed twice", R_EXPAND)
        built |= 1 << (r - 1)
    problems.check(built & C.START_MASK == C.START_MASK, f"{w}.rooms", "every hotel has its 3 Start rooms (1, 2, 3)",
                   R_START_ROOMS)
    return built


def _read_dice(w: str, h: Hotel, problems: Problems) -> tuple:
    """(price dice, secret price dice, staff dice) of a hotel: faces 1-6 (all set, or none
    before week 1's prices), at most 8 secret dice, staff 0-6 hired kind by kind."""
    prices = tuple(getattr(h.price_dice, d) for d in C.DICE)
    for d, v in zip(C.DICE, prices):
        _in(problems, v, 0, C.FACES, f"{w}.price_dice.{d}", R_PRICE_VALUES)
    problems.check(not (0 in prices and any(prices)), f"{w}.price_dice",
                   "the price dice are all set (1-6) or none is (0, before week 1's prices)", R_PRICES)
    draft = tuple(h.secret_price_dice)
    _all_in(problems, draft, 1, C.FACES, f"{w}.secret_price_dice", R_PRICES)
    problems.check(len(draft) <= 8, f"{w}.secret_price_dice", "a hotel has 8 price dice", R_PRICES)
    staff = [-1 if getattr(h.staff, k) is None else getattr(h.staff, k) for k in C.STAFF]
    for k, v in zip(C.STAFF, staff):
        if v != -1:
            _in(problems, v, 0, C.MAX_STAFF, f"{w}.staff.{k}", R_WAGES)
    problems.check(not (-1 in staff and any(x >= 0 for x in staff[staff.index(-1):])), f"{w}.staff",
                   "staff is hired kind by kind: cleaning, checkin, kitchen", R_WAGES)
    return prices, draft, tuple(staff)


def _read_ledger(w: str, h: Hotel, problems: Problems) -> tuple:
    """The money by source: 500 at the start, revenue never negative, costs never positive,
    expansion in rooms of 1000, summing to the money."""
    ledger = tuple(getattr(h.money_by_source, k) for k in _LEDGER)
    problems.check(ledger[0] == C.START_MONEY, f"{w}.money_by_source.start", f"every player starts with {C.START_MONEY}",
                   R_START_MONEY)
    problems.check(not (any(v < 0 for v in ledger[1:3]) or any(v > 0 for v in ledger[3:])), f"{w}.money_by_source",
                   "revenue is never negative and costs never positive")
    problems.check(not ledger[5] % C.ROOM_COST, f"{w}.money_by_source.expansion", f"expansion is {C.ROOM_COST} a room",
                   R_EXPAND)
    problems.check(sum(ledger) == h.money, f"{w}.money", f"money {h.money} is not the sum of its sources ({sum(ledger)})")
    return ledger


def _read_stays(w: str, given: list, built: int, problems: Problems) -> tuple:
    """A hotel's stays: a card's rooms, different, built, adjacent where a door symbol joins
    them; never two stays on one room-night."""
    stays = []
    for i, sd in enumerate(given):
        stay = _read_stay(f"{w}.stays[{i}]", sd, built, problems)
        if stay is not None:
            stays.append((i, stay))
    occ = [0] * C.NUM_ROOMS
    for i, (card, ci, rs, *_r) in stays:
        one = occupancy(((card, ci, rs),))
        for r in range(C.NUM_ROOMS):
            if occ[r] & one[r]:
                problems.add(f"{w}.stays[{i}]", f"room {r + 1} is booked twice on one day", R_SAME_ROOMS)
            occ[r] |= one[r]
    return tuple(st for _, st in stays)


def _read_stay(sw: str, sd: Stay, built: int, problems: Problems):
    """One stay as the state keeps it, or None when its card, day or rooms cannot be read."""
    card_ok = _in(problems, sd.guest, 1, C.CARDS_PER_SET, f"{sw}.guest")
    if not _in(problems, sd.check_in, -6, 7, f"{sw}.check_in") or not card_ok:
        return None
    card, ci = sd.guest - 1, sd.check_in
    g = GUESTS[card]
    ok = problems.check(ci + g.stay - 1 >= 1, f"{sw}.check_in", "a stay that ended last week is no longer on the board",
                        R_SAME_ROOMS)
    ok = _all_in(problems, sd.rooms, 1, C.NUM_ROOMS, f"{sw}.rooms", R_BLOCK) and ok
    if not problems.check(len(sd.rooms) == len(g.nights) and len(set(sd.rooms)) == len(sd.rooms), f"{sw}.rooms",
                          f"guest card {card + 1} needs {len(g.nights)} different rooms", R_BLOCK) or not ok:
        return None
    rs = tuple(r - 1 for r in sd.rooms)
    for r in rs:
        ok = problems.check(built >> r & 1, f"{sw}.rooms", f"room {r + 1} is not part of this hotel", R_BLOCK) and ok
    for j, d in enumerate(g.doors):
        ok = problems.check(not d or C.ADJ[rs[j]] >> rs[j + 1] & 1, f"{sw}.rooms",
                            f"rooms {rs[j] + 1} and {rs[j + 1] + 1} must be adjacent (door symbol)", R_DOORS) and ok
    ok = problems.check(sd.source in ("reservation", "walk-in"), f"{sw}.source",
                        f"must be 'reservation' or 'walk-in', got {sd.source!r}") and ok
    _in(problems, sd.room_money, 0, 10 ** 6, f"{sw}.room_money")
    _in(problems, sd.breakfast_money, 0, 10 ** 6, f"{sw}.breakfast_money")
    problems.check(not sd.breakfast_money or g.breakfast, f"{sw}.breakfast_money", f"guest card {card + 1} has no breakfast")
    return (card, ci, rs, sd.source, sd.room_money, sd.breakfast_money) if ok else None


def _check_supply(game, stays: tuple, problems: Problems) -> tuple[int, int]:
    """(stay tokens, connection tokens) the hotels' ``stays`` put on the boards; with the
    option ``token_supply="limited"`` no more than the supply (56 and 8 per set, Komponenty,
    BH-32 and BH-33): the stay at which a count runs over is named."""
    have = C.token_supply(game.num_players)
    limited = game.options["token_supply"] == "limited"
    used = [0, 0]
    over = [False, False]
    for p, hotel in enumerate(stays):
        for i, (card, ci, *_r) in enumerate(hotel):
            for k, v in enumerate(stay_tokens(card, ci)):
                used[k] += v
                if limited and used[k] > have[k] and not over[k]:
                    over[k] = True
                    what = ("stay tokens", "connection tokens")[k]
                    problems.add(f"hotels[{p}].stays[{i}]",
                                 f"the stays up to this one use {used[k]} {what}; the game has {have[k]} "
                                 f"({(C.STAY_TOKENS, C.CONNECTION_TOKENS)[k]} per set, {C.sets_for(game.num_players)} "
                                 f"set{'s' if C.sets_for(game.num_players) > 1 else ''}; option token_supply)",
                                 (R_TOKENS, R_CONNECTION_TOKENS)[k])
    return used[0], used[1]


_ONE_NODE = {N_CHECKIN_ROLL: CHECKIN_ROLL, N_DRAW: DRAW, N_WALKIN_DRAW: WALKIN_DRAW, N_BUDGET_ROLL: BUDGET_ROLL,
             N_END: END}
_NODE_BY_SEAT = {N_SET_PRICE: SET_PRICE, N_CHANGE: CHANGE, N_WALKIN_CHANGE: WALKIN_CHANGE, N_BID: BID, N_HIRE: HIRE,
                 N_RANK_BID: RANK_BID, N_RANK_ROLL: RANK_ROLL, N_EXPAND: EXPAND}
_NODE_BY_SEAT_DAY = {N_BLOCK: BLOCK, N_WALKIN_BLOCK: WALKIN_BLOCK}


def _node_of(kind: str, seat: int, day: int):
    """The Node of a node kind of the phase table for (seat, check-in day)."""
    if kind in _ONE_NODE:
        return _ONE_NODE[kind]
    if kind in _NODE_BY_SEAT_DAY:
        return _NODE_BY_SEAT_DAY[kind][seat][day]
    return _NODE_BY_SEAT[kind][seat]


def _read_next(s, nx: Next, problems: Problems):
    """The next decision (a Node), or None with the problems that make it unreadable: a node
    kind of the phase table that fits the phase (a walk-in day's steps on a walk-in day), the
    deciding seat still in the game, the seat a ranking die is for, a blocking's day."""
    n = s.game.num_players
    node = nx.node
    if not problems.check(node in NODES, "next.node", f"must be one of {', '.join(NODES)}, got {node!r}"):
        return None
    base = BASE_KIND.get(node, node)
    problems.check(base == node or s.day, "day", f"{node!r} is a walk-in day's step: day must be 1-7")
    problems.check(node not in WALKIN_KIND or not s.day, "next.node",
                   f"{node!r} is a reservation step; on a walk-in day it is {WALKIN_KIND.get(node)!r}")
    seat = day = 0
    if base in CHANCE_NODES or base == N_END:
        problems.check(nx.player is None, "next.player", "a chance node or the end has no deciding player")
        if base == N_RANK_ROLL:
            seat = nx.for_hotel
            if problems.check(seat is not None, "next.for_hotel", "is missing"):
                _in(problems, seat, 0, n - 1, "next.for_hotel")
    else:
        seat = nx.player
        if problems.check(seat is not None, "next.player", "is missing") and _in(problems, seat, 0, n - 1, "next.player"):
            problems.check(seat in s.active_seats(), "next.player",
                           f"seat {seat} has lost the game (0 stars) and decides nothing", R_ZERO)
    if base == N_BLOCK:
        day = nx.day
        if problems.check(day is not None, "next.day", "is missing"):
            _in(problems, day, 1, 7, "next.day")
    return None if problems else _node_of(node, seat, day)


def _check_prices_node(s, problems: Problems) -> None:
    """The price dice agree with the next decision: secret dice only while a week's prices
    are set, each seat in turn; the dice set before the reservation phase."""
    node, seat = s.node[0], s.node[1]
    drafting = node == N_SET_PRICE
    for p in range(s.game.num_players):
        problems.check(not s.draft[p] or drafting, f"hotels[{p}].secret_price_dice",
                       "secret price dice are only set during a week's preparation", R_PRICES)
        problems.check(drafting or node == N_END or s.prices[p] != (0,) * 8 or s.out[p], f"hotels[{p}].price_dice",
                       "the price dice are set before the reservation phase", R_PRICES)
    if drafting:
        for p in s.active_seats():
            want = 8 if p < seat else None if p == seat else 0
            got = len(s.draft[p])
            problems.check(not ((want is None and got >= 8) or (want is not None and got != want)),
                           f"hotels[{p}].secret_price_dice",
                           f"seats set their dice in turn: seat {p} has set {got} of 8 while seat {seat} is setting",
                           R_PRICES)


def _check_table_node(s, budget: int, problems: Problems) -> None:
    """The table agrees with the next decision: the active player, the card turns, the card
    on the table, the dice rolled and the deck of the reservation phase and the walk-in days."""
    base = BASE_KIND.get(s.node[0], s.node[0])
    seat = s.node[1]
    problems.check(not (base == N_CHANGE and not s.day and seat != s.active_player()), "next.player",
                   f"in the reservation phase only the active player (seat {s.active_player()}, card_turn "
                   f"{s.turn}) changes a die", R_CHANGE_ONE)
    problems.check(not (base in (N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_BID, N_BLOCK) and not s.day
                        and s.turn >= s.cards_this_week()), "card_turn",
                   f"the reservation phase has {s.cards_this_week()} cards", R_MORE_CARDS)
    problems.check(not (base in (N_BID, N_BLOCK) and s.card < 0), "guest_card",
                   "a bid or a blocking needs the guest card on the table")
    if base == N_DRAW:
        problems.check(s.card < 0, "guest_card", "a guest card is drawn when none is on the table")
        problems.check(s.day or s.die, "check_in_day", "the check-in die is rolled before the guest card is drawn",
                       R_CHECKIN_DIE)
        problems.check(not s.day or budget, "budget", "the walk-in's budget die is rolled before the card is drawn")
        problems.check(sum(s.deck), "guest_cards_left", "the week's guest deck is empty", R_MORE_CARDS)
    problems.check(not (base in (N_BUDGET_ROLL, N_RANK_BID, N_RANK_ROLL) and not s.day), "day",
                   "walk-ins, their ranking and budget come in the walk-in phase (day 1-7)")


def _check_decision_node(s, problems: Problems) -> None:
    """The deciding seat (or the seat a die is rolled for) is the one the position waits
    for: a contender that has not bid, the first of the blocking queue with rooms free and
    tokens enough, a seat with staff to hire, a seat in a ranking tie at its stage."""
    base = BASE_KIND.get(s.node[0], s.node[0])
    seat = node_seat(s.node)
    if base == N_BID:
        problems.check(seat in s.contenders and s.bids[seat] < 0, "next.player",
                       "the bidding seat is a contender that has not bid yet", R_TIE_BID)
    if base == N_BLOCK:
        problems.check(s.queue and s.queue[0] == seat, "queue", "the blocking seat is first in the queue")
        if s.card >= 0:
            problems.check(blockings(s.card, s.node[3][0], s.built[seat], s.occ[seat], True), "next",
                           "the hotel has no rooms free for this stay", R_SAME_ROOMS)
            short = s.token_shortage()
            if short:
                problems.add("next", f"no hotel can block this stay: {short[1]}", short[0])
    problems.check(base != N_HIRE or -1 in s.staff[seat], f"hotels[{seat}].staff",
                   "this seat has hired every kind of staff", R_WAGES)
    problems.check(base != N_RANK_BID or (any(st == 1 and seat in g for g, st in s.groups) and s.bids[seat] < 0),
                   "ranking_ties", "the bidding seat is in a ranking tie at the bid stage and has not bid")
    problems.check(base != N_RANK_ROLL or (any(st == 2 and seat in g for g, st in s.groups) and not s.rolls[seat]),
                   "ranking_ties", "the rolling seat is in a ranking tie at the roll stage and has not rolled")
    problems.check(base != N_BUDGET_ROLL or (s.ranking and not s.groups), "ranking",
                   "walk-ins come once the ranking is settled")
    problems.check(base != N_EXPAND or s.week == 1, "week", "the expansion comes after week 1 only (BH-16)", R_EXPAND)
    problems.check(not (base == N_CHECKIN_ROLL and s.day), "day", "the check-in die is rolled in the reservation phase",
                   R_CHECKIN_DIE)


def _check_rooms(s, problems: Problems) -> None:
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
            problems.add(f"{w}.rooms", f"the hotel has {extra} room{'s' if extra != 1 else ''} beyond the 3 Start rooms "
                                       f"and paid for {bought} (money_by_source.expansion {s.ledger[p][5]}, "
                                       f"{C.ROOM_COST} a room)", R_EXPAND)
        if s.week == 1 and extra and not (node == N_EXPAND and p in act and act.index(p) <= act.index(seat)):
            problems.add(f"{w}.rooms", "rooms are bought in the expansion phase after week 1's rating, each seat in "
                                       "turn; this hotel has not had that turn", R_EXPAND)
        for i, (card, ci, rs, *_r2) in enumerate(s.stays[p]):
            if ci < 1 and any(not C.START_MASK >> r & 1 for r in rs):
                problems.add(f"{w}.stays[{i}].rooms", "a stay carried from week 1 was blocked in week 1's rooms (the "
                                                      "Start rooms); rooms bought in the expansion are in use from "
                                                      "the next week", R_EXPAND)


def _walkins_per_day(s, seats: int) -> int:
    return (seats + 1) // 2 if s.game.options["walkins"] == "round_up" else max(1, seats // 2)


def _stays_against_copies(s, deck: bool, problems: Problems) -> None:
    """Walk the stays against the copies of each guest card (see :func:`check_deck`); with
    ``deck`` false only against the ``sets`` copies of the game, with ``deck`` true against
    the copies drawn this week (the deck's less ``guest_cards_left``). Each stay that runs
    over is a problem."""
    n = s.game.num_players
    sets = C.sets_for(n)
    table = s.card
    table_extra = table >= 0 and not (s.node[0] in BLOCK_KINDS and s.booked_by)
    walk = {}, {}
    res = {}, {}
    for p in range(n):
        for i, (card, ci, rs, src, *_r2) in enumerate(s.stays[p]):
            w = f"hotels[{p}].stays[{i}]"
            old = ci < 1
            if old and s.week == 1:
                problems.add(f"{w}.check_in", "week 1 has no stays carried from an earlier week (check-in 1-7)", R_CARRY)
                continue
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
            problems.add(f"{w}.guest", msg, R_GUEST_CARDS)


def _check_copies(s, problems: Problems) -> None:
    """Each guest card exists ``sets`` times ("28 Karty gości" per set, BH-30, BH-35): a
    walk-in's draw makes at most one stay, a reservation's one stay in each hotel that wins it
    (BH-08), so this week's stays (check-in 1-7) of card c, with c on the table if none of its
    stays is blocked yet, need (its walk-in stays + the most reservation stays of c in one
    hotel + 1 for the table) draws, at most ``sets``; likewise the stays carried from week 1
    (check-in 0 or less, week 2 only). Each stay that runs over is named."""
    _stays_against_copies(s, False, problems)


def check_deck(s) -> None:
    """The week's deck agrees with the rest of state ``s``; else one PositionError listing
    every problem (``guest_cards_left``, ``hotels[p].stays[i].guest`` or ``guest_card``; rule
    "28 Karty gości" or the draw): this week's stays and the card on the table were drawn from
    it (each card counted as in :func:`_check_copies`, against the copies drawn: ``sets`` less
    ``guest_cards_left``), and the cards drawn are the card turns played (``card_turn``), the
    walk-ins come so far (days, ``walk_in``) and the card on the table.

    Called by :func:`build` after :func:`_check_copies`; every state the engine reaches
    passes (tests/boutique_hotel/test_bh_position_counts.py)."""
    problems = Problems()
    sets = C.sets_for(s.game.num_players)
    _stays_against_copies(s, True, problems)
    table = s.card
    table_extra = table >= 0 and not (s.node[0] in BLOCK_KINDS and s.booked_by)
    if table_extra and s.deck[table] >= sets:
        problems.add("guest_card", f"guest card {table + 1} is on the table while the deck still holds all {sets} "
                                   f"cop{'ies' if sets > 1 else 'y'} (guest_cards_left[{table}] = {s.deck[table]})",
                     R_GUEST_CARDS)
    drawn = sum(sets - c for c in s.deck)
    want, why, rule = _deck_draws(s)
    if want is not None and drawn != want:
        problems.add("guest_cards_left", f"{drawn} guest card{'s' if drawn != 1 else ''} drawn this week (the deck's "
                                         f"{C.CARDS_PER_SET * sets} less guest_cards_left), but the position has "
                                         f"{why}: {want}", rule)
    if problems:
        raise problems.error()


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
