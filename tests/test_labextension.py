"""hotellab's prebuilt JupyterLab extension (issue 23): saved game views and lessons play in
JupyterLab and JupyterLite before a kernel runs, trusted or not.

What is checked here without a browser: the committed build is current with its sources, it
is a MIME extension JupyterLab can load, every GameView and Lesson output (live and saved)
carries the output type it renders, and the install helpers (the link of an editable
install, the JupyterLite-only kernel extension moved out of JupyterLab's sight) do what they
say. The browser test (JupyterLab, an untrusted notebook) is below, marked ``browser``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest

import hotellab as hl
from hotellab.publish.notebook import publishable
from hotellab.widgets import labext
from hotellab.widgets.labext import PLAYER_MIME

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def test_the_build_is_current_with_its_sources():
    """The committed build (hotellab/labextension) was made from today's labextension/index.js
    and the front-end modules it bundles; a change to gameview.js or lesson.js without a
    rebuild would leave JupyterLab playing the old code."""
    assert (ROOT / "labextension" / "index.js").is_file()
    assert labext.build_stamp().get("sources") == labext.sources_digest(), (
        "hotellab/labextension is older than its sources: run `bash scripts/build_labextension.sh` "
        "and commit labextension/ and hotellab/labextension/")


def test_the_build_is_a_mime_extension_jupyterlab_can_load():
    pkg = json.loads((labext.BUILT / "package.json").read_text("utf-8"))
    assert pkg["name"] == labext.NAME == "hotellab"
    build = pkg["jupyterlab"]["_build"]
    assert build["mimeExtension"] == "./mimeExtension"
    assert (labext.BUILT / build["load"]).is_file()
    # what the renderer registers, as bundled: the output type, safe (it renders untrusted
    # outputs), ranked before text/html (50)
    bundle = "".join(p.read_text("utf-8") for p in (labext.BUILT / "static").glob("*.js"))
    assert PLAYER_MIME in bundle and "hotellab:player" in bundle
    # it bundles both front-end modules: a string of each (the class of a game view's root;
    # the lesson's message for a board it cannot draw)
    assert "hl-gameview" in bundle and "This board could not be drawn." in bundle
    # JupyterLab's hook names the same folder
    assert hl._jupyter_labextension_paths() == [{"src": "labextension", "dest": "hotellab"}]


def test_the_renderer_reads_the_version_python_writes():
    js = (ROOT / "labextension" / "index.js").read_text("utf-8")
    assert f"const VERSION = {labext.PLAYER_VERSION};" in js


def test_player_marker():
    assert labext.player_marker("gameview") == {"kind": "gameview", "version": 1}
    assert labext.player_marker("lesson") == {"kind": "lesson", "version": 1}
    with pytest.raises(ValueError, match="'gameview' or a 'lesson'"):
        labext.player_marker("figure")


def test_live_outputs_carry_the_player_type():
    """A GameView's and a Lesson's output bundle: the widget, the text/html player and the
    marker the extension renders (the player's state is read from the text/html)."""
    view = hl.widgets.GameView(hl.load_game("perfect_hotel", num_players=2).new_initial_state())
    data, _ = view._repr_mimebundle_()
    assert data[PLAYER_MIME] == {"kind": "gameview", "version": 1}
    assert 'class="hotellab-player"' in data["text/html"] and '-data">' in data["text/html"]
    lesson = hl.widgets.Lesson(NOTEBOOKS / "scenarios" / "hostil_hostal_lesson_01_goal.toml")
    data, _ = lesson._repr_mimebundle_()
    assert data[PLAYER_MIME] == {"kind": "lesson", "version": 1}
    assert "data-hl-lesson" in data["text/html"]


@pytest.mark.parametrize("name", ["hostil_hostal.ipynb", "replay.ipynb"])
def test_saved_notebooks_carry_the_player_type(name):
    """Every saved player of a bundled notebook (as notebooks/build.py saves it) has the
    marker, and publishable() adds it to a notebook saved before the extension existed."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    outs = [o for c in nb.cells for o in c.get("outputs", []) if isinstance(o.get("data"), dict)]

    def players(outputs):
        return [o for o in outputs if "hotellab-player" in "".join(o["data"].get("text/html", ""))
                or "data-hl-lesson" in "".join(o["data"].get("text/html", ""))]

    found = players(outs)
    assert found, f"{name} has no saved player"
    assert all(PLAYER_MIME in o["data"] for o in found), "rebuild the notebook: notebooks/build.py"
    for o in found:
        del o["data"][PLAYER_MIME]
    publishable(nb)
    kinds = [o["data"][PLAYER_MIME]["kind"] for o in players(outs)]
    assert len(kinds) == len(found)
    assert set(kinds) <= {"gameview", "lesson"}
    if name == "hostil_hostal.ipynb":
        assert {"gameview", "lesson"} <= set(kinds)


def test_link_for_an_editable_install(tmp_path):
    dest = labext.link(tmp_path)
    assert dest == tmp_path / "share" / "jupyter" / "labextensions" / "hotellab"
    assert dest.is_symlink() and dest.resolve() == labext.BUILT
    assert labext.link(tmp_path) == dest  # again: the same link
    # a wheel install's copy (a real folder) is left alone
    other = tmp_path / "wheel"
    copy = other / "share" / "jupyter" / "labextensions" / "hotellab"
    copy.mkdir(parents=True)
    (copy / "package.json").write_text("{}")
    assert labext.link(other) == copy and not copy.is_symlink()


def test_saving_drops_dangling_widget_entries_of_players():
    """Saved by JupyterLab with widget state not saved (its default), a player's widget entry
    would show "model not found" when reopened with no kernel: the server's pre-save hook drops
    it (the player stays), and leaves saved-state views and other widgets alone."""
    view = "application/vnd.jupyter.widget-view+json"
    state = "application/vnd.jupyter.widget-state+json"

    def out(mid, player=True):
        data = {view: {"model_id": mid, "version_major": 2}, "text/html": "<div>player</div>", "text/plain": "x"}
        if player:
            data[PLAYER_MIME] = labext.player_marker("gameview")
        return {"output_type": "display_data", "data": data, "metadata": {}}

    nb = {"metadata": {"widgets": {state: {"state": {"saved1": {"state": {}}}}}},
          "cells": [{"cell_type": "code", "outputs": [out("live1"), out("saved1"), out("slider", player=False)]},
                    {"cell_type": "markdown"}, {"cell_type": "code", "outputs": [out("live2")]}]}
    model = {"type": "notebook", "content": nb}
    labext._pre_save(model=model, path="x.ipynb", contents_manager=None)
    outs = [o["data"] for c in nb["cells"] for o in c.get("outputs", [])]
    assert [view in d for d in outs] == [False, True, True, False]
    assert all("text/html" in d for d in outs) and PLAYER_MIME in outs[0]
    assert labext.drop_dangling_views(nb) == 0  # again: nothing left
    labext._pre_save(model={"type": "file", "content": "text"}, path="a.txt")  # not a notebook: untouched


def test_server_extension_keeps_lite_only_extensions_out_of_jupyterlab(tmp_path):
    """JupyterLab's page config loses the JupyterLite-only kernel extension (JupyterLab loads
    even a disabled extension's code, which logs "Shared module @jupyterlite/services doesn't
    exist"), keeps every other one, and runs a hook set before it."""
    cfg = {"federated_extensions": [{"name": "anywidget"}, {"name": "@jupyterlite/pyodide-kernel-extension"},
                                    {"name": "hotellab"}], "disabledExtensions": []}
    assert [e["name"] for e in labext.without_lite_only(cfg)["federated_extensions"]] == ["anywidget", "hotellab"]

    class App:
        class web_app:
            settings = {"page_config_hook": lambda handler, c: {**c, "seen": handler}}

    labext._load_jupyter_server_extension(App)
    out = App.web_app.settings["page_config_hook"]("h", {"federated_extensions": [{"name": "@jupyterlite/pyodide-kernel-extension"}]})
    assert out == {"federated_extensions": [], "seen": "h"}
    # how it is switched on: the same config as the wheel's data-file, and the package's hook
    assert hl._jupyter_server_extension_points() == [{"module": "hotellab.widgets.labext"}]
    shipped = json.loads((ROOT / "jupyter-config" / "jupyter_server_config.d" / "hotellab.json").read_text())
    assert shipped == labext.SERVER_CONFIG == {"ServerApp": {"jpserver_extensions": {"hotellab.widgets.labext": True}}}
    dest = labext.enable_server_extension(tmp_path)
    assert dest == tmp_path / "etc" / "jupyter" / "jupyter_server_config.d" / "hotellab.json"
    assert json.loads(dest.read_text()) == shipped


# ----------------------------------------------------------------------------- in JupyterLab
import lab_server as lab  # noqa: E402  (tests/ is on sys.path: conftest.py)
import offline_browser as ob  # noqa: E402

# every saved player drawn by the extension; then, in one game view with more than 2 states,
# First and Next move it, and in one lesson the first button of the step moves the lesson on
PLAY_JS = """
async () => {
  const out = {ready: document.querySelectorAll('.hotellab-mime[data-hl-ready="1"]').length,
               pictures: document.querySelectorAll('.hotellab-player img').length,
               errors: [...document.querySelectorAll('.hotellab-mime-error')].map(e => e.textContent)};
  const v = [...document.querySelectorAll('.hotellab-mime .hl-gameview')]
      .find(v => Number(v.querySelector('.hl-pos').textContent.split('/')[1]) > 2);
  const btn = (label) => [...v.querySelectorAll('.hl-controls button')].find(b => (b.title || '').startsWith(label));
  if (!btn('First').disabled) btn('First').click();
  await new Promise(r => setTimeout(r, 50));
  const p0 = v.querySelector('.hl-pos').textContent, s0 = v.querySelector('.hl-board').innerHTML;
  btn('Next').click();
  await new Promise(r => setTimeout(r, 300));
  out.view = {pos: [p0, v.querySelector('.hl-pos').textContent], board_changed: v.querySelector('.hl-board').innerHTML !== s0};
  // a lesson at a watch step: "Play this step" shows what happened
  const play = [...document.querySelectorAll('.hotellab-mime .hl-lesson-next')]
      .find(b => !b.disabled && b.textContent === 'Play this step');
  const l = play.closest('.hotellab-mime');
  const t0 = l.textContent;
  play.click();
  await new Promise(r => setTimeout(r, 300));
  out.lesson_moved = l.textContent !== t0;
  return out;
}
"""

EVIL_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'viewBox="0 0 100 40" onload="window.__hlPwned=1">'
            '<script>window.__hlPwned=2</script>'
            '<image href="http://evil.invalid/a.png" width="10" height="10"/>'
            '<a href="javascript:window.__hlPwned=3"><text x="5" y="20">link</text></a>'
            '<rect width="10" height="10" style="fill:url(http://evil.invalid/b.svg#x)"/>'
            '<use xlink:href="http://evil.invalid/c.svg#d"/>'
            '<animate attributeName="href" values="javascript:window.__hlPwned=4"/>'
            '<foreignObject><iframe src="http://evil.invalid/"></iframe></foreignObject>'
            '<rect class="kept" x="20" width="10" height="10" fill="#336"/></svg>')


