"""Errors raised by the engine. Every message names the problem and the rule or field."""

from __future__ import annotations


class HotellabError(Exception):
    """Base class of every error hotellab raises on purpose."""


class IllegalActionError(HotellabError, ValueError):
    """An action that the rules do not allow in this state.

    Raised by :meth:`hotellab.core.state.State.apply`; the state is left unchanged.
    ``rule`` is the :class:`~hotellab.core.rules.RuleRef` of the rule that forbids it,
    when one is known.
    """

    def __init__(self, message: str, *, action=None, rule=None):
        super().__init__(message)
        self.action = action
        self.rule = rule


class UnknownGameError(HotellabError, KeyError):
    """``load_game`` was given a game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class OptionError(HotellabError, ValueError):
    """An unknown option name, a value outside the allowed set, or a bad player count.

    ``field`` names what was wrong when it is a field of a log or state file
    (``"num_players"``, ``"options"``), else None.
    """

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


class LogFormatError(HotellabError, ValueError):
    """A malformed game log or state file; the message says which entry and field.

    ``entry`` is the 0-based index into ``actions`` (or None for the header) and
    ``field`` the JSON field name.
    """

    def __init__(self, message: str, *, entry: int | None = None, field: str | None = None):
        where = []
        if entry is not None:
            where.append(f"entry {entry}")
        if field is not None:
            where.append(f"field '{field}'")
        prefix = f"{', '.join(where)}: " if where else ""
        super().__init__(prefix + message)
        self.entry = entry
        self.field = field


class ScenarioError(HotellabError, ValueError):
    """A malformed scenario file; the message names the file, the step and the field."""


def check_header(data, fmt: str, version: int, what: str) -> None:
    """Check a JSON file's ``format`` and ``version`` fields (``what``: "log", "state").

    Raises LogFormatError naming the field.
    """
    if not isinstance(data, dict):
        raise LogFormatError(f"a {what} must be a JSON object, got {type(data).__name__}")
    if data.get("format") != fmt:
        raise LogFormatError(
            f"not a hotellab {what}: 'format' must be {fmt!r}, got {data.get('format')!r}", field="format"
        )
    if data.get("version") != version:
        raise LogFormatError(
            f"unsupported {what} version {data.get('version')!r}; this hotellab reads version {version}",
            field="version",
        )
