"""Execute the notebooks and save them with their outputs and widget state.

    .venv/bin/python notebooks/build.py                 # every notebook in notebooks/
    .venv/bin/python notebooks/build.py hostil_hostal   # only the named ones
    .venv/bin/python notebooks/build.py --check         # execute, report, write nothing

Each notebook runs top to bottom in a fresh kernel (the ``python3`` kernel, which must be this
environment's Python: ``python -m ipykernel install --sys-prefix --name python3`` registers it),
with the notebooks folder as working directory. nbclient's ``store_widget_state`` saves the
widgets' state, from which :func:`hotellab.publish.notebook.publishable` makes each game view
a player of its frames (the widget-view entry and its state go): an HTML export (nbconvert,
or JupyterLab's "Save and Export Notebook As"), the docs and a trusted JupyterLab show and
play the game views without a kernel or a network. The saved outputs are what the published tutorial shows: build after every
change to the notebooks, to the rules or to the renderer, and commit the result.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from hotellab.publish.notebook import publishable

HERE = Path(__file__).resolve().parent
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
TIMEOUT = 600  # seconds per cell


def notebooks(names=()) -> list[Path]:
    """The notebooks to build: all of notebooks/*.ipynb, or those named (stem or file name)."""
    found = sorted(p for p in HERE.glob("*.ipynb") if not p.name.startswith("."))
    if not names:
        return found
    wanted = {Path(n).stem for n in names}
    missing = wanted - {p.stem for p in found}
    if missing:
        raise SystemExit(f"no such notebook in {HERE}: {', '.join(sorted(missing))}")
    return [p for p in found if p.stem in wanted]


def execute(path: Path, kernel_name: str = "python3", timeout: int = TIMEOUT):
    """Run ``path`` top to bottom; returns the executed NotebookNode (raises
    CellExecutionError on the first failing cell)."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=kernel_name,
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=True,
    )
    client.execute()
    return nb


def clean(nb) -> None:
    """Drop run-dependent noise so that a rebuild without changes gives a small diff."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="notebook names (default: all)")
    ap.add_argument("--check", action="store_true", help="execute only; do not write")
    ap.add_argument("--kernel", default="python3", help="kernel name (default python3)")
    args = ap.parse_args(argv)

    status = 0
    for path in notebooks(args.names):
        t = time.perf_counter()
        try:
            nb = execute(path, kernel_name=args.kernel)
        except CellExecutionError as exc:
            print(f"{path.name}: FAILED\n{exc}", file=sys.stderr)
            status = 1
            continue
        clean(nb)
        state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        # every game view becomes a player of its saved frames and every figure carries its
        # drawing (plotly.js once): plain nbconvert, the docs and GitHub need no network
        # (hotellab.publish.notebook)
        published = publishable(nb)
        dt = time.perf_counter() - t
        if args.check:
            print(f"{path.name}: ran in {dt:.1f} s, {len(state)} widget models")
            continue
        nbformat.validate(nb)
        nbformat.write(nb, path)
        print(f"{path.name}: ran in {dt:.1f} s, {published['views']} game views, {len(state)} widget models, "
              f"{path.stat().st_size / 1024:.0f} KB written")
    return status


if __name__ == "__main__":
    sys.exit(main())
