"""Size of the tutorials exported to HTML, and of what makes it up.

    .venv/bin/python bench/html_size.py [NAME ...] [--execute]

Exports every notebook in ``notebooks/`` (or those named, e.g. ``perfect_hotel``) as saved (executed, with widget state; see
``notebooks/build.py``) to HTML with nbconvert's HTMLExporter, as JupyterLab's "Export
Notebook As > HTML" and ``jupyter nbconvert --to html`` do, and prints the page size, the
widget state's size (and how much of it is frames, and the widgets' own ES module and CSS,
which every GameView model carries), the number of game views and frames, and plotly's part.
``--execute`` runs the notebook first (in memory; the file is not changed).
Results also go to bench/results/html_size.json (one entry per notebook).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json

from _common import ROOT, save

import nbformat
from nbconvert import HTMLExporter

NOTEBOOKS = ROOT / "notebooks"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def kb(n: int | float) -> str:
    return f"{n / 1024:,.0f} KB"


def measure(path, execute: bool) -> dict:
    """Export one notebook to HTML; prints and returns its figures."""
    nb = nbformat.read(path, as_version=4)
    if execute:
        from nbclient import NotebookClient

        NotebookClient(nb, timeout=600, startup_timeout=300, kernel_name="python3", store_widget_state=True,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    body, _ = HTMLExporter().from_notebook_node(nb)
    html_bytes = len(body.encode("utf-8"))
    ipynb_bytes = path.stat().st_size
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    state_bytes = len(json.dumps(nb.metadata.get("widgets", {}), separators=(",", ":")).encode())
    per_trait: dict[str, int] = {}
    views = frames = 0
    for model in state.values():
        st = model.get("state", {})
        for k, v in st.items():
            per_trait[k] = per_trait.get(k, 0) + len(json.dumps(v, separators=(",", ":")).encode())
        if st.get("_anywidget_id", "").endswith("GameView"):
            views += 1
            for chunk in list(st.get("_chunks") or []) + ([st["_tail"]] if st.get("_tail") else []):
                d = json.loads(gzip.decompress(base64.b64decode(chunk)))
                frames += d["n"] * len(d["f"])
    frame_bytes = per_trait.get("_chunks", 0) + per_trait.get("_tail", 0)
    code_bytes = per_trait.get("_esm", 0) + per_trait.get("_css", 0)
    plotly = [o for c in nb.cells for o in c.get("outputs", []) if "application/vnd.plotly.v1+json" in o.get("data", {})]
    plotly_outputs = len(plotly)
    plotly_bytes = sum(len(o["data"].get("text/html", "").encode()) for o in plotly)

    print(f"notebooks/{path.name}: {kb(ipynb_bytes)} on disk")
    print(f"exported HTML (nbconvert HTMLExporter, lab template): {kb(html_bytes)}")
    print(f"  widget state: {kb(state_bytes)} for {len(state)} models ({views} game views, {frames} frames over all perspectives)")
    print(f"    frames (_chunks + _tail, base64 of gzip JSON): {kb(frame_bytes)}")
    print(f"    widget ES module + CSS, repeated in every GameView model: {kb(code_bytes)}")
    print(f"  plotly figures: {plotly_outputs}, {kb(plotly_bytes)} of HTML (plotly.js itself comes from its CDN: notebook_connected renderer)")
    return {"ipynb_bytes": ipynb_bytes, "html_bytes": html_bytes, "widget_state_bytes": state_bytes,
            "models": len(state), "game_views": views, "frames": frames,
            "frame_bytes": frame_bytes, "esm_css_bytes": code_bytes,
            "per_trait_bytes": per_trait, "plotly_figures": plotly_outputs, "plotly_html_bytes": plotly_bytes}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="notebook names (default: every notebook)")
    ap.add_argument("--execute", action="store_true", help="execute the notebook first (not saved)")
    args = ap.parse_args()
    paths = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not p.name.startswith("."))
    if args.names:
        wanted = {n.removesuffix(".ipynb") for n in args.names}
        unknown = wanted - {p.stem for p in paths}
        if unknown:
            ap.error(f"no such notebook: {', '.join(sorted(unknown))}")
        paths = [p for p in paths if p.stem in wanted]
    results = {}
    for path in paths:
        results[path.name] = measure(path, args.execute)
        print()
    print(f"written {save('html_size', {'notebooks': results})}")


if __name__ == "__main__":
    main()
