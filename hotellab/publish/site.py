"""``hotellab publish OUTDIR``: a JupyterLite site of the tutorials, run live in the browser.

The site is static files: JupyterLab built for the browser (JupyterLite), the Pyodide kernel,
the Pyodide core (Python compiled to WebAssembly) and every wheel the tutorials import,
hotellab's own included. Served by any static file server, it needs no other host: a
reader opens a tutorial, runs its cells (real Python, in the page) and plays.

How it is built (each step cached under ``~/.cache/hotellab/publish`` or
``$HOTELLAB_PUBLISH_CACHE``; network is needed only to fill that cache):

1. The Pyodide core: the npm package ``pyodide`` (the version the installed
   ``jupyterlite-pyodide-kernel`` is made for), fetched with ``npm pack``; only
   ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm`` and ``python_stdlib.zip`` are
   kept (``$HOTELLAB_PYODIDE_DIR`` may name an unpacked copy instead).
2. Wheels: hotellab's wheel (``pip wheel`` of this checkout), and its dependencies plus what
   the kernel imports (IPython, jedi, comm, micropip, nbformat, which plotly needs to show
   figures) from the package index with ``pip download --platform
   pyemscripten_<abi>_wasm32 --python-version 3.14 --only-binary=:all:``; pure-Python wheels
   except ``pydantic_core``. The kernel's own wheels (piplite, pyodide-kernel, its ipykernel
   and widgetsnbextension stand-ins) come from the installed kernel extension.
   Every shipped wheel but hotellab's, and the standard library (``python_stdlib.zip``),
   is compiled to bytecode by the site's own Python: Node.js runs the Pyodide core
   (:func:`compile_bytecode`, :mod:`hotellab.publish.bytecode`); hotellab's wheel keeps its
   source beside its bytecode (tutorial tracebacks show its lines). Without Node.js the site
   ships source and the log says so. The standard library gets a ``sitecustomize`` (the
   kernel's start does not search the browser's drive for modules:
   :mod:`hotellab.publish.pyodide_sitecustomize`), and jedi leaves its stubs of other
   libraries behind (:data:`JEDI_UNUSED`).
3. ``pyodide-lock.json`` is written here, not by ``PyodideLockAddon`` (which needs uv, and
   whose pyodide-lock 0.1.2 rejects the npm lock, which lacks ``info.version``, and the
   ``pyemscripten_2026_0`` wheel tag): one entry per shipped wheel, with its sha256 and its
   dependencies as Pyodide would evaluate their markers (``sys_platform == "emscripten"``),
   so the lock lists exactly the packages the site ships.
4. The notebooks (every ``*.ipynb`` of the notebooks folder, with ``logs/``, ``scenarios/``
   and any other data files beside them) are copied, made publishable
   (:func:`hotellab.publish.notebook.publishable`: they read and play before the kernel
   starts) and marked trusted.
5. ``jupyter lite build`` (apps ``lab`` and ``notebooks``, no source maps), with the kernel
   set to load every shipped package at start (``loadPyodideOptions.packages``) and the
   PyPI fallback off (``disablePyPIFallback``): a request for a package the site does not
   ship fails at once instead of reaching for the network.

Requirements: the ``publish`` extra (``pip install "hotellab[publish]"``: jupyterlite-core,
jupyterlite-pyodide-kernel), to fill the cache ``npm`` and ``pip``, and to compile Node.js 20+.
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from ..core.files import write_whole
from .bytecode import compiled_name

#: what the kernel and the tutorials import besides hotellab's own requirements
KERNEL_SPECS = ("ipython", "jedi", "comm", "micropip", "packaging", "nbformat")
#: left out: JupyterLab's front-end packages (the site is the front end); the kernel
#: extension ships a stand-in widgetsnbextension
EXCLUDE = {"jupyterlab", "jupyter-server", "notebook", "jupyterlab-widgets", "widgetsnbextension"}
#: the Pyodide core files the site needs (the npm package also has source maps, a console, types)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: hotellab requirements that ``import hotellab`` and its widgets do not import (figures,
#: graphs, progress bars, the CLI): shipped, loaded the first time something imports them
LAZY = ("plotly", "networkx", "tqdm", "typer", "rich")
#: the wheel build_site adds: an import hook that loads a shipped package on first import
HOOK_NAME = "hotellab-site-imports"
#: build products in a notebooks folder the site never ships (``jupyter nbconvert`` writes
#: ``notebooks/*.html``)
NOT_SHIPPED = {".html", ".htm", ".pyc", ".pyo"}


class PublishError(RuntimeError):
    """The site cannot be built; the message says which step and what to install or fix."""


def _say(log, msg: str) -> None:
    if log is not None:
        log(msg)


def cache_dir() -> Path:
    """The download cache: ``$HOTELLAB_PUBLISH_CACHE`` or ``~/.cache/hotellab/publish``."""
    env = os.environ.get("HOTELLAB_PUBLISH_CACHE")
    base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hotellab" / "publish"
    base.mkdir(parents=True, exist_ok=True)
    return base


def _run(cmd: list[str], what: str, cwd=None) -> str:
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=1800)
    except FileNotFoundError as exc:
        raise PublishError(f"{what}: {cmd[0]} not found ({exc})") from None
    except subprocess.TimeoutExpired:
        raise PublishError(f"{what}: timed out: {' '.join(cmd)}") from None
    if r.returncode != 0:
        tail = "\n".join((r.stderr or r.stdout).strip().splitlines()[-15:])
        raise PublishError(f"{what} failed ({' '.join(cmd[:4])} ...):\n{tail}")
    return r.stdout


# ----------------------------------------------------------------------------- Pyodide core
def kernel_versions() -> tuple[str, str]:
    """(Pyodide version, Python version) the installed jupyterlite-pyodide-kernel is made for."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION
    except ImportError as exc:
        raise PublishError(
            "hotellab publish needs jupyterlite-core and jupyterlite-pyodide-kernel: "
            "pip install \"hotellab[publish]\"") from exc
    return PYODIDE_VERSION, PYODIDE_PYTHON_VERSION


