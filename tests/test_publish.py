"""`hotellab publish OUTDIR`: the JupyterLite site of the tutorials.

Unit tests check the pieces on small hand-made wheels (the lock lists exactly what the site
ships, dependencies follow Pyodide's markers, front-end files leave the wheels). The browser
test builds the real site (the first run fills ``~/.cache/hotellab/publish`` with npm and pip;
later runs are offline), serves it on 127.0.0.1 and opens the Hostil Hostal tutorial in
Debian's Chromium with every request to another host aborted: the saved game views read as
pictures before the kernel starts, all cells run in the browser's Python, live game views
appear and step (a round trip to the in-page kernel) and replays scrub. It prints (and writes
to ``bench/results/publish.json``) the site's size, the build time, the time to the first
live GameView after a cold open, and the time of a live step.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "bench" / "results"

_spec = importlib.util.spec_from_file_location("hl_offline_browser", Path(__file__).with_name("offline_browser.py"))
ob = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ob)
# bench/site.py: the milestones script the page runs first (one definition for bench and test)
_bspec = importlib.util.spec_from_file_location("hl_bench_site", ROOT / "bench" / "site.py")
bench_site = importlib.util.module_from_spec(_bspec)
_bspec.loader.exec_module(bench_site)


def _wheel(tmp: Path, name: str, version: str = "1.0", requires=(), files=None) -> Path:
    """A minimal wheel file: METADATA with Requires-Dist lines, RECORD, and ``files``."""
    files = dict(files or {f"{name}/__init__.py": ""})
    dist = f"{name}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    files[f"{dist}/METADATA"] = meta
    files[f"{dist}/WHEEL"] = "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{dist}/RECORD"] = "".join(f"{f},,\n" for f in files) + f"{dist}/RECORD,,\n"
    path = tmp / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for f, text in files.items():
            z.writestr(f, text)
    return path


# ----------------------------------------------------------------------------- pieces
def test_select_wheels_follows_pyodide_markers(tmp_path):
    """Requirements whose markers are false in Pyodide (sys_platform "emscripten", Python
    3.14) are left out, extras are followed, and a requirement no wheel provides is an
    error naming it and who needs it."""
    from hotellab.publish.site import PublishError, select_wheels

    wheels = [
        _wheel(tmp_path, "app", requires=["lib>=1", 'pexpectish; sys_platform != "emscripten"',
                                          "extraful[fast]", 'newonly; python_version >= "3.14"',
                                          'oldonly; python_version < "3.12"', "jupyterlab"]),
        _wheel(tmp_path, "lib"),
        _wheel(tmp_path, "pexpectish"),
        _wheel(tmp_path, "extraful", requires=['speedup; extra == "fast"', 'slowdown; extra == "slow"']),
        _wheel(tmp_path, "speedup"),
        _wheel(tmp_path, "newonly"),
    ]
    chosen = select_wheels(["app"], wheels, "3.14")
    assert sorted(chosen) == ["app", "extraful", "lib", "newonly", "speedup"]
    assert chosen["app"][1]["depends"] == {"lib", "extraful", "newonly"}  # jupyterlab: excluded
    assert chosen["extraful"][1]["depends"] == {"speedup"}
    with pytest.raises(PublishError, match=r"slowdown \(needed by extraful\)"):
        select_wheels(["extraful[slow]"], wheels, "3.14")


def test_write_lock_lists_exactly_the_shipped_wheels(tmp_path):
    from hotellab.publish.site import PYODIDE_FILES, select_wheels, write_lock

    core = tmp_path / "pyodide-314.0.6"
    core.mkdir()
    for f in PYODIDE_FILES:
        (core / f).write_text(f)
    (core / "pyodide-lock.json").write_text(json.dumps({
        "info": {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"},
        "packages": {"numpy": {"name": "numpy", "file_name": "numpy.whl"}}}))
    w = tmp_path / "w"
    w.mkdir()
    wheels = [_wheel(w, "app", requires=["lib"]), _wheel(w, "lib", "2.5")]
    dest = tmp_path / "site" / "static" / "pyodide"
    lock = write_lock(core, select_wheels(["app"], wheels, "3.14"), dest, work=tmp_path / "slim")
    # pyodide-lock needs info.version, which the npm package's lock lacks
    assert lock["info"]["version"] == "314.0.6" and lock["info"]["python"] == "3.14.2"
    assert sorted(lock["packages"]) == ["app", "lib"]  # numpy (the npm lock's) is not shipped
    lib = lock["packages"]["lib"]
    assert lib["file_name"] == "lib-2.5-py3-none-any.whl" and lib["version"] == "2.5" and lib["imports"] == ["lib"]
    assert lib["sha256"] == hashlib.sha256((dest / lib["file_name"]).read_bytes()).hexdigest()
    assert lock["packages"]["app"]["depends"] == ["lib"]
    assert sorted(p.name for p in dest.iterdir()) == sorted(
        [*PYODIDE_FILES, "pyodide-lock.json", "app-1.0-py3-none-any.whl", "lib-2.5-py3-none-any.whl"])
    assert json.loads((dest / "pyodide-lock.json").read_text()) == lock


def test_slim_wheel_drops_front_end_files(tmp_path):
    from hotellab.publish.site import slim_wheel

    w = _wheel(tmp_path, "plotly", files={
        "plotly/__init__.py": "x = 1\n",
        "plotly/package_data/widgetbundle.js": "big",
        "plotly/package_data/plotly.min.js": "kept",
        "plotly-1.0.data/data/share/jupyter/labextensions/jupyterlab-plotly/package.json": "{}",
    })
    out = slim_wheel(w, tmp_path / "slim")
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        record = z.read("plotly-1.0.dist-info/RECORD").decode()
    assert "plotly/package_data/plotly.min.js" in names and "plotly/__init__.py" in names
    assert not [n for n in names if "widgetbundle" in n or ".data/" in n]
    assert "widgetbundle" not in record and ".data/" not in record and "plotly/__init__.py,," in record
    plain = _wheel(tmp_path, "lib")
    assert slim_wheel(plain, tmp_path / "slim") == plain


def test_stage_notebooks(tmp_path):
    """Every notebook of the folder (a new one joins by being there), made publishable;
    data files beside them; no build scripts."""
    from hotellab.publish.site import stage_notebooks

    names = stage_notebooks(NOTEBOOKS, tmp_path / "files")
    assert names == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if not p.name.startswith("."))
    assert not list((tmp_path / "files").glob("*.py"))
    for sub in ("logs", "scenarios"):
        if (NOTEBOOKS / sub).is_dir():
            assert sorted(p.name for p in (tmp_path / "files" / sub).iterdir()) == \
                sorted(p.name for p in (NOTEBOOKS / sub).iterdir() if not p.name.startswith("."))
    text = (tmp_path / "files" / "hostil_hostal.ipynb").read_text("utf-8")
    assert "hotellab-player" in text and "application/vnd.jupyter.widget-view+json" not in text
    # the browser's Python draws figures from plotly's JSON: no notebook asks plotly's CDN,
    # in its saved outputs or when it runs (the renderer is plotly_mimetype)
    for p in (tmp_path / "files").glob("*.ipynb"):
        text = p.read_text("utf-8")
        assert "cdn.plot.ly" not in text, p.name
        assert "plotly_mimetype+notebook_connected" not in text, p.name
    assert any('plotly_mimetype\\"' in p.read_text("utf-8") for p in (tmp_path / "files").glob("*.ipynb"))


def test_lite_renderer_rewrites_only_the_connected_renderer():
    """Hand-written: the renderer string in either quote style; other text as it was."""
    from hotellab.publish.site import _lite_renderer

    assert _lite_renderer('pio.renderers.default = "plotly_mimetype+notebook_connected"  # x') == \
        'pio.renderers.default = "plotly_mimetype"  # x'
    assert _lite_renderer("r = 'plotly_mimetype+notebook_connected'") == "r = 'plotly_mimetype'"
    assert _lite_renderer('r = "notebook_connected"') == 'r = "notebook_connected"'


def test_cli_publish_refuses_bad_outdir(tmp_path):
    f = tmp_path / "file.txt"
    f.write_text("x")
    r = subprocess.run([sys.executable, "-m", "hotellab", "publish", str(f)], capture_output=True, text=True)
    assert r.returncode == 2 and "it is a file" in r.stderr
    d = tmp_path / "mine"
    d.mkdir()
    (d / "keep.txt").write_text("precious")
    r = subprocess.run([sys.executable, "-m", "hotellab", "publish", str(d)], capture_output=True, text=True)
    assert r.returncode == 2 and "not a JupyterLite site" in r.stderr and (d / "keep.txt").is_file()


def test_stage_notebooks_ships_no_exports_and_whole_strings(tmp_path):
    """A folder as a user leaves it after ``jupyter nbconvert`` (an HTML export beside the
    notebook), with a checkpoint and a build script: only the notebook and its data ship.
    A Markdown output of several lines is one string in the shipped file (JupyterLite hands
    the file to JupyterLab as it is; a list of lines showed as "a,b" and broke the table of
    contents)."""
    import nbformat

    from hotellab.publish.site import stage_notebooks

    src = tmp_path / "nbs"
    (src / ".ipynb_checkpoints").mkdir(parents=True)
    (src / "logs").mkdir()
    nb = nbformat.v4.new_notebook()
    table = "| a | b |\n|---|---|\n| 1 | 2 |"
    cell = nbformat.v4.new_code_cell("Markdown(t)")
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/markdown": table, "text/plain": "<md>"}, execution_count=1)]
    nb.cells = [nbformat.v4.new_markdown_cell("# T\n\ntext"), cell]
    nbformat.write(nb, src / "t.ipynb")  # nbformat splits multiline strings into lists of lines
    assert isinstance(json.loads((src / "t.ipynb").read_text())["cells"][1]["outputs"][0]["data"]["text/markdown"], list)
    (src / "t.html").write_text("<html>export</html>")
    (src / ".ipynb_checkpoints" / "t-checkpoint.ipynb").write_text("{}")
    (src / "build.py").write_text("print()")
    (src / "logs" / "g.json").write_text("{}")
    (src / "logs" / "g.html").write_text("<html></html>")
    out = tmp_path / "files"
    assert stage_notebooks(src, out) == ["t.ipynb"]
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == ["logs/g.json", "t.ipynb"]
    shipped = json.loads((out / "t.ipynb").read_text())
    assert shipped["cells"][1]["outputs"][0]["data"]["text/markdown"] == table
    assert shipped["cells"][0]["source"] == "# T\n\ntext"


def test_gitignore_ignores_notebook_exports():
    """``jupyter nbconvert`` writes notebooks/*.html: git ignores them (git check-ignore)."""
    r = subprocess.run(["git", "check-ignore", "-q", "notebooks/hostil_hostal.html"], cwd=ROOT)
    assert r.returncode == 0
    r = subprocess.run(["git", "check-ignore", "-q", "notebooks/hostil_hostal.ipynb"], cwd=ROOT)
    assert r.returncode == 1


def test_enable_kernel_drops_the_kernel_from_disabled_extensions(tmp_path):
    """A federated extension whose package.json disables the Pyodide kernel extension (as
    hotellab's does for JupyterLab): JupyterLite copies that list into the site's
    jupyter-lite.json; the site keeps the kernel (other entries stay as they were)."""
    from hotellab.publish.site import enable_kernel

    site = tmp_path / "site"
    (site / "extensions" / "hotellab").mkdir(parents=True)
    (site / "extensions" / "other").mkdir(parents=True)
    pkg = {"name": "hotellab", "jupyterlab": {"_build": {"load": "static/remoteEntry.js"},
                                              "disabledExtensions": ["@jupyterlite/pyodide-kernel-extension"]}}
    (site / "extensions" / "hotellab" / "package.json").write_text(json.dumps(pkg))
    other = {"name": "other", "jupyterlab": {"disabledExtensions": ["@jupyterlite/pyodide-kernel-extension:kernel", "x:y"]}}
    (site / "extensions" / "other" / "package.json").write_text(json.dumps(other))
    cfg = {"jupyter-config-data": {"federated_extensions": [
        {"name": "hotellab", "load": "static/remoteEntry.js", "disabledExtensions": ["@jupyterlite/pyodide-kernel-extension"]},
        {"name": "other", "load": "r.js", "disabledExtensions": ["@jupyterlite/pyodide-kernel-extension:kernel", "x:y"]},
        {"name": "anywidget", "load": "a.js"}]}}
    (site / "jupyter-lite.json").write_text(json.dumps(cfg))
    assert enable_kernel(site) == ["hotellab", "other"]
    exts = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["federated_extensions"]
    assert exts == [{"name": "hotellab", "load": "static/remoteEntry.js"},
                    {"name": "other", "load": "r.js", "disabledExtensions": ["x:y"]},
                    {"name": "anywidget", "load": "a.js"}]
    assert "disabledExtensions" not in json.loads((site / "extensions" / "hotellab" / "package.json").read_text())["jupyterlab"]
    assert json.loads((site / "extensions" / "other" / "package.json").read_text())["jupyterlab"]["disabledExtensions"] == ["x:y"]
    assert enable_kernel(site) == []  # nothing left to change


def test_hook_wheel_maps_imports_and_configures_ipython(tmp_path):
    """The import-hook wheel: its module knows which shipped package provides each import
    name; IPython's configuration (a data file for <prefix>/etc/ipython) installs it; the
    module is valid Python."""
    from hotellab.publish.site import HOOK_NAME, hook_wheel, wheel_metadata

    w = hook_wheel(tmp_path, {"plotly": "plotly", "nx": "networkx"})
    meta = wheel_metadata(w)
    assert meta["name"] == HOOK_NAME and meta["imports"] == ["hotellab_site_imports"] and meta["requires"] == []
    with zipfile.ZipFile(w) as z:
        names = set(z.namelist())
        module = z.read("hotellab_site_imports.py").decode()
        config = z.read("hotellab_site_imports-1.0.data/data/etc/ipython/ipython_config.py").decode()
        record = z.read("hotellab_site_imports-1.0.dist-info/RECORD").decode()
    ns = {}
    exec(compile(module, "hotellab_site_imports.py", "exec"), ns)  # no Pyodide import at module level
    assert ns["IMPORTS"] == {"nx": "networkx", "plotly": "plotly"}
    assert "hotellab_site_imports" in config and "exec_lines" in config
    assert all(line.split(",")[0] in names for line in record.splitlines() if line)


# ----------------------------------------------------------------------------- the site
IDLE_JS = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => /\\|\\s*Idle\\s*$/.test(e.textContent) && !/No Kernel/.test(e.textContent))"""
LIVE_JS = """() => [...document.querySelectorAll('.hl-gameview')]
    .filter(v => !v.closest('.hotellab-player, .hotellab-mime') && v.querySelector('.hl-board svg')).length"""
# a live view at its last state: click "step" n times; ms from the click to the new position
STEP_JS = """
async (n) => {
  const views = [...document.querySelectorAll('.hl-gameview')].filter(v => !v.closest('.hotellab-player, .hotellab-mime')
      && v.querySelector('.hl-actions:not([hidden]) .hl-stepbtn:not([disabled])'));
  if (!views.length) return null;
  const v = views[views.length - 1];
  v.scrollIntoView();
  const out = [];
  for (let i = 0; i < n; i++) {
    const btn = v.querySelector('.hl-stepbtn');
    const wait = Date.now() + 20000;
    while ((!btn || btn.disabled) && Date.now() < wait) await new Promise(r => setTimeout(r, 10));
    const p0 = v.querySelector('.hl-pos').textContent;
    const t = performance.now();
    v.querySelector('.hl-stepbtn').click();
    while (v.querySelector('.hl-pos').textContent === p0 && performance.now() - t < 30000) await new Promise(r => setTimeout(r, 5));
    out.push({ms: performance.now() - t, pos: [p0, v.querySelector('.hl-pos').textContent]});
  }
  return out;
}
"""
# a replay view (no actions box): Next moves it without the kernel
SCRUB_JS = """
() => {
  const v = [...document.querySelectorAll('.hl-gameview')].find(v => !v.closest('.hotellab-player, .hotellab-mime')
      && v.querySelector('.hl-actions[hidden]') && Number(v.querySelector('.hl-pos').textContent.split('/')[1]) > 2);
  if (!v) return null;
  const first = [...v.querySelectorAll('.hl-controls button')].find(b => (b.title || '').startsWith('First'));
  const next = [...v.querySelectorAll('.hl-controls button')].find(b => (b.title || '').startsWith('Next'));
  if (!first.disabled) first.click();
  const p0 = v.querySelector('.hl-pos').textContent;
  next.click();
  return [p0, v.querySelector('.hl-pos').textContent];
}
"""


def _have_tools() -> str | None:
    if not ob.have_chromium():
        return ob.NO_CHROMIUM
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError:
        return 'the publish extra is not installed (pip install -e ".[publish]")'
    from hotellab.publish.site import cache_dir, kernel_versions

    version, _ = kernel_versions()
    if not (cache_dir() / f"pyodide-{version}").is_dir() and shutil.which("npm") is None:
        return "npm is needed once to fetch the Pyodide core"
    return None


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.xdist_group("publish")
def test_site_runs_the_tutorial_offline(tmp_path):
    why = _have_tools()
    if why:
        pytest.skip(why)
    from hotellab.publish.site import build_site

    site = tmp_path / "site"
    summary = build_site(site, NOTEBOOKS, log=print)
    assert summary["notebooks"] == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if not p.name.startswith("."))
    cfg = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    shipped = sorted(p.name for p in (site / "static" / "pyodide").glob("*.whl"))
    assert sorted(p["file_name"] for p in lock["packages"].values()) == shipped  # the lock is pruned
    assert "hotellab" in lock["packages"] and "jupyterlab" not in lock["packages"]
    # the core installs in Pyodide: pure-Python wheels, and pydantic_core built for it
    compiled = sorted(p["name"] for p in lock["packages"].values() if not p["file_name"].endswith("-none-any.whl"))
    assert compiled == ["pydantic_core"], compiled
    # the kernel loads at start what it needs to run (and the import hook); hotellab and its
    # widgets' packages come with the first cell (``import hotellab``), plotly when imported
    preload = set(kernel["loadPyodideOptions"]["packages"])
    assert preload < set(lock["packages"]) and {"ipython", "pyodide-kernel", "hotellab-site-imports"} <= preload
    assert not preload & {"hotellab", "plotly", "networkx", "pandas", "nbformat"}, preload
    assert "plotly" not in lock["packages"]["hotellab"]["depends"]
    assert not list((site / "files").rglob("*.html"))
    assert not list(site.rglob("*.map"))

    name = "hostil_hostal.ipynb"
    saved_views = (site / "files" / name).read_text("utf-8").count('class=\\"hotellab-player\\"')
    # saved outputs hotellab's MIME renderer draws (0 in notebooks saved before it existed)
    saved_mime = sum(1 for c in json.loads((site / "files" / name).read_text("utf-8"))["cells"]
                     for o in c.get("outputs", []) if "application/vnd.hotellab.player+json" in o.get("data", {}))
    figures = {}
    with ob.static_server(site) as base, ob.offline_page(base, viewport=(1400, 1000), timeout_ms=300_000) as (page, blocked, errors):
        page.add_init_script(bench_site._MILESTONES_JS)
        t0 = time.perf_counter()
        page.goto(f"{base}/lab/index.html?path={name}")
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        if saved_mime:  # hotellab's JupyterLab extension draws the saved players, no kernel
            page.wait_for_function(f"() => document.querySelectorAll('.hotellab-mime[data-hl-ready=\"1\"]').length >= {saved_mime}",
                                   timeout=60_000)
        else:  # before the kernel runs: each saved game view is a picture with its status as text
            page.wait_for_function(f"() => document.querySelectorAll('.hotellab-player img, .hotellab-player .hl-gameview').length >= {saved_views}",
                                   timeout=60_000)
        figures["first_paint_s"] = round(time.perf_counter() - t0, 1)
        # the pictures are decoded boards (not broken images), and no board is inline SVG
        # text (which a sanitiser turns into run-on words)
        page.wait_for_function("""() => [...document.querySelectorAll('.hotellab-player img')]
            .every(i => i.complete && i.naturalWidth > 100)""", timeout=30_000)
        assert page.evaluate("() => document.querySelectorAll('.hotellab-fallback svg').length") == 0
        # a saved Markdown output renders: the rooms table is a table (its lines showed joined
        # with commas, "| Room | Beds ... |,|---|", when the file kept nbformat's lists of lines)
        figures["markdown_tables"] = page.evaluate(
            "() => document.querySelectorAll('.jp-RenderedMarkdown.jp-OutputArea-output table').length")
        page.wait_for_function(IDLE_JS, timeout=300_000)
        figures["kernel_ready_s"] = round(time.perf_counter() - t0, 1)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.evaluate("() => { window.__hlRunAllClicked = true; }")
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        page.wait_for_function(f"() => ({LIVE_JS})() >= 1", timeout=300_000)
        figures["first_gameview_cold_s"] = round(time.perf_counter() - t0, 1)
        page.wait_for_function(f"() => ({LIVE_JS})() >= {saved_views}", timeout=300_000)
        page.wait_for_function(IDLE_JS, timeout=300_000)
        figures["all_cells_s"] = round(time.perf_counter() - t0, 1)
        errs = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
        tracebacks = [e[:600] for e in errs if "Traceback" in e or "Error" in e]
        assert not tracebacks, f"cells failed in the browser's Python: {tracebacks[:2]}"
        scrub = page.evaluate(SCRUB_JS)
        assert scrub and scrub[0] != scrub[1], f"a replay view does not scrub: {scrub}"
        steps = page.evaluate(STEP_JS, 5)
        assert steps and all(s["pos"][0] != s["pos"][1] for s in steps), f"a live view does not step: {steps}"
        ms = sorted(s["ms"] for s in steps)
        figures["live_step_ms_median"] = round(ms[len(ms) // 2], 1)
        figures["live_step_ms_max"] = round(ms[-1], 1)
        figures["figures_drawn"] = page.evaluate("() => document.querySelectorAll('.js-plotly-plot .main-svg').length")
        page.wait_for_function("() => window.__hlT.run_all", timeout=60_000)
        marks = page.evaluate("() => window.__hlT")
        page.screenshot(path=str(tmp_path / "site.png"))
    # seconds from navigation, the page's clock; saved players: None until hotellab's
    # JupyterLab extension draws them (.hotellab-mime[data-hl-ready="1"])
    breakdown = {k: (round(marks[k] / 1000, 2) if k in marks else None) for k in
                 ("notebook_shown", "saved_players_interactive", "kernel_idle", "first_cell_done",
                  "first_live_gameview", "run_all")}
    print("site breakdown (cold):", json.dumps(breakdown), "load average", os.getloadavg())
    figures["breakdown_cold"] = breakdown
    assert not blocked, f"the site asked another host for {sorted(set(blocked))[:5]}"
    assert not errors, f"console errors on the site: {errors[:10]}"
    assert figures["markdown_tables"] >= 1
    # issue 23's target is 10 s on the 2-core dev machine (bench/site.py); 20 s here, where
    # CI machines and a shared load vary
    assert breakdown["first_live_gameview"] is not None and breakdown["first_live_gameview"] < 20, breakdown
    assert figures["figures_drawn"] >= 1
    figures.update(site_mb=round(summary["bytes"] / 1e6, 1), site_files=summary["files"],
                   build_s=summary["seconds"], python_packages=len(summary["packages"]),
                   blocked_requests=sorted(set(blocked)))
    print("publish:", json.dumps(figures))
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "publish.json").write_text(json.dumps(figures, indent=2) + "\n")


def test_wheel_of_an_installed_hotellab(tmp_path):
    """Without a source checkout (an ordinary install), the site gets a wheel made of the
    installed package: its modules and data files, its metadata and its game entry points."""
    from hotellab.publish.site import installed_wheel, wheel_metadata

    w = installed_wheel(tmp_path)
    meta = wheel_metadata(w)
    assert meta["name"] == "hotellab" and meta["imports"] == ["hotellab"]
    with zipfile.ZipFile(w) as z:
        names = set(z.namelist())
        eps = z.read(f"hotellab-{meta['version']}.dist-info/entry_points.txt").decode()
        record = z.read(f"hotellab-{meta['version']}.dist-info/RECORD").decode()
    assert "hotellab/widgets/gameview.js" in names and "hotellab/publish/site.py" in names
    assert any(n.startswith("hotellab/games/hostil_hostal/data/") and n.endswith(".toml") for n in names)
    assert "[hotellab.games]" in eps and "hostil_hostal" in eps
    assert not [n for n in names if "__pycache__" in n]
    assert all(line.split(",")[0] in names for line in record.splitlines() if line)
