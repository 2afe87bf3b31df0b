"""The Hellton Palace game: two players; options: which guest cards are used, and when a groom may be hired."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from ...core.rules import RuleRef
from . import components as C
from . import render as _render
from .state import HelltonPalaceState


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
        OptionSpec("cards", ("full", "intro"), "full",
                   RuleRef("hellton_palace", "Setup / 6",
                           "For a first game, we strongly advise playing with the 18 cards marked with an asterisk."),
                   "'full': 18 of the 36 guest cards at random; 'intro': the 18 cards marked with an asterisk"),
        OptionSpec("grooms", ("effect", "any"), "effect",
                   RuleRef("hellton_palace", "Course of the Game / 3. Hire Your Grooms",
                           "Flip the Groom tile to its hired side, and apply its effect."),
                   "ruling HP-06: 'effect': a groom is hired only when its effect has something to act on; "
                   "'any': any groom you can pay (but the False Reservation needs an open row) may be hired, "
                   "e.g. to count as hired for the special effects"),
    )
    state_class = HelltonPalaceState
    hidden_information = False  # cards face up, both sides may be looked at, all on the table

    def colour(self, seat: int) -> str:
        return C.COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        return C.COLOURS[seat].capitalize()

    def seat_names(self) -> list[str]:
        return [self.seat_label(s) for s in range(self.num_seats)]

    def render_svg(self, view: dict) -> str:
        """The board as SVG text: a pure function of the view model (see ``render.py``)."""
        return _render.render_svg(view)
