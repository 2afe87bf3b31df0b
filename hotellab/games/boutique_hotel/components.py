"""Boutique Hotel Manager components, read from ``data/*.toml``.

- ``data/board.toml``: the hotel board's rooms (number, floor, position, "Start"), which rooms
  are adjacent, the rating track and the dice;
- ``data/guests.toml``: the 28 guest cards (nights per room, door symbols, breakfast);
- ``data/money.toml``: the 44 money cards' denominations.

Which values the rulebook gives and which are reconstructed is said in each record
(``provenance``) and in ``docs/rulings/boutique_hotel.md``. The tables below are indexed so
that the rules look things up without building objects: a room is its index 0-7 (printed
number - 1), a guest card its index 0-27 (printed number - 1), a day 1-7 (Monday-Sunday; days
8-10 are the nights past Sunday that the FAQ puts beside the board).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.data import read_data

DATA = Path(__file__).with_name("data")

SEAT_COLOURS = ("blue", "red", "green", "yellow", "purple", "orange", "teal", "brown")
"""Hotel board colours in seat order (the rulebook's boards have colours; the colours are ours)."""
COLOUR_HEX = {"blue": "#2b6cd4", "red": "#d43b2b", "green": "#2f9e44", "yellow": "#c99700",
              "purple": "#8e44ad", "orange": "#e8590c", "teal": "#0b7285", "brown": "#8b5a2b"}

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
"""Action words of the 7 day price dice (Monday first)."""
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DAY_PL = ("poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela")
DICE = DAYS + ("breakfast",)
"""Action words of the 8 price dice: 7 day dice and the breakfast die (index 7)."""
BREAKFAST = 7
STAFF = ("cleaning", "checkin", "kitchen")
"""The 3 staff dice, in the order the rulebook lists them (Faza planowania)."""
STAFF_NAMES = ("cleaning", "check-in", "kitchen")

START_MONEY = 500
"""Faza przygotowania do tygodnia 1: 'Każdy gracz otrzymuje 500 w kartach pieniędzy'."""
WAGE = 300
"""Faza planowania: 'płacą 300 za pracownika'."""
ROOM_COST = 1000
"""Faza ekspansji: 'zapłacić 1000 za pokój'."""
CARDS_PER_PLAYER = 5
"""Dodatkowe zasady: 'dobierz 5-krotność liczby graczy z Kart Gości' (10 with 2 players)."""
WEEKS = 2
"""Koniec gry: 'Na koniec drugiego tygodnia'."""
CARDS_PER_SET = 28
MAX_STAFF = 6
"""A staff die shows 1-6 pips, 1 pip = 1 worker; no die placed = 0 workers."""
CALENDAR = 10
"""Days 1-7 of the week plus up to 3 nights past Sunday (the longest stay is 4 nights)."""
STAY_TOKENS = 56
"""Komponenty: '56 Żetony, w dwóch kolorach i dwóch kształtach' — stay tokens per set of the
game (the sets' tokens are one supply; the split among the four kinds is not printed, so only
the total is limited: ruling BH-32)."""
CONNECTION_TOKENS = 8
"""Komponenty: '8 Przezroczyste żetony połączeń pokoi' — connection tokens per set of the game
(one supply for all the sets' boards: ruling BH-33)."""


def _load(name: str) -> dict:
    return read_data(DATA, name)


def _check(cond, msg):
    if not cond:
        raise ValueError(f"boutique_hotel data: {msg}")


@dataclass(frozen=True)
class Guest:
    """A guest card: ``number`` 1-28, ``nights`` (per room, non-increasing, each 1-4),
    ``doors`` (per pair of consecutive rooms: True = the rooms must be adjacent),
    ``breakfast`` (True: brown tokens)."""

    number: int
    nights: tuple
    doors: tuple
    breakfast: bool

    @property
    def stay(self) -> int:
        """Nights of the whole stay (the first room's nights)."""
        return self.nights[0]

    @property
    def room_nights(self) -> int:
        return sum(self.nights)

    def describe(self) -> str:
        """E.g. '2 rooms (2+1 nights, door 1-2), breakfast'."""
        k = len(self.nights)
        rooms = f"{k} room{'s' if k > 1 else ''}"
        nights = "+".join(map(str, self.nights))
        doors = [f"{i + 1}-{i + 2}" for i, d in enumerate(self.doors) if d]
        door = f", door {' '.join(doors)}" if doors else ""
        return (f"{rooms} ({nights} night{'s' if self.room_nights > 1 else ''}{door}), "
                + ("breakfast" if self.breakfast else "room only"))


def _board():
    d = _load("board.toml")
    rooms = d["room"]
    _check(all(r.get("provenance") in ("rulebook", "reconstructed") for r in rooms + d["door"]),
           "every record needs provenance")
    _check([r["number"] for r in rooms] == list(range(1, len(rooms) + 1)), "rooms must be numbered 1..N in order")
    start = tuple(i for i, r in enumerate(rooms) if r["start"])
    _check(len(start) == 3, f"the rulebook's hotel has 3 Start rooms, data has {len(start)}")
    adj = [0] * len(rooms)
    for door in d["door"]:
        a, b = door["rooms"]
        _check(1 <= a <= len(rooms) and 1 <= b <= len(rooms) and a != b, f"bad door {door['rooms']}")
        adj[a - 1] |= 1 << (b - 1)
        adj[b - 1] |= 1 << (a - 1)
    pos = tuple((r["floor"], r["position"]) for r in rooms)
    t = d["track"]
    return len(rooms), start, tuple(adj), pos, t["min_stars"], t["max_stars"], t["start_stars"], d["dice"]


NUM_ROOMS, START_ROOMS, ADJ, ROOM_POS, MIN_STARS, MAX_STARS, START_STARS, _DICE = _board()
"""Rooms on a board (8), the Start rooms (indices), ``ADJ[r]`` bit mask of rooms adjacent to r,
``ROOM_POS[r]`` = (floor, position), the rating track."""
FACES = int(_DICE["faces"])
PRICE_STEP = int(_DICE["price_step"])
START_MASK = sum(1 << r for r in START_ROOMS)
ALL_ROOMS = (1 << NUM_ROOMS) - 1


def _guests():
    recs = _load("guests.toml")["guest"]
    _check(len(recs) == CARDS_PER_SET, f"the rulebook has 28 guest cards, data has {len(recs)}")
    out = []
    for i, r in enumerate(recs):
        _check(r.get("provenance") in ("rulebook", "reconstructed") and r.get("reason"),
               f"guest {i + 1}: provenance and reason are required")
        n = tuple(int(x) for x in r["nights"])
        doors = tuple(bool(x) for x in r["doors"])
        _check(r["number"] == i + 1, f"guest cards must be numbered 1..28 in order (record {i + 1})")
        _check(1 <= len(n) <= 3 and all(1 <= x <= CALENDAR - 6 for x in n), f"guest {i + 1}: nights per room 1-4, 1-3 rooms")
        _check(all(n[j] >= n[j + 1] for j in range(len(n) - 1)), f"guest {i + 1}: nights must not increase (the same rooms for the whole stay)")
        _check(len(doors) == len(n) - 1, f"guest {i + 1}: one door entry per pair of consecutive rooms")
        out.append(Guest(i + 1, n, doors, bool(r["breakfast"])))
    return tuple(out)


GUESTS = _guests()


def _money():
    recs = _load("money.toml")["card"]
    _check(sum(r["count"] for r in recs) == 44, "the rulebook has 44 money cards")
    return tuple((int(r["value"]), int(r["count"]), bool(r.get("blank", False))) for r in recs)


MONEY_CARDS = _money()
"""(value, count, blank) of each denomination of money card."""
MONEY_STEP = min(v for v, _, blank in MONEY_CARDS if not blank)
"""The smallest money card (100): bids are multiples of it."""


def money_cards(amount: int) -> list[int]:
    """The fewest money cards that make ``amount`` (largest first), e.g. 1700 -> [1000, 500,
    100, 100]; the bank makes change (BH-03)."""
    out = []
    for v in sorted((v for v, _, blank in MONEY_CARDS if not blank), reverse=True):
        while amount >= v:
            out.append(v)
            amount -= v
    return out


def room_name(r: int) -> str:
    return f"room {r + 1}"


def day_name(day: int) -> str:
    """'Monday' for 1 ... 'Sunday' for 7; days 8-10 are 'Monday (next week)' etc."""
    if 1 <= day <= 7:
        return DAY_NAMES[day - 1]
    return f"{DAY_NAMES[(day - 1) % 7]} (next week)"


def sets_for(num_players: int) -> int:
    """Sets of the game needed for ``num_players`` (each set has 2 hotel boards; Dodatkowe
    zasady: 'Dzięki dodatkowym zestawom w grę może grać dowolna liczba graczy')."""
    return (num_players + 1) // 2


def token_supply(num_players: int) -> tuple[int, int]:
    """(stay tokens, connection tokens) of the game's supply for ``num_players``: 56 and 8 per
    set (Komponenty; rulings BH-32, BH-33), e.g. (56, 8) for 2 players, (112, 16) for 3."""
    sets = sets_for(num_players)
    return STAY_TOKENS * sets, CONNECTION_TOKENS * sets
