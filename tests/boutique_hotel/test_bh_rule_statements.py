"""Boutique Hotel's rule-statement table (``hotellab/games/boutique_hotel/rule_map.toml``, issue 24 item 8): the
counts the rulings page states. The table itself (quotes, sections, tests, rulings, code
pointers, mutations) is checked with the other games' in ``tests/test_rule_statements.py``;
``python scripts/mutation_check.py boutique_hotel`` runs the mutations."""

from __future__ import annotations

from hotellab import testing

TABLE = testing.rule_map("boutique_hotel")


def test_the_counts():
    """95 statements: 78 rules of play with 123 mutations, 16 said again, 1 advice (a
    statement added or dropped changes these on purpose; docs/rulings/boutique_hotel.md)."""
    rules = [s for s in TABLE if "same_as" not in s and s.get("kind") != "presentation"]
    assert len(TABLE) == 95 and len(rules) == 78
    assert sum("same_as" in s for s in TABLE) == 16
    assert sum(len(s["mutation"]) for s in rules) == 123
