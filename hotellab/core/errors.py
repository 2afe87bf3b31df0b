"""Errors raised by the engine. Every message names the problem and the rule or field."""

from __future__ import annotations


def json_type(value) -> str:
    """What a file's value is, in the file's own words (JSON / TOML), for error messages: "null",
    "an array", "a string" ... rather than Python's NoneType, list, str."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (a boolean)"
    for kinds, word in ((dict, "an object (table)"), ((list, tuple), "an array"), (str, "a string"),
                        (int, "an integer"), (float, "a number")):
        if isinstance(value, kinds):
            return word
    return type(value).__name__


MESSAGE_LIMIT = 2000
"""The longest error message, in characters: a message that quotes a huge input (a million-
character field, a shuffle of 100,000 cards) keeps its start and end, with the middle left
out and counted."""


def capped(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` when it is at most ``limit`` characters, else its start and end with
    "… (N characters left out) …" between them.

    >>> capped("abcdefghij" * 3, 20)
    'abcde … (20 characters left out) … fghij'
    """
    if len(text) <= limit:
        return text
    keep = max(limit // 4, 1)
    return f"{text[:keep]} … ({len(text) - 2 * keep} characters left out) … {text[-keep:]}"


class HotellabError(Exception):
    """Base class of every error hotellab raises on purpose."""


ERROR_CODES = ("game_over", "not_your_turn", "chance_node", "not_legal", "malformed")
"""The values of :attr:`IllegalActionError.code`, for programs that act on a refusal."""


class IllegalActionError(HotellabError, ValueError):
    """An action that the rules do not allow in this state.

    Raised by :meth:`hotellab.core.state.State.apply`; the state is left unchanged.

    Attributes:
        action: the refused :class:`~hotellab.core.actions.Action` (or the object given).
        rule: the :class:`~hotellab.core.rules.RuleRef` of the rule the message names
            (None only where no rule applies, e.g. a malformed action text).
        code: what kind of refusal, one of :data:`ERROR_CODES`: ``"game_over"`` (the state
            is terminal), ``"not_your_turn"`` (another seat decides), ``"chance_node"`` (a
            chance outcome is due, or a seat's action was given for a chance node),
            ``"not_legal"`` (the rules forbid it here), ``"malformed"`` (it cannot be read or
            has arguments of the wrong shape; see :class:`InvalidActionError`).
    """

    default_code = "not_legal"

    def __init__(self, message: str, *, action=None, rule=None, code: str | None = None):
        super().__init__(capped(message))
        self.action = action
        self.rule = rule
        self.code = code or self.default_code
        if self.code not in ERROR_CODES:
            raise ValueError(f"unknown IllegalActionError code {self.code!r}; codes: {', '.join(ERROR_CODES)}")


class InvalidActionError(IllegalActionError):
    """Action text that cannot be read (``code == "malformed"``), e.g. ``"p0"`` or
    ``"x place 1"``. Raised by :func:`hotellab.core.actions.parse_action`,
    :meth:`hotellab.Game.parse_action` and by ``apply`` given such text."""

    default_code = "malformed"


class Problem(tuple):
    """One problem of a declared position: ``field`` (the path, e.g. ``"rooms[2].beds[1]"``;
    None for the position as a whole), ``message`` (what is wrong) and ``rule`` (the
    :class:`~hotellab.core.rules.RuleRef` it breaks; None for a shape error). ``str()`` is
    the sentence a PositionError shows."""

    __slots__ = ()

    def __new__(cls, field: str | None, message: str, rule=None):
        return tuple.__new__(cls, (field, message, rule))

    field = property(lambda self: self[0])
    message = property(lambda self: self[1])
    rule = property(lambda self: self[2])

    def __str__(self) -> str:
        return str(PositionError(self[1], field=self[0], rule=self[2], problems=()))

    def __repr__(self) -> str:
        return f"Problem({self[0]!r}, {self[1]!r})"


class PositionError(HotellabError, ValueError):
    """A declared position (``game.state_from_position(table)``) that is malformed or breaks
    a rule: a component in two places or none, a count not conserved, a value out of range.

    ``field`` is the path of the (first) offending field (e.g. ``"rooms[2].beds[1]"``),
    ``rule`` the :class:`~hotellab.core.rules.RuleRef` it breaks (None for a shape error),
    ``problems`` every problem found (a list of :class:`~hotellab.core.position.Problem`;
    the message lists them all, one per line after the first).
    """

    def __init__(self, message: str, *, field: str | None = None, rule=None, problems=None):
        where = f"field '{field}': " if field else ""
        if field and message.startswith(f"{field}: "):  # said once is enough
            message = message[len(field) + 2:]
        tail = f" — {rule.section}" if rule is not None and rule.section not in message else ""
        super().__init__(capped(where + message + tail))
        self.field = field
        self.rule = rule
        if problems is None:  # one problem: this one
            problems = [Problem(field, message, rule)]
        self.problems = list(problems)


class PluginError(HotellabError, ImportError):
    """A game plug-in (entry point in group ``hotellab.games``) that cannot be loaded; the
    message names the plug-in and its entry point. Other games still load."""


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
        if field is not None and message.startswith(f"{field}: "):  # said once is enough
            message = message[len(field) + 2:]
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
        raise LogFormatError(f"a {what} must be a JSON object, got {json_type(data)}")
    if data.get("format") != fmt:
        raise LogFormatError(
            f"not a hotellab {what}: 'format' must be {fmt!r}, got {data.get('format')!r}", field="format"
        )
    if data.get("version") != version:
        raise LogFormatError(
            f"unsupported {what} version {data.get('version')!r}; this hotellab reads version {version}",
            field="version",
        )


class SimulationError(HotellabError, RuntimeError):
    """A simulation (:func:`hotellab.simulate`) that could not play every game, or could not
    start its workers.

    ``table``: the finished games (a pandas DataFrame like ``simulate``'s, sorted by game, every
    row the one a complete run gives), or None when no game was played; ``lost``: the indices
    of the games that were not played, sorted (empty when the run could not start). The
    message says how many games were lost, which, and why.
    """

    def __init__(self, message: str, *, table=None, lost=()):
        super().__init__(message)
        self.table = table
        self.lost = sorted(lost)
