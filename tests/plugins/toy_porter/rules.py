"""Night Porter's rules table: rule references, node kinds and phases, in rulebook order.

The "rulebook" of this toy is the docstring of ``toy_porter/__init__.py``.
"""

from hotellab import Phase, RuleRef

GAME_ID = "toy_porter"

R_SETUP = RuleRef(GAME_ID, "Setup", "roll the die: the key board holds 6 keys plus the roll")
R_TIPS = RuleRef(GAME_ID, "Setup / Tips", "deal each porter one tip card face down")
R_TURN = RuleRef(GAME_ID, "Turn", "take 1 or 2 keys from the key board")
R_END = RuleRef(GAME_ID, "End", "the porter who takes the last key scores the tip card")

N_ROLL, N_SHUFFLE, N_TURN, N_END = "roll", "shuffle", "turn", "end"

PHASES = (
    Phase("Setup", R_SETUP, (N_ROLL, N_SHUFFLE)),
    Phase("Night", R_TURN, (N_TURN,)),
    Phase("End", R_END, (N_END,)),
)
RULE_TABLE = (R_SETUP, R_TIPS, R_TURN, R_END)
TIPS = (1, 2, 3, 4, 5, 6)  # the tip deck
