"""Lessons: scenario steps in which the learner acts and the engine checks the answer.

A scenario step (``[[steps]]`` in a scenario TOML) has a ``kind``:

- ``watch`` (default): ``action`` is played (a move, ``auto``/``auto N`` or ``until TEXT``)
  and ``text`` is shown.
- ``do``: the learner must make the move ``expect`` (one action text, or a list of them).
- ``exercise``: the learner picks a move that meets ``goal``, checked by the engine:
  ``{type = "best", measure = "score" | "heuristic", seat = 0}`` (a move after which the seat's
  score, or the greedy agent's value, is the highest the position allows; computed, never
  written down), ``{type = "category", category = "Bedroom majority", seat = 0}`` (a move
  after which the seat scores points in that breakdown category) or ``{type = "legal"}``
  (any legal move).
- ``predict``: the learner answers ``question``; ``answer`` says what to read from the state:
  ``"score[1]"``, ``"scores"``, ``"winners"``, ``"current_player"``,
  ``"category[0]:Pool majority"`` (points) or ``"legal:p0 place 2 1"`` (yes or no).

Every step may carry ``hints`` (shown one at a time). Without them the hints are made from
the engine: the rule that governs the decision, then ``area`` (where to look, if the step
gives it), then the move itself. Feedback names the rule, using the sentences the engine
gives for an illegal move, and says what the move did and what the best move would have done.

>>> from hotellab.lesson import parse_answer_spec
>>> parse_answer_spec("category[0]:Pool majority")
('category', 0, 'Pool majority')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .core.actions import CHANCE, Action, parse_action
from .core.errors import IllegalActionError, ScenarioError

__all__ = ["STEP_KINDS", "Feedback", "LessonRun", "check_step", "check_step_state", "parse_answer_spec", "step_problem"]

STEP_KINDS = ("watch", "do", "exercise", "predict")
GOAL_TYPES = ("best", "category", "legal")
MEASURES = ("score", "heuristic")

_SPEC = re.compile(r"^(?:(score)\[(\d+)\]|(scores)|(winners)|(current_player)|(category)\[(\d+)\]:(.+)|(legal):(.+))$")


def parse_answer_spec(text: str) -> tuple:
    """Read a predict step's ``answer`` spec; raises ValueError naming the forms allowed."""
    m = _SPEC.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise ValueError(
            f"cannot read answer {text!r}; use score[SEAT], scores, winners, current_player, "
            "category[SEAT]:NAME or legal:ACTION")
    if m.group(1):
        return ("score", int(m.group(2)))
    if m.group(3):
        return ("scores",)
    if m.group(4):
        return ("winners",)
    if m.group(5):
        return ("current_player",)
    if m.group(6):
        return ("category", int(m.group(7)), m.group(8).strip())
    return ("legal", m.group(10).strip())


def check_step_fields(step, where: str, game) -> None:
    """Check a lesson step's fields against its kind; raises ScenarioError naming the step
    and the field. ``step`` is a :class:`~hotellab.core.scenario.ScenarioStep`."""
    def bad(fieldname: str, msg: str):
        return ScenarioError(f"{where}.{fieldname}: {msg}")

    if step.kind not in STEP_KINDS:
        raise bad("kind", f"{step.kind!r} is not a step kind; kinds: {', '.join(STEP_KINDS)}")
    if step.kind == "do":
        if not step.expect:
            raise bad("expect", "a 'do' step needs the move (or moves) the learner must make")
        for i, t in enumerate(step.expect):
            try:
                game.parse_action(t)
            except ValueError as exc:
                raise bad(f"expect[{i}]", str(exc)) from None
    if step.kind == "exercise":
        goal = step.goal or {}
        gtype = goal.get("type")
        if gtype not in GOAL_TYPES:
            raise bad("goal.type", f"{gtype!r} is not a goal type; types: {', '.join(GOAL_TYPES)}")
        if gtype in ("best", "category"):
            seat = goal.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_seats:
                raise bad("goal.seat", f"must be a seat from 0 to {game.num_seats - 1}, got {seat!r}")
        if gtype == "best" and goal.get("measure", "score") not in MEASURES:
            raise bad("goal.measure", f"{goal.get('measure')!r}; measures: {', '.join(MEASURES)}")
        if gtype == "category" and not isinstance(goal.get("category"), str):
            raise bad("goal.category", "needs the breakdown category's name (text)")
        extra = set(goal) - {"type", "seat", "measure", "category"}
        if extra:
            raise bad(f"goal.{sorted(extra)[0]}", "unknown goal field")
    if step.kind == "predict":
        if not step.question:
            raise bad("question", "a 'predict' step needs a question")
        try:
            spec = parse_answer_spec(step.answer)
        except ValueError as exc:
            raise bad("answer", str(exc)) from None
        if spec[0] in ("score", "category") and not 0 <= spec[1] < game.num_seats:
            raise bad("answer", f"seat {spec[1]} does not exist (0 to {game.num_seats - 1})")
        if spec[0] == "legal":  # the move asked about must be a seat's move of this table
            try:
                move = game.parse_action(spec[1])
            except ValueError as exc:
                raise bad("answer", f"legal:{spec[1]}: {exc}") from None
            if move.player == CHANCE:
                raise bad("answer", f"legal:{spec[1]}: a legality question asks about a seat's move, "
                                    "not a chance outcome")
            if not 0 <= move.player < game.num_seats:
                raise bad("answer", f"legal:{spec[1]}: seat {move.player} does not exist "
                                    f"(0 to {game.num_seats - 1})")


