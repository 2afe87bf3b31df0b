"""Rule coverage: which entries of a game's rule table a lesson, scenario or game exercises.

A game declares its rule table (``Game.rule_table``: every RuleRef, in rulebook order). Every
event and score line an action causes carries a RuleRef, and so do the phase and the rule of
each decision or chance outcome taken. :func:`coverage` collects the RuleRefs of everything
that happened in ``obj`` and compares them with the table::

    import hotellab as hl
    cov = hl.coverage("notebooks/perfect_hotel.ipynb")
    print(cov.fraction, [r.section for r in cov.missing])
    cov.figure()          # the rulebook's sections in order, coloured by use

``obj`` may be a :class:`~hotellab.core.scenario.Scenario` (its script and steps are played),
a :class:`~hotellab.core.log.GameLog`, a :class:`~hotellab.core.replay.Replay`, a
:class:`~hotellab.core.match.Match`, a state, a path to a scenario (``.toml``) or log
(``.json``), or a notebook path (``.ipynb``): then every scenario and log file named in its
code cells (a quoted path ending in ``.toml`` or ``.json``, relative to the notebook) counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .core.errors import HotellabError
from .core.rules import RuleRef

__all__ = ["Coverage", "coverage"]


class CoverageError(HotellabError, ValueError):
    """``coverage`` was given something it cannot read (the message says what and why)."""


@dataclass
class Coverage:
    """The result of :func:`coverage`.

    game: game id; table: the game's rule table (RuleRefs, rulebook order); covered / missing:
    the entries exercised / not exercised, in table order; fraction: covered / table size,
    0.0 to 1.0 (1.0 for an empty table); counts: how many events or score lines cited each
    covered entry; sources: what was read.
    """

    game: str
    table: list[RuleRef]
    covered: list[RuleRef]
    missing: list[RuleRef]
    counts: dict = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    practised: list[RuleRef] = field(default_factory=list)
    """The rules a learner step's checked answer depends on (every branch of every lesson;
    :func:`hotellab.lesson.practice.answer_rules`), in table order. A log, replay or match has
    no learner steps: [] there."""
    applied: list[RuleRef] = field(default_factory=list)
    """The table's rules a player applies: the table less the game's overview and component
    sentences (``Game.overview_rules``)."""

    @property
    def fraction(self) -> float:
        return len(self.covered) / len(self.table) if self.table else 1.0

    @property
    def practised_fraction(self) -> float:
        """Practised rules over the rules a player applies, 0.0 to 1.0 (1.0 when none apply)."""
        applied = set(self.applied)
        return len([r for r in self.practised if r in applied]) / len(applied) if applied else 1.0

    @property
    def shown_only(self) -> list[RuleRef]:
        """Rules some event cites (a watch step, a game played by agents) but no learner step
        practises, in table order."""
        done = set(self.practised)
        return [r for r in self.covered if r not in done]

    @property
    def untaught(self) -> list[RuleRef]:
        """Rules a player applies that nothing cites, in table order."""
        seen = set(self.covered) | set(self.practised)
        return [r for r in self.applied if r not in seen]

    def __repr__(self) -> str:
        return (f"<Coverage {self.game}: {len(self.covered)}/{len(self.table)} rules "
                f"({self.fraction:.0%}), practised {self.practised_fraction:.0%} of {len(self.applied)} applied, "
                f"from {len(self.sources)} source(s)>")

    def to_text(self) -> str:
        """One line per rule of the table, in rulebook order: ``[P]`` practised by a learner
        step, ``[x]`` only shown (with how many events cited it), ``[ ]`` not used, ``[-]`` an
        overview sentence no move applies; then the totals."""
        lines = [f"Rule coverage of {self.game}: {len(self.covered)} of {len(self.table)} rules "
                 f"({self.fraction:.0%}); practised {len([r for r in self.practised if r in set(self.applied)])} "
                 f"of {len(self.applied)} applied ({self.practised_fraction:.0%})"]
        lines.append("[P] practised by a learner step, [x] only shown (cited by events), [ ] not used, "
                     "[-] an overview sentence no move applies")
        practised, applied = set(self.practised), set(self.applied)
        for r in self.table:
            n = self.counts.get(r, 0)
            mark = "[P]" if r in practised else "[x]" if n else "[ ]" if r in applied else "[-]"
            quote = f' — "{r.quote}"' if r.quote else ""
            lines.append(f"{mark} {r.section}{quote}" + (f"  ({n}×)" if n else ""))
        return "\n".join(lines)

    def figure(self):
        """A plotly ``go.Figure``: the rulebook's sections top to bottom in table order, one
        bar per rule, coloured by use (exercised / not), the bar's length the number of
        events that cited it (log scale-free: a rule not used has a short grey bar)."""
        import plotly.graph_objects as go

        labels, values, colours, hover = [], [], [], []
        practised, applied = set(self.practised), set(self.applied)
        seen: dict[str, int] = {}
        for r in self.table:
            base = r.section
            seen[base] = seen.get(base, 0) + 1
            label = base if seen[base] == 1 else f"{base} ({seen[base]})"
            n = self.counts.get(r, 0)
            labels.append(label)
            values.append(n if n else 0.3)
            kind = ("practised" if r in practised else "shown only" if n else
                    "not taught" if r in applied else "overview (no move applies it)")
            colours.append({"practised": "#2f9e44", "shown only": "#e8a33d", "not taught": "#c92a2a"}.get(kind, "#c9c2b6"))
            hover.append(f"{r.section}<br>{r.quote or ''}<br>{kind}{', cited ' + str(n) + '×' if n else ''}")
        fig = go.Figure(go.Bar(
            x=values, y=labels, orientation="h", marker_color=colours,
            hovertext=hover, hoverinfo="text",
        ))
        fig.update_layout(
            title=(f"{self.game}: practised {self.practised_fraction:.0%} of the rules a player applies "
                   f"(green practised, amber shown only, red not taught, grey overview)"),
            height=max(300, 22 * len(labels) + 120), margin=dict(l=10, r=10, t=50, b=30),
            yaxis=dict(autorange="reversed", automargin=True), xaxis_title="events citing the rule",
            plot_bgcolor="#ffffff",
        )
        return fig


def _refs_of_state_path(states: Iterable) -> tuple[list[RuleRef], list]:
    """The RuleRefs a sequence of states exercised: each state's events, the phase and the
    rule of each decision or chance outcome taken from it (not of the last state), and the
    last state's score lines."""
    refs: list[RuleRef] = []
    last = None
    for s in states:
        if last is not None:
            refs.append(last.phase.rule)
            rule = last.current_rule()
            if rule is not None:
                refs.append(rule)
        refs.extend(ev.rule for ev in s.events)
        last = s
    if last is not None:
        refs.extend(item.rule for item in last.score_breakdown())
    return refs, last


