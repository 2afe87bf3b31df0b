"""GameView text stays readable in JupyterLab's light, dark and dark high-contrast themes,
and says what to do when its kernel is gone
(issue 11, fault 6: in the dark theme the title and rule links measured 2.03:1 and the board's
dark text on a transparent SVG about 1.3:1).

JupyterLab (the setup of tests/test_browser.py: this Python, Debian's Chromium through
playwright-python, never ``playwright install``) runs a small notebook with a live omniscient
GameView and a seat's view, then switches theme from the Settings menu. In the page, every
visible text of the widget is measured against the colour actually behind it: the first
opaque background of its ancestors, semi-transparent layers composed over it (WCAG 2.x
relative luminance and contrast ratio). Board text drawn in the SVG's default ink (no fill
of its own) is measured against the board's background. Disabled controls are exempt, as
WCAG exempts inactive components. Every measured ratio must be at least 4.5:1.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

import lab_server  # noqa: E402  (tests/ is on sys.path: conftest.py)
import offline_browser as ob  # noqa: E402

_spec = importlib.util.spec_from_file_location("_hl_browser_setup", Path(__file__).with_name("test_browser.py"))
_browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_browser)

CHROMIUM, NO_CHROMIUM = _browser.CHROMIUM, _browser.NO_CHROMIUM
MIN_RATIO = 4.5
THEMES = ["JupyterLab Dark", "JupyterLab Dark High Contrast", "JupyterLab Light"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.xdist_group("browser-b"),
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=NO_CHROMIUM),
]

NOTEBOOK = {
    "cells": [{
        "cell_type": "code", "execution_count": None, "id": "themes", "metadata": {}, "outputs": [],
        "source": [
            "import hotellab as hl\n",
            "g = hl.load_game('hostil_hostal', num_players=3)\n",
            "m = hl.Match(g, seed=1, agents=[None, 'random', 'random'])\n",
            "m.run()\n",
            "v = hl.widgets.GameView(m)\n",
            "v._error = 'an error message, to measure its colours'\n",
            "display(v)\n",
            "display(hl.widgets.GameView(hl.Replay(hl.play(g, seed=2)), perspective=0, index=40))\n",
            "auto = hl.Match(g, seed=3, agents=['random'] * 3)\n",
            "display(hl.widgets.GameView(auto, speed=16))\n",
        ],
    }],
    "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}

CONTRAST_JS = """
() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {  // top composed over an opaque colour
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const background = (el) => {  // the colour behind el: layers down to the first opaque one
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let base = [255, 255, 255, 1];
    if (layers.length && layers[layers.length - 1][3] >= 1) base = layers.pop();
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    return base;
  };
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const out = [];
  for (const root of document.querySelectorAll(".hl-gameview")) {
    for (const el of root.querySelectorAll("*")) {
      if (el.closest("svg") || el.closest("button:disabled, select:disabled, input:disabled")) continue;
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own || !visible(el)) continue;
      const st = getComputedStyle(el);
      let fg = parse(st.color);
      const bg = background(el);
      if (fg[3] < 1) fg = over(fg, bg);
      out.push({what: (el.className || el.tagName) + ": " + el.textContent.trim().slice(0, 40),
                ratio: ratio(fg, bg), fg: st.color});
    }
    const board = root.querySelector(".hl-board");
    const bbg = board ? background(board) : null;
    for (const t of root.querySelectorAll(".hl-board svg text")) {
      if (t.hasAttribute("fill") || !t.textContent.trim() || !visible(t)) continue;
      if (t.closest("[fill]:not(svg)")) continue;  // ink set by a group
      const fg = parse(getComputedStyle(t).fill);
      if (!fg) continue;
      out.push({what: "board text: " + t.textContent.trim().slice(0, 40), ratio: ratio(fg, bbg),
                fg: getComputedStyle(t).fill});
    }
  }
  return out;
}
"""


def _set_theme(page, theme: str) -> None:
    """Settings > Theme > ``theme`` (the menu a user would take), then wait for it to apply."""
    if page.evaluate("() => document.body.dataset.jpThemeName") != theme:
        page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
        page.locator(".lm-Menu-itemLabel").get_by_text(theme, exact=True).click()
    light = "true" if theme == "JupyterLab Light" else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeName === {json.dumps(theme)} "
                           f"&& document.body.dataset.jpThemeLight === '{light}'", timeout=30_000)
    page.wait_for_timeout(800)  # the theme's stylesheet applies


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab with the notebook above run: (page, tmp folder)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    tmp = tmp_path_factory.mktemp("themes")
    with _browser._lab_page(tmp, sync_api) as (page, url, token):
        (tmp / "notebooks" / "themes.ipynb").write_text(json.dumps(NOTEBOOK), "utf-8")
        _browser._open_and_run_all(page, sync_api, url, token, "themes.ipynb", expected_views=3)
        yield page, tmp


def test_text_contrast_in_light_and_dark_themes(lab):
    page, tmp_path = lab
    # the event list is grouped by round and phase (heading of the shown step's group)
    groups = page.evaluate("() => [...document.querySelectorAll('.hl-gameview .hl-group')].map(e => e.textContent)")
    assert groups and any("Night 1" in g for g in groups), groups
    results = {}
    for theme in THEMES:
        _set_theme(page, theme)
        measured = page.evaluate(CONTRAST_JS)
        assert len(measured) > 20, measured  # title, status, buttons, scores, events, board text
        low = [m for m in measured if m["ratio"] < MIN_RATIO]
        results[theme] = {"measured": len(measured), "lowest": min(m["ratio"] for m in measured), "low": low}
        page.screenshot(path=str(tmp_path / f"theme-{theme.replace(' ', '_')}.png"))
    print(json.dumps({t: {k: v for k, v in r.items() if k != "low"} for t, r in results.items()}, indent=1))
    bad = {t: r["low"][:8] for t, r in results.items() if r["low"]}
    assert not bad, json.dumps(bad, indent=1)


def test_live_steps_reach_the_saved_notebook(lab):
    # Issue 11, fault 3: live frames travel append-only ("chunks" messages, the model's list
    # changed in place, never re-sent whole). A saved notebook must still hold every frame:
    # play three actions in the page, save with the widget state, decode what was saved.
    from hotellab.widgets._frames import decode_frames

    page, tmp_path = lab
    root = page.locator(".hl-gameview").first
    pos = root.locator(".hl-pos")

    def total():
        return int(pos.inner_text().split("/")[1])

    n0 = total()
    assert ob.make_first_move(root)  # Blue's first legal move, on the board
    page.wait_for_function("(n) => +document.querySelector('.hl-gameview .hl-pos').textContent.split('/')[1] > n",
                           arg=n0, timeout=20_000)
    for _ in range(2):  # chance or the agents
        n = total()
        root.locator(".hl-stepbtn").click()
        page.wait_for_function("(n) => +document.querySelector('.hl-gameview .hl-pos').textContent.split('/')[1] > n",
                               arg=n, timeout=20_000)
    n_states = total() + 1
    assert n_states == n0 + 4
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    item = page.locator(".lm-Menu-item", has_text="Save Widget State Automatically").first
    if "lm-mod-toggled" not in (item.get_attribute("class") or ""):
        item.click()
    else:
        page.keyboard.press("Escape")
    path = tmp_path / "notebooks" / "themes.ipynb"
    lab_server.save_notebook(page, path)
    for _ in range(100):
        nb = json.loads(path.read_text("utf-8"))
        state = nb.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
        if state.get("state"):  # the models, not only the header (a save still being written)
            break
        page.wait_for_timeout(200)
    live = [m["state"] for m in state["state"].values()
            if isinstance(m.get("state", {}).get("_meta"), dict) and m["state"]["_meta"].get("live")]
    assert live, "no live GameView in the saved widget state"
    counts = sorted(len(decode_frames([*st["_chunks"], st.get("_tail", "")])[0]) for st in live)
    assert n_states in counts, (counts, n_states)  # the view played above (the other is not yet)


def test_live_play_across_merged_chunks(lab):
    # A live view played past 64 steps: the page receives one-state chunks, then the merged
    # 64-state chunk in their place; every state must still be there and scrub back.
    page, tmp_path = lab
    root = page.locator(".hl-gameview").nth(2)
    root.locator(".hl-play").click()
    page.wait_for_function(
        "() => +document.querySelectorAll('.hl-gameview')[2].querySelector('.hl-pos').textContent.split('/')[1] >= 80",
        timeout=120_000)
    root.locator(".hl-play").click()  # pause
    page.wait_for_timeout(1500)
    info = page.evaluate("""() => {
        const r = document.querySelectorAll('.hl-gameview')[2];
        return {pos: r.querySelector('.hl-pos').textContent, error: r.querySelector('.hl-error').textContent};
    }""")
    last = int(info["pos"].split("/")[1])
    assert last >= 80 and not info["error"], info
    boards = set()
    for k in (3, 40, 63, 64, 70, last):
        root.locator(".hl-slider").fill(str(k))
        page.wait_for_function(
            "(k) => document.querySelectorAll('.hl-gameview')[2].querySelector('.hl-pos').textContent.startsWith(k + ' /')",
            arg=k, timeout=10_000)
        svg = root.locator(".hl-board svg").first.inner_html()
        assert svg, k
        boards.add(svg)
    assert len(boards) >= 4  # different states, each drawn


def test_after_a_kernel_restart_a_click_says_what_to_do_within_2_s(lab):
    # Issue 11, smaller items: after a kernel restart, clicking in a live view did nothing and
    # showed no message ("Cannot send" in the console). Any request that cannot be sent must
    # show the user what to do within 2 s.
    page, tmp_path = lab
    root = page.locator(".hl-gameview").first
    assert root.locator(".hl-actions:not([hidden])").count() == 1  # live: it has a kernel
    page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Restart Kernel…", exact=True).click()
    page.locator(".jp-Dialog .jp-mod-accept").first.click()
    page.wait_for_function(_browser.KERNEL_IDLE_JS, timeout=60_000)
    page.wait_for_timeout(500)
    step = root.locator(".hl-stepbtn")
    t0 = page.evaluate("() => performance.now()")
    if step.is_enabled():
        step.click()
    else:  # Blue (a person) decides: "step" waits for Blue's move; make it on the board
        assert ob.make_first_move(root)
    page.wait_for_function(
        "() => /kernel/i.test(document.querySelector('.hl-gameview .hl-error').textContent)",
        timeout=2500)
    waited = page.evaluate("() => performance.now()") - t0
    text = root.locator(".hl-error").inner_text()
    page.screenshot(path=str(tmp_path / "after-restart.png"))
    assert waited < 2000 + 300, waited
    assert "run the cell that made this view again" in text.lower(), text
