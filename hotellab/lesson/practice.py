"""What a learner practises: the rules each learner step's checked answer depends on, and the
checks a tutorial's lessons must pass to teach (issue 19).

:func:`answer_rules` is what ``hl.coverage(obj).practised`` counts. A rule counts for a step
when changing the rule changes the step's computed answer:

- a ``predict`` of a score or a category: the rules of the score lines the value adds up;
  of the scores or the winners: every seat's score lines (and the end rule for the winners);
  of a move's legality: the rule that forbids it, or the rule of the decision that allows it;
  of the seat to decide: the rule of the decision; of a number of the view (``view:PATH``): the
  rules the step declares (``rules``), which ``scripts/practice_check.py`` then proves.
- a ``do`` or ``exercise`` step: the rule of the decision (which moves are legal), the rules
  the right moves' events cite, and for a goal of the best score or a category, the score
  lines in which the right moves and the others differ.

:func:`tutorial_problems` checks a tutorial (its lessons in order) for steps that teach
nothing or test too early: a learner step with one legal move, an exercise that every legal
move passes, a ``do`` step whose move its own text names, a predict step whose answer stands
in its own text, and a step whose answer depends on a rule no lesson has taught yet (the
lesson's ``teaches`` and those of the lessons before it).
"""

from __future__ import annotations

import re

from ..core.rules import RuleRef
from . import answers, answer_spec, lesson_tree, parse_answer_spec, turn_rule, winners_rule

__all__ = ["answer_fingerprint", "answer_rules", "applied_rules", "notebook_files", "practised_rules",
           "tutorial_problems", "tutorial_scenarios", "untaught"]


def _add(out: list, rule) -> None:
    if rule is not None and rule not in out:
        out.append(rule)


def _lines_of(state, seats) -> list[RuleRef]:
    out: list = []
    for item in state.score_breakdown():
        if item.player in seats and item.points:
            _add(out, item.rule)
    return out


def answer_rules(step, state) -> list[RuleRef]:
    """The RuleRefs that ``step``'s checked answer at ``state`` depends on (see the module
    doc); [] for a watch step."""
    from ..core.actions import parse_action

    out: list = []
    if step.kind == "watch":
        return out
    if step.kind == "predict":
        spec = parse_answer_spec(step.answer)
        kind = spec[0]
        if kind == "score":
            out = _lines_of(state, {spec[1]})
        elif kind == "category":
            for item in state.score_breakdown():
                if item.player == spec[1] and spec[2].lower() in item.category.lower():
                    _add(out, item.rule)
        elif kind in ("scores", "winners"):
            out = _lines_of(state, set(range(state.game.num_seats)))
            if kind == "winners":
                _add(out, winners_rule(state))
        elif kind == "view":  # the engine cannot attribute a number of the view: the step declares it
            from . import declared_rules

            out = declared_rules(step, state.game)
        elif kind == "legal":
            why = state._illegal_reason(parse_action(spec[1]))
            _add(out, why.rule if why is not None else state.current_rule())
        elif kind == "current_player":
            _add(out, turn_rule(state))
        else:
            _add(out, state.current_rule())
        return out
    _add(out, state.current_rule())
    right = answers(step, state)
    for move in right:
        for e in state.apply(move).events:
            _add(out, e.rule)
    goal = step.goal or {}
    if step.kind == "exercise" and goal.get("type") in ("best", "category") and right:
        seat = goal["seat"]
        legal = state.legal_actions()
        wrong = [a for a in legal if a not in right][:12]

        def lines(s):
            t: dict = {}
            for i in s.score_breakdown():
                if i.player == seat:
                    t[i.rule] = t.get(i.rule, 0) + i.points
            return t

        best = lines(state.apply(right[0]))
        for w in wrong:
            other = lines(state.apply(w))
            for rule in set(best) | set(other):
                if best.get(rule, 0) != other.get(rule, 0):
                    _add(out, rule)
    return out


def practised_rules(scenario) -> list[RuleRef]:
    """Every rule a learner step of ``scenario`` practises, over every branch of its lesson
    (:func:`hotellab.lesson.lesson_tree`), first use first."""
    out: list = []
    for node in lesson_tree(scenario):
        for r in answer_rules(node.step, node.match.state):
            _add(out, r)
    return out


def applied_rules(game) -> list[RuleRef]:
    """The rules of ``game``'s rule table that a player applies: the table without the
    entries the game marks as overview or component sentences (``Game.overview_rules``)."""
    skip = set(getattr(game, "overview_rules", ()) or ())
    return [r for r in game.rule_table if r.section not in skip and r not in skip]


