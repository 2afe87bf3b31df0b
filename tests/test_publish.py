"""`hotellab publish OUTDIR`: the JupyterLite site of the tutorials.

Unit tests check the pieces on small hand-made wheels (the lock lists exactly what the site
ships, dependencies follow Pyodide's markers, front-end files leave the wheels, modules
compile to bytecode that this Python imports, the kernel's start skips the current folder).
The browser
test builds the real site (the first run fills ``~/.cache/hotellab/publish`` with npm and pip;
later runs are offline), serves it on 127.0.0.1 and opens the Hostil Hostal tutorial in
Debian's Chromium with every request to another host aborted: the saved game views read as
pictures before the kernel starts, all cells run in the browser's Python, live game views
appear and step (a round trip to the in-page kernel), replays scrub, and a module written
beside the notebook imports. It prints (and writes
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


def test_slim_wheel_drops_jedi_third_party_stubs(tmp_path):
    """jedi's stubs of other libraries leave (4,800 files Pyodide unpacked at every kernel
    start); its code and the standard library's stubs stay."""
    from hotellab.publish.site import slim_wheel

    w = _wheel(tmp_path, "jedi", files={
        "jedi/__init__.py": "",
        "jedi/third_party/typeshed/stdlib/os/__init__.pyi": "def getcwd() -> str: ...\n",
        "jedi/third_party/typeshed/stubs/pywin32/win32api.pyi": "x: int\n",
        "jedi/third_party/django-stubs/django-stubs/__init__.pyi": "",
    })
    with zipfile.ZipFile(slim_wheel(w, tmp_path / "slim")) as z:
        names = set(z.namelist())
        record = z.read("jedi-1.0.dist-info/RECORD").decode()
    assert {"jedi/__init__.py", "jedi/third_party/typeshed/stdlib/os/__init__.pyi"} <= names
    assert not [n for n in names if "/stubs/" in n or "django-stubs" in n]
    assert "pywin32" not in record and "django" not in record


# ----------------------------------------------------------------------------- bytecode
def _pkg_wheel(tmp: Path) -> Path:
    """A wheel with a package of two modules, a stub, a data file, a module in Python 2
    syntax (does not compile: stays source) and a stale ``__pycache__`` entry."""
    return _wheel(tmp, "pkg", files={
        "pkg/__init__.py": "from .mod import f\n",
        "pkg/mod.py": "def f():\n    return 41 + 1\n\n\ndef boom():\n    raise ValueError('boom in mod')\n",
        "pkg/mod.pyi": "def f() -> int: ...\n",
        "pkg/data.txt": "rooms",
        "pkg/old.py": "print 'python 2'\n",
        "pkg/__pycache__/mod.cpython-30.pyc": "stale",
    })


def _run_py(code: str, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})


def test_compile_archive_sourceless(tmp_path):
    """Each module that compiles becomes a sourceless .pyc that Python imports; the stub,
    the data file and the module that does not compile stay as they were; RECORD lists every
    file with its real sha256 and size; the WHEEL tag names the interpreter."""
    import base64

    from hotellab.publish.bytecode import INTERPRETER, compile_archive

    w = _pkg_wheel(tmp_path)
    data, counts = compile_archive(w.read_bytes(), w.name, prefix="/lib/site-packages")
    assert counts == {"compiled": 2, "kept_source": 1, "files": 7}  # the 8 names below but RECORD
    out = tmp_path / "out"
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as z:
        names = sorted(z.namelist())
        z.extractall(out)
        record = z.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
        wheel = z.read("pkg-1.0.dist-info/WHEEL").decode()
    assert names == ["pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/RECORD", "pkg-1.0.dist-info/WHEEL",
                     "pkg/__init__.pyc", "pkg/data.txt", "pkg/mod.pyc", "pkg/mod.pyi", "pkg/old.py"]
    assert f"Tag: {INTERPRETER}-none-any" in wheel and "py3-none-any" not in wheel
    listed = {}
    for line in record:
        name, digest, size = line.split(",")
        listed[name] = (digest, size)
    assert sorted(listed) == names and listed["pkg-1.0.dist-info/RECORD"] == ("", "")
    for name, (digest, size) in listed.items():
        if name.endswith("RECORD"):
            continue
        raw = (out / name).read_bytes()
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(raw).digest()).rstrip(b"=").decode()
        assert int(size) == len(raw)
    # Python imports the sourceless package; a traceback names the installed path and line
    r = _run_py("import pkg, pkg.mod, traceback\nprint(pkg.f(), pkg.mod.__file__.endswith('mod.pyc'))\n"
                "try:\n    pkg.mod.boom()\nexcept ValueError:\n    traceback.print_exc()\n", out)
    assert r.stdout.split() == ["42", "True"], r.stderr
    assert 'File "/lib/site-packages/pkg/mod.py", line 6, in boom' in r.stderr


