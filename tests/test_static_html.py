"""``jupyter nbconvert --to hotellab_html`` of every bundled notebook gives a page that asks
nothing of the network, and a game view reads before any script runs.

The mechanism (docs/guide.md, "Publishing"): a GameView output carries, beside the widget, a
``text/html`` *player* of its frames that runs the widget's own ES module with no widget
manager (:func:`hotellab.widgets.export.player_html`); ``notebooks/build.py`` saves each
tutorial through :func:`hotellab.publish.notebook.publishable`, which drops the widget-view
entry and its saved state (so nbconvert, which would otherwise load the widget manager,
require.js and anywidget from CDNs, uses the player), keeps the module and CSS in the first
player only, and gives every plotly figure a ``text/html`` drawn with plotly.js carried once
per notebook. The ``hotellab_html`` exporter (hotellab/publish/nbconvert.py) adds a template
without nbconvert's require.js and MathJax scripts, which plain ``--to html`` loads from cdnjs.

The browser tests export each committed notebook *as it is* with that exporter (what the
command line runs), serve the page on 127.0.0.1 and open it in Debian's Chromium with every
request to another host aborted: every game view draws its board and steps, every figure
draws, and no request is blocked and no console error logged. ``pytest -s`` prints the page
sizes and both counts.
"""

from __future__ import annotations

import base64
import copy
import html
import importlib.util
import json
import os
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not p.name.startswith("."))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
PLOTLY = "application/vnd.plotly.v1+json"

_spec = importlib.util.spec_from_file_location("hl_offline_browser", Path(__file__).with_name("offline_browser.py"))
ob = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ob)


def _html(o) -> str:
    v = o.get("data", {}).get("text/html", "")
    return "".join(v) if isinstance(v, list) else v


def _outputs(nb):
    for cell in nb.cells:
        yield from cell.get("outputs", [])


def _visible_without_scripts(page: str) -> str:
    """The text a sanitising viewer shows: scripts and their content dropped, tags removed."""
    page = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


