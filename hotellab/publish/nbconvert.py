"""``jupyter nbconvert --to hotellab_html``: HTML whose game views and figures need no network,
for any notebook, executed or not.

A notebook saved from JupyterLab with widget state, or run with ``--execute``, holds its game
views as widgets whose state is saved, and plain ``--to html`` then loads the widget manager,
require.js and anywidget from CDNs. This exporter is nbconvert's HTML exporter (same template,
same options) plus :class:`PublishPreprocessor`, which runs after any execution and applies
:func:`hotellab.publish.notebook.publishable`::

    jupyter nbconvert --to hotellab_html --execute notebook.ipynb

The notebooks that ``notebooks/build.py`` saves need none of this: plain ``--to html`` works.
Registered under the entry point group ``nbconvert.exporters`` (name ``hotellab_html``).
"""

from __future__ import annotations

from nbconvert.exporters import HTMLExporter
from nbconvert.preprocessors import Preprocessor


class PublishPreprocessor(Preprocessor):
    """Applies :func:`hotellab.publish.notebook.publishable` to the notebook (game views as
    players of their frames, module once, figures drawn with plotly.js carried once)."""

    def preprocess(self, nb, resources):
        from .notebook import publishable

        publishable(nb)
        return nb, resources


class HotellabHTMLExporter(HTMLExporter):
    """nbconvert's HTML exporter with :class:`PublishPreprocessor` after its own steps."""

    export_from_notebook = "HTML (hotellab, offline game views)"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_preprocessor(PublishPreprocessor, enabled=True)
