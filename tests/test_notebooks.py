"""The notebooks run top to bottom, their game views carry real boards, and an HTML export
shows them without a kernel.

Each notebook in ``notebooks/`` is executed once per test session with nbclient in a fresh
kernel that runs *this* Python (a throw-away kernelspec, so a stale or foreign ``python3``
kernel on the machine does not matter), with ``store_widget_state=True`` exactly as
``notebooks/build.py`` saves them. The tests then check the outputs, the saved widget state,
the frames inside it (base64 of gzip JSON: see ``hotellab/widgets/_frames.py``) and an
nbconvert HTML export. The committed notebooks are checked too: they must be saved executed,
with the widget state that makes the published HTML show the board.
"""

from __future__ import annotations

import base64
import gzip
import html as html_lib
import json
import re
import sys
import time
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("nbconvert")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not p.name.startswith("."))
# The tests that read an executed notebook share one execution per notebook (``executed``),
# within one process: under pytest-xdist each notebook's tests go to one worker (its group),
# so design_lab runs once, not once per worker (about 170 s saved).
EXECUTED_PATHS = [pytest.param(p, id=p.stem, marks=pytest.mark.xdist_group(f"notebook-{p.stem}")) for p in PATHS]
TUTORIAL = NOTEBOOKS / "hostil_hostal.ipynb"

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
GAMEVIEW_ID = "hotellab.widgets.gameview.GameView"  # anywidget's _anywidget_id of GameView
KERNEL = "hotellab-test"

pytestmark = [pytest.mark.notebook, pytest.mark.xdist_group("notebooks")]


# ----------------------------------------------------------------------------- helpers
@pytest.fixture(scope="session")
def kernel_name(tmp_path_factory):
    """A kernelspec that starts this interpreter's ipykernel, found through JUPYTER_PATH."""
    import os

    base = tmp_path_factory.mktemp("jupyter")
    spec_dir = base / "kernels" / KERNEL
    spec_dir.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "hotellab tests",
        "language": "python",
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec), "utf-8")
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(base) + (os.pathsep + old if old else "")
    yield KERNEL
    if old is None:
        os.environ.pop("JUPYTER_PATH", None)
    else:
        os.environ["JUPYTER_PATH"] = old


_EXECUTED: dict[Path, tuple] = {}


def executed(path: Path, kernel: str):
    """(executed notebook, seconds), run once per session per notebook."""
    if path not in _EXECUTED:
        from nbclient import NotebookClient

        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(
            nb,
            timeout=600,
            startup_timeout=300,  # nbclient's 60 s: a kernel on a loaded CI machine took longer once
            kernel_name=kernel,
            resources={"metadata": {"path": str(path.parent)}},
            store_widget_state=True,
        )
        t = time.perf_counter()
        client.execute()
        _EXECUTED[path] = (nb, time.perf_counter() - t)
    return _EXECUTED[path]


def widget_state(nb) -> dict:
    return nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def view_outputs(nb) -> list[tuple[int, str]]:
    """(cell index, model id) of every widget view in the outputs."""
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            if WIDGET_VIEW in data:
                out.append((i, data[WIDGET_VIEW]["model_id"]))
    return out


def saved_players(nb) -> dict[str, dict]:
    """player id -> traits of every saved GameView player (text/html outputs written by
    hotellab.publish.notebook.publishable)."""
    out = {}
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            page = o.get("data", {}).get("text/html", "")
            page = "".join(page) if isinstance(page, list) else page
            for uid, data in re.findall(r'<script type="application/json" id="(hl-[^"]+)-data">(.*?)</script>', page, re.S):
                traits = json.loads(data)
                if "_lesson" in traits or uid.startswith("hl-lesson-"):  # a Lesson's player, not a game view
                    continue
                out[uid] = traits
    return out


def gameviews(state: dict) -> dict[str, dict]:
    """model id -> synced state of every GameView model."""
    return {
        mid: m["state"]
        for mid, m in state.items()
        if m.get("model_name") == "AnyModel" and m.get("state", {}).get("_anywidget_id") == GAMEVIEW_ID
    }


def decode_chunk(text: str) -> dict:
    """A frame chunk: base64 text of the gzip of {"n": states, "f": [[frame, ...] per perspective]}."""
    return json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))