# ----------------------------------------------------------------------------- no browser
def test_gameview_html_is_a_picture_and_text_before_scripts():
    """What an untrusted notebook, GitHub's preview or any viewer that runs no script shows:
    the board as an <img> (a data URI: sanitisers keep it, while they drop inline SVG and run
    its words together: "Setupomniscient viewRest pointsBlue...") and the status and scores as
    text. Values from the game: a 3-player Hostil Hostal replay, state 5."""
    gv = pytest.importorskip("hotellab.widgets.gameview")
    import hotellab as hl

    log = hl.play(hl.load_game("hostil_hostal", num_players=3), agents=["greedy", "random", "random"], seed=1)
    replay = hl.Replay(log)
    view = gv.GameView(replay, index=5)
    data, _ = view._repr_mimebundle_()
    page = data["text/html"]
    state = replay.state_at(5)
    before_scripts = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)
    assert "<svg" not in before_scripts, "inline SVG becomes run-on text where it is sanitised"
    img = re.search(r'<img alt="([^"]*)" src="data:image/svg\+xml;base64,([^"]+)"', before_scripts)
    assert img, "the board is a picture"
    assert base64.b64decode(img.group(2)).decode("utf-8") == state.game.render_svg(state.view(None))
    text = " ".join(_visible_without_scripts(page).split())
    assert state.status_text() in text
    names = state.game.seat_names()
    scores = " · ".join(f"{n} {s}" for n, s in zip(names, state.scores))
    assert f"Scores: {scores}" in text
    # the player's data: every frame of the replay, for every perspective, as a record
    d = json.loads(re.search(r'<script type="application/json" id="[^"]+-data">(.*?)</script>', page, re.S).group(1))
    assert d["_meta"]["live"] is False and d["index"] == 5
    from hotellab.widgets._frames import decode_frames

    per = decode_frames([*d["_chunks"], d.get("_tail") or ""])
    assert len(per) == 4 and all(len(fs) == len(replay) for fs in per)  # omniscient + 3 seats


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_publishable(path):
    """publishable() on the committed notebook: no GameView is left as a widget view, each
    is a player whose board matches, the module is carried once, plotly.js once (when there
    are figures), nothing else changes, and a second pass changes nothing."""
    from hotellab.publish.notebook import publishable
    from hotellab.widgets.export import MODULE_CLASS, PLAYER_CLASS, module_source

    nb = nbformat.read(path, as_version=4)
    before = copy.deepcopy(nb)
    counts = publishable(nb)
    outs = list(_outputs(nb))
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for o in outs:
        view = o.get("data", {}).get(WIDGET_VIEW)
        if view:
            assert state.get(view["model_id"], {}).get("state", {}).get("_anywidget_id") != \
                "hotellab.widgets.gameview.GameView", "a GameView left as a widget view"
    players = [o for o in outs if PLAYER_CLASS in _html(o)]
    assert len(players) >= counts["views"]
    pages = "".join(_html(o) for o in outs)
    assert pages.count(f'class="{MODULE_CLASS}"') == (1 if players else 0)
    if players:
        from hotellab.widgets.export import read_module_html

        assert read_module_html(pages) == module_source(), "the module is the installed gameview.js/css"
    figures = [o for o in outs if PLOTLY in o.get("data", {})]
    assert pages.count('id="hl-plotlyjs"') == (1 if figures else 0)
    assert all("plotly-graph-div" in _html(o) and "cdn.plot.ly" not in _html(o) for o in figures)
    # code and markdown untouched
    assert [c.source for c in nb.cells] == [c.source for c in before.cells]
    again = copy.deepcopy(nb)
    publishable(again)
    assert again == nb, "publishable() is idempotent"
    # for JupyterLite (figures drawn from plotly's JSON): the copy of plotly.js goes, the
    # figures' JSON stays
    lite = copy.deepcopy(nb)
    publishable(lite, figures=False)
    assert 'id="hl-plotlyjs"' not in "".join(_html(o) for o in _outputs(lite))
    assert sum(PLOTLY in o.get("data", {}) for o in _outputs(lite)) == len(figures)


def test_publishable_rebuilds_player_from_saved_state():
    """A saved GameView model (state as nbclient stores it) becomes a player that holds its
    frames and index, and the model (with its layout model) leaves the metadata."""
    pytest.importorskip("anywidget")
    import hotellab as hl
    from hotellab.publish.notebook import publishable
    from hotellab.widgets import GameView

    log = hl.play(hl.load_game("perfect_hotel", num_players=2), seed=3)
    v = GameView(hl.Replay(log), perspective=1, index=7)
    st = v.get_state()
    layout = st["layout"].removeprefix("IPY_MODEL_")
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("view")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        WIDGET_VIEW: {"model_id": v.model_id, "version_major": 2, "version_minor": 0},
        "text/plain": repr(v)})]
    nb.cells = [cell]
    nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": {
        v.model_id: {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "~0.11.*",
                     "state": json.loads(json.dumps(st, default=str))},
        layout: {"model_name": "LayoutModel", "model_module": "@jupyter-widgets/base",
                 "model_module_version": "2.0.0", "state": {}},
        # a GameView whose output was cleared: no output shows it, and its saved state alone
        # would make nbconvert load the widget manager from a CDN
        "orphan": {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "~0.11.*",
                   "state": json.loads(json.dumps(st, default=str))},
    }}}
    counts = publishable(nb)
    assert counts["views"] == 1 and counts["models_removed"] == 3 and "widgets" not in nb.metadata
    page = _html(nb.cells[0].outputs[0])
    assert WIDGET_VIEW not in nb.cells[0].outputs[0].data
    d = json.loads(re.search(r'id="[^"]+-data">(.*?)</script>', page, re.S).group(1))
    assert d["index"] == 7 and d["perspective"] == 1 and d["_meta"]["perspectives"] == [1]
    state = hl.Replay(log).state_at(7)
    img = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', page).group(1)
    assert base64.b64decode(img).decode("utf-8") == v.frames(1)[7]["svg"]
    assert state.status_text() in _visible_without_scripts(page) or v.frames(1)[7]["status"] in _visible_without_scripts(page)


