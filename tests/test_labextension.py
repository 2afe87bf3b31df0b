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


def test_park_lite_extensions(tmp_path):
    """The JupyterLite-only kernel extension leaves JupyterLab's folder for hotellab's; a
    reinstall's newer copy replaces the parked one; nothing else moves."""
    share = tmp_path / "share" / "jupyter" / "labextensions"
    kernel = share / "@jupyterlite" / "pyodide-kernel-extension"
    (kernel / "static").mkdir(parents=True)
    (kernel / "package.json").write_text('{"version": "1"}')
    (kernel / "static" / "remoteEntry.js").write_text("//")
    (share / "anywidget").mkdir()
    (share / "anywidget" / "package.json").write_text("{}")
    parked = labext.park_lite_extensions(tmp_path)
    target = labext.lite_extensions_dir(tmp_path) / "@jupyterlite" / "pyodide-kernel-extension"
    assert parked == [target]
    assert not kernel.exists() and (target / "static" / "remoteEntry.js").is_file()
    assert (share / "anywidget" / "package.json").is_file()
    assert labext.park_lite_extensions(tmp_path) == [target]  # again: nothing to move, still parked
    (kernel / "static").mkdir(parents=True)
    (kernel / "package.json").write_text('{"version": "2"}')
    labext.park_lite_extensions(tmp_path)
    assert json.loads((target / "package.json").read_text())["version"] == "2"
    assert not (target / "static" / "remoteEntry.js").exists() and not kernel.exists()