@dataclass
class Feedback:
    """What the engine says about a learner's answer.

    correct: bool; text: one or two sentences for the learner (names the rule); rule: the
    RuleRef it names (or None); did: the events the learner's move caused (texts); best: the
    move(s) that meet the goal (texts), and best_did: what the first of them would have done.
    """

    correct: bool
    text: str
    rule: Any = None
    did: list = field(default_factory=list)
    best: list = field(default_factory=list)
    best_did: list = field(default_factory=list)

    def to_json(self) -> dict:
        return {"correct": self.correct, "text": self.text,
                "rule": self.rule.to_json() if self.rule is not None else None,
                "did": list(self.did), "best": list(self.best), "best_did": list(self.best_did)}


def _value(state, seat: int, measure: str) -> float:
    return state.heuristic_value(seat) if measure == "heuristic" else state.scores[seat]


def _category_points(state, seat: int, name: str) -> float:
    return sum(i.points for i in state.score_breakdown() if i.player == seat and name.lower() in i.category.lower())


def answers(step, state) -> list[Action]:
    """The moves that are right for a ``do`` or ``exercise`` step at ``state`` (computed)."""
    legal = state.legal_actions()
    if step.kind == "do":
        want = {str(state.game.parse_action(t)) for t in step.expect}
        return [a for a in legal if str(a) in want]
    goal = step.goal or {}
    if goal.get("type") == "legal":
        return legal
    seat = goal["seat"]
    if goal["type"] == "category":
        return [a for a in legal if _category_points(state.apply(a), seat, goal["category"]) > 0]
    measure = goal.get("measure", "score")
    values = [(_value(state.apply(a), seat, measure), a) for a in legal]
    if not values:
        return []
    top = max(v for v, _ in values)
    return [a for v, a in values if v == top]


def step_problem(step, state) -> str | None:
    """Why ``step`` cannot be answered at ``state`` (None when it can): a ``do`` or
    ``exercise`` step needs a seat's decision with a right move (not the end of the game, not a
    chance node), and a ``predict`` step of the winners needs the end of the game. The
    learner would otherwise meet a step that no answer passes."""
    if step.kind in ("do", "exercise"):
        if state.is_terminal:
            return "the game is over here, so there is no move to make"
        if state.is_chance_node:
            return "chance decides here (no seat makes a move); play it first with a 'watch' step"
        if answers(step, state):
            return None
        if step.kind == "do":
            moves = [state.game.parse_action(t) for t in step.expect]
            why = state.explain_illegal(moves[0]) if moves else None
            return f"no move of 'expect' is legal here ({moves[0]}: {why})" if why else "no move of 'expect' is legal here"
        return "no legal move meets the goal here"
    if step.kind == "predict":
        spec = parse_answer_spec(step.answer)
        if spec[0] == "winners" and not state.is_terminal:
            return "'winners' is asked before the end of the game (there are none yet)"
        if spec[0] == "current_player" and (state.is_terminal or state.is_chance_node):
            return ("'current_player' is asked where no seat decides (" +
                    ("the game is over" if state.is_terminal else "chance decides") + ")")
    return None


def check_step_state(step, state, where: str) -> None:
    """Raise ScenarioError (``where``, e.g. ``"lesson.toml: steps[3]"``, the reason and the
    position) when ``step`` cannot be answered at ``state`` (:func:`step_problem`)."""
    problem = step_problem(step, state)
    if problem is not None:
        field_ = {"do": ".expect", "exercise": ".goal", "predict": ".answer"}.get(step.kind, "")
        raise ScenarioError(f"{where}{field_}: {problem} ({state.status_text()})")


