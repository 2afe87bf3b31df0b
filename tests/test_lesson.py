"""Lesson steps (watch / do / exercise / predict) and rule coverage, on the toy plug-in
Night Porter (tests/plugins/toy_porter: 6 + die keys, take 1 or 2, the last key scores the
taker's tip). Expected values are worked out by hand from the toy's rules."""

from __future__ import annotations

import json
import re

import pytest

import hotellab as hl
from hotellab.lesson import LessonRun, parse_answer_spec

HEAD = '''
game = "toy_porter"
num_players = 2
title = "Four keys left"
[position]
stage = "turn"
keys = 4
tips = [5, 3]
deck = [1, 2, 4, 6]
turn = 2
last_taker = 1
'''


def lesson(steps: str) -> LessonRun:
    return LessonRun(hl.Scenario.from_toml(HEAD + steps, source="lesson.toml"))


def test_predict_reads_the_answer_from_the_state():
    # turn 2 of 2 players: seat 0 (Amber) decides; nobody has scored yet
    run = lesson('[[steps]]\nkind = "predict"\nquestion = "Whose turn?"\nanswer = "current_player"\n'
                 '[[steps]]\nkind = "predict"\nquestion = "Scores?"\nanswer = "scores"\n'
                 '[[steps]]\nkind = "predict"\nquestion = "May Amber take 3?"\nanswer = "legal:p0 take 3"\n')
    fb = run.answer("Teal")  # seats by name too; the first miss says how far off and the rule, not the answer
    assert not fb.correct and fb.level == 1
    # who decides: the misses name the rule's section only; its words state the outcome ("the
    # Second player then takes a last turn", in Hellton Palace), so they come with the answer
    assert fb.text == "Not that seat. Rule: Turn."
    assert "Amber" not in fb.text and "0" not in fb.text
    assert run.index == 0 and run.progress["wrong"] == 1
    fb = run.answer("the porter")  # unreadable: what to type, and no miss counted
    assert not fb.correct and fb.level == 0 and fb.text.startswith("Type a seat: its name (Amber, Teal)")
    assert run.progress["wrong"] == 1
    fb = run.answer("Teal")
    assert fb.level == 2 and fb.text == ("Not that seat. Rule: Turn. Read that rule: whom does it name, and which "
                                         "seat is that here?")
    assert run.answer(0).correct and run.index == 1
    fb = run.answer("0, 0")
    assert fb.correct and fb.text == "Right: 0, 0. Amber 0, Teal 0."
    fb = run.answer("yes")           # "take 1 or 2 keys": 3 is not legal
    assert not fb.correct and fb.text.startswith("Rule: Turn")
    assert run.answer("no").correct and run.done
    # 3 learner steps of 3 points: 2 misses at the first (1), 1 at the last (2), none at the second (3)
    assert run.score == (6, 9)


def test_do_step_names_the_rule_for_an_illegal_move_and_gates_a_legal_other_one():
    run = lesson('[[steps]]\nkind = "do"\nexpect = "p0 take 2"\nquestion = "Take two keys"\n')
    fb = run.answer("p0 take 3")
    assert not fb.correct and fb.text.startswith("Not allowed:") and fb.rule.section == "Turn"
    fb = run.answer("p0 take 1")
    assert not fb.correct and fb.text == "p0 take 1 is legal, but it is not the move this step asks for (Take two keys). " \
        'Rule: Turn ("take 1 or 2 keys from the key board"). Read the rule again, then try once more.'
    assert fb.level == 2 and fb.did == ["Amber takes 1."] and fb.best == []  # the answer is not given yet
    assert run.state.keys == 4  # a wrong answer makes no move
    fb = run.answer("p0 take 1")  # the third miss shows the answer
    assert fb.level == 3 and "A right move: p0 take 2" in fb.text and fb.best == ["p0 take 2"]
    assert fb.best_did == ["Amber takes 2."]
    fb = run.answer("p0 take 2")
    assert fb.correct and run.state.keys == 2 and run.done
    assert run.score == (0, 3)  # shown after three misses: the step scores 0


