"""Hotel Zombie components, read from ``data/cards.toml`` and ``data/mansion.toml``.

Every card and number here is reconstructed data (ruling HZ-01 in
``docs/rulings/hotel_zombie.md``): the rulebook prints none. Cards of one type are alike for
every rule, so a card is its type's index:

- a player card is an int ``0 .. len(CARDS) - 1`` (:data:`CARDS`, in the file's order);
- a mansion card is an int ``0 .. len(MANSION) - 1`` (:data:`MANSION`: the infected, then the
  items).

The per-type tables (``GOLD[c]``, ``HEALTH[m]`` ...) let the rules look a card up without
building objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.data import read_data

DATA = Path(__file__).with_name("data")

SEAT_NAMES = ("Chris", "Ada", "Jill", "Leon")
"""Seat labels: the players of the rulebook's 4-player example, in its order."""
SEAT_COLOURS = ("#2b6cd4", "#c2185b", "#2f9e44", "#d9a400")
MAX_REVEAL = 4
"""Most mansion cards an explorer may take in a round (Game Plan / Explore the Hotel)."""
INVENTORY_DRAW = 2
"""Inventory Management: +2 card draw."""
INVENTORY_TRASH = 1
"""Inventory Management: 1 free optional Trash."""
ASSIST_SKILL_HELPED, ASSIST_SKILL_HELPER = 1, 2
"""Skill points of an assist: the assisted player 1, the helper 2 (Combat Phase example)."""
LAST_COUNTER = 20
"""The Hotel counter's last value (20 Rounds of Game Play)."""

KINDS = ("ammunition", "weapon", "action")
AMMUNITION, WEAPON, ACTION = 0, 1, 2


@dataclass(frozen=True)
class Card:
    """A player card type: ``index``, ``id`` (action word), ``name``, ``kind`` (0 ammunition,
    1 weapon, 2 action), ``cost`` (gold), ``supply`` (pile size), ``start`` (copies per
    starting deck), ``gold``, ``ammo`` (an ammunition card gives both; a weapon needs
    ``ammo``), ``damage`` (weapon; an action's bonus), ``cards``, ``actions``, ``buys`` (action
    bonuses) and ``text``."""

    index: int
    id: str
    name: str
    kind: int
    cost: int
    supply: int
    start: int
    gold: int
    ammo: int
    damage: int
    cards: int
    actions: int
    buys: int
    text: str


@dataclass(frozen=True)
class MansionCard:
    """A mansion card type: ``index``, ``id``, ``name``, ``infected`` (True) or an item;
    infected: ``health``, ``damage`` (dealt on a hit), ``decorations``; item: ``heal`` and
    ``bonus`` (damage added); ``count`` copies in the deck."""

    index: int
    id: str
    name: str
    infected: bool
    health: int
    damage: int
    decorations: int
    heal: int
    bonus: int
    count: int
    text: str


def _check(cond, msg):
    if not cond:
        raise ValueError(f"hotel_zombie data: {msg}")


def _int(rec, key, file, lo=0, default=None):
    v = rec.get(key, default)
    _check(isinstance(v, int) and not isinstance(v, bool) and v >= lo,
           f"{file}: {rec.get('id', '?')}.{key} must be a whole number >= {lo}, got {v!r}")
    return v


