"""The game contract: a :class:`Game` (rules + resolved options) and the registry.

Games are found through the entry-point group ``hotellab.games`` (``importlib.metadata``):
each entry point's name is a game id and its value the :class:`Game` subclass, e.g. in a
plug-in's ``pyproject.toml``::

    [project.entry-points."hotellab.games"]
    my_game = "my_package:MyGame"

The bundled games register the same way. :func:`register` adds a class in-process (tests,
notebooks). ``load_game(id, num_players=, options=)`` checks the player count and every
option against :meth:`Game.option_specs` and fills in defaults. ``docs/dev/new_game.md`` is
the guide to writing a game.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from importlib import metadata
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, parse_action
from .board import board_html
from .errors import InvalidActionError, LogFormatError, OptionError, PluginError, PositionError, UnknownGameError
from .position import position_header, split_header
from .rules import Phase, RuleRef
from .state import STATE_FORMAT, STATE_VERSION, State, state_from_actions

if TYPE_CHECKING:  # pragma: no cover
    from .kinds import ActionTable
    from .position import PositionSchema

ENTRY_POINT_GROUP = "hotellab.games"

_REGISTRY: dict[str, type["Game"]] = {}  # registered in-process or loaded from an entry point
_ENTRY_POINTS: dict[str, metadata.EntryPoint] | None = None  # read once; see reload_plugins()


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


_DEFAULT_COLOURS = ("#2b6cd4", "#d4482b", "#2f9e44", "#e0a100", "#8e44ad", "#16a2b8", "#6c757d", "#c2185b")


class Game:
    """A game with a player count and resolved options. Immutable once made.

    A game subclass declares, as class attributes: ``id`` (the registry id, a word),
    ``title``, ``min_players`` / ``max_players``, ``OPTIONS`` (a tuple of
    :class:`OptionSpec`), ``state_class`` (its :class:`~hotellab.core.state.State`
    subclass), ``phases`` (its phase table, ``rules.PHASES``), ``rule_table`` (every RuleRef
    of the game in rulebook order, ``rules.RULE_TABLE``), ``hidden_information`` (False
    when no seat ever has anything hidden from it), ``scores_are_points`` (False when the
    scores are the measures a pointless end rule compares) and ``rulebook`` (the title the
    game's citations name). It implements the required hook
    :meth:`render_svg` and may override the optional hooks :meth:`seat_label`,
    :meth:`colour`, :attr:`num_seats` and :meth:`_setup`.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = ()
    state_class: ClassVar[type] = None  # type: ignore[assignment]
    phases: ClassVar[tuple[Phase, ...]] = ()
    rule_table: ClassVar[tuple[RuleRef, ...]] = ()
    # The ``rule_table`` entries that no move applies (an overview, a list of components, a
    # recommendation), as sections (every entry of the section) or RuleRefs (that entry):
    # practised coverage (``hl.coverage(obj).practised_fraction``) leaves them out.
    overview_rules: ClassVar[frozenset] = frozenset()
    # What ``State.heuristic_value`` counts, in words a learner reads, when it is a count in the
    # game's own points (Hostil Hostal: rest now plus the rest due at Dawn); "" when it is only
    # an agent's estimate. A lesson's feedback on a heuristic goal then shows its numbers.
    heuristic_words: ClassVar[str] = ""
    # The view's keys, besides "score", "scores", "winners" and "breakdown", that show a seat's
    # score (Boutique Hotel: "money"): a lesson hides them before a score question is answered
    # (not before "who wins": the board has no other way to show the end's scores), and the
    # renderer draws a hidden (None) value as "?".
    score_view_keys: ClassVar[tuple] = ()
    # False for a game where every seat sees everything (``view(p)`` differs from ``view()``
    # only in its "perspective" field): an omniscient GameView then carries one set of frames
    # instead of one per seat.
    hidden_information: ClassVar[bool] = True
    # False for a game without points (Hellton Palace): ``scores`` are then the measures its
    # end rule compares, and the breakdown need not sum to them.
    scores_are_points: ClassVar[bool] = True
    # The rulebook the game implements, as code and docs cite it: title, publisher (when the
    # rulebook names one) and edition, e.g. "Hostil Hostal rulebook".
    rulebook: ClassVar[str] = ""
    # How many decisions the MCTS agent (``"mcts:N"``, hotellab.agents.mcts) plays out at
    # random before it reads ``heuristic_value``, unless its name says ``depth=``: long enough
    # to reach the next scoring where the heuristic is weak between scorings (Boutique Hotel
    # scores at the end of the week), short where the heuristic already looks ahead (Hostil
    # Hostal's counts the rest due at dawn). None plays to the end. Measured in bench/mcts.py.
    mcts_depth: ClassVar[int | None] = 40
    # Contract v2 declarations (see hotellab.core.state.REQUIRED_HOOKS): the action table
    # (hotellab.core.kinds.ActionTable) and the position schema
    # (hotellab.core.position.PositionSchema). The view, graph and picture are declared as
    # functions: build_view = staticmethod(view.build_view), and so on.
    actions: ClassVar["ActionTable | None"] = None
    position: ClassVar["PositionSchema | None"] = None

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
        self.options = self.resolve_options({} if options is None else options)  # 0, "", [] are not options
        self._setup()

    # -- options -----------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        """Every option of the game: name, allowed values, default, rulebook section."""
        return list(cls.OPTIONS)

    @classmethod
    def resolve_options(cls, options: dict) -> dict:
        if not isinstance(options, dict):
            raise OptionError(f"{cls.id}: options must be a dict of option names and values, got "
                              f"{type(options).__name__} {options!r}", field="options")
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
                # "5" for 5, 1 for True: say which value was meant and of what type
                same_text = [a for a in spec.allowed if str(a).lower() == str(value).lower()]
                hint = (f" ({type(value).__name__} {value!r}; give the {type(same_text[0]).__name__} "
                        f"{same_text[0]!r})") if same_text else ""
                raise OptionError(
                    f"{cls.id}: option {name!r} cannot be {value!r}{hint}; allowed: {allowed} "
                    f"({spec.rule.section})"
                )
            out[name] = value
        for spec in cls.OPTIONS:
            out.setdefault(spec.name, spec.default)
        return out

    def _setup(self) -> None:
        """Optional hook: precompute anything that depends on players and options (called
        once by ``__init__``). Default: nothing."""

    # -- seats -------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        """Optional hook. Players plus non-human seats (e.g. an automata); default
        ``num_players``."""
        return self.num_players

    def seat_label(self, seat: int) -> str:
        """Optional hook. The game's name of ``seat`` (0..num_seats-1), e.g. the colour the
        rulebook gives it ("Blue", "Orange (automata)"); default "Player N" (1-based)."""
        return f"Player {seat + 1}"

    def colour(self, seat: int) -> str:
        """Optional hook. The colour of ``seat``'s pieces: a CSS colour ("#rrggbb" or a name);
        default from a palette of 8 distinct colours."""
        return _DEFAULT_COLOURS[seat % len(_DEFAULT_COLOURS)]

    def aid_components(self) -> list[tuple[str, list[tuple]]]:
        """Optional hook. What the printable player aid (``hotellab aid``) lists of the game's
        components: ``[(heading, [(name, text) or (name, text, icon_svg), ...]), ...]``, e.g.
        ``("Event cards", [("#3 Grrr", "Remove any one guest ...")])``; ``icon_svg`` is a small
        SVG document (text). Default: nothing."""
        return []

    def seat_names(self) -> list[str]:
        """:meth:`seat_label` of every seat, in seat order."""
        return list(self.seat_labels)

    @functools.cached_property
    def seat_labels(self) -> tuple[str, ...]:
        """:meth:`seat_label` of every seat, as a tuple computed once (for the engines, which
        name seats in every event)."""
        return tuple(self.seat_label(s) for s in range(self.num_seats))

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
        """Inverse of ``str(action)``, checked against the game's action table (the kind
        exists; its arguments fit the grammar). Raises
        :class:`~hotellab.core.errors.InvalidActionError` (a ValueError) for text that cannot
        be read, naming the kind, the argument and the rule."""
        action = parse_action(text)
        if self.actions is not None:
            why = self.actions.malformed(action)
            if why is not None:
                k = self.actions.by_name.get(action.kind)
                raise InvalidActionError(why, action=action, rule=k.rule if k is not None else None)
        return action

    def state_from_position(self, table: dict) -> State:
        """The state a declared position table says (see :mod:`hotellab.core.position` and
        :meth:`State.to_position`). Header fields, when present, must match this game.

        Raises :class:`~hotellab.core.errors.PositionError` naming the field and the rule.
        """
        body = split_header(self, table)
        state = self.state_class._from_position(self, body)
        if not isinstance(state, State):
            raise TypeError(f"{self.id}: State._from_position returned {type(state).__name__}, not a State")
        state._start = {**position_header(self), **body}
        return state

    def phase_of(self, node_kind: str) -> Phase:
        """The row of :attr:`phases` whose ``nodes`` hold ``node_kind``. Raises KeyError
        naming the node kind and the game when none does."""
        table = type(self).__dict__.get("_phase_index")
        if table is None:
            table = {n: ph for ph in self.phases for n in ph.nodes}
            type(self)._phase_index = table
        try:
            return table[node_kind]
        except KeyError:
            raise KeyError(
                f"{self.id}: node kind {node_kind!r} is in no phase of the game's phase table "
                f"(rules.PHASES)") from None

    def render_svg(self, view: dict) -> str:
        """Required (declare ``render_svg = staticmethod(render.render_svg)``). SVG text of the
        board for a view model: a pure function of ``view`` (``state.view(perspective)``), so
        it renders without a kernel."""
        raise NotImplementedError(
            f"game {self.id!r} ({type(self).__name__}) does not declare the required hook "
            "Game.render_svg; see docs/dev/new_game.md"
        )

    def build_view(self, state: State, perspective: int | None) -> dict:
        """Required (declare ``build_view = staticmethod(view.build_view)``). The JSON-able
        view model of ``state`` seen by ``perspective`` (None: omniscient); see
        ``docs/dev/view_model.md``."""
        raise NotImplementedError(
            f"game {self.id!r} ({type(self).__name__}) does not declare the required hook "
            "Game.build_view; see docs/dev/new_game.md"
        )

    def adjacency_graph_of(self, state: State):
        """Required (declare ``adjacency_graph_of = staticmethod(view.adjacency_graph)``).
        networkx.Graph of the game's spaces in ``state``; nodes and edges carry a ``kind``."""
        raise NotImplementedError(
            f"game {self.id!r} ({type(self).__name__}) does not declare the required hook "
            "Game.adjacency_graph_of; see docs/dev/new_game.md"
        )

    def render_html(self, view: dict) -> str:
        """HTML for notebooks without a kernel: the SVG board in a div."""
        return board_html(self.render_svg(view))

    def rule(self, section: str, quote: str = "") -> RuleRef:
        return RuleRef(self.id, section, quote)

    def to_json(self) -> dict:
        return {"game": self.id, "num_players": self.num_players, "options": dict(self.options)}

    def state_from_json(self, d: dict):
        """Rebuild a state from :meth:`State.to_json` output (replays its actions).

        Raises LogFormatError naming the field or action entry that is wrong.
        """
        from .errors import check_header

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
        return state_from_actions(self, d["actions"], start=d.get("start"))

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
    """Class decorator: make a Game subclass loadable by its id in this process (a plug-in
    package registers through its entry point instead; see the module doc)."""
    if not isinstance(cls, type) or not issubclass(cls, Game):
        raise TypeError(f"register() takes a Game subclass, got {cls!r}")
    _REGISTRY[cls.id] = cls
    return cls


