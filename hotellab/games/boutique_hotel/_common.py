"""Boutique Hotel Manager's shared constants and small helpers, used by the state and its
rule modules (state.py, end_of_week.py, explain.py)."""

from __future__ import annotations

from ...core.actions import Action
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from .rules import N_BUDGET_ROLL, N_CHECKIN_ROLL, N_RANK_ROLL


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


def _with(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]
