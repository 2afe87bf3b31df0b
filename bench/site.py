"""The JupyterLite site (issue 23): where the time goes from navigation to a live tutorial.

    .venv/bin/python bench/site.py                     # build the site into a temp folder, measure
    .venv/bin/python bench/site.py --site DIR          # measure an existing site (hotellab publish DIR)
    .venv/bin/python bench/site.py --label before      # results/site.json keeps one entry per label

The site is served on 127.0.0.1 by Python's static file server (``Last-Modified`` and
``If-Modified-Since``, no ``Cache-Control``: what any static host does) and the tutorial
(``--notebook``, default ``hostil_hostal.ipynb``) is opened in Debian's Chromium twice with
the same persistent profile in a fresh temporary folder: *cold* (empty profile: no HTTP cache,
no service worker) and *warm* (the second visit). Every request to another host fails
(``--host-resolver-rules``: Playwright's request routing would switch the HTTP cache off,
which the warm visit needs) and is counted as blocked.

Milestones, in seconds from the start of navigation (the page's own clock,
``performance.now()``, polled every 25 ms by a script the page runs first):

- ``notebook_shown``: the first cell is in the page;
- ``saved_players_interactive``: the first ``.hotellab-mime[data-hl-ready="1"]`` (a saved
  player drawn by hotellab's JupyterLab extension before any kernel); None when the site has
  no such element;
- ``pyodide_fetched``: the kernel's worker has the Pyodide core (``pyodide.asm.wasm``,
  ``python_stdlib.zip``...: the end of the last of those requests);
- ``start_wheels_fetched``: the end of the last wheel request before the kernel was idle
  (the packages loaded at start; what follows until ``kernel_idle`` is Pyodide unpacking
  them and importing the kernel);
- ``kernel_idle``: the status bar says ``Idle``; Run All is clicked then;
- ``first_cell_done``: the first code cell (``import hotellab``...) has its execution count;
- ``first_live_gameview``: a game view drawn by the kernel (not a saved player) is in the page;
- ``run_all``: no cell waits or runs any more.

Also per visit: the kernel's requests to JupyterLite's drive before it was idle (each a
synchronous round trip to the page; ``drive_requests_before_idle``), every file fetched (path, bytes on the wire, start and end), summed per kind
(Pyodide core, wheels, JupyterLab, notebook files), the worker's ``Loading``/``Loaded``
messages with their times, console errors with their text, blocked requests, and the load
average before and after. Results go to ``bench/results/site.json`` (one entry per
``--label``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # as a script: bench/_common.py beside it
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import RESULTS, ROOT, machine  # noqa: E402

CHROMIUM = os.environ.get("HOTELLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 # every host but the site's fails to resolve: nothing leaves the machine
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

# milestones the page records itself (window.__hlT: name -> performance.now() in ms)
_MILESTONES_JS = r"""
(() => {
  if (window !== window.top) return;
  const T = window.__hlT = {};
  const prompts = () => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')].map(e => e.textContent);
  let firstBusy = false;
  const checks = {
    notebook_shown: () => document.querySelector('.jp-Notebook .jp-Cell'),
    saved_players_interactive: () => document.querySelector('.hotellab-mime[data-hl-ready="1"]'),
    kernel_idle: () => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
        .some(e => /\|\s*Idle\s*$/.test(e.textContent) && !/No Kernel/.test(e.textContent)),
    first_cell_done: () => {
      const p = prompts()[0] || '';
      if (p.includes('*')) firstBusy = true;
      return firstBusy && /\[\d+\]/.test(p);
    },
    first_live_gameview: () => [...document.querySelectorAll('.hl-gameview')]
        .some(v => !v.closest('.hotellab-player, .hotellab-mime') && v.querySelector('.hl-board svg')),
  };
  const tick = () => {
    for (const [k, f] of Object.entries(checks)) {
      if (!(k in T)) { try { if (f()) T[k] = performance.now(); } catch (e) {} }
    }
    if (T.first_cell_done && !('run_all' in T)) {
      const ps = prompts();
      if (ps.length && ps.every(p => !p.includes('*')) && window.__hlRunAllClicked) T.run_all = performance.now();
    }
  };
  setInterval(tick, 25);
})();
"""


def _offline_browser():
    """tests/offline_browser.py (its static server serves the site, as in the site's test)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("hl_offline_browser", ROOT / "tests" / "offline_browser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _kind(path: str) -> str:
    if path.startswith("/static/pyodide/"):
        return "wheels" if path.endswith(".whl") else "pyodide_core"
    if path.startswith(("/files/", "/api/contents/")):
        return "notebook_files"
    if path.startswith("/extensions/"):
        return "extensions"
    return "jupyterlab"


def visit(base: str, notebook: str, profile: Path, *, saved_views: int | None = None,
          run_all: bool = True, timeout_s: float = 300.0) -> dict:
    """Open ``notebook`` on the site at ``base`` in Chromium with the persistent profile
    folder ``profile``; wait for the kernel, click Run All and wait until every cell ran.

    Returns ``{"milestones": {name: seconds or None}, "network": {...}, "pyodide_messages":
    [...], "console_errors": [...], "blocked": [...], "cell_errors": [...], "live_views": n,
    "load_before", "load_after"}``; seconds count from the start of navigation.
    """
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    requests: dict = {}
    console: list = []
    errors: list = []
    blocked: list = []
    t0 = [0.0]

    def now():
        return round(time.perf_counter() - t0[0], 3)

    def on_request(r):
        if r.service_worker is not None:
            return  # JupyterLite's service worker passing a page's request on: counted once
        if not r.url.startswith(base + "/") and not r.url.startswith(("data:", "blob:")):
            blocked.append(r.url)
        requests[id(r)] = {"url": r.url, "start": now()}

    def on_finished(r):
        e = requests.get(id(r))
        if e is None:
            return
        e["end"] = now()
        try:
            s = r.sizes()
            e["bytes"] = s.get("responseBodySize", 0) + s.get("responseHeadersSize", 0)
        except Exception:  # noqa: BLE001 - a request the browser dropped
            e["bytes"] = 0
        try:
            resp = r.response()
            e["status"] = resp.status if resp else None
            e["from_sw"] = bool(resp and resp.from_service_worker)
        except Exception:  # noqa: BLE001
            pass

    def on_console(m):
        text = m.text
        if m.type == "error":
            errors.append(f"console: {text[:400]}")
        if re.match(r"^(Loading|Loaded|Didn't find) ", text):
            console.append({"t": now(), "text": text[:2000]})

    out: dict = {}
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1400, "height": 1000})
        try:
            ctx.add_init_script(_MILESTONES_JS)
            ctx.on("request", on_request)
            ctx.on("requestfinished", on_finished)
            ctx.on("requestfailed", on_finished)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.set_default_timeout(timeout_s * 1000)
            page.on("console", on_console)
            page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
            t0[0] = time.perf_counter()
            page.goto(f"{base}/lab/index.html?path={notebook}")
            page.wait_for_function("() => window.__hlT && window.__hlT.kernel_idle", timeout=timeout_s * 1000)
            if run_all:
                page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
                page.evaluate("() => { window.__hlRunAllClicked = true; }")
                page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
                page.wait_for_function("() => window.__hlT.run_all", timeout=timeout_s * 1000)
                errs = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
                out["cell_errors"] = [e[:600] for e in errs if "Traceback" in e or "Error" in e]
                out["live_views"] = page.evaluate("""() => [...document.querySelectorAll('.hl-gameview')]
                    .filter(v => !v.closest('.hotellab-player, .hotellab-mime') && v.querySelector('.hl-board svg')).length""")
                if saved_views is not None:
                    out["saved_views"] = saved_views
            page.wait_for_timeout(300)  # late console messages
            marks = page.evaluate("() => window.__hlT")
            out["page"] = page
        finally:
            out.pop("page", None)
            ctx.close()
    names = ["notebook_shown", "saved_players_interactive", "pyodide_fetched", "start_wheels_fetched", "kernel_idle",
             "first_cell_done", "first_live_gameview", "run_all"]
    ms = {k: (round(marks[k] / 1000, 2) if k in marks else None) for k in names}
    files = [r for r in requests.values() if "end" in r and r["url"].startswith(base)]
    # network times: our clock; the page's and ours start within milliseconds of each other
    core = [r["end"] for r in files if "/static/pyodide/" in r["url"] and not r["url"].split("?")[0].endswith(".whl")]
    ms["pyodide_fetched"] = max(core) if core else None
    idle = ms["kernel_idle"] or float("inf")
    start_wheels = [r["end"] for r in files if r["url"].split("?")[0].endswith(".whl") and r["end"] <= idle]
    ms["start_wheels_fetched"] = max(start_wheels) if start_wheels else None
    net: dict = {"files": len(files), "bytes": sum(r.get("bytes", 0) for r in files), "by_kind": {}}
    for r in files:
        path = r["url"][len(base):].split("?")[0]
        r["path"] = path
        k = net["by_kind"].setdefault(_kind(path), {"files": 0, "bytes": 0, "first_start": r["start"], "last_end": r["end"]})
        k["files"] += 1
        k["bytes"] += r.get("bytes", 0)
        k["first_start"] = min(k["first_start"], r["start"])
        k["last_end"] = max(k["last_end"], r["end"])
    net["largest"] = [{"path": r["path"], "bytes": r.get("bytes", 0), "start": r["start"], "end": r["end"],
                       "status": r.get("status")}
                      for r in sorted(files, key=lambda r: -r.get("bytes", 0))[:15]]
    net["http_errors"] = sorted({f"{r.get('status')} {r['path']}" for r in files if (r.get("status") or 0) >= 400})
    net["wheels"] = [{"path": r["path"].rsplit("/", 1)[-1], "bytes": r.get("bytes", 0), "start": r["start"], "end": r["end"]}
                     for r in sorted(files, key=lambda r: r["start"]) if r["path"].endswith(".whl")]
    # the kernel's synchronous file-system calls to the page (JupyterLite's drive: one
    # request each, answered by the page's main thread) before it was idle
    net["drive_requests_before_idle"] = sum(1 for r in requests.values()
                                            if "/api/drive" in r["url"] and r["start"] <= idle)
    out.update(milestones=ms, network=net, pyodide_messages=console, console_errors=errors,
               blocked=sorted(set(blocked)), load_before=[round(x, 2) for x in load_before],
               load_after=[round(x, 2) for x in os.getloadavg()])
    return out


