"""Scenarios: a position, scripted actions and narrative, in a TOML file.

A scenario file::

    game = "hostil_hostal"
    num_players = 3
    seed = 7                      # chance outcomes not forced below are sampled with it
    agents = ["random", "random", "random"]   # who plays "auto" decisions (default random)
    title = "What if the misfortune die rolls a 6?"
    description = "..."

    script = ["until Night 1", "p0 place 2 1", "auto 5"]   # reach the starting position

    [options]
    nights = 3

    [[steps]]
    action = "chance misfortune 6"   # a forced chance outcome
    text = "The first player rolls the misfortune die: 6."

Each entry of ``script`` and each step's ``action`` is one of: an action's canonical
text (a chance outcome forces it), ``"auto"`` or ``"auto N"`` (N steps by seed and
agents), or ``"until TEXT"`` (step until the status line contains TEXT). A ``[position]``
table starts the scenario from a declared position instead of the game's setup (what
:meth:`hotellab.State.to_position` writes; ``script`` then runs from there). In earlier
files ``position`` is a list of directives, read as ``script``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import HotellabError, ScenarioError

MAX_AUTO = 100_000

_learner_steps = None
"""What the core does not know about the learner's steps (kinds ``do``, ``exercise``,
``predict``): a function returning an object (:mod:`hotellab.lesson`) with
``check_step_fields(step, where, game)`` (raises ScenarioError for a field that cannot work),
``check_step_state(step, state, where)`` (the same at the step's state) and
``answers(step, state)`` (the right moves). The layer above installs it with
:func:`set_learner_steps` (``hotellab/__init__.py`` does, importing the lesson module on
first use)."""


def set_learner_steps(provider) -> None:
    """Install ``provider() -> object`` whose functions check and answer a learner's step
    (see :data:`_learner_steps`)."""
    global _learner_steps
    _learner_steps = provider


def _steps():
    if _learner_steps is None:  # hotellab/__init__.py installs it before any scenario loads
        raise RuntimeError("no learner-step rules installed: hotellab.core.scenario.set_learner_steps")
    return _learner_steps()


@dataclass
class ScenarioStep:
    """One step: ``kind`` ("watch", "do", "exercise" or "predict"; see :mod:`hotellab.lesson`),
    ``action`` (a watch step's directive, see the module doc), ``text`` and ``title``; for the
    learner's steps ``expect`` (do: the move or moves), ``goal`` (exercise), ``question`` and
    ``answer`` (predict), ``hints`` and ``area`` (where to look), ``mistakes``."""

    action: str
    text: str = ""
    title: str = ""
    kind: str = "watch"
    expect: list = field(default_factory=list)
    goal: dict = field(default_factory=dict)
    question: str = ""
    answer: str = ""
    hints: list = field(default_factory=list)
    area: str = ""
    mistakes: list = field(default_factory=list)
    """Authored words for likely mistakes: ``{answer = ..., say = "..."}`` (predict) or
    ``{move = "p0 ...", say = "..."}`` (do, exercise), checked like every other field."""
    rules: list = field(default_factory=list)
    """For a predict step with a view answer (``view[SEAT]:PATH``): the rule-table sections
    the value depends on (the engine cannot tell them for a number of the view)."""
    targets: list = field(default_factory=list)
    """Where to look, on the board: fnmatch patterns of target ids (``"bed:2A:*"``) that the
    page outlines on the step's board; each must match a target drawn there."""


@dataclass
class Scenario:
    """A position + scripted steps + narrative for one game."""

    game: str
    num_players: int
    options: dict = field(default_factory=dict)
    seed: int = 0
    agents: list | None = None
    title: str = ""
    description: str = ""
    position: list[str] = field(default_factory=list)
    steps: list[ScenarioStep] = field(default_factory=list)
    source: str = "<scenario>"
    start: dict | None = None
    """The declared position the scenario starts from (the ``[position]`` table), or None."""
    legacy_position: int = 0
    """How many entries of :attr:`position` came from a list-valued ``position`` field (the
    rest from ``script``); error messages name the field the file used."""
    teaches: list[str] = field(default_factory=list)
    """The rule-table sections this lesson teaches (in its text), in the order taught; a
    tutorial's steps may test only rules taught in their lesson or an earlier one
    (:func:`hotellab.lesson.practice.untaught`)."""

    @classmethod
    def load(cls, path) -> "Scenario":
        """Read and check a TOML scenario file. Raises ScenarioError naming file and field."""
        path = Path(path)
        try:
            text = path.read_bytes().decode("utf-8-sig")  # a byte-order mark is fine
        except OSError as exc:
            raise ScenarioError(f"{path}: cannot read ({exc.strerror})") from None
        except UnicodeDecodeError as exc:
            raise ScenarioError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
        return cls.from_toml(text, source=str(path))

    @classmethod
    def from_toml(cls, text: str, source: str = "<scenario>") -> "Scenario":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(f"{source}: not valid TOML: {exc}") from None
        return cls.from_dict(data, source=source)

    @classmethod
    def from_dict(cls, data: dict, source: str = "<scenario>") -> "Scenario":
        from pydantic import BaseModel, ConfigDict, Field, ValidationError

        class StepModel(BaseModel):
            model_config = ConfigDict(extra="forbid")
            kind: str = "watch"
            action: str = "auto"
            text: str = ""
            title: str = ""
            expect: str | list[str] = []
            goal: dict[str, Any] = {}
            question: str = ""
            answer: str = ""
            hints: list[str] = []
            area: str = ""
            mistakes: list[dict[str, Any]] = []
            rules: list[str] = []
            targets: list[str] = []

        class ScenarioModel(BaseModel):
            model_config = ConfigDict(extra="forbid")
            game: str
            num_players: int = Field(ge=1, le=8)
            options: dict[str, Any] = {}
            seed: int = 0
            agents: list[str | None] | None = None
            title: str = ""
            description: str = ""
            position: list[str] | dict[str, Any] = []
            script: list[str] = []
            teaches: list[str] = []
            steps: list[StepModel] = []

        try:
            m = ScenarioModel.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(x) for x in err["loc"])
            raise ScenarioError(f"{source}: field '{loc}': {err['msg']}") from None
        from .text import check_tree  # no control character may reach a board or a page

        check_tree(m.title, f"{source}: field 'title'", ScenarioError)
        check_tree(m.description, f"{source}: field 'description'", ScenarioError)
        check_tree(m.agents or [], f"{source}: field 'agents'", ScenarioError)
        for i, st in enumerate(m.steps):
            check_tree(st.model_dump(), f"{source}: field 'steps[{i}]'", ScenarioError)
        sc = cls(
            game=m.game,
            num_players=m.num_players,
            options=m.options,
            seed=m.seed,
            agents=m.agents,
            title=m.title,
            description=m.description,
            position=(list(m.position) if isinstance(m.position, list) else []) + list(m.script),
            steps=[ScenarioStep(s.action, s.text, s.title, s.kind,
                                [s.expect] if isinstance(s.expect, str) else list(s.expect),
                                dict(s.goal), s.question, s.answer, list(s.hints), s.area,
                                [dict(x) for x in s.mistakes], list(s.rules), list(s.targets))
                   for s in m.steps],
            source=source,
            start=dict(m.position) if isinstance(m.position, dict) else None,
            legacy_position=len(m.position) if isinstance(m.position, list) else 0,
            teaches=list(m.teaches),
        )
        game = sc.game_object()  # checks game id, players and options now
        sections = {r.section for r in game.rule_table}
        for i, sec in enumerate(sc.teaches):
            if sec not in sections:
                near = sorted(x for x in sections if sec.lower() in x.lower() or x.lower() in sec.lower())[:3]
                raise ScenarioError(f"{source}: field 'teaches[{i}]': {sec!r} is not a section of {game.id}'s rule "
                                    f"table" + (f"; did you mean {', '.join(map(repr, near))}?" if near else ""))
        if sc.start is not None:
            sc.initial_state(game)  # checks the declared position now
        steps = _steps()
        for i, step in enumerate(sc.steps):
            steps.check_step_fields(step, f"{source}: steps[{i}]", game)
        return sc

    def initial_state(self, game=None):
        """The state the scenario starts from: its declared ``[position]``, or the game's
        setup. Raises ScenarioError naming the file and the position's field."""
        from .errors import PositionError

        game = game or self.game_object()
        if self.start is None:
            return game.new_initial_state()
        try:
            return game.state_from_position(self.start)
        except PositionError as exc:
            raise ScenarioError(f"{self.source}: [position]: {exc}") from None

    def game_object(self):
        from .game import load_game

        try:
            return load_game(self.game, num_players=self.num_players, options=self.options)
        except HotellabError as exc:
            raise ScenarioError(f"{self.source}: {exc}") from None

    def match(self):
        """A :class:`Match` at the scenario's starting position (before the steps)."""
        from .match import Match

        game = self.game_object()
        agents = self.agents if self.agents is not None else ["random"] * game.num_players
        start = self.initial_state(game)
        try:
            m = Match(game, seed=self.seed, agents=agents, state=start)
        except ValueError as exc:
            raise ScenarioError(f"{self.source}: field 'agents': {exc}") from None
        for i, directive in enumerate(self.position):
            n = self.legacy_position
            self._run(m, directive, f"position[{i}]" if i < n else f"script[{i - n}]")
        return m

    def walk(self):
        """Yield ``(step, match)`` after each scripted step, starting from :meth:`match`."""
        m = self.match()
        for i, step in enumerate(self.steps):
            self._play(m, step, i)
            yield step, m

    def run(self):
        """The Match after every scripted step."""
        m = self.match()
        for i, step in enumerate(self.steps):
            self._play(m, step, i)
        return m

    def _play(self, m, step, i: int) -> None:
        """Play a step without a learner: a watch step's action; a do or exercise step's first
        right move (computed); a predict step makes no move."""
        if step.kind == "watch":
            self._run(m, step.action, f"steps[{i}].action")
        else:
            steps = _steps()
            steps.check_step_state(step, m.state, f"{self.source}: steps[{i}]")
            if step.kind in ("do", "exercise"):
                m.step(steps.answers(step, m.state)[0])

    def _run(self, m, directive: str, where: str) -> None:
        d = directive.strip()
        try:
            if d == "auto" or d.startswith("auto "):
                word = d[5:].strip() if d != "auto" else "1"
                if not word.isdigit() or int(word) < 1:
                    raise ScenarioError(f"'auto N' needs a whole number of steps N >= 1, got {word!r}")
                n = int(word)
                for _ in range(n):
                    if m.state.is_terminal:
                        break
                    m.step()
            elif d.startswith("until "):
                target = d[6:].strip()
                for _ in range(MAX_AUTO):
                    if target in m.state.status_text() or m.state.is_terminal:
                        break
                    m.step()
                if target not in m.state.status_text():
                    raise ScenarioError(f"the status never showed {target!r}")
            else:
                m.step(d)
        except ScenarioError as exc:
            raise ScenarioError(f"{self.source}: {where} = {directive!r}: {exc}") from None
        except (HotellabError, ValueError) as exc:
            raise ScenarioError(f"{self.source}: {where} = {directive!r}: {exc}") from None


def scenario_toml(state, *, title: str = "", description: str = "", seed: int = 0, agents=None,
                  players=None) -> str:
    """The TOML text of a scenario that starts at ``state``: its game, players and options,
    and a ``[position]`` table (:meth:`~hotellab.State.to_position`), ready for a teacher to
    add ``[[steps]]``. ``Scenario.from_toml(text).match().state`` has the same views, legal
    actions and scores as ``state``. The position is omniscient (hands, deck orders): it is
    the author's record, like a log.

    Raises ScenarioError when a text field cannot be written as TOML.
    """
    import tomli_w

    game = state.game
    data = {"game": game.id, "num_players": game.num_players}
    if title:
        data["title"] = str(title)
    if description:
        data["description"] = str(description)
    data["seed"] = int(seed)
    if agents is not None:
        data["agents"] = [a if a is not None else "random" for a in agents]
    if game.options:
        data["options"] = dict(game.options)
    pos = state.to_position()
    data["position"] = {k: v for k, v in pos.items() if k not in ("game", "num_players", "options")}
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"cannot write the scenario as TOML: {exc}") from None