def pyodide_core(version: str, log=None) -> Path:
    """A folder with the Pyodide core files and the npm package's ``pyodide-lock.json``."""
    env = os.environ.get("HOTELLAB_PYODIDE_DIR")
    if env:
        d = Path(env)
        missing = [f for f in (*PYODIDE_FILES, "pyodide-lock.json") if not (d / f).is_file()]
        if missing:
            raise PublishError(f"HOTELLAB_PYODIDE_DIR={d} lacks {', '.join(missing)}")
        return d
    d = cache_dir() / f"pyodide-{version}"
    if all((d / f).is_file() for f in (*PYODIDE_FILES, "pyodide-lock.json")):
        return d
    _say(log, f"fetching the Pyodide core {version} (npm pack pyodide@{version})")
    with tempfile.TemporaryDirectory() as tmp:
        out = _run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", tmp],
                   "fetching the Pyodide core with npm (install npm, or set HOTELLAB_PYODIDE_DIR)")
        tgz = Path(tmp) / out.strip().splitlines()[-1]
        part = d.with_name(d.name + ".part")
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir(parents=True)
        with tarfile.open(tgz) as tf:
            for m in tf.getmembers():
                name = m.name.split("/", 1)[-1]
                if name in (*PYODIDE_FILES, "pyodide-lock.json") and m.isfile():
                    with tf.extractfile(m) as src:
                        write_whole(part / name, src.read())
        shutil.rmtree(d, ignore_errors=True)
        part.replace(d)
    return d


# ----------------------------------------------------------------------------- wheels
def project_root() -> Path | None:
    """The source checkout hotellab is imported from (where pyproject.toml is), if any."""
    here = Path(__file__).resolve().parents[2]
    return here if (here / "pyproject.toml").is_file() and (here / "hotellab").is_dir() else None


def hotellab_wheel(dest: Path, log=None) -> Path:
    """Build hotellab's wheel from the checkout into ``dest`` (``$HOTELLAB_WHEEL`` may name
    a wheel file instead)."""
    env = os.environ.get("HOTELLAB_WHEEL")
    if env:
        return Path(env)
    root = project_root()
    if root is None:
        return installed_wheel(dest, log)
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("hotellab-*.whl"):
        old.unlink()
    _say(log, "building the hotellab wheel")
    with tempfile.TemporaryDirectory() as build:
        # from a copy of the sources: the checkout gets no build/ folder
        src = Path(build) / "src"
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*.egg-info", "build", "dist")
        shutil.copytree(root / "hotellab", src / "hotellab", ignore=ignore)
        for f in ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "MANIFEST.in"):
            if (root / f).is_file():
                shutil.copy2(root / f, src / f)
        for folder in ("notebooks", "jupyter-config"):  # data-files of pyproject.toml
            if (root / folder).is_dir():
                shutil.copytree(root / folder, src / folder, ignore=ignore)
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "--disable-pip-version-check",
               "-w", str(dest), str(src)]
        try:  # offline when setuptools and wheel are installed; else pip fetches them
            _run([*cmd[:5], "--no-build-isolation", *cmd[5:]], "building the hotellab wheel", cwd=build)
        except PublishError:
            _run(cmd, "building the hotellab wheel", cwd=build)
    found = sorted(dest.glob("hotellab-*.whl"))
    if not found:
        raise PublishError("building the hotellab wheel gave no wheel")
    return found[-1]


