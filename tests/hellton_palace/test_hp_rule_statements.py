"""The rule-statement table (``rule_statements.toml``, issue 15): every rule statement of the
Hellton Palace rulebook, in rulebook order, with the code that implements it, the tests that
fail when it is changed and a deliberate mutation of the engine for each.

This module checks that the table is true to its sources: each quote is the rulebook's own
words, each named test exists, every statement of the rules of play is tested and has a
mutation (or is the same rule said again). Running the mutations is
``python scripts/mutation_check.py hellton_palace`` (it changes a copy of the tree, never this one).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGE = ROOT / "hotellab" / "games" / "hellton_palace"
RULEBOOK = ROOT.parent / "shared" / "rulebooks" / "hellton_palace.txt"
TABLE = tomllib.loads((HERE / "rule_statements.toml").read_text("utf-8"))["statement"]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _tests_in(file: str) -> set[str]:
    tree = ast.parse((HERE / file).read_text("utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def test_ids_are_unique_and_in_order():
    ids = [s["id"] for s in TABLE]
    assert ids == [f"HP-S{i:03d}" for i in range(1, len(ids) + 1)]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebooks are in ../shared/rulebooks/ beside the repository")
def test_every_quote_is_the_rulebooks_own_words_under_its_section():
    text = RULEBOOK.read_text("utf-8")
    flat = _norm(text)
    lines = {_norm(line.lstrip("• ")) for line in text.splitlines() if line.strip()}
    for s in TABLE:
        for part in s["quote"].split("…"):
            assert _norm(part) in flat, (s["id"], part)
        assert _is_heading_path(s["section"], lines), (s["id"], s["section"])


def _is_heading_path(section: str, lines: set[str]) -> bool:
    """True when ``section`` is rulebook lines (each possibly cut short) joined by " / "
    (a heading may itself contain " / ")."""
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


def test_every_rule_of_play_has_a_mutation_whose_text_is_in_the_code():
    ids = {s["id"] for s in TABLE}
    for s in TABLE:
        if "same_as" in s:
            assert s["same_as"] in ids and "mutation" not in s, s["id"]
            continue
        if s.get("kind") == "presentation":
            continue
        assert s.get("mutation"), f"{s['id']} has no mutation"
        for m in s["mutation"]:
            for file, old, new in m["edits"]:
                source = (PACKAGE / file).read_text("utf-8")
                assert source.count(old) == 1, (s["id"], file, old)
                assert old != new
