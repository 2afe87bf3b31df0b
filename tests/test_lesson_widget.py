"""hl.widgets.Lesson: the lesson is worked out in Python and played by lesson.js, so answers
are checked in the browser with no kernel. The fixture lesson (tests/fixtures/toy_lesson.toml)
runs on the toy plug-in Night Porter; expected values by hand from its rules: 5 keys, Amber
(seat 0) to act; a predict (Amber's score: 0, nobody scores before the last key), a watch
(Amber takes 1), a do (Teal takes 1), and an exercise with 3 keys left (either move is best:
neither takes the last key)."""

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
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds == ["predict", "watch", "do", "exercise"]
    predict, watch, do, exercise = data["steps"]
    assert predict["answer"] == {"type": "number", "value": 0}
    assert watch["after"]["events"] == ["Amber takes 1."]
    assert watch["after"]["status"] == "Round 2 — Teal to act"
    # do: Teal may take 1 or 2; only "p1 take 1" is the step's move
    assert [(m["value"], m["correct"]) for m in do["moves"]] == [("p1 take 1", True), ("p1 take 2", False)]
    assert do["moves"][1]["feedback"] == "p1 take 2 is legal, but this step asks for p1 take 1."
    # exercise: 3 keys left, Amber to act: taking 1 or 2 scores nothing now (0 = 0): both best
    assert exercise["before"]["status"] == "Round 3 — Amber to act"
    assert [(m["value"], m["correct"]) for m in exercise["moves"]] == [("p0 take 1", True), ("p0 take 2", True)]
    assert all(m["svg"].startswith("<svg") for m in exercise["moves"])


def test_the_widget_and_its_kernel_free_html():
    lesson = hl.widgets.Lesson(str(FIXTURE))
    assert lesson.progress == {"index": 0, "hints": {}, "wrong": {}}
    assert lesson.run.answer("3").correct is False and lesson.run.answer(0).correct
    data, _ = lesson._repr_mimebundle_()
    page = data["text/html"]
    assert 'class="hotellab-lesson-module"' in page and "<strong>The last key</strong> — 4 steps." in page
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
    page_html = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>lesson</title></head><body>"
                 + lesson_html(data) + "</body></html>")
    path = tmp_path / "lesson.html"
    path.write_text(page_html, "utf-8")
    blocked, errors = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page()
            page.route(re.compile(r"^https?://"), lambda route: (blocked.append(route.request.url), route.abort()))
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(path.as_uri())
            page.wait_for_selector(".hl-lesson-card")
            assert page.text_content(".hl-lesson-count") == "Step 1 of 4"
            # predict: a wrong answer, then the right one
            page.fill(".hl-lesson-input", "5")
            page.click(".hl-lesson-check")
            assert page.text_content(".hl-lesson-verdict").startswith("Not quite.")
            assert page.is_disabled(".hl-lesson-next")
            page.fill(".hl-lesson-input", "0")
            page.click(".hl-lesson-check")
            assert page.text_content(".hl-lesson-verdict") == "Right: 0. Nobody scores before the last key."
            page.click(".hl-lesson-next")
            # watch: play it, see what happened
            page.click(".hl-lesson-next")
            assert "Amber takes 1." in page.text_content(".hl-lesson-feedback")
            page.click(".hl-lesson-next")
            # do: the wrong legal move is refused with the reason, the right one opens Next
            page.click("button[data-value='p1 take 2']")
            assert page.text_content(".hl-lesson-verdict") == "p1 take 2 is legal, but this step asks for p1 take 1."
            page.click(".hl-lesson-hint")
            assert page.text_content(".hl-lesson-hint-text").startswith("Look at the rule: Turn")
            page.click("button[data-value='p1 take 1']")
            assert page.text_content(".hl-lesson-verdict") == "Right. Teal takes one key too."
            page.click(".hl-lesson-next")
            page.click("button[data-value='p0 take 2']")
            assert page.text_content(".hl-lesson-verdict").startswith("Right.")
            page.click(".hl-lesson-next")
            assert page.text_content(".hl-lesson-done") == \
                "Lesson complete: 4 steps, 1 hint(s) used, 2 wrong answer(s)."
            page.click(".hl-lesson-restart")
            assert page.text_content(".hl-lesson-count") == "Step 1 of 4"
        finally:
            browser.close()
    assert not errors and not blocked


def test_lesson_refuses_what_is_not_a_scenario():
    with pytest.raises(hl.ScenarioError, match="Lesson takes a Scenario or the path"):
        hl.widgets.Lesson(None)
