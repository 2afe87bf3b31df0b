"""Make a saved notebook publishable: every GameView and every figure works in a static page
with no network, and reads before any script runs.

:func:`publishable` rewrites a notebook's *outputs* (never its code or text):

- **Game views.** A GameView output is the widget (``application/vnd.jupyter.widget-view+json``,
  drawn by the Jupyter widget manager from the state saved in the notebook metadata) plus a
  ``text/html`` player (:func:`hotellab.widgets.export.player_html`). The widget-view entry
  and the model's saved state are removed and the player is rebuilt from that saved state
  (so it holds every frame the widget held when the notebook was saved). What reads the
  notebook then uses the player: ``jupyter nbconvert --to html`` (whose page would otherwise
  load the widget manager, require.js and each widget's module from CDNs), the Sphinx
  (myst-nb) docs, GitHub's preview and an untrusted JupyterLab (which show its picture and
  text), and a trusted JupyterLab before the kernel runs (the player draws and scrubs).
  Running the cell again brings the live widget back.
- **Lessons.** A :class:`hotellab.widgets.Lesson` output already carries a ``text/html``
  lesson player that checks answers with no kernel; its widget-view entry and saved state
  are removed the same way, so an exported page loads no widget manager.
- **JupyterLab and JupyterLite.** Each player output also gets a
  :data:`~hotellab.widgets.labext.PLAYER_MIME` entry (``{"kind", "version"}``): hotellab's
  JupyterLab extension renders it (from the state in the ``text/html``) before any kernel
  runs, also where no output script runs (an untrusted notebook; JupyterLite, which opens
  every notebook untrusted).
- **One module per page.** The widget's ES module and CSS (about 35 kB) are kept in the
  first player only; the others use that copy.
- **Figures.** A plotly figure output keeps its ``application/vnd.plotly.v1+json`` data
  (what JupyterLab draws) and gets a ``text/html`` that draws it with ``window.Plotly``;
  the first figure of the notebook carries plotly.js itself (the installed plotly package's
  copy, 4.8 MB, gzip + base64: 1.9 MB), so an exported page draws every figure offline.

``python -m hotellab.publish.notebook NOTEBOOK...`` rewrites files in place (each written
whole: a temporary file, then renamed); ``notebooks/build.py`` calls :func:`publishable`
before it saves a tutorial.
"""

from __future__ import annotations

import base64
import copy
import gzip
import hashlib
import html
import json
import os
import re
import sys
import uuid
from pathlib import Path

from ..widgets._mime import PLAYER_MIME, WIDGET_STATE, WIDGET_VIEW, player_marker
PLOTLY = "application/vnd.plotly.v1+json"
GAMEVIEW_ID = "hotellab.widgets.gameview.GameView"
"""anywidget's ``_anywidget_id`` of :class:`hotellab.widgets.GameView` models."""
GAMEVIEW_IDS = frozenset({GAMEVIEW_ID, "hotellab.widgets.guided.GuidedGame"})
"""The ids of GameView models and of its subclasses' (a guided game is a game view)."""
TRAITS = ("_chunks", "_tail", "_meta", "index", "perspective", "speed")
_MODULE_RE = None  # compiled lazily (see _module_re)


def _module_re():
    global _MODULE_RE
    if _MODULE_RE is None:
        from ..widgets.export import MODULE_CLASS

        _MODULE_RE = re.compile(r'\n?<script type="application/json" class="' + MODULE_CLASS + r'">.*?</script>', re.S)
    return _MODULE_RE


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def _is_gameview(model: dict) -> bool:
    st = model.get("state") or {}
    return st.get("_anywidget_id") in GAMEVIEW_IDS


LESSON_ID = "hotellab.widgets.lesson.Lesson"
"""anywidget's ``_anywidget_id`` of :class:`hotellab.widgets.Lesson` models."""
LESSON_IDS = frozenset({LESSON_ID, "hotellab.widgets.lesson.Review"})
"""The ids of Lesson models and of its subclasses' (a review is played by the lesson player)."""


def _is_lesson(model: dict) -> bool:
    st = model.get("state") or {}
    return st.get("_anywidget_id") in LESSON_IDS


def _decode(text: str) -> dict:
    return json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))


