"""The rule-statement tables (``hotellab/games/<game>/rule_map.toml``), one check for every game
that has one: each table is true to its sources.

A table lists every rule statement of the game's rulebook in rulebook order: its id, the
section (a path of the rulebook's headings), the quote (the rulebook's own words, "…" between
parts), the code that implements it (``file.py:names`` or ``data/<file>``, resolved by
:func:`hotellab.testing.resolve_code_pointer`), the tests that fail when it changes, the
rulings that read it, ``same_as`` for a rule said again, and mutations: deliberate changes of
the engine that ``python scripts/mutation_check.py GAME`` applies to a copy of the tree (each
must be caught by a test). Here: the ids run in order, each quote is in the rulebook after the
one before it and under its section, each named test, ruling and code pointer exists, and each
mutation's text is in the engine exactly once, so that every mutation really runs.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from hotellab import testing

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"
BOOKS = {"boutique_hotel": "boutique_hotel_manager.pl.txt", "hellton_palace": "hellton_palace.txt",
         "hostil_hostal": "hostil_hostal.txt", "hotel_zombie": "hotel_zombie.txt",
         "perfect_hotel": "perfect_hotel.txt"}
GAMES = testing.rule_map_games()


def table(game: str) -> list[dict]:
    return testing.rule_map(game)


def test_the_games_with_tables():
    """Every game has its rule map, in one format."""
    assert GAMES == ["boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel"]


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_unique_and_in_order(game):
    ids = [s["id"] for s in table(game)]
    prefix, digits = re.fullmatch(r"([A-Z]+-S)(\d+)", ids[0]).groups()
    assert ids == [f"{prefix}{i:0{len(digits)}d}" for i in range(1, len(ids) + 1)]


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_the_rulebooks_own_words_in_order_under_its_section(game):
    path = RULEBOOKS / BOOKS[game]
    if not path.exists():
        pytest.skip(f"the rulebook {path.name} is missing: the rulebooks are read from {RULEBOOKS}")
    text = path.read_text("utf-8")
    flat = testing.normalise_space(text)
    lines = {testing.normalise_space(line.strip().lstrip("•").strip()) for line in text.splitlines() if line.strip()}
    last = 0
    for s in table(game):
        parts = [testing.normalise_space(p) for p in s["quote"].split("…")]
        at = flat.find(parts[0], last)
        assert at >= 0, f"{s['id']}: {parts[0]!r} is not in the rulebook after the statement before it"
        pos = at + len(parts[0])
        for part in parts[1:]:
            pos = flat.find(part, pos)
            assert pos >= 0, (s["id"], part)
            pos += len(part)
        last = at
        assert testing.is_heading_path(s["section"], lines), (s["id"], s["section"])


@pytest.mark.parametrize("game", GAMES)
def test_every_named_test_exists(game):
    assert testing.missing_tests(table(game), TESTS / game) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_and_same_as_exists(game):
    text = (ROOT / "docs" / "rulings" / f"{game}.md").read_text("utf-8")
    ids = {s["id"] for s in table(game)}
    for s in table(game):
        for r in s.get("rulings", []):
            assert f"**{r} " in text or f"| {r} |" in text, (s["id"], r)
        if "same_as" in s:
            assert s["same_as"] in ids and s["same_as"] != s["id"], s["id"]


@pytest.mark.parametrize("game", GAMES)
def test_every_code_pointer_resolves(game):
    for s in table(game):
        if s.get("kind") != "presentation":
            assert testing.resolve_code_pointer(f"hotellab.games.{game}", s["code"]), s["id"]


def test_resolve_refuses_what_does_not_exist():
    resolve = testing.resolve_code_pointer
    pkg = "hotellab.games.boutique_hotel"
    for bad in ("state.py:BoutiqueHotelState._no_such_step", "stays.py:demand, no_such_function",
                "state.py:blockings",  # imported into state.py, defined in stays.py
                "data/no_such.toml", "a remark, not a pointer", "nosuch.py:x"):
        with pytest.raises((ValueError, ImportError)):
            resolve(pkg, bad)
    assert len(resolve(pkg, "state.py:BoutiqueHotelState._quote_all, quote; stays.py:demand (a remark)")) == 3


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_play_has_a_mutation_whose_text_is_in_the_code(game):
    assert testing.mutation_problems(table(game), ROOT / "hotellab" / "games" / game) == []
