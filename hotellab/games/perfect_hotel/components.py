"""Perfect Hotel components, read from ``data/cards.toml``.

Cards are numbered 0-61: the Build Cards of each kind in the file's order (the first
``stars`` cards of a kind show a star), then the 5 Tourist Group Cards (57-61). The tables
below (:data:`KIND`, :data:`STAR`, :data:`TOURIST`) are indexed by card number so that the
rules look a card up without building objects. Which values come from the rulebook and which
are reconstructed is said in the data file and in ``docs/rulings/perfect_hotel.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.data import read_data
from ...core.storage import Packing

DATA = Path(__file__).with_name("data")

SEAT_COLOURS = ("blue", "red", "green", "yellow")
"""Score Tracker colours in seat order ("Score Trackers: 4 colors"; the colours are ours)."""
COLOUR_HEX = {"blue": "#2b6cd4", "red": "#d43b2b", "green": "#2f9e44", "yellow": "#d9a400"}

HAND_DEAL = 2
"""Hand Cards dealt to each player (Game Setup / 1)."""
RESEARCH_DRAW = 2
"""Cards drawn by Research (Gameplay / A. Research / 1)."""
MIN_SET = 2
"""Cards in the smallest set (Gameplay / B. Build / 1)."""
HIGH_SEASON_MIN = 2
"""Cards a High-Season Tag Row needs before it can be built from (Advanced Rule)."""
PERFECT_VIEW, PERFECT_VIEW_TIE = 5, 1
SKY_ROOM = 3
CHEAP_HOTEL, CHEAP_HOTEL_KINDS = -3, 4


@dataclass(frozen=True)
class Kind:
    """One kind of Build Card: ``index`` 0-5, ``id`` (action word), ``name``, ``count``
    (cards of the kind), ``points`` (majority points), ``stars`` (starred cards), ``colour``."""

    index: int
    id: str
    name: str
    count: int
    points: int
    stars: int
    colour: str


def _load():
    data = read_data(DATA, "cards.toml")

    def check(cond, msg):
        if not cond:
            raise ValueError(f"perfect_hotel data/cards.toml: {msg}")

    recs = data.get("kind", [])
    check(len(recs) == 6, f"needs 6 [[kind]] records (the rulebook's 6 kinds), got {len(recs)}")
    kinds = tuple(
        Kind(i, r["id"], r["name"], int(r["count"]), int(r["points"]), int(r["stars"]), r["colour"])
        for i, r in enumerate(recs)
    )
    check(sum(k.count for k in kinds) == 57, "the kinds' counts must add up to 57 Build Cards")
    check(len({k.id for k in kinds}) == 6, "kind ids must differ")
    check(all(0 <= k.stars <= k.count for k in kinds), "a kind cannot have more starred cards than cards")
    tour = data["tourist"]
    check(int(tour["count"]) == 5, "the rulebook has 5 Tourist Group Cards")
    kind_of, star = [], []
    for k in kinds:
        for j in range(k.count):
            kind_of.append(k.index)
            star.append(1 if j < k.stars else 0)
    for _ in range(int(tour["count"])):
        kind_of.append(T)
        star.append(0)
    return kinds, tuple(kind_of), tuple(star), tour["name"], int(tour["penalty"])


T = 6
"""The 'kind' of a Tourist Group Card in :data:`KIND`."""

KINDS, KIND, STAR, TOURIST_NAME, TOURIST_PENALTY = _load()
NUM_CARDS = len(KIND)
"""62: every game card."""
TOURIST = tuple(1 if k == T else 0 for k in KIND)
"""``TOURIST[card]`` is 1 for a Tourist Group Card."""
KIND_IDS = tuple(k.id for k in KINDS)
KIND_INDEX = {k.id: k.index for k in KINDS}
CLASS = tuple(T * 2 if k == T else k * 2 + s for k, s in zip(KIND, STAR))
"""``CLASS[card]``: kind * 2 + star for a Build Card, 12 for a Tourist (cards of one class
are alike for every rule)."""


ROW_CARD = Packing(("card", 6), ("seat", 2))
"""A card on a Tag Row, packed in one int: the ``card`` (0-61) and the ``seat`` that placed it
(who alone saw its face when it went face down: Gameplay / A. Research / 2)."""


def card_name(card: int) -> str:
    """'Bedroom', 'Bedroom ★' or 'Tourist Group'."""
    k = KIND[card]
    if k == T:
        return TOURIST_NAME
    return KINDS[k].name + (" \u2605" if STAR[card] else "")