def _hostile_notebook(path: Path) -> None:
    """A notebook whose one output claims to be a hotellab lesson, with a board SVG built to
    run script, load other hosts and hide links (what an untrusted notebook could carry)."""
    from hotellab.widgets.lesson import lesson_data, lesson_html

    scenario = hl.Scenario.load(NOTEBOOKS / "scenarios" / "hostil_hostal_lesson_01_goal.toml")
    data = lesson_data(scenario, None)
    data["steps"][0]["before"]["svg"] = EVIL_SVG
    nb = nbformat.v4.new_notebook()
    good = lesson_html(lesson_data(scenario, None))

    def output(marker, html):
        return nbformat.v4.new_output("display_data", data={PLAYER_MIME: marker, "text/html": html, "text/plain": "<Lesson>"})

    nb.cells.append(nbformat.v4.new_code_cell("# saved by someone else", outputs=[
        output(labext.player_marker("lesson"), lesson_html(data)),
        # broken ones: the wrong kind, a newer version, no data; each says so, none holds up the next
        output(labext.player_marker("gameview"), good),
        output({"kind": "lesson", "version": 99}, good),
        output(labext.player_marker("lesson"), "<p>no data</p>"),
        output(labext.player_marker("lesson"), good),
    ]))
    nbformat.write(nb, path)


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.xdist_group("browser-b")
@pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM)
def test_saved_players_play_in_jupyterlab_trusted_or_not(tmp_path):
    """Opened in JupyterLab before any cell runs: in an untrusted copy of a bundled tutorial
    (JupyterLab runs no output script there) and in a trusted one, every saved game view and
    lesson is drawn by the extension and plays (a view steps, a lesson moves on), with no
    request to another host and no console error. A hostile notebook's board is shown without
    its script, handlers, links or other hosts' resources."""
    name = "hostil_hostal.ipynb"
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    expected = sum(PLAYER_MIME in (o.get("data") or {}) for c in nb.cells for o in c.get("outputs", []))
    assert expected >= 10  # 3 game views and 15 lessons when written
    proc, url, token, _log = lab.start_lab(tmp_path)
    work = tmp_path / "notebooks"
    # a trust signature is a hash of the content: the untrusted copy differs by one field
    nb.metadata["hotellab_test_copy"] = "untrusted"
    nbformat.write(nb, work / "untrusted.ipynb")
    lab.trust(tmp_path, work / name)
    _hostile_notebook(work / "hostile.ipynb")
    seen = {}
    try:
        with ob.offline_page(url, viewport=(1300, 1000)) as (page, blocked, errors):
            dialogs = []
            # a script's alert() would be a dialog; leaving a notebook asks "leave page?" (accepted)
            page.on("dialog", lambda d: (d.type != "beforeunload" and dialogs.append(d.message), d.accept()))
            for label, path in (("untrusted", "untrusted.ipynb"), ("trusted", name)):
                # a workspace per notebook: only it is open
                page.goto(f"{url}/lab/workspaces/{label}/tree/{path}?token={token}")
                page.wait_for_selector(".jp-Notebook .jp-Cell")
                page.wait_for_function(f"""() => document.querySelectorAll('.hotellab-mime[data-hl-ready="1"]').length
                    >= {expected}""", timeout=90_000)
                seen[label] = page.evaluate(PLAY_JS)
            page.goto(f"{url}/lab/workspaces/hostile/tree/hostile.ipynb?token={token}")
            page.wait_for_function("""() => document.querySelectorAll('.hotellab-mime[data-hl-ready="1"]').length >= 2
                && document.querySelectorAll('.hotellab-mime-error').length >= 3""", timeout=30_000)
            broken = page.evaluate("() => [...document.querySelectorAll('.hotellab-mime-error')].map(e => e.textContent)")
            page.wait_for_timeout(500)
            board = page.evaluate("""() => {
                const svg = document.querySelector('.hotellab-mime svg');
                const all = [svg, ...svg.querySelectorAll('*')];
                return {tags: [...new Set(all.map(e => e.localName))].sort(),
                        attrs: all.flatMap(e => [...e.attributes].map(a => a.name + '=' + a.value))
                                  .filter(a => /^on|javascript:|evil/i.test(a)),
                        kept: svg.querySelectorAll('rect.kept').length, pwned: window.__hlPwned || 0};
            }""")
            errors_seen, blocked_seen = list(errors), list(blocked)
    finally:
        lab.stop(proc)
    print("\nsaved players in JupyterLab:", json.dumps(seen), "hostile board:", json.dumps(board))
    for label, s in seen.items():
        assert s["ready"] == expected and not s["errors"], (label, s)
        assert s["pictures"] == 0, (label, "a player stayed a picture")
        assert s["view"]["pos"][0] != s["view"]["pos"][1] and s["view"]["board_changed"], (label, s["view"])
        assert s["lesson_moved"], label
    assert len(broken) == 3, broken
    assert "not a game view" in broken[0] and "newer hotellab" in broken[1] and "no saved player data" in broken[2], broken
    assert board["pwned"] == 0 and not dialogs
    assert board["attrs"] == [], board["attrs"]
    # left: the drawing (a <use> without its reference to another host); gone: script, image,
    # link, animation, foreign content
    assert set(board["tags"]) <= {"svg", "rect", "use"}, board["tags"]
    assert board["kept"] == 1  # the board itself is still drawn
    assert blocked_seen == [], f"asked another host for {sorted(set(blocked_seen))}"
    assert errors_seen == [], errors_seen[:5]