def _from_log(log) -> tuple[str, list[RuleRef]]:
    from .core.replay import Replay

    replay = Replay(log)
    refs, _ = _refs_of_state_path(replay.state_at(k) for k in range(len(replay)))
    return log.game, refs


def _from_scenario(sc, practised: list | None = None) -> tuple[str, list[RuleRef]]:
    """The rules a scenario's script and steps exercise; a predict step that asks whether a
    move is legal (``answer = "legal:..."``) also exercises the rule that forbids it. The
    rules its learner steps practise are added to ``practised`` when given."""
    from .core.actions import parse_action
    from .lesson.practice import practised_rules

    if practised is not None:
        practised.extend(practised_rules(sc))

    states, asked = [], []
    m = sc.match()
    states.extend(m.states)
    for step, m2 in sc.walk():
        states = m2.states
        if step.kind == "predict" and step.answer.strip().startswith("legal:"):
            text = step.answer.strip()[len("legal:"):].strip()
            try:
                why = m2.state._illegal_reason(parse_action(text))
            except ValueError:
                why = None
            if why is not None and why.rule is not None:
                asked.append(why.rule)
    refs, _ = _refs_of_state_path(states)
    return sc.game, refs + asked


def _from_notebook(path: Path, practised: list) -> tuple[str | None, list[RuleRef], list[str]]:
    from .core.log import GameLog
    from .core.scenario import Scenario
    from .lesson.practice import notebook_files

    try:
        files = notebook_files(path)
    except (OSError, ValueError) as exc:
        raise CoverageError(f"{path}: cannot read the notebook ({exc})") from None
    game, refs, sources = None, [], []
    for p in files:
        found: list = []  # the rules this file's learner steps practise
        if p.suffix == ".toml":
            g, r = _from_scenario(Scenario.load(p), found)
        else:
            try:
                g, r = _from_log(GameLog.load(p))
            except HotellabError:
                continue  # a JSON file that is not a log (e.g. a saved position)
        if game is None:
            game = g
        if g == game:
            refs.extend(r)
            practised.extend(found)
            sources.append(str(p))
    return game, refs, sources


