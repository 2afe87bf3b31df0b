"""A lesson follows the learner's own right move on a static page (issue 19): for every step of
every tutorial with several right moves, the lesson's page (no kernel) is opened at that step,
a wrong move is tried first when there is one (its feedback must not name the right move), then
the LAST right move is taken, and the next step's board and status are that move's branch
(lesson_data's node for it), not the first right move's."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from hotellab.lesson.practice import tutorial_scenarios
from hotellab.widgets.lesson import lesson_data, lesson_html
from offline_browser import CHROMIUM, NO_CHROMIUM

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GAMES = ["boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel"]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def branching():
    """(lesson path, its page data, node ids with several right moves), over every tutorial."""
    out = []
    for game in GAMES:
        for sc in tutorial_scenarios(NOTEBOOKS / f"{game}.ipynb"):
            data = lesson_data(sc)
            nodes = [i for i, s in enumerate(data["steps"]) if sum(m["correct"] for m in s.get("moves", [])) > 1]
            if nodes:
                out.append((Path(sc.source).name, data, nodes))
    return out


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=NO_CHROMIUM)
def test_the_last_right_move_of_every_branching_step_is_followed_on_a_static_page(tmp_path):
    from playwright.sync_api import sync_playwright

    cases = branching()
    steps = sum(len(nodes) for _, _, nodes in cases)
    print("steps with several right moves:", steps, "in", len(cases), "lessons")
    assert steps >= 10
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.route(re.compile(r"^https?://"), lambda route: route.abort())
            for name, data, nodes in cases:
                for node in nodes:
                    step = data["steps"][node]
                    path = tmp_path / f"{name}-{node}.html"
                    path.write_text("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>l</title></head>"
                                    "<body>" + lesson_html(data, {"index": node}) + "</body></html>", "utf-8")
                    page.goto(path.as_uri())
                    page.wait_for_selector(".hl-lesson-card")
                    assert page.text_content(".hl-lesson-count") == f"Step {step['n'] + 1} of {data['count']}"
                    rights = [m for m in step["moves"] if m["correct"]]
                    wrong = [m for m in step["moves"] if not m["correct"]]
                    if wrong:
                        page.click(f"button[data-value='{wrong[0]['value']}']")
                        said = page.text_content(".hl-lesson-feedback")
                        assert all(m["label"] not in said for m in rights), (name, node, said)
                    last = rights[-1]
                    page.click(f"button[data-value='{last['value']}']")
                    assert page.text_content(".hl-lesson-verdict").startswith("Right"), (name, node)
                    page.click(".hl-lesson-next")
                    if last["next"] < 0:
                        assert page.is_visible(".hl-lesson-done"), (name, node)
                        continue
                    after = data["steps"][last["next"]]
                    assert page.text_content(".hl-lesson-count") == f"Step {after['n'] + 1} of {data['count']}"
                    assert page.text_content(".hl-lesson-status") == after["before"]["status"], (name, node)
                    shown = page.inner_html(".hl-lesson-board svg")
                    parse = """(svg) => { const r = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
                        const d = document.createElement('div'); d.append(document.importNode(r, true));
                        return d.querySelector('svg').innerHTML; }"""
                    assert shown == page.evaluate(parse, after["before"]["svg"]), (name, node)  # the chosen branch's board
                    first = data["steps"][rights[0]["next"]] if rights[0]["next"] >= 0 else None
                    if first is not None and first["before"]["svg"] != after["before"]["svg"]:
                        assert shown != page.evaluate(parse, first["before"]["svg"]), (name, node)
        finally:
            browser.close()
    assert not errors