def _entry_points() -> dict[str, metadata.EntryPoint]:
    global _ENTRY_POINTS
    if _ENTRY_POINTS is None:
        found = {}
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(ep.name, ep)  # the first distribution on sys.path wins
        _ENTRY_POINTS = found
    return _ENTRY_POINTS


def reload_plugins() -> list[str]:
    """Read the ``hotellab.games`` entry points again (after installing a plug-in in a
    running process, or changing ``sys.path``); returns :func:`list_games`."""
    global _ENTRY_POINTS
    _ENTRY_POINTS = None
    return list_games()


def list_games() -> list[str]:
    """The ids of every game (entry points and in-process registrations), sorted. Lists a
    plug-in without importing it, so a broken plug-in is listed and fails only on load."""
    return sorted(set(_entry_points()) | set(_REGISTRY))


def game_class(game_id: str) -> type[Game]:
    """The Game subclass registered as ``game_id``.

    Raises UnknownGameError (listing the known ids) or PluginError (naming the plug-in's
    entry point and what went wrong) when its entry point cannot be loaded.
    """
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game id is a word such as 'hostil_hostal', got {type(game_id).__name__} "
                               f"{game_id!r:.60}; known games: {', '.join(list_games())}")
    cls = _REGISTRY.get(game_id)
    if cls is not None:
        return cls
    ep = _entry_points().get(game_id)
    if ep is None:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(list_games())}")
    try:
        cls = ep.load()
    except Exception as exc:  # any failure of a plug-in's import is reported, not raised raw
        raise PluginError(
            f"game plug-in {game_id!r} (entry point {ep.value!r} in group {ENTRY_POINT_GROUP!r}) "
            f"failed to load: {type(exc).__name__}: {exc}") from exc
    if not isinstance(cls, type) or not issubclass(cls, Game):
        raise PluginError(
            f"game plug-in {game_id!r} (entry point {ep.value!r}) is not a hotellab.Game subclass: {cls!r}")
    if cls.id != game_id:
        raise PluginError(f"game plug-in {game_id!r} (entry point {ep.value!r}) declares id {cls.id!r}")
    _REGISTRY[game_id] = cls
    return cls


def load_game(game_id: str, num_players: int | None = None, options: dict | None = None) -> Game:
    """Make a :class:`Game`.

    >>> import hotellab as hl
    >>> g = hl.load_game("hostil_hostal", num_players=3, options={"nights": 3})
    >>> g.options["nights"]
    3

    Raises UnknownGameError (lists the known ids), PluginError (a plug-in that fails to
    import, named) or OptionError (lists allowed values).
    """
    return game_class(game_id)(num_players=num_players, options=options)
