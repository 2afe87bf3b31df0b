"""The Perfect Hotel game: players, options and seats."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from ...core.rules import RuleRef
from . import components as C
from . import render as _render
from .state import PerfectHotelState

_R = lambda section, quote="": RuleRef("perfect_hotel", section, quote)  # noqa: E731


@register
class PerfectHotelGame(Game):
    """Perfect Hotel for 2-4 players.

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
    min_players = 2
    max_players = 4
    OPTIONS = (
        OptionSpec("high_season", (False, True), False,
                   _R("Advanced Rule (High-Season Mode)", "Whenever cards are taken to Build, flip the Build Tag of that Row upside-down."),
                   "a Tag Row once built from needs at least 2 cards before anyone builds from it again"),
        OptionSpec("star_bonus", (False, True), False,
                   _R("Advanced Rule (Star Bonus)", "+1 point to each icon \"\u2605\" at my own constructed hotel"),
                   "+1 point per star on the cards of your hotel"),
        OptionSpec("games", (1, 2, 3, 4, 5), 1,
                   _R("Point Track Board", "3-round games are highly recommended!!"),
                   "games in the match; each game's points are added on the Point Track"),
        OptionSpec("research_face", ("down", "up"), "down",
                   _R("Gameplay / A. Research / 2", "Place 1 card from hand onto the Tag Row of the same kind (1 card face down)."),
                   "'down': a Research card is placed face down (others see its row and Tourist back only); 'up': face up"),
    )
    state_class = PerfectHotelState

    def colour(self, seat: int) -> str:
        return C.SEAT_COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        return C.SEAT_COLOURS[seat].capitalize()

    def seat_names(self) -> list[str]:
        return [self.seat_label(s) for s in range(self.num_seats)]

    def render_svg(self, view: dict) -> str:
        """The board as SVG text: a pure function of the view model (see ``render.py``)."""
        return _render.render_svg(view)
