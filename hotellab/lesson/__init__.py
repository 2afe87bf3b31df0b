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
  (any legal move; a tutorial may not use it: :mod:`hotellab.lesson.practice`).
- ``predict``: the learner answers ``question``; ``answer`` says what to read from the state:
  ``"score[1]"``, ``"scores"``, ``"winners"``, ``"current_player"``,
  ``"category[0]:Pool majority"`` (points), ``"legal:p0 place 2 1"`` (yes or no) or
  ``"view[0]:deck.size"`` (a number of the seat's view; the step declares ``rules``).

Feedback (:func:`check_step`): a wrong answer's first miss says what it did, in the button
words and numbers, and the rule that decided it, never the answer; the second narrows it
(:func:`narrow_text`); the third, or "Show me" (:meth:`LessonRun.show`), gives the answer
(:func:`reveal_text`). A step's ``mistakes`` add authored words for likely mistakes. A right
answer explains itself (:func:`explain_right`). Hints (the step's own, or the rule and the
area) never give the answer. A lesson with several right moves at a step is a tree
(:func:`lesson_tree`): the learner's own move is followed. Scoring: :func:`step_score`.
Authoring guide: ``docs/dev/lessons.md``.

>>> from hotellab.lesson import parse_answer_spec
>>> parse_answer_spec("category[0]:Pool majority")
('category', 0, 'Pool majority')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import CHANCE, Action, parse_action
from ..core.errors import IllegalActionError, ScenarioError
from . import reading

__all__ = ["STEP_KINDS", "Feedback", "LessonNode", "LessonRun", "answer_spec", "check_step", "check_step_state",
           "lesson_tree", "parse_answer_spec", "step_problem", "step_score"]

STEP_KINDS = ("watch", "do", "exercise", "predict")
GOAL_TYPES = ("best", "category", "legal")
MEASURES = ("score", "heuristic")

_SPEC = re.compile(r"^(?:(score)\[(\d+)\]|(scores)|(winners)|(current_player)|(category)\[(\d+)\]:(.+)|(legal):(.+)"
                   r"|(view)(?:\[(\d+)\])?:([\w.]+))$")


def parse_answer_spec(text: str) -> tuple:
    """Read a predict step's ``answer`` spec; raises ValueError naming the forms allowed."""
    m = _SPEC.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise ValueError(
            f"cannot read answer {text!r}; use score[SEAT], scores, winners, current_player, "
            "category[SEAT]:NAME, legal:ACTION or view[SEAT]:PATH")
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
    if m.group(11):
        return ("view", int(m.group(12)) if m.group(12) is not None else None, m.group(13))
    return ("legal", m.group(10).strip())


def read_view(state, seat, path: str):
    """The value at ``path`` (keys and list positions joined by dots, e.g. ``deck.size`` or
    ``seats.0.hand``) of ``state.view(seat)``: a number or yes/no as it stands, a list or table
    as its length. Raises ValueError naming the first part of the path that is not there."""
    node = state.view(seat)
    for i, part in enumerate(path.split(".")):
        here = ".".join(path.split(".")[:i]) or "the view"
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            keys = ", ".join(sorted(map(str, node))[:12]) if isinstance(node, dict) else \
                f"positions 0 to {len(node) - 1}" if isinstance(node, list) else "no parts"
            raise ValueError(f"{path}: {here} has no {part!r} ({keys})")
    if isinstance(node, (list, dict)):
        return len(node)
    if isinstance(node, bool) or (isinstance(node, (int, float))):
        return node
    raise ValueError(f"{path}: a {type(node).__name__} ({str(node)[:40]!r}), not a number, yes/no or a list to count")


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
    _check_mistakes(step, where, game)
    if step.kind == "predict":
        _check_predict_fields(step, game, bad)
    if step.rules:
        if step.kind != "predict" or parse_answer_spec(step.answer)[0] != "view":
            raise bad("rules", "only a predict step with a view answer declares its rules; the others are computed")
        sections = {r.section for r in game.rule_table}
        for i, sec in enumerate(step.rules):
            if sec not in sections:
                raise bad(f"rules[{i}]", f"{sec!r} is not a section of {game.id}'s rule table")


def _check_predict_fields(step, game, bad) -> None:
    """A predict step's question, answer spec and area (see :func:`check_step_fields`);
    ``bad(field, message)`` makes the ScenarioError."""
    if not step.question:
        raise bad("question", "a 'predict' step needs a question")
    try:
        spec = parse_answer_spec(step.answer)
    except ValueError as exc:
        raise bad("answer", str(exc)) from None
    if spec[0] in ("score", "category") and not 0 <= spec[1] < game.num_seats:
        raise bad("answer", f"seat {spec[1]} does not exist (0 to {game.num_seats - 1})")
    if spec[0] == "view":
        if spec[1] is not None and not 0 <= spec[1] < game.num_seats:
            raise bad("answer", f"seat {spec[1]} does not exist (0 to {game.num_seats - 1})")
        if not step.rules:
            raise bad("rules", "a view answer needs the rule-table sections it depends on (rules = [...]): "
                               "the engine cannot tell which rules made a number of the view")
    if spec[0] != "legal" and "status line" in (step.area or "").lower():
        raise bad("area", "the status line is hidden before this question is answered (it names the seat "
                          "to act, the winner, the counts; it says only the phase): point at the board")
    if spec[0] == "legal":  # the move asked about must be a seat's move of this table
        try:
            move = parse_action(spec[1])  # first who moves, then the game's grammar
            if move.player != CHANCE:
                move = game.parse_action(spec[1])
        except ValueError as exc:
            raise bad("answer", f"legal:{spec[1]}: {exc}") from None
        if move.player == CHANCE:
            raise bad("answer", f"legal:{spec[1]}: a legality question asks about a seat's move, "
                                "not a chance outcome")
        if not 0 <= move.player < game.num_seats:
            raise bad("answer", f"legal:{spec[1]}: seat {move.player} does not exist "
                                f"(0 to {game.num_seats - 1})")


def _check_mistakes(step, where: str, game) -> None:
    """A step's ``mistakes``: each ``{answer = ..., say = ...}`` (predict) or ``{move = ...,
    say = ...}`` (do / exercise), with ``say`` the words for that mistake."""
    def bad(i, fieldname, msg):
        return ScenarioError(f"{where}.mistakes[{i}].{fieldname}: {msg}")

    for i, mk in enumerate(step.mistakes):
        if not isinstance(mk, dict):
            raise ScenarioError(f"{where}.mistakes[{i}]: a table {{answer|move = ..., say = \"...\"}}, got {mk!r}")
        extra = set(mk) - {"answer", "move", "say"}
        if extra:
            raise bad(i, sorted(extra)[0], "unknown field; fields: answer (predict) or move (do, exercise), say")
        if not isinstance(mk.get("say"), str) or not mk["say"].strip():
            raise bad(i, "say", "needs the words to say about this mistake (text)")
        if step.kind == "predict":
            if "answer" not in mk or "move" in mk:
                raise bad(i, "answer", "a predict step's mistake names a wrong answer (answer = ...)")
        elif step.kind in ("do", "exercise"):
            if "move" not in mk or "answer" in mk:
                raise bad(i, "move", "a move step's mistake names a wrong move (move = \"p0 ...\")")
            try:
                game.parse_action(str(mk["move"]))
            except ValueError as exc:
                raise bad(i, "move", str(exc)) from None
        else:
            raise ScenarioError(f"{where}.mistakes: a watch step asks nothing, so it has no mistakes")


@dataclass
class Feedback:
    """What the engine says about a learner's answer.

    correct: bool; text: what to show (a wrong answer's text never holds the right move or
    value before the third miss or "Show me"); rule: the RuleRef it names (or None); did: the
    events the learner's move caused (texts); lines: for a right answer, why it is right (the
    events or score lines, with their numbers and rules); level: 0 right, 1 first miss, 2
    second miss (narrowed), 3 the answer shown; best / best_did: the right move(s) and what
    the first would do, filled only at level 3 (or when right).
    """

    correct: bool
    text: str
    rule: Any = None
    did: list = field(default_factory=list)
    best: list = field(default_factory=list)
    best_did: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    level: int = 0

    def to_json(self) -> dict:
        return {"correct": self.correct, "text": self.text, "level": self.level,
                "rule": self.rule.to_json() if self.rule is not None else None,
                "did": list(self.did), "best": list(self.best), "best_did": list(self.best_did),
                "lines": list(self.lines)}


# == scoring: a step is worth STEP_POINTS; chess.com-like costs ==========================
STEP_POINTS = 3
"""What a learner step is worth when answered right at the first try without a hint."""
MISS_COST = 1
"""Each wrong answer costs this much."""
SHOW_AFTER = 3
"""The answer is shown after this many wrong answers (or at "Show me"): the step then scores 0."""


def hint_cost(k: int) -> int:
    """The cost of the k-th hint of a step (1-based): each hint costs more than the one before
    (1, 2, 3 ...), as chess.com's lessons price theirs."""
    return k


def step_score(misses: int, hints: int, shown: bool) -> int:
    """A learner step's points: STEP_POINTS less MISS_COST per miss and the hints' costs, at
    least 0; 0 when the answer was shown. Watch steps score nothing."""
    if shown:
        return 0
    return max(0, STEP_POINTS - MISS_COST * misses - sum(hint_cost(k) for k in range(1, hints + 1)))


SCORING = {"step": STEP_POINTS, "miss": MISS_COST, "show_after": SHOW_AFTER}
"""The scoring the page plays by (sent with the lesson's data; lesson.js prices hint k at k)."""


def _value(state, seat: int, measure: str) -> float:
    return state.heuristic_value(seat) if measure == "heuristic" else state.scores[seat]


def _category_items(state, seat: int, name: str) -> list:
    return [i for i in state.score_breakdown() if i.player == seat and name.lower() in i.category.lower()]


def _category_points(state, seat: int, name: str) -> float:
    return sum(i.points for i in _category_items(state, seat, name))


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
    learner would otherwise meet a step that no answer passes. An authored mistake must be a
    legal wrong move (or a wrong answer)."""
    if step.kind in ("do", "exercise"):
        if state.is_terminal:
            return "the game is over here, so there is no move to make"
        if state.is_chance_node:
            return "chance decides here (no seat makes a move); play it first with a 'watch' step"
        right = answers(step, state)
        if not right:
            if step.kind == "do":
                moves = [state.game.parse_action(t) for t in step.expect]
                why = state.explain_illegal(moves[0]) if moves else None
                return f"no move of 'expect' is legal here ({moves[0]}: {why})" if why else "no move of 'expect' is legal here"
            return "no legal move meets the goal here"
        for i, mk in enumerate(step.mistakes):
            move = state.game.parse_action(str(mk["move"]))
            why = state.explain_illegal(move)
            if why is not None:
                return f"mistakes[{i}].move {move} is not legal here ({why})"
            if move in right:
                return f"mistakes[{i}].move {move} is a right move here, not a mistake"
        return None
    if step.kind == "predict":
        spec = parse_answer_spec(step.answer)
        if spec[0] == "winners" and not state.is_terminal:
            return "'winners' is asked before the end of the game (there are none yet)"
        if spec[0] == "view":
            try:
                read_view(state, spec[1], spec[2])
            except ValueError as exc:
                return f"view: {exc}"
        if spec[0] == "current_player" and (state.is_terminal or state.is_chance_node):
            return ("'current_player' is asked where no seat decides (" +
                    ("the game is over" if state.is_terminal else "chance decides") + ")")
        a = answer_spec(step, state)
        for i, mk in enumerate(step.mistakes):
            value, problem = reading.read(mk["answer"], a)
            if problem is not None:
                return f"mistakes[{i}].answer {mk['answer']!r}: {problem}"
            if reading.judge(value, a)["ok"]:
                return f"mistakes[{i}].answer {mk['answer']!r} is the right answer here, not a mistake"
    return None


def check_step_state(step, state, where: str) -> None:
    """Raise ScenarioError (``where``, e.g. ``"lesson.toml: steps[3]"``, the reason and the
    position) when ``step`` cannot be answered at ``state`` (:func:`step_problem`)."""
    problem = step_problem(step, state)
    if problem is not None:
        if problem.startswith("mistakes["):  # the problem names its own field: "mistakes[0].move ..."
            raise ScenarioError(f"{where}.{problem} ({state.status_text()})")
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
    if kind == "view":
        return read_view(state, spec[1], spec[2])
    return state.explain_illegal(spec[1]) is None


def answer_spec(step, state) -> dict:
    """How a predict step's typed answer is read and judged (:mod:`hotellab.lesson.reading`):
    ``{"type": "number"|"bool"|"seat"|"list", "value", "ordered"?, "seats"?}``."""
    kind = parse_answer_spec(step.answer)[0]
    right = expected_answer(step, state)
    seats = list(state.game.seat_labels)
    if kind == "legal" or (kind == "view" and isinstance(right, bool)):
        return {"type": "bool", "value": right}
    if kind == "current_player" or (kind == "view" and parse_answer_spec(step.answer)[2].endswith("player")
                                    and isinstance(right, int) and not isinstance(right, bool)):
        return {"type": "seat", "value": right, "seats": seats}  # a view's "...player" is a seat
    if kind == "winners":
        return {"type": "list", "value": list(right), "ordered": False, "seats": seats}
    if kind == "scores":
        return {"type": "list", "value": [_plain(x) for x in right], "ordered": True}
    return {"type": "number", "value": _plain(right)}


def _plain(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


def yes_no(given) -> bool | None:
    """True for a yes-word, False for a no-word (read as :func:`reading.read` does), None
    for anything else ("maybe" is neither)."""
    value, _ = reading.read(given, {"type": "bool", "value": True})
    return value


def _num(x) -> str:
    """A score as people write it: 3, not 3.0."""
    return str(_plain(x))


def _shown(spec: dict) -> str:
    """The right answer of a predict step in words."""
    v = spec["value"]
    if spec["type"] == "bool":
        return "yes" if v else "no"
    if spec["type"] == "seat":
        return spec["seats"][v] if 0 <= v < len(spec["seats"]) else str(v)
    if spec["type"] == "list":
        if spec.get("seats"):
            return " and ".join(spec["seats"][x] for x in v) if v else "nobody"
        return ", ".join(_num(x) for x in v)
    return _num(v)


def _say(*parts) -> str:
    """Sentences joined with one space, each ending in a full stop (or its own ! ? :)."""
    out = []
    for p in parts:
        p = (p or "").strip()
        if p:
            out.append(p if p[-1] in ".!?:" else p + ".")
    return " ".join(out)


def _events(state) -> list[str]:
    return [e.text for e in state.events]


def _rule_words(rule) -> str:
    if rule is None:
        return ""
    quote = f' ("{rule.quote}")' if rule.quote else ""
    return f"Rule: {rule.section}{quote}."


def _label(state, move) -> str:
    """A move in the words its button shows."""
    try:
        return state.action_to_string(move)
    except Exception:  # a move the position cannot describe (not legal here): its text
        return str(move)


_CHANCE_WORDS = re.compile(r"this is a chance node \(([^)]*)\); the next action is a chance outcome")


def _why_words(state, move, why: str) -> str:
    """The engine's refusal of ``move`` with the move in the button words, not its text, and
    in a learner's words: "this is a chance node (Setup); the next action is a chance outcome"
    reads "chance acts first here (Setup): a shuffle, a draw or a roll"."""
    text = str(move)
    label = _label(state, move)
    if label == text and 0 <= move.player < state.game.num_seats:  # no words for it: "Red: hire porter 1"
        label = f"{state.game.seat_label(move.player)}: " + text.split(" ", 1)[1]
    why = label + why[len(text):] if why.startswith(text) else why
    return _CHANCE_WORDS.sub(r"chance acts first here (\1): a shuffle, a draw or a roll", why)


def _seat_items(state, seat: int) -> list:
    return [i for i in state.score_breakdown() if i.player == seat and i.points]


def _lines(items) -> str:
    return " + ".join(f"{i.category} {_num(i.points)}" for i in items)


def _diff_rule(state, chosen, best, seat: int):
    """The breakdown line (category, rule) where ``best`` beats ``chosen`` most for ``seat``:
    (category, rule, chosen points, best points), or None."""
    def table(s):
        out: dict = {}
        for i in s.score_breakdown():
            if i.player == seat:
                key = (i.category, i.rule)
                out[key] = out.get(key, 0) + i.points
        return out

    a, b = table(chosen), table(best)
    gaps = [(b.get(k, 0) - a.get(k, 0), k) for k in set(a) | set(b)]
    gaps = [g for g in gaps if g[0] > 0]
    if not gaps:
        return None
    gap, (cat, rule) = max(gaps, key=lambda g: (g[0], g[1][0]))
    return cat, rule, a.get((cat, rule), 0), b.get((cat, rule), 0)


def _end_section(state) -> str | None:
    phases = state.game.phases
    return phases[-1].rule.section if phases else None


def _in_end(rule, end: str | None) -> bool:
    return end is not None and rule is not None and (rule.section == end or rule.section.startswith(end + " /"))


def turn_rule(state):
    """The RuleRef that makes ``state.current_player`` the one who decides: the rule of the
    decision at hand, unless the last action's events started the end of the game (an event
    citing a rule of the game's last phase, e.g. Hellton Palace's "End of the Game / If one of
    these conditions occurs in the First player's Hotel": the Second player takes a last turn),
    which then decides who plays. Source: the game's phase table (``Game.phases``)."""
    end = _end_section(state)
    for e in reversed(state.events):
        if _in_end(e.rule, end):
            return e.rule
    return state.current_rule()


def winners_rule(state):
    """The RuleRef that names the winners: at the end of the game, the rule of the last event,
    the one that states the outcome (Perfect Hotel's "Point Calculation": the top hotel mogul;
    Hotel Zombie's "Objective"; Hellton Palace's end condition); before it, the rule of the
    game's last phase; None for a game with neither."""
    if state.is_terminal and state.events:
        return state.events[-1].rule
    return state.game.phases[-1].rule if state.game.phases else None


def answer_rule(step, state):
    """The RuleRef that decides a learner's step: for a legality question the rule that
    forbids the move (or the rule of the decision that allows it); for a score the rule of the
    seat's largest score line (of the named category); for the winners :func:`winners_rule`;
    for who decides :func:`turn_rule`; for the scores the rule of the largest line; for a move
    the rule its first event cites; else the rule of the decision at hand."""
    if step.kind == "predict":
        spec = parse_answer_spec(step.answer)
        if spec[0] == "legal":
            try:
                why = state._illegal_reason(parse_action(spec[1]))
            except ValueError:
                why = None
            if why is not None and why.rule is not None:
                return why.rule
        elif spec[0] in ("score", "category", "scores"):
            items = [i for i in state.score_breakdown()
                     if (spec[0] == "scores" or i.player == spec[1])
                     and (spec[0] != "category" or spec[2].lower() in i.category.lower())]
            recent = {e.rule for e in state.events}  # what the last action changed decides first
            fresh = [i for i in items if i.rule in recent and i.points]
            if fresh or items:
                return max(fresh or items, key=lambda i: abs(i.points)).rule
        elif spec[0] == "winners":
            rule = winners_rule(state)
            if rule is not None:
                return rule
        elif spec[0] == "current_player":
            return turn_rule(state)
        elif spec[0] == "view":
            return declared_rules(step, state.game)[0]
    elif step.kind in ("do", "exercise"):
        right = answers(step, state)
        if right:
            events = state.apply(right[0]).events
            if events:
                return events[0].rule
    return state.current_rule()


def declared_rules(step, game) -> list:
    """The rule-table entries of the sections a step declares (``rules``), in table order."""
    want = set(step.rules)
    return [r for r in game.rule_table if r.section in want]


def explain_right(step, state, move=None) -> list[str]:
    """Why the right answer is right, in lines with their numbers and rules: the events of
    the move (``move``, default the first right one) and, for a best-score goal, the points it
    gives; for a predict step, the score lines the value is made of, the sentence that forbids
    a move, or the rule of the decision."""
    if step.kind in ("do", "exercise"):
        move = move if move is not None else answers(step, state)[0]
        after = state.apply(move)
        out = [f"{e.text.rstrip('.')} ({e.rule.section})." for e in after.events]
        goal = step.goal or {}
        if step.kind == "exercise" and goal.get("type") == "best" and goal.get("measure", "score") == "score":
            seat = goal["seat"]
            out.append(f"{state.game.seat_label(seat)} then has {_num(after.scores[seat])} points, "
                       "the most any move gives here.")
        elif step.kind == "exercise" and goal.get("type") == "category":
            items = _category_items(after, goal["seat"], goal["category"])
            if items:
                out.append(f"It scores {_lines(items)} ({items[0].rule.section}).")
        return out
    spec = parse_answer_spec(step.answer)
    if spec[0] in ("score", "category"):
        items = (_category_items(state, spec[1], spec[2]) if spec[0] == "category" else _seat_items(state, spec[1]))
        items = [i for i in items if i.points]
        total = _num(expected_answer(step, state))
        if not items:
            return [f"{state.game.seat_label(spec[1])} has no points here yet."]
        return [f"{total} = {_lines(items)}."] + [f"{i.category}: {_num(i.points)} ({i.rule.section})" for i in items[:8]]
    if spec[0] in ("scores", "winners"):
        g = state.game
        out = [", ".join(f"{g.seat_label(s)} {_num(v)}" for s, v in enumerate(state.scores)) + "."]
        if spec[0] == "winners":
            rule = answer_rule(step, state)
            out.append(_rule_words(rule))
        return out
    if spec[0] == "view":
        return [_rule_words(r) for r in declared_rules(step, state.game)[:3]]
    if spec[0] == "legal":
        move = parse_action(spec[1])
        why = state.explain_illegal(move)
        if why is not None:
            return [_why_words(state, move, why)]
        return [f"{_label(state, move)} is legal here. " + _rule_words(state.current_rule())]
    return [f"{state.game.seat_label(state.current_player)} decides now. " + _rule_words(turn_rule(state))]


def narrow_text(step, state) -> str:
    """What a second miss adds: where to look and what the answer is made of, not the answer."""
    parts = []
    if step.kind in ("do", "exercise"):
        goal = step.goal or {}
        right = answers(step, state)
        words = getattr(state.game, "heuristic_words", "")
        if step.kind == "exercise" and goal.get("type") == "best" and right and \
                (goal.get("measure", "score") == "score" or words):
            seat = goal["seat"]
            best = state.apply(right[0])
            value = best.scores[seat] if goal.get("measure", "score") == "score" else best.heuristic_value(seat)
            parts.append(f"The best move gives {state.game.seat_label(seat)} {_num(value)}"
                         + (" points." if goal.get("measure", "score") == "score" else f", counting {words}."))
        if step.kind == "exercise" and goal.get("type") == "best" and goal.get("measure", "score") != "score":
            rule = answer_rule(step, state)
            if rule is not None:
                parts.append("Think of " + _rule_words(rule)[len("Rule: "):])
    else:
        spec = parse_answer_spec(step.answer)
        if spec[0] in ("score", "category"):
            items = (_category_items(state, spec[1], spec[2]) if spec[0] == "category" else _seat_items(state, spec[1]))
            value = _number_answer(step, state)
            # a category's details that print the answer ("Pool tie (3 cards)" for 3) are left out
            cats = sorted({_without_number(i.category, value) if value else i.category
                           for i in items if i.points})
            if cats:
                parts.append("Add up: " + ", ".join(cats) + ".")
        elif spec[0] == "legal":
            why = state._illegal_reason(parse_action(spec[1]))
            rule = why.rule if why is not None else state.current_rule()
            if rule is not None and rule.quote:
                parts.append(f'The rule says: "{rule.quote.rstrip(".")}".')
        elif spec[0] == "current_player":
            parts.append("Read that rule: whom does it name, and which seat is that here?")
        elif spec[0] == "winners":
            # not "points": Hellton Palace compares tours, Hotel Zombie decorations
            parts.append("Read that rule: what does it compare? Work it out for each seat.")
        elif spec[0] == "scores":
            parts.append("Work out each seat's score first.")  # money, decorations, points
    if step.area:
        parts.append(f"Look at: {step.area}.")
    return " ".join(parts) or "Read the rule again, then try once more."


def reveal_text(step, state) -> str:
    """The answer, with why (shown at "Show me" or after SHOW_AFTER misses)."""
    if step.kind in ("do", "exercise"):
        right = answers(step, state)
        more = f" (or {len(right) - 1} other move{'s' if len(right) > 2 else ''} as good)" if len(right) > 1 else ""
        return _say(f"A right move: {_label(state, right[0])}{more}", *explain_right(step, state, right[0]))
    spec = answer_spec(step, state)
    return _say(f"The answer is {_shown(spec)}", *explain_right(step, state))


def _mistake_say(step, state, answer) -> str:
    """The authored words for ``answer`` when it is one of the step's ``mistakes``."""
    for mk in step.mistakes:
        if step.kind == "predict":
            spec = answer_spec(step, state)
            v, _ = reading.read(mk["answer"], spec)
            got, problem = reading.read(answer, spec)
            # compared as the answer is (a set of winners in any order)
            if problem is None and v is not None and reading.judge(got, dict(spec, value=v))["ok"]:
                return mk["say"]
        elif str(state.game.parse_action(str(mk["move"]))) == str(answer):
            return mk["say"]
    return ""


def miss_text(step, state, move) -> tuple[str, Any]:
    """The first-miss words for a legal wrong ``move`` (do / exercise): what it did in numbers,
    and the rule that made it so; never the right move. Returns (text, RuleRef)."""
    after = state.apply(move)
    label = _label(state, move)
    said = _mistake_say(step, state, move)
    pre = (said + " ") if said else ""
    if step.kind == "do":
        ask = (step.question or step.title).strip().rstrip(".")
        rule = state.current_rule()
        return (pre + f"{label} is legal, but it is not the move this step asks for" + (f" ({ask})." if ask else ".")
                + (" " + _rule_words(rule) if rule is not None else "")), rule
    goal = step.goal or {}
    right = answers(step, state)
    if goal.get("type") == "category":
        seat = goal["seat"]
        lines = [i.rule for r in right[:1] for i in _category_items(state.apply(r), seat, goal["category"])]
        rule = lines[0] if lines else state.current_rule()  # the category's scoring rule
        return (pre + f"{label}: {state.game.seat_label(seat)} scores nothing in {goal['category']} with it. "
                + _rule_words(rule)), rule
    if goal.get("type") == "best" and right:
        seat = goal["seat"]
        name = state.game.seat_label(seat)
        best = state.apply(right[0])
        diff = _diff_rule(state, after, best, seat)
        words = getattr(state.game, "heuristic_words", "")
        if goal.get("measure", "score") == "score":
            text = f"{label}: {name} would have {_num(after.scores[seat])} points. There is a move that gives {name} more."
        elif words:
            text = (f"{label}: counting {words}, {name} would have {_num(after.heuristic_value(seat))}. "
                    f"There is a move worth more.")
        else:
            text = f"{label}: there is a stronger move for {name} here."
        by_score = goal.get("measure", "score") == "score"
        # the rule of the line a better move wins, or of what this move did; never the rule of
        # the right move's own events, which would name it (answer_rule comes at the second miss)
        own = [e.rule for e in after.events if e.rule is not None]
        rule = diff[1] if diff and by_score else (own[0] if own else state.current_rule())
        if diff and by_score:  # the greedy value is not made of score lines: no line to compare
            text += f" Compare {diff[0]}: this move gives {_num(diff[2])} there."
        return pre + text + " " + _rule_words(rule), rule
    return pre + f"{label} does not meet the goal.", state.current_rule()


def predict_miss_text(step, state) -> str:
    """The rule sentence a wrong prediction shows (after how far off it is). Who decides
    (``current_player``) and who wins (``winners``) get the rule's section only: its words
    state the outcome ("The Second player then takes a last turn", "The First player wins."),
    so they come with the answer (:func:`reveal_text`)."""
    rule = answer_rule(step, state)
    bare = _bare_section(step, state, rule)
    return f"Rule: {bare}." if bare is not None else _rule_words(rule)


def _bare_section(step, state, rule) -> str | None:
    """The section to cite without the rule's words, before the answer is given, when the
    words would give it away, else None: who decides or wins (the words state the outcome); a
    number the words or the heading print ("otrzymuje 500"; "Cheap Hotel (-3 pts.)" is cited
    as "Cheap Hotel"). One statement for the misses and the engine's hints."""
    if rule is None:
        return None
    if _outcome_question(step):
        return rule.section
    value = _number_answer(step, state)
    if value:
        section = _without_number(rule.section, value)
        if section != rule.section or _holds(rule.quote or "", value):
            return section
    return None


def _number_answer(step, state) -> tuple:
    """A number question's right answer, as a tuple of its numbers (a list of scores: each);
    () for any other question."""
    if step.kind != "predict":
        return ()
    spec = answer_spec(step, state)
    if spec["type"] == "number":
        return (spec["value"],)
    if spec["type"] == "list" and not spec.get("seats"):
        return tuple(spec["value"])
    return ()


def _holds(text: str, values) -> bool:
    """Whether ``text`` holds one of the numbers ``values`` (digits, unsigned) as a number of
    its own: "+5 pts." holds 5; "15", "2.5" and a card's number "#5" do not."""
    return any(re.search(rf"(?<![\d.,#]){re.escape(_num(abs(v)))}(?!\d|[.,]\d)", text) for v in values)


def _without_number(text: str, values) -> str:
    """``text`` without its brackets that hold one of ``values`` ("Perfect View (+5 pts. / in a
    tie +1 pt.)" for 5: "Perfect View"); the words that name the thing stay."""
    return re.sub(r"\s*\([^()]*\)", lambda m: "" if _holds(m.group(0), values) else m.group(0), text)


def _outcome_question(step) -> bool:
    """Whether ``step`` asks who decides or who wins: the rule that answers it states the
    outcome in its words."""
    return step.kind == "predict" and parse_answer_spec(step.answer)[0] in ("current_player", "winners")


def check_step(step, state, answer, misses: int = 1, shown: bool = False) -> Feedback:
    """Check the learner's ``answer`` (a move's text or Action for do/exercise, any value for
    predict) at ``state``. ``misses``: which wrong answer this would be (1 = the first):
    the first says what the answer did and the rule, the second narrows it
    (:func:`narrow_text`), from SHOW_AFTER on (or with ``shown``) the answer is given
    (:func:`reveal_text`). Never raises for a wrong or unreadable answer."""
    level = 3 if shown or misses >= SHOW_AFTER else max(1, misses)
    if step.kind == "predict":
        spec = answer_spec(step, state)
        value, problem = reading.read(answer, spec)
        rule = answer_rule(step, state)
        if problem is not None:
            return Feedback(False, problem, rule, level=0)
        verdict = reading.judge(value, spec)
        if verdict["ok"]:
            lines = explain_right(step, state)
            return Feedback(True, _say(f"Right: {_shown(spec)}", *lines, step.text), rule, lines=lines)
        said = _mistake_say(step, state, answer)
        text = _say(said, reading.off_words(verdict, spec), predict_miss_text(step, state),
                    narrow_text(step, state) if level == 2 else "", reveal_text(step, state) if level == 3 else "")
        return Feedback(False, text, rule, level=level)
    try:
        move = answer if isinstance(answer, Action) else parse_action(str(answer))
    except IllegalActionError as exc:
        return Feedback(False, f"That is not a move I can read: {exc}", None, level=0)
    right = answers(step, state)
    why = state.explain_illegal(move)
    if why is not None:
        try:
            state.apply(move)
        except IllegalActionError as exc:
            text = f"Not allowed: {_why_words(state, move, why)}"
            if level == 2:
                text = _say(text, narrow_text(step, state))
            elif level == 3:
                text = _say(text, reveal_text(step, state))
            return Feedback(False, text, exc.rule, level=level,
                            best=[str(a) for a in right] if level == 3 else [])
    after = state.apply(move)
    did = _events(after)
    if move in right:
        lines = explain_right(step, state, move)
        return Feedback(True, _say("Right", *lines),
                        answer_rule(step, state), did, [str(a) for a in right], did, lines)
    text, rule = miss_text(step, state, move)
    best, best_did = [], []
    if level == 2:
        text = _say(text, narrow_text(step, state))
    elif level == 3:
        text = _say(text, reveal_text(step, state))
        best, best_did = [str(a) for a in right], _events(state.apply(right[0]))
    return Feedback(False, text, rule, did, best, best_did, level=level)


def hints_for(step, state) -> list[str]:
    """The step's hints, one at a time: its own ``hints``, or made from the engine: the rule
    the step is about (:func:`answer_rule`; for who decides or wins its section only) and where
    to look (``area``). A hint never gives the answer: "Show me" does
    (:func:`reveal_text`)."""
    if step.hints:
        return list(step.hints)
    out = []
    rule = answer_rule(step, state)
    bare = _bare_section(step, state, rule)
    if bare is not None:  # its words would give the answer away: not a hint
        out.append(f"Look at the rule: {bare}")
    elif rule is not None:
        out.append(f"Look at the rule: {rule.section}" + (f' — "{rule.quote}"' if rule.quote else ""))
    if step.area:
        out.append(f"Look at: {step.area}")
    return out


class LessonRun:
    """A learner going through a scenario's steps (the engine behind ``hl.widgets.Lesson``).

    ``state``: the position now; ``index``: the current step (== len(steps) when done);
    ``answer(x)`` checks the current step and, when right, makes the learner's own move (the
    lesson goes on from it: every right answer of every step is a branch the lesson was
    checked along); ``hint()`` gives the next hint; ``show()`` gives the answer (the step then
    scores 0); ``restart()`` starts over. ``progress``: steps done, hints, wrong answers,
    answers shown, and the score (see :func:`step_score`).
    """

    def __init__(self, scenario):
        self.scenario = scenario
        self.game = scenario.game_object()
        for i, step in enumerate(scenario.steps):
            check_step_fields(step, f"{scenario.source}: steps[{i}]", self.game)
        self.tree = lesson_tree(scenario)  # every step can be answered on every branch (ScenarioError)
        self.restart()

    def restart(self) -> None:
        self.match = self.scenario.match()
        self.index = 0
        self.hints_used: dict[int, int] = {}
        self.wrong: dict[int, int] = {}
        self.shown: set[int] = set()
        self.history: list[Feedback | None] = []

    def __copy__(self) -> "LessonRun":
        """A run that goes on alone from the same step: its own match (see
        ``Match.__copy__``), hints and wrong answers; answering one leaves the other as it was."""
        twin = LessonRun.__new__(LessonRun)
        twin.scenario, twin.game, twin.index, twin.tree = self.scenario, self.game, self.index, self.tree
        twin.match = self.match.fork()
        twin.hints_used, twin.wrong, twin.history = dict(self.hints_used), dict(self.wrong), list(self.history)
        twin.shown = set(self.shown)
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
    def score(self) -> tuple[int, int]:
        """(points, most points) over the learner steps answered so far and the whole lesson."""
        learner = [i for i, s in enumerate(self.scenario.steps) if s.kind != "watch"]
        got = sum(step_score(self.wrong.get(i, 0), self.hints_used.get(i, 0), i in self.shown)
                  for i in learner if i < self.index)
        return got, STEP_POINTS * len(learner)

    @property
    def progress(self) -> dict:
        return {"steps": len(self.scenario.steps), "done": self.index,
                "hints_used": sum(self.hints_used.values()), "wrong": sum(self.wrong.values()),
                "shown": len(self.shown), "score": self.score[0], "max_score": self.score[1]}

    def _check_current(self) -> None:
        """ScenarioError when the current step cannot be answered here."""
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

    def show(self) -> str:
        """"Show me": the current step's answer and why (:func:`reveal_text`); the step then
        scores 0. Raises ScenarioError on a watch step or after the end."""
        step = self.step
        if step is None or step.kind == "watch":
            raise ScenarioError("'Show me' answers a learner step; the current step is " +
                                ("past the end" if step is None else "a 'watch' step"))
        self._check_current()
        self.shown.add(self.index)
        return reveal_text(step, self.state)

    def watch(self) -> None:
        """Play a watch step."""
        step = self.step
        if step is None or step.kind != "watch":
            raise ScenarioError("the current step is not a 'watch' step")
        self.scenario._run(self.match, step.action, f"steps[{self.index}].action")
        self.history.append(None)
        self.index += 1

    def answer(self, value) -> Feedback:
        """Check ``value`` for the current do / exercise / predict step; when right, the
        learner's move is made (the lesson goes on from it) and the lesson moves on."""
        step = self.step
        if step is None:
            raise ScenarioError("the lesson is over: restart() to go again")
        if step.kind == "watch":
            raise ScenarioError("the current step is a 'watch' step: call watch()")
        self._check_current()
        misses = self.wrong.get(self.index, 0) + 1
        fb = check_step(step, self.state, value, misses, shown=self.index in self.shown)
        if fb.correct:
            if step.kind != "predict":
                self.match.step(value if isinstance(value, Action) else parse_action(str(value)))
            self.history.append(fb)
            self.index += 1
        elif fb.level:  # an unreadable answer is no miss
            self.wrong[self.index] = misses
            if fb.level >= SHOW_AFTER:
                self.shown.add(self.index)
        return fb


def step_targets(step, state, perspective=None, where: str = "") -> list[str]:
    """The ids of the targets drawn on ``state``'s board (seen by ``perspective``) that the
    step's ``targets`` patterns name, in board order: the page outlines them. Raises
    ScenarioError naming ``where``'s field when a pattern matches no target there."""
    from ..core.board import board_targets, match_targets

    if not step.targets:
        return []
    try:
        drawn = board_targets(state.game.render_svg(state.view(perspective)))
    except ValueError as exc:  # the game's board, not the lesson (docs/dev/board.md)
        raise ScenarioError(f"{where}.targets: the {state.game.id} board cannot be pointed at: {exc} "
                            "(each data-target needs a data-label; see docs/dev/board.md)") from None
    try:
        return match_targets(step.targets, drawn)
    except ValueError as exc:
        raise ScenarioError(f"{where}.targets: {exc}") from None


@dataclass
class LessonNode:
    """One step of a lesson at one position: the lesson is a tree, since a step with several
    right moves goes on from whichever the learner makes.

    id: the node's number (the first right answers' line is 0..len(steps)-1); index: the
    step's number in the scenario; step; match: the Match before the step; next: ``{move text:
    node id}`` for a do / exercise step's right moves, ``{"": node id}`` for the other kinds
    (-1: the lesson ends).
    """

    id: int
    index: int
    step: Any
    match: Any
    next: dict = field(default_factory=dict)


MAX_NODES = 600
"""A lesson has at most this many nodes over all its branches (ScenarioError beyond: narrow a
goal so fewer moves are right)."""


def lesson_tree(scenario, max_nodes: int = MAX_NODES) -> list[LessonNode]:
    """Every node of ``scenario``'s lesson, following every right move of every step (nodes
    at the same step and position are shared). The nodes along the first right answers come
    first, numbered 0.. in step order. Raises ScenarioError naming the file and step when a
    step cannot be answered on some branch, or when the branches exceed ``max_nodes``."""
    import json

    steps = scenario.steps
    nodes: list[LessonNode] = []
    seen: dict = {}

    def build(index: int, m) -> int:
        if index >= len(steps):
            return -1
        key = (index, len(m), json.dumps(m.state.to_json(), sort_keys=True, default=str))
        if key in seen:
            return seen[key]
        if len(nodes) >= max_nodes:
            raise ScenarioError(f"{scenario.source}: steps[{index}]: the lesson's branches (one per right move) "
                                f"exceed {max_nodes} steps; narrow a goal so that fewer moves are right")
        step = steps[index]
        node = LessonNode(len(nodes), index, step, m)
        nodes.append(node)
        seen[key] = node.id
        where = f"{scenario.source}: steps[{index}]"
        if step.targets:
            step_targets(step, m.state, None, where)
        if step.kind == "watch":
            m2 = m.fork()
            scenario._run(m2, step.action, f"steps[{index}].action")
            node.next[""] = build(index + 1, m2)
            return node.id
        check_step_state(step, m.state, where)
        if step.kind == "predict":
            node.next[""] = build(index + 1, m)
            return node.id
        for move in answers(step, m.state):
            m2 = m.fork()
            m2.step(move)
            node.next[str(move)] = build(index + 1, m2)
        return node.id

    build(0, scenario.match())  # one frame a step: a lesson is far shallower than the recursion limit
    return nodes
