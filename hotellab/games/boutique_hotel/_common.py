"""Boutique Hotel Manager's shared constants: the components' tables, the memos of the move
lists and the pending decisions (:class:`~hotellab.core.node.Node`), made once; used by the
state and its rule modules (state.py, end_of_week.py, explain.py, moves.py)."""

from __future__ import annotations

from ...core.actions import CHANCE, TERMINAL, Action
from ...core.node import Node
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from .rules import (
    N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END, N_EXPAND, N_HIRE,
    N_RANK_BID, N_RANK_ROLL, N_SET_PRICE, N_WALKIN_BLOCK, N_WALKIN_CHANGE, N_WALKIN_DRAW, WALKIN_KIND,
)


GUESTS = C.GUESTS
NR = C.NUM_ROOMS
ADJ = C.ADJ
FACES = C.FACES
STEP = C.PRICE_STEP
LEDGER = ("start", "rooms", "breakfast", "wages", "marketing", "expansion")
"""The sources of a seat's money, in the order of ``ledger``."""
_L_START, _L_ROOMS, _L_BF, _L_WAGES, _L_MKT, _L_EXP = range(6)
SOURCES = ("reservation", "walk-in")

_DIE_FACES = tuple(range(1, FACES + 1))
_MEMO_LIMIT = 200_000
_ACT_MEMO: dict = {}
_CHANGE_ACTS: dict = {}
_ACTIVE: dict = {}  # the ``out`` flags -> the seats still in the game


_GUEST_ACTS = tuple(Action("guest", (i + 1,)) for i in range(C.CARDS_PER_SET))
_DIE_OUTCOMES = {kind: [(Action(word, (f,)), 1.0 / FACES) for f in _DIE_FACES]
                 for kind, word in ((N_CHECKIN_ROLL, "checkin"), (N_BUDGET_ROLL, "budget"), (N_RANK_ROLL, "roll"))}
"""The chance outcomes of the dice (listed once: every roll offers the same six)."""

# -- the pending decisions (state.node), made once --------------------------------------------
# A node's kind is a row of the phase table (rules.PHASES): on a walk-in day the change of a
# price die, the guest card and the blocking are the walk-in phase's own kinds. The seat is
# the deciding seat (CHANCE for a die or a card, TERMINAL at the end); the context is the
# check-in day of a blocking, or the seat a ranking die is rolled for.
_SEATS = range(8)  # up to 8 players (4 sets of the game)
SET_PRICE = tuple(Node(N_SET_PRICE, p, ("price",)) for p in _SEATS)
CHANGE = tuple(Node(N_CHANGE, p, ("keep", "price")) for p in _SEATS)
WALKIN_CHANGE = tuple(Node(N_WALKIN_CHANGE, p, ("keep", "price")) for p in _SEATS)
CHECKIN_ROLL = Node(N_CHECKIN_ROLL, CHANCE, ("checkin",))
DRAW = Node(N_DRAW, CHANCE, ("guest",))
WALKIN_DRAW = Node(N_WALKIN_DRAW, CHANCE, ("guest",))
BID = tuple(Node(N_BID, p, ("bid",)) for p in _SEATS)
BLOCK = tuple(tuple(Node(N_BLOCK, p, ("block",), (day,)) for day in range(8)) for p in _SEATS)
"""``BLOCK[seat][day]``: the seat blocks rooms for the guests checking in on ``day``."""
WALKIN_BLOCK = tuple(tuple(Node(N_WALKIN_BLOCK, p, ("block",), (day,)) for day in range(8)) for p in _SEATS)
HIRE = tuple(Node(N_HIRE, p, ("hire",)) for p in _SEATS)
RANK_BID = tuple(Node(N_RANK_BID, p, ("bid",)) for p in _SEATS)
RANK_ROLL = tuple(Node(N_RANK_ROLL, CHANCE, ("roll",), (p,)) for p in _SEATS)
"""``RANK_ROLL[seat]``: the white die rolled for ``seat`` in a ranking tie (a chance node)."""
BUDGET_ROLL = Node(N_BUDGET_ROLL, CHANCE, ("budget",))
EXPAND = tuple(Node(N_EXPAND, p, ("done", "expand")) for p in _SEATS)
END = Node(N_END, TERMINAL)

BASE_KIND = {v: k for k, v in WALKIN_KIND.items()}
"""A walk-in day's node kind -> the reservation step it works like (the view's ``node``)."""
CHANGE_KINDS = frozenset({N_CHANGE, N_WALKIN_CHANGE})
DRAW_KINDS = frozenset({N_DRAW, N_WALKIN_DRAW})
BLOCK_KINDS = frozenset({N_BLOCK, N_WALKIN_BLOCK})


def node_seat(node) -> int:
    """The seat a node concerns: the deciding seat, or the seat a ranking die is rolled for
    (-1 for the other dice and cards, the end)."""
    return node[3][0] if node[0] == N_RANK_ROLL else node[1]
