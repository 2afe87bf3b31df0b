"""Hotel Zombie's shared constants and tuple helpers (stages, combat steps, plans, card
tables), used by the state and its rule modules (state.py, combat.py, explain.py)."""

from __future__ import annotations

# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C


# stages of a round
ST_SETUP, ST_PLAN, ST_TURN, ST_COUNT, ST_COMBAT, ST_REGROUP, ST_END = range(7)
# combat steps
C_REVEAL, C_FIGHT, C_STEAL, C_ASSIST = range(4)
# plans
NO_PLAN, EXPLORE, INVENTORY = -1, 0, 1
PLAN_WORDS = ("explore", "inventory")
PLAN_NAMES = ("Explore the Hotel", "Inventory Management")
# trophy sources
OWN, ASSISTED, STOLEN = 0, 1, 2
# turn steps (ruling HZ-02: actions, then buys, then weapons)
T_ACTIONS, T_BUYS, T_WEAPONS = 0, 1, 2
MANSION = -1  # the pile a shuffle is for: a seat, or the mansion

_KIND, _GOLD, _AMMO, _NEED, _DMG = C.KIND, C.GOLD, C.AMMO_GIVES, C.AMMO_NEEDS, C.DAMAGE
_HEALTH, _HIT, _INF = C.HEALTH, C.HIT, C.INFECTED
_IDS = C.CARD_IDS
_CI = C.CARD_INDEX


def _set(t: tuple, i: int, v) -> tuple:
    """``t`` with item ``i`` replaced by ``v`` (a new tuple)."""
    return t[:i] + (v,) + t[i + 1:]


def _remove(hand: tuple, c: int) -> tuple:
    i = hand.index(c)
    return hand[:i] + hand[i + 1:]


def _insert(hand: tuple, cards) -> tuple:
    return tuple(sorted(hand + tuple(cards)))


_ACT_MEMO: dict = {}


def _is_int(x) -> bool:
    return type(x) is int
