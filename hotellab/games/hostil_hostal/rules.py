"""Hostil Hostal's rules table: every rule reference, the node kinds and the phase table.

Every :class:`RuleRef` quotes the rulebook's own words (Hostil Hostal Rulebook, cut with
"…"); a reference whose values the project supplied (room boards, reform boards, which cards
carry the lock and guest icons) says ``reconstructed=True`` and names its ruling in
``docs/rulings/hostil_hostal.md``. The references are in rulebook order: Setup, the four
phases of a round (Dusk, Night, Dawn, Day), End of the Game, Variation for 2 Players and the
Event Card Guide. ``state.py``, ``cards.py``, ``automata.py``, ``position.py`` and
``view.py`` import this module; it imports only the core and the components.
"""

from __future__ import annotations

from ...core.actions import CHANCE, TERMINAL
from ...core.node import Node
from ...core.rules import Phase, RuleRef
import hotellab.games.hostil_hostal.components as C

GAME_ID = "hostil_hostal"


def _r(section: str, quote: str, reconstructed: bool = False) -> RuleRef:
    return RuleRef(GAME_ID, section, quote, reconstructed)


# == Let's Begin (Setup) =====================================================================
R_SETUP_ROOMS = _r("Let's Begin (Setup) / 1", "Rooms are chosen randomly.")
R_SETUP_SIDES = _r(
    "Let's Begin (Setup) / 1",
    "For first time players, we recommend using the A side of the tiles. In the future, players "
    "can choose which side to use.")
R_ROOM_BOARDS = _r("Let's Begin (Setup) / 1", "Rooms are chosen randomly.", reconstructed=True)
"""The bed numbers and rugs of the room boards are reconstructed (ruling HH-01)."""
R_SETUP_WEAR = _r("Let's Begin (Setup) / 2", "Roll a wear die for each room and place it on the wear slot")
R_SETUP = _r("Let's Begin (Setup) / 3",
             "Give each player 4 guest meeples, a score marker and the cards of the same color.")
R_START = _r("Let's Begin (Setup) / 3", 'Each player places the score marker in the "15" space on the slumber track.')
R_SETUP_DECKS = _r("Let's Begin (Setup) / 3",
                   "each player sets aside the Mr. Tools card, shuffles the other cards and forms a deck")
R_NIGHTS = _r("Let's Begin (Setup) / 4",
              "Select the side of the Lobby that corresponds to the number of nights you want to play (3 or 5)")
R_FIRST_SETUP = _r("Let's Begin (Setup) / 5",
                   "the player that has spent a bad night more recently is the first player.")

# == Let's Rest: Phase 1 - Dusk ==============================================================
R_DUSK = _r("Phase 1 - Dusk",
            "Each player takes three cards from their deck and Mr. Tools to form a hand of four cards.")
R_RESHUFFLE = _r("Phase 1 - Dusk",
                 "If the deck becomes depleted, shuffle the discard to form a new deck and continue drawing.")

# == Phase 2 - Night =========================================================================
R_NIGHT = _r("Phase 2 - Night",
             "each player must do one of the following 4 actions: Place a guest, Play a card, Move a guest, Pass.")
R_PLACE = _r("Phase 2 - Night / Place a guest",
             "The player takes an unplayed guest and places it in any unoccupied bed in a room of their choice.")
R_PLAY = _r("Phase 2 - Night / Play a card",
            "If a player has at least two cards in their hand, they can play one card face down in a room "
            "where they own at least one guest.")
R_MOVE = _r("Phase 2 - Night / Move a guest",
            "they can discard one in their own discard pile to move a bedded guest to another bed in any room "
            "or to the lobby.")
R_PASS = _r("Phase 2 - Night / Pass", "If a player has placed all of their own guests, they can pass.")
R_SPY = _r("Phase 2 - Night / Bonus action: Spy",
           "spend one rest point to see all the cards of the same color in one room.")
R_NIGHT_END = _r("Phase 2 - Night",
                 "If all the players pass on the same round, the night phase ends and the dawn phase begins.")

