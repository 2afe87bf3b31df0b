"""Perfect Hotel's rules as data: every RuleRef, the node kinds and the phase table, in the
order of the Perfect Hotel Rulebook.

Each quote is the rulebook's own words, cut with "…" where a passage is shortened
(``tests/test_quotes.py`` checks them). A value the rulebook does not print (the points of
every kind but Bedroom) is cited with ``reconstructed=True`` (ruling PH-02).

This module imports only core and the game's component data; ``state.py`` and ``view.py``
import it and never each other.
"""

from __future__ import annotations

from ...core.rules import Phase, RuleRef
from .components import KINDS

GAME_ID = "perfect_hotel"


def _r(section: str, quote: str = "", reconstructed: bool = False) -> RuleRef:
    return RuleRef(GAME_ID, section, quote, reconstructed)


# -- Overview, Components ---------------------------------------------------------------------
R_PLAYERS = _r("Overview", "Perfect Hotel is a Build & Book card game for 2-4 players")
R_CARDS = _r("Components", "Build Cards (x 57 / 6 kinds). Each shows the points to be gained and the amount of "
             "cards of that kind.")
R_TOURIST_BACK = _r("Components", "Tourist Group Cards x 5 (they have a little mark on the back of the cards)")
R_TRACKERS = _r("Components", "Score Trackers: 4 colors")

# -- Game Setup -------------------------------------------------------------------------------
R_SETUP = _r("Game Setup / 1. Card Setup", "Shuffle the cards and deal 2 cards to each player as Hand Cards.")
R_HOUSE_DECK = _r("Game Setup / 1. Card Setup", "The remaining cards will be the House Deck")
R_TAGS = _r("Game Setup / 3. Build Tags", "Build Cards will be placed under Build Tags of its specific kind")
R_FIRST = _r("Game Setup / 4. Start of Game",
             "move clockwise from the player to have \"stayed in a hotel most recently\"")

# -- Gameplay ---------------------------------------------------------------------------------
R_TURN = _r("Gameplay", "A player must complete either (A) Research or (B) Build during a turn.")
R_DRAW = _r("Gameplay / A. Research / 1", "Draw 2 cards from the House Deck to place in hand.")
R_PLACE = _r("Gameplay / A. Research / 2", "Place 1 card from hand onto the Tag Row of the same kind (1 card face down).")
R_BUILD = _r("Gameplay / B. Build / 1", "Create a set of 2 cards or more.")
R_BUILD_ROW = _r("Gameplay / B. Build / 1", "Take all cards in the Tag Row to create a set.")
R_BUILD_HAND = _r("Gameplay / B. Build / 1", "Create a set of 2 cards or more with cards in hand.")
R_FLOORS = _r("Gameplay / B. Build / 2",
              "Each player will display their created sets from the bottom up in the order of creation.")
R_NEXT = _r("Gameplay / End of turn", "Player turn shifts to the next player (clockwise).")

# -- Additional Rules, Tourist Group Cards ----------------------------------------------------
R_ONE_TOURIST = _r("Additional Rules", "Only 1 Tourist Group Card may be placed per Tag Row")
R_ONE_SET = _r("Additional Rules", "A player is allowed to Build only 1 set per kind, except for 'Annex' building.")
R_ANNEX = _r("Additional Rules / Annex Building",
             "may Annex Build on top by adding another set to the last created set, if of the same Build kind")
R_WILD = _r("Tourist Group Cards (specialized cards)",
            "Tourist Group Cards are specialized cards that can act as any of the 6 kinds of Build Cards.")
R_TOURIST_ALONE = _r("Tourist Group Cards (specialized cards)",
                     "Tourist Group Cards must be combined with Build Cards to Build.")

# -- Game End, Point Calculation, Award Cards -------------------------------------------------
R_END = _r("Game End", "When the House Deck clears, the game ends.")
R_LAST = _r("Game End", "The player to draw the last card of the House Deck places 1 card on a Tag Row.")
R_COUNT = _r("Point Calculation", "Total amount of cards in a set per kind of Build. … Annex Build to be counted as "
             "1 whole set with the same kind.")
R_MAJORITY = _r("Point Calculation", "Designated points per card kind will be awarded to the player with the most "
                "amount of cards of that kind.")
R_TIE = _r("Point Calculation", "each player receives a point for each card they have for that card kind")
R_PENALTY = _r("Point Calculation",
               "3 points are deducted for each Tourist Group Card used for the hotel or remaining in hand.")
