"""Hostil Hostal's packed values and shared actions, used by the state modules.

The packings are declared once, as :class:`~hotellab.core.storage.Packing` s, and read by
name (the hot steps use the accessors made from them):

- :data:`GUEST`: a guest meeple, its owner's ``seat`` and whether it is ``sedated`` (Event
  Card Guide / #1: "This meeple is flipped so it shows the "sedated" side"); a bed holds a
  tuple of guests (2x1 can stack two);
- :data:`CARD`: an event card lying face down in a room, its owner's ``seat`` and its
  ``number`` 1-12 (each colour has exactly one card of each number: "60 playing cards, 12 of
  each color");
- :data:`KNOWN`: a card a seat has spied, as the view model lists it (``known``).

Rooms are addressed by position (0..R-1) inside the state and by board number (1-5) in
actions, e.g. ``p0 place 3 1`` puts a guest on bed 1 of room board 3.

>>> g = guest(2, sedated=True)
>>> GUEST.unpack(g), guest_seat(g), is_sedated(g)
({'sedated': 1, 'seat': 2}, 2, 1)
>>> c = card(1, 12)
>>> CARD.unpack(c), card_seat(c), card_number(c)
({'number': 12, 'seat': 1}, 1, 12)
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.storage import Packing

GUEST = Packing(("sedated", 1), ("seat", 3))
"""A guest: ``sedated`` (0 or 1) in the lowest bit, then its owner's ``seat``."""
CARD = Packing(("number", 4), ("seat", 3))
"""A card in a room: its ``number`` (1-12) in the lowest four bits, then its owner's ``seat``."""
KNOWN = Packing(("number", 8), ("seat", 8))
"""A spied card in the view model's ``known`` list (docs/dev/view_model.md)."""

guest_seat = GUEST.accessor("seat")
is_sedated = GUEST.accessor("sedated")
card_seat = CARD.accessor("seat")
card_number = CARD.accessor("number")
_GUEST_SEAT = GUEST.shift["seat"]
_CARD_SEAT = CARD.shift["seat"]


def guest(seat: int, sedated: bool = False) -> int:
    """The packed guest of ``seat`` (sedated or not): :data:`GUEST`."""
    return seat << _GUEST_SEAT | (1 if sedated else 0)


def card(seat: int, number: int) -> int:
    """The packed card ``number`` of ``seat`` lying in a room: :data:`CARD`."""
    return seat << _CARD_SEAT | number


_ACTIONS: dict = {}


def act(kind: str, args: tuple, p: int) -> Action:
    """``Action(kind, args, p)``, made once and shared (actions are immutable): the night's many
    place, play, move and spy actions are not rebuilt at every state."""
    key = (kind, args, p)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, args, p)
    return a


# Night action tables, made once per seat: indexing lists is cheaper than making or hashing
# the many place/play/move actions of every Night state (bench/playout.py).
_TABLES: dict = {}
_BOARDS = 6  # board numbers 1-5 (index 0 unused)


def _beds() -> int:
    from .components import rooms

    return max(len(r.beds) for r in rooms().values())


def place_table(p: int) -> list:
    """``place_table(p)[board][bed]`` is ``Action("place", (board, bed), p)``."""
    t = _TABLES.get(("place", p))
    if t is None:
        t = _TABLES[("place", p)] = [[Action("place", (board, b), p) for b in range(_beds())]
                                     for board in range(_BOARDS)]
    return t


def play_table(p: int) -> list:
    """``play_table(p)[card][board]`` is ``Action("play", (card, board), p)``."""
    t = _TABLES.get(("play", p))
    if t is None:
        t = _TABLES[("play", p)] = [[Action("play", (c, board), p) for board in range(_BOARDS)] for c in range(13)]
    return t


def move_table(p: int, seat: int) -> list:
    """``move_table(p, seat)[card][board][bed]`` is ``Action("move", (card, board, bed, seat), p)``."""
    t = _TABLES.get(("move", p, seat))
    if t is None:
        nb = _beds()
        t = _TABLES[("move", p, seat)] = [
            [[Action("move", (c, board, b, seat), p) for b in range(nb)] for board in range(_BOARDS)]
            for c in range(13)]
    return t