def expected_answer(step, state):
    """The right answer of a ``predict`` step, read from ``state``."""
    spec = parse_answer_spec(step.answer)
    kind = spec[0]
    if kind == "score":
        return state.scores[spec[1]]
    if kind == "scores":
        return list(state.scores)
    if kind == "winners":
        return state.winners()
    if kind == "current_player":
        return state.current_player
    if kind == "category":
        return _category_points(state, spec[1], spec[2])
    return state.explain_illegal(spec[1]) is None


YES_WORDS = ("yes", "y", "true", "legal", "1")
NO_WORDS = ("no", "n", "false", "illegal", "0")


def yes_no(given) -> bool | None:
    """True for a yes-word, False for a no-word (case and trailing punctuation ignored), None
    for anything else ("maybe" is neither)."""
    if isinstance(given, bool):
        return given
    g = str(given).strip().lower().strip(".!?;, ")
    return True if g in YES_WORDS else False if g in NO_WORDS else None


def _same_answer(given, right, *, ordered: bool = True) -> bool:
    """``given`` (what the learner typed, or a value) is the answer ``right``. Lists are
    compared in order unless ``ordered`` is False (every winner, in any order)."""
    if isinstance(right, bool):
        return yes_no(given) == right
    if isinstance(right, list):
        if isinstance(given, str):
            given = [x for x in re.split(r"[\s,;]+", given.strip()) if x]
        try:
            got, want = [float(x) for x in given], [float(x) for x in right]
        except (TypeError, ValueError):
            return False
        return got == want if ordered else sorted(got) == sorted(want)
    try:
        return float(str(given).strip()) == float(right)
    except (TypeError, ValueError):
        return False