R_MOGUL = _r("Point Calculation",
             "If there exists a tie in the total points accumulated, the best hotel mogul moniker is shared.")
R_BEDROOM_POINTS = _r("Point Calculation", R_MAJORITY.quote + " … Bedroom Build Cards (10 points)")
"""The Bedroom kind's majority: its 10 points are printed in the rulebook's example."""
R_KIND_POINTS = _r("Point Calculation", R_MAJORITY.quote, reconstructed=True)
"""The majority of a kind whose points are not printed (data/cards.toml, ruling PH-02)."""
R_PERFECT_VIEW = _r("Award Cards / Perfect View (+5 pts. / in a tie +1 pt.)", "Awarded to the tallest hotel.")
R_SKY_ROOM = _r("Award Cards / Sky Room (+3 pts. / in a tie +0 pt.)", "most cards on the highest floor of the hotel")
R_CHEAP_HOTEL = _r("Award Cards / Cheap Hotel (-3 pts.)",
                   "3 points are deducted for all hotels with less than 4 kinds of Build.")

# -- Point Track Board, Advanced Rules --------------------------------------------------------
R_TRACK = _r("Point Track Board", "Keeping the scores as is after each game and adding to it")
R_ROUNDS = _r("Point Track Board", "3-round games are highly recommended!!")
R_HIGH_SEASON_FLIP = _r("Advanced Rule (High-Season Mode)",
                        "Whenever cards are taken to Build, flip the Build Tag of that Row upside-down.")
R_HIGH_SEASON = _r("Advanced Rule (High-Season Mode)",
                   "no player will be able to Build using cards of that Tag Row until at least 2 cards get displayed")
R_STAR = _r("Advanced Rule (Star Bonus)", "+1 point to each icon \"\u2605\" at my own constructed hotel")


def kind_rule(k: int) -> RuleRef:
    """The majority rule of kind ``k`` (0-5; Point Calculation). Bedroom's 10 points are the
    rulebook's own (its worked example); the other kinds' points are reconstructed (PH-02)."""
    kd = KINDS[k]
    return R_BEDROOM_POINTS if (kd.id, kd.points) == ("bedroom", 10) else R_KIND_POINTS


# -- node kinds (what the state waits for), in the order of a game ------------------------------
N_SHUFFLE = "shuffle"  # chance: shuffle and deal (Game Setup / 1), for each game of a match
N_TURN = "turn"        # a player researches or builds (Gameplay)
N_PLACE = "place"      # the researcher places 1 card on a Tag Row (A. Research / 2)
N_END = "end"          # the match is over (Game End, Point Calculation)
NODE_KINDS = (N_SHUFFLE, N_TURN, N_PLACE, N_END)
"""The kinds of ``state.node`` (a core :class:`~hotellab.core.node.Node`; ``state.py`` makes
each node once)."""

PHASES = (
    Phase("Game Setup", R_SETUP, (N_SHUFFLE,)),
    Phase("Gameplay", R_TURN, (N_TURN,)),
    Phase("A. Research", R_PLACE, (N_PLACE,)),
    Phase("Game End", R_END, (N_END,)),
)
"""The phase table, in rulebook order: Game Setup, Gameplay (research or build), the second
step of A. Research (place a card), Game End. B. Build and End of turn take no decision."""

RULE_TABLE = (
    R_PLAYERS, R_CARDS, R_TOURIST_BACK, R_TRACKERS, R_SETUP, R_HOUSE_DECK, R_TAGS, R_FIRST, R_TURN, R_DRAW,
    R_PLACE, R_BUILD, R_BUILD_ROW, R_BUILD_HAND, R_FLOORS, R_NEXT, R_ONE_TOURIST, R_ONE_SET, R_ANNEX, R_WILD,
    R_TOURIST_ALONE, R_END, R_LAST, R_COUNT, R_MAJORITY, R_TIE, R_PENALTY, R_MOGUL, R_BEDROOM_POINTS,
    R_KIND_POINTS, R_PERFECT_VIEW, R_SKY_ROOM, R_CHEAP_HOTEL, R_TRACK, R_ROUNDS, R_HIGH_SEASON_FLIP,
    R_HIGH_SEASON, R_STAR,
)
"""Every RuleRef of Perfect Hotel, in rulebook order (each once)."""