def untaught(scenarios) -> list[str]:
    """Steps of a tutorial (``scenarios``: its lessons in order) whose answer depends on a rule
    that no lesson has taught yet (its ``teaches`` and those before it, by section); one line
    per step and rule. Overview rules are not asked about."""
    taught: set = set()
    out = []
    for sc in scenarios:
        taught |= set(sc.teaches)
        game = sc.game_object()
        skip = set(getattr(game, "overview_rules", ()) or ())
        for node in lesson_tree(sc):
            for r in answer_rules(node.step, node.match.state):
                if r.section not in taught and r.section not in skip:
                    out.append(f"{sc.source}: steps[{node.index}] ({node.step.title or node.step.kind}): "
                               f"its answer depends on {r.section!r}, which no lesson has taught yet")
    return sorted(set(out), key=out.index)


def _named(text: str, words: list[str]) -> bool:
    low = text.lower()
    return bool(words) and all(re.search(r"(?<!\w)" + re.escape(w.lower()) + r"(?!\w)", low) for w in words)


def tutorial_problems(scenarios) -> list[str]:
    """What keeps a tutorial's lessons from teaching (see the module doc), one line each;
    [] for a tutorial that passes. ``scenarios``: the lessons in the tutorial's order."""
    out = []
    for sc in scenarios:
        for node in lesson_tree(sc):
            step, state = node.step, node.match.state
            where = f"{sc.source}: steps[{node.index}] ({step.title or step.kind})"
            if step.kind in ("do", "exercise"):
                legal = state.legal_actions()
                right = answers(step, state)
                if len(legal) < 2:
                    out.append(f"{where}: only one legal move, so the step is a click")
                elif len(right) == len(legal):
                    out.append(f"{where}: every legal move is right, so the step tests nothing")
                if step.kind == "do":
                    shown = " ".join((step.title, step.text, step.question, step.area))
                    for mv in right:
                        label = state.action_to_string(mv)
                        words = re.findall(r"[A-Z][\w'-]+|\d+[A-Z]?", label.split(":", 1)[-1])
                        words = [w for w in words if w not in state.game.seat_labels]
                        if _named(shown, words):
                            out.append(f"{where}: its text names the move it asks for ({label})")
                            break
            elif step.kind == "predict":
                spec = answer_spec(step, state)
                v = spec["value"]
                shown = " ".join((step.title, step.question))
                if spec["type"] == "number" and re.search(r"(?<![\w.])" + re.escape(str(v)) + r"(?![\w.])", shown) \
                        and abs(v) > 1:
                    out.append(f"{where}: its answer {v} stands in its own question or title")
    out.extend(untaught(scenarios))
    return sorted(set(out), key=out.index)


_NAMED = re.compile(r"""["']([^"'\n]+?\.(?:toml|json))["']""")
_IN_LESSON = re.compile(r"""Lesson\(\s*["']([^"'\n]+?\.toml)["']""")


def notebook_files(notebook, *, lessons_only: bool = False) -> list:
    """The files a notebook's code cells name (quoted paths ending in ``.toml`` or ``.json``,
    relative to the notebook), existing ones, in the order they first appear; with
    ``lessons_only`` only the scenarios its ``Lesson("...")`` cells play. Raises OSError or
    ValueError for a notebook that cannot be read."""
    import json
    from pathlib import Path

    path = Path(notebook)
    nb = json.loads(path.read_text("utf-8"))
    pattern = _IN_LESSON if lessons_only else _NAMED
    seen: list = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            for rel in pattern.findall("".join(cell.get("source", []))):
                p = (path.parent / rel).resolve()
                if p.exists() and p not in seen:
                    seen.append(p)
    return seen


def tutorial_scenarios(notebook, *, lessons_only: bool = False) -> list:
    """The scenarios a tutorial notebook names (:func:`notebook_files`), in order: its lessons
    first to last (with ``lessons_only``, only those its ``Lesson`` cells play). Raises
    ScenarioError for a named file that cannot be read."""
    from ..core.scenario import Scenario

    return [Scenario.load(p) for p in notebook_files(notebook, lessons_only=lessons_only) if p.suffix == ".toml"]


def answer_fingerprint(scenarios) -> list:
    """Every learner step's computed answer, over every branch of every lesson: ``[source,
    step number, kind, answer]`` rows (the sorted right moves of a do / exercise step, the
    predict step's value); a lesson that no longer plays gives one ``[source, -1, "error",
    message]`` row. ``scripts/practice_check.py`` compares it before and after a mutation of
    the engine."""
    from pathlib import Path

    from ..core.errors import HotellabError
    from . import expected_answer

    rows = []
    for sc in scenarios:
        name = Path(sc.source).name
        try:
            for node in lesson_tree(sc):
                step, state = node.step, node.match.state
                if step.kind == "watch":
                    continue
                if step.kind == "predict":
                    value = expected_answer(step, state)
                    rows.append([name, node.index, step.kind, value if isinstance(value, (bool, int, float, list))
                                 else str(value)])
                else:
                    rows.append([name, node.index, step.kind, sorted(str(a) for a in answers(step, state))])
        except (HotellabError, ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            rows.append([name, -1, "error", f"{type(exc).__name__}: {exc}"[:200]])
    return rows