def test_exercise_best_move_is_computed():
    # 2 keys left, Teal to act after Amber took 2: taking 2 takes the last key and scores
    # Teal's tip (3); taking 1 scores nothing now. Best for seat 1 by score: "p1 take 2".
    run = lesson('[[steps]]\nkind = "do"\nexpect = ["p0 take 2"]\n'
                 '[[steps]]\nkind = "exercise"\ngoal = {type = "best", seat = 1, measure = "score"}\n')
    assert run.answer("p0 take 2").correct
    fb = run.answer("p1 take 1")
    assert not fb.correct and fb.best == [] and fb.level == 1
    # what the move does, in numbers, and the rule of the line the best move wins: never the best move
    assert fb.text.startswith("p1 take 1: Teal would have 0 points. There is a move that gives Teal more. "
                              "Compare tip: this move gives 0 there. Rule:")
    assert "take 2" not in fb.text
    fb = run.answer("p1 take 1")  # the second miss narrows: the best move's points
    assert "The best move gives Teal 3 points." in fb.text and "take 2" not in fb.text
    assert run.hint().startswith("Look at the rule:")
    assert run.hint() is None  # no hint gives the answer away: "Show me" does
    assert run.show().startswith("A right move: p1 take 2.")
    assert run.answer("p1 take 2").correct and run.state.is_terminal and run.state.scores == [0, 3]
    assert run.progress == {"steps": 2, "done": 2, "hints_used": 1, "wrong": 2, "shown": 1, "score": 3,
                            "max_score": 6}
    run.restart()
    assert run.index == 0 and run.state.keys == 4 and run.progress["hints_used"] == 0


def test_authored_mistakes_are_said_first_and_checked_like_every_field():
    run = lesson('[[steps]]\nkind = "predict"\nquestion = "Keys left after Amber takes 2?"\nanswer = "score[0]"\n'
                 'mistakes = [{answer = "5", say = "The tip is not a key."}]\n'
                 '[[steps]]\nkind = "do"\nexpect = "p0 take 2"\nquestion = "Leave Teal two keys"\n'
                 'mistakes = [{move = "p0 take 1", say = "Then three keys are left."}]\n')
    fb = run.answer("5")
    assert fb.text.startswith("The tip is not a key. Too high, by more than 2.")
    assert run.answer("0").correct
    assert run.answer("p0 take 1").text.startswith("Then three keys are left. p0 take 1 is legal")
    for bad, words in [('mistakes = [{answer = "0", say = "x"}]', "is the right answer here"),
                       ('mistakes = [{answer = "lots", say = "x"}]', "Type a number"),
                       ('mistakes = [{move = "p0 take 1", say = "x"}]', "a predict step's mistake names a wrong answer"),
                       ('mistakes = [{answer = "3"}]', "mistakes[0].say")]:
        with pytest.raises(hl.ScenarioError, match=re.escape(words)):
            lesson('[[steps]]\nkind = "predict"\nquestion = "?"\nanswer = "score[0]"\n' + bad + "\n")
    with pytest.raises(hl.ScenarioError, match=r"mistakes\[0\]\.move p0 take 2 is a right move here"):
        lesson('[[steps]]\nkind = "do"\nexpect = "p0 take 2"\nmistakes = [{move = "p0 take 2", say = "x"}]\n')


def test_the_lesson_follows_each_right_move():
    # from 4 keys Amber may take 1 or 2 (both are as good: 0 points either way); the next step
    # asks how many keys Teal may take to score: after "take 1" 3 keys are left (no move of Teal
    # scores), after "take 2" 2 keys (take 2 scores the tip). Each branch is checked and followed.
    from hotellab.lesson import lesson_tree

    sc = hl.Scenario.from_toml(HEAD + '[[steps]]\nkind = "exercise"\ngoal = {type = "best", seat = 0}\n'
                               '[[steps]]\nkind = "predict"\nquestion = "Keys left?"\nanswer = "score[1]"\n',
                               source="lesson.toml")
    nodes = lesson_tree(sc)
    assert [(n.index, n.match.state.keys) for n in nodes] == [(0, 4), (1, 3), (1, 2)]
    assert nodes[0].next == {"p0 take 1": 1, "p0 take 2": 2}
    run = LessonRun(sc)
    assert run.answer("p0 take 2").correct and run.state.keys == 2  # the learner's move, not the first right one


def test_category_goal_and_own_hints():
    # from 4 keys Amber cannot take the last key: no move meets the goal, so no learner could
    # pass the step, and the lesson is refused when it is opened (issue 24, item 4)
    with pytest.raises(hl.ScenarioError, match=r"lesson\.toml: steps\[0\]\.goal: no legal move meets the goal"):
        lesson('[[steps]]\nkind = "exercise"\ngoal = {type = "category", seat = 0, category = "tip"}\n')
    # after Amber takes 2, Teal takes the last 2 keys and scores the tip
    run = lesson('[[steps]]\naction = "p0 take 2"\n'
                 '[[steps]]\nkind = "exercise"\ngoal = {type = "category", seat = 1, category = "tip"}\n'
                 'hints = ["Count the keys", "Leave none"]\n')
    run.watch()
    assert not run.answer("p1 take 1").correct
    assert run.hint() == "Count the keys" and run.hint() == "Leave none" and run.hint() is None
    assert run.answer("p1 take 2").correct and run.done


