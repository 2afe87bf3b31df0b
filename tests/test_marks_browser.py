"""The tutor's marks on an exported GameView page, in Debian's Chromium (issue 21).

A standalone page (:func:`hotellab.widgets.export_html`) of a Perfect Hotel game with the
tutor's costly moves as ``marks`` is served on 127.0.0.1 and opened with no network
(``tests/offline_browser.py``: playwright-python and ``/usr/bin/chromium``, never
``playwright install``). Checked: one marker button per mark under the slider, centred under
the slider's thumb at its step, in lanes that neither overlap each other nor the slider or the
position text; each named by its text; a click or Enter shows the state where the move was
made and the mark's text in a polite live region; a seat's view shows only that seat's marks.
No accessibility engine runs here (the other browser tests run none, and axe-core is not
installed): the names, focus ring and text sizes are checked directly.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import hotellab as hl

_spec = importlib.util.spec_from_file_location("hl_offline_browser", Path(__file__).with_name("offline_browser.py"))
ob = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ob)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.xdist_group("browser-b"),
    pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM),
]

THUMB = 16  # px: Chromium's range thumb; a marker's centre is the thumb's centre at its step

_MARKERS_JS = """() => {
  const s = document.querySelector('.hl-slider').getBoundingClientRect();
  const p = document.querySelector('.hl-pos').getBoundingClientRect();
  const marks = [...document.querySelectorAll('.hl-marks .hl-mark')].map((b) => {
    const r = b.getBoundingClientRect();
    return {tag: b.tagName, type: b.type, step: Number(b.dataset.step), label: b.getAttribute('aria-label'),
            title: b.title, x: r.left + r.width / 2, left: r.left, right: r.right, top: r.top,
            bottom: r.bottom, cls: b.className};
  });
  return {slider: {left: s.left, right: s.right, width: s.width, bottom: s.bottom},
          pos: {left: p.left, right: p.right, top: p.top, bottom: p.bottom}, marks};
}"""


@pytest.fixture(scope="module")
def game_and_moves():
    pytest.importorskip("pandas")
    log = hl.play(hl.load_game("perfect_hotel"), agents=["random", "greedy"], seed=3)
    moves = hl.analysis.costly_moves(log, agent="mcts:30", threshold=0.1, progress=False)
    return hl.Replay(log), moves


def _open(page, base, name):
    page.goto(f"{base}/{name}")
    page.wait_for_selector(".hl-gameview .hl-board svg")
    page.wait_for_selector(".hl-marks .hl-mark")


def test_marks_on_an_exported_page(game_and_moves, tmp_path):
    replay, moves = game_and_moves
    n = len(replay)
    rows = sorted(moves.to_dict("records"), key=lambda r: r["step"])
    assert n == 73 and len(rows) >= 5  # the game of docs/guide.md's example: 73 states
    texts = {r["step"]: f"{r['played']}; better: {r['best']} (\u2212{round(r['cost'], 4):.2f})" for r in rows}
    hl.widgets.export_html(replay, tmp_path / "marks.html", marks=moves)
    with ob.static_server(tmp_path) as base, ob.offline_page(base, viewport=(1280, 900)) as (page, blocked, errors):
        _open(page, base, "marks.html")
        got = page.evaluate(_MARKERS_JS)
        s, marks = got["slider"], got["marks"]
        # one real button per row, in step order, named by its text (the tooltip says the same)
        assert [m["step"] for m in marks] == [r["step"] for r in rows]
        for m in marks:
            assert m["tag"] == "BUTTON" and m["type"] == "button"
            assert m["label"] == f"Costly move at step {m['step']}: {texts[m['step']]}" == m["title"]
        # colour by cost (as sent: 4 decimals): 0.4 and over "high", 0.2 and over "mid", else "low"
        cost = {r["step"]: round(r["cost"], 4) for r in rows}
        for m in marks:
            want = "hl-mark-high" if cost[m["step"]] >= 0.4 else "hl-mark-mid" if cost[m["step"]] >= 0.2 else "hl-mark-low"
            assert want in m["cls"].split(), (m["step"], cost[m["step"]], m["cls"])
        # positions: the thumb's centre at the step (step / (n - 1) of the thumb's travel)
        for m in marks:
            want = s["left"] + THUMB / 2 + m["step"] / (n - 1) * (s["width"] - THUMB)
            assert abs(m["x"] - want) <= 1, (m["step"], m["x"], want)
        # under the slider, clear of the position text, and no two markers of a lane overlap
        pos = got["pos"]
        for m in marks:
            assert m["top"] >= s["bottom"] - 0.5
            assert m["right"] <= pos["left"] or m["left"] >= pos["right"] or m["top"] >= pos["bottom"]
        # WCAG 2.2 target size (2.5.8, AA): every marker at least 24 x 24 CSS px
        for m in marks:
            assert m["right"] - m["left"] >= 24 - 0.01 and m["bottom"] - m["top"] >= 24 - 0.01, m
        lanes = {}
        for m in marks:
            lanes.setdefault(m["top"], []).append(m)
        assert len(lanes) <= 4
        for lane in lanes.values():
            for a, b in zip(lane, lane[1:]):
                assert b["left"] >= a["right"] - 0.5, (a["step"], b["step"])

        # a click shows the state where the move was made, and the mark's text
        top = max(rows, key=lambda r: r["cost"])
        k = top["step"]
        note = page.locator(".hl-mark-note")
        assert note.get_attribute("aria-live") == "polite" and note.inner_text() == ""
        page.click(f'.hl-mark[data-step="{k}"]')
        page.wait_for_function(f"() => document.querySelector('.hl-pos').textContent === '{k} / {n - 1}'")
        assert page.eval_on_selector(".hl-slider", "e => e.value") == str(k)
        assert note.inner_text() == f"Costly move at step {k} (made from this state): {texts[k]}"
        assert page.eval_on_selector(f'.hl-mark[data-step="{k}"]', "e => e.getAttribute('aria-current')") == "step"
        status = page.locator(".hl-head .hl-status").inner_text()
        assert status == hl.Replay(replay.log).state_at(k).status_text()
        # readable: the note's text and its heading at 11 px or more
        sizes = page.evaluate("() => [...document.querySelectorAll('.hl-mark-note, .hl-mark-note *')]"
                              ".map(e => parseFloat(getComputedStyle(e).fontSize))")
        assert sizes and min(sizes) >= 11

        # the keyboard: Tab from the slider reaches the first marker, with a visible ring; Enter goes
        page.click(".hl-controls button[title^='First']")
        page.focus(".hl-slider")
        page.keyboard.press("Tab")
        focused = page.evaluate("() => [document.activeElement.dataset.step, getComputedStyle(document.activeElement).outlineStyle,"
                                " getComputedStyle(document.activeElement).outlineWidth]")
        assert focused == [str(rows[0]["step"]), "solid", "2px"]
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        k2 = rows[1]["step"]
        page.wait_for_function(f"() => document.querySelector('.hl-pos').textContent === '{k2} / {n - 1}'")
        assert note.inner_text().startswith(f"Costly move at step {k2} (made from this state): ")
        # leaving the step empties the note (the hint comes back)
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector('.hl-pos').textContent === '{k2 + 1} / {n - 1}'")
        if k2 + 1 not in texts:
            assert note.inner_text() == ""
            assert page.locator(".hl-mark-bar .hl-note").is_visible()

        # the omniscient page switched to Red's view (seat 1): only Red's moves are marked
        page.select_option(".hl-perspective", label="Red")
        page.wait_for_function("() => [...document.querySelectorAll('.hl-mark')].length === " +
                               str(sum(1 for r in rows if r["seat"] == 1)))
        shown = page.evaluate("() => [...document.querySelectorAll('.hl-mark')].map(b => Number(b.dataset.step))")
        assert shown == [r["step"] for r in rows if r["seat"] == 1]
        assert not errors and not blocked


def test_marks_of_a_seat_page_and_their_text_stay_text(game_and_moves, tmp_path):
    """Seat 0's page holds seat 0's rows only; a note written as markup is shown as text."""
    replay, moves = game_and_moves
    seat0 = sorted(r["step"] for r in moves.to_dict("records") if r["seat"] == 0)
    hl.widgets.export_html(replay, tmp_path / "seat0.html", perspective=0, marks=moves)
    evil = "<b>bold</b> & <img src=x onerror=alert(1)>"
    step = seat0[0]
    hl.widgets.export_html(replay, tmp_path / "evil.html", marks=[{"step": step, "text": evil}])
    with ob.static_server(tmp_path) as base, ob.offline_page(base, viewport=(1280, 900)) as (page, blocked, errors):
        _open(page, base, "seat0.html")
        shown = page.evaluate("() => [...document.querySelectorAll('.hl-mark')].map(b => Number(b.dataset.step))")
        assert shown == seat0
        _open(page, base, "evil.html")
        b = page.locator(".hl-mark")
        assert b.get_attribute("aria-label") == f"Note at step {step}: {evil}"
        assert "hl-mark-plain" in b.get_attribute("class").split()  # no cost: the plain colour
        b.click()
        note = page.locator(".hl-mark-note")
        assert note.inner_text() == f"Note at step {step} (made from this state): {evil}"
        assert page.evaluate("() => document.querySelectorAll('.hl-gameview b, .hl-gameview img').length") == 0
        assert not errors and not blocked
