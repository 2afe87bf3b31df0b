"""Hotel Zombie: Extermination (2-4 players): rules engine, components, views.

Rulebook: *Hotel Zombie: Extermination* (Branden Travis Sprenger); rulings and the
reconstructed base game: ``docs/rulings/hotel_zombie.md``.
"""

from .game import HotelZombieGame
from .state import HotelZombieState

__all__ = ["HotelZombieGame", "HotelZombieState"]