def _frame_at(state: dict, k: int, pi: int) -> dict:
    """Frame ``k`` of perspective index ``pi`` from a saved model's chunks (SVG filled in)."""
    from ..widgets._frames import chunk_frames

    chunks = [c for c in [*(state.get("_chunks") or []), state.get("_tail") or ""] if c]
    start = 0
    for text in chunks:
        per = chunk_frames(text)
        fs = per[min(pi, len(per) - 1)]
        if k < start + len(fs):
            return fs[k - start]
        start += len(fs)
    raise IndexError(f"no frame {k}: the saved view has {start} states")


def _player_from_state(state: dict, title: str | None = None, uid: str | None = None) -> str:
    from ..widgets.export import player_html

    traits = {k: copy.deepcopy(state.get(k)) for k in TRAITS if k in state}
    meta = traits.get("_meta") or {}
    persps = meta.get("perspectives") or [None]
    p = traits.get("perspective")
    pi = persps.index(p) if p in persps else 0
    n = sum(_decode(c)["n"] for c in [*(traits.get("_chunks") or []), traits.get("_tail") or ""] if c)
    k = max(0, min(n - 1, int(traits.get("index") or 0)))
    traits["index"] = k
    return player_html(traits, _frame_at(traits, k, pi), title=title if title is not None else meta.get("title", ""),
                       module=False, uid=uid)


def _progress_bar(model: dict, state: dict) -> tuple[str, str] | None:
    """``(html, text)`` of a saved tqdm notebook bar (HBox of HTML, Float/IntProgress, HTML),
    else None."""
    import html as html_lib

    if model.get("model_name") != "HBoxModel":
        return None
    kids = [state.get(str(c).removeprefix("IPY_MODEL_")) for c in (model.get("state") or {}).get("children") or []]
    names = [k.get("model_name") if k else None for k in kids]
    if names not in (["HTMLModel", "FloatProgressModel", "HTMLModel"], ["HTMLModel", "IntProgressModel", "HTMLModel"]):
        return None

    def text(k) -> str:  # tqdm writes escaped text (&lt;) and figure spaces; no markup kept
        return html_lib.unescape(re.sub(r"<[^>]*>", "", str(k["state"].get("value") or "")))

    left, right = text(kids[0]), text(kids[2])
    bar = kids[1]["state"]
    value, top = float(bar.get("value") or 0), float(bar.get("max") or 0) or 1.0
    colour = {"success": "#5cb85c", "danger": "#d9534f", "warning": "#f0ad4e", "info": "#5bc0de"}.get(
        bar.get("bar_style") or "", "#2196f3")
    width = max(0.0, min(1.0, value / top)) * 100
    page = (
        '<div class="hotellab-progress" style="display:flex;gap:8px;align-items:center;'
        'font-family:monospace;font-size:13px">'
        f"<span>{html_lib.escape(left)}</span>"
        '<span style="display:inline-block;width:240px;height:14px;background:#eee;border-radius:2px">'
        f'<span style="display:block;height:14px;width:{width:.1f}%;background:{colour};border-radius:2px"></span></span>'
        f"<span>{html_lib.escape(right)}</span></div>"
    )
    return page, f"{left}|{'█' * round(width / 10):<10}|{right}"