def coverage(obj, *, game: str | None = None) -> Coverage:
    """Which entries of the game's rule table ``obj`` exercises (see the module doc).

    ``game`` picks the game when a notebook names files of several games (default: the first
    one found). Raises CoverageError for an object or file it cannot read, and the library's
    own errors (ScenarioError, LogFormatError) for a malformed scenario or log.
    """
    from .core.game import game_class
    from .core.log import GameLog
    from .core.match import Match
    from .core.replay import Replay
    from .core.scenario import Scenario
    from .core.state import State

    sources: list[str] = []
    practised: list = []  # what learner steps practise (scenarios and lessons only)
    if isinstance(obj, (str, Path)):
        path = Path(obj)
        if not path.exists():
            raise CoverageError(f"{path}: no such file")
        if path.suffix == ".ipynb":
            gid, refs, sources = _from_notebook(path, practised)
            if gid is None:
                raise CoverageError(f"{path}: names no scenario (.toml) or log (.json) file in its code cells")
        elif path.suffix == ".toml":
            gid, refs = _from_scenario(Scenario.load(path), practised)
            sources = [str(path)]
        elif path.suffix == ".json":
            gid, refs = _from_log(GameLog.load(path))
            sources = [str(path)]
        else:
            raise CoverageError(f"{path}: coverage reads .ipynb, .toml (scenario) or .json (log) files")
    elif isinstance(obj, Scenario):
        gid, refs = _from_scenario(obj, practised)
        sources = [obj.source]
    elif isinstance(obj, GameLog):
        gid, refs = _from_log(obj)
        sources = ["log"]
    elif isinstance(obj, Replay):
        gid, refs = _from_log(obj.log)
        sources = ["replay"]
    elif isinstance(obj, Match):
        refs, _ = _refs_of_state_path(obj.states)
        gid = obj.game.id
        sources = ["match"]
    elif isinstance(obj, State):
        gid, refs = _from_log(GameLog.from_state(obj))
        sources = ["state"]
    elif isinstance(vars(obj).get("scenario") if hasattr(obj, "__dict__") else None, Scenario):
        gid, refs = _from_scenario(obj.scenario, practised)  # a Lesson widget
        sources = [obj.scenario.source]
    else:
        raise CoverageError(
            f"coverage takes a Scenario, Lesson, GameLog, Replay, Match, State or a path to a "
            f".ipynb/.toml/.json file, got {type(obj).__name__}")
    gid = game or gid
    table = list(game_class(gid).rule_table)
    counts: dict = {}
    in_table = set(table)
    for r in refs:
        if r in in_table:
            counts[r] = counts.get(r, 0) + 1
    done = set(practised)
    covered = [r for r in table if counts.get(r) or r in done]  # a practised rule is exercised too
    missing = [r for r in table if not counts.get(r) and r not in done]
    from .lesson.practice import applied_rules

    return Coverage(gid, table, covered, missing, counts, sources, [r for r in table if r in done],
                    applied_rules(game_class(gid)))