# == Phase 3 - Dawn ==========================================================================
R_REVEAL = _r("Phase 3 - Dawn / Reveal",
              "every copy of a repeated card in a room is discarded in the owner's discard pile, with the "
              "exception of Mr. Tools.")
R_ORDER = _r("Phase 3 - Dawn / Order", "Cards are ordered by number.")
R_RESOLUTION = _r("Phase 3 - Dawn / Resolution",
                  "the owner of the cards decides whether to activate the effect or not, unless the card is "
                  "marked with a lock icon, in which case the effect is mandatory.")
R_LOCK_ICON = _r("Phase 3 - Dawn / Resolution",
                 "unless the card is marked with a lock icon, in which case the effect is mandatory.",
                 reconstructed=True)
"""Which cards carry the lock icon is reconstructed (ruling HH-03)."""
R_GUEST_ICON = _r("Phase 3 - Dawn / Resolution",
                  "If a card has the guest icon, the player must have a guest on the room to be able to apply "
                  "the effect", reconstructed=True)
"""Which cards carry the guest icon is reconstructed (ruling HH-03)."""
R_REST = _r("Phase 3 - Dawn / Rest",
            "add all the visible numbers in the unoccupied beds and the rug. Each player wins or loses slumber "
            "points equal to the total sum multiplied by the number of unsedated owned guests in that room.")
R_MISFORTUNE = _r("Phase 3 - Dawn / Wear",
                  "If the die result is bigger than the wear, each non-sedated guest loses slumber points. The "
                  "quantity lost is the difference between both dice.")
R_MISFORTUNE_FIXED = _r("Phase 3 - Dawn / Wear / Variants", "they can decide that every guest will lose 2 points always.")
R_MISFORTUNE_ROOM = _r("Phase 3 - Dawn / Wear / Variants", "Another option is to roll the die for each room separately.")
R_MISFORTUNE_VARIANTS = _r("Phase 3 - Dawn / Wear / Variants",
                           "they can decide that every guest will lose 2 points always. Another option is to roll "
                           "the die for each room separately.")

# == Phase 4 - Day ===========================================================================
R_DAY_WEAR = _r("Phase 4 - Day / Wear", "Check each room for wear depending on the number of guests")
R_WAKE = _r("Phase 4 - Day / ¡Wake up, brains!", "Each player returns their guests to their supply.")
R_REFORM = _r("Phase 4 - Day / Reform",
              "In each room where a Mr. Tools card is present, a reform tile is placed in a way that the rugs match.")
R_REFORM_DECK = _r("Phase 4 - Day / Reform", "The reform is drawn randomly from the reform's deck.")
R_REFORM_SIDE = _r("Phase 4 - Day / Reform",
                   "The player that placed the Mr. Tools card in the room decides which side to use. In case "
                   "multiple players played Mr. Tools, the player to decide is the closest to the initial player "
                   "in turn order.", reconstructed=True)
"""The rug values of the reform boards' sides are reconstructed (ruling HH-02)."""
R_REFORM_REPLACE = _r("Phase 4 - Day / Reform",
                      "If the room already has a reform, this is replaced with a new one and is discarded in the "
                      "bottom of the reform's deck.")
R_END_DAY = _r("Phase 4 - Day / End of day",
               "The night marker advances to the next night in the Lobby.")
R_FIRST = _r("Phase 4 - Day / End of day",
             "The first player marker is passed to the player that currently has more slumber points. In case "
             "of a tie, the player further in turn order from the current first player takes the marker.")
R_DISCARD_UNUSED = _r("Phase 4 - Day / End of day",
                      "Each player discards the cards not used in the round and recovers Mr. Tools to their hand.")

# == End of the Game and Winner ==============================================================
R_LAST_NIGHT = _r("End of the Game and Winner", "When the sun rises for the last time")
R_END = _r("End of the Game and Winner", "The winner is the player with the most points on the rest track.")
R_END_TIE = _r("End of the Game and Winner", "In case of a tie, the player with the most cards in his hand wins.")

