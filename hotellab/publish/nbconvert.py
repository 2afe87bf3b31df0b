"""``jupyter nbconvert --to hotellab_html``: an HTML page that asks nothing of the network, for
any notebook, executed or not.

Plain ``--to html`` (nbconvert's ``lab`` template) puts require.js and MathJax in every page,
both from cdnjs, and, for a notebook holding widgets with saved state (one run with
``--execute`` or saved from JupyterLab), the Jupyter widget manager from unpkg. Offline, each is
a failed request and a console error. This exporter is nbconvert's HTML exporter (same options)
with two changes:

- **its template** ``hotellab_lab`` (``hotellab/publish/templates/hotellab_lab``): ``lab``
  without those scripts. What that costs: LaTeX math in Markdown (``$x^2$``) is shown as its
  TeX source, a Mermaid diagram as its source text, and a JavaScript output that calls
  ``require`` fails; hotellab's notebooks have none of these. ``--template lab`` brings the
  CDN scripts back.
- :class:`PublishPreprocessor`, which runs after any execution: it applies
  :func:`hotellab.publish.notebook.publishable` (game views and lessons as players that run
  in the page, figures drawn with plotly.js carried once), then drops the widget-view entry
  of any other widget output that has another representation (its text or HTML shows), and
  the saved widget state when no widget view is left::

    jupyter nbconvert --to hotellab_html notebook.ipynb
    jupyter nbconvert --to hotellab_html --execute notebook.ipynb

Plain ``--to html`` cannot be made offline from the notebook: nbconvert reads no template
or script URL from notebook metadata, and a config file shipped with the package would change
every notebook converted in the environment. Registered under the entry point group
``nbconvert.exporters`` (name ``hotellab_html``).
"""

from __future__ import annotations

import os
from pathlib import Path

from nbconvert.exporters import HTMLExporter
from nbconvert.preprocessors import Preprocessor
from traitlets import default, validate

from ..widgets._mime import WIDGET_VIEW

TEMPLATES = Path(__file__).resolve().with_name("templates")
"""The folder holding hotellab's nbconvert templates (one: ``hotellab_lab``)."""
TEMPLATE_NAME = "hotellab_lab"


class PublishPreprocessor(Preprocessor):
    """Applies :func:`hotellab.publish.notebook.publishable` to the notebook (game views as
    players of their frames, module once, figures drawn with plotly.js carried once), then
    removes the widget-view entry of every output that has another representation and, when
    no widget view is left, the notebook's saved widget state (``metadata.widgets``).
    Code and Markdown are never changed."""

    def preprocess(self, nb, resources):
        from .notebook import publishable

        publishable(nb)
        left = 0
        for cell in nb.cells:
            for out in cell.get("outputs", []):
                data = out.get("data") or {}
                if WIDGET_VIEW in data:
                    if len(data) > 1:
                        del data[WIDGET_VIEW]
                    else:
                        left += 1
        if not left:
            nb.metadata.pop("widgets", None)
        return nb, resources


class HotellabHTMLExporter(HTMLExporter):
    """nbconvert's HTML exporter with the ``hotellab_lab`` template (no require.js, MathJax,
    mermaid.js or widget manager) and :class:`PublishPreprocessor` after its own steps."""

    export_from_notebook = "HTML (hotellab, offline)"

    @default("template_name")
    def _template_name_default(self):
        return TEMPLATE_NAME

    @default("extra_template_basedirs")
    def _extra_template_basedirs_default(self):
        return [os.getcwd(), str(TEMPLATES)]  # nbconvert's default (the current folder), then ours

    @validate("extra_template_basedirs")
    def _keep_ours(self, proposal):
        # configured folders come first (a user's own hotellab_lab wins); ours is always there
        dirs = list(proposal["value"])
        return dirs if str(TEMPLATES) in dirs else [*dirs, str(TEMPLATES)]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_preprocessor(PublishPreprocessor, enabled=True)