def installed_wheel(dest: Path, log=None) -> Path:
    """A wheel of the installed hotellab package (no source checkout: an ordinary install):
    its files as installed, and its metadata. Raises PublishError when the metadata cannot
    be read."""
    import base64
    import importlib.metadata

    import hotellab

    try:
        dist = importlib.metadata.distribution("hotellab")
        meta = dist.read_text("METADATA") or dist.read_text("PKG-INFO")  # a wheel's, or an egg-info's
    except importlib.metadata.PackageNotFoundError:
        meta = None
    if not meta:
        raise PublishError("cannot read hotellab's installed metadata to make its wheel: "
                           "set HOTELLAB_WHEEL to a hotellab wheel file")
    version = dist.version
    _say(log, f"making a wheel of the installed hotellab {version}")
    dest.mkdir(parents=True, exist_ok=True)
    pkg = Path(hotellab.__file__).resolve().parent
    info = f"hotellab-{version}.dist-info"
    out = dest / f"hotellab-{version}-py3-none-any.whl"
    record = []

    def add(z, name: str, data: bytes) -> None:
        z.writestr(name, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")

    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(pkg.rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                add(z, "hotellab/" + f.relative_to(pkg).as_posix(), f.read_bytes())
        add(z, f"{info}/METADATA", meta.encode("utf-8"))
        add(z, f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: hotellab.publish\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        eps = dist.read_text("entry_points.txt")
        if eps:
            add(z, f"{info}/entry_points.txt", eps.encode("utf-8"))
        add(z, f"{info}/top_level.txt", b"hotellab\n")
        z.writestr(f"{info}/RECORD", "\n".join([*record, f"{info}/RECORD,,"]) + "\n")
    return out


def wheel_metadata(path: Path) -> dict:
    """Name, version, requirements and top-level import names of a wheel file."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        msg = email.parser.Parser().parsestr(z.read(meta_name).decode("utf-8"))
        top_file = meta_name.replace("METADATA", "top_level.txt")
        if top_file in names:
            imports = [t.strip() for t in z.read(top_file).decode("utf-8").split() if t.strip()]
        else:
            imports = sorted({n.split("/", 1)[0].removesuffix(".py") for n in names
                              if not n.split("/", 1)[0].endswith((".dist-info", ".data"))
                              and (n.endswith("/__init__.py") and n.count("/") == 1 or (n.count("/") == 0 and n.endswith(".py")))})
    return {"name": msg["Name"], "version": msg["Version"], "requires": msg.get_all("Requires-Dist") or [],
            "imports": imports}


def _marker_env(python: str) -> dict:
    return {
        "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
        "platform_machine": "wasm32", "implementation_name": "cpython",
        "platform_python_implementation": "CPython", "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python if python.count(".") == 2 else python + ".0",
        "platform_release": "", "platform_version": "", "implementation_version": python, "extra": "",
    }


def dependency_wheels(specs: list[str], platform: str, python: str, log=None) -> Path:
    """``pip download`` the wheels of ``specs`` for Pyodide into a cached folder (keyed by
    the specs and platform) and return it."""
    key = hashlib.sha256(json.dumps([sorted(specs), platform, python]).encode()).hexdigest()[:16]
    d = cache_dir() / f"wheels-{key}"
    if (d / ".complete").is_file():
        return d
    _say(log, f"downloading {len(specs)} requirements and their dependencies for {platform}")
    part = d.with_name(d.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    _run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--dest", str(part),
          "--platform", platform, "--platform", "any", "--python-version", python,
          "--only-binary=:all:", *specs], f"downloading the wheels for Pyodide ({platform})")
    write_whole(part / ".complete", "\n".join(sorted(specs)) + "\n")
    shutil.rmtree(d, ignore_errors=True)
    part.replace(d)
    return d


def _canon(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def kernel_extension_wheels() -> list[Path]:
    """piplite, pyodide-kernel and the kernel's ipykernel/widgetsnbextension stand-ins (the
    newest of each), from the installed kernel extension."""
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        pypi = Path(base) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            best: dict[str, Path] = {}
            from packaging.version import Version

            for w in pypi.glob("*.whl"):
                name, ver = w.name.split("-")[:2]
                c = _canon(name)
                if c not in best or Version(ver) > Version(best[c].name.split("-")[1]):
                    best[c] = w
            return sorted(best.values())
    raise PublishError("the Pyodide kernel extension is not installed: pip install \"hotellab[publish]\"")


def select_wheels(roots: list[str], wheels: list[Path], python: str) -> dict[str, tuple[Path, dict]]:
    """The wheels reachable from ``roots`` through requirements whose markers hold in
    Pyodide; canonical name -> (wheel, metadata with ``depends``). Raises PublishError for
    a requirement no wheel provides."""
    from packaging.requirements import Requirement

    env = _marker_env(python)
    by_name: dict[str, tuple[Path, dict]] = {}
    for w in wheels:
        meta = wheel_metadata(w)
        by_name.setdefault(_canon(meta["name"]), (w, meta))
    chosen: dict[str, tuple[Path, dict]] = {}
    todo = [(_canon(Requirement(r).name), set(Requirement(r).extras), "the site") for r in roots]
    missing = []
    while todo:
        name, extras, why = todo.pop()
        if name in EXCLUDE:
            continue
        if name not in by_name:
            missing.append(f"{name} (needed by {why})")
            continue
        w, meta = by_name[name]
        new = name not in chosen
        if new:
            chosen[name] = (w, {**meta, "depends": set(), "extras_done": set()})
        entry = chosen[name][1]
        want = ({""} | extras) - entry["extras_done"]
        if not want:
            continue
        entry["extras_done"] |= want
        for r in meta["requires"]:
            req = Requirement(r)
            ok = any(req.marker is None or req.marker.evaluate({**env, "extra": e}) for e in want)
            if not ok:
                continue
            dep = _canon(req.name)
            if dep in EXCLUDE:
                continue
            entry["depends"].add(dep)
            todo.append((dep, set(req.extras), name))
    if missing:
        raise PublishError("no Pyodide wheel for: " + "; ".join(sorted(set(missing))))
    return chosen


#: jedi's type stubs of third-party libraries (pywin32, tensorflow, django...: 4,800 of its
#: 5,600 files, which Pyodide unpacked at every kernel start for 0.5 s); the site's
#: completions use the live objects and the standard library's stubs, which stay
JEDI_UNUSED = ("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/")


def _unused_in_pyodide(name: str) -> bool:
    """A wheel entry the kernel never reads: data files for ``<prefix>/share`` (JupyterLab
    front-end extensions, of which the site has its own copies; hotellab's notebooks, which
    the site holds as its files) and ``<prefix>/etc`` (Jupyter server configuration), plotly's
    widget bundle (hotellab draws go.Figure only, which does not need it) and
    :data:`JEDI_UNUSED`."""
    return (".data/data/share/" in name or ".data/data/etc/jupyter/" in name
            or name.endswith("plotly/package_data/widgetbundle.js") or name.startswith(JEDI_UNUSED))


def slim_wheel(path: Path, dest_dir: Path) -> Path:
    """``path`` without the entries :func:`_unused_in_pyodide` names (and their RECORD lines),
    written to ``dest_dir``; ``path`` itself when it has none."""
    with zipfile.ZipFile(path) as z:
        drop = {i.filename for i in z.infolist() if _unused_in_pyodide(i.filename)}
        if not drop:
            return path
        dest_dir.mkdir(parents=True, exist_ok=True)
        out = dest_dir / path.name
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as o:
            for i in z.infolist():
                if i.filename in drop:
                    continue
                data = z.read(i.filename)
                if i.filename.endswith(".dist-info/RECORD"):
                    lines = [ln for ln in data.decode("utf-8").splitlines() if ln.split(",", 1)[0] not in drop]
                    data = ("\n".join(lines) + "\n").encode("utf-8")
                o.writestr(i, data)
    return out


def write_lock(core: Path, chosen: dict[str, tuple[Path, dict]], dest: Path, work: Path | None = None,
               core_files: dict[str, Path] | None = None) -> dict:
    """Copy the Pyodide core and the chosen wheels into ``dest`` and write its
    ``pyodide-lock.json`` listing exactly those wheels. Returns the lock.

    :param core_files: core file name -> a file to ship in its place (the standard library
        compiled to bytecode: ``{"python_stdlib.zip": path}``)."""
    npm_lock = json.loads((core / "pyodide-lock.json").read_text("utf-8"))
    info = dict(npm_lock.get("info") or {})
    info.setdefault("version", core.name.removeprefix("pyodide-") if core.name.startswith("pyodide-") else "")
    dest.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        shutil.copy2((core_files or {}).get(f, core / f), dest / f)
    packages = {}
    for name, (w, meta) in sorted(chosen.items()):
        w = slim_wheel(w, work or Path(tempfile.mkdtemp(prefix="hotellab-slim-")))
        shutil.copy2(w, dest / w.name)
        packages[name] = {
            "name": meta["name"],
            "version": meta["version"],
            "file_name": w.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(w.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": meta["imports"],
            "depends": sorted(d for d in meta["depends"] if d in chosen),
            "unvendored_tests": False,
            "shared_library": False,
        }
    lock = {"info": info, "packages": packages}
    write_whole(dest / "pyodide-lock.json", json.dumps(lock, indent=1, sort_keys=True))
    return lock


# ----------------------------------------------------------------------------- bytecode
_BYTECODE_FILES = ("bytecode.py", "bytecode.js")


def compile_bytecode(core: Path, archives: dict[Path, bool], log=None) -> dict[Path, Path]:
    """Compile ``archives`` (wheel or zip path -> sourceless, see
    :mod:`hotellab.publish.bytecode`) with the site's own Python: Node.js runs the Pyodide
    core in ``core`` (``bytecode.js``). Each result is cached under the publish cache by the
    archive's sha256 (and the core's version and the compiler's own files), so a rebuild
    compiles nothing new. Returns archive -> compiled archive; an empty dict, with a line in
    ``log`` saying why, when Node.js is missing or cannot run the core (the site then ships
    the archives as they are: it works, its kernel starts slower)."""
    here = Path(__file__).resolve().parent
    tool = hashlib.sha256(b"".join((here / f).read_bytes() for f in _BYTECODE_FILES)).hexdigest()[:12]
    base = cache_dir() / f"bytecode-{core.name}-{tool}"
    python = str((json.loads((core / "pyodide-lock.json").read_text("utf-8")).get("info") or {}).get("python") or "3")
    interpreter = "cp" + "".join(python.split(".")[:2])
    out: dict[Path, Path] = {}
    jobs = []
    for src, sourceless in archives.items():
        key = f"{hashlib.sha256(src.read_bytes()).hexdigest()[:24]}-{'pyc' if sourceless else 'py+pyc'}"
        target = base / key / (compiled_name(src.name, interpreter) if sourceless and src.suffix == ".whl" else src.name)
        if target.is_file():
            out[src] = target
        else:
            jobs.append((src, sourceless, target))
    if not jobs:
        return out
    for old in base.parent.glob(f"bytecode-{core.name}-*"):  # an older compiler's results
        if old != base:
            shutil.rmtree(old, ignore_errors=True)
    node = shutil.which("node")
    if node is None:
        _say(log, "node (Node.js) not found: the site's Python packages ship as source, not compiled "
                  "(the kernel starts some seconds slower); install Node.js 20+ to compile them")
        return {}
    _say(log, f"compiling {len(jobs)} archives to bytecode with the site's Python (node {here / 'bytecode.js'})")
    with tempfile.TemporaryDirectory(prefix="hotellab-bytecode-") as tmp:
        spec = [{"in": str(src), "out": str(Path(tmp) / f"{i}-{target.name}"), "sourceless": sourceless,
                 "stdlib": src.suffix == ".zip"} for i, (src, sourceless, target) in enumerate(jobs)]
        write_whole(Path(tmp) / "jobs.json", json.dumps(spec))
        try:
            _run([node, str(here / "bytecode.js"), str(core), str(Path(tmp) / "jobs.json")],
                 "compiling the site's Python packages to bytecode")
        except PublishError as exc:
            _say(log, f"{exc}\nthe site's Python packages ship as source, not compiled")
            return {}
        for job, (src, _, target) in zip(spec, jobs):
            target.parent.mkdir(parents=True, exist_ok=True)
            write_whole(target, Path(job["out"]).read_bytes())
            out[src] = target
    return out


def site_stdlib(core: Path, dest: Path) -> Path:
    """The site's ``python_stdlib.zip``: the core's, with ``sitecustomize.py`` (the module
    :mod:`hotellab.publish.pyodide_sitecustomize`: the kernel's start does not search the
    browser's drive for modules). Written to ``dest`` (a folder); returns its path. The same
    inputs give the same bytes (the bytecode cache is keyed by them)."""
    src = core / "python_stdlib.zip"
    custom = (Path(__file__).resolve().parent / "pyodide_sitecustomize.py").read_bytes()
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / "python_stdlib.zip"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.filename not in ("sitecustomize.py", "sitecustomize.pyc"):
                zout.writestr(info, zin.read(info))
        zi = zipfile.ZipInfo("sitecustomize.py", date_time=(1980, 1, 1, 0, 0, 0))
        zi.external_attr = 0o644 << 16
        zout.writestr(zi, custom, compress_type=zipfile.ZIP_DEFLATED)
    return out


# ----------------------------------------------------------------------------- lazy imports
_HOOK_MODULE = '''"""The site's import hook (written by ``hotellab publish``): a package the site ships but
the kernel did not load at start is loaded from the site the first time it is imported
(``import plotly`` inside a hotellab function too, where the kernel's own scan of a cell's
imports cannot see it). In a browser without JSPI (no synchronous wait in Pyodide), every
such package is loaded before the first cell that mentions hotellab (as the site did at start
before)."""

import importlib
import sys
from importlib.abc import MetaPathFinder

#: top-level import name -> the site's package that provides it (pyodide-lock.json)
IMPORTS = {imports}
_done = set()


def _load(names):
    import pyodide_js
    from pyodide.ffi import to_js

    return pyodide_js.loadPackage(to_js(sorted(names)))


class LockFinder(MetaPathFinder):
    """Loads the package of a top-level import the site ships, then lets Python find it."""

    def find_spec(self, fullname, path, target=None):
        pkg = IMPORTS.get(fullname) if path is None else None
        if pkg is None or pkg in _done:
            return None
        from pyodide.ffi import can_run_sync, run_sync

        if not can_run_sync():
            return None
        _done.add(pkg)
        run_sync(_load([pkg]))
        importlib.invalidate_caches()
        return None


async def _load_rest(lines):
    """The pre-cell step where synchronous loading is impossible: everything, once."""
    rest = set(IMPORTS.values()) - _done
    if rest and any("hotellab" in line or "hl." in line for line in lines):
        _done.update(rest)
        await _load(rest)
        importlib.invalidate_caches()
    return lines


def install():
    if not any(isinstance(f, LockFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, LockFinder())
    custom = sys.modules.get("sitecustomize")
    if hasattr(custom, "kernel_started"):  # the kernel is up: search the notebook's folder again
        custom.kernel_started()
    try:
        from pyodide.ffi import can_run_sync

        if not can_run_sync():
            get_ipython().kernel.lite_transform_manager.line_transforms.insert(0, _load_rest)  # noqa: F821
    except Exception:  # noqa: BLE001 - no kernel (plain Pyodide): the finder alone
        pass
'''

_HOOK_CONFIG = '''# IPython's configuration in the site's kernel (hotellab publish): the import hook
c = get_config()  # noqa: F821
c.InteractiveShellApp.exec_lines = ["__import__('hotellab_site_imports').install()"]
'''


def hook_wheel(dest: Path, imports: dict[str, str]) -> Path:
    """The site's import-hook wheel (:data:`HOOK_NAME`): module ``hotellab_site_imports``
    with ``imports`` (top-level import name -> shipped package name) and, as a data file for
    ``<prefix>/etc/ipython``, the IPython configuration that installs it when the kernel
    starts. Returns the wheel's path in ``dest``."""
    import base64

    dest.mkdir(parents=True, exist_ok=True)
    name, version = HOOK_NAME.replace("-", "_"), "1.0"
    files = {
        "hotellab_site_imports.py": _HOOK_MODULE.replace("{imports}", json.dumps(imports, sort_keys=True)),
        f"{name}-{version}.data/data/etc/ipython/ipython_config.py": _HOOK_CONFIG,
        f"{name}-{version}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {HOOK_NAME}\nVersion: {version}\n",
        f"{name}-{version}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: hotellab.publish\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{name}-{version}.dist-info/top_level.txt": "hotellab_site_imports\n",
    }
    out = dest / f"{name}-{version}-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, text in files.items():
            data = text.encode("utf-8")
            z.writestr(fname, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{fname},sha256={digest},{len(data)}")
        z.writestr(f"{name}-{version}.dist-info/RECORD", "\n".join([*record, f"{name}-{version}.dist-info/RECORD,,"]) + "\n")
    return out


LITE_PLOTLY = "hotellab-lite-plotly"
"""The site's plotly renderer (built from ``labextension/lite-plotly``, in the package as
``hotellab/publish/lite_plotly``): it loads plotly.js when the first figure is drawn."""
JUPYTERLAB_PLOTLY = "jupyterlab-plotly"


def stage_lite_plotly(dest: Path) -> Path:
    """Copy the site's plotly renderer into ``dest/hotellab-lite-plotly`` (a folder that
    ``jupyter lite build`` reads as an extra extensions path), with the installed plotly
    package's ``plotly.min.js`` as ``static/plotly.min.js`` (the version that package's
    figures are made for). Returns the extension's folder.

    :raises PublishError: when the built renderer or plotly.min.js is missing.
    """
    import plotly

    built = Path(__file__).with_name("lite_plotly")
    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    if not (built / "package.json").is_file():
        raise PublishError(f"the site's plotly renderer is not built ({built}): bash scripts/build_labextension.sh")
    if not js.is_file():
        raise PublishError(f"the plotly package has no plotly.min.js at {js}: reinstall plotly")
    out = dest / LITE_PLOTLY
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(built, out)
    shutil.copy2(js, out / "static" / "plotly.min.js")
    return out


def drop_jupyterlab_plotly(outdir: Path) -> bool:
    """Take jupyterlab-plotly out of the built site ``outdir`` (its folder under
    ``extensions/`` and its entries in every ``jupyter-lite.json``), when the site's own
    plotly renderer (:data:`LITE_PLOTLY`) is there to draw figures: jupyterlab-plotly's one
    4.8 MB module is loaded and compiled at start on every visit, about 1 s of this machine's
    CPU before a notebook shows (measured: saved players interactive 4.4 -> 3.3 s, kernel idle
    7.1 -> 5.8 s). Returns whether anything changed."""
    if not (outdir / "extensions" / LITE_PLOTLY / "package.json").is_file():
        return False
    changed = False
    for cfg in sorted(outdir.rglob("jupyter-lite.json")):
        data = json.loads(cfg.read_text("utf-8"))
        holder = data.get("jupyter-config-data", {})
        exts = holder.get("federated_extensions")
        if isinstance(exts, list):
            keep = [e for e in exts if not (isinstance(e, dict) and e.get("name") == JUPYTERLAB_PLOTLY)]
            if keep != exts:
                holder["federated_extensions"] = keep
                write_whole(cfg, json.dumps(data, indent=2, sort_keys=True))
                changed = True
    folder = outdir / "extensions" / JUPYTERLAB_PLOTLY
    if folder.is_dir():
        shutil.rmtree(folder)
        changed = True
    return changed


# ----------------------------------------------------------------------------- notebooks
_CONNECTED = re.compile(r"""(["'])plotly_mimetype\+notebook_connected\1""")


def _lite_renderer(source: str) -> str:
    """A code cell's text for the browser's Python: plotly's ``notebook_connected`` renderer
    (figures in exported HTML pages, plotly.js from plotly's CDN) becomes ``plotly_mimetype``,
    since JupyterLite draws figures from plotly's JSON and a reader may be offline."""
    return _CONNECTED.sub(r"\1plotly_mimetype\1", source)


def notebook_imports(nb) -> set[str]:
    """The top-level modules the code cells of notebook ``nb`` import (``import a.b``,
    ``from a import b``; relative imports and cells that are not Python, e.g. magics, are left
    out)."""
    import ast

    found: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return found


def stage_notebooks(src: Path, dest: Path, log=None, importable: set[str] | None = None,
                    left_out: list | None = None) -> list[str]:
    """Copy the notebooks folder (notebooks made publishable and trusted; data files as they
    are; no build scripts, checkpoints or hidden files) into ``dest``. Returns the notebook
    names.

    :param importable: the modules the site's Python can import (besides its standard
        library): a notebook that imports another one (e.g. pandas, which has no wheel for the
        site) is left out, since its first cell would fail; None: every notebook goes in.
    :param left_out: a list that gets ``(name, [missing modules])`` of each notebook left out.
    """
    import nbformat

    from .notebook import publishable

    names = []
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(src)
        if any(part.startswith(".") or part in ("__pycache__",) for part in rel.parts) or p.is_dir():
            continue
        if p.suffix == ".py" and len(rel.parts) == 1:
            continue  # build.py, make_logs.py: the notebooks' makers, not their data
        if p.suffix.lower() in NOT_SHIPPED:
            continue  # nbconvert's exports of the notebooks, bytecode: build products
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if p.suffix == ".ipynb":
            nb = nbformat.read(p, as_version=4)
            if importable is not None:
                missing = sorted(notebook_imports(nb) - importable - set(sys.stdlib_module_names))
                if missing:
                    _say(log, f"left out {rel}: it imports {', '.join(missing)}, which the site does not ship")
                    if left_out is not None:
                        left_out.append((str(rel), missing))
                    continue
            # game views as players; figures keep what they have (JupyterLite draws them from
            # plotly's own JSON with the plotly extension: plotly.js inline would add 1.9 MB
            # per notebook)
            publishable(nb, figures=False)
            for cell in nb.cells:  # trusted: the saved players draw at once
                if cell.cell_type == "code":
                    cell.metadata["trusted"] = True
                    cell.source = _lite_renderer(cell.source)
            # strings whole (not nbformat's lists of lines): JupyterLite hands the file to
            # JupyterLab as it is, and lists of lines show joined with commas
            write_whole(out, nbformat.writes(nb, split_lines=False) + "\n")
            names.append(str(rel))
        else:
            shutil.copy2(p, out)
    if not names:
        raise PublishError(f"no notebooks in {src}")
    _say(log, f"{len(names)} notebooks: {', '.join(names)}")
    return names


# ----------------------------------------------------------------------------- the site
def build_site(outdir, notebooks=None, *, log=print, lite_args=(), bytecode: bool = True) -> dict:
    """Build the JupyterLite site into ``outdir`` (replaced if it exists) and return a
    summary: ``{"outdir", "notebooks", "left_out", "packages", "bytes", "files", "seconds"}``
    (``left_out``: ``[(notebook, [modules the site cannot import])]``).

    :param notebooks: the notebooks folder (default: the bundled tutorials, as found by
        ``hotellab lab``).
    :param bytecode: ship the Python packages and the standard library compiled for the
        site's Python (:func:`compile_bytecode`; needs Node.js, else they ship as source).
    :raises PublishError: with the step that failed and what to install.
    """
    t0 = time.perf_counter()
    outdir = Path(outdir).resolve()
    notebooks = _notebooks_folder(notebooks, outdir)
    pyodide_version, python = kernel_versions()
    core = pyodide_core(pyodide_version, log)
    info = json.loads((core / "pyodide-lock.json").read_text("utf-8")).get("info") or {}
    platform = f"pyemscripten_{info.get('abi_version', '2026_0')}_{info.get('arch', 'wasm32')}"
    python = ".".join(str(info.get("python") or python).split(".")[:2])

    with tempfile.TemporaryDirectory(prefix="hotellab-publish-") as tmp:
        tmp = Path(tmp)
        chosen, at_start = _site_wheels(tmp, platform, python, log)
        stdlib = site_stdlib(core, tmp / "stdlib")
        if bytecode:
            chosen, stdlib = _compiled(core, chosen, stdlib, log)
        core_files = {"python_stdlib.zip": stdlib}
        lite = tmp / "lite"
        lock = write_lock(core, chosen, lite / "static" / "pyodide", work=tmp / "slim", core_files=core_files)
        importable = {i for meta in lock["packages"].values() for i in meta.get("imports") or []}
        left_out: list = []
        nb_names = stage_notebooks(notebooks, lite / "files", log, importable=importable, left_out=left_out)
        packages = sorted(lock["packages"])
        preload = sorted(at_start)
        _write_lite_config(lite, preload, outdir)
        if outdir.exists():
            shutil.rmtree(outdir)
        _say(log, "jupyter lite build")
        _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite), "--output-dir", str(outdir),
              *lite_args], "jupyter lite build", cwd=lite)
    _tidy_site(outdir)
    files = [p for p in outdir.rglob("*") if p.is_file()]
    summary = {
        "outdir": str(outdir),
        "notebooks": nb_names,
        "left_out": left_out,
        "packages": packages,
        "preloaded": preload,
        "bytes": sum(p.stat().st_size for p in files),
        "files": len(files),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    _say(log, f"site: {summary['bytes'] / 1e6:.1f} MB in {summary['files']} files, {len(packages)} Python "
              f"packages, built in {summary['seconds']} s -> {outdir}")
    return summary


def _notebooks_folder(notebooks, outdir: Path) -> Path:
    """The notebooks folder to publish (default: the bundled tutorials, as ``hotellab lab``
    finds them); PublishError when there is none, or when it is the output folder."""
    if notebooks is None:
        from ..core.files import find_notebooks_dir

        notebooks = find_notebooks_dir()
        if notebooks is None:
            raise PublishError("cannot find the hotellab notebooks; pass a notebooks folder")
    notebooks = Path(notebooks).resolve()
    if not notebooks.is_dir():
        raise PublishError(f"{notebooks} is not a folder")
    if outdir == notebooks or notebooks in outdir.parents and outdir.name == "":
        raise PublishError("OUTDIR must not be the notebooks folder")
    return notebooks


def _site_wheels(tmp: Path, platform: str, python: str, log) -> tuple[dict, set]:
    """The site's packages: ``(chosen, at_start)``, the wheels of hotellab, of its
    dependencies (not its extras'), of the kernel and of the import hook
    (:func:`select_wheels`' ``{name: (wheel, metadata)}``), and the names the kernel loads
    when it starts (the others come through the hook when first imported)."""
    from packaging.requirements import Requirement

    hl_wheel = hotellab_wheel(tmp / "hl", log)
    core_reqs = [r for r in wheel_metadata(hl_wheel)["requires"]
                 if Requirement(r).marker is None or "extra" not in str(Requirement(r).marker)]
    deps = dependency_wheels(sorted({*core_reqs, *KERNEL_SPECS}), platform, python, log)
    wheels = [hl_wheel, *kernel_extension_wheels(), *sorted(deps.glob("*.whl"))]
    ext_names = [_canon(wheel_metadata(w)["name"]) for w in kernel_extension_wheels()]
    # the kernel needs these to start (loaded at start); the rest when first imported
    kernel_roots = [*(s for s in KERNEL_SPECS if s != "nbformat"), *ext_names]
    at_start = set(select_wheels(kernel_roots, wheels, python))
    chosen = select_wheels(["hotellab", *KERNEL_SPECS, *ext_names], wheels, python)
    imports = {imp: name for name, (_, meta) in chosen.items() if name not in at_start for imp in meta["imports"]}
    hook = hook_wheel(tmp / "hook", imports)
    chosen.update(select_wheels([HOOK_NAME], [hook], python))
    at_start.add(_canon(HOOK_NAME))
    # ``import hotellab`` (the kernel loads what a cell imports) brings hotellab and what
    # it and its widgets import; the LAZY ones come through the hook when imported
    chosen["hotellab"][1]["depends"] -= set(LAZY)
    return chosen, at_start


def _compiled(core: Path, chosen: dict, stdlib: Path, log) -> tuple[dict, Path]:
    """``(chosen, stdlib)`` compiled for the site's Python (:func:`compile_bytecode`):
    third-party modules and the standard library sourceless; hotellab's own keeps its source
    (tracebacks in the tutorials show its lines) beside its bytecode."""
    archives = {w: name != "hotellab" for name, (w, _) in chosen.items() if name != _canon(HOOK_NAME)}
    archives[stdlib] = True
    compiled = compile_bytecode(core, archives, log)
    chosen = {name: (compiled.get(w, w), meta) for name, (w, meta) in chosen.items()}
    return chosen, compiled.get(stdlib, stdlib)


def _write_lite_config(lite: Path, preload: list, outdir: Path) -> None:
    """JupyterLite's settings (the Pyodide kernel: no PyPI, ``preload`` loaded at start) and
    build configuration (the plotly renderer staged beside, output to ``outdir``)."""
    write_whole(lite / "jupyter-lite.json", json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "hotellab tutorials",
            "defaultKernelName": "python",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }, indent=2))
    ext_dir = lite / "extensions-extra"
    stage_lite_plotly(ext_dir)
    write_whole(lite / "jupyter_lite_config.json", json.dumps({
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(ext_dir)]},
        "LiteBuildConfig": {
            "apps": ["lab", "notebooks"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "contents": ["files"],
            "output_dir": str(outdir),
        },
    }, indent=2))


