"""Publishing: notebooks whose game views and figures work in any static page
(:mod:`hotellab.publish.notebook`), and a JupyterLite site of the tutorials that readers run
live in the browser (:mod:`hotellab.publish.site`, behind ``hotellab publish OUTDIR``).

Nothing here is imported by ``import hotellab``; the site builder needs the ``publish``
extra (``pip install "hotellab[publish]"``).
"""

from __future__ import annotations

__all__ = ["publishable", "publish_file", "build_site"]


def __getattr__(name):
    if name in ("publishable", "publish_file"):
        from . import notebook

        return getattr(notebook, name)
    if name == "build_site":
        from .site import build_site

        return build_site
    raise AttributeError(f"module 'hotellab.publish' has no attribute {name!r}")