@pytest.mark.parametrize("step,field", [
    ('kind = "dance"', "steps[0].kind"),
    ('kind = "do"', "steps[0].expect"),
    ('kind = "do"\nexpect = "p0"', "steps[0].expect[0]"),
    ('kind = "exercise"\ngoal = {type = "most"}', "steps[0].goal.type"),
    ('kind = "exercise"\ngoal = {type = "best", seat = 7}', "steps[0].goal.seat"),
    ('kind = "exercise"\ngoal = {type = "best", seat = 0, measure = "luck"}', "steps[0].goal.measure"),
    ('kind = "predict"\nanswer = "scores"', "steps[0].question"),
    ('kind = "predict"\nquestion = "?"\nanswer = "score[9]"', "steps[0].answer"),
    ('kind = "predict"\nquestion = "?"\nanswer = "mood"', "steps[0].answer"),
    ('kind = "watch"\nshout = "x"', "steps.0.shout"),
])
def test_a_malformed_step_names_the_step_and_field(step, field):
    with pytest.raises(hl.ScenarioError) as err:
        hl.Scenario.from_toml(HEAD + "[[steps]]\n" + step + "\n", source="bad.toml")
    assert field in str(err.value)


def test_scenario_run_plays_learner_steps_with_the_computed_answer():
    sc = hl.Scenario.from_toml(HEAD + '[[steps]]\nkind = "do"\nexpect = "p0 take 2"\n'
                               '[[steps]]\nkind = "exercise"\ngoal = {type = "best", seat = 1}\n')
    final = sc.run().state
    assert final.is_terminal and final.scores == [0, 3]


def test_answer_spec_forms():
    assert parse_answer_spec("score[1]") == ("score", 1)
    assert parse_answer_spec("legal:p0 take 2") == ("legal", "p0 take 2")
    with pytest.raises(ValueError, match="score\\[SEAT\\]"):
        parse_answer_spec("score")


