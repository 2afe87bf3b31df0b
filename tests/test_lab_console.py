"""JupyterLab in the one environment the README installs (the ``lab``, ``publish``, ``docs`` and
``test`` extras together) logs no console error and asks no other host for anything, while it
opens a bundled tutorial and runs its first cells (issue 23, items 3 and 5).

JupyterLab is started by tests/lab_server.py (``start_lab``: this Python, a
free localhost port, a copy of ``notebooks/``, throw-away settings) and opened in Debian's
Chromium through tests/offline_browser.py's ``offline_page``, which aborts and records every
request to another host and records the page's uncaught errors and console errors. The test
opens ``hostil_hostal.ipynb``, clears its saved outputs, runs every cell up to and including
its first figure (imports, lessons, a Markdown table, the first live GameView, the plotly
figure with the ``plotly_mimetype`` renderer) and checks that those cells ran, the figure
drew, and that no request left 127.0.0.1 and no console error was logged. ``pytest -s``
prints both counts.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "hostil_hostal.ipynb"
PLOTLY = "application/vnd.plotly.v1+json"


import lab_server as lab  # noqa: E402  (tests/ is on sys.path: conftest.py)
import offline_browser as ob  # noqa: E402

# The one console error this environment used to log, "Shared module @jupyterlite/services
# doesn't exist in shared scope default", came from @jupyterlite/pyodide-kernel-extension
# (installed by jupyterlite-pyodide-kernel, the `publish` extra): JupyterLab loads even a
# disabled extension's code. hotellab's server extension (hotellab.widgets.labext) keeps it
# out of JupyterLab's page; this test holds it to 0 errors.

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.xdist_group("browser"),
    pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM),
]


def _first_cells() -> int:
    """Index of the notebook's first code cell with a plotly figure among its saved outputs:
    the cells up to it are the ones run."""
    nb = nbformat.read(ROOT / "notebooks" / NOTEBOOK, as_version=4)
    return next(i for i, c in enumerate(nb.cells) if c.cell_type == "code"
                and any(PLOTLY in o.get("data", {}) for o in c.get("outputs", [])))


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def test_jupyterlab_logs_no_console_error_and_asks_no_other_host(tmp_path):
    pytest.importorskip("playwright.sync_api")
    last = _first_cells()
    proc, url, token, log = lab.start_lab(tmp_path)
    try:
        with ob.offline_page(url, viewport=(1400, 1000)) as (page, blocked, errors):
            page.goto(f"{url}/lab/tree/{NOTEBOOK}?token={token}")
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.wait_for_function(lab.KERNEL_IDLE_JS, timeout=120_000)
            cells = page.locator(".jp-Notebook .jp-Cell")
            assert cells.count() > last + 1
            # no saved output left: what shows afterwards is what the kernel sent
            _menu(page, "Edit", "Clear Outputs of All Cells")
            page.wait_for_function("() => !document.querySelector('.jp-Notebook .jp-OutputArea-output')")
            prompts = page.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
                .map(p => p.textContent.trim())""")
            assert set(prompts) == {"[ ]:"}, f"cleared cells keep their numbers: {sorted(set(prompts))[:5]}"
            # select the cell after the first figure's, then Run > Run All Above Selected Cell
            cells.nth(last + 1).locator(".jp-InputPrompt").click()
            _menu(page, "Run", "Run All Above Selected Cell")
            page.wait_for_function(
                """(last) => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].slice(0, last + 1)
                    .filter(c => c.classList.contains('jp-CodeCell'))
                    .every(c => /\\[\\d+\\]/.test(c.querySelector('.jp-InputPrompt').textContent))""",
                arg=last, timeout=240_000)
            page.wait_for_function(lab.KERNEL_IDLE_JS, timeout=120_000)
            # the figure drew (JupyterLab's plotly renderer, plotly.js from the page itself)
            cells.nth(last).locator(".js-plotly-plot .main-svg").first.wait_for(timeout=60_000)
            # the first live GameView drew its board
            page.wait_for_function("""() => [...document.querySelectorAll('.hl-gameview')]
                .some(r => !r.closest('.hotellab-player') && r.querySelector('.hl-board svg'))""", timeout=60_000)
            failed = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
            assert not [t for t in failed if "Traceback" in t or "Error" in t], failed[:2]
            page.wait_for_timeout(1000)  # late console messages
            blocked_seen, errors_seen = list(blocked), list(errors)
    finally:
        lab.stop(proc)
    print(f"\nJupyterLab, {NOTEBOOK} cells 0-{last} run: blocked requests {len(blocked_seen)}, "
          f"console errors {len(errors_seen)}")
    assert blocked_seen == [], f"JupyterLab asked another host for {blocked_seen}"
    assert errors_seen == [], "console errors:\n" + "\n".join(e[:400] for e in errors_seen)
