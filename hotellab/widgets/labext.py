"""hotellab's prebuilt JupyterLab extension: saved game views and lessons play in JupyterLab
and JupyterLite before any kernel runs, trusted or not.

The extension (source ``labextension/index.js``, built into ``hotellab/labextension/`` by
``bash scripts/build_labextension.sh`` and committed) renders the output type
:data:`PLAYER_MIME`, which every :class:`~hotellab.widgets.GameView` and
:class:`~hotellab.widgets.Lesson` output carries beside its ``text/html`` player. JupyterLab
finds it in ``<prefix>/share/jupyter/labextensions/hotellab``: a wheel install puts it there
(pyproject's data-files); an editable install (the quick start) gets a link made by
:func:`link` (``python -m hotellab.widgets.labext --link``, run by ``scripts/_env.sh``).
``jupyter lite build`` ships it in the JupyterLite site from the same place.

The module is also a Jupyter server extension (enabled by
``etc/jupyter/jupyter_server_config.d/hotellab.json``, a data-file of the wheel, or written by
:func:`enable_server_extension` for an editable install, by the same ``--link`` command): it
keeps the JupyterLite-only kernel extension (:data:`LITE_ONLY`) out of JupyterLab's page, so
the ``lab`` and ``publish`` extras in one environment give a JupyterLab with no console error.

Run as ``python -m hotellab.widgets.labext`` it says where the extension is and whether its
build is current.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from ._mime import PLAYER_MIME, PLAYER_VERSION, WIDGET_STATE, WIDGET_VIEW, player_marker  # noqa: F401 (public here)

NAME = "hotellab"
"""The extension's package name (its folder under ``share/jupyter/labextensions``)."""
BUILT = Path(__file__).resolve().parent.parent / "labextension"
"""The built extension inside the package (``package.json`` and ``static/``)."""
_ROOT = BUILT.parent.parent
#: what the build is made of, relative to the checkout
SOURCES = ("labextension/index.js", "labextension/package.json", "labextension/package-lock.json",
           "labextension/lite-plotly/index.js", "labextension/lite-plotly/package.json",
           "hotellab/widgets/gameview.js", "hotellab/widgets/gameview.css",
           "hotellab/widgets/lesson.js", "hotellab/widgets/lesson.css", "hotellab/widgets/js/dom.js",
           "hotellab/widgets/js/svg.js", "hotellab/widgets/js/frames.js", "hotellab/widgets/js/keys.js",
           "hotellab/widgets/js/menu.js", "hotellab/widgets/js/board.js", "hotellab/widgets/js/actionlist.js",
           "hotellab/widgets/js/reading.js", "hotellab/widgets/js/board.css")
STAMP = BUILT / "build.json"


def sources_digest(root: Path = _ROOT) -> str:
    """sha256 over :data:`SOURCES` (name and bytes of each) in the checkout ``root``.

    :raises FileNotFoundError: when a source is missing (not a source checkout).
    """
    h = hashlib.sha256()
    for rel in SOURCES:
        h.update(rel.encode() + b"\0" + (root / rel).read_bytes() + b"\0")
    return h.hexdigest()


def build_stamp() -> dict:
    """What ``hotellab/labextension/build.json`` records: ``{"sources": digest}`` ({} if absent)."""
    try:
        return json.loads(STAMP.read_text("utf-8"))
    except FileNotFoundError:
        return {}


def write_stamp() -> None:
    from ..core.files import write_whole

    write_whole(STAMP, json.dumps({"sources": sources_digest(), "files": list(SOURCES)}, indent=1) + "\n")


def installed_paths() -> list[Path]:
    """Every ``labextensions/hotellab`` folder JupyterLab would find (the first one wins)."""
    from jupyter_core.paths import jupyter_path

    return [Path(p) / NAME for p in jupyter_path("labextensions") if (Path(p) / NAME / "package.json").is_file()]


def link(prefix: str | os.PathLike | None = None) -> Path:
    """Make ``<prefix>/share/jupyter/labextensions/hotellab`` (default prefix: this Python's
    ``sys.prefix``) a link to the built extension in the package, for an editable install
    (a wheel install copies it there itself). Replaces an older link; leaves a real folder
    (a wheel's copy) alone. Returns the path.

    :raises FileNotFoundError: when the package has no built extension.
    """
    if not (BUILT / "package.json").is_file():
        raise FileNotFoundError(f"no built extension in {BUILT}: bash scripts/build_labextension.sh")
    dest = Path(prefix or sys.prefix) / "share" / "jupyter" / "labextensions" / NAME
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.is_symlink():
        if dest.resolve() == BUILT:
            return dest
        dest.unlink()
    elif dest.exists():
        return dest  # a wheel install's copy
    dest.symlink_to(BUILT, target_is_directory=True)
    return dest


