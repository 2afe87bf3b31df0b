"""Actions: frozen, hashable values with a canonical text form.

The text form is ``"<who> <kind> <arg> <arg> ..."`` where ``who`` is ``p<seat>`` for a
player and ``chance`` for a chance outcome. An argument is an int, a word without spaces,
or a tuple of ints written ``3,0,2,1`` (a one-element tuple is written ``3,``).

>>> a = Action("place", (2, 3), player=0)
>>> str(a)
'p0 place 2 3'
>>> parse_action(str(a)) == a
True
>>> str(Action("shuffle", ("deck0", (2, 0, 1)), player=CHANCE))
'chance shuffle deck0 2,0,1'
"""

from __future__ import annotations

import re

from .errors import InvalidActionError

CHANCE = -1
"""``current_player`` at a chance node (dice, shuffles, random draws)."""
TERMINAL = -4
"""``current_player`` at a terminal state."""

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_.:\-]*$")
_INT = re.compile(r"^-?[0-9]+$")  # ASCII digits only (int() also reads "١", "+3" and "1_0")
_SEAT = re.compile(r"^p(0|[1-9][0-9]*)$")


class Action(tuple):
    """A move: ``kind`` (str), ``args`` (tuple of int | str | tuple[int, ...]) and ``player``
    (seat >= 0, or ``CHANCE``). Immutable and hashable; equal when all three are equal.
    """

    __slots__ = ()

    def __new__(cls, kind: str, args: tuple = (), player: int = CHANCE):
        return tuple.__new__(cls, (kind, tuple(args), player))

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def args(self) -> tuple:
        return self[1]

    @property
    def player(self) -> int:
        return self[2]

    @property
    def is_chance(self) -> bool:
        return self[2] == CHANCE

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __str__(self) -> str:
        who = "chance" if self[2] == CHANCE else f"p{self[2]}"
        parts = [who, str(self[0])]
        for a in self[1]:
            parts.append(_arg_text(a))
        return " ".join(parts)

    def __getnewargs__(self):
        return (self[0], self[1], self[2])


def _arg_text(a) -> str:
    if isinstance(a, bool):
        return "1" if a else "0"
    if isinstance(a, int):
        return str(a)
    if isinstance(a, tuple):  # "3,0,2"; one number "3,"; none ","
        body = ",".join(_int_text(x) for x in a)
        return body + "," if len(a) <= 1 else body
    return str(a)


def _int_text(x) -> str:
    """An element of a tuple argument: an int as digits (``3.0`` as ``3``); anything else as
    itself, so that a malformed action can still be printed in an error message."""
    try:
        return str(int(x))
    except (TypeError, ValueError):
        return str(x)


def _parse_arg(tok: str):
    if "," in tok:  # the forms _arg_text writes: "3,0,2", "3," (one number), "," (none)
        body = tok[:-1] if tok.endswith(",") and tok.count(",") == 1 else tok
        parts = body.split(",") if body else []
        if "" in parts:
            raise ValueError(f"{tok!r} has an empty item: write whole numbers separated by single commas "
                             f"(3,0,2; one number as 3,)")
        bad = [x for x in parts if not _INT.match(x)]
        if bad:
            raise ValueError(f"{bad[0]!r} in {tok!r} is not a whole number")
        return tuple(int(x) for x in parts)
    return int(tok) if _INT.match(tok) else tok


def parse_action(text: str) -> Action:
    """Parse the canonical text of an action (inverse of ``str(action)``).

    Raises :class:`~hotellab.core.errors.InvalidActionError` (an IllegalActionError and a
    ValueError, ``code == "malformed"``) naming the part
    that could not be read.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action's text must be a string, got {type(text).__name__}")
    parts = text.split()
    if len(parts) < 2:
        raise InvalidActionError(
            f"cannot read action {text!r}: expected '<who> <kind> [args...]', "
            "e.g. 'p0 place 2 3' or 'chance roll 4'"
        )
    who, kind, *rest = parts
    if who == "chance":
        player = CHANCE
    elif _SEAT.match(who):
        player = int(who[1:])
    else:
        raise InvalidActionError(
            f"cannot read action {text!r}: the first word must be 'chance' or 'p<seat>', got {who!r}"
        )
    if not _WORD.match(kind):
        raise InvalidActionError(f"cannot read action {text!r}: {kind!r} is not an action kind")
    try:
        args = tuple(_parse_arg(t) for t in rest)
    except ValueError as exc:
        raise InvalidActionError(f"cannot read action {text!r}: bad argument ({exc})") from None
    return Action(kind, args, player)
