"""Pages and HTML players of a GameView that need no Jupyter, no server and no network.

Two things are built here:

- :func:`player_html`: an HTML fragment that *plays* a GameView's frames with the widget's
  own ES module (``gameview.js``) and a small in-page model (``get``/``set``/``on``/``off``/
  ``save_changes``/``send``), without the Jupyter widget manager. It is the ``text/html``
  of every GameView output, so ``jupyter nbconvert --to html`` of a notebook whose widget
  state is not saved (JupyterLab's default, and the bundled tutorials, see
  :mod:`hotellab.publish.notebook`), the docs site and any trusted HTML viewer show a
  working view. Before any script runs (an untrusted notebook in JupyterLab, GitHub's
  preview, a sanitising viewer) the fragment shows the shown board as a picture (an
  ``<img>`` with the SVG as a data URI) with its status and scores as text.
- :func:`export_html`: a whole standalone page with one view.

The module and CSS travel in a ``<script type="application/json"
class="hotellab-gameview-module">`` element; every player on a page uses the first one it
finds, so a page needs one copy (:func:`hotellab.publish.notebook.publishable` keeps one).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import math
import numbers
import pathlib
import uuid

from ..core.files import write_whole
from ..core.text import clean_text
from ._bundle import front_end
from ._store import widget_state

_HERE = pathlib.Path(__file__).parent

MODULE_CLASS = "hotellab-gameview-module"
"""Class of the ``<script type="application/json">`` that carries ``{"esm", "css"}``."""
PLAYER_CLASS = "hotellab-player"
"""Class of a player's root ``<div>`` (its ``data-hl`` attribute is the player's id)."""

# The loader of one player. __ID__ is replaced by the player's id. It finds the module JSON
# anywhere on the page (the first copy), imports it once per page from a Blob URL, and renders
# the view in place of the static picture. It waits up to 20 s for a module element that is
# not in the page yet (JupyterLab inserts outputs one by one).
_LOADER = """
(async () => {
  const id = "__ID__";
  const root = document.querySelector('div[data-hl="' + id + '"]');
  const dataEl = document.getElementById(id + "-data");
  if (!root || !dataEl || root.dataset.hlDone) return;
  root.dataset.hlDone = "1";
  const G = (globalThis.__hotellabPlayer = globalThis.__hotellabPlayer || {});
  if (!G.module) {
    G.module = (async () => {
      let el = null;
      for (let t = 0; t < 200 && !el; t++) {
        el = document.querySelector("script.__MODULE__");
        if (!el) await new Promise((r) => setTimeout(r, 100));
      }
      if (!el) throw new Error("no GameView module on this page");
      let mod = JSON.parse(el.textContent);
      if (mod.gz) { // {"gz": base64 of the gzip of {"esm", "css"}}
        const bin = atob(mod.gz);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        const ds = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
        mod = JSON.parse(await ds.text());
      }
      const style = document.createElement("style");
      style.textContent = mod.css;
      document.head.append(style);
      const url = URL.createObjectURL(new Blob([mod.esm], { type: "text/javascript" }));
      return (await import(url)).default;
    })();
  }
  let widget;
  try {
    widget = await G.module;
  } catch (e) {
    G.module = null;
    console.warn("hotellab: the board stays a picture:", e);
    return;
  }
  const state = JSON.parse(dataEl.textContent);
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
  if (widget.initialize) await widget.initialize({ model });
  const el = document.createElement("div");
  el.className = "hotellab-live";
  await widget.render({ model, el });
  root.replaceChildren(el);
})();
"""


# The loader of the standalone page (one view; the page's own data element).
_PAGE_LOADER = """
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


