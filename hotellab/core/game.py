"""The game contract: a :class:`Game` (rules + resolved options) and the registry.

A game package registers a subclass of :class:`Game` with :func:`register`.
``load_game(id, num_players=, options=)`` checks the player count and every option
against :meth:`Game.option_specs` and fills in defaults.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, parse_action
from .errors import LogFormatError, OptionError, UnknownGameError
from .rules import RuleRef

# game id -> module that defines and registers it (imported on first use).
_GAME_MODULES = {
    "hellton_palace": "hotellab.games.hellton_palace",
    "hostil_hostal": "hotellab.games.hostil_hostal",
    "perfect_hotel": "hotellab.games.perfect_hotel",
}
_REGISTRY: dict[str, type["Game"]] = {}


@dataclass(frozen=True)
class OptionSpec:
    """One game option: ``name``, ``allowed`` values, ``default``, the rulebook ``rule``
    that names it and a one-line ``doc``."""

    name: str
    allowed: tuple
    default: Any
    rule: RuleRef
    doc: str = ""

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "allowed": list(self.allowed),
            "default": self.default,
            "rule": self.rule.to_json(),
            "doc": self.doc,
        }


class Game:
    """A game with a player count and resolved options. Immutable once made.

    Subclasses set ``id``, ``title``, ``min_players``, ``max_players``, ``OPTIONS``
    (a tuple of :class:`OptionSpec`) and ``state_class``, and ``hidden_information = False``
    when no seat ever has anything hidden from it.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = ()
    state_class: ClassVar[type] = None  # type: ignore[assignment]
    # False for a game where every seat sees everything (``view(p)`` differs from ``view()``
    # only in its "perspective" field): an omniscient GameView then carries one set of frames
    # instead of one per seat.
    hidden_information: ClassVar[bool] = True

    def __init__(self, num_players: int | None = None, options: dict | None = None):
        if num_players is None:
            num_players = self.min_players
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise OptionError(
                f"{self.id}: num_players must be an int from {self.min_players} to "
                f"{self.max_players}, got {num_players!r}", field="num_players"
            )
        if not self.min_players <= num_players <= self.max_players:
            allows = (f"exactly {self.min_players}" if self.min_players == self.max_players
                      else f"{self.min_players} to {self.max_players}")
            raise OptionError(
                f"{self.id}: num_players={num_players} is not allowed; the rulebook allows "
                f"{allows} players", field="num_players"
            )
        self.num_players = num_players
        self.options = self.resolve_options(options or {})
        self._setup()

    # -- options -----------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        """Every option of the game: name, allowed values, default, rulebook section."""
        return list(cls.OPTIONS)

    @classmethod
    def resolve_options(cls, options: dict) -> dict:
        if not isinstance(options, dict):
            raise OptionError(f"{cls.id}: options must be a dict, got {type(options).__name__}")
        specs = {s.name: s for s in cls.OPTIONS}
        out = {}
        for name, value in options.items():
            if name not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise OptionError(f"{cls.id}: unknown option {name!r}; known options: {known}")
            spec = specs[name]
            # equal AND of the same type: True is not 1 and 3.0 is not 3
            if not any(value == a and type(value) is type(a) for a in spec.allowed):
                allowed = ", ".join(repr(v) for v in spec.allowed)
                raise OptionError(
                    f"{cls.id}: option {name!r} cannot be {value!r}; allowed: {allowed} "
                    f"({spec.rule.section})"
                )
            out[name] = value
        for spec in cls.OPTIONS:
            out.setdefault(spec.name, spec.default)
        return out

    def _setup(self) -> None:
        """Hook for subclasses: precompute anything that depends on players and options."""

    # -- seats -------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        """Players plus non-human seats (e.g. an automata)."""
        return self.num_players

    def seat_names(self) -> list[str]:
        return [f"Player {i + 1}" for i in range(self.num_seats)]

    def renamer(self, names):
        """A function ``text -> text`` that puts ``names`` (one per seat) in place of the
        game's own seat names (e.g. "Blue", "Orange (automata)") in status lines, events and
        action labels: whole words only, longest names first. Identity when nothing differs.

        >>> import hotellab as hl
        >>> swap = hl.load_game("hostil_hostal", num_players=3).renamer(["Ann", "Bob", "Cy"])
        >>> swap("Night 1 of 3, round 2 — Red to act; Blue's guest")
        "Night 1 of 3, round 2 — Bob to act; Ann's guest"
        """
        import re

        table = {str(a): str(b) for a, b in zip(self.seat_names(), names) if str(a) != str(b)}
        if not table:
            return lambda text: text
        pattern = re.compile(
            r"(?<!\w)(" + "|".join(re.escape(a) for a in sorted(table, key=len, reverse=True)) + r")(?!\w)"
        )
        return lambda text: pattern.sub(lambda m: table[m.group(1)], text) if isinstance(text, str) else text

    # -- states and actions ------------------------------------------------------
    def new_initial_state(self):
        """The state before setup; setup randomness comes as chance actions."""
        return self.state_class.initial(self)

    def parse_action(self, text: str) -> Action:
        """Inverse of ``str(action)``. Raises ValueError for text that cannot be read."""
        return parse_action(text)

    def render_svg(self, view: dict) -> str:
        """SVG text of the board for a view model (a pure function of the view).

        Each game package has a ``render`` module with ``render_svg(view) -> str``.
        """
        mod = importlib.import_module(f"hotellab.games.{self.id}.render")
        return mod.render_svg(view)

    def render_html(self, view: dict) -> str:
        """HTML for notebooks without a kernel: the SVG board in a div."""
        return f'<div class="hotellab-board" style="max-width:100%;overflow-x:auto">{self.render_svg(view)}</div>'

    def rule(self, section: str, quote: str = "") -> RuleRef:
        return RuleRef(self.id, section, quote)

    def to_json(self) -> dict:
        return {"game": self.id, "num_players": self.num_players, "options": dict(self.options)}

    def state_from_json(self, d: dict):
        """Rebuild a state from :meth:`State.to_json` output (replays its actions).

        Raises LogFormatError naming the field or action entry that is wrong.
        """
        from .errors import check_header
        from .state import STATE_FORMAT, STATE_VERSION, state_from_actions

        check_header(d, STATE_FORMAT, STATE_VERSION, "state")
        for key in ("game", "num_players", "options", "actions"):
            if key not in d:
                raise LogFormatError(f"missing field {key!r}", field=key)
        if d["game"] != self.id:
            raise LogFormatError(f"state is for game {d['game']!r}, not {self.id!r}", field="game")
        try:
            same = d["num_players"] == self.num_players and self.resolve_options(d["options"]) == self.options
        except OptionError as exc:
            raise LogFormatError(str(exc), field="options") from None
        if not same:
            raise LogFormatError(
                "state was made with other players/options than this game "
                f"({d['num_players']}, {d['options']} vs {self.num_players}, {self.options})",
                field="options",
            )
        return state_from_actions(self, d["actions"])

    def __repr__(self) -> str:
        return f"<Game {self.id} players={self.num_players} options={self.options}>"

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Game)
            and other.id == self.id
            and other.num_players == self.num_players
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.id, self.num_players, tuple(sorted(self.options.items()))))


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game subclass loadable by its id."""
    _REGISTRY[cls.id] = cls
    return cls


def list_games() -> list[str]:
    """The ids of every game, sorted."""
    return sorted(set(_GAME_MODULES) | set(_REGISTRY))


def game_class(game_id: str) -> type[Game]:
    if game_id not in _REGISTRY:
        module = _GAME_MODULES.get(game_id)
        if module is None:
            raise UnknownGameError(
                f"unknown game {game_id!r}; known games: {', '.join(list_games())}"
            )
        importlib.import_module(module)
    return _REGISTRY[game_id]


def load_game(game_id: str, num_players: int | None = None, options: dict | None = None) -> Game:
    """Make a :class:`Game`.

    >>> import hotellab as hl
    >>> g = hl.load_game("hostil_hostal", num_players=3, options={"nights": 3})
    >>> g.options["nights"]
    3

    Raises UnknownGameError (lists the known ids) or OptionError (lists allowed values).
    """
    return game_class(game_id)(num_players=num_players, options=options)
