"""Perfect Hotel (2-4 players): rules engine, components, views.

Rulebook: *Perfect Hotel Rulebook*; rulings: ``docs/rulings/perfect_hotel.md``.
"""

from .game import PerfectHotelGame
from .state import PerfectHotelState

__all__ = ["PerfectHotelGame", "PerfectHotelState"]
