"""The pending decision of a state: a :class:`Node`, owned by the core.

Every game keeps its pending decision in ``state.node``, a :class:`Node`: the node ``kind``
(a row of the game's phase table, e.g. ``"turn"``), the deciding ``seat`` (>= 0, or
``CHANCE`` / ``TERMINAL``), the action kinds allowed there (``actions``, names in the game's
:class:`~hotellab.core.kinds.ActionTable`) and the ``context`` the decision needs (a tuple:
e.g. the guest being placed). The core's default hooks read it: ``current_player`` is
``node.seat``, the phase is the row of ``node.kind``, the legal actions are those of the
allowed kinds.

A Node is a tuple (cheap to make, compare and hash, shared between states); games make the
nodes they use often once, as constants.

>>> from hotellab.core.actions import CHANCE
>>> n = Node("turn", 1, ("research", "build"))
>>> n.kind, n.seat, n.actions, n.context
('turn', 1, ('research', 'build'), ())
>>> Node("shuffle", CHANCE, ("shuffle",)).seat
-1
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Node"]


class Node(NamedTuple):
    """``kind`` (str, a node kind of the phase table), ``seat`` (int: the deciding seat,
    ``CHANCE`` = -1 or ``TERMINAL`` = -4), ``actions`` (tuple of action-kind names allowed;
    () at a terminal state) and ``context`` (a tuple of plain values; () when none)."""

    kind: str
    seat: int
    actions: tuple = ()
    context: tuple = ()
