"""hl.widgets.Lesson: the lesson is worked out in Python and played by lesson.js, so answers
are checked in the browser with no kernel. The fixture lesson (tests/fixtures/toy_lesson.toml)
runs on the toy plug-in Night Porter; expected values by hand from its rules: 5 keys, Amber
(seat 0) to act; a predict (Amber's score: 0, nobody scores before the last key), a watch
(Amber takes 1), a do (Teal takes 1), an exercise with 3 keys left (either move is best:
neither takes the last key), and a predict after it whose answer depends on the learner's
move (after "take 1" two keys are left and Teal may take 2; after "take 2" one key is left and
Teal may not)."""

from __future__ import annotations

import json
import importlib.util
import os
import re
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.widgets.lesson import lesson_data, lesson_html

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "toy_lesson.toml"
_ob_spec = importlib.util.spec_from_file_location("hl_offline_browser", Path(__file__).with_name("offline_browser.py"))
_ob = importlib.util.module_from_spec(_ob_spec)
_ob_spec.loader.exec_module(_ob)
CHROMIUM, NO_CHROMIUM = _ob.CHROMIUM, _ob.NO_CHROMIUM
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def test_lesson_data_is_computed_from_the_engine():
    data = lesson_data(hl.Scenario.load(FIXTURE))
    assert (data["version"], data["count"], data["learner_steps"]) == (2, 5, 4)
    # one node per step along the first right answers, then the branch of "p0 take 2"
    assert [(s["n"], s["kind"]) for s in data["steps"]] == [
        (0, "predict"), (1, "watch"), (2, "do"), (3, "exercise"), (4, "predict"), (4, "predict")]
    predict, watch, do, exercise, after1, after2 = data["steps"]
    assert predict["answer"] == {"type": "number", "value": 0} and predict["next"] == 1
    assert watch["after"]["events"] == ["Amber takes 1."]
    assert watch["after"]["status"] == "Round 2 — Teal to act"
    # do: Teal may take 1 or 2; only "p1 take 1" is the step's move
    assert [(m["value"], m["correct"]) for m in do["moves"]] == [("p1 take 1", True), ("p1 take 2", False)]
    assert do["moves"][1]["feedback"] == ('p1 take 2 is legal, but it is not the move this step asks for. '
                                          'Rule: Turn ("take 1 or 2 keys from the key board").')
    # exercise: 3 keys left, Amber to act: taking 1 or 2 scores nothing now (0 = 0): both best,
    # and each goes on to its own next node
    assert exercise["before"]["status"] == "Round 3 — Amber to act"
    assert [(m["value"], m["correct"], m["next"]) for m in exercise["moves"]] == [
        ("p0 take 1", True, 4), ("p0 take 2", True, 5)]
    # a right move's board is the next node's: not stored twice
    assert all(m["svg"] is None for m in exercise["moves"])
    assert after1["answer"]["value"] is True and after2["answer"]["value"] is False
    assert after1["next"] == after2["next"] == -1
    assert "The answer" not in after2["why"] and after2["reveal"].startswith("The answer is no.")


