"""The Night Porter game: 2-4 players, no options. The game declares its parts (contract v2,
``docs/dev/new_game.md``): the state class, the moves, the position schema, the view, the
graph and the picture."""

from hotellab import Game
from hotellab.core.position import PositionSchema

from . import rules as R
from .render import render_svg
from .state import ACTIONS, ToyPorterState
from .view import adjacency_graph, build_view


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
    actions = ACTIONS
    position = PositionSchema(__package__ + ".position")
    build_view = staticmethod(build_view)
    adjacency_graph_of = staticmethod(adjacency_graph)
    render_svg = staticmethod(render_svg)

    def seat_label(self, seat: int) -> str:
        return ("Amber", "Teal", "Plum", "Slate")[seat]