AXE = os.environ.get("HOTELLAB_AXE", "")


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.xdist_group("browser-b")
@pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM)
@pytest.mark.skipif(not os.path.isfile(AXE), reason="axe-core is missing: bash scripts/test.sh fetches it with npm "
                                                    "(or set HOTELLAB_AXE to axe.min.js)")
def test_saved_players_pass_axe_core(tmp_path):
    """axe-core's WCAG 2.0/2.1/2.2 A and AA rules find nothing wrong in the saved game views and
    lessons the extension draws in JupyterLab (untrusted copies of the tutorials), and a game
    view steps with the keyboard alone (focus on Next, Enter)."""
    import nbformat as nbf

    names = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in ("balance", "design_lab", "using_hotellab"))
    proc, url, token, _log = lab.start_lab(tmp_path)
    work = tmp_path / "notebooks"
    found = {}
    try:
        for name in names:
            nb = nbf.read(work / name, as_version=4)
            nb.metadata["hotellab_test_copy"] = "untrusted"
            nbf.write(nb, work / f"u_{name}")
        with ob.offline_page(url, viewport=(1280, 900)) as (page, blocked, errors):
            for name in names:
                page.goto(f"{url}/lab/workspaces/{Path(name).stem}/tree/u_{name}?token={token}")
                page.wait_for_selector('.hotellab-mime[data-hl-ready="1"]', timeout=90_000)
                page.wait_for_timeout(1500)
                page.add_script_tag(path=AXE)
                found[name] = page.evaluate("""async () => {
                  const r = await axe.run({include: [['.hotellab-mime']]}, {runOnly: {type: 'tag',
                      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']}});
                  return {violations: r.violations.map(v => `${v.id} (${v.nodes.length}): ${v.nodes[0].target}`),
                          passes: r.passes.length, players: document.querySelectorAll('.hotellab-mime').length};
                }""")
                views = page.locator(".hotellab-mime .hl-gameview")  # the first with two states or more
                v = next((views.nth(i) for i in range(views.count())
                          if not views.nth(i).locator(".hl-pos").text_content().endswith("/ 0")), views.first)
                first = v.locator(".hl-controls button[title^='First']")
                if first.is_enabled():
                    first.click()
                v.locator(".hl-controls button[title^='Next']").focus()
                before = v.locator(".hl-pos").text_content()
                page.keyboard.press("Enter")
                page.wait_for_timeout(200)
                found[name]["keyboard"] = [before, v.locator(".hl-pos").text_content()]
            errors_seen, blocked_seen = list(errors), list(blocked)
    finally:
        lab.stop(proc)
    print("\naxe-core on the extension's players:", json.dumps(found))
    for name, r in found.items():
        assert r["players"] >= 1 and r["passes"] >= 10, (name, r)
        assert r["violations"] == [], (name, r["violations"])
        assert r["keyboard"][0].startswith("0 /") and r["keyboard"][1].startswith("1 /"), (name, r["keyboard"])
    assert blocked_seen == [] and errors_seen == [], (blocked_seen[:3], errors_seen[:3])


