"""Hotel Zombie's shared constants (stages, combat steps, plans, card tables) and its pending
decisions as core :class:`~hotellab.core.node.Node` constants, used by the state and its rule
modules (state.py, combat.py, moves.py)."""

from __future__ import annotations

from ...core.actions import CHANCE, TERMINAL
from ...core.node import Node
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from .rules import (
    N_ASSIST, N_COUNT, N_DEAL_SHUFFLE, N_END, N_FIGHT, N_KILL_STEAL, N_PLAN, N_REGROUP_SHUFFLE, N_SETUP,
    N_TURN, N_TURN_SHUFFLE,
)

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

# == the pending decisions (``state.node``) ===================================================
# A seat's decision: Node(kind, seat, the action kinds allowed). A shuffle: Node(kind, CHANCE,
# ("shuffle",), (pile,)), the pile a seat's discard pile (or starting deck) or MANSION.
TURN_KINDS = ("play", "trash", "buy", "declare", "done")
"""The action kinds of a turn (ruling HZ-02), listed together by the first."""
_SEATS = range(4)
PLAN_NODE = tuple(Node(N_PLAN, p, ("plan",)) for p in _SEATS)
TURN_NODE = tuple(Node(N_TURN, p, TURN_KINDS) for p in _SEATS)
COUNT_NODE = tuple(Node(N_COUNT, p, ("take",)) for p in _SEATS)
FIGHT_NODE = tuple(Node(N_FIGHT, p, ("hit", "wait")) for p in _SEATS)
KILL_STEAL_NODE = tuple(Node(N_KILL_STEAL, p, ("steal", "pass")) for p in _SEATS)
ASSIST_NODE = tuple(Node(N_ASSIST, p, ("assist", "pass")) for p in _SEATS)
SHUFFLE_NODE = {kind: {pile: Node(kind, CHANCE, ("shuffle",), (pile,)) for pile in (MANSION, *_SEATS)}
                for kind in (N_SETUP, N_TURN_SHUFFLE, N_DEAL_SHUFFLE, N_REGROUP_SHUFFLE)}
"""``SHUFFLE_NODE[kind][pile]``: the shuffle of ``pile`` (a seat or MANSION)."""
END_NODE = Node(N_END, TERMINAL)


def _remove(hand: tuple, c: int) -> tuple:
    i = hand.index(c)
    return hand[:i] + hand[i + 1:]


def _insert(hand: tuple, cards) -> tuple:
    return tuple(sorted(hand + tuple(cards)))


_ACT_MEMO: dict = {}