def frames_of(model_state: dict) -> list[list[dict]]:
    """All frames of a GameView model, per perspective, from its ``_chunks`` and ``_tail``, as
    saved: a frame's ``svg`` is null (the board before it) or the first part of its board
    (the root's head, ``<svg ...``; a board is carried as part numbers of the chunk's ``p``, or
    as text in an older chunk). Joining every board would be slow for a notebook of long
    games; tests/test_widgets.py checks that the parts join back into the boards."""
    chunks = list(model_state.get("_chunks") or [])
    if model_state.get("_tail"):
        chunks.append(model_state["_tail"])
    assert chunks, "a GameView model carries no frame chunk"
    per = None
    for c in chunks:
        d = decode_chunk(c)
        assert len(d["f"]) >= 1 and all(len(fs) == d["n"] for fs in d["f"]), "chunk shape"
        if per is None:
            per = [[] for _ in d["f"]]
        parts = d.get("p", [])
        for i, fs in enumerate(d["f"]):
            for f in fs:
                if isinstance(f["svg"], list):
                    assert f["svg"] and all(0 <= j < len(parts) for j in f["svg"]), "a board's parts are in the chunk"
                    f["svg"] = parts[f["svg"][0]]
            per[i].extend(fs)
    return per


def check_boards(models: dict[str, dict]) -> int:
    """Every GameView holds frames whose boards are SVG; returns the number of frames."""
    total = 0
    for mid, st in models.items():
        per = frames_of(st)
        persp = st["_meta"]["perspectives"]
        assert len(per) == len(persp), f"{mid}: {len(per)} frame sets for perspectives {persp}"
        for fs in per:
            assert fs, f"{mid}: no frames"
            assert fs[0]["svg"] and fs[0]["svg"].lstrip().startswith("<svg"), f"{mid}: first frame has no board"
            for f in fs:
                assert f["svg"] is None or f["svg"].lstrip().startswith("<svg")
                assert isinstance(f["status"], str) and f["status"]
            total += len(fs)
        assert 0 <= st["index"] < len(per[0]), f"{mid}: index {st['index']} outside its {len(per[0])} frames"
    return total


# ----------------------------------------------------------------------------- tests
def test_there_are_notebooks():
    assert TUTORIAL in PATHS, "notebooks/hostil_hostal.ipynb is the tutorial of the first issue"


@pytest.mark.slow
@pytest.mark.parametrize("path", EXECUTED_PATHS)
def test_notebook_runs_clean(path, kernel_name):
    nb, seconds = executed(path, kernel_name)
    print(f"{path.name}: executed in {seconds:.1f} s")
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            assert o.output_type != "error", f"{path.name} cell {i}: {o.get('ename')}: {o.get('evalue')}"
            if o.output_type == "stream" and o.name == "stderr":
                assert "Traceback" not in o.text and "Error" not in o.text, f"{path.name} cell {i} stderr: {o.text[:500]}"
    # a tutorial is read top to bottom: every code cell ran, in order
    counts = [c.execution_count for c in nb.cells if c.cell_type == "code"]
    assert counts == list(range(1, len(counts) + 1))


@pytest.mark.slow
@pytest.mark.parametrize("path", EXECUTED_PATHS)
def test_game_views_and_widget_state(path, kernel_name):
    nb, _ = executed(path, kernel_name)
    state = widget_state(nb)
    assert state, f"{path.name}: no widget state saved in the notebook metadata"
    views = view_outputs(nb)
    assert views, f"{path.name}: no widget output"
    missing = [(i, mid) for i, mid in views if mid not in state]
    assert not missing, f"{path.name}: widget outputs without saved state (cell, model): {missing}"
    models = gameviews(state)
    shown = {mid for _, mid in views} & set(models)
    assert shown, f"{path.name}: no GameView among the widget outputs"
    n = check_boards({mid: models[mid] for mid in shown})
    print(f"{path.name}: {len(shown)} game views, {n} frames, widget state "
          f"{len(json.dumps(nb.metadata['widgets'])) / 1024:.0f} KB")


