"""Sphinx configuration for the hotellab docs (Sphinx + myst-nb).

Build: pip install -e ".[docs]" && sphinx-build -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "networkx": ("https://networkx.org/documentation/stable/", None),
}

html_theme = "furo"
html_title = f"hotellab {release}"