# ----------------------------------------------------------------------------- the browser
@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.xdist_group("publish")
@pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM)
@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_nbconvert_page_works_offline(path, tmp_path):
    """`jupyter nbconvert --to hotellab_html` of the committed notebook, as it is, in Chromium
    with every request to another host aborted: every game view draws and steps, every figure
    draws, and the page asked no other host for anything and logged no console error (plain
    `--to html` asks cdnjs for require.js and MathJax: 2 blocked requests, 2 console errors)."""
    from hotellab.publish.nbconvert import HotellabHTMLExporter

    nb = nbformat.read(path, as_version=4)
    saved_views = [o for o in _outputs(nb) if WIDGET_VIEW in o.get("data", {})
                   and "hotellab-player" in _html(o)]
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    assert not [o for o in saved_views if o["data"][WIDGET_VIEW]["model_id"] in state], (
        f"{path.name} is saved with GameView widget state (nbconvert would load the widget manager from a CDN):"
        " rebuild it with notebooks/build.py, or run python -m hotellab.publish.notebook on it")
    body, _ = HotellabHTMLExporter().from_notebook_node(nb, resources={"metadata": {"path": str(NOTEBOOKS)}})
    page = tmp_path / "page.html"
    page.write_text(body, "utf-8")
    expected = body.count('class="hotellab-player"')
    with ob.static_server(tmp_path) as base, ob.offline_page(base) as (pg, blocked, errors):
        pg.goto(f"{base}/page.html")
        players = ob.check_players(pg, expected=expected)
        figures = ob.check_figures(pg)
        pg.screenshot(path=str(tmp_path / "page.png"))
    print(f"{path.name}: page {len(body.encode()) / 1024:.0f} KB, {players['players']} game views "
          f"(drawn in {players['seconds']} s), {figures} figures; "
          f"blocked requests {len(blocked)}, console errors {len(errors)}")
    assert players["drawn"] == expected
    assert all(v["stepped"] for v in players["views"] if v["states"] > 0), players["views"]
    assert any(v["board_changed"] for v in players["views"]) or not expected
    assert blocked == [], f"the page asked another host for {blocked}"
    assert errors == [], errors


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.notebook
@pytest.mark.xdist_group("publish")
@pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM)
def test_nbconvert_execute_with_hotellab_exporter_works_offline(tmp_path):
    """`jupyter nbconvert --to hotellab_html --execute` (the exporter hotellab registers): the
    freshly executed notebook's game views, saved as widgets with state, become players, and
    the page asks no other host for anything and logs no console error. (Plain
    `--to html --execute` would load the widget manager, require.js and MathJax from CDNs.)"""
    import shutil
    import subprocess
    import sys

    work = tmp_path / "nb"
    shutil.copytree(NOTEBOOKS, work, ignore=shutil.ignore_patterns("*.py", ".*"))
    r = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "hotellab_html", "--execute",
                        "--ExecutePreprocessor.startup_timeout=300",  # the default 60 s, on a loaded machine
                        "--output-dir", str(tmp_path), "replay.ipynb"], cwd=work, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    body = (tmp_path / "replay.html").read_text("utf-8")
    assert "application/vnd.jupyter.widget-view+json" not in body
    expected = body.count('class="hotellab-player"')
    assert expected >= 1
    with ob.static_server(tmp_path) as base, ob.offline_page(base) as (pg, blocked, errors):
        pg.goto(f"{base}/replay.html")
        players = ob.check_players(pg, expected=expected)
        figures = ob.check_figures(pg)
    print(f"replay.ipynb --execute: {players['players']} game views, {figures} figures; "
          f"blocked requests {len(blocked)}, console errors {len(errors)}")
    assert players["drawn"] == expected and all(v["stepped"] for v in players["views"] if v["states"] > 0)
    assert figures >= 1
    assert blocked == [], f"the page asked another host for {blocked}"
    assert errors == [], errors


