"""The tutorial exported by nbconvert (``jupyter nbconvert --to html``: HTMLExporter, lab
template) shows its game views in a browser with no kernel, and they step and scrub.

The exported page loads its front end from public CDNs:

- ``https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js`` (lab template),
- ``https://unpkg.com/@jupyter-widgets/html-manager@*/dist/embed-amd.js`` (the widgets HTML
  manager, *any* version: unpkg serves the latest),
- for each widget model whose module the manager does not bundle, requirejs loads
  ``https://cdn.jsdelivr.net/npm/<model_module>@<model_module_version>/dist/index.js``: for
  GameView that is ``anywidget@~0.11.*`` (an AMD bundle that runs the ``_esm`` saved in each
  model's state from a Blob URL),
- plotly figures (renderer ``notebook_connected``): ``https://cdn.plot.ly/plotly-<v>.min.js``.

There is no internet in CI, so the test resolves those versions with ``npm view``, installs the
packages with ``npm install`` into a cache under the temporary folder (keyed by the exact
versions, so later runs reuse it), and answers the page's CDN requests from those files with
``page.route``. Every request it cannot answer is printed (MathJax, which the tutorial does not
need, is one). Chromium is Debian's ``/usr/bin/chromium`` (``HOTELLAB_CHROMIUM`` overrides);
``playwright install`` is never run.

The page is the committed ``notebooks/hostil_hostal.ipynb`` with each GameView's ``_esm`` and
``_css`` set to the current ``hotellab/widgets`` files, so the test is about the code; that the
committed notebooks carry those same files (that they were rebuilt after a front-end change) is
checked on its own, without a browser.

Skipped (with the reason) only when Chromium, npm or playwright is missing or npm cannot fetch
the packages. ``pytest -s`` prints the URLs, versions, sizes, timings and screenshot paths.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import mimetypes
import os
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TUTORIAL = NOTEBOOKS / "hostil_hostal.ipynb"
WIDGETS = ROOT / "hotellab" / "widgets"
CHROMIUM = os.environ.get("HOTELLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
GAMEVIEW_ID = "hotellab.widgets.gameview.GameView"  # anywidget's _anywidget_id of GameView
# modules that @jupyter-widgets/html-manager bundles (it loads every other one from the CDN)
BUILTIN_MODULES = {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output"}
CACHE = Path(tempfile.gettempdir()) / "hotellab-cdn"
NPM_TIMEOUT = 180

# a package file on a CDN: https://cdn.jsdelivr.net/npm/<pkg>@<ver>/<path>, https://unpkg.com/<pkg>@<ver>/<path>
NPM_URL = re.compile(r"^https://(cdn\.jsdelivr\.net/npm|unpkg\.com)/((?:@[^/@]+/)?[^/@]+)(?:@([^/]*))?(/[^?#]*)?")
REQUIREJS_URL = re.compile(r"^https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/([\w.]+)/require(?:\.min)?\.js$")
PLOTLY_URL = re.compile(r"^https://cdn\.plot\.ly/plotly-(\d+\.\d+\.\d+)\.min\.js$")


# ----------------------------------------------------------------------------- the page
def _patched_tutorial():
    """The committed tutorial with the current front end in every GameView model."""
    import nbformat

    nb = nbformat.read(TUTORIAL, as_version=4)
    esm = (WIDGETS / "gameview.js").read_text("utf-8")
    css = (WIDGETS / "gameview.css").read_text("utf-8")
    stale = 0
    for m in nb.metadata["widgets"][WIDGET_STATE]["state"].values():
        st = m.get("state", {})
        if st.get("_anywidget_id") == GAMEVIEW_ID:
            stale += st.get("_esm") != esm or st.get("_css") != css
            st["_esm"], st["_css"] = esm, css
    return nb, stale


def _export(nb) -> str:
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_notebook_node(nb)  # what `jupyter nbconvert --to html` writes
    return body


def _page_state(body: str) -> dict:
    m = re.search(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', body, re.S)
    assert m, "the exported HTML has no widget state"
    return json.loads(m.group(1))["state"]


def _page_views(body: str) -> list[str]:
    return [json.loads(v)["model_id"] for v in
            re.findall(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', body, re.S)]


def _cdn_packages(body: str, state: dict) -> dict[str, dict]:
    """npm package -> {"spec": version or range as the page asks for it, "why": the URL}."""
    pkgs: dict[str, dict] = {}
    m = re.search(r"var widgetRendererSrc = '([^']+)'", body)
    assert m, "the exported HTML does not load a widget manager"
    u = NPM_URL.match(m.group(1))
    assert u, f"unexpected widget manager URL {m.group(1)}"
    pkgs[u.group(2)] = {"spec": u.group(3) or "latest", "why": m.group(1)}
    r = re.search(r'<script src="(https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^"]+)"', body)
    assert r, "the exported HTML does not load requirejs (the HTML manager's embed-amd.js needs it)"
    pkgs["requirejs"] = {"spec": REQUIREJS_URL.match(r.group(1)).group(1), "why": r.group(1)}
    for mod in sorted({(s["model_module"], s["model_module_version"]) for s in state.values()}):
        if mod[0] not in BUILTIN_MODULES:
            assert mod[0] not in pkgs, f"two versions of {mod[0]} in one page"
            pkgs[mod[0]] = {"spec": mod[1], "why": f"https://cdn.jsdelivr.net/npm/{mod[0]}@{mod[1]}/dist/index.js"}
    for v in sorted({m.group(1) for m in re.finditer(r'src="https://cdn\.plot\.ly/plotly-(\d+\.\d+\.\d+)\.min\.js"', body)}):
        pkgs["plotly.js-dist-min"] = {"spec": v, "why": f"https://cdn.plot.ly/plotly-{v}.min.js"}
    return pkgs


# ----------------------------------------------------------------------------- npm
def _vkey(v: str):
    return tuple(int(x) if x.isdigit() else -1 for x in re.split(r"[.+-]", v))


def _npm(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(["npm", *args], cwd=cwd, capture_output=True, text=True, timeout=NPM_TIMEOUT)


def _resolve(pkg: str, spec: str) -> str:
    """The exact version a CDN serves for ``pkg@spec`` (npm's highest match)."""
    if re.fullmatch(r"\d+\.\d+\.\d+", spec):
        return spec
    r = _npm("view", f"{pkg}@{spec}", "version", "--json")
    if r.returncode != 0 or not r.stdout.strip():
        raise RuntimeError(f"npm view {pkg}@{spec}: {(r.stderr or r.stdout).strip()[-300:]}")
    found = json.loads(r.stdout)
    return max(found, key=_vkey) if isinstance(found, list) else found


def _cached_resolution(pkg: str, spec: str) -> str | None:
    """Offline fallback: the version an earlier run resolved ``pkg@spec`` to."""
    best = None
    for ok in CACHE.glob("*/ok.json"):
        v = json.loads(ok.read_text("utf-8")).get("specs", {}).get(f"{pkg}@{spec}")
        if v and (best is None or _vkey(v) > _vkey(best)):
            best = v
    return best


def _install(pkgs: dict[str, dict]) -> tuple[Path, dict[str, str], float]:
    """node_modules holding the exact versions (cached); returns (node_modules, versions, s)."""
    t = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(len(pkgs)) as ex:
        futs = {p: ex.submit(_resolve, p, d["spec"]) for p, d in pkgs.items()}
    versions = {}
    for p, f in futs.items():
        try:
            versions[p] = f.result()
        except Exception as exc:
            v = _cached_resolution(p, pkgs[p]["spec"])
            if v is None:
                pytest.skip(f"npm cannot resolve {p}@{pkgs[p]['spec']} (no registry?): {exc}")
            versions[p] = v
    key = hashlib.sha1(" ".join(sorted(f"{p}@{v}" for p, v in versions.items())).encode()).hexdigest()[:16]
    target = CACHE / key
    ok = target / "ok.json"
    if not ok.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        work = CACHE / f".tmp-{key}-{uuid.uuid4().hex[:8]}"
        work.mkdir()
        (work / "package.json").write_text('{"private": true}', "utf-8")
        r = _npm("install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save", "--loglevel=error",
                 *(f"{p}@{v}" for p, v in sorted(versions.items())), cwd=work)
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            pytest.skip(f"npm cannot fetch {', '.join(f'{p}@{v}' for p, v in versions.items())}: "
                        f"{(r.stderr or r.stdout).strip()[-500:]}")
        (work / "ok.json").write_text(json.dumps({
            "versions": versions, "specs": {f"{p}@{d['spec']}": versions[p] for p, d in pkgs.items()},
        }, indent=1), "utf-8")
        try:
            work.rename(target)  # atomic: a concurrent run that won the race keeps its copy
        except OSError:
            shutil.rmtree(work, ignore_errors=True)
    nm = target / "node_modules"
    for p, v in versions.items():
        got = json.loads((nm / p / "package.json").read_text("utf-8"))["version"]
        assert got == v, f"{nm / p} is {got}, not {v}"
    return nm, versions, time.perf_counter() - t


class CDN:
    """Answers CDN requests from node_modules; records what it served and what it could not."""

    def __init__(self, nm: Path, versions: dict[str, str], pkgs: dict[str, dict]):
        self.nm, self.versions, self.pkgs = nm, versions, pkgs
        self.served: list[str] = []
        self.unmatched: list[str] = []

    def file_for(self, url: str) -> Path | None:
        m = NPM_URL.match(url)
        if m:
            cdn, pkg, ver, path = m.groups()
            if pkg not in self.versions:
                return None
            if ver not in (None, "", "latest", self.versions[pkg], self.pkgs[pkg]["spec"]):
                return None  # another version than the one installed for this page
            base = self.nm / pkg
            path = (path or "").lstrip("/")
            if not path:  # a bare package URL: the CDN's entry point
                meta = json.loads((base / "package.json").read_text("utf-8"))
                fields = ("jsdelivr", "browser", "main") if cdn.startswith("cdn.jsdelivr") else ("unpkg", "browser", "main")
                path = next((meta[f] for f in fields if isinstance(meta.get(f), str)), "index.js")
            f = (base / path).resolve()
            if base.resolve() not in f.parents:
                return None
            if not f.is_file() and f.with_suffix(f.suffix + ".js").is_file():
                f = f.with_suffix(f.suffix + ".js")
            return f if f.is_file() else None
        m = REQUIREJS_URL.match(url)
        if m and self.versions.get("requirejs") == m.group(1):
            return self.nm / "requirejs" / "require.js"  # npm ships it unminified
        m = PLOTLY_URL.match(url)
        if m and self.versions.get("plotly.js-dist-min") == m.group(1):
            return self.nm / "plotly.js-dist-min" / "plotly.min.js"  # the same bytes (the page's SRI hash checks it)
        return None

    def __call__(self, route):
        url = route.request.url
        f = self.file_for(url)
        if f is None:
            self.unmatched.append(url)
            route.fulfill(status=404, body="not available offline", headers={"access-control-allow-origin": "*"})
            return
        self.served.append(url)
        ctype = "text/javascript" if f.suffix in (".js", ".mjs") else (mimetypes.guess_type(f.name)[0] or "application/octet-stream")
        route.fulfill(status=200, body=f.read_bytes(),
                      headers={"content-type": ctype, "access-control-allow-origin": "*"})


# ----------------------------------------------------------------------------- in the page
VIEW_INFO_JS = """r => ({
    pos: r.querySelector('.hl-pos').textContent,
    status: r.querySelector('.hl-status').textContent,
    board: r.querySelector('.hl-board').innerHTML,
    next: r.querySelector("button[title^='Next']").disabled,
    back: r.querySelector("button[title^='Back']").disabled,
    waiting: r.classList.contains('hl-waiting'),
    actions: r.querySelectorAll('.hl-actions button').length,
    note: (r.querySelector('.hl-actions .hl-note') || {}).textContent || '',
    error: r.querySelector('.hl-error').textContent,
})"""

# click a button of a view; ms until its board changed in the DOM (null: no change in 5 s)
CLICK_JS = """async ([r, title]) => {
  const board = r.querySelector('.hl-board');
  const before = board.innerHTML;
  const changed = new Promise(res => {
    const mo = new MutationObserver(() => { mo.disconnect(); res(performance.now()); });
    mo.observe(board, {childList: true, subtree: true, characterData: true});
  });
  const t0 = performance.now();
  r.querySelector(`button[title^='${title}']`).click();
  const t1 = await Promise.race([changed, new Promise(res => setTimeout(() => res(null), 5000))]);
  return t1 === null ? null : {ms: t1 - t0, changed: board.innerHTML !== before};
}"""

SCRUB_JS = """([r, k]) => {
  const s = r.querySelector('.hl-slider');
  s.value = String(k);
  s.dispatchEvent(new Event('input', {bubbles: true}));
}"""


def _pos(info) -> tuple[int, int]:
    k, n = info["pos"].split("/")
    return int(k), int(n)


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.xdist_group("static_html")
@pytest.mark.timeout(240)
def test_exported_tutorial_shows_and_steps_game_views_without_kernel(tmp_path):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    if shutil.which("npm") is None:
        pytest.skip("npm not found: it installs the CDN packages the exported page loads")
    sync_api = pytest.importorskip("playwright.sync_api")
    pytest.importorskip("nbconvert")
    t_all = time.perf_counter()

    nb, stale = _patched_tutorial()
    t = time.perf_counter()
    body = _export(nb)
    export_s = time.perf_counter() - t
    page_file = tmp_path / "hostil_hostal.html"
    page_file.write_text(body, "utf-8")
    state = _page_state(body)
    views = _page_views(body)
    gv = {mid for mid, m in state.items() if m["state"].get("_anywidget_id") == GAMEVIEW_ID}
    n_views = sum(1 for v in views if v in gv)
    assert n_views >= 12, f"{n_views} GameViews in the exported page"
    n_plots = body.count('class="plotly-graph-div"')

    pkgs = _cdn_packages(body, state)
    assert "anywidget" in pkgs, "GameView's model module (anywidget) is not loaded from a CDN?"
    nm, versions, npm_s = _install(pkgs)
    cdn = CDN(nm, versions, pkgs)

    # sizes: what each part of the page weighs
    st_json = json.dumps(state)
    front = sum(len(json.dumps(state[m]["state"]["_esm"])) + len(json.dumps(state[m]["state"]["_css"])) for m in gv)
    frames = sum(len(c) for m in gv for c in [*state[m]["state"]["_chunks"], state[m]["state"]["_tail"]])

    shots = []
    console: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1400})
            page.set_default_timeout(30_000)
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
            page.route(re.compile(r"^https?://"), cdn)
            t = time.perf_counter()
            page.goto(page_file.as_uri(), wait_until="load")
            try:
                page.wait_for_function(
                    "(n) => document.querySelectorAll('.hl-gameview .hl-board svg').length >= n",
                    arg=n_views, timeout=30_000)
            except sync_api.TimeoutError:
                shot = tmp_path / "not_rendered.png"
                page.screenshot(path=str(shot))
                raise AssertionError(
                    f"the game views did not render ({page.locator('.hl-gameview').count()} of {n_views} "
                    f"GameViews in the DOM); screenshot {shot}\nunanswered requests: {cdn.unmatched}\n"
                    "console:\n  " + "\n  ".join(console[:20]))
            render_s = time.perf_counter() - t
            if n_plots:
                page.wait_for_function("(n) => document.querySelectorAll('.js-plotly-plot').length >= n",
                                       arg=n_plots, timeout=20_000)
            roots = page.locator(".hl-gameview")
            infos = [roots.nth(i).evaluate(VIEW_INFO_JS) for i in range(roots.count())]
            assert len(infos) == n_views
            assert all(i["status"] and "<svg" in i["board"] and not i["error"] for i in infos), \
                [(i["pos"], i["status"], i["error"]) for i in infos]

            # 1. the saved game's replay (a record, at its first state): Next, scrub, First
            ri = max(range(len(infos)), key=lambda i: _pos(infos[i])[1])
            rv = roots.nth(ri)
            k0, last = _pos(infos[ri])
            assert k0 == 0 and last > 100, infos[ri]["pos"]
            rv.scroll_into_view_if_needed()
            clicks = []
            for step in range(1, 6):
                r = page.evaluate(CLICK_JS, [rv.element_handle(), "Next"])
                assert r is not None and r["changed"], f"Next #{step} did not change the replay's board"
                clicks.append(r["ms"])
                assert _pos(rv.evaluate(VIEW_INFO_JS)) == (step, last)
            shot = tmp_path / "replay_view_step5.png"
            rv.screenshot(path=str(shot))
            shots.append(shot)
            before = rv.evaluate(VIEW_INFO_JS)
            page.evaluate(SCRUB_JS, [rv.element_handle(), last])
            after = rv.evaluate(VIEW_INFO_JS)
            assert _pos(after) == (last, last) and after["board"] != before["board"]
            assert after["next"], "Next is disabled at the last state of a record"
            assert after["status"] != before["status"]
            rv.locator("button[title^='First']").click()
            assert _pos(rv.evaluate(VIEW_INFO_JS)) == (0, last)
            # another perspective: the page carries each seat's frames and switches to them
            persp = rv.locator("select.hl-perspective")
            if persp.locator("option").count() > 1:
                b0 = rv.evaluate(VIEW_INFO_JS)["board"]
                persp.select_option(index=1)
                assert rv.evaluate(VIEW_INFO_JS)["board"] != b0, "switching the perspective changed nothing"

            # 2. a live Match saved at its last state: with no kernel it is a record (Next stops
            #    there instead of waiting for a kernel that never answers), and it scrubs back
            li = next(i for i, info in enumerate(infos) if i != ri and _pos(info)[0] == _pos(info)[1] > 2)
            lv = roots.nth(li)
            lv.scroll_into_view_if_needed()
            info = lv.evaluate(VIEW_INFO_JS)
            k, n = _pos(info)
            assert info["next"], (f"a live view saved at its last state ({info['pos']}) offers Next with no "
                                  "kernel to answer it")
            lv.locator("button[title^='Next']").click(force=True)  # disabled: nothing may happen
            assert not lv.evaluate(VIEW_INFO_JS)["waiting"], "Next at the last state waits for a kernel"
            try:  # once its hello went unanswered, the view says why it cannot play on
                page.wait_for_function("r => !!r.querySelector('.hl-actions .hl-note')", arg=lv.element_handle(),
                                       timeout=10_000)
            except sync_api.TimeoutError:
                raise AssertionError("a live view with no kernel does not say that it cannot play on") from None
            info = lv.evaluate(VIEW_INFO_JS)
            assert info["actions"] == 0 and "no kernel" in info["note"].lower(), info["note"]
            r = page.evaluate(CLICK_JS, [lv.element_handle(), "Back"])
            assert r is not None and r["changed"] and _pos(lv.evaluate(VIEW_INFO_JS)) == (k - 1, n)
            r = page.evaluate(CLICK_JS, [lv.element_handle(), "Next"])
            assert r is not None and r["changed"]
            info2 = lv.evaluate(VIEW_INFO_JS)
            assert _pos(info2) == (k, n) and info2["board"] == info["board"] and info2["next"]
            clicks.append(r["ms"])
            shot = tmp_path / "live_view_no_kernel.png"
            lv.screenshot(path=str(shot))
            shots.append(shot)
            shot = tmp_path / "page_top.png"
            page.screenshot(path=str(shot))
            shots.append(shot)
        finally:
            browser.close()

    total_s = time.perf_counter() - t_all
    print()
    print(f"exported HTML: {len(body.encode()) / 1024:.0f} KB ({page_file}); widget state {len(st_json) / 1024:.0f} KB: "
          f"frames {frames / 1024:.0f} KB, ES module + CSS x{len(gv)} {front / 1024:.0f} KB; "
          f"{n_views} game views, {n_plots} plotly figures"
          + (f"; {stale} GameView models of the committed notebook carry an older front end (patched)" if stale else ""))
    print("CDN packages: " + ", ".join(f"{p}@{pkgs[p]['spec']} -> {v}" for p, v in sorted(versions.items()))
          + f" (npm {npm_s:.1f} s, cache {nm.parent})")
    print("served offline:\n  " + "\n  ".join(sorted(set(cdn.served))))
    print("unanswered (404):\n  " + ("\n  ".join(sorted(set(cdn.unmatched))) or "none"))
    print(f"times: export {export_s:.1f} s, page load to {n_views} boards {render_s:.1f} s, "
          f"click to new board {min(clicks):.1f}-{max(clicks):.1f} ms, total {total_s:.1f} s")
    print("screenshots: " + ", ".join(str(s) for s in shots))
    if console:
        print("browser console errors:", *console[:15], sep="\n  ")
    # every request for a widget package was answered: the page needs nothing else from npm CDNs
    missing = [u for u in cdn.unmatched if NPM_URL.match(u) or REQUIREJS_URL.match(u) or PLOTLY_URL.match(u)]
    assert not missing, f"CDN requests for the page's own packages went unanswered: {missing}"
    assert not [c for c in console if c.startswith("pageerror")], console


