"""A real browser: JupyterLab in Debian's Chromium runs the tutorial and a GameView answers.

Starts JupyterLab (this Python, a free localhost port, a random token, a temporary copy of
``notebooks/``, throw-away settings and kernelspec) and drives it with playwright-python and
``/usr/bin/chromium`` (``playwright install`` is never needed nor run). It opens
``hostil_hostal.ipynb``, runs every cell from the Run menu, waits for the game views to render,
clicks Next and checks that the board's SVG changed. Then it measures, in the page
(``performance.now()`` and a MutationObserver on the board), the time from a click on Next to
the new board in the DOM, for the saved game's replay (front end only) and for a live Match
(a round trip to the kernel), prints p50/p95 (``pytest -s``) and writes them to
``bench/results/browser.json``. Screenshots go to the pytest temporary folder (their paths
are printed).

Skipped only when Chromium is missing (``HOTELLAB_CHROMIUM`` overrides the path).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "bench" / "results"
import lab_server as _lab  # noqa: E402  (tests/ is on sys.path: conftest.py)
import offline_browser as _ob  # noqa: E402

KERNEL_IDLE_JS = _lab.KERNEL_IDLE_JS
CHROMIUM, NO_CHROMIUM = _ob.CHROMIUM, _ob.NO_CHROMIUM
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
]
SAMPLES = 20
TARGET_P95_MS = 150.0

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.xdist_group("browser"),
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=NO_CHROMIUM),
]


# ----------------------------------------------------------------------------- the server
@contextlib.contextmanager
def _lab_page(tmp_path, sync_api):
    """JupyterLab on a copy of the notebooks and a Chromium page (1400 x 1000, 60 s default
    timeout); yields (page, url, token) and stops both afterwards."""
    proc, url, token, _log = _lab.start_lab(tmp_path)
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                yield page, url, token
            finally:
                browser.close()
    finally:
        _lab.stop(proc)


# ----------------------------------------------------------------------------- in the page
# Click Next on the idx-th game view `n` times; per click: ms until the board's content is
# replaced in the DOM (MutationObserver), ms until the next animation frame after that, and
# whether the SVG text changed. A click that changes nothing within `timeout` ms gives null.
MEASURE_JS = """
async ([idx, n, timeout, pause]) => {
  const root = document.querySelectorAll('.hl-gameview')[idx];
  const board = root.querySelector('.hl-board');
  const next = [...root.querySelectorAll('.hl-controls button')].find(b => (b.title || '').startsWith('Next'));
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = board.innerHTML;
    const pos0 = root.querySelector('.hl-pos').textContent;
    let t0 = 0;
    const changed = new Promise(resolve => {
      const mo = new MutationObserver(() => {
        mo.disconnect();
        const t1 = performance.now();
        requestAnimationFrame(() => resolve([t1, performance.now()]));
      });
      mo.observe(board, {childList: true, subtree: true, characterData: true});
    });
    const waitNext = Date.now() + timeout;
    while (next.disabled && Date.now() < waitNext) await new Promise(r => setTimeout(r, 10));
    t0 = performance.now();
    next.click();
    const r = await Promise.race([changed, new Promise(res => setTimeout(() => res(null), timeout))]);
    out.push(r === null ? null : {
      dom_ms: r[0] - t0, frame_ms: r[1] - t0,
      svg_changed: board.innerHTML !== before,
      pos: [pos0, root.querySelector('.hl-pos').textContent],
    });
    await new Promise(res => setTimeout(res, pause));
  }
  return out;
}
"""


def _percentile(xs, q):
    xs = sorted(xs)
    k = (len(xs) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def _stats(samples):
    dom = [s["dom_ms"] for s in samples if s]
    frame = [s["frame_ms"] for s in samples if s]
    return {
        "clicks": len(samples), "updated": len(dom),
        "dom_p50_ms": _percentile(dom, 50), "dom_p95_ms": _percentile(dom, 95), "dom_max_ms": max(dom),
        "frame_p50_ms": _percentile(frame, 50), "frame_p95_ms": _percentile(frame, 95),
        "samples_ms": [round(x, 2) for x in dom],
    }


def _views_info(page):
    return page.evaluate("""() => [...document.querySelectorAll('.hl-gameview')].map(r => ({
        pos: (r.querySelector('.hl-pos') || {}).textContent || '',
        status: (r.querySelector('.hl-status') || {}).textContent || '',
        live: !!r.querySelector('.hl-actions:not([hidden])'),
        svg: !!r.querySelector('.hl-board svg'),
    }))""")


def _run_all(page) -> str:
    """Run > Run All Cells from the menu bar; returns how it was done."""
    try:
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=10_000)
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=10_000)
        return "menu Run > Run All Cells"
    except Exception:
        # the menu moved or was hidden: the same command from the command palette
        page.keyboard.press("Escape")
        page.keyboard.press("Control+Shift+C")
        page.keyboard.type("Run All Cells")
        page.keyboard.press("Enter")
        return "command palette: Run All Cells"


def _open_and_run_all(page, sync_api, url, token, name: str, expected_views: int):
    """Open notebook ``name`` in JupyterLab, accept the kernel dialog, Run All Cells, and wait
    until ``expected_views`` game views show a board and the kernel is idle again; fails on any
    traceback in the outputs. Returns (how the cells were run, seconds to run them)."""
    page.goto(f"{url}/lab/tree/{name}?token={token}", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    # a "Select Kernel" dialog appears when the saved kernel cannot be started as is
    try:
        dialog = page.wait_for_selector(".jp-Dialog", timeout=5_000)
        if dialog is not None:
            page.locator(".jp-Dialog .jp-mod-accept").first.click()
    except sync_api.TimeoutError:
        pass
    # wait for the kernel to be idle before running
    page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000)
    how = _run_all(page)
    t0 = time.perf_counter()
    # every game view renders a board once its cell ran (saved outputs without a live kernel
    # model do not)
    page.wait_for_function(
        # live views only: a saved player (text/html of a published notebook, drawn where the
        # notebook is trusted) is not the kernel's view
        """(n) => [...document.querySelectorAll('.hl-gameview')].filter(r => !r.closest('.hotellab-player') && r.querySelector('.hl-board svg')).length >= n""",
        arg=expected_views, timeout=240_000,
    )
    page.wait_for_function(KERNEL_IDLE_JS, timeout=240_000)
    ran_s = time.perf_counter() - t0
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
    tracebacks = [e for e in errors if "Traceback" in e or "Error" in e]
    assert not tracebacks, f"cells failed in JupyterLab ({name}): {tracebacks[:2]}"
    return how, ran_s


def test_tutorial_in_jupyterlab(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    expected_views = _expected_view_count()
    shots = []
    with _lab_page(tmp_path, sync_api) as (page, url, token):
        console = []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error",) else None)
        how, ran_s = _open_and_run_all(page, sync_api, url, token, "hostil_hostal.ipynb", expected_views)
        views = _views_info(page)
        assert len(views) >= expected_views, views
        # the first view whose Next plays on (the guided game waits for the learner's move)
        all_views = page.locator(".hl-gameview")
        first_idx = next(i for i in range(all_views.count())
                         if all_views.nth(i).locator(".hl-controls button[title^='Next']").is_enabled())
        first = all_views.nth(first_idx)
        first.scroll_into_view_if_needed()
        shot = tmp_path / "tutorial_first_view.png"
        first.screenshot(path=str(shot))
        shots.append(shot)

        # 1. Next on the first view (a live Match at its last state: the kernel plays the
        #    next chance action); the board must change
        before = first.locator(".hl-board").inner_html()
        first.locator(".hl-controls button[title^='Next']").click()
        first.locator(".hl-board").evaluate(
            """(el, before) => new Promise((done) => { const t = setInterval(() => {
                if (el.innerHTML !== before) { clearInterval(t); done(); } }, 50); })""", before)
        after = first.locator(".hl-board").inner_html()
        assert "<svg" in after and after != before

        # 2. click-to-board-updated on the saved game's replay (front end only)
        replay_idx = next(i for i, v in enumerate(views) if v["pos"].endswith(f"/ {_replay_last()}"))
        rv = page.locator(".hl-gameview").nth(replay_idx)
        rv.scroll_into_view_if_needed()
        first_btn = rv.locator(".hl-controls button[title^='First']")
        if first_btn.is_enabled():
            first_btn.click()
        page.evaluate(MEASURE_JS, [replay_idx, 3, 5000, 30])  # warm up
        replay = page.evaluate(MEASURE_JS, [replay_idx, SAMPLES, 5000, 60])
        assert all(s is not None for s in replay), replay
        assert any(s["svg_changed"] for s in replay)
        shot = tmp_path / "tutorial_replay_view.png"
        rv.screenshot(path=str(shot))
        shots.append(shot)

        # 3. the same on a live Match: each Next asks the kernel for one more action
        live_idx = first_idx
        page.locator(".hl-gameview").nth(live_idx).scroll_into_view_if_needed()
        live = page.evaluate(MEASURE_JS, [live_idx, SAMPLES, 20_000, 60])
        assert sum(1 for s in live if s) >= SAMPLES // 2, live
        shot = tmp_path / "tutorial_page.png"
        page.screenshot(path=str(shot), full_page=False)
        shots.append(shot)

    r_stats, l_stats = _stats(replay), _stats([s for s in live if s])
    result = {
        "what": "click on Next to the new board in the DOM (MutationObserver), in JupyterLab, headless Chromium",
        "run_all": how, "run_all_seconds": ran_s, "game_views": len(views),
        "replay": r_stats, "live_match": l_stats, "target_p95_ms": TARGET_P95_MS,
        "chromium": CHROMIUM, "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "browser.json").write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    print()
    print(f"JupyterLab ran the tutorial ({how}) in {ran_s:.1f} s; {len(views)} game views rendered")
    print(f"click Next -> board updated, replay (front end), {r_stats['updated']} clicks: "
          f"p50 {r_stats['dom_p50_ms']:.1f} ms, p95 {r_stats['dom_p95_ms']:.1f} ms, max {r_stats['dom_max_ms']:.1f} ms "
          f"(next frame: p50 {r_stats['frame_p50_ms']:.1f}, p95 {r_stats['frame_p95_ms']:.1f} ms)")
    print(f"click Next -> board updated, live Match (kernel round trip), {l_stats['updated']} clicks: "
          f"p50 {l_stats['dom_p50_ms']:.1f} ms, p95 {l_stats['dom_p95_ms']:.1f} ms, max {l_stats['dom_max_ms']:.1f} ms")
    print("screenshots: " + ", ".join(str(s) for s in shots))
    if console:
        print("browser console errors:", *console[:10], sep="\n  ")
    assert r_stats["dom_p95_ms"] <= TARGET_P95_MS * 4, (
        f"click-to-update p95 {r_stats['dom_p95_ms']:.0f} ms is far above the {TARGET_P95_MS:.0f} ms target"
    )


def _expected_view_count(name: str = "hostil_hostal.ipynb") -> int:
    import nbformat

    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    # a saved game view is a widget view, or (notebooks/build.py) a player of its frames
    return sum(
        1 for c in nb.cells for o in c.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
        or "hotellab-player" in "".join(o.get("data", {}).get("text/html", ""))
    )


def _replay_last() -> int:
    import hotellab as hl

    return len(hl.Replay(hl.GameLog.load(NOTEBOOKS / "logs" / "hostil_hostal_3p_greedy.json"))) - 1


# The other notebooks (each game's tutorial, the replay notebook): every cell runs in
# JupyterLab, every game view draws its board, and the buttons work: Next changes the first
# view's board, and on a live view a legal-action button is taken by the kernel.
OTHER_NOTEBOOKS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name != "hostil_hostal.ipynb")


@pytest.mark.timeout(900)  # design_lab runs its simulations in the kernel: 140 s idle, 305 s on a busy machine
@pytest.mark.parametrize("name", OTHER_NOTEBOOKS)
def test_notebook_in_jupyterlab(tmp_path, name):
    sync_api = pytest.importorskip("playwright.sync_api")
    expected_views = _expected_view_count(name)
    assert expected_views >= 1, f"{name} shows no game view"
    with _lab_page(tmp_path, sync_api) as (page, url, token):
        _open_and_run_all(page, sync_api, url, token, name, expected_views)
        views = _views_info(page)
        assert len(views) >= expected_views and all(v["svg"] for v in views[:expected_views]), views
        first = page.locator(".hl-gameview").first
        first.scroll_into_view_if_needed()
        first.screenshot(path=str(tmp_path / f"{name}_first_view.png"))
        nxt = first.locator(".hl-controls button[title^='Next']")
        if nxt.is_enabled():
            pos = first.locator(".hl-pos").inner_text()
            nxt.click()
            page.wait_for_function(
                """(pos) => document.querySelector('.hl-gameview .hl-pos').textContent !== pos""",
                arg=pos, timeout=30_000,
            )
            assert "<svg" in first.locator(".hl-board").inner_html()
        # a live view: click the first legal-action button; the position advances
        live = [i for i, v in enumerate(_views_info(page)) if v["live"]]
        if live:
            lv = page.locator(".hl-gameview").nth(live[0])
            lv.scroll_into_view_if_needed()
            last = lv.locator(".hl-controls button[title^='Last']")
            if last.is_enabled():
                last.click()
            # a move on the board (a finished game offers none; else "step" lets chance or an agent act)
            pos = lv.locator(".hl-pos").inner_text()
            step = lv.locator(".hl-stepbtn:not([disabled])")
            moved = _ob.make_first_move(lv)
            if not moved and step.count():
                step.first.click()
                moved = True
            if moved:
                page.wait_for_function(
                    """([i, pos]) => document.querySelectorAll('.hl-gameview')[i].querySelector('.hl-pos').textContent !== pos""",
                    arg=[live[0], pos], timeout=30_000,
                )
                lv.screenshot(path=str(tmp_path / f"{name}_live_view.png"))