def test_publishable_refreshes_old_players():
    """A player saved by an older hotellab (its loader read another module format) gets the
    current loader when the notebook is published again, so it reads the module element the
    page now carries (the bug: an old loader fed the packed module got no module and failed)."""
    from hotellab.publish.notebook import publishable
    from hotellab.widgets.export import loader_html

    nb = nbformat.read(NOTEBOOKS / "replay.ipynb", as_version=4)
    outs = [o for o in _outputs(nb) if "hotellab-player" in _html(o)]
    assert outs
    old = ('<script type="module">\n(async () => {\n  const id = "ID";\n  const mod = JSON.parse(el.textContent);'
           ' /* an older loader */\n})();\n</script>')
    for o in outs:
        uid = re.search(r'class="hotellab-player" data-hl="(hl-[^"]+)"', _html(o)).group(1)
        o["data"]["text/html"] = re.sub(r'<script type="module">.*?</script>', old.replace("ID", uid), _html(o), flags=re.S)
    publishable(nb)
    for o in _outputs(nb):
        page = _html(o)
        for uid in re.findall(r'class="hotellab-player" data-hl="(hl-[^"]+)"', page):
            assert loader_html(uid) in page and "an older loader" not in page


# A bundled notebook opened in JupyterLab before any cell runs, trusted or not: hotellab's
# JupyterLab extension plays its saved game views and lessons (tests/test_labextension.py,
# test_saved_players_play_in_jupyterlab_trusted_or_not).


def test_publishable_turns_a_finished_progress_bar_into_html():
    """tqdm's notebook bar (an ipywidgets HBox: HTML, FloatProgress, HTML; e.g. hl.simulate's)
    keeps its last look as HTML and text, and its models (with their layouts and styles)
    leave the metadata, so nbconvert loads no widget manager for it."""
    from hotellab.publish.notebook import publishable

    def model(name, state):
        return {"model_name": name, "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
                "state": state}

    state = {
        "bar": model("HBoxModel", {"children": ["IPY_MODEL_l", "IPY_MODEL_p", "IPY_MODEL_r"], "layout": "IPY_MODEL_hl"}),
        "l": model("HTMLModel", {"value": "games:\u2007100%", "layout": "IPY_MODEL_ll", "style": "IPY_MODEL_ls"}),
        "p": model("FloatProgressModel", {"value": 60.0, "max": 60.0, "bar_style": "success", "layout": "IPY_MODEL_pl"}),
        "r": model("HTMLModel", {"value": "\u200760/60\u2007[00:01&lt;00:00]", "layout": "IPY_MODEL_rl"}),
        **{k: model("LayoutModel", {}) for k in ("hl", "ll", "pl", "rl")},
        "ls": model("HTMLStyleModel", {}),
    }
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("hl.simulate(...)")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        WIDGET_VIEW: {"model_id": "bar", "version_major": 2, "version_minor": 0}, "text/plain": "games:   0%|"})]
    nb.cells = [cell]
    nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": state}}
    publishable(nb)
    data = nb.cells[0].outputs[0]["data"]
    assert WIDGET_VIEW not in data and "widgets" not in nb.metadata
    text = _visible_without_scripts(data["text/html"])
    assert "games:\u2007100%" in text and "60/60\u2007[00:01<00:00]" in text and "width:100.0%" in data["text/html"]
    assert data["text/plain"].startswith("games:\u2007100%|██████████|")