def marks_meta(source, perspective: int | None, marks) -> list[dict]:
    """The ``marks`` of a GameView as its ``_meta["marks"]``: ``[{"step", "text", "seat",
    "cost"}]`` sorted by step (``seat`` None at a chance node, ``cost`` 0..1 or None).

    :param source: the view's :class:`~hotellab.widgets._frames.Source` (its states).
    :param perspective: a seat: only the marks of moves that seat made are kept (a move's
        words may name what only its seat knows); None: every mark.
    :param marks: a :func:`hotellab.analysis.costly_moves` DataFrame (the text is built
        from ``played``, ``best`` and ``cost``), a list of dicts with ``step`` (the state
        where the move was made, 0..len-2) and ``text`` (or ``played`` and ``best``), and
        optionally ``cost`` (0..1) and ``seat`` (checked against the seat deciding at
        ``step``), or None.
    :raises OptionError: (``field="marks"``) naming the bad entry and what is wrong.
    """
    from ..core.errors import OptionError

    if marks is None:
        return []
    if hasattr(marks, "to_dict") and hasattr(marks, "columns"):  # a DataFrame, no pandas import
        made_for = getattr(marks, "attrs", {}).get("game_id")
        if made_for is not None and made_for != source.game.id:
            raise OptionError(f"marks were made for a {made_for} game (costly_moves of its log); this view "
                              f"shows {source.game.id}", field="marks")
        rows = marks.to_dict("records")
    elif isinstance(marks, (list, tuple)):
        rows = list(marks)
    else:
        raise OptionError(f"marks must be a costly_moves DataFrame, a list of dicts with 'step' and "
                          f"'text', or None; got {type(marks).__name__}", field="marks")
    states, swap = source.states, source.swap
    n = len(states)
    if rows and n < 2:
        raise OptionError("marks need moves to point at: this view has no move yet (one state); give the "
                          "marks to a view of the game they were made for", field="marks")

    def bad(i, why):
        return OptionError(f"marks[{i}]: {why}", field="marks")

    def given(row, key):  # None for absent, None and NaN (a DataFrame's empty cell)
        v = row.get(key)
        return None if v is None or (isinstance(v, float) and math.isnan(v)) else v

    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise bad(i, f"a mark is a dict with 'step' and 'text', got {type(row).__name__}")
        step = given(row, "step")
        if isinstance(step, float) and step.is_integer():
            step = int(step)
        if isinstance(step, bool) or not isinstance(step, numbers.Integral):
            raise bad(i, f"'step' must be a whole number (the state where the move was made), got {step!r}")
        step = int(step)
        if not 0 <= step <= n - 2:
            raise bad(i, f"step {step} is out of range: a move is made at a state 0..{n - 2} "
                         f"(this game has {n} states)")
        state = states[step]
        decider = None if state.is_chance_node or state.is_terminal else int(state.current_player)
        played = given(row, "played_action")
        made = source.actions[step + 1] if step + 1 < len(source.actions) else None  # actions[k] led to states[k]
        if played is not None and made is not None and str(played) != str(made):
            raise bad(i, f"the move at step {step} of this game is {str(made)!r}, not "
                         f"{str(played)!r}: the marks were made for another game")
        seat = given(row, "seat")
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or int(seat) != decider:
                who = "a chance node decides" if decider is None else f"seat {decider} decides"
                raise bad(i, f"seat {seat!r} did not make the move at step {step} ({who} there)")
        cost = given(row, "cost")
        if cost is not None:
            if isinstance(cost, bool) or not isinstance(cost, numbers.Real) or not 0 <= float(cost) <= 1:
                raise bad(i, f"'cost' must be a number from 0 to 1, got {cost!r}")
            cost = round(float(cost), 4)
        text = given(row, "text")
        if text is None and given(row, "played") is not None and given(row, "best") is not None:
            text = f"{swap(str(row['played']))}; better: {swap(str(row['best']))}"
            if cost is not None:
                text += f" (\u2212{cost:.2f})"
        if not isinstance(text, str) or not text.strip():
            raise bad(i, f"no text for the mark at step {step}: give 'text' (a non-empty str), or "
                         f"'played' and 'best' as costly_moves does")
        if perspective is not None and decider != perspective:
            continue  # another seat's move, or chance: not this seat's to read
        out.append({"step": step, "text": clean_text(text.strip()), "seat": decider, "cost": cost})
    out.sort(key=lambda m: m["step"])
    return out


