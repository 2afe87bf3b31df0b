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