# == Variation for 2 Players =================================================================
R_2P_ROOMS = _r("Variation for 2 Players / Setup", "Place three rooms as if playing with three players.")
R_2P_SETUP = _r("Variation for 2 Players / Setup",
                "Take the cards and guests of a third color. This player will be an automata. Shuffle the cards")
R_2P_DUSK = _r("Variation for 2 Players / Dusk phase",
               "Draw three cards from the automata's deck and place them face down each in one room without "
               "seeing them.")
R_2P_PHASE = _r("Variation for 2 Players / Night phase",
                "a special Automata phase is played before beginning the next round.")
R_2P_OMIT = _r("Variation for 2 Players / Night phase",
               "If there are not enough cards in the deck for both players, omit this phase.")
R_2P_MOVE = _r("Variation for 2 Players / Special action",
               "she can choose to move an automata's guest instead of one of her own")
R_2P_GRRR = _r("Variation for 2 Players / Dawn phase / Out! (card #3, Grrr)",
               "If both players have guests in the room with the grumpy guest, they both roll a die. The player "
               "with the lower roll is the one that has to move one of her guests from the room.")
R_2P_2X1 = _r("Variation for 2 Players / Dawn phase / 2x1 (card #2)",
              "The automata will bring a guest from the bed with lesser points and will place it in this room on "
              "the bed with the highest points where it already has a guest.")
R_2P_DAMAGE = _r("Variation for 2 Players / Dawn phase / Other cards",
                 "The automata will always choose the guest or effect in a way it can deal the most damage to the "
                 "players. If there are discussions, assign numbers to the guests and roll a die to decide.")
R_2P_SCORING = _r("Variation for 2 Players / Scoring",
                  "The automata will score points and will be taken into account for room wearing.")

# == Event Card Guide (card-number order) ====================================================
CARD_QUOTES = {
    1: "It applies to one of your guests. This meeple is flipped so it shows the \"sedated\" side. … Win 1 rest point.",
    2: "You can bring one of your guests from another bed in any room and place it in the same bed where you "
       "already have a guest in this room.",
    3: "Remove any one guest from the room (someone else's or your own). The guest owner then chooses another "
       "unoccupied bed or the lobby to place the removed meeple.",
    4: "Each guest in the room and the one immediately below loses 1 rest point.",
    5: "Each guest in this room and the neighboring orthogonal rooms (non diagonally adjacent) lose 1 rest point.",
    6: "1 rest point to each guest you own in the room.",
    7: "+2 rest points for each owned guest in one bed in this room.",
    8: "except the guests of the player that is currently behind on the slumber track … Each guest in this room "
       "that missed sleep loses 1 rest point.",
    9: "All the guests in beds orthogonally adjacent (non diagonally) to one of your meeples loses 1 rest point.",
    10: "Each guest in the room rolls the misfortune die. A result of 1 or 2 means that guest has fleas and loses "
        "2 rest points.",
    11: "Each guest in the room loses 1 rest point, including the wolf. Every other non-wolf guest in this room "
        "rolls the misfortune die: on a result of 1 or 2, the guest enters in panic and loses 2 additional rest "
        "points.",
    12: "Add 2 wear points to the room for the first Mr. Tools card plus 1 for each additional Mr. Tools in the "
        "room. Add these points to those shown in the wear die of the room (to a maximum of 6).",
}
CARD_RULES = {n: _r(f"Event Card Guide / #{n} {C.cards()[n].name}", q) for n, q in CARD_QUOTES.items()}
"""card number -> the RuleRef of its text in the Event Card Guide."""


def card_rule(number: int) -> RuleRef:
    """The Event Card Guide entry of card ``number`` (1-12)."""
    return CARD_RULES[number]