def test_compile_archive_keeps_hotellab_source(tmp_path):
    """``sourceless=False`` (hotellab's own wheel): the .py stays and an unchecked
    hash-based pyc (PEP 552 flags 0b01) goes to __pycache__; Python uses that pyc without
    comparing it with the source (the file times after Pyodide unpacks a wheel are the
    unpacking's), and a traceback shows the source line."""
    import importlib.util as iu

    from hotellab.publish.bytecode import compile_archive

    w = _pkg_wheel(tmp_path)
    data, counts = compile_archive(w.read_bytes(), w.name, sourceless=False)
    assert counts["compiled"] == 2 and counts["kept_source"] == 1
    out = tmp_path / "out"
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as z:
        z.extractall(out)
        names = set(z.namelist())
    tag = sys.implementation.cache_tag
    assert {"pkg/mod.py", f"pkg/__pycache__/mod.{tag}.pyc", f"pkg/__pycache__/__init__.{tag}.pyc"} <= names
    pyc = (out / "pkg" / "__pycache__" / f"mod.{tag}.pyc").read_bytes()
    assert pyc[:4] == iu.MAGIC_NUMBER and int.from_bytes(pyc[4:8], "little") == 0b01
    assert pyc[8:16] == iu.source_hash((out / "pkg" / "mod.py").read_bytes())
    r = _run_py("import pkg.mod, traceback\ntry:\n    pkg.mod.boom()\nexcept ValueError:\n    traceback.print_exc()\n", out)
    assert "raise ValueError('boom in mod')" in r.stderr, r.stderr
    # the pyc is what runs: a changed source (same name) still gives the compiled answer
    (out / "pkg" / "mod.py").write_text("def f():\n    return 0\n")
    assert _run_py("import pkg; print(pkg.f())", out).stdout.strip() == "42"


def test_site_stdlib_adds_sitecustomize(tmp_path):
    """The site's standard library zip: the core's modules, plus sitecustomize.py (the
    module hotellab.publish.pyodide_sitecustomize, byte for byte); the same inputs give the
    same bytes (the bytecode cache is keyed by them)."""
    from hotellab.publish import pyodide_sitecustomize
    from hotellab.publish.site import site_stdlib

    core = tmp_path / "core"
    core.mkdir()
    with zipfile.ZipFile(core / "python_stdlib.zip", "w") as z:
        z.writestr("json/__init__.py", "x = 1\n")
    a = site_stdlib(core, tmp_path / "a")
    b = site_stdlib(core, tmp_path / "b")
    assert a.read_bytes() == b.read_bytes()
    with zipfile.ZipFile(a) as z:
        assert sorted(z.namelist()) == ["json/__init__.py", "sitecustomize.py"]
        assert z.read("sitecustomize.py") == Path(pyodide_sitecustomize.__file__).read_bytes()


_CWD_CHECK = """
import os, sys, types
from hotellab.publish import pyodide_sitecustomize as sc
sc.install()
os.chdir({here!r})
sys.path[:0] = ["", {other!r}]
def can(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False
print(can("beside_notebook"), can("elsewhere"))   # the kernel starts: not the current folder
{start}
print(can("beside_notebook"))
"""