def _load():
    cards_doc = read_data(DATA, "cards.toml")
    man_doc = read_data(DATA, "mansion.toml")
    player = cards_doc["player"]
    cards = []
    for i, r in enumerate(cards_doc.get("card", [])):
        _check(r.get("provenance") in ("rulebook", "reconstructed") and r.get("reason"),
               f"cards.toml: {r.get('id')} needs provenance and reason")
        kind = KINDS.index(r["kind"])
        f = "cards.toml"
        cards.append(Card(
            i, r["id"], r["name"], kind, _int(r, "cost", f), _int(r, "supply", f), _int(r, "start", f),
            _int(r, "gold", f, default=0), _int(r, "ammo", f, default=0), _int(r, "damage", f, default=0),
            _int(r, "cards", f, default=0), _int(r, "actions", f, default=0), _int(r, "buys", f, default=0),
            r.get("text", "")))
    _check(len({c.id for c in cards}) == len(cards), "cards.toml: card ids must differ")
    _check(sum(c.start for c in cards) >= player["hand"], "a starting deck must hold at least a hand")
    mansion = []
    for r in man_doc.get("infected", []):
        _check(r.get("provenance") and r.get("reason"), f"mansion.toml: {r.get('id')} needs provenance and reason")
        f = "mansion.toml"
        mansion.append(MansionCard(len(mansion), r["id"], r["name"], True, _int(r, "health", f, 1),
                                   _int(r, "damage", f), _int(r, "decorations", f), 0, 0,
                                   _int(r, "count", f, 1), r.get("text", "")))
    for r in man_doc.get("item", []):
        _check(r.get("provenance") and r.get("reason"), f"mansion.toml: {r.get('id')} needs provenance and reason")
        f = "mansion.toml"
        mansion.append(MansionCard(len(mansion), r["id"], r["name"], False, 0, 0, 0,
                                   _int(r, "heal", f), _int(r, "damage", f), _int(r, "count", f, 1),
                                   r.get("text", "")))
    _check(len({m.id for m in mansion}) == len(mansion), "mansion.toml: ids must differ")
    _check(not ({m.id for m in mansion} & {c.id for c in cards}), "mansion and player card ids must differ")
    return (int(player["health"]), int(player["hand"]), int(player["actions"]), int(player["buys"]),
            tuple(cards), tuple(mansion))


HEALTH_START, HAND_SIZE, START_ACTIONS, START_BUYS, CARDS, MANSION = _load()
"""Starting (and most) health; hand size; actions and buys a turn starts with; card types."""

NUM_CARDS = len(CARDS)
NUM_MANSION = len(MANSION)
CARD_IDS = tuple(c.id for c in CARDS)
CARD_INDEX = {c.id: c.index for c in CARDS}
MANSION_IDS = tuple(m.id for m in MANSION)
MANSION_INDEX = {m.id: m.index for m in MANSION}

KIND = tuple(c.kind for c in CARDS)
COST = tuple(c.cost for c in CARDS)
GOLD = tuple(c.gold if c.kind != WEAPON else 0 for c in CARDS)
"""Gold a card in hand gives (ammunition) or that playing it adds (action)."""
AMMO_GIVES = tuple(c.ammo if c.kind != WEAPON else 0 for c in CARDS)
"""Ammo a card in hand gives (ammunition) or that playing it adds (action)."""
AMMO_NEEDS = tuple(c.ammo if c.kind == WEAPON else 0 for c in CARDS)
DAMAGE = tuple(c.damage for c in CARDS)
PLUS_CARDS = tuple(c.cards for c in CARDS)
PLUS_ACTIONS = tuple(c.actions for c in CARDS)
PLUS_BUYS = tuple(c.buys for c in CARDS)
SUPPLY = tuple(c.supply for c in CARDS)
STARTING_DECK = tuple(sorted(c.index for c in CARDS for _ in range(c.start)))

INFECTED = tuple(m.infected for m in MANSION)
HEALTH = tuple(m.health for m in MANSION)
HIT = tuple(m.damage for m in MANSION)
DECORATIONS = tuple(m.decorations for m in MANSION)
HEAL = tuple(m.heal for m in MANSION)
BONUS = tuple(m.bonus for m in MANSION)
MANSION_DECK = tuple(sorted(m.index for m in MANSION for _ in range(m.count)))
"""Every mansion card, sorted by type (the order before the setup shuffle)."""


def card_name(c: int) -> str:
    return CARDS[c].name


def mansion_name(m: int) -> str:
    return MANSION[m].name