def test_the_widget_and_its_kernel_free_html():
    lesson = hl.widgets.Lesson(str(FIXTURE))
    assert lesson.progress == {"index": 0, "hints": {}, "wrong": {}}
    assert lesson.run.answer("3").correct is False and lesson.run.answer(0).correct
    data, _ = lesson._repr_mimebundle_()
    page = data["text/html"]
    assert 'class="hotellab-lesson-module"' in page and "<strong>The last key</strong> — 5 steps." in page
    payload = re.search(r'<script type="application/json" id="(hl-lesson-[0-9a-f]+)-data">(.*?)</script>', page, re.S)
    import base64
    import gzip

    blob = json.loads(payload.group(2))["_data"]
    assert json.loads(gzip.decompress(base64.b64decode(blob)))["title"] == "The last key"
    assert len(blob) < len(json.dumps(lesson.data)) / 3  # the boards compress
    assert hl.coverage(lesson).game == "toy_porter"


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=NO_CHROMIUM)
def test_a_static_lesson_page_checks_answers_with_no_kernel_and_no_network(tmp_path):
    from playwright.sync_api import sync_playwright

    data = lesson_data(hl.Scenario.load(FIXTURE))
    page_html = ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>lesson</title></head><body>"
                 + lesson_html(data) + "</body></html>")
    path = tmp_path / "lesson.html"
    path.write_text(page_html, "utf-8")
    blocked, errors = [], []
    verdict = ".hl-lesson-verdict"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page()
            page.route(re.compile(r"^https?://"), lambda route: (blocked.append(route.request.url), route.abort()))
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(path.as_uri())
            page.wait_for_selector(".hl-lesson-card")
            assert page.text_content(".hl-lesson-count") == "Step 1 of 5"
            assert page.text_content(".hl-lesson-score") == "Score 0 of 12"
            # predict: the text that explains the answer is not on the card before it is answered
            assert "Nobody scores" not in page.text_content(".hl-lesson-card")
            page.fill(".hl-lesson-input", "seven")  # unreadable: what to type, no miss
            page.click(".hl-lesson-check")
            assert page.text_content(verdict) == "Type a number, for example 12."
            page.fill(".hl-lesson-input", "5")  # 5 against 0: too high, the rule, not the answer
            page.click(".hl-lesson-check")
            assert page.text_content(verdict) == \
                'Too high, by more than 2. Rule: Turn ("take 1 or 2 keys from the key board").'
            assert page.is_disabled(".hl-lesson-next")
            page.fill(".hl-lesson-input", "0")
            page.click(".hl-lesson-check")
            assert page.text_content(verdict) == "Right: 0. Amber has no points here yet. Nobody scores before the last key."
            page.click(".hl-lesson-next")
            # watch: play it, see what happened
            page.click(".hl-lesson-next")
            assert "Amber takes 1." in page.text_content(".hl-lesson-feedback")
            page.click(".hl-lesson-next")
            # do: the wrong legal move is refused with the rule, not the answer; the right one opens Next
            page.click("button[data-value='p1 take 2']")
            assert page.text_content(verdict).startswith("p1 take 2 is legal, but it is not the move this step asks for.")
            assert "p1 take 1" not in page.text_content(".hl-lesson-feedback")
            page.click(".hl-lesson-hint")
            assert page.text_content(".hl-lesson-hint-text").startswith("Look at the rule: Turn")
            page.click("button[data-value='p1 take 1']")
            assert page.text_content(verdict) == "Right. Teal takes 1 (Turn)."
            page.click(".hl-lesson-next")
            # exercise: the LAST of the two right moves; the next step goes on from it
            page.click("button[data-value='p0 take 2']")
            assert page.text_content(verdict).startswith("Right. Amber takes 2 (Turn).")
            page.click(".hl-lesson-next")
            assert page.text_content(".hl-lesson-count") == "Step 5 of 5"
            assert page.text_content(".hl-lesson-status") == after_status(data, 5)
            page.fill(".hl-lesson-input", "yes")  # right on the other branch, wrong on this one
            page.click(".hl-lesson-check")
            assert page.text_content(verdict).startswith("Rule: Turn")
            page.click(".hl-lesson-show")
            assert page.text_content(verdict).startswith("The answer is no.")
            page.fill(".hl-lesson-input", "no")
            page.click(".hl-lesson-check")
            assert page.text_content(verdict).startswith("Right: no.")
            page.click(".hl-lesson-next")
            # 3 points a step: predict 1 miss (2), do 1 miss + 1 hint (1), exercise (3), shown (0)
            done = "Lesson complete: score 6 of 12 (50%); 1 hint(s), 3 wrong answer(s), 1 answer(s) shown."
            assert page.text_content(".hl-lesson-done") == done
            page.reload()  # the browser keeps the learner's progress under the lesson's key
            page.wait_for_selector(".hl-lesson-done")
            assert page.text_content(".hl-lesson-done") == done
            page.click(".hl-lesson-restart")
            assert page.text_content(".hl-lesson-count") == "Step 1 of 5"
            page.reload()
            page.wait_for_selector(".hl-lesson-card")
            assert page.text_content(".hl-lesson-count") == "Step 1 of 5"
        finally:
            browser.close()
    assert not errors and not blocked


def after_status(data, node: int) -> str:
    return data["steps"][node]["before"]["status"]