LITE_ONLY = ("@jupyterlite/pyodide-kernel-extension",)
"""Front-end extensions that only work in JupyterLite. ``jupyterlite-pyodide-kernel`` (the
``publish`` extra) installs its extension where JupyterLab looks too; JupyterLab cannot load
it (it logs "Shared module @jupyterlite/services doesn't exist in shared scope default" on every
page), and listing it in ``disabledExtensions`` does not stop JupyterLab from loading its
code."""

SERVER_CONFIG = {"ServerApp": {"jpserver_extensions": {"hotellab.widgets.labext": True}}}
"""The Jupyter server config that enables :func:`_load_jupyter_server_extension`
(``etc/jupyter/jupyter_server_config.d/hotellab.json``)."""


def without_lite_only(page_config: dict) -> dict:
    """``page_config`` (JupyterLab's page config, a dict) without the :data:`LITE_ONLY`
    extensions in its ``federated_extensions`` list; the same dict, changed in place."""
    exts = page_config.get("federated_extensions")
    if isinstance(exts, list):
        page_config["federated_extensions"] = [e for e in exts if not (isinstance(e, dict) and e.get("name") in LITE_ONLY)]
    return page_config


def drop_dangling_views(nb: dict) -> int:
    """Remove, from the outputs of notebook ``nb`` (a dict, changed in place) that carry a
    hotellab player (:data:`PLAYER_MIME`), the widget entry whose model state the notebook does
    not hold (JupyterLab's default: widget state is not saved). Reopened with no kernel, such an
    entry showed "Error displaying widget: model not found" where the saved player would play
    (ipywidgets' renderer ranks first). Outputs of other widgets, and views whose state is
    saved, are left alone. Returns how many entries went."""
    widgets = (nb.get("metadata") or {}).get("widgets") or {}
    saved = ((widgets.get(WIDGET_STATE) or {}).get("state") or {}) if isinstance(widgets, dict) else {}
    dropped = 0
    for cell in nb.get("cells") or []:
        for out in cell.get("outputs") or [] if isinstance(cell, dict) else []:
            data = out.get("data") if isinstance(out, dict) else None
            if not isinstance(data, dict) or PLAYER_MIME not in data or not isinstance(data.get(WIDGET_VIEW), dict):
                continue
            if data[WIDGET_VIEW].get("model_id") not in saved:
                del data[WIDGET_VIEW]
                dropped += 1
    return dropped


def _pre_save(model, **kwargs) -> None:
    """Jupyter server's pre-save hook: a notebook is written without dangling widget entries
    on its hotellab players (:func:`drop_dangling_views`)."""
    if isinstance(model, dict) and model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        drop_dangling_views(model["content"])


def _load_jupyter_server_extension(server_app) -> None:
    """The Jupyter server extension:

    - JupyterLab's page config leaves out the :data:`LITE_ONLY` extensions (through
      jupyterlab_server's ``page_config_hook``, after any hook set before);
    - a notebook is saved without the widget entries of its hotellab players whose state it
      does not hold (:func:`drop_dangling_views`), so that reopened with no kernel it plays
      the saved players. (Reopened while the kernel still runs, the output is then the saved
      player, a record, until the cell runs again.)
    """
    settings = server_app.web_app.settings
    prev = settings.get("page_config_hook")

    def hook(handler, page_config):
        return without_lite_only(prev(handler, page_config) if prev else page_config)

    settings["page_config_hook"] = hook
    cm = getattr(server_app, "contents_manager", None)
    if cm is not None and hasattr(cm, "register_pre_save_hook"):
        cm.register_pre_save_hook(_pre_save)


def enable_server_extension(prefix: str | os.PathLike | None = None) -> Path:
    """Write ``<prefix>/etc/jupyter/jupyter_server_config.d/hotellab.json`` (:data:`SERVER_CONFIG`;
    default prefix: ``sys.prefix``), which a wheel install puts there itself; what
    ``jupyter server extension enable --sys-prefix`` would write. Returns the path."""
    from ..core.files import write_whole

    dest = Path(prefix or sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "hotellab.json"
    dest.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(SERVER_CONFIG, indent=2) + "\n"
    if not dest.is_file() or dest.read_text("utf-8") != text:
        write_whole(dest, text)
    return dest


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - a command-line helper
    args = sys.argv[1:] if argv is None else argv
    if "--write-stamp" in args:
        write_stamp()
        print(f"{STAMP}: sources {build_stamp()['sources'][:12]}")
        return 0
    if "--link" in args:
        dest = link()
        print(f"linked {dest} -> {BUILT}" if dest.is_symlink() else f"{dest} is installed (a wheel's copy): left as it is")
        print(f"enabled the server extension: {enable_server_extension()}")
        return 0
    print("installed at:", ", ".join(map(str, installed_paths())) or "nowhere (python -m hotellab.widgets.labext --link)")
    try:
        current = build_stamp().get("sources") == sources_digest()
    except FileNotFoundError:
        current = None
    print("build:", {True: "current", False: "older than its sources (bash scripts/build_labextension.sh)",
                     None: "(no source checkout to compare)"}[current])
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
