"""The front end's ES modules joined into one module text, in Python: no build step.

The GameView and the Lesson are written as small ES modules (``hotellab/widgets/js/*.js``:
DOM helpers, the board, key maps, menus, answer reading) imported by two entry modules,
``gameview.js`` and ``lesson.js``. anywidget, the exported pages, nbconvert pages and the live
site load ONE module text (``_esm``), where relative imports cannot resolve; the JupyterLab
extension's webpack build imports the files themselves. :func:`bundle` joins an entry and the
modules it imports (each once, dependencies first) by dropping the ``import {...} from
"./x.js";`` lines and the ``export`` keyword of the imported modules' declarations. The
modules keep to what that needs: named imports of ``./`` files only, ``export`` only before
``function``, ``async function``, ``const``, ``let`` or ``class``, and no two modules
declaring the same top-level name (checked: :class:`BundleError`).

>>> text = bundle(HERE / "lesson.js")
>>> "export default" in text, 'from "./' in text
(True, False)
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

HERE = Path(__file__).parent

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"(\.{1,2}/[^"]+\.js)";[ \t]*\n', re.M)
_OTHER_IMPORT = re.compile(r"^import\s", re.M)
_EXPORT = re.compile(r"^export\s+(?=(?:async\s+)?function\b|const\b|let\b|class\b)", re.M)
_BAD_EXPORT = re.compile(r"^export\s+(?!(?:async\s+)?function\b|const\b|let\b|class\b|default\b)", re.M)
_TOP_NAME = re.compile(r"^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)", re.M)


class BundleError(ValueError):
    """A front-end module that :func:`bundle` cannot join (the message names the file)."""


def _order(entry: Path) -> list[Path]:
    seen: list[Path] = []
    stack: list[Path] = []

    def visit(p: Path) -> None:
        p = p.resolve()
        if p in seen:
            return
        if p in stack:
            raise BundleError(f"{p.name}: an import cycle ({' -> '.join(x.name for x in stack)} -> {p.name})")
        stack.append(p)
        for _names, rel in _IMPORT.findall(p.read_text("utf-8")):
            visit(p.parent / rel)
        stack.pop()
        seen.append(p)

    visit(entry)
    return seen


@functools.lru_cache(maxsize=8)
def _bundle(entry: str, stamp: tuple) -> str:
    files = _order(Path(entry))
    names: dict[str, str] = {}
    parts = []
    for f in files:
        text = f.read_text("utf-8")
        body = _IMPORT.sub("", text)
        if _OTHER_IMPORT.search(body):
            raise BundleError(f"{f.name}: only `import {{ names }} from \"./x.js\";` lines can be joined")
        is_entry = f == files[-1]
        if not is_entry:
            if _BAD_EXPORT.search(body):
                raise BundleError(f"{f.name}: an imported module exports only declarations (export function/const/...)")
            body = _EXPORT.sub("", body)
        for name in _TOP_NAME.findall(body):
            if name in names:
                raise BundleError(f"{f.name} and {names[name]} both declare {name!r}: rename one")
            names[name] = f.name
        rel = f.relative_to(HERE) if f.is_relative_to(HERE) else f.name
        parts.append(f"// ---- {rel}\n{body.strip()}\n")
    return "\n".join(parts)


def bundle(entry: Path) -> str:
    """The module text of ``entry`` with every module it imports joined in (cached until a
    file changes). Raises :class:`BundleError` naming the file it cannot join."""
    entry = Path(entry).resolve()
    stamp = tuple((str(p), p.stat().st_mtime_ns) for p in _order(entry))
    return _bundle(str(entry), stamp)


# the style sheets of each front end, in order: the shared board first
CSS = {"gameview": ("js/board.css", "gameview.css"), "lesson": ("js/board.css", "lesson.css")}


def front_end(name: str) -> dict:
    """``{"esm": module text, "css": style sheet}`` of the ``"gameview"`` or ``"lesson"``
    front end, as the package ships it."""
    return {"esm": bundle(HERE / f"{name}.js"),
            "css": "\n".join((HERE / c).read_text("utf-8") for c in CSS[name])}
