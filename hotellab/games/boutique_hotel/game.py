"""The Boutique Hotel Manager game: players, options and seats; it declares its parts (contract
v2, ``docs/dev/new_game.md``): the state class, the moves (``moves.ACTIONS``), the position
schema (``position.py``, read only when a position is), the view and graph (``view.py``) and
the picture (``render.py``)."""

from __future__ import annotations

from ...core.game import Game, OptionSpec
from ...core.position import PositionSchema
from . import components as C
from . import render as _render
from . import rules as R
from . import view as _view
from .moves import ACTIONS
from .state import BoutiqueHotelState


class BoutiqueHotelGame(Game):
    """Boutique Hotel Manager for 2-8 players (one set of the game per 2 players).

    Options (see :meth:`option_specs`; each selects a reading of unclear text, see
    ``docs/rulings/boutique_hotel.md``):

    - ``shortfall``: "per_worker" (a star per missing worker, BH-14) or "per_day" (a star per
      day a kind is short);
    - ``walkin_budget``: "each_night" (every night's rate, breakfast included, within the
      nightly budget, BH-12) or "average" (the stay's price per room-night within it);
    - ``winning_bid``: "kept" (only the losing bids are paid, BH-07) or "paid" (the winner
      pays too);
    - ``walkins``: "round_up" (one walk-in per 2 players, 2 with 3 players, BH-13) or
      "round_down";
    - ``token_supply``: "limited" (56 stay tokens and 8 connection tokens per set, as the
      components list them: a stay that needs more than are left cannot be blocked, BH-32,
      BH-33, BH-34) or "unlimited" (the tokens are only markers).

    >>> import hotellab as hl
    >>> g = hl.load_game("boutique_hotel", num_players=3)
    >>> g.options["shortfall"], g.seat_names()
    ('per_worker', ['Blue', 'Red', 'Green'])
    """

    id = "boutique_hotel"
    title = "Boutique Hotel Manager"
    rulebook = "Jak grać w Boutique Hotel Manager (Polish rulebook)"
    min_players = 2
    max_players = 8
    OPTIONS = (
        OptionSpec("shortfall", ("per_worker", "per_day"), "per_worker", R.R_SHORTFALL,
                   "ruling BH-14: 'per_worker': a star per worker short of the weekly demand; 'per_day': a star per day a kind is short"),
        OptionSpec("walkin_budget", ("each_night", "average"), "each_night", R.R_BUDGET,
                   "ruling BH-12: 'each_night': every night's rate (with breakfast) within the budget; 'average': the price per room-night"),
        OptionSpec("winning_bid", ("kept", "paid"), "kept", R.R_BID_LOSERS,
                   "ruling BH-07: 'kept': only the losing marketing bids are paid; 'paid': the winning bid is paid too"),
        OptionSpec("walkins", ("round_up", "round_down"), "round_up", R.R_MORE_WALKINS,
                   "ruling BH-13: walk-ins a day with an odd number of players: one per 2 players rounded up or down"),
        OptionSpec("token_supply", ("limited", "unlimited"), "limited", R.R_CONNECTION_TOKENS,
                   "rulings BH-32..34: 'limited': 56 stay tokens and 8 connection tokens per set, a stay needing more "
                   "than are left cannot be blocked; 'unlimited': no limit"),
    )
    state_class = BoutiqueHotelState
    score_view_keys = ("money",)  # the score is the money (Koniec gry: the most money wins)
    phases = R.PHASES
    rule_table = R.RULE_TABLE
    overview_rules = frozenset({
        R.R_OVERVIEW.section,     # "W pigułce": the rulebook's summary of the phases, each told again in its own section
        R.R_COMPONENTS.section,   # "Komponenty": the list of the box's contents (the dice, tokens and cards it counts)
    })
    """Sections no move applies (overview, component list), left out of practised coverage. The
    component counts of stay and connection tokens are enforced only by the house reading of
    option ``token_supply="limited"`` (rulings BH-32..34), not by a sentence of play."""
    hidden_information = True
    actions = ACTIONS
    position = PositionSchema(__package__ + ".position")
    build_view = staticmethod(_view.build_view)
    adjacency_graph_of = staticmethod(_view.adjacency_graph)
    render_svg = staticmethod(_render.render_svg)

    def colour(self, seat: int) -> str:
        return C.COLOUR_HEX[C.SEAT_COLOURS[seat]]

    def seat_label(self, seat: int) -> str:
        return C.SEAT_COLOURS[seat].capitalize()

    def aid_components(self) -> list[tuple[str, list[tuple]]]:
        """The printable aid's component lines: prices and costs, the staff each token needs,
        the tokens' meaning."""
        return [
            ("Prices and costs", [
                ("Price die", "face 1-6 = 100-600 a room a night; the breakfast die per room-night"),
                ("Staff", f"{C.WAGE} a worker for the whole week (1 pip = 1 worker, 0-6 a kind)"),
                ("Expansion", f"{C.ROOM_COST} a room, after week 1"),
                ("Start", f"{C.START_MONEY} money + a blank card, {C.START_STARS} stars, rooms 1-3"),
            ]),
            ("Staff needed each day (the week's busiest day counts)", [
                ("Cleaning", "1 per booked room (any token)"),
                ("Check-in", "1 per square (a room checking in)"),
                ("Kitchen", "1 per brown token (a room-night with breakfast)"),
            ]),
            ("Stay tokens", [
                ("Square / circle", "check-in day / a further night"),
                ("Green / brown", "room only / with breakfast"),
                ("Connection", "joins two rooms of a stay with a door symbol"),
            ]),
            ("Guest cards (data/guests.toml, reconstructed, BH-04)", [
                ("Reading a card", "nights per room from the check-in day (2+1: one room 2 nights, another 1); "
                                   "door 1-2: its 1st and 2nd rooms adjacent; bkf: breakfast (brown tokens)"),
            ] + [
                (f"Cards {cards[0].number}-{cards[-1].number}", " · ".join(
                    f"{g.number}: {'+'.join(map(str, g.nights))}"
                    + "".join(f" door {j + 1}-{j + 2}" for j, d in enumerate(g.doors) if d)
                    + (" bkf" if g.breakfast else "") for g in cards))
                for cards in (C.GUESTS[i:i + 7] for i in range(0, len(C.GUESTS), 7))
            ]),
        ]
