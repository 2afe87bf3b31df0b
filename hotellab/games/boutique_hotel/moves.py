"""Boutique Hotel Manager's moves as data (``hotellab.core.kinds``): :data:`ACTIONS`, one
:class:`~hotellab.core.kinds.ActionKind` per kind of action in the rulebook's order, with its
grammar, rule, legal instances (the generators below), refusal and sentence (``explain.py``),
step of the rules (the state's ``_do_<kind>``) and the thing on the board it concerns
(``render.py``'s ``data-target`` ids). The core parses, checks, lists, applies, words and
targets every action through it; ``docs/games/boutique_hotel-actions.md`` is written from it.

The order of the legal actions is the order of the node's kinds (``state.node.actions``), each
kind's instances in its generator's order: ``keep`` before the changes of a price die, ``done``
before the rooms to buy.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.kinds import INT, INTS, WORD, ActionKind, ActionTable, Arg
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from . import explain as E
from ._common import FACES, NR, _ACT_MEMO, _CHANGE_ACTS, _DIE_FACES
from .rules import (
    N_SET_PRICE, R_BLOCK, R_BUDGET, R_CHANGE_ONE, R_CHECKIN_DIE, R_DRAW_GUEST, R_EXPAND, R_HIRE, R_PRICES,
    R_RANK_ROLL, R_TIE_BID,
)
from .state import BoutiqueHotelState as S
from .stays import blockings

_KEEP = tuple((Action("keep", (), p),) for p in range(8))
_DONE = tuple((Action("done", (), p),) for p in range(8))


# -- legal instances, by kind ---------------------------------------------------------------
def _price_legal(s, node) -> list:
    """Faza przygotowania: the next die in order (Monday to Sunday, then breakfast), any face;
    a change (reservation turn, walk-in day): any die to another face."""
    p = node[1]
    if node[0] == N_SET_PRICE:
        die = C.DICE[len(s.draft[p])]
        key = ("set", p, die)
        acts = _ACT_MEMO.get(key)
        if acts is None:
            acts = _ACT_MEMO[key] = [Action("price", (die, f), p) for f in _DIE_FACES]
        return acts
    dice = _CHANGE_ACTS.get(p)
    if dice is None:  # per die and face shown: the 5 changes to another face
        dice = _CHANGE_ACTS[p] = tuple(tuple(tuple(Action("price", (die, f), p) for f in _DIE_FACES if f != shown)
                                             for shown in range(FACES + 1)) for die in C.DICE)
    acts = []
    for i, shown in enumerate(s.prices[p]):
        acts += dice[i][shown]
    return acts


def _keep_legal(s, node):
    return _KEEP[node[1]]


def _bid_legal(s, node) -> list:
    """A tie's marketing bid (reservation or walk-in ranking): 0 (the blank card) up to the
    seat's money, in money cards of 100."""
    p = node[1]
    top = s.money[p] // C.MONEY_STEP
    key = ("bid", p, top)
    acts = _ACT_MEMO.get(key)
    if acts is None:
        acts = _ACT_MEMO[key] = [Action("bid", (v * C.MONEY_STEP,), p) for v in range(top + 1)]
    return acts


def _block_legal(s, node) -> list:
    """Every blocking of the card's rooms from the check-in day (``stays.blockings``)."""
    p = node[1]
    memo = _ACT_MEMO
    out = []
    for rs in blockings(s.card, node[3][0], s.built[p], s.occ[p]):
        a = memo.get((p, rs))
        if a is None:
            a = memo[(p, rs)] = Action("block", (tuple(r + 1 for r in rs),), p)
        out.append(a)
    return out


