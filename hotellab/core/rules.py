"""Provenance records: rule references, events and score items.

Every :class:`Event` and :class:`ScoreItem` carries a :class:`RuleRef` that points to
the rulebook section that caused it.
"""

from __future__ import annotations

from typing import NamedTuple


class RuleRef(NamedTuple):
    """A pointer into a rulebook.

    game: game id (e.g. ``"hostil_hostal"``); section: the section path as the rulebook
    names it (e.g. ``"Phase 2 - Night / Play a card"``); quote: the rulebook's own words,
    cut with "…" where needed, may be "" (``tests/test_quotes.py`` checks every quote against
    the rulebook text); reconstructed: True when the rule cites a value the rulebook does not
    give (card values, board layouts) and the project supplied it — views show such a
    reference differently (see ``docs/rulings/``).
    """

    game: str
    section: str
    quote: str = ""
    reconstructed: bool = False

    def __str__(self) -> str:
        return self.section + (" (reconstructed)" if self.reconstructed else "")

    def to_json(self) -> dict:
        d = {"game": self.game, "section": self.section, "quote": self.quote}
        if self.reconstructed:
            d["reconstructed"] = True
        return d


class Phase(NamedTuple):
    """One row of a game's phase table (``rules.PHASES``, in rulebook order).

    name: the rulebook's name of the phase (e.g. ``"Night"``); rule: its RuleRef; nodes: the
    node kinds (strings from the game's ``rules`` module) whose decisions or chance outcomes
    belong to this phase. :attr:`hotellab.State.phase` finds the row whose ``nodes`` hold the
    state's ``_node_kind()``; the explorer groups the event list by it.
    """

    name: str
    rule: RuleRef
    nodes: tuple = ()

    def to_json(self) -> dict:
        return {"name": self.name, "rule": self.rule.to_json(), "nodes": list(self.nodes)}


class Event(NamedTuple):
    """Something that happened when an action was applied.

    text: one sentence for people; rule: the RuleRef that caused it; deltas: tuple of
    ``(seat, points)`` pairs, the change of each seat's score (points may be negative).
    """

    text: str
    rule: RuleRef
    deltas: tuple = ()

    def to_json(self) -> dict:
        return {
            "text": self.text,
            "rule": self.rule.to_json(),
            "deltas": [list(d) for d in self.deltas],
        }


class ScoreItem(NamedTuple):
    """One line of a score breakdown: ``points`` that ``player`` got for ``category``.

    In a game that scores points the items of a seat sum to that seat's score.
    """

    player: int
    category: str
    points: int | float
    rule: RuleRef

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "category": self.category,
            "points": self.points,
            "rule": self.rule.to_json(),
        }
