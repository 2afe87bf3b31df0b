"""Hellton Palace (2 players): rules engine, components, views.

Rulebook: *Hellton Palace* rulebook; rulings: ``docs/rulings/hellton_palace.md``.
"""

from .game import HelltonPalaceGame
from .state import HelltonPalaceState

__all__ = ["HelltonPalaceGame", "HelltonPalaceState"]
