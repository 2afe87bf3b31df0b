"""Static pages in Debian's Chromium with no network: helpers for the publishing tests
(test_static_html, test_docs, test_publish).

:func:`static_server` serves a folder on 127.0.0.1 (a free port, a thread, stopped on exit);
:func:`offline_page` opens a Chromium page through playwright (``/usr/bin/chromium``;
``playwright install`` is never run) whose every request to any other host is aborted and
recorded; :func:`check_players` and :func:`check_figures` check what a reader sees: every
hotellab game view draws its board and steps, every plotly figure draws.

Loaded by the tests with importlib (``load()`` below), not collected as a test module.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
import time

CHROMIUM = os.environ.get("HOTELLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


NO_CHROMIUM = (f"Chromium is missing at {CHROMIUM}: install Debian's chromium "
               "(apt-get install -y chromium; scripts/test.sh does) or set HOTELLAB_CHROMIUM")
"""The skip reason of every browser test: what is missing and how to get it."""


def have_chromium() -> bool:
    return os.access(CHROMIUM, os.X_OK)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/octet-stream", ".zip": "application/zip",
    }

    def log_message(self, *args):  # quiet
        pass


@contextlib.contextmanager
def static_server(root):
    """Serve folder ``root`` over HTTP on 127.0.0.1; yields the base URL (no trailing /)."""
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


@contextlib.contextmanager
def offline_page(base: str, viewport=(1300, 950), timeout_ms: int = 120_000):
    """A Chromium page that may load only from ``base`` (and data:/blob: URLs). Yields
    ``(page, blocked, errors)``: the URLs it asked for elsewhere (each aborted) and the
    page's uncaught errors and console errors."""
    from playwright.sync_api import sync_playwright

    blocked: list[str] = []
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})

            def route(r):
                url = r.request.url
                if url.startswith(base + "/") or url.startswith(("data:", "blob:")):
                    r.continue_()
                else:
                    blocked.append(url)
                    r.abort()

            ctx.route("**/*", route)
            page = ctx.new_page()
            page.set_default_timeout(timeout_ms)
            page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
            page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
            yield page, blocked, errors
        finally:
            browser.close()


# every player on the page, by its root
_PLAYERS_JS = "() => document.querySelectorAll('.hotellab-player').length"
_DRAWN_JS = "() => [...document.querySelectorAll('.hotellab-player .hl-gameview .hl-board')].filter(b => b.querySelector('svg')).length"

# For each drawn player: click Next (or, at the last state, First then Next) and report whether
# the position and the board changed.
_STEP_JS = """
async () => {
  const out = [];
  for (const v of document.querySelectorAll('.hotellab-player .hl-gameview')) {
    const btn = (label) => [...v.querySelectorAll('.hl-controls button')].find(b => (b.title || '').startsWith(label));
    const pos = () => v.querySelector('.hl-pos').textContent;
    const svg = () => v.querySelector('.hl-board').innerHTML;
    const first = btn('First'), next = btn('Next');
    if (next.disabled && !first.disabled) { first.click(); await new Promise(r => setTimeout(r, 30)); }
    const p0 = pos(), s0 = svg();
    const states = Number(p0.split('/')[1]);
    if (next.disabled) { out.push({states, stepped: states === 0, board_changed: false, pos: [p0, p0]}); continue; }
    next.click();
    const t = performance.now();
    while (pos() === p0 && performance.now() - t < 5000) await new Promise(r => setTimeout(r, 10));
    out.push({states, stepped: pos() !== p0, board_changed: svg() !== s0, pos: [p0, pos()]});
  }
  return out;
}
"""


def check_players(page, expected: int | None = None, timeout_ms: int = 60_000) -> dict:
    """Wait until every hotellab player on the page drew its board, then step each one.
    Returns ``{"players", "drawn", "stepped", "views": [...], "seconds"}``."""
    t0 = time.perf_counter()
    n = page.evaluate(_PLAYERS_JS)
    if expected is not None:
        assert n == expected, f"{n} game views on the page, expected {expected}"
    if n:
        page.wait_for_function(f"() => ({_DRAWN_JS})() >= {n}", timeout=timeout_ms)
    views = page.evaluate(_STEP_JS) if n else []
    return {
        "players": n,
        "drawn": page.evaluate(_DRAWN_JS),
        "stepped": sum(1 for v in views if v["stepped"]),
        "views": views,
        "seconds": round(time.perf_counter() - t0, 2),
    }


def check_figures(page, timeout_ms: int = 60_000) -> int:
    """Wait until every plotly figure on the page drew (its SVG is there); returns how many."""
    n = page.evaluate("() => document.querySelectorAll('.plotly-graph-div').length")
    if n:
        page.wait_for_function(
            f"() => document.querySelectorAll('.plotly-graph-div .main-svg').length >= {n}", timeout=timeout_ms)
    return n


def load():
    """This module, for a test file: ``ob = importlib...`` boilerplate in one place."""
    import sys

    return sys.modules[__name__]


def make_first_move(view) -> bool:
    """Make the first move a live GameView (a playwright locator of its ``.hl-gameview``)
    offers, as a person does: its first highlighted thing on the board (then the first item of
    the thing's menu when it opens one), else its first move button outside the folded list.
    False when it offers none."""
    thing = view.locator(".hl-board [data-target].hl-active .hl-ring")
    if thing.count():
        thing.first.click()
        items = view.locator("[role=menuitem]")
        if items.count():
            items.first.click()
        return True
    buttons = view.locator(".hl-actions > .hl-action-row button.hl-act:not([disabled])")
    if buttons.count():
        buttons.first.click()
        return True
    return False