def _refs(obj) -> set[str]:
    """Model ids an object refers to ("IPY_MODEL_<id>" strings anywhere inside it)."""
    out: set[str] = set()
    if isinstance(obj, str):
        if obj.startswith("IPY_MODEL_"):
            out.add(obj[len("IPY_MODEL_"):])
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= _refs(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= _refs(v)
    return out


_PLOTLY_LOADER = """(async () => {
  const el = document.getElementById("hl-plotlyjs");
  if (!el || window.Plotly || window.__hlPlotlyLoading) return;
  window.__hlPlotlyLoading = true;
  const bin = atob(el.textContent.trim());
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  const s = document.createElement("script");
  s.src = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  s.onload = () => { for (const f of window.__hlPlotlyQueue || []) f(); window.__hlPlotlyQueue = []; };
  document.head.append(s);
})();"""


_PLOTLYJS_RE = re.compile(r'<script type="application/octet-stream" id="hl-plotlyjs">[^<]*</script>\n'
                          r'<script>\(async \(\) => \{\n  const el = document.getElementById\("hl-plotlyjs"\);.*?</script>\n',
                          re.S)


def _figure_title(layout: dict) -> str:
    t = layout.get("title")
    t = t.get("text") if isinstance(t, dict) else t
    return " ".join(re.sub(r"<[^>]*>", " ", str(t)).split()) if t else ""


def _cell(v) -> str:
    if isinstance(v, float):
        v = round(v, 3)
    return html.escape(str(v))


def _figure_table(spec: dict) -> str:
    """The data of a figure's bar and line traces as a table (its text alternative, WCAG 1.1.1:
    a person who cannot see the chart reads the numbers), folded under the chart; "" when the
    figure has no trace with x and y lists of one length (a map, a graph drawing)."""
    traces = [t for t in spec.get("data") or [] if isinstance(t.get("x"), list) and isinstance(t.get("y"), list)
              and len(t["x"]) == len(t["y"]) and t["x"]]
    if not traces or sum(len(t["x"]) for t in traces) > 400:
        return ""
    horizontal = all(t.get("orientation") == "h" for t in traces)
    axis = (spec.get("layout") or {}).get("yaxis" if horizontal else "xaxis") or {}
    ticks = dict(zip(map(str, axis.get("tickvals") or []), map(str, axis.get("ticktext") or [])))
    keys, cols = [], []
    for j, t in enumerate(traces):
        cats, vals = (t["y"], t["x"]) if horizontal else (t["x"], t["y"])
        cols.append((str(t.get("name") or f"series {j + 1}"), dict(zip(map(str, cats), vals))))
        keys += [str(c) for c in cats if str(c) not in keys]
    head = "".join(f'<th scope="col">{html.escape(name)}</th>' for name, _ in cols)
    rows = "".join(f'<tr><th scope="row">{html.escape(ticks.get(k, k))}</th>' + "".join(
        f"<td>{_cell(vals[k]) if k in vals else ''}</td>" for _, vals in cols) + "</tr>" for k in keys)
    title = _figure_title(spec.get("layout") or {}) or "the figure"
    return (f'<details class="hl-figure-data"><summary>The data of {html.escape(title)} as a table</summary>'
            f'<table><caption>{html.escape(title)}</caption><thead><tr><td></td>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></details>")


def _figure_html(spec: dict, with_plotlyjs: bool, key: str = "") -> str:
    """A figure as HTML drawn with ``window.Plotly`` as soon as it is defined. With
    ``with_plotlyjs``, the fragment also carries plotly.js (the installed plotly package's
    copy, gzip + base64: about 1.9 MB instead of 4.8 MB), unpacked with the browser's
    ``DecompressionStream``."""
    from plotly.utils import PlotlyJSONEncoder

    layout = spec.get("layout") or {}
    height = layout.get("height") or 525
    width = layout.get("width")
    args = json.dumps([spec.get("data") or [], layout, {"responsive": True, **(spec.get("config") or {})}],
                      cls=PlotlyJSONEncoder, separators=(",", ":"))
    args = args.replace("<", "\\u003c")
    uid = "hl-fig-" + hashlib.sha1((key + args).encode("utf-8")).hexdigest()[:12]
    size = f"height:{int(height)}px;width:{f'{int(width)}px' if width else '100%'}"
    title = _figure_title(layout)
    table = _figure_table(spec)
    out = [
        f'<div id="{uid}" class="plotly-graph-div" style="{size}" role="img" '
        f'aria-label="{html.escape(title or "A figure", quote=True)}{"; its data as a table below" if table else ""}"></div>',
        *([table] if table else []),
        "<script>(function(){var a=" + args + ";var go=function(){var el=document.getElementById(\"" + uid + "\");"
        "if(el&&!el.dataset.hlDrawn){el.dataset.hlDrawn=1;window.Plotly.newPlot(el,a[0],a[1],a[2]);}};"
        "if(window.Plotly&&window.Plotly.newPlot)go();else(window.__hlPlotlyQueue=window.__hlPlotlyQueue||[]).push(go);})();</script>",
    ]
    if with_plotlyjs:
        from plotly.offline import get_plotlyjs

        packed = base64.b64encode(gzip.compress(get_plotlyjs().encode("utf-8"), 9, mtime=0)).decode("ascii")
        out = [f'<script type="application/octet-stream" id="hl-plotlyjs">{packed}</script>',
               f"<script>{_PLOTLY_LOADER}</script>", *out]
    return "\n".join(out)


class _Pass:
    """One :func:`publishable` pass over a notebook: the saved widget state it reads, what it
    has done so far (the counts, the models it removes) and whether the widget module and
    plotly.js are already on the page."""

    def __init__(self, state: dict, figures: bool, module: dict | None):
        self.state = state
        self.figures = figures
        self.module = module
        self.removed: set[str] = set()
        self.counts = {"views": 0, "figures": 0, "models_removed": 0, "views_without_state": 0, "lessons": 0}
        self.module_done = False
        self.plotly_done = False


def publishable(nb, *, figures: bool = True, module: dict | None = None) -> dict:
    """Rewrite the outputs of notebook ``nb`` (an nbformat NotebookNode or dict, changed in
    place) as described in this module's docstring.

    :param figures: rewrite plotly figures' ``text/html`` (plotly.js once per notebook);
        False: leave figures as they are, but drop a copy of plotly.js that an earlier pass
        put in (for hosts that draw figures from plotly's JSON, e.g. JupyterLite).
    :param module: the ``{"esm", "css"}`` to carry (default: the installed ``gameview.js`` and
        ``gameview.css``).
    :returns: counts ``{"views", "figures", "models_removed", "views_without_state", "lessons"}``.
    :raises ValueError: when a GameView output's saved state cannot be read (the message
        names the cell).
    """
    meta = nb.get("metadata", {})
    widgets = meta.get("widgets") or {}
    run = _Pass((widgets.get(WIDGET_STATE) or {}).get("state") or {}, figures, module)
    for ci, cell in enumerate(nb.get("cells", [])):
        for out in cell.get("outputs", []) or []:
            data = out.get("data")
            if isinstance(data, dict):
                _publish_output(run, data, ci)
    _drop_models(nb, run, meta, widgets)
    return run.counts


def _publish_output(run: _Pass, data: dict, ci: int) -> None:
    """Rewrite one output's ``data`` (of cell ``ci``): a widget view first, then its HTML."""
    html_text = _text(data.get("text/html"))
    view = data.get(WIDGET_VIEW)
    if isinstance(view, dict):
        html_text = _publish_widget(run, data, view, html_text, ci)
        if html_text is None:
            return
    _publish_html(run, data, html_text, ci)


def _publish_widget(run: _Pass, data: dict, view: dict, html_text: str, ci: int) -> str | None:
    """A widget-view output: a finished progress bar becomes its last look, a GameView its
    player rebuilt from the saved state, a Lesson its own kernel-free player; the view entry
    goes. Returns the output's HTML to rewrite further, or None when the output is done (a
    progress bar, a lesson, another widget, which stays as it is)."""
    from ..widgets.export import PLAYER_CLASS

    mid = view.get("model_id")
    model = run.state.get(mid)
    bar = _progress_bar(model, run.state) if model is not None else None
    if bar is not None:
        # a finished progress bar (tqdm in a notebook: an ipywidgets HBox): its
        # last look as HTML and text, instead of a widget that needs the manager
        data["text/html"], data["text/plain"] = bar
        del data[WIDGET_VIEW]
        run.removed.add(mid)
        return None
    if model is not None and _is_gameview(model):
        try:
            html_text = _player_from_state(model["state"], uid=f"hl-{ci}-{str(mid)[:12]}")
        except (KeyError, ValueError, IndexError, OSError, TypeError) as exc:
            raise ValueError(f"cell {ci}: the saved state of GameView {mid} cannot be read: {exc}") from exc
        run.removed.add(mid)
    elif model is not None and _is_lesson(model) and "data-hl-lesson" in html_text:
        run.removed.add(mid)  # its text/html is already the kernel-free lesson player
        del data[WIDGET_VIEW]
        data[PLAYER_MIME] = player_marker("lesson")
        run.counts["lessons"] += 1
        return None
    elif model is None and PLAYER_CLASS in html_text:
        run.counts["views_without_state"] += 1
    else:
        return None  # another widget: left as it is
    del data[WIDGET_VIEW]
    run.counts["views"] += 1
    return html_text


def _publish_html(run: _Pass, data: dict, html_text: str, ci: int) -> None:
    """An output's HTML: players get their JupyterLab marker (and the first one the widget
    module), plotly's CDN set-up goes, figures get HTML that draws them offline (the first
    one carrying plotly.js)."""
    from ..widgets.export import PLAYER_CLASS, module_html, refresh_loaders

    if "data-hl-lesson" in html_text and WIDGET_VIEW not in data:
        data[PLAYER_MIME] = player_marker("lesson")  # JupyterLab/JupyterLite play it untrusted
    if PLAYER_CLASS in html_text:
        data[PLAYER_MIME] = player_marker("gameview")
        html_text = refresh_loaders(_module_re().sub("", html_text))
        if not run.module_done:
            html_text = module_html(run.module) + "\n" + html_text.lstrip("\n")
            run.module_done = True
        data["text/html"] = html_text
    if set(data) == {"text/html"} and "cdn.plot.ly" in html_text and "plotly-graph-div" not in html_text:
        # plotly's "notebook_connected" set-up output, which loads plotly.js from its
        # CDN: the first figure carries plotly.js instead (figures=True), or the host
        # draws figures from plotly's JSON (figures=False)
        data["text/html"] = ("<!-- plotly.js: carried by the first figure (hotellab.publish) -->" if run.figures
                             else "<!-- plotly.js: the host draws figures from plotly's JSON (hotellab.publish) -->")
        return
    if not run.figures and 'id="hl-plotlyjs"' in html_text:
        # a notebook published before, for a host that draws figures from plotly's
        # JSON (JupyterLab, JupyterLite): its copy of plotly.js goes
        data["text/html"] = _PLOTLYJS_RE.sub("", html_text)
    if run.figures and isinstance(data.get(PLOTLY), dict):
        data["text/html"] = _figure_html(data[PLOTLY], with_plotlyjs=not run.plotly_done, key=str(ci))
        run.plotly_done = True
        run.counts["figures"] += 1


def _reachable(models: dict, start) -> set[str]:
    """The models of ``models`` reachable from the ids ``start`` (themselves included when
    they are in ``models``) through the references of their states."""
    seen, todo = set(), list(start)
    while todo:
        m = todo.pop()
        if m in seen or m not in models:
            continue
        seen.add(m)
        todo.extend(_refs(models[m]))
    return seen


def _drop_models(nb, run: _Pass, meta: dict, widgets: dict) -> None:
    """Remove from the saved widget state the models :func:`publishable` replaced, the
    GameView (and Lesson) models no output shows (a cleared output: nothing reads them, and
    any saved widget state makes nbconvert load the widget manager from a CDN), and the
    models only they referred to (their children, layouts, styles...)."""
    state = run.state
    views = [(o.get("data") or {}).get(WIDGET_VIEW) for c in nb.get("cells", []) for o in (c.get("outputs") or [])]
    shown = {(v or {}).get("model_id") for v in views}
    run.removed |= {mid for mid, m in state.items() if (_is_gameview(m) or _is_lesson(m)) and mid not in shown}
    if not run.removed:
        return
    keep = {k: v for k, v in state.items() if k not in run.removed}
    used = {v["model_id"] for v in views if isinstance(v, dict) and v.get("model_id")}
    # models reachable from the views still shown (or not dependent on a removed one) stay
    orphans = _reachable(state, [r for m in run.removed for r in _refs(state[m])])
    reach = _reachable(keep, used)
    for m in list(keep):
        if m in orphans and m not in reach:
            del keep[m]
    run.counts["models_removed"] = len(state) - len(keep)
    if keep:
        widgets[WIDGET_STATE]["state"] = keep
    else:
        meta.pop("widgets", None)


def publish_file(path, *, figures: bool = True) -> dict:
    """Rewrite the notebook file ``path`` in place with :func:`publishable` (written whole:
    a temporary file beside it, then renamed). Returns the counts."""
    import nbformat

    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    counts = publishable(nb, figures=figures)
    nbformat.validate(nb)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        nbformat.write(nb, tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return counts


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m hotellab.publish.notebook NOTEBOOK.ipynb ...\n\n" + (__doc__ or "").split("\n\n")[0])
        return 0 if args else 2
    status = 0
    for a in args:
        try:
            before = Path(a).stat().st_size
            c = publish_file(a)
            print(f"{a}: {c['views']} game views, {c['figures']} figures, {c['models_removed']} widget models "
                  f"removed; {before / 1024:.0f} KB -> {Path(a).stat().st_size / 1024:.0f} KB")
        except (OSError, ValueError) as exc:
            print(f"{a}: error: {exc}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
