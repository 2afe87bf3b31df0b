"""Every tutorial teaches (issue 19): its lessons pass the checks of
hotellab.lesson.practice, practise at least 90% of the rules a player applies, follow the
learner's own move at every step with several right answers, and end with a guided game and a
review. The games' own tests (tests/<game>/test_*_lessons.py) hold the hand-derived answers."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.lesson import LessonRun, answers, expected_answer, lesson_tree
from hotellab.lesson.practice import tutorial_problems, tutorial_scenarios

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GAMES = ["boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel"]


@pytest.fixture(scope="module", params=GAMES)
def tutorial(request):
    return request.param, tutorial_scenarios(NOTEBOOKS / f"{request.param}.ipynb")


def test_the_lessons_teach_before_they_test_and_are_no_click_through(tutorial):
    game, scenarios = tutorial
    assert scenarios, f"{game}.ipynb names no lesson"
    assert tutorial_problems(scenarios) == []
    lessons = [sc for sc in scenarios if any(st.kind != "watch" for st in sc.steps)]
    assert all(sc.teaches for sc in lessons), [sc.source for sc in lessons if not sc.teaches]


def test_at_least_90_percent_of_the_rules_a_player_applies_are_practised(tutorial):
    game, _ = tutorial
    cov = hl.coverage(NOTEBOOKS / f"{game}.ipynb")
    applied = set(cov.applied)
    missing = [f"{r.section}: {r.quote[:60]}" for r in cov.applied if r not in set(cov.practised)]
    assert cov.practised_fraction >= 0.9, missing
    assert set(cov.practised) <= set(cov.table) and len(applied) >= 0.5 * len(cov.table)


def _path_to(nodes, target: int) -> list[str]:
    """The moves (or "" for a step without a move) from the first node to ``target``."""
    parent: dict = {0: None}
    queue = deque([0])
    while queue:
        k = queue.popleft()
        for move, nxt in nodes[k].next.items():
            if nxt >= 0 and nxt not in parent:
                parent[nxt] = (k, move)
                queue.append(nxt)
    out = []
    while parent[target] is not None:
        target, move = parent[target]
        out.append(move)
    return out[::-1]


def _play(run: LessonRun, moves: list[str]) -> None:
    """Answer the run's steps: the given moves first (one per step), then first right answers."""
    moves = list(moves)
    while not run.done:
        step, state = run.step, run.state
        if step.kind == "watch":
            run.watch()
            given = moves.pop(0) if moves else None
            continue
        if step.kind == "predict":
            if moves:
                moves.pop(0)
            fb = run.answer(expected_answer(step, state))
        else:
            want = moves.pop(0) if moves else ""
            move = want or str(answers(step, state)[0])
            fb = run.answer(move)
        assert fb.correct, (run.scenario.source, run.index, fb.text)
    assert run.done


def test_every_right_answer_of_every_step_is_followed_to_the_end(tutorial):
    """Once per right answer of each step with several: the lesson is played to that step,
    the answer is given, and every step after it is answered on that branch."""
    game, scenarios = tutorial
    branching = 0
    for sc in scenarios:
        nodes = lesson_tree(sc)
        for node in nodes:
            if len(node.next) < 2:
                continue
            branching += 1
            path = _path_to(nodes, node.id)
            for move in node.next:
                run = LessonRun(sc)
                _play(run, path + [move])
    print(game, "steps with several right answers:", branching)


def test_the_tutorial_ends_with_a_guided_game_and_a_review(tutorial):
    game, _ = tutorial
    nb = json.loads((NOTEBOOKS / f"{game}.ipynb").read_text("utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    guided = [i for i, c in enumerate(code) if "GuidedGame(" in c]
    review = [i for i, c in enumerate(code) if "Review(" in c]
    assert guided and review, "the tutorial needs a guided game and a review"
    lessons = [i for i, c in enumerate(code) if 'Lesson("scenarios/' in c]  # the learner's (a teacher's demo may follow)
    assert max(lessons) < min(guided + review), "the guided game and the review come after the lessons"
