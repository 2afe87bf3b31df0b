"""Standalone HTML: a GameView page that needs no Jupyter and no server.

The page inlines the widget's own ES module and CSS and the compressed frames, and calls the
module's ``render({model, el})`` with a small in-page model (``get``/``set``/``on``/``off``/
``save_changes``/``send``), so JupyterLab and the page run the same front-end code.
"""

from __future__ import annotations

import html
import json
import pathlib

from ._store import widget_state

_HERE = pathlib.Path(__file__).parent

_LOADER = """
const data = JSON.parse(document.getElementById("hl-data").textContent);
const state = data.state;
const handlers = new Map();
const model = {
  get: (k) => state[k],
  set: (k, v) => {
    if (state[k] === v) return;
    state[k] = v;
    for (const f of [...(handlers.get("change:" + k) || [])]) f();
  },
  on: (e, f) => { if (!handlers.has(e)) handlers.set(e, new Set()); handlers.get(e).add(f); },
  off: (e, f) => { if (!e) handlers.clear(); else if (!f) handlers.delete(e); else if (handlers.has(e)) handlers.get(e).delete(f); },
  save_changes: () => {},
  send: () => {},
};
const style = document.createElement("style");
style.textContent = data.css;
document.head.append(style);
const url = URL.createObjectURL(new Blob([data.esm], { type: "text/javascript" }));
const widget = (await import(url)).default;
if (widget.initialize) await widget.initialize({ model });
await widget.render({ model, el: document.getElementById("hl-root") });
"""


def _script_json(obj) -> str:
    """JSON that is safe inside a <script> element (no "<", so no "</script>")."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def export_html(obj, path, perspective: int | None = None, title: str | None = None, *,
                speed: float = 1.0, index: int | None = None) -> pathlib.Path:
    """Write a standalone page with the GameView of ``obj`` and return its path.

    :param obj: a Match (framed as it stands: the page cannot play on), Replay, GameLog or
        State.
    :param path: file to write (UTF-8). Parent folders must exist.
    :param perspective: a seat: the page holds only that seat's frames (safe to publish for
        that player); None: omniscient frames plus each seat's, with a selector.
    :param title: page title (default: the game's title); inserted as text.
    :param speed: steps per second when playing; ``index``: the state shown first (default 0).
    :returns: ``pathlib.Path(path)``.
    :raises TypeError: for another kind of ``obj``; ValueError for a bad seat; OSError when
        the file cannot be written.

    The page needs a browser with ES modules and ``DecompressionStream`` (Chromium 80+,
    Firefox 113+, Safari 16.4+); without them it still shows the first board as an image.
    Size: roughly 1-2 kB per state and perspective.
    """
    store, traits = widget_state(obj, perspective, speed=speed, index=0 if index is None else index, live=False)
    game = store.source.game
    title = title if title is not None else (game.title or game.id)
    first = store.frame_at(traits["index"], perspective)
    data = {
        "state": traits,
        "esm": (_HERE / "gameview.js").read_text("utf-8"),
        "css": (_HERE / "gameview.css").read_text("utf-8"),
    }
    page = (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<meta name=\"generator\" content=\"hotellab\"><title>{html.escape(title)}</title>"
        "<style>body{margin:16px;background:#faf8f4;color:#2d2a26;"
        "font-family:system-ui,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}"
        "h1{font-size:20px;margin:0 0 10px}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        f"<div id=\"hl-root\"><p>{html.escape(first['status'])}</p>{first['svg']}</div>\n"
        f"<script type=\"application/json\" id=\"hl-data\">{_script_json(data)}</script>\n"
        f"<script type=\"module\">{_LOADER}</script>\n</body></html>\n"
    )
    path = pathlib.Path(path)
    path.write_text(page, "utf-8")
    return path