def test_lesson_refuses_what_is_not_a_scenario():
    with pytest.raises(hl.ScenarioError, match="Lesson takes a Scenario or the path"):
        hl.widgets.Lesson(None)


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=NO_CHROMIUM)
def test_a_static_review_brings_a_missed_step_back_later(tmp_path):
    from playwright.sync_api import sync_playwright

    from hotellab.widgets.lesson import review_data

    one = hl.Scenario.load(FIXTURE)
    data = review_data([one, one], per_lesson=2)  # steps: Amber's score (0) twice, then "may Teal take 2?" twice
    path = tmp_path / "review.html"
    path.write_text("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>review</title></head><body>"
                    + lesson_html(data) + "</body></html>", "utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page()
            page.goto(path.as_uri())
            page.wait_for_selector(".hl-lesson-card")

            def answer(text):
                page.fill(".hl-lesson-input", text)
                page.click(".hl-lesson-check")
                return page.text_content(".hl-lesson-verdict")

            assert page.text_content(".hl-lesson-count") == "1 of 4"
            assert answer("2").startswith("Too high, but close.")
            assert answer("0").startswith("Right: 0.")
            page.click(".hl-lesson-next")
            seen = []
            for _ in range(3):  # the three other steps (right at once), then the missed one again
                seen.append(page.text_content(".hl-lesson-question"))
                value = "0" if "points" in seen[-1] else "yes"
                assert answer(value).startswith("Right")
                page.click(".hl-lesson-next")
            assert seen == ["How many points does Amber have now?", "May Teal take two keys now?",
                            "May Teal take two keys now?"]
            assert page.text_content(".hl-lesson-count") == "Once more: you missed this one earlier"
            assert page.text_content(".hl-lesson-question") == "How many points does Amber have now?"
            assert answer("0").startswith("Right")
            page.click(".hl-lesson-next")
            # 3 points a step, one miss: 11 of 12
            assert page.text_content(".hl-lesson-done").startswith("Review complete: score 11 of 12 (92%)")
        finally:
            browser.close()


def test_a_predict_steps_board_does_not_show_its_answer():
    # the fixture's first step asks for Amber's score: its board and status leave the scores out
    # (drawn "?"), and the status says only the phase; after the answer the board is whole again
    data = lesson_data(hl.Scenario.load(FIXTURE))
    before = data["steps"][0]["before"]
    assert "score ?" in before["svg"] and "score 0" not in before["svg"]
    assert before["status"] == "Night"  # the phase (the toy's only one), not "Round 2 — Amber to act"
    assert "score 0" in data["steps"][1]["before"]["svg"]  # the watch step after it: the whole board
    # "May Teal take two keys now?" (a legality question) keeps the board and its status
    assert data["steps"][4]["before"]["status"] == "Round 3 — Teal to act"


def test_a_hidden_score_breakdown_does_not_read_as_no_points():
    """A new user's trial: Perfect Hotel lesson 8 asks who is the top hotel mogul at a
    three-way tie; the board before the answer hid the score lines, and the breakdown panel then
    read "no points yet" for every seat, a tie at 0, which is the answer. The panel now says
    it is shown once answered (the view's ``answer_hidden``)."""
    data = lesson_data(hl.Scenario.load(Path(__file__).resolve().parent.parent / "notebooks" / "scenarios"
                                        / "perfect_hotel_lesson_08_game_end.toml"))
    winners = [s for s in data["steps"] if s["kind"] == "predict" and s["answer"].get("type") == "list"]
    assert winners
    for s in winners:
        svg = s["before"]["svg"]
        assert "shown once you have answered" in svg and "no points yet" not in svg
        assert "Bedroom majority" not in svg  # the lines themselves stay hidden


def test_a_board_before_a_score_or_winners_question_shows_hidden_as_hidden():
    """A second new user's trial: before the answer, Boutique Hotel's hotels showed their money
    (the score asked for), its table read "Game over: nobody wins" (the winners hidden), and
    Perfect Hotel's award cards read "now: Red (+5)" (the points asked for). Over every score,
    category, scores and winners question of every lesson: no such words on the board before
    the answer; Boutique Hotel's money reads "?" (Game.score_view_keys), except before "who
    wins", which asks for the end rule and has no other way to show the end's money."""
    from hotellab.lesson import lesson_tree, parse_answer_spec
    from hotellab.widgets.lesson import _frame

    scenarios = Path(__file__).resolve().parent.parent / "notebooks" / "scenarios"
    seen = 0
    for path in sorted(scenarios.glob("*_lesson_*.toml")):
        done = set()
        for node in lesson_tree(hl.Scenario.load(path)):
            step = node.step
            if step.kind != "predict" or id(step) in done:
                continue
            done.add(id(step))
            spec = parse_answer_spec(step.answer)
            if spec[0] not in ("score", "scores", "category", "winners"):
                continue
            svg = _frame(node.match.state, None, spec)["svg"]
            seen += 1
            assert "nobody wins" not in svg and "no points yet" not in svg, (path.stem, step.question)
            assert not re.search(r">now: (?!shown once)", svg), (path.stem, step.question)  # award cards
            if path.stem.startswith("boutique_hotel"):  # the money is the score; "who wins" compares it
                hidden = "money: shown once you have answered" in svg
                assert hidden == (spec[0] != "winners"), (path.stem, step.question)
    assert seen >= 40


@pytest.mark.parametrize("lesson,asks,absent,present", [
    # Perfect Hotel lesson 2 asks who takes the first turn: Blue's panel read "first player · to play now"
    ("perfect_hotel_lesson_02_setup_turns", "first_player", ["first player", "to play now"], []),
    # Hostil Hostal lesson 3 asks Red's guests in the supply: the hidden value read "no guests"
    ("hostil_hostal_lesson_03_setup", "guests_in_supply", ["Red&#x27;s supply: 4 guests", "Red&#x27;s supply: 0"],
     ["Red&#x27;s supply: shown once you have answered"]),
])
def test_a_board_before_a_view_question_does_not_show_the_seat_or_a_false_none(lesson, asks, absent, present):
    from hotellab.lesson import lesson_tree, parse_answer_spec
    from hotellab.widgets.lesson import _frame

    path = Path(__file__).resolve().parent.parent / "notebooks" / "scenarios" / f"{lesson}.toml"
    node = next(n for n in lesson_tree(hl.Scenario.load(path))
                if n.step.kind == "predict" and n.step.answer.endswith(asks))
    svg = _frame(node.match.state, None, parse_answer_spec(node.step.answer))["svg"]
    assert not [w for w in absent if w in svg] and all(w in svg for w in present)
