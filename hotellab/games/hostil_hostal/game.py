"""The Hostil Hostal game: players, options and seats, and the game's declared parts
(contract v2, ``docs/dev/new_game.md``): the state class, the moves (``moves.ACTIONS``), the
position schema (``position.py``), the view and graph (``view.py``) and the picture
(``render.py``)."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from ...core.position import PositionSchema
from . import components as C
from . import render as _render
from . import rules
from . import view as _view
from .moves import ACTIONS
from .state import HostilHostalState


@register
class HostilHostalGame(Game):
    """Hostil Hostal for 2-5 players (2 players add an automata seat, seat 2).

    Options (see :meth:`option_specs`): ``nights`` 3 or 5, ``sides`` "A", "B", "random" or
    "choose" (the first player chooses each room's side at setup), ``misfortune`` "die",
    "fixed" or "per_room". Hostil Hostal Rulebook, Let's Begin (Setup) and Phase 3 - Dawn /
    Wear / Variants; rulings in ``docs/rulings/hostil_hostal.md``.
    """

    id = "hostil_hostal"
    title = "Hostil Hostal"
    rulebook = "Hostil Hostal Rulebook"  # its title page; it names no publisher
    mcts_depth = 10  # the greedy heuristic already counts the rest due at dawn (bench/mcts.py: depth 10 beat 40)
    min_players = 2
    max_players = 5
    OPTIONS = (
        OptionSpec("nights", (3, 5), 3, rules.R_NIGHTS, "3 nights (weekend) or 5 nights (standard week)"),
        OptionSpec("sides", ("A", "B", "random", "choose"), "A", rules.R_SETUP_SIDES,
                   "which side of the room boards is used: all A, all B, a coin per room ('random'), or the "
                   "first player chooses each room's side at setup ('choose'; ruling HH-07)"),
        OptionSpec("misfortune", ("die", "fixed", "per_room"), "die",
                   rules.R_MISFORTUNE_VARIANTS,
                   "'die': one misfortune roll for all rooms; 'fixed': every guest loses 2; 'per_room': one roll per room"),
    )
    state_class = HostilHostalState
    actions = ACTIONS
    position = PositionSchema(__package__ + ".position")
    build_view = staticmethod(_view.build_view)
    adjacency_graph_of = staticmethod(_view.adjacency_graph)
    render_svg = staticmethod(_render.render_svg)
    phases = rules.PHASES
    rule_table = rules.RULE_TABLE
    hidden_information = True
    heuristic_words = "rest points now plus what the guests would rest at Dawn as the rooms stand"
    overview_rules = frozenset({
        # Section introductions: their sentences only announce the steps below them ("The
        # following steps are done in order", "Follow these instructions in order"); each step
        # has its own rule.
        "Phase 3 - Dawn",
        "Phase 4 - Day",
        # The table's choice of the game's length before play (the option ``nights``); the end
        # after the last night is "End of the Game and Winner".
        "Let's Begin (Setup) / 4",
    })
    """Rule-table sections no player move applies (left out of ``hl.coverage(...).practised_fraction``)."""

    def _setup(self) -> None:
        """The automata seat (2 players: seat 2, Variation for 2 Players / Setup), the seat
        labels and every turn order (one per first player), made once."""
        self.automata_seat = 2 if self.num_players == 2 else None
        n = self.num_players
        self._labels = tuple(
            C.COLOURS[s].capitalize() + (" (automata)" if s == self.automata_seat else "")
            for s in range(self.num_seats))
        self.turn_orders = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))

    @property
    def num_seats(self) -> int:
        return self.num_players + (1 if self.automata_seat is not None else 0)

    def is_automata(self, seat: int) -> bool:
        return seat == self.automata_seat

    def colour(self, seat: int) -> str:
        """The seat's colour (Components: blue, red, orange, green, yellow in seat order)."""
        return C.COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        """"Blue", "Red", … and "Orange (automata)" for the 2-player automata."""
        return self._labels[seat]

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

    def aid_components(self) -> list[tuple[str, list[tuple]]]:
        """The printable aid's component lines, from the game's data (``data/*.toml``): every
        event card (its icons, reconstructed, ruling HH-03, and its effect), the Day's wear
        table and the reform boards' rugs (reconstructed, ruling HH-02)."""
        cards = []
        for n, card in sorted(C.cards().items()):
            icons = " + ".join(x for x, on in (("lock", card.lock), ("guest", card.guest_icon)) if on)
            cards.append((f"#{n} {card.name}", (f"[{icons}] " if icons else "") + card.effect))
        wear = [("0-1 guests", "the room loses 1 wear point"), ("2-4 guests", "loses 2"),
                ("5 guests", "loses 3 (never below 1)")]
        reforms = [(f"Reform {rid}", f"side a rug {sides['a']:+d}, side b rug {sides['b']:+d}")
                   for rid, sides in sorted(C.reforms().items())]
        return [
            ("Event cards (lock: mandatory; guest: needs your guest in the room)", cards),
            ("Day: wear by guests in the room", wear),
            ("Reform boards (reconstructed)", reforms),
        ]