@pytest.mark.slow
@pytest.mark.xdist_group("notebook-hostil_hostal")  # with the tutorial's other tests: one execution
def test_tutorial_content(kernel_name):
    """The tutorial's stops are all there, each with a game view, and its figures render."""
    nb, seconds = executed(TUTORIAL, kernel_name)
    headings = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for stop in ("Setup", "Dusk", "Place a guest", "Play a card", "Move a guest", "Pass", "spy",
                 "Reveal", "Resolution", "Rest", "misfortune die", "Day", "end of the game",
                 "What if", "graph", "Replaying a saved game"):
        assert stop.lower() in headings.lower(), f"the tutorial has no section on {stop!r}"
    views = view_outputs(nb)
    models = gameviews(widget_state(nb))
    # issue 14: a stop is taught by a lesson (hl.widgets.Lesson) or shown by a game view
    lessons = {mid for mid, m in widget_state(nb).items()
               if m.get("state", {}).get("_anywidget_id") == "hotellab.widgets.lesson.Lesson"}
    assert len([mid for _, mid in views if mid in models or mid in lessons]) >= 12, "one game view or lesson per stop"
    plotly = [o for c in nb.cells for o in c.get("outputs", []) if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert len(plotly) >= 3, "score breakdown, score timeline and adjacency figures"
    # the tutorial's renderer (plotly_mimetype): JupyterLab draws the JSON with its own plotly.js,
    # and nothing asks plotly's CDN (issue 23; notebook_connected did)
    assert not [o for o in plotly if "cdn.plot.ly" in json.dumps(o)], "a figure output asks plotly's CDN"
    # what `jupyter nbconvert --to hotellab_html` exports (publishable): every figure drawn by plotly.js
    import copy

    from hotellab.publish.notebook import publishable

    exported = copy.deepcopy(nb)
    publishable(exported)
    for o in [o for c in exported.cells for o in c.get("outputs", []) if "application/vnd.plotly.v1+json" in o.get("data", {})]:
        assert "text/html" in o["data"], "a plotly figure without an HTML representation is lost in HTML export"
    # the replay of the saved game carries every state of it to the browser
    from hotellab import GameLog, Replay

    n = len(Replay(GameLog.load(NOTEBOOKS / "logs" / "hostil_hostal_3p_greedy.json")))
    assert any(len(frames_of(st)[0]) == n for st in models.values()), "the saved game's replay view"
    assert seconds < 120, f"the tutorial took {seconds:.0f} s to run; keep it well under a minute"


@pytest.mark.slow
@pytest.mark.parametrize("path", EXECUTED_PATHS)
def test_html_export_has_widget_state_and_boards(path, kernel_name):
    from nbconvert import HTMLExporter

    nb, _ = executed(path, kernel_name)
    body, _ = HTMLExporter().from_notebook_node(nb)
    m = re.search(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', body, re.S)
    assert m, f"{path.name}: the exported HTML has no widget state"
    exported = json.loads(html_lib.unescape(m.group(1)) if m.group(1).lstrip().startswith("&") else m.group(1))
    models = gameviews(exported["state"])
    assert models, f"{path.name}: no GameView model in the exported widget state"
    n = check_boards(models)
    views = re.findall(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', body, re.S)
    ids = {json.loads(v)["model_id"] for v in views}
    assert ids & set(models), f"{path.name}: the exported HTML shows no GameView"
    assert ids <= set(exported["state"]), f"{path.name}: views whose models are not in the page"
    print(f"{path.name}: HTML {len(body) / 1024:.0f} KB, {len(models)} game views, {n} frames")


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_committed_notebook_is_executed_with_widget_state(path):
    """What is published is the committed file: it must hold its outputs and widget state
    (run ``python notebooks/build.py`` after changing a notebook)."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), f"{path.name} is saved unexecuted: run notebooks/build.py"
    for i, c in enumerate(nb.cells):
        for o in c.get("outputs", []):
            assert o.output_type != "error", f"{path.name} is saved with an error in cell {i}: run notebooks/build.py"
    state = widget_state(nb)
    views = view_outputs(nb)
    # notebooks/build.py saves each game view as a player of its frames (text/html, see
    # hotellab.publish.notebook): its data holds the same traits as a widget's saved state
    players = saved_players(nb)
    assert (views and state) or players, f"{path.name} is saved without game views: run notebooks/build.py"
    assert all(mid in state for _, mid in views), f"{path.name}: saved views whose state is missing"
    check_boards({**{mid: st for mid, st in gameviews(state).items() if mid in {v for _, v in views}}, **players})


def test_saved_logs_and_scenarios_load():
    import hotellab as hl

    logs = sorted((NOTEBOOKS / "logs").glob("*.json"))
    assert logs, "notebooks/logs/ holds the saved games the notebooks replay"
    for p in logs:
        replay = hl.Replay(hl.GameLog.load(p))
        assert replay.final_state.is_terminal, f"{p.name} is not a whole game"
    scenarios = sorted((NOTEBOOKS / "scenarios").glob("*.toml"))
    assert scenarios
    for p in scenarios:
        sc = hl.Scenario.load(p)
        assert sc.steps and all(s.text for s in sc.steps), f"{p.name}: every step has its narrative"
        for _step, m in sc.walk():
            pass
        assert m.state is not None
