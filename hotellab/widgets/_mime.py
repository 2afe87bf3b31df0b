"""The Jupyter output types hotellab writes and reads (shared by :mod:`hotellab.widgets.labext`
and :mod:`hotellab.publish.notebook`, so that neither imports the other)."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""An ipywidgets output: ``{"model_id", "version_major", ...}``."""
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
"""The notebook metadata key of saved widget state (``{"state": {model_id: model}}``)."""
PLAYER_MIME = "application/vnd.hotellab.player+json"
"""The output type hotellab's JupyterLab extension renders: ``{"kind": "gameview" | "lesson",
"version": 1}``; the player's state is read from the same output's ``text/html``."""
PLAYER_VERSION = 1


def player_marker(kind: str) -> dict:
    """The :data:`PLAYER_MIME` data of an output of ``kind`` ("gameview" or "lesson").

    :raises ValueError: for another kind.
    """
    if kind not in ("gameview", "lesson"):
        raise ValueError(f"a player is a 'gameview' or a 'lesson', not {kind!r}")
    return {"kind": kind, "version": PLAYER_VERSION}
