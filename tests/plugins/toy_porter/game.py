"""The Night Porter game: 2-4 players, no options."""

from hotellab import Game

from . import rules as R
from .render import render_svg as _render_svg
from .state import ToyPorterState


class ToyPorterGame(Game):
    """Night Porter for 2-4 players (a toy: see the package docstring)."""

    id = "toy_porter"
    title = "Night Porter (toy)"
    rulebook = "Night Porter, hotellab's toy example"
    min_players = 2
    max_players = 4
    OPTIONS = ()
    state_class = ToyPorterState
    phases = R.PHASES
    rule_table = R.RULE_TABLE

    def seat_label(self, seat: int) -> str:
        return ("Amber", "Teal", "Plum", "Slate")[seat]

    def render_svg(self, view: dict) -> str:
        return _render_svg(view)