def _tidy_site(outdir: Path) -> None:
    """After the build: unused files pruned, JupyterLab's plotly extension dropped, and the
    favicon at the site's root."""
    _prune(outdir)
    drop_jupyterlab_plotly(outdir)
    if (outdir / "lab" / "favicon.ico").is_file() and not (outdir / "favicon.ico").exists():
        # browsers ask every site for /favicon.ico: a 404 there is a console error
        shutil.copy2(outdir / "lab" / "favicon.ico", outdir / "favicon.ico")


def _prune(outdir: Path) -> None:
    """Drop what the site never serves: the build's doit database, source maps, and the
    older font formats (SVG, EOT, TTF, WOFF) of fonts that also come as WOFF2, which every
    browser that runs the site uses."""
    for p in outdir.rglob("*.map"):
        p.unlink()
    for p in list(outdir.rglob("*.woff2")):
        for ext in (".svg", ".eot", ".ttf", ".woff"):
            old = p.with_suffix(ext)
            if old.is_file():
                old.unlink()
    for name in (".jupyterlite.doit.db",):
        for p in outdir.glob(name + "*"):
            p.unlink()


def main(argv=None) -> int:  # pragma: no cover - `python -m hotellab.publish.site OUTDIR`
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (1, 2):
        print("usage: python -m hotellab.publish.site OUTDIR [NOTEBOOKS]", file=sys.stderr)
        return 2
    try:
        build_site(args[0], args[1] if len(args) > 1 else None)
    except PublishError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
