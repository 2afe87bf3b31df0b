"""Publishing figures (issue 12): exported tutorial pages before and after, the live site.

    .venv/bin/python bench/publish.py                  # page sizes, every notebook
    .venv/bin/python bench/publish.py --before REV     # "before" = the notebooks at git REV
    .venv/bin/python bench/publish.py --site           # also build the JupyterLite site (size, build time)

For each notebook in ``notebooks/``: the ``jupyter nbconvert --to html`` page of the notebook
*before* (as committed at ``--before``, default HEAD; a notebook saved with widget state
loads the widget manager, require.js, anywidget and plotly.js from CDNs on top of this) and
*after* :func:`hotellab.publish.notebook.publishable` (what ``notebooks/build.py`` saves:
nothing from another host), with the number of copies of the GameView module in the page
and plotly.js's part. ``--site`` builds the site into a temporary folder and prints its size
and build time. Time to the first GameView (cold) and of a live step come from the browser
test: ``.venv/bin/python -m pytest tests/test_publish.py -k site -s`` (it writes
``bench/results/publish.json``); the docs build time from ``tests/test_docs.py -k build -s``.
Results go to ``bench/results/publish_pages.json``.
"""

from __future__ import annotations

import argparse
import copy
import re
import subprocess
import tempfile
import time

from _common import ROOT, save

import nbformat
from nbconvert import HTMLExporter

NOTEBOOKS = ROOT / "notebooks"
MODULE_MARK = "hotellab GameView: the front end"


def page(nb) -> str:
    body, _ = HTMLExporter().from_notebook_node(nb)
    return body


def measure(name: str, rev: str) -> dict:
    r = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:notebooks/{name}"], capture_output=True, text=True)
    before_nb = nbformat.reads(r.stdout, as_version=4) if r.returncode == 0 else nbformat.read(NOTEBOOKS / name, as_version=4)
    from hotellab.publish.notebook import publishable

    after_nb = copy.deepcopy(before_nb)
    publishable(after_nb)
    before, after = page(before_nb), page(after_nb)
    m = re.search(r'id="hl-plotlyjs"[^>]*>([^<]*)</script>', after)
    out = {
        "before_bytes": len(before.encode()), "after_bytes": len(after.encode()),
        "module_copies_before": before.count(MODULE_MARK), "module_copies_after": after.count(MODULE_MARK),
        "plotlyjs_bytes_after": len(m.group(1)) if m else 0,
        "game_views": after.count('class="hotellab-player"'),
    }
    print(f"{name:24s} before {out['before_bytes'] / 1024:7,.0f} KB ({out['module_copies_before']:2d} module copies)"
          f"   after {out['after_bytes'] / 1024:7,.0f} KB ({out['module_copies_after']} copy,"
          f" plotly.js {out['plotlyjs_bytes_after'] / 1024:,.0f} KB), {out['game_views']} game views")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", default="HEAD", help="git revision of the 'before' notebooks (default HEAD)")
    ap.add_argument("--site", action="store_true", help="also build the JupyterLite site")
    args = ap.parse_args()
    res = {"pages": {p.name: measure(p.name, args.before) for p in sorted(NOTEBOOKS.glob("*.ipynb"))}}
    if args.site:
        from hotellab.publish.site import build_site

        with tempfile.TemporaryDirectory() as tmp:
            t = time.perf_counter()
            s = build_site(f"{tmp}/site", NOTEBOOKS, log=None)
            res["site"] = {"bytes": s["bytes"], "files": s["files"], "build_s": round(time.perf_counter() - t, 1),
                           "python_packages": len(s["packages"])}
            print(f"site: {s['bytes'] / 1e6:.1f} MB in {s['files']} files, {len(s['packages'])} Python packages, "
                  f"built in {res['site']['build_s']} s (with a filled download cache)")
    save("publish_pages", res)


if __name__ == "__main__":
    main()
