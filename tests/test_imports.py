"""Module structure: no import cycle in core, and in each game package the rules module is the
hub that state and view import (state and view never import each other).

Imports are read from the source with ``ast`` (function-level imports included), so a cycle
hidden inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

PKG = Path(__file__).resolve().parent.parent / "hotellab"


def _module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _walk(tree):
    """ast.walk, skipping ``if TYPE_CHECKING:`` blocks (annotations only, never run)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _from_module(node: ast.ImportFrom, package: str) -> str:
    """The absolute name of the module a ``from ... import`` statement in ``package`` reads
    (``from ..lesson import x`` in ``hotellab.core`` is ``hotellab.lesson``)."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph() -> nx.DiGraph:
    """Edges module -> module it imports (within hotellab), for every .py file."""
    g = nx.DiGraph()
    mods = {_module_name(p): p for p in PKG.rglob("*.py")}
    for name, path in mods.items():
        g.add_node(name)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in _walk(ast.parse(path.read_text("utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                stem = _from_module(node, package)
                subs = [f"{stem}.{a.name}" for a in node.names]
                # `from . import components` imports the submodule (the package is already
                # initialising): only the names that are not submodules depend on `stem` itself
                targets = subs + ([stem] if not all(t in mods for t in subs) else [])
            for t in targets:
                if t in mods and t != name:
                    g.add_edge(name, t)
    return g


def test_core_has_no_import_cycle():
    g = import_graph()
    core = g.subgraph([n for n in g if n.startswith("hotellab.core.")])
    cycles = list(nx.simple_cycles(core))
    assert not cycles, f"import cycles in core: {cycles}"


GAMES = sorted(p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("game", GAMES)
def test_game_modules_import_rules_not_each_other(game):
    g = import_graph()
    pre = f"hotellab.games.{game}."
    mods = [n for n in g if n.startswith(pre)]
    sub = g.subgraph(mods)
    cycles = list(nx.simple_cycles(sub))
    assert not cycles, f"{game}: import cycles {cycles}"
    state, view, rules = pre + "state", pre + "view", pre + "rules"
    assert rules in g, f"{game} has no rules.py"
    if state in g and view in g:
        assert not nx.has_path(g, state, view), f"{game}: state imports view"
        assert not nx.has_path(g, view, state), f"{game}: view imports state"


def test_no_identity_comparison_with_a_value():
    """Issue 24, item 1: Perfect Hotel compared node kinds with ``is`` (``kind is N_PLACE``);
    a pickled state's strings are new objects, so 30 of 76 states read another decision after
    ``pickle.loads``. ``is`` / ``is not`` may compare only with a singleton (None, True, False,
    NotImplemented, Ellipsis), a type (``type(x) is int``) or another object by name (a cache's
    own entry); never with a constant or a literal, whose copies are equal but not identical."""
    singletons = {"None", "True", "False", "NotImplemented", "Ellipsis"}
    found = []
    for path in sorted(PKG.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.Is, ast.IsNot)):
                    sides = (left, right)
                    if any(isinstance(x, ast.Constant) and x.value in (None, True, False, ...) for x in sides) \
                            or any(isinstance(x, ast.Name) and x.id in singletons for x in sides):
                        pass
                    elif any(isinstance(x, ast.Call) and getattr(x.func, "id", "") == "type" for x in sides):
                        pass
                    elif any(isinstance(x, ast.Constant) or (isinstance(x, (ast.Name, ast.Attribute))
                                                            and (x.id if isinstance(x, ast.Name) else x.attr).isupper())
                             for x in sides):
                        found.append(f"{path.relative_to(PKG.parent)}:{node.lineno}: {ast.unparse(node)}")
                left = right
    assert not found, "identity comparisons with a value:\n" + "\n".join(found)


ABOVE_CORE = ("agents", "lesson", "widgets", "analysis", "sim", "viz", "publish", "rl", "cli", "aid")
"""The layers above ``hotellab.core`` (issue 22, item 8: "the core imports nothing above it")."""


def _imported_modules(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """(line, module) for every import in ``path`` (or in ``text`` read as that file): top
    level or inside a function, relative imports resolved, ``from X import y`` read as both X
    and X.y (y may be a submodule), and ``importlib.import_module("...")`` /
    ``__import__("...")`` with a literal name."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8") if text is None else text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            stem = _from_module(node, package)
            found += [(node.lineno, stem)] + [(node.lineno, f"{stem}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) \
                and (getattr(node.func, "attr", None) == "import_module" or getattr(node.func, "id", None) in
                     ("import_module", "__import__")):
            found.append((node.lineno, node.args[0].value))
    return found


def _above_core(module: str) -> bool:
    return any(module == f"hotellab.{m}" or module.startswith(f"hotellab.{m}.") for m in ABOVE_CORE)


def test_the_import_reader_sees_every_form():
    """The check below must see each way of importing a layer above the core: in a text read as
    a core module, each of these forms is found, and the core's own modules are not."""
    src = ("import hotellab.agents\n"
           "def f():\n    from ..lesson import check_step_fields\n"
           "def g():\n    from .. import widgets\n"
           "def h():\n    from hotellab.publish.site import build_site\n"
           "import importlib\nimportlib.import_module('hotellab.sim')\n"
           "from .match import Match\nfrom . import text\n")
    found = _imported_modules(PKG / "core" / "probe.py", src)
    above = {(line, m.split(".")[1]) for line, m in found if _above_core(m)}
    assert above == {(1, "agents"), (3, "lesson"), (5, "widgets"), (7, "publish"), (9, "sim")}


def test_core_imports_nothing_above_it():
    """Issue 22, item 8: no module of ``hotellab/core`` imports agents, lesson, widgets,
    analysis, sim, viz, publish, rl, cli or aid, at the top or inside a function. What the core
    needs from above is installed by ``hotellab/__init__.py`` (the agent resolver of
    :class:`~hotellab.Match`, the learner-step rules of :class:`~hotellab.Scenario`)."""
    bad = [f"hotellab/core/{p.relative_to(PKG / 'core')}:{line}: imports {mod}"
           for p in sorted((PKG / "core").rglob("*.py"))
           for line, mod in _imported_modules(p) if _above_core(mod)]
    assert not bad, "the core imports a layer above it:\n" + "\n".join(bad)
