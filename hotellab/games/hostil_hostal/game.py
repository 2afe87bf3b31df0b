"""The Hostil Hostal game: players, options and seats."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from ...core.rules import RuleRef
from . import components as C
from . import render as _render
from .state import HostilHostalState

_R = lambda section, quote="": RuleRef("hostil_hostal", section, quote)  # noqa: E731


@register
class HostilHostalGame(Game):
    """Hostil Hostal for 2-5 players (2 players add an automata seat, seat 2).

    Options (see :meth:`option_specs`): ``nights`` 3 or 5, ``sides`` "A", "B" or "random",
    ``misfortune`` "die", "fixed" or "per_room".
    """

    id = "hostil_hostal"
    title = "Hostil Hostal"
    min_players = 2
    max_players = 5
    OPTIONS = (
        OptionSpec("nights", (3, 5), 3, _R("Let's Begin (Setup) / 4", "the number of nights you want to play (3 or 5)"),
                   "3 nights (weekend) or 5 nights (standard week)"),
        OptionSpec("sides", ("A", "B", "random"), "A",
                   _R("Let's Begin (Setup) / 1", "we recommend using the A side ... players can choose which side"),
                   "which side of the room boards is used; 'random' flips each room"),
        OptionSpec("misfortune", ("die", "fixed", "per_room"), "die",
                   _R("Phase 3 - Dawn / Wear / Variants", "every guest will lose 2 points always ... roll the die for each room separately"),
                   "'die': one misfortune roll for all rooms; 'fixed': every guest loses 2; 'per_room': one roll per room"),
    )
    state_class = HostilHostalState

    def _setup(self) -> None:
        self.automata_seat = 2 if self.num_players == 2 else None
        self._neigh = {}

    @property
    def num_seats(self) -> int:
        return self.num_players + (1 if self.automata_seat is not None else 0)

    def is_automata(self, seat: int) -> bool:
        return seat == self.automata_seat

    def colour(self, seat: int) -> str:
        return C.COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        name = C.COLOURS[seat].capitalize()
        return f"{name} (automata)" if self.is_automata(seat) else name

    def seat_names(self) -> list[str]:
        return [self.seat_label(s) for s in range(self.num_seats)]

    def room_below(self, state, pos: int):
        """Position of the room immediately below ``pos`` (None on floor 1) — card #4."""
        floor, col = state.positions[pos]
        if floor != 2:
            return None
        return state.positions.index((1, col)) if (1, col) in state.positions else None

    def room_neighbours(self, state, pos: int) -> list[int]:
        """Positions orthogonally next to ``pos``: same floor side by side, or above/below — card #5."""
        floor, col = state.positions[pos]
        return [
            q for q, (f, c) in enumerate(state.positions)
            if (f == floor and abs(c - col) == 1) or (c == col and abs(f - floor) == 1)
        ]

    def render_svg(self, view: dict) -> str:
        """The board as SVG text: a pure function of the view model (see ``render.py``)."""
        return _render.render_svg(view)