def _script_json(obj) -> str:
    """JSON that is safe inside a <script> element (no "<", so no "</script>")."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def module_source() -> dict:
    """``{"esm", "css"}`` of the GameView front end as the package ships it (``gameview.js``
    with its modules joined in: :func:`hotellab.widgets._bundle.front_end`)."""
    return front_end("gameview")


def module_html(module: dict | None = None, *, packed: bool = True) -> str:
    """The ``<script type="application/json">`` element that carries the module and CSS:
    ``{"gz": base64 of gzip of {"esm", "css"}}`` (about 10 kB instead of 35 kB), or with
    ``packed=False`` the plain ``{"esm", "css"}``."""
    module = module or module_source()
    if packed:
        raw = json.dumps(module, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        module = {"gz": base64.b64encode(gzip.compress(raw, 9, mtime=0)).decode("ascii")}
    return f'<script type="application/json" class="{MODULE_CLASS}">{_script_json(module)}</script>'


def read_module_html(text: str) -> dict | None:
    """The ``{"esm", "css"}`` of the first module element in ``text`` (packed or not), or None."""
    import re

    m = re.search(rf'<script type="application/json" class="{MODULE_CLASS}">(.*?)</script>', text, re.S)
    if not m:
        return None
    mod = json.loads(m.group(1))
    if "gz" in mod:
        mod = json.loads(gzip.decompress(base64.b64decode(mod["gz"])).decode("utf-8"))
    return mod


def _fmt(v) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


def fallback_html(frame: dict, title: str = "", names: list[str] | None = None) -> str:
    """What a viewer that runs no scripts shows: the title and status as text, the board as a
    picture (``<img>``, the SVG as a base64 data URI, which sanitisers keep where they drop
    inline SVG) and the scores as text. Every text is escaped."""
    status = str(frame.get("status") or "")
    names = list(frame.get("names") or names or [])
    parts = ['<div class="hotellab-fallback">']
    head = f"<strong>{html.escape(title)}</strong>" if title else ""
    if status:
        head += (" \u2014 " if head else "") + html.escape(status)
    if head:
        parts.append(f'<p style="margin:4px 0">{head}</p>')
    svg = frame.get("svg")
    if svg:
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        alt = html.escape(f"Board: {status}" if status else "Board", quote=True)
        parts.append(f'<img alt="{alt}" src="data:image/svg+xml;base64,{data}" '
                     'style="max-width:100%;height:auto;display:block">')
    scores = frame.get("scores") or []
    if scores:
        cells = " \u00b7 ".join(
            html.escape(f"{names[i] if i < len(names) else f'Seat {i + 1}'} {_fmt(s)}") for i, s in enumerate(scores)
        )
        parts.append(f'<p style="margin:4px 0">Scores: {cells}</p>')
    parts.append("</div>")
    return "".join(parts)


def loader_html(uid: str) -> str:
    """The ``<script type="module">`` that starts player ``uid``."""
    return f'<script type="module">{_LOADER.replace("__ID__", uid).replace("__MODULE__", MODULE_CLASS)}</script>'


def refresh_loaders(text: str) -> str:
    """``text`` with every player's loader script replaced by the current one (so a page
    saved by an older hotellab reads the module element it now carries)."""
    import re

    return re.sub(r'<script type="module">\n\(async \(\) => \{\n  const id = "(hl-[^"]+)";.*?</script>',
                  lambda m: loader_html(m.group(1)), text, flags=re.S)


def player_html(traits: dict, frame: dict, *, title: str = "", module: bool | dict = True,
                uid: str | None = None) -> str:
    """An HTML fragment that plays a GameView's frames with no widget manager.

    :param traits: the widget's synced traits (``_chunks``, ``_tail``, ``_meta``,
        ``index``, ``perspective``, ``speed``; see :func:`hotellab.widgets._store.widget_state`).
        The player is a record: ``_meta["live"]`` is set False and ``_actions`` emptied.
    :param frame: the frame shown first (its board is the static picture).
    :param title: shown above the picture (escaped).
    :param module: True: carry the module and CSS (a dict: that ``{"esm", "css"}``);
        False: use the copy another player on the page carries.
    :param uid: the player's id (default: a new random one).
    :returns: the HTML text (a ``<div>`` and three or four ``<script>`` elements).
    """
    uid = uid or "hl-" + uuid.uuid4().hex[:16]
    state = dict(traits)
    state["_meta"] = {**(state.get("_meta") or {}), "live": False}
    state["_actions"] = []
    state["_error"] = ""
    state.pop("_head", None)
    names = (state["_meta"] or {}).get("names") or []
    parts = [
        f'<div class="{PLAYER_CLASS}" data-hl="{uid}">{fallback_html(frame, title, names)}</div>',
        f'<script type="application/json" id="{uid}-data">{_script_json(state)}</script>',
    ]
    if module:
        parts.append(module_html(module if isinstance(module, dict) else None))
    parts.append(loader_html(uid))
    return "\n".join(parts)


def export_html(obj, path, perspective: int | None = None, title: str | None = None, *,
                speed: float = 1.0, index: int | None = None, marks=None) -> pathlib.Path:
    """Write a standalone page with the GameView of ``obj`` and return its path.

    :param obj: a Match (framed as it stands: the page cannot play on), Replay, GameLog or
        State.
    :param path: file to write (UTF-8). Parent folders must exist. Written whole or not at
        all (a temporary file beside it, then renamed).
    :param perspective: a seat: the page holds only that seat's frames (safe to publish for
        that player); None: omniscient frames plus each seat's, with a selector.
    :param title: page title (default: the game's title); inserted as text.
    :param speed: steps per second when playing; ``index``: the state shown first (default 0).
    :param marks: markers on the timeline, as for :class:`~hotellab.widgets.GameView`
        (a :func:`hotellab.analysis.costly_moves` DataFrame or a list of dicts; with a
        ``perspective``, only that seat's own moves are kept).
    :returns: ``pathlib.Path(path)``.
    :raises TypeError: for another kind of ``obj``; ValueError for a bad seat; OptionError
        (``field="marks"``) for a bad mark; OSError when the file cannot be written.

    The page needs a browser with ES modules and ``DecompressionStream`` (Chromium 80+,
    Firefox 113+, Safari 16.4+); without them it still shows the first board as an image.
    Size: roughly 1-2 kB per state and perspective, plus about 35 kB for the module and CSS.
    """
    store, traits = widget_state(obj, perspective, speed=speed, index=0 if index is None else index, live=False)
    if marks is not None:
        traits["_meta"]["marks"] = marks_meta(store.source, perspective, marks)
    game = store.source.game
    # text from the caller: control characters and lone surrogates become U+FFFD (issue 11)
    title = clean_text(title if title is not None else (game.title or game.id))
    first = store.frame_at(traits["index"], perspective)
    data = {"state": traits, **module_source()}
    page = (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<meta name=\"generator\" content=\"hotellab\"><title>{html.escape(title)}</title>"
        "<style>body{margin:16px;background:#faf8f4;color:#2d2a26;"
        "font-family:system-ui,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}"
        "h1{font-size:20px;margin:0 0 10px}"
        "@media (max-width:480px){body{margin:8px 4px}}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        f"<div id=\"hl-root\"><p>{html.escape(first['status'])}</p>{first['svg']}</div>\n"
        f"<script type=\"application/json\" id=\"hl-data\">{_script_json(data)}</script>\n"
        f"<script type=\"module\">{_PAGE_LOADER}</script>\n</body></html>\n"
    )
    return write_whole(path, page)
