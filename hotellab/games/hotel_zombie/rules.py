"""Hotel Zombie's rules as data: every RuleRef, the node kinds and the phase table, in
rulebook order.

Rulebook: *Hotel Zombie: Extermination* (Branden Travis Sprenger), a variant for 2-4 players
of a deck-building game. Each quote is the rulebook's own words (its spelling kept), cut with
"…" where a passage is shortened. The base game's turn, cards and numbers are reconstructed
(ruling HZ-01; ``reconstructed=True`` on the references that cite them).

This module imports only core and the game's component data; ``state.py`` and ``view.py``
import it and never each other.
"""

from __future__ import annotations

from ...core.rules import Phase, RuleRef

GAME_ID = "hotel_zombie"


def _r(section: str, quote: str = "", reconstructed: bool = False) -> RuleRef:
    return RuleRef(GAME_ID, section, quote, reconstructed)


# -- title page and Objective -----------------------------------------------------------------
R_PLAYERS = _r("Title", "2-4 Players")
R_ROUNDS = _r("Title", "20 Rounds of Game Play")
R_OBJECTIVE = _r("Objective", "Players have 20 rounds to defeat as many zombies as possible.")
R_MOST_DECORATIONS = _r("Objective", "At the end of the game the player with the most decorations wins.")
R_GROUP_LOSES = _r("Objective", "However if any of the party members fall in battle, the group loses.")
R_SAME_TIME = _r("How the Game Works", "Players perform actions at the same time instead of taking turns.")

# -- Setup --------------------------------------------------------------------------------------
R_SETUP_HAND = _r("Setup", "Each Player Starts by Drawing a 5 card Hand like Normal.")
R_SETUP_COUNTER = _r("Setup", "Set your Hotel counter to 1.")
R_BASE_GAME = _r("Setup", "Drawing a 5 card Hand like Normal", reconstructed=True)
"""The base game's starting decks, supply, mansion deck and health (ruling HZ-01)."""

# -- Game Phases --------------------------------------------------------------------------------
R_PHASES = _r("Game Phases", "1. GAME PLAN 2. COMBAT 3. REGROUP")
R_REPEAT = _r("Game Phases", "Repeat these steps until the Hotel Counter reaches 20 or if any player is Dead (Max health of 0)")

# -- Game Plan ----------------------------------------------------------------------------------
R_PLAN = _r("Game Plan", "Before any cards are played, each player must choose to either Explore the Hotel or do Inventory Management")
R_EXPLORE_TURN = _r("Game Plan / Explore the Hotel", "Players who pick this option play their turn like normal, playing actions, buy resources, and declare weapons.")
R_NORMAL_TURN = _r("Game Plan / Explore the Hotel", "play their turn like normal", reconstructed=True)
"""The base game's turn: 1 action, 1 buy, actions then buys then weapons (ruling HZ-02)."""
R_PLAY_ACTION = _r("Game Plan / Explore the Hotel", "playing actions", reconstructed=True)
R_BUY = _r("Game Plan / Explore the Hotel", "buy resources", reconstructed=True)
R_DECLARE = _r("Game Plan / Explore the Hotel", "declare weapons", reconstructed=True)
R_CHOOSE_COUNT = _r("Game Plan / Explore the Hotel", "starting with the player doing the most damage each player chooses how many mansion cards they want to reveal (Max of 4)")
R_DEALT = _r("Game Plan / Explore the Hotel", "Then each player is dealt facedown mansion cards equal to the number they picked.")
R_INVENTORY = _r("Game Plan / Inventory Management", "The players that choose this option get +2 card draw and 1 free option Trash.")
R_INVENTORY_NO_WEAPONS = _r("Game Plan / Inventory Management", "They can still play actions and buy resources however they can not declare weapons.")
R_INVENTORY_SKIPS = _r("Game Plan / Inventory Management", "These players will skip the combat phase.")

