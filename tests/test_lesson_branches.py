"""A lesson follows the learner's own right move on a static page (issue 19): for every step of
every tutorial with several right moves, the lesson's page (no kernel) is opened at that step,
a wrong move is tried first when there is one (its feedback must not name the right move), then
the LAST right move is taken, and the next step's board and status are that move's branch
(lesson_data's node for it), not the first right move's. A move that concerns a thing on the
board is made ON THE BOARD, as a learner makes it (a click on the thing; its menu item when
several moves concern it: issue "The board is the interface"); other moves with their buttons."""

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


# A board's drawing as a list of its elements and their drawing attributes, leaving out what
# js/board.js adds when it lays the panels out and names the things (roles, focus, names,
# rings, a panel's place): the drawn board and the board in the step's data then compare equal.
PRINT = """(root) => {
  const skip = new Set(['role', 'tabindex', 'aria-label', 'aria-hidden', 'aria-disabled', 'aria-haspopup',
                        'aria-describedby', 'class', 'x', 'y', 'font-family']);
  const out = [];
  const panels = root.querySelectorAll('svg.hl-panel');
  for (const el of panels.length ? root.querySelectorAll('svg.hl-panel *') : root.querySelectorAll('svg *')) {
    if (el.classList.contains('hl-ring') || el.closest('.hl-sr')) continue;
    const attrs = [...el.attributes].filter(a => !skip.has(a.name) || ((a.name === 'x' || a.name === 'y') && el.localName !== 'svg'))
      .map(a => a.name + '=' + a.value).sort();
    out.push(el.localName + '(' + attrs.join(',') + ')' + (el.children.length ? '' : el.textContent));
  }
  return out.join('|');
}"""
SHOWN = "(root) => (" + PRINT + ")(root)"
PARSED = "(svg) => (" + PRINT + ")(new DOMParser().parseFromString(svg, 'image/svg+xml'))"


def make(page, step, move) -> None:
    """Make ``move`` of a do/exercise step as a learner does: on the board when it concerns a
    thing there (its menu item when several moves do), else with its button."""
    if not move.get("target"):
        page.click(f".hl-lesson-controls > .hl-lesson-moves button[data-value='{move['value']}']")
        return
    page.click(f".hl-lesson-svg [data-target='{move['target']}']")
    if sum(m.get("target") == move["target"] for m in step["moves"]) > 1:
        page.get_by_role("menuitem", name=move["label"], exact=True).click()


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
@pytest.mark.xdist_group("browser-b")
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
                        make(page, step, wrong[0])
                        said = page.text_content(".hl-lesson-feedback")
                        assert all(m["label"] not in said for m in rights), (name, node, said)
                    last = rights[-1]
                    make(page, step, last)
                    assert page.text_content(".hl-lesson-verdict").startswith("Right"), (name, node)
                    page.click(".hl-lesson-next")
                    if last["next"] < 0:
                        assert page.is_visible(".hl-lesson-done"), (name, node)
                        continue
                    after = data["steps"][last["next"]]
                    assert page.text_content(".hl-lesson-count") == f"Step {after['n'] + 1} of {data['count']}"
                    assert page.text_content(".hl-lesson-status") == after["before"]["status"], (name, node)
                    shown = page.eval_on_selector(".hl-lesson-svg", SHOWN)
                    assert shown == page.evaluate(PARSED, after["before"]["svg"]), (name, node)  # the chosen branch's board
                    first = data["steps"][rights[0]["next"]] if rights[0]["next"] >= 0 else None
                    if first is not None and first["before"]["svg"] != after["before"]["svg"]:
                        assert shown != page.evaluate(PARSED, first["before"]["svg"]), (name, node)
        finally:
            browser.close()
    assert not errors