def test_committed_notebooks_carry_the_current_front_end():
    """Each saved GameView model holds the ES module and CSS it was built with; a published page
    runs those, so rebuild the notebooks (``python notebooks/build.py``) after changing them."""
    nbformat = pytest.importorskip("nbformat")
    esm = (WIDGETS / "gameview.js").read_text("utf-8")
    css = (WIDGETS / "gameview.css").read_text("utf-8")
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        models = [m["state"] for m in state.values() if m.get("state", {}).get("_anywidget_id") == GAMEVIEW_ID]
        stale = sum(m.get("_esm") != esm or m.get("_css") != css for m in models)
        assert not stale, (f"{path.name}: {stale} of {len(models)} GameViews were saved with another "
                           "gameview.js/.css: run `python notebooks/build.py` and commit the notebooks")


def test_live_view_answers_hello():
    """A live view's front end plays on only after the kernel answers its hello."""
    import hotellab as hl
    from hotellab.widgets import GameView

    sent = []
    m = hl.Match(hl.load_game("hostil_hostal", num_players=3), seed=1, agents=["random"] * 3)
    v = GameView(m)
    v.send = sent.append
    v._on_msg(v, {"type": "hello"}, [])
    assert sent == [{"type": "hello"}] and v._error == "" and len(v) == 1