LIVE_VIEWS_JS = """() => [...document.querySelectorAll('.hl-gameview')]
    .filter(v => !v.closest('.hotellab-mime') && !v.closest('.hotellab-player') && v.querySelector('.hl-board svg')).length"""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.xdist_group("browser-b")
@pytest.mark.skipif(not ob.have_chromium(), reason=ob.NO_CHROMIUM)
def test_run_save_and_reopen_without_a_kernel(tmp_path):
    """A notebook run in JupyterLab and saved (widget state not saved: JupyterLab's default),
    reopened with no kernel: its game views play as saved players, with no "model not found"
    (the server's pre-save hook drops the dangling widget entries)."""
    import urllib.request

    name = "replay.ipynb"
    proc, url, token, _log = lab.start_lab(tmp_path)
    saved = tmp_path / "notebooks" / name
    before = saved.stat().st_mtime
    try:
        with ob.offline_page(url, viewport=(1300, 1000)) as (page, blocked, errors):
            page.on("dialog", lambda d: d.accept())
            page.goto(f"{url}/lab/workspaces/run/tree/{name}?token={token}")
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.wait_for_function(lab.KERNEL_IDLE_JS, timeout=120_000)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
            page.wait_for_function(f"() => ({LIVE_VIEWS_JS})() >= 2", timeout=120_000)
            page.wait_for_function(lab.KERNEL_IDLE_JS, timeout=120_000)
            lab.save_notebook(page, saved)
            nb = nbformat.read(saved, as_version=4)
            players = [o["data"] for c in nb.cells for o in c.get("outputs", []) if PLAYER_MIME in o.get("data", {})]
            # no kernel: every session ends
            req = urllib.request.Request(f"{url}/api/sessions?token={token}")
            for sess in json.loads(urllib.request.urlopen(req, timeout=10).read()):
                urllib.request.urlopen(urllib.request.Request(
                    f"{url}/api/sessions/{sess['id']}?token={token}", method="DELETE"), timeout=10)
            page.goto(f"{url}/lab/workspaces/reopen/tree/{name}?token={token}")
            page.wait_for_function(f"""() => document.querySelectorAll('.hotellab-mime[data-hl-ready="1"]').length
                >= {len(players)}""", timeout=60_000)
            text = page.locator(".jp-Notebook").inner_text()
            errors_seen = list(errors)
    finally:
        lab.stop(proc)
    assert saved.stat().st_mtime != before, "the notebook was not saved"
    assert len(players) == 2 and all("application/vnd.jupyter.widget-view+json" not in d for d in players)
    assert "model not found" not in text
    assert not [e for e in errors_seen if "model not found" in e], errors_seen[:3]
