"""The ``sitecustomize`` module of the site's Python (``hotellab publish`` puts this file into
the site's ``python_stdlib.zip`` as ``sitecustomize.py``; Python imports it at start-up).

Why: the JupyterLite kernel makes the browser's drive (the site's files, served by the page
through a service worker) its current folder *before* it imports IPython and the kernel, and
``''`` (the current folder) comes first on ``sys.path``. Python's path finder looks at the
current folder's modification time for every module it has not imported yet, and on the
drive each look is a synchronous round trip to the page: about 85 of them, over a second of
a cold start while the page is busy drawing the notebook.

What: while the kernel starts, the current folder is not searched (nothing of the kernel's
lives there); from the moment the kernel exists (``pyodide_kernel.kernel_instance``, or
:func:`kernel_started`, which the site's import hook calls when IPython runs its start-up
lines) it is searched as usual, before site-packages, so a notebook imports a module beside
it as in JupyterLab. Nothing changes for a Python without ``pyodide_kernel``-style start
(``install`` is only called when this module is imported as ``sitecustomize``).

Standard library only: this runs before any package is installed.
"""

from __future__ import annotations

import sys

_started = False


def kernel_started() -> None:
    """From now on the current folder is searched for modules as usual."""
    global _started
    _started = True


def starting() -> bool:
    """True while the kernel starts: no ``pyodide_kernel.kernel_instance`` yet and
    :func:`kernel_started` not called."""
    if _started:
        return False
    kernel = sys.modules.get("pyodide_kernel")
    return kernel is None or not hasattr(kernel, "kernel_instance")


class CwdFinder:
    """The path entry finder of the folder that was current when Python first searched it:
    finds nothing while :func:`starting`, then is the usual ``FileFinder`` of that folder
    (made on first use)."""

    def __init__(self, hook, path: str):
        self._hook = hook
        self.path = path
        self._finder = None

    def find_spec(self, fullname, target=None):
        if starting():
            return None
        if self._finder is None:
            self._finder = self._hook(self.path)
        return self._finder.find_spec(fullname, target)

    def invalidate_caches(self):
        if self._finder is not None:
            self._finder.invalidate_caches()


def install() -> None:
    """Put the current-folder hook first on ``sys.path_hooks`` (once). Python asks the hooks
    for a finder of ``''`` with the current folder's path (``PathFinder`` resolves ``''``
    with ``os.getcwd()``); every other path entry goes to the next hook."""
    import os

    if any(getattr(h, "__name__", "") == "hotellab_cwd_hook" for h in sys.path_hooks):
        return
    file_hook = next((h for h in sys.path_hooks if getattr(h, "__name__", "") == "path_hook_for_FileFinder"), None)
    if file_hook is None:  # an unusual Python: leave its import system alone
        return

    def hotellab_cwd_hook(path):
        if path and path == os.getcwd():
            return CwdFinder(file_hook, path)
        raise ImportError("not the current folder")

    sys.path_hooks.insert(0, hotellab_cwd_hook)


if __name__ == "sitecustomize":  # pragma: no cover - in the site's Python only
    install()
