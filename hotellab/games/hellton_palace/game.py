"""The Hellton Palace game: two players; options: which guest cards are used, and when a groom
may be hired. The game declares its parts (contract v2, ``docs/dev/new_game.md``): the state
class and its moves (``state.py``), the position schema (``position.py``, loaded when a
position is read), the view and graph (``view.py``) and the board (``render.py``); those modules
import ``rules.py`` and ``components.py``, never each other (``position.py`` builds states)."""

from __future__ import annotations

from ...core.game import Game, OptionSpec, register
from ...core.position import PositionSchema
from . import render, view
from .components import COLOURS
from .rules import PHASES, R_HIRE_APPLY, R_INTRO, RULE_TABLE
from .state import ACTIONS, HelltonPalaceState


_GROOM_SHORT = {
    "mason": "a pillar back on an empty space of your choice",
    "false_reservation": "faces a row; the opponent's next guest comes from it",
    "placer": "this turn's guest swaps rooms with an adjacent guest",
    "false_placer": "the opponent swaps an irritated guest of theirs with an adjacent one",
    "diplomat": "an irritation token off a guest of yours",
}
"""The grooms' effects in short words for the player aid (the rulebook's are in ``data/grooms.toml``)."""

_SPECIAL_SHORT = {
    "doorbell_if_hired": "a doorbell, if you have a hired groom",
    "pillar_per_opponent_groom": "a pillar (your column) per groom the opponent has hired",
    "doorbell_if_twin_satisfied": "a doorbell, if the guest of the same room opposite is satisfied",
    "pillar_per_doorbell": "a pillar (your column) per doorbell in your Hall",
    "doorbell_if_same_doorbells": "a doorbell, if both Halls hold as many doorbells",
    "copy_twin": "copies the door hanger of the guest of the same room opposite",
    "irritate_self_per_irritated_adjacent": "a token on itself per irritated adjacent guest",
    "irritate_per_pillar": "a token on guests of your choice per pillar of its column",
    "pillar_per_satisfied_adjacent": "a pillar of its column per satisfied adjacent guest",
    "pillar_per_irritated_adjacent": "a pillar of its column per irritated adjacent guest",
    "irritate_per_doorbell": "a token on guests of your choice per doorbell in your Hall",
    "doorbell_if_poorer": "a doorbell, if the opponent's coins are worth more than yours",
    "pillar_left_right": "a pillar in the columns left and right of its own",
    "irritate_self_per_irritated": "a token on itself per irritated guest of its row and/or column",
}
"""The special effects in short words for the player aid (the rulebook's sentences are
``components.SPECIAL_TEXT``; "a doorbell" / "a pillar" is one removed from your hotel)."""


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
    overview_rules = frozenset({
        # Game Components: the board, the cards, the tiles and the coins described; the rules that
        # use them are those of the Course of the Game (rooms 1 to 9: the Tour; 3 doorbells: Recover
        # a Doorbell; the pillar groups: End of the Game; a card's side: 1. Welcome a New Guest).
        "Game Components / 2 Hotel boards",
        "Game Components / 36 Guest cards",
        "Game Components / 10 Groom tiles",
        "Game Components / 36 Coin tokens",
        # Setup (unnumbered): advice on the cards of a first game (the option cards="intro", chosen
        # before play) and who is the First player (decided by the people at the table; hotellab's
        # Red is always first, ruling HP-01): no move or engine step applies them. Setup / 6, the
        # display, is the engine's chance step and stays in.
        "Setup",
    })
    hidden_information = False  # cards face up, both sides may be looked at, all on the table
    scores_are_points = False  # scores are the tour measures the end rule compares (ruling HP-10)
    rulebook = "Hellton Palace rulebook"
    actions = ACTIONS
    position = PositionSchema(__package__ + ".position")
    build_view = staticmethod(view.build_view)
    adjacency_graph_of = staticmethod(view.adjacency_graph)
    render_svg = staticmethod(render.render_svg)

    def colour(self, seat: int) -> str:
        """"red" (seat 0, the First player) or "blue" (CSS colour names)."""
        return COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        """"Red" (seat 0, the First player) or "Blue"."""
        return COLOURS[seat].capitalize()

    def aid_components(self) -> list[tuple[str, list[tuple]]]:
        """The printable aid's component lines, from the game's data (``data/grooms.toml``,
        ``data/guests.toml``): the five grooms with their cost and effect in short words (a
        reconstructed cost says so, ruling HP-05), and every guest card with its rent and door
        hanger, bottom to top, in short words (both sides of a double-sided card; * marks the 18
        first-game cards; the cards are reconstructed, ruling HP-03). Game Components, The
        Different Grooms, Description of the Effects and Special Effects; one A4 page."""
        from .components import GROOMS, GUESTS

        where = {None: "", "adjacent": "adjacent", "adjacent_row": "adjacent in row",
                 "adjacent_col": "adjacent in column", "all": "row + column", "all_row": "row",
                 "all_col": "column", "choice": "your choice", "opponent_choice": "opponent's choice"}
        what = {"irritate": "irritate", "irritate_satisfied": "irritate if satisfied",
                "tantrum": "tantrum if irritated", "pillar": "pillar", "doorbell": "doorbell", "flip": "flip"}

        def short(e) -> str:
            if not e.special:
                return what[e.what] + (f" ({where[e.where]})" if e.where else "")
            text = _SPECIAL_SHORT[e.what]
            if e.where == "adjacent_row":  # Special Effects 7 on the row only
                return text.replace("adjacent guest", "adjacent guest in its row")
            if e.where in ("all_row", "all_col"):  # Special Effects 14 on the row or the column only
                return text.replace("of its row and/or column", f"of its {where[e.where]}")
            return text

        grooms = [(g.name[4:] if g.name.startswith("the ") else g.name,
                   f"{g.cost}{' (HP-05)' if g.provenance == 'reconstructed' else ''}: {_GROOM_SHORT[g.id]}")
                  for g in GROOMS]
        guests = []
        for card, guest in GUESTS.items():
            sides = [f"{'/ b: ' + s.name + ' ' if i else ''}{s.rent}: {' > '.join(short(e) for e in s.hanger)}"
                     for i, s in enumerate(guest.sides)]
            star = "*" if guest.intro else ""
            guests.append((str(card), f"{guest.sides[0].name}{star} {' '.join(sides)}"))
        return [("Grooms (5 each; cost: effect; once per turn)", grooms),
                ("Guests (reconstructed, HP-03; * first game): rent: door hanger, bottom > top; "
                 "a doorbell, a pillar: one removed from your hotel", guests)]
