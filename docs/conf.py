"""Sphinx configuration for the hotellab docs (Sphinx + myst-nb).

Build: pip install -e ".[docs]" && sphinx-build -b html docs docs/_build/html

The tutorials are the notebooks in ``notebooks/`` (every ``*.ipynb`` there, so a new one
joins by being there): at each build they are copied to ``docs/tutorials/`` (generated, not
committed) after :func:`hotellab.publish.notebook.publishable`, so each page's game views
play from their saved frames with the widget's own module (carried once per page) and its
figures draw with plotly.js carried once per page: the pages load nothing from another host.
The notebooks are not executed here (``nb_execution_mode = "off"``): the pages show the
committed outputs, which ``notebooks/build.py`` writes and the test suite checks.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # autodoc from the checkout even without an install

import hotellab  # noqa: E402

project = "hotellab"
author = "hotellab contributors"
release = hotellab.__version__
version = release

extensions = [
    "myst_nb",  # Markdown (MyST) pages and notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]

myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
myst_heading_anchors = 3
# Notebooks are executed by the test suite, not by the docs build; pages show saved outputs.
nb_execution_mode = "off"
# No widget manager, require.js or anything else from a CDN: the game views are hotellab's
# own players (text/html) and need none.
nb_ipywidgets_js = {}
# Figures show their text/html (publishable() writes it: plotly.js once per page). myst-nb
# parses every entry of an output before it picks one, and warns about the plotly JSON
# beside the HTML (JupyterLab's), which these pages never show.
suppress_warnings = ["mystnb.unknown_mime_type"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

# Links into the Python and networkx docs where their inventories can be fetched; offline,
# Sphinx warns once per inventory and the build goes on (the links are then plain text).
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "networkx": ("https://networkx.org/documentation/stable/", None),
}
intersphinx_timeout = 5

html_theme = "furo"
html_title = f"hotellab {release}"
html_copy_source = False  # the tutorials are megabytes each; their source is in the repository

TUTORIALS = HERE / "tutorials"


def copy_tutorials(src: Path = ROOT / "notebooks", dest: Path = TUTORIALS) -> list[str]:
    """Copy every notebook of ``src`` to ``dest``, made publishable; a file whose content is
    unchanged is not rewritten (Sphinx then does not rebuild its page). Returns the names."""
    import nbformat

    from hotellab.publish.notebook import publishable

    dest.mkdir(exist_ok=True)
    names = []
    for path in sorted(src.glob("*.ipynb")):
        if path.name.startswith("."):
            continue
        nb = nbformat.read(path, as_version=4)
        publishable(nb)
        text = nbformat.writes(nb)
        out = dest / path.name
        if not out.is_file() or out.read_text("utf-8") != text:
            out.write_text(text, "utf-8")
        names.append(path.name)
    for old in dest.glob("*.ipynb"):
        if old.name not in names:
            old.unlink()
    return names


copy_tutorials()
