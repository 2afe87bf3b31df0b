"""Hostil Hostal (2-5 players): rules engine, components, views.

Rulebook: Hostil Hostal Rulebook; rulings: ``docs/rulings/hostil_hostal.md``.
"""

from .game import HostilHostalGame
from .state import HostilHostalState

__all__ = ["HostilHostalGame", "HostilHostalState"]