def test_hotellab_html_template_asks_no_other_host():
    """`--to hotellab_html` (found by its name, as the command line finds it) on a notebook with
    LaTeX math, a Mermaid diagram and another library's widget (an ipywidgets IntSlider saved
    with its state): the page names no script, style or module of another host; the math
    stays as its TeX source and the diagram as its source text (no MathJax, no mermaid.js);
    the slider shows its saved text and its state is not carried. Plain `--to html` of the
    same notebook names cdnjs's require.js, MathJax and mermaid.js and unpkg's widget manager
    (nbconvert's lab template, share/jupyter/nbconvert/templates/lab/index.html.j2)."""
    from nbconvert import HTMLExporter
    from nbconvert.exporters import get_exporter

    from hotellab.publish.nbconvert import HotellabHTMLExporter

    assert get_exporter("hotellab_html") is HotellabHTMLExporter
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("slider")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        WIDGET_VIEW: {"model_id": "s1", "version_major": 2, "version_minor": 0},
        "text/plain": "IntSlider(value=3, max=9)"})]
    nb.cells = [nbformat.v4.new_markdown_cell("The mean is $\\bar x = \\frac{1}{n}\\sum_i x_i$."),
                nbformat.v4.new_markdown_cell("```mermaid\ngraph LR; Lobby-->Room\n```"), cell]
    nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": {
        "s1": {"model_name": "IntSliderModel", "model_module": "@jupyter-widgets/controls",
               "model_module_version": "2.0.0", "state": {"value": 3, "max": 9}}}}}
    plain, _ = HTMLExporter().from_notebook_node(copy.deepcopy(nb))
    ours, _ = HotellabHTMLExporter().from_notebook_node(copy.deepcopy(nb))

    def other_hosts(page):
        return sorted(set(re.findall(r'(https?://[\w.-]+)[^"\'\s]*\.m?js', page)))

    # the template's CDN scripts, named in the plain page
    assert other_hosts(plain) == ["https://cdnjs.cloudflare.com", "https://unpkg.com"], other_hosts(plain)
    for name in ("require.min.js", "mathjax/2.7.7", "mermaid.esm.min.mjs", "html-manager"):
        assert name in plain
    assert other_hosts(ours) == [] and "cdnjs" not in ours and "unpkg" not in ours
    assert not re.search(r'<(?:script|link|img)\b[^>]*(?:src|href)="(?:https?:)?//', ours)
    text = " ".join(_visible_without_scripts(ours).split())
    assert "The mean is $\\bar x = \\frac{1}{n}\\sum_i x_i$." in text, "math shown as its TeX source"
    assert "graph LR; Lobby-->Room" in text, "the diagram shown as its source"
    assert "IntSlider(value=3, max=9)" in text
    assert WIDGET_STATE not in ours and WIDGET_VIEW not in ours
    # the same page layout and styles as the lab template
    assert ours.count('<div class="jp-Cell ') == plain.count('<div class="jp-Cell ') == 3


def test_a_figure_carries_its_data_as_a_table():
    """A published figure has a text alternative (issue "The board is the interface", WCAG
    1.1.1): a name, and its bar traces' numbers as a table with header cells, the axis's tick
    texts as row names. Values made up by hand."""
    from hotellab.publish.notebook import _figure_html, _figure_table

    spec = {"data": [{"type": "bar", "name": "Rest", "x": [0, 1], "y": [11, 4]},
                     {"type": "bar", "name": "Spy", "x": [1], "y": [-1.25]}],
            "layout": {"title": {"text": "Score <b>breakdown</b>"},
                       "xaxis": {"tickvals": [0, 1], "ticktext": ["Blue", "Red"]}}}
    table = _figure_table(spec)
    assert '<caption>Score breakdown</caption>' in table
    assert '<th scope="col">Rest</th><th scope="col">Spy</th>' in table
    assert '<tr><th scope="row">Blue</th><td>11</td><td></td></tr>' in table
    assert '<tr><th scope="row">Red</th><td>4</td><td>-1.25</td></tr>' in table
    page = _figure_html(spec, with_plotlyjs=False)
    assert 'role="img" aria-label="Score breakdown; its data as a table below"' in page and table in page
    assert _figure_table({"data": [{"type": "scattergeo", "lat": [1]}], "layout": {}}) == ""
