"""JupyterLab for the browser tests: started on a copy of ``notebooks/`` with this Python as the
"python3" kernel, a free localhost port, a random token and throw-away settings (every cell
rendered, no news, no update checks); stopped afterwards. Used by test_browser,
test_lab_console and test_labextension.

Loaded by the tests with importlib (like offline_browser.py), not collected as a test module.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_lab(base: Path):
    """JupyterLab on a copy of the notebooks; returns (process, url base, token, log path)."""
    work = base / "notebooks"
    shutil.copytree(NOTEBOOKS, work, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    # a "python3" kernel that is this interpreter, whatever else is installed
    jpath = base / "jupyter"
    spec = jpath / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python",
    }), "utf-8")
    # settings: render every cell (no virtual scrolling), no news, no update checks
    settings = base / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}), "utf-8")
    apps = base / "settings" / "@jupyterlab" / "apputils-extension"
    apps.mkdir(parents=True)
    (apps / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}), "utf-8")

    env = dict(os.environ)
    env.update({
        "JUPYTER_PATH": str(jpath) + (os.pathsep + env["JUPYTER_PATH"] if env.get("JUPYTER_PATH") else ""),
        "JUPYTER_CONFIG_DIR": str(base / "config"),
        "JUPYTER_DATA_DIR": str(base / "data"),  # its own notebook-trust database (see trust())
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(base / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
        "PYTHONUNBUFFERED": "1",
    })
    port = free_port()
    token = uuid.uuid4().hex
    log = base / "jupyterlab.log"
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}", "--ServerApp.port_retries=0",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # CI containers run as root
        cmd.append("--allow-root")
    proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=open(log, "wb"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterLab exited with {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"JupyterLab did not answer within 90 s:\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.3)
    return proc, url, token, log


def stop(proc) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


# The status bar reads "Python 3 (ipykernel) | Idle" once a kernel is connected and idle
# ("No Kernel | Initializing" before; cells run then would be silently skipped).
KERNEL_IDLE_JS = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => /\\|\\s*Idle\\s*$/.test(e.textContent) && !/No Kernel/.test(e.textContent))"""


def trust(base: Path, path: Path) -> None:
    """Mark notebook ``path`` trusted for a JupyterLab started by :func:`start_lab` on ``base``
    (its trust database is in ``base / "data"``), as ``jupyter trust`` does."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary(data_dir=str(base / "data"))
    nb = nbformat.read(path, as_version=4)
    notary.sign(nb)


def save_notebook(page, path: Path, timeout: float = 90.0) -> None:
    """Save the current notebook through File > Save Notebook and wait until ``path`` on disk
    changes. The menu is used, not Ctrl+S: a key press goes to whatever holds the focus. The
    wait pumps playwright's events (``page.wait_for_timeout``): a page from
    ``offline_browser.offline_page`` sends each request through a route handler in this
    process, so a ``time.sleep`` poll holds the save's own request back until it gives up (the
    cause of a CI failure: "the notebook was not saved"). Raises AssertionError naming the
    file, and the text of any JupyterLab dialog in the way, if the file never changes."""
    before = path.stat().st_mtime_ns
    for attempt in range(2):
        page.keyboard.press("Escape")  # close any open menu or completer
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
        page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                     has_text=re.compile(r"^Save Notebook$")).first.click()
        deadline = time.monotonic() + timeout / 2
        while time.monotonic() < deadline:
            if path.stat().st_mtime_ns != before:
                return
            # the page's requests pass through this process (offline_page routes every one):
            # wait through playwright, never time.sleep, or the save's own request waits too
            page.wait_for_timeout(200)
    dialogs = page.locator(".jp-Dialog")
    shown = dialogs.first.inner_text() if dialogs.count() else "no dialog"
    raise AssertionError(f"{path.name} was not saved within {timeout:.0f} s (File > Save Notebook, twice); {shown!r}")
