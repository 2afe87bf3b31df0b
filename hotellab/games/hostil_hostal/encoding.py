"""Hostil Hostal's internal encodings, shared by the state modules.

- a guest is ``seat * 2 + sedated`` (:func:`guest`); a bed holds a tuple of guests (2x1 can
  stack two);
- a card in a room is ``seat * 16 + number`` (each colour has exactly one card per number);
- rooms are addressed by position (0..R-1) inside the state and by board number (1-5) in
  actions, e.g. ``p0 place 3 1`` puts a guest on bed 1 of room board 3;
- copy-on-write: one bit of ``state._own`` per list field (:data:`LISTS`).
"""

from __future__ import annotations

from ...core.actions import Action

LISTS = ("wear", "reform", "beds", "cards", "hands", "decks", "discards", "score", "supply", "lobby", "known")
"""The state's list fields, copied on the first write (``state._w(name)``)."""
BIT = {name: 1 << i for i, name in enumerate(LISTS)}
ALL = (1 << len(LISTS)) - 1


def guest(seat: int, sedated: bool = False) -> int:
    """The code of a guest of ``seat`` (sedated or not)."""
    return seat * 2 + (1 if sedated else 0)


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