# == node kinds: what a state waits for ======================================================
N_SETUP_SHUFFLE = "setup_shuffle"      # chance: rooms, each deck, the reform deck (Setup 1, 3; Reform)
N_SIDE = "side_coin"                   # chance: a room's side, option sides="random"
N_SIDE_CHOICE = "choose_side"          # decision: the first player sets a room's side, sides="choose"
N_WEAR = "wear_roll"                   # chance: a room's wear die (Setup 2)
N_RESHUFFLE = "reshuffle"              # chance: a discard pile shuffled into a new deck (Dusk)
N_TURN = "turn"                        # decision: place / play / move / pass, spy before (Night)
N_MOVETO = "move_to"                   # decision: where the moved guest goes (Night / Move a guest)
N_AUTOROOM = "automata_room"           # decision: the room for a drawn automata card (2 players)
N_AUTOBED = "automata_bed"             # decision: the bed of the automata's guest (2 players)
N_CARD = "card"                        # decision: activate the card being resolved or skip (Dawn)
N_RELOCATE = "relocate"                # decision: where a guest thrown out by Grrr goes (#3)
N_FORCED_GRRR = "forced_grrr"          # decision: the roll-off loser's guest (2 players, Grrr)
N_ROLL = "card_roll"                   # chance: a guest's misfortune die for #10 or #11
N_ROLLOFF = "rolloff"                  # chance: the 2-player Grrr roll-off
N_PICK = "automata_pick"               # chance: the die that settles the automata's tied choice
N_MISFORTUNE = "misfortune"            # chance: the misfortune die (Dawn / Wear)
N_REFORM = "reform"                    # decision: a reform's side (Day / Reform)
N_END = "end"                          # terminal

NODE_KINDS = (N_SETUP_SHUFFLE, N_SIDE, N_SIDE_CHOICE, N_WEAR, N_RESHUFFLE, N_TURN, N_MOVETO, N_AUTOROOM,
              N_AUTOBED, N_CARD, N_RELOCATE, N_FORCED_GRRR, N_ROLL, N_ROLLOFF, N_PICK, N_MISFORTUNE,
              N_REFORM, N_END)
CHANCE_NODES = frozenset({N_SETUP_SHUFFLE, N_SIDE, N_WEAR, N_RESHUFFLE, N_ROLL, N_ROLLOFF, N_PICK, N_MISFORTUNE})
DECISION_NODES = frozenset({N_SIDE_CHOICE, N_TURN, N_MOVETO, N_AUTOROOM, N_AUTOBED, N_CARD, N_RELOCATE,
                            N_FORCED_GRRR, N_REFORM})

# == the pending decisions: core Nodes (kind, seat, the action kinds allowed, context) ======
# made once; a decision node per seat (at most 5 seats); the shuffles, the misfortune die, the
# automata's bed and a card being resolved carry their context.
TURN_KINDS = ("place", "play", "move", "pass", "spy")
"""The Night's choices, in the order ``legal_actions()`` lists them (``night.py``)."""


def _by_seat(kind: str, actions: tuple) -> tuple:
    return tuple(Node(kind, p, actions) for p in range(len(C.COLOURS)))


SIDE_COIN = Node(N_SIDE, CHANCE, ("side",))
SIDE_CHOICE = _by_seat(N_SIDE_CHOICE, ("side",))
WEAR_ROLL = Node(N_WEAR, CHANCE, ("wear",))
TURN = _by_seat(N_TURN, TURN_KINDS)
MOVETO = _by_seat(N_MOVETO, ("moveto",))
AUTOROOM = _by_seat(N_AUTOROOM, ("autoroom",))
RELOCATE = _by_seat(N_RELOCATE, ("relocate",))
FORCED_GRRR = _by_seat(N_FORCED_GRRR, ("grrr",))
REFORM_SIDE = _by_seat(N_REFORM, ("reform",))
ROLL = {"flea": Node(N_ROLL, CHANCE, ("flea",)), "panic": Node(N_ROLL, CHANCE, ("panic",))}
ROLLOFF = Node(N_ROLLOFF, CHANCE, ("rolloff",))
PICK = Node(N_PICK, CHANCE, ("pick",))
END = Node(N_END, TERMINAL)


