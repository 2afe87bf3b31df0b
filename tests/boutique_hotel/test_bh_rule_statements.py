"""The rule-statement table (``rule_statements.toml``, issue 24 item 8): every rule statement
of *Jak grać w Boutique Hotel Manager*, in rulebook order, with the code that implements it,
the tests that fail when it is changed and a deliberate mutation of the engine for each.

This module checks that the table is true to its sources: each quote is the rulebook's own
Polish words, in the rulebook's order, under a section path made of the rulebook's headings;
each named test exists; each ruling exists in docs/rulings/boutique_hotel.md; each code
pointer resolves (the module is imported and every name looked up in it, a method in its
class); every statement of the rules of play has a mutation whose text is in the code (or is
the same rule said again). Running the mutations is
``python scripts/mutation_check.py boutique_hotel`` (it changes a copy of the tree, never this one).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGE = ROOT / "hotellab" / "games" / "boutique_hotel"
RULEBOOK = ROOT.parent / "shared" / "rulebooks" / "boutique_hotel_manager.pl.txt"
RULINGS = ROOT / "docs" / "rulings" / "boutique_hotel.md"
TABLE = tomllib.loads((HERE / "rule_statements.toml").read_text("utf-8"))["statement"]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _tests_in(file: str) -> set[str]:
    tree = ast.parse((HERE / file).read_text("utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def test_ids_are_unique_and_in_order():
    ids = [s["id"] for s in TABLE]
    assert ids == [f"BH-S{i:02d}" for i in range(1, len(ids) + 1)]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebooks are in ../shared/rulebooks/ beside the repository")
def test_every_quote_is_the_rulebooks_own_words_in_order_under_its_section():
    text = RULEBOOK.read_text("utf-8")
    flat = _norm(text)
    lines = {_norm(line.strip().lstrip("•").strip()) for line in text.splitlines() if line.strip()}
    last = 0
    for s in TABLE:
        parts = [_norm(p) for p in s["quote"].split("…")]
        at = flat.find(parts[0], last)
        assert at >= 0, f"{s['id']}: {parts[0]!r} is not in the rulebook after the statement before it"
        pos = at + len(parts[0])
        for part in parts[1:]:
            pos = flat.find(part, pos)
            assert pos >= 0, (s["id"], part)
            pos += len(part)
        last = at
        assert _is_heading_path(s["section"], lines), (s["id"], s["section"])


def _is_heading_path(section: str, lines: set[str]) -> bool:
    """True when ``section`` is rulebook lines (each possibly cut short) joined by " / "."""
    parts = section.split(" / ")
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            name = " / ".join(parts[i:j])
            if any(line.startswith(name) for line in lines):
                i = j
                break
        else:
            return False
    return True


def test_every_named_test_exists():
    cache: dict[str, set[str]] = {}
    for s in TABLE:
        assert s["tests"], f"{s['id']} has no test"
        for ref in s["tests"]:
            file, name = ref.split("::")
            if file not in cache:
                cache[file] = _tests_in(file)
            assert name in cache[file], (s["id"], ref)


def test_every_ruling_and_same_as_exists():
    text = RULINGS.read_text("utf-8")
    ids = {s["id"] for s in TABLE}
    for s in TABLE:
        for r in s.get("rulings", []):
            assert f"**{r} " in text or f"| {r} |" in text, (s["id"], r)
        if "same_as" in s:
            assert s["same_as"] in ids and s["same_as"] != s["id"], s["id"]
            target = next(t for t in TABLE if t["id"] == s["same_as"])
            assert "same_as" not in target and "mutation" not in s, s["id"]


def resolve(pointer: str) -> list:
    """The objects a code pointer names: ``file.py:Name[.attr][, name ...]`` parts joined by
    ";" (a later name without a dot is looked up in the class of the first dotted one, else in
    the module), or ``data/<file>`` (must exist). Raises on anything that does not resolve."""
    found = []
    for part in pointer.split(";"):
        part = part.strip()
        if part.startswith("data/"):
            path = PACKAGE / part
            assert path.is_file(), part
            found.append(path)
            continue
        m = re.fullmatch(r"(\w+)\.py:(.+)", part)
        assert m, f"not a code pointer: {part!r}"
        module = importlib.import_module(f"hotellab.games.boutique_hotel.{m.group(1)}")
        owner = module
        for k, name in enumerate(n.strip() for n in m.group(2).split(",")):
            assert re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)?", name), f"bad name {name!r} in {part!r}"
            if "." in name:
                cls_name, attr = name.split(".")
                owner = getattr(module, cls_name)
                assert inspect.isclass(owner), (part, cls_name)
                obj = owner.__dict__.get(attr, getattr(owner, attr, None))
                assert obj is not None, f"{name!r} is not in {m.group(1)}.py ({part})"
            else:
                obj = getattr(owner, name, None)
                assert obj is not None, f"{name!r} is not in {m.group(1)}.py ({part})"
            fn = obj.fget if isinstance(obj, property) else obj
            fn = fn.__func__ if isinstance(fn, (classmethod, staticmethod)) else fn
            if inspect.isfunction(fn):
                # defined in the file named, not only imported into it
                assert fn.__module__ == module.__name__, f"{name} is defined in {fn.__module__}, not {m.group(1)}.py"
            found.append(obj)
    return found


def test_every_code_pointer_resolves():
    for s in TABLE:
        if s.get("kind") == "presentation":
            continue
        assert resolve(s["code"]), s["id"]


def test_resolve_refuses_what_does_not_exist():
    with pytest.raises(AssertionError):
        resolve("state.py:BoutiqueHotelState._no_such_step")
    with pytest.raises(AssertionError):
        resolve("stays.py:demand, no_such_function")
    with pytest.raises(AssertionError):
        resolve("state.py:blockings")          # imported into state.py, defined in stays.py
    with pytest.raises(AssertionError):
        resolve("data/no_such.toml")
    assert len(resolve("state.py:BoutiqueHotelState._quote_all, quote; stays.py:demand")) == 3


def test_every_rule_of_play_has_a_mutation_whose_text_is_in_the_code():
    for s in TABLE:
        if "same_as" in s or s.get("kind") == "presentation":
            assert "mutation" not in s, s["id"]
            continue
        assert s.get("mutation"), f"{s['id']} has no mutation"
        for m in s["mutation"]:
            texts: dict[str, str] = {}
            for file, old, new in m["edits"]:
                # applied one after another, as mutation_check.py does
                source = texts.setdefault(file, (PACKAGE / file).read_text("utf-8"))
                assert source.count(old) == 1, (s["id"], file, old)
                assert old != new
                texts[file] = source.replace(old, new)


def test_the_counts():
    """95 statements: 78 rules of play with 123 mutations, 16 said again, 1 advice (a
    statement added or dropped changes these on purpose)."""
    rules = [s for s in TABLE if "same_as" not in s and s.get("kind") != "presentation"]
    assert len(TABLE) == 95 and len(rules) == 78
    assert sum("same_as" in s for s in TABLE) == 16
    assert sum(len(s["mutation"]) for s in rules) == 123