def _num(x) -> str:
    """A score as people write it: 3, not 3.0."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def _events(state) -> list[str]:
    return [e.text for e in state.events]


def check_step(step, state, answer) -> Feedback:
    """Check the learner's ``answer`` (a move's text or Action for do/exercise, any value for
    predict) at ``state``. Never raises for a wrong or unreadable answer: the feedback says
    what is wrong and names the rule."""
    if step.kind == "predict":
        right = expected_answer(step, state)
        ok = _same_answer(answer, right, ordered=parse_answer_spec(step.answer)[0] != "winners")
        shown = ", ".join(map(str, right)) if isinstance(right, list) else ("yes" if right is True else "no" if right is False else right)
        rule = answer_rule(step, state)
        text = (f"Right: {shown}." if ok else f"Not quite: the answer is {shown}.")
        if step.text:
            text += " " + step.text
        return Feedback(ok, text, rule)
    try:
        move = answer if isinstance(answer, Action) else parse_action(str(answer))
    except IllegalActionError as exc:
        return Feedback(False, f"That is not a move I can read: {exc}", None)
    right = answers(step, state)
    best_did = _events(state.apply(right[0])) if right else []
    why = state.explain_illegal(move)
    if why is not None:
        try:
            state.apply(move)
        except IllegalActionError as exc:
            return Feedback(False, f"Not allowed: {why}", exc.rule, [], [str(a) for a in right], best_did)
    after = state.apply(move)
    did = _events(after)
    if move in right:
        return Feedback(True, "Right." + (f" {step.text}" if step.text else ""), state.current_rule(), did,
                        [str(a) for a in right], best_did)
    if step.kind == "do":
        text = f"{move} is legal, but this step asks for {' or '.join(map(str, right)) or 'another move'}."
    else:
        goal = step.goal or {}
        if goal.get("type") == "best":
            measure = goal.get("measure", "score")
            seat = goal["seat"]
            name = state.game.seat_label(seat)
            if measure == "score":
                got, best = after.scores[seat], state.apply(right[0]).scores[seat]
                text = (f"{move} leaves {name} with {_num(got)} points; the best move, {right[0]}, "
                        f"gives {_num(best)}.")
            else:  # the greedy agent's value is not a number to show a learner
                text = f"{move} is not the best move for {name} here; {right[0]} is: compare what each does."
        else:
            text = f"{move} does not meet the goal; for example {right[0]} does." if right else "No move meets the goal here."
    return Feedback(False, text, state.current_rule(), did, [str(a) for a in right], best_did)


def answer_rule(step, state):
    """The RuleRef a learner's step is about: for a legality question, the rule that forbids
    the move (or that allows it); for a score, the rule of the seat's score lines (of the
    named category); for the winners, the rule of the end of the game; for a move, the rule
    its first event cites; else the rule of the decision at hand."""
    if step.kind == "predict":
        spec = parse_answer_spec(step.answer)
        if spec[0] == "legal":
            try:
                why = state._illegal_reason(parse_action(spec[1]))
            except ValueError:
                why = None
            if why is not None and why.rule is not None:
                return why.rule
        elif spec[0] in ("score", "category"):
            for item in state.score_breakdown():
                if item.player == spec[1] and (spec[0] == "score" or spec[2].lower() in item.category.lower()):
                    return item.rule
        elif spec[0] in ("winners", "scores") and state.game.phases:
            return state.game.phases[-1].rule
    elif step.kind in ("do", "exercise"):
        right = answers(step, state)
        if right:
            events = state.apply(right[0]).events
            if events:
                return events[0].rule
    return state.current_rule()


def hints_for(step, state) -> list[str]:
    """The step's hints, one at a time: its own ``hints``, or the rule the step is about
    (:func:`answer_rule`), the area, the move."""
    if step.hints:
        return list(step.hints)
    out = []
    rule = answer_rule(step, state)
    if rule is not None:
        out.append(f"Look at the rule: {rule.section}" + (f' — "{rule.quote}"' if rule.quote else ""))
    if step.area:
        out.append(f"Look at: {step.area}")
    if step.kind in ("do", "exercise"):
        right = answers(step, state)
        if right:
            out.append(f"One right move: {right[0]}")
    elif step.kind == "predict":
        out.append(f"The answer is {expected_answer(step, state)}")
    return out


class LessonRun:
    """A learner going through a scenario's steps (the engine behind ``hl.widgets.Lesson``).

    ``state``: the position now; ``index``: the current step (== len(steps) when done);
    ``progress``: steps done, hints used per step, wrong answers per step. ``answer(x)``
    checks the current step and, when right (or for a watch step), moves on;
    ``hint()`` gives the next hint; ``restart()`` starts over.
    """

    def __init__(self, scenario):
        self.scenario = scenario
        self.game = scenario.game_object()
        for i, step in enumerate(scenario.steps):
            check_step_fields(step, f"{scenario.source}: steps[{i}]", self.game)
        scenario.run()  # every step can be answered along its first right answers (ScenarioError)
        self.restart()

    def restart(self) -> None:
        self.match = self.scenario.match()
        self.index = 0
        self.hints_used: dict[int, int] = {}
        self.wrong: dict[int, int] = {}
        self.history: list[Feedback | None] = []

    def __copy__(self) -> "LessonRun":
        """A run that goes on alone from the same step: its own match (see
        ``Match.__copy__``), hints and wrong answers; answering one leaves the other as it was."""
        twin = LessonRun.__new__(LessonRun)
        twin.scenario, twin.game, twin.index = self.scenario, self.game, self.index
        twin.match = self.match.fork()
        twin.hints_used, twin.wrong, twin.history = dict(self.hints_used), dict(self.wrong), list(self.history)
        return twin

    def __deepcopy__(self, memo) -> "LessonRun":
        return self.__copy__()

    @property
    def state(self):
        return self.match.state

    @property
    def done(self) -> bool:
        return self.index >= len(self.scenario.steps)

    @property
    def step(self):
        return None if self.done else self.scenario.steps[self.index]

    @property
    def progress(self) -> dict:
        return {"steps": len(self.scenario.steps), "done": self.index,
                "hints_used": sum(self.hints_used.values()), "wrong": sum(self.wrong.values())}

    def _check_current(self) -> None:
        """ScenarioError when the current step cannot be answered here (the learner took
        another right move at an earlier step, and this one no longer fits)."""
        if not self.done:
            check_step_state(self.step, self.state, f"{self.scenario.source}: steps[{self.index}]")

    def hint(self) -> str | None:
        """The next hint of the current step (None when there are no more)."""
        if self.done:
            return None
        self._check_current()
        hints = hints_for(self.step, self.state)
        k = self.hints_used.get(self.index, 0)
        if k >= len(hints):
            return None
        self.hints_used[self.index] = k + 1
        return hints[k]

    def watch(self) -> None:
        """Play a watch step."""
        step = self.step
        if step is None or step.kind != "watch":
            raise ScenarioError("the current step is not a 'watch' step")
        self.scenario._run(self.match, step.action, f"steps[{self.index}].action")
        self.history.append(None)
        self.index += 1

    def answer(self, value) -> Feedback:
        """Check ``value`` for the current do / exercise / predict step; when right, a move is
        made and the lesson moves on."""
        step = self.step
        if step is None:
            raise ScenarioError("the lesson is over: restart() to go again")
        if step.kind == "watch":
            raise ScenarioError("the current step is a 'watch' step: call watch()")
        self._check_current()
        fb = check_step(step, self.state, value)
        if fb.correct:
            if step.kind != "predict":
                self.match.step(value if isinstance(value, Action) else parse_action(str(value)))
            self.history.append(fb)
            self.index += 1
        else:
            self.wrong[self.index] = self.wrong.get(self.index, 0) + 1
        return fb