@pytest.mark.parametrize("start", ["sys.modules['pyodide_kernel'] = types.SimpleNamespace(kernel_instance=object())",
                                   "sc.kernel_started()"])
def test_sitecustomize_skips_the_current_folder_while_the_kernel_starts(tmp_path, start):
    """While the kernel starts, a module in the current folder (the browser's drive) is not
    found, one in another sys.path folder is; once the kernel exists (pyodide_kernel's
    kernel_instance, or kernel_started() from the site's import hook), the current folder is
    searched as usual."""
    here, other = tmp_path / "drive", tmp_path / "other"
    here.mkdir()
    other.mkdir()
    (here / "beside_notebook.py").write_text("x = 1\n")
    (other / "elsewhere.py").write_text("y = 2\n")
    code = _CWD_CHECK.format(here=str(here), other=str(other), start=start)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.stdout.split() == ["False", "True", "True"], r.stderr


def test_compile_bytecode_without_node(tmp_path, monkeypatch):
    """No Node.js: nothing is compiled, and the log says so (the site ships source)."""
    from hotellab.publish import site

    monkeypatch.setenv("HOTELLAB_PUBLISH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(site.shutil, "which", lambda name: None)
    core = tmp_path / "pyodide-314.0.6"
    core.mkdir()
    (core / "pyodide-lock.json").write_text(json.dumps({"info": {"python": "3.14.2"}, "packages": {}}))
    said = []
    assert site.compile_bytecode(core, {_pkg_wheel(tmp_path): True}, said.append) == {}
    assert len(said) == 1 and "Node.js" in said[0] and "source" in said[0]


def test_notebooks_the_site_cannot_run_are_left_out(tmp_path):
    """A notebook that imports a module the site's Python cannot import is left out, with the
    module named; the standard library and the shipped packages are importable."""
    import nbformat

    from hotellab.publish.site import notebook_imports, stage_notebooks

    src = tmp_path / "nbs"
    src.mkdir()
    for name, code in (("ok.ipynb", "import json, os.path\nfrom hotellab import widgets\nimport plotly.io as pio"),
                       ("needs.ipynb", "%matplotlib inline"), ("pd.ipynb", "x = 1\nimport pandas as pd\nfrom scipy import stats")):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(c) for c in code.split("\n")]
        nbformat.write(nb, src / name)
    assert notebook_imports(nbformat.read(src / "pd.ipynb", as_version=4)) == {"pandas", "scipy"}
    left: list = []
    said: list = []
    names = stage_notebooks(src, tmp_path / "out", said.append, importable={"hotellab", "plotly"}, left_out=left)
    assert names == ["needs.ipynb", "ok.ipynb"]  # a magic is not an import
    assert left == [("pd.ipynb", ["pandas", "scipy"])]
    assert any("left out pd.ipynb: it imports pandas, scipy" in m for m in said)
    assert not (tmp_path / "out" / "pd.ipynb").exists()


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


def test_the_site_draws_figures_with_its_own_lazy_plotly_renderer(tmp_path):
    """The site's plotly renderer (hotellab-lite-plotly, with the installed plotly's
    plotly.min.js beside it) replaces jupyterlab-plotly, whose 4.8 MB module the page compiles
    at start; without the renderer in the site, jupyterlab-plotly stays."""
    import plotly

    from hotellab.publish.site import LITE_PLOTLY, drop_jupyterlab_plotly, stage_lite_plotly

    ext = stage_lite_plotly(tmp_path / "extra")
    pkg = json.loads((ext / "package.json").read_text())
    assert pkg["name"] == LITE_PLOTLY == "hotellab-lite-plotly" and pkg["jupyterlab"]["_build"]["mimeExtension"]
    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    assert (ext / "static" / "plotly.min.js").read_bytes() == js.read_bytes()
    assert (ext / pkg["jupyterlab"]["_build"]["load"]).is_file()

    site = tmp_path / "site"
    (site / "extensions" / "jupyterlab-plotly" / "static").mkdir(parents=True)
    cfg = {"jupyter-config-data": {"federated_extensions": [{"name": "anywidget"}, {"name": "jupyterlab-plotly"},
                                                            {"name": LITE_PLOTLY}]}}
    (site / "jupyter-lite.json").write_text(json.dumps(cfg))
    assert drop_jupyterlab_plotly(site) is False  # the site has no renderer of its own: keep it
    assert (site / "extensions" / "jupyterlab-plotly").is_dir()
    shutil.copytree(ext, site / "extensions" / LITE_PLOTLY)
    assert drop_jupyterlab_plotly(site) is True
    names = [e["name"] for e in json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["federated_extensions"]]
    assert names == ["anywidget", LITE_PLOTLY]
    assert not (site / "extensions" / "jupyterlab-plotly").exists()
    assert drop_jupyterlab_plotly(site) is False  # nothing left to change


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

