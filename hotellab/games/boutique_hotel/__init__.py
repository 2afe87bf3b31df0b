"""Boutique Hotel Manager (2 or more players): rules engine, components, views.

Rulebook: "Jak grać w Boutique Hotel Manager" (Polish); rulings:
``docs/rulings/boutique_hotel.md`` (BH-xx); the game page: ``docs/games/boutique_hotel.md``.
"""

from .game import BoutiqueHotelGame
from .state import BoutiqueHotelState

__all__ = ["BoutiqueHotelGame", "BoutiqueHotelState"]
