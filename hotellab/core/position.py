"""Declared positions: a plain table of where everything is, and whose decision is next.

A position is what a teacher writes down to set up a rulebook figure, and what
``state.to_position()`` writes out of any game: a JSON- and TOML-able dict in the rulebook's
words. The core owns its header; each game owns the rest (``State._to_position`` and
``State._from_position``, declared in :mod:`hotellab.core.state`).

Header fields::

    format = "hotellab-position"   # required when reading a file; optional in a scenario
    version = 1
    game = "hostil_hostal"          # optional: when given, must be the game's id
    num_players = 3                 # optional: when given, must match the game
    [options]                       # optional: when given, must resolve to the game's options

Errors are :class:`~hotellab.core.errors.PositionError` with the field's path.

Helpers for games' ``_from_position``: :func:`field` reads a required field with its type,
:func:`check_range` checks a number's range, :func:`check_partition` checks that every
component is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import OptionError, PositionError, json_type

POSITION_FORMAT = "hotellab-position"
POSITION_VERSION = 1
HEADER_FIELDS = ("format", "version", "game", "num_players", "options")


def position_header(game) -> dict:
    """The header of ``game``'s positions (format, version, game, num_players, options)."""
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "game": game.id,
        "num_players": game.num_players,
        "options": dict(game.options),
    }


def split_header(game, table) -> dict:
    """Check the header fields that ``table`` gives against ``game`` and return the game's
    part of the table (a shallow copy without the header). Raises PositionError naming the
    field."""
    if not isinstance(table, dict):
        raise PositionError(f"a position must be a table (dict), got {json_type(table)}")
    if "format" in table and table["format"] != POSITION_FORMAT:
        raise PositionError(f"must be {POSITION_FORMAT!r}, got {table['format']!r}", field="format")
    if "version" in table and table["version"] != POSITION_VERSION:
        raise PositionError(
            f"unsupported position version {table['version']!r}; this hotellab reads version "
            f"{POSITION_VERSION}", field="version")
    if "game" in table and table["game"] != game.id:
        raise PositionError(f"the position is for game {table['game']!r}, not {game.id!r}", field="game")
    if "num_players" in table and table["num_players"] != game.num_players:
        raise PositionError(
            f"the position has {table['num_players']!r} players; this game has {game.num_players}",
            field="num_players")
    if "options" in table:
        try:
            opts = type(game).resolve_options(table["options"])
        except OptionError as exc:
            raise PositionError(str(exc), field="options") from None
        if opts != game.options:
            raise PositionError(
                f"the position's options {opts} differ from the game's {game.options}", field="options")
    return {k: v for k, v in table.items() if k not in HEADER_FIELDS}


_TYPE_WORDS = {int: "a whole number", str: "text", list: "a list", dict: "a table", bool: "true or false"}


def field(table: dict, name: str, kind: type | tuple, where: str = "", *, default: Any = ..., rule=None):
    """``table[name]`` checked to be of type ``kind`` (bool is never an int here). A missing
    field raises PositionError unless ``default`` is given. ``where`` prefixes the path."""
    path = f"{where}.{name}" if where else name
    if not isinstance(table, dict):
        raise PositionError(f"must be a table, got {json_type(table)}", field=where or None)
    if name not in table:
        if default is not ...:
            return default
        raise PositionError("is missing", field=path, rule=rule)
    value = table[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        want = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
        raise PositionError(f"must be {want}, got {value!r}", field=path, rule=rule)
    return value


def check_range(value, lo, hi, path: str, *, rule=None) -> int:
    """``value`` as an int with ``lo <= value <= hi``; else PositionError naming ``path``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"must be a whole number, got {value!r}", field=path, rule=rule)
    if not lo <= value <= hi:
        raise PositionError(f"must be from {lo} to {hi}, got {value}", field=path, rule=rule)
    return value


def check_unknown(table: dict, known, where: str = "") -> None:
    """PositionError for a key of ``table`` that is not in ``known`` (a typo must not be
    silently ignored), and for a ``table`` that is not a table at all (null, a list...)."""
    if not isinstance(table, dict):
        raise PositionError(f"must be a table, got {json_type(table)}", field=where or None)
    extra = sorted(set(table) - set(known))
    if extra:
        path = f"{where}.{extra[0]}" if where else extra[0]
        raise PositionError(f"unknown field; known fields: {', '.join(sorted(known))}", field=path)


def check_partition(places: dict[str, list], expected: Counter | dict, what: str, *, rule=None) -> None:
    """Check that the components listed in ``places`` (place path -> list of components) are
    exactly the multiset ``expected``: each component in exactly one place, none missing,
    none extra. Raises PositionError naming the first place with an extra component, or the
    missing ones."""
    seen: Counter = Counter()
    for path, items in places.items():
        for item in items:
            seen[item] += 1
            if seen[item] > expected.get(item, 0):
                raise PositionError(
                    f"{what} {item!r} is in more places than the game has copies of it "
                    f"({expected.get(item, 0)})", field=path, rule=rule)
    missing = Counter(expected) - seen
    if missing:
        items = ", ".join(f"{k!r}" + (f" x{n}" if n > 1 else "") for k, n in sorted(missing.items(), key=str))
        raise PositionError(f"{what} not placed anywhere: {items}; every {what} must be in exactly one place",
                            field=None, rule=rule)
