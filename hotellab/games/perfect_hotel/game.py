"""The Perfect Hotel game: players, options and seats. The game composes the rules
(``state.py``), the view (``view.py``) and the table's picture (``render.py``); those modules
import ``rules.py`` and ``components.py``, never each other."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from .components import SEAT_COLOURS
from .render import render_svg as _render_svg
from .rules import PHASES, R_HIGH_SEASON_FLIP, R_PLACE, R_ROUNDS, R_STAR, RULE_TABLE
from .state import PerfectHotelState
from .view import adjacency_graph as _adjacency_graph
from .view import build_view as _build_view


@register
class PerfectHotelGame(Game):
    """Perfect Hotel for 2-4 players (Perfect Hotel Rulebook).

    Options (see :meth:`option_specs`): ``high_season`` and ``star_bonus`` (the two Advanced
    Rules, False or True), ``games`` (1-5 games on the Point Track, scores added up; the
    rulebook recommends 3) and ``research_face`` ("down": the Research card goes on its Tag Row
    face down, as the rulebook says, or "up"; ruling PH-07).

    >>> import hotellab as hl
    >>> g = hl.load_game("perfect_hotel", num_players=3, options={"games": 3})
    >>> g.options["games"], g.options["high_season"], g.seat_names()
    (3, False, ['Blue', 'Red', 'Green'])
    """

    id = "perfect_hotel"
    title = "Perfect Hotel"
    rulebook = "Perfect Hotel Rulebook"
    min_players = 2
    max_players = 4
    OPTIONS = (
        OptionSpec("high_season", (False, True), False, R_HIGH_SEASON_FLIP,
                   "a Tag Row once built from needs at least 2 cards before anyone builds from it again"),
        OptionSpec("star_bonus", (False, True), False, R_STAR,
                   "+1 point per star on the cards of your hotel"),
        OptionSpec("games", (1, 2, 3, 4, 5), 1, R_ROUNDS,
                   "games in the match; each game's points are added on the Point Track"),
        OptionSpec("research_face", ("down", "up"), "down", R_PLACE,
                   "'down': a Research card is placed face down (others see its row and Tourist back only); 'up': face up"),
    )
    state_class = PerfectHotelState
    phases = PHASES
    rule_table = RULE_TABLE
    hidden_information = True  # hands, the House Deck's order, face-down stars on the Tag Rows

    def colour(self, seat: int) -> str:
        """The seat's Score Tracker colour: "blue", "red", "green" or "yellow" (CSS names)."""
        return SEAT_COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        """"Blue", "Red", "Green" or "Yellow" (seat 0 is the first player)."""
        return SEAT_COLOURS[seat].capitalize()

    def render_svg(self, view: dict) -> str:
        """The table as SVG text: a pure function of the view model (see ``render.py``)."""
        return _render_svg(view)

    def build_view(self, state, perspective) -> dict:
        """The view model of ``state`` (``view.build_view``); :meth:`State._view` calls it."""
        return _build_view(state, perspective)

    def adjacency_graph_of(self, state):
        """networkx.Graph of every hotel's floor stack (``view.adjacency_graph``)."""
        return _adjacency_graph(state)