def _hire_legal(s, node) -> list:
    """The next staff kind, 0-6 workers, as many as the seat can pay (300 each)."""
    p = node[1]
    k = s.staff[p].index(-1)
    top = min(C.MAX_STAFF, s.money[p] // C.WAGE)
    key = ("hire", p, k, top)
    acts = _ACT_MEMO.get(key)
    if acts is None:
        acts = _ACT_MEMO[key] = [Action("hire", (C.STAFF[k], v), p) for v in range(top + 1)]
    return acts


def _expand_legal(s, node) -> list:
    """Faza ekspansji: each room not yet built, when the seat has 1000."""
    p = node[1]
    if s.money[p] >= C.ROOM_COST:
        return [Action("expand", (r + 1,), p) for r in range(NR) if not s.built[p] >> r & 1]
    return []


def _done_legal(s, node):
    return _DONE[node[1]]


# -- the thing on the board each action concerns (render.py's data-target ids) ----------------
def _price_target(s, a: Action) -> str:
    return f"die:{a.player}:{a.args[0]}"


def _bid_target(s, a: Action) -> str:
    return f"money:{a.player}"


def _block_target(s, a: Action) -> str:
    """The card's first room: the rooms a blocking can start from."""
    return f"room:{a.player}:{a.args[0][0]}"


def _hire_target(s, a: Action) -> str:
    return f"staff:{a.player}:{a.args[0]}"


def _expand_target(s, a: Action) -> str:
    return f"room:{a.player}:{a.args[0]}"


# -- the table, in the rulebook's order -----------------------------------------------------
ACTIONS = ActionTable([
    ActionKind("price", (Arg("die", WORD, "the price die: a day (mon .. sun) or breakfast", choices=C.DICE),
                         Arg("face", INT, "the face it shows, 1-6 (100-600)")), R_PRICES,
               "Set the next price die in secret (the week's preparation), or change one die to another face "
               "(a reservation turn, a walk-in day).", S._do_price, legal=_price_legal, check=E.price_check,
               words=E.price_words, target=_price_target),
    ActionKind("keep", (), R_CHANGE_ONE, "Change no price die (the change is optional).", S._do_keep,
               legal=_keep_legal, words=E.keep_words),
    ActionKind("checkin", (Arg("day", INT, "the check-in die's face: the day the guests check in, 1-6 "
                                          "(Monday-Saturday)"),), R_CHECKIN_DIE,
               "The white check-in die of a reservation turn.", S._do_checkin, words=E.checkin_words,
               who="chance"),
    ActionKind("guest", (Arg("card", INT, "the guest card drawn, by its printed number 1-28"),), R_DRAW_GUEST,
               "Draw and reveal a guest card (a reservation turn's, or a walk-in's).", S._do_guest,
               words=E.guest_words, who="chance"),
    ActionKind("bid", (Arg("amount", INT, "money cards face down, a multiple of 100 (0: the blank card alone)"),),
               R_TIE_BID, "A secret marketing bid of a hotel in a tie (reservation, or the walk-in ranking).",
               S._do_bid, legal=_bid_legal, check=E.bid_check, words=E.bid_words, target=_bid_target),
    ActionKind("block", (Arg("rooms", INTS, "the rooms by printed number 1-8, in the card's order "
                                            "(one room: 3,)"),), R_BLOCK,
               "Block the rooms for the guests the hotel won: the same rooms for the whole stay.", S._do_block,
               legal=_block_legal, check=E.block_check, words=E.block_words, target=_block_target),
    ActionKind("hire", (Arg("kind", WORD, "the staff die: cleaning, checkin or kitchen", choices=C.STAFF),
                        Arg("count", INT, "workers, 0-6 (the die's pips; 0: no die)")), R_HIRE,
               "Hire staff of one kind for the whole week, 300 a worker (kind by kind).", S._do_hire,
               legal=_hire_legal, check=E.hire_check, words=E.hire_words, target=_hire_target),
    ActionKind("roll", (Arg("face", INT, "the white die's face, 1-6"),), R_RANK_ROLL,
               "The white die for a hotel in a walk-in ranking tie (the seat the status names).", S._do_roll,
               words=E.roll_words, who="chance"),
    ActionKind("budget", (Arg("face", INT, "the white die's face, 1-6: 100-600 a night"),), R_BUDGET,
               "The walk-in guest's nightly budget.", S._do_budget, words=E.budget_words, who="chance"),
    ActionKind("expand", (Arg("room", INT, "the room by printed number 1-8"),), R_EXPAND,
               "Buy a room for 1000, in use from the next week.", S._do_expand, legal=_expand_legal,
               check=E.expand_check, words=E.expand_words, target=_expand_target),
    ActionKind("done", (), R_EXPAND, "Buy no more rooms (the expansion ends for this hotel).", S._do_done,
               legal=_done_legal, words=E.done_words),
])
"""Boutique Hotel Manager's moves, in the rulebook's order (see the module's docstring)."""
