"""The Hellton Palace game: two players; options: which guest cards are used, and when a groom
may be hired. The game composes the rules (``state.py``), the view (``view.py``) and the board
(``render.py``); those modules import ``rules.py`` and ``components.py``, never each other."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from .components import COLOURS
from .render import render_svg as _render_svg
from .rules import PHASES, R_HIRE_APPLY, R_INTRO, RULE_TABLE
from .state import HelltonPalaceState
from .view import adjacency_graph as _adjacency_graph
from .view import build_view as _build_view


@register
class HelltonPalaceGame(Game):
    """Hellton Palace for 2 players. Seat 0 (Red) is the First player, seat 1 (Blue) the Second.

    Option ``cards``: ``"full"`` (default: the display is 18 of the 36 guest cards drawn at
    random, Setup 6) or ``"intro"`` (the 18 cards marked with an asterisk, advised for a first
    game). Option ``grooms`` (ruling HP-06): ``"effect"`` (default: a groom is offered only when
    its effect has something to act on) or ``"any"`` (any groom that can be paid, with the
    argument 0 when there is nothing to act on; the False Reservation still needs an open row).

    >>> import hotellab as hl
    >>> g = hl.load_game("hellton_palace", options={"cards": "intro"})
    >>> g.num_players, g.seat_names()
    (2, ['Red', 'Blue'])
    """

    id = "hellton_palace"
    title = "Hellton Palace"
    min_players = 2
    max_players = 2
    OPTIONS = (
        OptionSpec("cards", ("full", "intro"), "full", R_INTRO,
                   "'full': 18 of the 36 guest cards at random; 'intro': the 18 cards marked with an asterisk"),
        OptionSpec("grooms", ("effect", "any"), "effect", R_HIRE_APPLY,
                   "ruling HP-06: 'effect': a groom is hired only when its effect has something to act on; "
                   "'any': any groom you can pay (but the False Reservation needs an open row) may be hired, "
                   "e.g. to count as hired for the special effects"),
    )
    state_class = HelltonPalaceState
    phases = PHASES
    rule_table = RULE_TABLE
    hidden_information = False  # cards face up, both sides may be looked at, all on the table
    scores_are_points = False  # scores are the tour measures the end rule compares (ruling HP-10)
    rulebook = "Hellton Palace rulebook"

    def colour(self, seat: int) -> str:
        """"red" (seat 0, the First player) or "blue" (CSS colour names)."""
        return COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        """"Red" (seat 0, the First player) or "Blue"."""
        return COLOURS[seat].capitalize()

    def render_svg(self, view: dict) -> str:
        """The board as SVG text: a pure function of the view model (see ``render.py``)."""
        return _render_svg(view)

    def build_view(self, state, perspective) -> dict:
        """The view model of ``state`` (``view.build_view``); :meth:`State._view` calls it."""
        return _build_view(state, perspective)

    def adjacency_graph_of(self, state):
        """networkx.Graph of both hotels of ``state`` (``view.adjacency_graph``)."""
        return _adjacency_graph(state)
