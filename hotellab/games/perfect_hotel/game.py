"""The Perfect Hotel game: players, options and seats. The game declares its parts (contract
v2, ``docs/dev/new_game.md``): the state class and its moves (``state.py``), the position
schema (``position.py``, imported on first use), the view and graph (``view.py``) and the
table's picture (``render.py``); those modules import ``rules.py`` and ``components.py``, never
each other (only ``position.py`` imports the state)."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from ...core.position import PositionSchema
from . import render, view
from .components import SEAT_COLOURS
from .rules import PHASES, R_HIGH_SEASON_FLIP, R_PLACE, R_ROUNDS, R_STAR, RULE_TABLE
from .state import ACTIONS, PerfectHotelState


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
    actions = ACTIONS
    position = PositionSchema(__package__ + ".position")
    build_view = staticmethod(view.build_view)
    adjacency_graph_of = staticmethod(view.adjacency_graph)
    render_svg = staticmethod(render.render_svg)
    # Sentences no move or engine step applies (issue 19): the Overview's player count and the
    # Components list (the cards, the Tourist backs, the Score Trackers).
    # the Overview and Components sections, and "3-round games are highly recommended!!" (advice:
    # the match length is the "games" option, chosen before play)
    overview_rules = frozenset({"Overview", "Components", R_ROUNDS})
    hidden_information = True  # hands, the House Deck's order, face-down stars on the Tag Rows

    def colour(self, seat: int) -> str:
        """The seat's Score Tracker colour: "blue", "red", "green" or "yellow" (CSS names)."""
        return SEAT_COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        """"Blue", "Red", "Green" or "Yellow" (seat 0 is the first player)."""
        return SEAT_COLOURS[seat].capitalize()

    def aid_components(self) -> list[tuple[str, list[tuple]]]:
        """The printable aid's component lines, from the card data (``data/cards.toml``): each
        kind of Build Card with its count, points and starred cards (an icon in the kind's
        colour; a reconstructed value says so, ruling PH-02), the Tourist Group Card, and the
        three Award Cards (Perfect Hotel Rulebook, Components and Award Cards)."""
        from . import components as C

        def icon(colour: str, mark: str = "") -> str:
            # rgb(), not "#rrggbb": the aid puts the SVG in a data: URL, where "#" would end it
            rgb = "rgb({},{},{})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))
            text = (f"<text x='5' y='10' font-size='7' text-anchor='middle' fill='white'>{mark}</text>"
                    if mark else "")
            return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 14' width='10' height='14'>"
                    f"<rect x='0.5' y='0.5' width='9' height='13' rx='1.5' fill='{rgb}' stroke='rgb(51,51,51)' "
                    f"stroke-width='0.6'/>{text}</svg>")

        cards = []
        for k in C.KINDS:
            rulebook = (k.id, k.points) == ("bedroom", 10)  # the rulebook's example prints these points
            cards.append((k.name, f"{k.count} cards, {k.points} points to the most cards, {k.stars} with a \u2605 "
                          f"({'count' if rulebook else 'count and points'} reconstructed, PH-02)", icon(k.colour)))
        cards.append((C.TOURIST_NAME, f"{sum(C.TOURIST)} cards, marked backs: any kind, never alone, 1 per Tag Row; "
                      f"{C.TOURIST_PENALTY} each in a hotel or hand at the end", icon("#555555", "T")))
        awards = [
            ("Perfect View", f"+{C.PERFECT_VIEW} to the tallest hotel (most floors); in a tie "
                             f"+{C.PERFECT_VIEW_TIE} each"),
            ("Sky Room", f"+{C.SKY_ROOM} to the most cards on the top floor; nobody in a tie"),
            ("Cheap Hotel", f"{C.CHEAP_HOTEL} to every hotel with fewer than {C.CHEAP_HOTEL_KINDS} kinds of Build"),
        ]
        return [("Game cards (62)", cards), ("Award Cards", awards)]