# -- Combat Phase -------------------------------------------------------------------------------
R_REVEAL = _r("Combat Phase", "Each exploring player reveals 1 of the cards dealt to them and must try to defeat it before revealing any of their other facedown mansion cards.")
R_DEFEAT = _r("Combat Phase", "If a player can defeat their revealed infected then they reduce their total damage by the defeated infected health then reveal another mansion card if able.")
R_FAIL = _r("Combat Phase", "If a player is unable to defeat the infected they have two options. They can take the damage from the infected and discard it or they can wait to see if another player can \"assist\" them in defeating it.")
R_KILL_STEAL = _r("Combat Phase", "If that player decides to take the damage, the infected becomes available to \"Kill Steal\". Another exploring player that is doing enough damage to defeat it has the option of defeating it before revealing their next card (if any).")
R_WAIT = _r("Combat Phase", "If the player decides to wait for assistance, that player deals all of their damage to that infected and waits for the remaining exploring players to finish revealing/fight their mansion cards.")
R_HELP = _r("Combat Phase", "Players who didn't ask for assistance and still have left over damage can use it towards helping out other players.")
R_UNASSISTED = _r("Combat Phase", "If the group is unable to assist another player, then that player takes the damage from the first infected, then the group can try to assist with the next one, if not then that player takes the damage from all infected that the party can't defeat.")
R_ASSIST_AFTER_REVEALING = _r("Combat Phase", "players can not assist other players until they have revealed all of their mansion cards.")
R_WAITING_NO_DAMAGE = _r("Combat Phase", "Players that are waiting for assistance do not take damage until every player's mansion cards have been revealed.")
R_SAME_TIME_REVEAL = _r("Combat Phase", "When revealing mansion cards, the group of exploring players must reveal them at the same time.")
R_WAITING_REVEALS = _r("Combat Phase", "Players that are requesting assistances still reveal their additional mansion cards and take any of their effects but are unable to fight them.")
R_ASSIST_REWARD = _r("Combat Phase / example", "Ada still recieves the decoration and 1 skill point. Jill recieves 2 skill points.")
R_NO_STEAL = _r("Combat Phase / example", "no one is able to do 40 damage to the infected so it is discarded.")
R_GROUP_CHECK = _r("Combat Phase / example", "he checks the groups total remaining damage")
R_COMBAT_OVER = _r("Combat Phase / example", "The Combat phase is over.")
R_ITEM = _r("Combat Phase / example", "Jill finds a yellow herb and her total damage remains unchanged.", reconstructed=True)
"""An item's effect (heal, damage) is reconstructed (ruling HZ-01, HZ-21)."""

# -- Regroup ------------------------------------------------------------------------------------
R_RAISE = _r("Regroup", "Raise the Hotel counter by 1")
R_DISCARD_DRAW = _r("Regroup", "Players discard their hand and play area then draw their next hand.")

# -- node kinds (what the state waits for), in rulebook order --------------------------------
N_SETUP = "setup"              # chance: shuffle the mansion deck and each starting deck
N_PLAN = "plan"                # a seat chooses Explore or Inventory Management (secret)
N_TURN = "turn"                # a seat plays actions, buys, declares weapons
N_TURN_SHUFFLE = "turn_shuffle"  # chance: a player's discard pile is shuffled to draw
N_COUNT = "count"              # an explorer chooses how many mansion cards to take
N_DEAL_SHUFFLE = "deal_shuffle"  # chance: the mansion discard is shuffled to deal
N_FIGHT = "fight"              # an explorer who cannot defeat its infected: hit or wait
N_KILL_STEAL = "kill_steal"    # another explorer may Kill Steal a hit infected
N_ASSIST = "assist"            # a player who revealed everything may assist a waiting one
N_REGROUP_SHUFFLE = "regroup_shuffle"  # chance: a discard pile is shuffled to draw a new hand
N_END = "end"

NODE_KINDS = (N_SETUP, N_PLAN, N_TURN, N_TURN_SHUFFLE, N_COUNT, N_DEAL_SHUFFLE, N_FIGHT,
              N_KILL_STEAL, N_ASSIST, N_REGROUP_SHUFFLE, N_END)

PHASES = (
    Phase("Setup", R_SETUP_HAND, nodes=(N_SETUP,)),
    Phase("Game Plan", R_PLAN, nodes=(N_PLAN, N_TURN, N_TURN_SHUFFLE, N_COUNT, N_DEAL_SHUFFLE)),
    Phase("Combat", R_REVEAL, nodes=(N_FIGHT, N_KILL_STEAL, N_ASSIST)),
    Phase("Regroup", R_DISCARD_DRAW, nodes=(N_REGROUP_SHUFFLE,)),
    Phase("End", R_REPEAT, nodes=(N_END,)),
)

RULE_TABLE = (
    R_PLAYERS, R_ROUNDS, R_OBJECTIVE, R_MOST_DECORATIONS, R_GROUP_LOSES, R_SAME_TIME,
    R_SETUP_HAND, R_SETUP_COUNTER, R_BASE_GAME,
    R_PHASES, R_REPEAT,
    R_PLAN, R_EXPLORE_TURN, R_NORMAL_TURN, R_PLAY_ACTION, R_BUY, R_DECLARE, R_CHOOSE_COUNT, R_DEALT,
    R_INVENTORY, R_INVENTORY_NO_WEAPONS, R_INVENTORY_SKIPS,
    R_REVEAL, R_DEFEAT, R_FAIL, R_KILL_STEAL, R_WAIT, R_HELP, R_UNASSISTED, R_ASSIST_AFTER_REVEALING,
    R_WAITING_NO_DAMAGE, R_SAME_TIME_REVEAL, R_WAITING_REVEALS,
    R_ASSIST_REWARD, R_NO_STEAL, R_GROUP_CHECK, R_COMBAT_OVER, R_ITEM,
    R_RAISE, R_DISCARD_DRAW,
)