def site_summary(site: Path) -> dict:
    """Size of the site on disk: bytes and files, in total and per top folder."""
    files = [p for p in site.rglob("*") if p.is_file()]
    per: dict = {}
    for p in files:
        top = p.relative_to(site).parts[0] if len(p.relative_to(site).parts) > 1 else "."
        e = per.setdefault(top, {"files": 0, "bytes": 0})
        e["files"] += 1
        e["bytes"] += p.stat().st_size
    return {"bytes": sum(p.stat().st_size for p in files), "files": len(files), "per_folder": per}


def measure(site: Path, notebook: str = "hostil_hostal.ipynb", warm: bool = True) -> dict:
    """Serve ``site`` and visit ``notebook`` cold then (``warm``) again with the same profile."""
    saved = (site / "files" / notebook).read_text("utf-8").count('class=\\"hotellab-player\\"')
    runs = {}
    with _offline_browser().static_server(site) as base, tempfile.TemporaryDirectory(prefix="hotellab-profile-") as prof:
        runs["cold"] = visit(base, notebook, Path(prof), saved_views=saved)
        if warm:
            runs["warm"] = visit(base, notebook, Path(prof), saved_views=saved)
    return runs


def _print(label: str, size: dict, runs: dict) -> None:
    print(f"site ({label}): {size['bytes'] / 1e6:.1f} MB in {size['files']} files")
    for top, e in sorted(size["per_folder"].items(), key=lambda kv: -kv[1]["bytes"]):
        print(f"  {top:<12} {e['bytes'] / 1e6:6.1f} MB {e['files']:5d} files")
    for name, r in runs.items():
        print(f"\n{name} visit (load average {r['load_before'][0]:.2f} before, {r['load_after'][0]:.2f} after):")
        for k, v in r["milestones"].items():
            print(f"  {k:<26} {'-' if v is None else f'{v:6.2f} s'}")
        net = r["network"]
        print(f"  fetched {net['files']} files, {net['bytes'] / 1e6:.1f} MB")
        for k, e in sorted(net["by_kind"].items(), key=lambda kv: -kv[1]["bytes"]):
            print(f"    {k:<16} {e['bytes'] / 1e6:6.1f} MB {e['files']:4d} files  {e['first_start']:6.2f}-{e['last_end']:6.2f} s")
        print(f"  drive requests before the kernel was idle: {net['drive_requests_before_idle']}")
        if net["http_errors"]:
            print(f"  HTTP errors: {net['http_errors']}")
        for m in r["pyodide_messages"][:6]:
            print(f"  {m['t']:6.2f} s  {m['text'][:150]}")
        print(f"  blocked requests: {len(r['blocked'])}; console errors: {len(r['console_errors'])}")
        for e in r["console_errors"][:10]:
            print(f"    {e[:200]}")
        if r.get("cell_errors"):
            print(f"  cells failed: {r['cell_errors'][:2]}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an existing site (default: build one into a temp folder)")
    ap.add_argument("--notebook", default="hostil_hostal.ipynb")
    ap.add_argument("--label", default="current", help="the entry of results/site.json to write (before, after...)")
    ap.add_argument("--no-warm", action="store_true", help="the cold visit only")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hotellab-site-") as tmp:
        site = args.site
        build = None
        if site is None:
            from hotellab.publish.site import build_site

            site = Path(tmp) / "site"
            build = build_site(site, ROOT / "notebooks", log=print)
        size = site_summary(site)
        runs = measure(site, args.notebook, warm=not args.no_warm)
    _print(args.label, size, runs)
    path = RESULTS / "site.json"
    RESULTS.mkdir(exist_ok=True)
    data = json.loads(path.read_text("utf-8")) if path.is_file() else {}
    data[args.label] = {"machine": {**machine(), "cpus": os.cpu_count()}, "notebook": args.notebook,
                        "site": size, "build_s": build and build["seconds"], "runs": runs}
    path.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    print(f"\n-> {path.relative_to(ROOT)} [{args.label}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