def test_coverage_of_a_whole_game_and_of_a_lesson(tmp_path):
    log = hl.play(hl.load_game("toy_porter", num_players=2), seed=1)
    cov = hl.coverage(log)
    # a whole game rolls, deals, takes keys and ends: all 4 rules of the toy's table
    assert cov.fraction == 1.0 and cov.missing == [] and len(cov.covered) == 4
    # ... but a game the agents play practises nothing: every rule is only shown
    assert cov.practised == [] and cov.practised_fraction == 0.0 and len(cov.shown_only) == 4
    sc_path = tmp_path / "lesson.toml"
    sc_path.write_text(HEAD + '[[steps]]\nkind = "do"\nexpect = "p0 take 2"\n', "utf-8")
    cov = hl.coverage(str(sc_path))
    # from a declared position only "Turn" is exercised: 1 of 4
    assert [r.section for r in cov.covered] == ["Turn"] and cov.fraction == 0.25
    assert [r.section for r in cov.missing] == ["Setup", "Setup / Tips", "End"]
    # the do step's answer depends on Turn (the rule of the decision; its event cites Turn)
    assert [r.section for r in cov.practised] == ["Turn"] and cov.practised_fraction == 0.25
    assert [r.section for r in cov.untaught] == ["Setup", "Setup / Tips", "End"]
    assert "[ ] Setup" in cov.to_text() and "[P] Turn" in cov.to_text()
    fig = cov.figure()
    assert list(fig.data[0].y) == ["Setup", "Setup / Tips", "Turn", "End"]
    assert fig.data[0].marker.color[2] == "#2f9e44" and fig.data[0].marker.color[0] == "#c92a2a"
    nb = tmp_path / "t.ipynb"
    nb.write_text(json.dumps({"cells": [{"cell_type": "code", "source": ["hl.Scenario.load('lesson.toml')"]}],
                              "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), "utf-8")
    assert hl.coverage(nb).fraction == 0.25
    with pytest.raises(hl.HotellabError, match="no such file"):
        hl.coverage(tmp_path / "missing.ipynb")
    with pytest.raises(hl.HotellabError, match="coverage takes"):
        hl.coverage(42)


def test_to_scenario_from_a_view_gives_the_same_position():
    from hotellab.core.scenario import scenario_toml

    m = hl.Match(hl.load_game("toy_porter", num_players=3), seed=4, agents=["random"] * 3)
    m.run(max_steps=5)  # roll, shuffle and 3 takes
    view = hl.widgets.GameView(m)
    view.index = 4  # after the first take
    text = view.to_scenario(title='A "porter" lesson')
    sc = hl.Scenario.from_toml(text, source="from_view.toml")
    assert sc.title == 'A "porter" lesson' and sc.agents == ["random"] * 3
    again = sc.match().state
    shown = m.states[4]
    assert again.view() == shown.view() and again.legal_actions() == shown.legal_actions()
    assert again.scores == shown.scores
    assert scenario_toml(m.state).startswith('game = "toy_porter"\nnum_players = 3\n')


def test_cli_coverage_prints_the_table_in_rulebook_order(tmp_path):
    from typer.testing import CliRunner

    from hotellab.cli import app

    path = tmp_path / "lesson.toml"
    path.write_text(HEAD + '[[steps]]\nkind = "do"\nexpect = "p0 take 2"\n', "utf-8")
    res = CliRunner().invoke(app, ["coverage", str(path)])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Rule coverage of toy_porter: 1 of 4 rules (25%); practised 1 of 4 applied (25%)"
    assert lines[1].startswith("[P] practised by a learner step, [x] only shown")  # the legend
    assert [ln[:3] for ln in lines[2:6]] == ["[ ]", "[ ]", "[P]", "[ ]"]
    res = CliRunner().invoke(app, ["coverage", str(path), "--missing"])
    assert res.output.splitlines()[0] == "3 of 4 rules of toy_porter not exercised:"
    res = CliRunner().invoke(app, ["coverage", str(tmp_path / "nope.ipynb")])
    assert res.exit_code == 2 and "no such file" in res.output


def test_the_views_save_position_request_answers_with_toml_and_respects_authority():
    m = hl.Match(hl.load_game("toy_porter", num_players=2), seed=2, agents=["random", None])
    m.run(max_steps=4)
    sent = []
    view = hl.widgets.GameView(m)
    view.send = sent.append
    view._on_msg(view, {"type": "scenario"}, [])
    assert sent[-1]["error"] == "" and sent[-1]["scenario"].startswith('game = "toy_porter"')
    assert hl.Scenario.from_toml(sent[-1]["scenario"]).match().state.view() == m.states[view.index].view()
    seat = hl.widgets.GameView(m, perspective=1)
    seat.send = sent.append
    seat._on_msg(seat, {"type": "scenario"}, [])
    assert "scenario" not in sent[-1] and "omniscient view or a teacher" in sent[-1]["error"]


def test_coverage_counts_the_rule_a_legality_question_asks_about(tmp_path):
    # "May Amber take 3 keys?" (no: "take 1 or 2 keys" — the toy's Turn rule) exercises Turn
    # even though no move is made from the declared position
    path = tmp_path / "q.toml"
    path.write_text(HEAD + '[[steps]]\nkind = "predict"\nquestion = "May Amber take 3?"\n'
                    'answer = "legal:p0 take 3"\n', "utf-8")
    cov = hl.coverage(str(path))
    assert [r.section for r in cov.covered] == ["Turn"]


def test_answers_yes_no_and_winners_are_read_as_people_write_them():
    # the whole table of typed answers is tests/test_lesson_reading.py's; here, through a lesson
    from hotellab.lesson import yes_no

    assert yes_no("Yes!") is True and yes_no(" no. ") is False and yes_no("banana") is None
    run = lesson('[[steps]]\nkind = "predict"\nquestion = "May Amber take 2?"\nanswer = "legal:p0 take 2"\n')
    assert run.answer("Legal.").correct


def test_a_legality_questions_hint_names_the_rule_that_forbids_the_move():
    # "May Amber take 3?" — the toy's Turn rule forbids it; the feedback for a wrong answer and
    # the first hint name that rule
    run = lesson('[[steps]]\nkind = "predict"\nquestion = "May Amber take 3?"\nanswer = "legal:p0 take 3"\n')
    fb = run.answer("maybe")
    assert not fb.correct and fb.rule.section == "Turn"
    assert run.hint().startswith("Look at the rule: Turn")


SCENARIOS = __import__("pathlib").Path(__file__).resolve().parent.parent / "notebooks" / "scenarios"


def test_a_copy_of_an_exercise_step_at_the_end_names_the_file_and_step():
    """Issue 24, item 4: a second copy of the exercise step (goal "best") at the end of
    hellton_palace_lesson_01_goal.toml raised ``ValueError: max() arg is an empty sequence`` in
    ``lesson.answers``. The copy comes after the game's last move (the exercise ends the game),
    so no move is left to make: ScenarioError names the file, the step and the field."""
    import tomllib

    import tomli_w

    path = SCENARIOS / "hellton_palace_lesson_01_goal.toml"
    table = tomllib.loads(path.read_text("utf-8"))
    exercise = next(s for s in table["steps"] if s.get("kind") == "exercise")
    table["steps"].append(dict(exercise))
    last = len(table["steps"]) - 1
    scenario = hl.Scenario.from_toml(tomli_w.dumps(table), source=path.name)
    with pytest.raises(hl.ScenarioError, match=rf"hellton_palace_lesson_01_goal\.toml: steps\[{last}\]\.goal: "):
        LessonRun(scenario)
    with pytest.raises(hl.ScenarioError, match=rf"steps\[{last}\]"):
        scenario.run()
    with pytest.raises(hl.ScenarioError, match=rf"steps\[{last}\]"):
        hl.coverage(scenario)


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*_lesson_*.toml")), ids=lambda p: p.stem)
def test_every_learner_step_copied_to_the_end_plays_or_names_its_step(path):
    """The kind of item 4, over every lesson of every tutorial: each do / exercise / predict
    step, copied to the end of its lesson, is either answerable there (the lesson plays
    through) or refused with ScenarioError naming the file and that step: never another
    exception, never a step that no answer passes."""
    import tomllib

    import tomli_w

    from hotellab.lesson import answers, expected_answer

    table = tomllib.loads(path.read_text("utf-8"))
    learner = [s for s in table.get("steps", []) if s.get("kind", "watch") != "watch"]
    for step in learner:
        steps = table["steps"] + [dict(step)]
        scenario = hl.Scenario.from_toml(tomli_w.dumps({**table, "steps": steps}), source=path.name)
        try:
            run = LessonRun(scenario)
        except hl.ScenarioError as exc:
            assert f"{path.name}: steps[{len(steps) - 1}]" in str(exc), exc
            continue
        while not run.done:
            s = run.step
            if s.kind == "watch":
                run.watch()
                continue
            right = answers(s, run.state)[0] if s.kind != "predict" else expected_answer(s, run.state)
            assert run.answer(right).correct


def test_a_copied_lesson_run_goes_on_alone():
    """Issue 24, item 1 (the kind of ``copy.copy(match)`` sharing its history): a copied
    LessonRun answers, hints and restarts without changing the original."""
    import copy

    run = lesson('[[steps]]\nkind = "do"\nexpect = ["p0 take 2"]\n'
                 '[[steps]]\nkind = "exercise"\ngoal = {type = "best", seat = 1, measure = "score"}\n')
    for twin in (copy.copy(run), copy.deepcopy(run)):
        assert twin.answer("p0 take 2").correct
        assert twin.hint() is not None and not twin.answer("p1 take 1").correct
        assert twin.index == 1 and twin.state.keys == 2
        assert run.index == 0 and run.state.keys == 4 and run.progress["wrong"] == 0
        assert run.progress["hints_used"] == 0 and len(run.match) == 0


@pytest.mark.parametrize("answer,field,words", [
    # found by trial (issue 24): each loaded, and the lesson then expected "no" (or -1)
    ("legal:zz top", "steps[0].answer", "cannot read action 'zz top'"),
    ("legal:p0", "steps[0].answer", "cannot read action 'p0'"),
    ("legal:p7 pass", "steps[0].answer", "seat 7 does not exist (0 to 2)"),
    ("legal:chance foo", "steps[0].answer", "asks about a seat's move, not a chance outcome"),
    ("current_player", "steps[0].answer", "'current_player' is asked where no seat decides (chance decides)"),
])
def test_a_question_no_learner_could_answer_is_refused(answer, field, words):
    """A predict step that asks about something that is not a seat's move of this table, or
    whose decision it is where no seat decides (the only accepted answer was -1, the engine's
    CHANCE), is refused with ScenarioError naming the file, step and field."""
    text = ('game = "hostil_hostal"\nnum_players = 3\n[[steps]]\nkind = "predict"\nquestion = "?"\n'
            f'answer = "{answer}"\n')
    with pytest.raises(hl.ScenarioError) as err:
        LessonRun(hl.Scenario.from_toml(text, source="q.toml"))
    assert f"q.toml: {field}" in str(err.value) and words in str(err.value)


def test_current_player_after_the_game_is_refused_too():
    run_text = HEAD + ('[[steps]]\naction = "p0 take 2"\n[[steps]]\naction = "p1 take 2"\n'
                       '[[steps]]\nkind = "predict"\nquestion = "Whose turn?"\nanswer = "current_player"\n')
    with pytest.raises(hl.ScenarioError, match=r"lesson\.toml: steps\[2\]\.answer: 'current_player' is asked "
                                               r"where no seat decides \(the game is over\)"):
        LessonRun(hl.Scenario.from_toml(run_text, source="lesson.toml"))


def test_a_number_of_the_view_is_asked_with_the_rules_it_depends_on_declared():
    # the toy's view at the HEAD position: 4 keys on the board, 4 tip cards in the deck
    run = lesson('[[steps]]\nkind = "predict"\nquestion = "How many keys are left?"\nanswer = "view:keys"\n'
                 'rules = ["Setup"]\n'
                 '[[steps]]\nkind = "predict"\nquestion = "Teal\'s tip?"\nanswer = "view[1]:seats.1.tip"\n'
                 'rules = ["Setup / Tips"]\n')
    fb = run.answer("5")
    assert fb.text.startswith("Too high, but close. Rule: Setup")
    assert run.answer("4").correct and run.answer("3").correct and run.done
    from hotellab.lesson.practice import practised_rules

    assert [r.section for r in practised_rules(run.scenario)] == ["Setup", "Setup / Tips"]
    for steps, words in [('answer = "view:keys"\n', "steps[0].rules: a view answer needs the rule-table sections"),
                         ('answer = "view:keys"\nrules = ["Lunch"]\n', "steps[0].rules[0]: 'Lunch' is not a section"),
                         ('answer = "score[0]"\nrules = ["Setup"]\n', "only a predict step with a view answer"),
                         ('answer = "view:seats.5.tip"\nrules = ["Setup"]\n', "seats has no '5' (positions 0 to 1)"),
                         ('answer = "view:status"\nrules = ["Setup"]\n', "not a number, yes/no or a list")]:
        with pytest.raises(hl.ScenarioError, match=re.escape(words)):
            lesson('[[steps]]\nkind = "predict"\nquestion = "?"\n' + steps)


# --- docs/dev/lessons.md: the page's complete lesson loads and plays as the page says ---------
def _page_lessons() -> list[str]:
    """The complete scenario files of docs/dev/lessons.md: its ```toml blocks with a ``game``."""
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "dev" / "lessons.md").read_text("utf-8")
    blocks = re.findall(r"^```toml\n(.*?)^```", page, flags=re.S | re.M)
    return [b for b in blocks if re.search(r"^game = ", b, flags=re.M)]


def test_the_authoring_page_example_loads_and_its_answers_are_the_rules():
    """The example of docs/dev/lessons.md ("A complete lesson") is a real lesson. The values
    come from the position the script reaches (seed 1: rooms 1A, 5A and 2A, A sides) and
    Hostil Hostal's rulebook: "Resting in the Hostel": a guest rests the room's uncovered
    numbers plus its rug; 1A's beds 3, 1, -1, 2, 0 and rug -1 (4 when empty), 5A's 3, -1, 2, 1,
    1 and rug -2 (4), 2A's 2, 2, -1, 3, 0 and rug +1 (7)."""
    from hotellab.lesson import answers, expected_answer, lesson_tree
    from hotellab.lesson.practice import tutorial_problems

    [text] = _page_lessons()
    sc = hl.Scenario.from_toml(text, source="docs/dev/lessons.md")
    assert [s.kind for s in sc.steps] == ["exercise", "watch", "predict", "watch", "do", "predict", "watch"]
    m = sc.match()
    assert m.state.status_text().startswith("Night 1 of 3, round 1")
    # exercise: covering n leaves the room's total minus n; 2A's -1 leaves 7 + 1 = 8, the most
    # (1A's -1 or 5A's -1 leave 5): Blue's 15 + 8 (Phase 2 - Night / Place a guest)
    assert [str(a) for a in answers(sc.steps[0], m.state)] == ["p0 place 2 2"]
    run = LessonRun(sc)
    wrong = run.answer("p0 place 2 3")  # the authored mistake comes first: 2A pays 7 - 3 = 4, Blue 19
    assert not wrong.correct and wrong.text.startswith("Covering 2A's 3 lowers what 2A pays by 3.")
    assert run.answer("p0 place 2 2").correct
    run.watch()
    # predict: bed 3 of 2A holds Red's guest: "places it in any unoccupied bed" (Place a guest)
    assert expected_answer(sc.steps[2], run.state) is False
    assert run.answer("no").correct
    run.watch()
    # do: the free negative numbers are 1A's -1 (bed 2) and 5A's -1 (bed 1): two branches
    assert sorted(str(a) for a in answers(sc.steps[4], run.state)) == ["p0 place 1 2", "p0 place 5 1"]
    assert run.answer("p0 place 5 1").correct
    # predict: one action each round the table, Blue, Red, Orange (Phase 2 - Night): Red
    assert expected_answer(sc.steps[5], run.state) == 1
    assert run.answer("Red").correct
    run.watch()
    assert run.done and run.progress["score"] == 3 * 4 - 1  # four learner steps, one miss
    assert len(lesson_tree(sc)) == 9  # 5 steps to the do step, then its last 2 on each of 2 branches
    assert tutorial_problems([sc]) == []


def _first_node(name: str, kind: str):
    """The first node of lesson ``name`` whose step is a predict step answering ``kind``."""
    from hotellab.lesson import lesson_tree

    for node in lesson_tree(hl.Scenario.load(SCENARIOS / f"{name}.toml")):
        if node.step.kind == "predict" and parse_answer_spec(node.step.answer)[0] == kind:
            return node.step, node.match.state
    raise AssertionError(f"{name} has no {kind} question")


def test_who_decides_is_taught_by_the_rule_that_decides():
    """Hellton Palace, End of the Game / If one of these conditions occurs in the First
    player's Hotel: "The First player's turn stops immediately. … The Second player then takes
    a last turn". Lesson 9 asks who plays once Red's last doorbell went: the rule that decides is
    that one, not the rule of the decision at hand (1. Welcome a New Guest), which it used to
    cite. Its words come with the answer; the misses name the section only."""
    from hotellab.lesson import answer_rule, check_step

    step, state = _first_node("hellton_palace_lesson_09_end_first", "current_player")
    end = "End of the Game / If one of these conditions occurs in the First player's Hotel"
    assert state.current_player == 1 and answer_rule(step, state).section == end
    first = check_step(step, state, "Red", misses=1)
    assert first.level == 1 and first.text.endswith(f"Not that seat. Rule: {end}.")
    assert "Second player" not in first.text and "Blue" not in first.text
    second = check_step(step, state, "Red", misses=2)
    assert second.text.endswith(f"Rule: {end}. Read that rule: whom does it name, and which seat is that here? "
                                f"Look at: {step.area}.")
    assert "Second player" not in second.text and "Blue" not in second.text
    shown = check_step(step, state, "Red", misses=3)
    assert "The Second player then takes a last turn" in shown.text
    assert f"The answer is Blue. Blue decides now. Rule: {end}" in shown.text


@pytest.mark.parametrize("name,section,words", [
    # Perfect Hotel, Point Calculation: "If there exists a tie in the total points accumulated,
    # the best hotel mogul moniker is shared" (it used to cite Game End: the deck clears)
    ("perfect_hotel_lesson_08_game_end", "Point Calculation", "moniker is shared"),
    # Hotel Zombie, Objective: "the player with the most decorations wins" (it used to cite
    # Game Phases: repeat until the Hotel counter reaches 20)
    ("hotel_zombie_lesson_10_end", "Objective", "most decorations wins"),
    # Hellton Palace, both hotels fell: the groom pawns compared (same section, that sentence)
    ("hellton_palace_lesson_09_end_first", "End of the Game / If one of these conditions occurs in the First "
     "player's Hotel", "compare the number of the last room served"),
])
def test_who_wins_cites_the_rule_that_names_the_winners(name, section, words):
    from hotellab.lesson import answer_rule, check_step

    step, state = _first_node(name, "winners")
    rule = answer_rule(step, state)
    assert rule.section == section and words in rule.quote
    # a wrong seat, the first and second misses: the section only ("The First player wins." in
    # Hellton Palace lesson 10 would give the answer away); the words come with the answer
    for level in (1, 2):
        misses = [fb for fb in (check_step(step, state, state.game.seat_label(s), misses=level)
                                for s in range(state.game.num_seats)) if not fb.correct]
        assert misses and all(fb.level == level and f"Rule: {section}." in fb.text and words not in fb.text
                              for fb in misses)
    assert words in check_step(step, state, "nobody", misses=3).text


def test_who_decides_hints_name_the_rule_not_its_words():
    """The engine's hints for who decides name the rule's section, then where to look; the
    rule's words ("The Second player then takes a last turn") would give the answer away, so they
    come with it (Hellton Palace lesson 9's step, without its authored hints)."""
    import dataclasses

    from hotellab.lesson import hints_for

    step, state = _first_node("hellton_palace_lesson_09_end_first", "current_player")
    got = hints_for(dataclasses.replace(step, hints=[]), state)
    assert got == ["Look at the rule: End of the Game / If one of these conditions occurs in the First player's Hotel",
                   f"Look at: {step.area}"]


def test_an_authored_mistake_for_a_set_of_winners_matches_in_any_order():
    """Hotel Zombie lesson 10 authors words for the wrong set "Chris and Ada": the learner who
    types the same seats in another order gets them too (the set is compared as the answer is,
    in any order), and a wrong set never hears how many seats the answer holds."""
    from hotellab.lesson import check_step

    step, state = _first_node("hotel_zombie_lesson_10_end", "winners")
    say = next(mk["say"] for mk in step.mistakes if mk["answer"] == "Chris and Ada")
    for typed in ("Chris and Ada", "Ada, Chris", "ada chris"):
        fb = check_step(step, state, typed, misses=1)
        assert not fb.correct and fb.text.startswith(say + " That is not the answer."), (typed, fb.text)


def _number_steps():
    """Every number question of every lesson, at its first node: (lesson, step, state)."""
    from hotellab.lesson import answer_spec, lesson_tree

    out = []
    for path in sorted(SCENARIOS.glob("*_lesson_*.toml")):
        seen = set()
        for node in lesson_tree(hl.Scenario.load(path)):
            st = node.step
            spec = answer_spec(st, node.match.state) if st.kind == "predict" else {}
            if id(st) not in seen and (spec.get("type") == "number" or
                                       (spec.get("type") == "list" and not spec.get("seats"))):
                seen.add(id(st))
                out.append((path.stem, st, node.match.state))
    return out


def test_the_rule_a_number_question_cites_before_the_answer_never_prints_it():
    """A new user's trial: the rule cited at the first miss printed the answer ("Każdy gracz
    otrzymuje 500" for Red's money, 500; Perfect Hotel's heading "Cheap Hotel (-3 pts.)" for
    -3), and the second miss's "Add up:" too ("Pool tie (3 cards)" next to "a point for each
    card", for 3). Over every number question of every lesson: the rule sentence and the
    narrowing (its area aside, the author's) never hold the answer's digits, and the answer's
    own text still cites the rule in full."""
    import dataclasses

    from hotellab.lesson import answer_spec, hints_for, narrow_text, predict_miss_text, reveal_text

    steps = _number_steps()
    assert len(steps) >= 40
    for name, step, state in steps:
        value = answer_spec(step, state)["value"]
        for v in value if isinstance(value, list) else [value]:
            digits = re.compile(rf"(?<![\d.,#]){re.escape(str(abs(v)))}(?!\d|[.,]\d)")
            said = predict_miss_text(step, state) + " " + narrow_text(step, state).split(" Look at: ")[0]
            # the engine's hints too (a step's own hints are the author's)
            said += " " + " ".join(h for h in hints_for(dataclasses.replace(step, hints=[]), state)
                                   if not h.startswith("Look at: "))
            assert not digits.search(said), (name, step.question, value, said)
    cheap = next((st, s) for n, st, s in steps if "Cheap Hotel card give" in st.question)
    assert predict_miss_text(*cheap) == "Rule: Award Cards / Cheap Hotel."
    assert "Cheap Hotel (-3 pts.)" in reveal_text(*cheap)


def test_an_area_that_points_at_the_hidden_status_line_is_refused():
    """A new user's trial: three Hellton Palace "who decides" steps said "Look at: the status
    line", which the page hides before the answer (it would name the seat). The scenario check
    refuses such an area, naming the field; a legality question shows the status line."""
    step = '[[steps]]\nkind = "predict"\nquestion = "Whose turn?"\nanswer = "current_player"\narea = "the status line"\n'
    with pytest.raises(hl.ScenarioError, match=r"steps\[0\]\.area: the status line is hidden"):
        lesson(step)
    lesson(step.replace('answer = "current_player"', 'answer = "legal:p0 take 1"'))


def test_feedback_reads_as_words_for_a_learner():
    """A new user's trial: 50 second misses ended a quote with '."."', and 14 answers said "this
    is a chance node (Setup); the next action is a chance outcome". Over every predict step of
    every lesson: no doubled full stop, no engine words ("chance node", "chance outcome", an
    action's text such as "p0 hire porter 1")."""
    from hotellab.lesson import lesson_tree, narrow_text, reveal_text

    seen = 0
    for path in sorted(SCENARIOS.glob("*_lesson_*.toml")):
        for node in lesson_tree(hl.Scenario.load(path)):
            if node.step.kind != "predict":
                continue
            state = node.match.state
            for text in (narrow_text(node.step, state), reveal_text(node.step, state)):
                seen += 1
                assert '."' + "." not in text and '.".' not in text, (path.stem, text)
                assert "chance node" not in text and "chance outcome" not in text, (path.stem, text)
                # a move without words is named by its seat ("Red: hire porter 1"), not "p0 hire porter 1"
                assert not re.search(r"(?<![\w-])p\d+ [a-z]", text), (path.stem, text)
    assert seen >= 300