def shuffle_node(what: str, reshuffle: bool = False) -> Node:
    """A shuffle of ``what`` ("rooms", "reforms", "deck<seat>"): at setup, or a discard pile
    shuffled into a new deck at Dusk (``reshuffle``)."""
    return Node(N_RESHUFFLE if reshuffle else N_SETUP_SHUFFLE, CHANCE, ("shuffle",), (what,))


def misfortune_node(pos: int | None) -> Node:
    """The misfortune die: for every room (``pos`` None) or for room ``pos`` (per_room)."""
    return Node(N_MISFORTUNE, CHANCE, ("misfortune",), () if pos is None else (pos,))


def autobed_node(seat: int, pos: int) -> Node:
    """The automata's guest goes to a bed of room ``pos``, chosen by ``seat``."""
    return Node(N_AUTOBED, seat, ("autobed",), (pos,))


# == the phase table, in rulebook order ======================================================
R_PHASE_SETUP = _r("Let's Begin (Setup) / 1", "First, you need to assemble the Inn.")
R_PHASE_DUSK = _r("Phase 1 - Dusk", "The sun has set and it is nearly time to sleep.")
R_PHASE_NIGHT = _r("Phase 2 - Night", "Starting with the player with the first player marker, and continuing clockwise")
R_PHASE_DAWN = _r("Phase 3 - Dawn", "The following steps are done in order")
R_PHASE_DAY = _r("Phase 4 - Day", "Follow these instructions in order")

PHASES = (
    Phase("Setup", R_PHASE_SETUP, (N_SETUP_SHUFFLE, N_SIDE, N_SIDE_CHOICE, N_WEAR)),
    Phase("Dusk", R_PHASE_DUSK, (N_RESHUFFLE,)),
    Phase("Night", R_PHASE_NIGHT, (N_TURN, N_MOVETO)),
    Phase("Automata phase", R_2P_PHASE, (N_AUTOROOM, N_AUTOBED)),
    Phase("Dawn", R_PHASE_DAWN, (N_CARD, N_RELOCATE, N_FORCED_GRRR, N_ROLL, N_ROLLOFF, N_PICK, N_MISFORTUNE)),
    Phase("Day", R_PHASE_DAY, (N_REFORM,)),
    Phase("End of the Game", R_END, (N_END,)),
)

RULE_TABLE = (
    R_PHASE_SETUP, R_SETUP_ROOMS, R_SETUP_SIDES, R_ROOM_BOARDS, R_SETUP_WEAR, R_SETUP, R_START, R_SETUP_DECKS,
    R_NIGHTS, R_FIRST_SETUP,
    R_PHASE_DUSK, R_DUSK, R_RESHUFFLE,
    R_PHASE_NIGHT, R_NIGHT, R_PLACE, R_PLAY, R_MOVE, R_PASS, R_SPY, R_NIGHT_END,
    R_PHASE_DAWN, R_REVEAL, R_ORDER, R_RESOLUTION, R_LOCK_ICON, R_GUEST_ICON, R_REST, R_MISFORTUNE,
    R_MISFORTUNE_VARIANTS, R_MISFORTUNE_FIXED, R_MISFORTUNE_ROOM,
    R_PHASE_DAY, R_DAY_WEAR, R_WAKE, R_REFORM, R_REFORM_DECK, R_REFORM_SIDE, R_REFORM_REPLACE, R_END_DAY, R_FIRST,
    R_DISCARD_UNUSED,
    R_LAST_NIGHT, R_END, R_END_TIE,
    R_2P_ROOMS, R_2P_SETUP, R_2P_DUSK, R_2P_PHASE, R_2P_OMIT, R_2P_MOVE, R_2P_GRRR, R_2P_2X1, R_2P_DAMAGE,
    R_2P_SCORING,
) + tuple(CARD_RULES[n] for n in range(1, 13))
"""Every RuleRef of the game, in rulebook order."""