# typed into a new cell after Run All: one line (the editor indents and closes brackets)
LOCAL_IMPORT_PY = ("import importlib, os, pathlib; pathlib.Path('hl_site_local_check.py').write_text('ANSWER = 6 * 7'); "
                   "importlib.invalidate_caches(); import hl_site_local_check; print('hl-local', hl_site_local_check.ANSWER); "
                   "os.remove('hl_site_local_check.py')")


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
    # the notebooks whose first cell would fail (pandas has no wheel for the site) stay out
    assert summary["left_out"] == [("balance.ipynb", ["pandas"]), ("design_lab.ipynb", ["pandas"])]
    assert summary["notebooks"] == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")
                                          if not p.name.startswith(".") and p.name not in ("balance.ipynb", "design_lab.ipynb"))
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
    pyodide_dir = site / "static" / "pyodide"
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as z:
        stdlib = set(z.namelist())
    # the kernel's start does not search the browser's drive (hotellab.publish.pyodide_sitecustomize)
    assert stdlib & {"sitecustomize.py", "sitecustomize.pyc"}
    if shutil.which("node"):  # compiled for the site's Python (hotellab.publish.bytecode)
        interp = "cp" + "".join(lock["info"]["python"].split(".")[:2])
        ipython = lock["packages"]["ipython"]["file_name"]
        assert f"-{interp}-none-any.whl" in ipython, ipython
        with zipfile.ZipFile(pyodide_dir / ipython) as z:
            names = z.namelist()
        assert "IPython/__init__.pyc" in names and not [n for n in names if n.endswith(".py")]
        with zipfile.ZipFile(pyodide_dir / lock["packages"]["hotellab"]["file_name"]) as z:
            names = set(z.namelist())
        assert {"hotellab/__init__.py", f"hotellab/__pycache__/__init__.cpython-{interp[2:]}.pyc"} <= names
        assert "json/__init__.pyc" in stdlib and "json/__init__.py" not in stdlib

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
        # a module beside the notebook imports once the kernel runs (the start skipped the
        # current folder: hotellab.publish.pyodide_sitecustomize)
        page.locator(".jp-Notebook .jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")  # a new cell below, then into it
        page.keyboard.press("Enter")
        page.keyboard.type(LOCAL_IMPORT_PY)
        page.keyboard.press("Shift+Enter")
        page.wait_for_function("""() => [...document.querySelectorAll('.jp-OutputArea-output')]
            .some(o => /hl-local \\d+|ModuleNotFoundError|ImportError/.test(o.textContent))""", timeout=60_000)
        local = [t for t in page.locator(".jp-OutputArea-output").all_inner_texts()
                 if "hl-local" in t or "ModuleNotFoundError" in t or "ImportError" in t]
        assert local and local[-1].split()[:2] == ["hl-local", "42"], f"a module beside the notebook does not import: {local[-1:]}"
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
    # the GameView became live; how fast is bench/site.py's figure (issue 23's 10 s target), not a
    # timed assertion here: a shared CI machine's load moves it by seconds (20.7 s once under load)
    assert breakdown["first_live_gameview"] is not None, breakdown
    assert breakdown["saved_players_interactive"] is not None, breakdown
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
