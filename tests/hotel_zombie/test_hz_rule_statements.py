"""The rule-statement table (``rule_statements.toml``): every rule statement of *Hotel
Zombie: Extermination*, in rulebook order, with the code that implements it and the tests that
check it. This module checks that the table is true to its sources: each quote is the
rulebook's own words, each named test and ruling exists, each cited function exists."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGE = ROOT / "hotellab" / "games" / "hotel_zombie"
RULEBOOK = ROOT.parent / "shared" / "rulebooks" / "hotel_zombie.txt"
RULINGS = ROOT / "docs" / "rulings" / "hotel_zombie.md"
TABLE = tomllib.loads((HERE / "rule_statements.toml").read_text("utf-8"))["statement"]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_ids_are_unique_and_in_order():
    assert [s["id"] for s in TABLE] == [f"HZ-S{i:02d}" for i in range(1, len(TABLE) + 1)]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebooks are in ../shared/rulebooks/ beside the repository")
def test_every_quote_is_the_rulebooks_own_words_in_rulebook_order():
    flat = _norm(RULEBOOK.read_text("utf-8"))
    last = -1
    for s in TABLE:
        at = flat.find(_norm(s["quote"]))
        assert at >= 0, (s["id"], s["quote"])
        assert at > last, f"{s['id']} is out of rulebook order"
        last = at


def test_every_named_test_exists():
    for s in TABLE:
        assert s["tests"], s["id"]
        for t in s["tests"]:
            file, name = t.split("::")
            tree = ast.parse((HERE / file).read_text("utf-8"))
            names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            assert name in names, (s["id"], t)


def test_every_ruling_and_same_as_exists():
    text = RULINGS.read_text("utf-8")
    ids = {s["id"] for s in TABLE}
    for s in TABLE:
        for r in s.get("rulings", []):
            assert f"**{r} " in text, (s["id"], r)
        if "same_as" in s:
            assert s["same_as"] in ids


def test_every_cited_function_exists():
    src = {p.name: p.read_text("utf-8") for p in PACKAGE.glob("*.py")}
    for s in TABLE:
        for part in s["code"].split(";"):
            part = part.strip()
            if ":" not in part or part.startswith("data/"):
                continue
            file, names = part.split(":", 1)
            body = src[file]
            for name in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", names.split("(")[0]):
                if name in ("HotelZombieState", "HotelZombieGame"):
                    continue
                assert name in body, (s["id"], file, name)


def test_every_rule_of_play_has_a_mutation_that_applies():
    # each mutation's text is in the engine exactly once (mutation_check.py applies them)
    for s in TABLE:
        if "same_as" in s:
            continue
        assert s.get("mutation"), s["id"]
        for m in s["mutation"]:
            for file, old, _new in m["edits"]:
                assert (PACKAGE / file).read_text("utf-8").count(old) == 1, (s["id"], file, old)
