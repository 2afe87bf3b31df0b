"""Provenance records: rule references, events and score items.

Every :class:`Event` and :class:`ScoreItem` carries a :class:`RuleRef` that points to
the rulebook section that caused it.
"""

from __future__ import annotations

from typing import NamedTuple


class RuleRef(NamedTuple):
    """A pointer into a rulebook.

    game: game id (e.g. ``"hostil_hostal"``); section: the section path as the rulebook
    names it (e.g. ``"Phase 2 - Night / Play a card"``); quote: a short quote, may be "".
    """

    game: str
    section: str
    quote: str = ""

    def __str__(self) -> str:
        return self.section

    def to_json(self) -> dict:
        return {"game": self.game, "section": self.section, "quote": self.quote}


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
