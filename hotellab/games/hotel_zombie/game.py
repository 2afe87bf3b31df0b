"""The Hotel Zombie game: players, options, seats. The game declares its parts (contract v2,
``docs/dev/new_game.md``): the state (``state.py``), the moves (``moves.py``), the position
schema (``position.py``, read only when positions are), the view and graph (``view.py``) and
the table (``render.py``), which never import each other."""

from __future__ import annotations

from ...core.game import Game, OptionSpec
from ...core.position import PositionSchema
from . import components as C
from . import render as _render
from . import rules
from . import view as _view
from .moves import ACTIONS
from .rules import R_OBJECTIVE, R_PHASES, R_PLAYERS, R_REPEAT, R_ROUNDS, R_WAIT
from .state import HotelZombieState


class HotelZombieGame(Game):
    """Hotel Zombie: Extermination for 2-4 players. Seats are named after the players of the
    rulebook's 4-player example: Chris, Ada, Jill, Leon.

    Options (see :meth:`option_specs`): ``assist`` (ruling HZ-13/HZ-14: ``"remaining"``, the
    default — a waiting player's damage counts and the helpers cover the rest, as "uses 10 of
    her damage" says; ``"full"`` — the helpers cover the infected's whole health, which gives
    the example's "15 (5 from Chris and 10 from Jill)") and ``counter_end`` (ruling HZ-18:
    ``"after_20"``, the default — the round at counter 20 is played, 20 rounds; ``"at_20"`` —
    the game ends when the counter reaches 20, after 19 rounds).

    >>> import hotellab as hl
    >>> g = hl.load_game("hotel_zombie", num_players=4)
    >>> g.seat_names(), g.options["assist"], g.options["counter_end"]
    (['Chris', 'Ada', 'Jill', 'Leon'], 'remaining', 'after_20')
    """

    id = "hotel_zombie"
    title = "Hotel Zombie: Extermination"
    rulebook = "Hotel Zombie: Extermination rulebook (Branden Travis Sprenger)"
    min_players = 2
    max_players = 4
    OPTIONS = (
        OptionSpec("assist", ("remaining", "full"), "remaining", R_WAIT,
                   "ruling HZ-13: 'remaining': the waiting player's damage counts and helpers cover the "
                   "rest (\"uses 10 of her damage\"); 'full': helpers cover the whole health (the "
                   "example's group total of 15)"),
        OptionSpec("counter_end", ("after_20", "at_20"), "after_20", R_REPEAT,
                   f"ruling HZ-18: 'after_20': the round at counter 20 is played ({R_ROUNDS.quote}); "
                   "'at_20': the game ends when the counter reaches 20 (19 rounds)"),
    )
    state_class = HotelZombieState
    phases = rules.PHASES
    rule_table = rules.RULE_TABLE
    # The rule table's sentences that no move applies (issue 19; left out of
    # ``hl.coverage(obj).practised_fraction``): the player count "2-4 Players" (a component
    # count, checked as min_players/max_players when the table is made), the aim "Players have
    # 20 rounds to defeat as many zombies as possible" (the 20 rounds themselves are R_ROUNDS and
    # R_REPEAT) and the list of a round's phases "1. GAME PLAN 2. COMBAT 3. REGROUP" (an
    # overview: each phase's own sentences - R_PLAN, R_REVEAL, R_COMBAT_OVER, R_RAISE ... - are
    # what the moves and the phase table cite). Each shares its section with sentences a player
    # applies ("Title" holds "20 Rounds of Game Play", "Objective" the winner and the group loss,
    # "Game Phases" the end rule), so they are named by RuleRef, which
    # ``hotellab.lesson.practice.applied_rules`` accepts beside a section string.
    overview_rules = frozenset({R_PLAYERS, R_OBJECTIVE, R_PHASES})
    hidden_information = True  # hands, deck orders, secret Game Plans, face-down mansion cards
    scores_are_points = True  # decorations: a seat's breakdown lines add up to its score
    actions = ACTIONS
    position = PositionSchema(__package__ + ".position")
    build_view = staticmethod(_view.build_view)
    adjacency_graph_of = staticmethod(_view.adjacency_graph)
    render_svg = staticmethod(_render.render_svg)

    def seat_label(self, seat: int) -> str:
        return C.SEAT_NAMES[seat]

    def colour(self, seat: int) -> str:
        return C.SEAT_COLOURS[seat]

    def aid_components(self) -> list[tuple[str, list[tuple]]]:
        """The printable aid's component lines, from the game's card data (``data/*.toml``,
        reconstructed, ruling HZ-01): every player card (kind, cost, text, copies in a starting
        deck), every infected (health, the damage it deals, decorations, copies) and every item."""
        kinds = C.KINDS
        cards = [(c.name, f"{kinds[c.kind]}, cost {c.cost}: {c.text}"
                  + (f" ({c.start} in each starting deck)" if c.start else "")) for c in C.CARDS]
        infected = [(f"{m.name} ×{m.count}", f"health {m.health}, deals {m.damage}, "
                     f"{m.decorations} decoration{'s' if m.decorations != 1 else ''}")
                    for m in C.MANSION if m.infected]
        items = [(f"{m.name} ×{m.count}", f"item, revealed: {m.text}") for m in C.MANSION if not m.infected]
        return [
            (f"Player cards (health {C.HEALTH_START}, hand {C.HAND_SIZE})", cards),
            ("Mansion cards: infected (defeat: damage >= health)", infected),
            ("Mansion cards: items", items),
        ]
