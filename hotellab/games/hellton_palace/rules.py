"""Hellton Palace's rules as data: every RuleRef, the node kinds, in rulebook order.

Rulebook: *Hellton Palace* (rulebook, English edition). Each quote is the rulebook's own words,
cut with "…" where a passage is shortened. The effects of the door hangers and of the grooms
are cited by the sentences of "Description of the Effects", "The Different Grooms" and
"Special Effects" (the data files hold the cards; their values are reconstructed, ruling
HP-03, but the sentences that say what an effect does are the rulebook's).

This module imports only core and the game's component data; ``state.py`` and ``view.py``
import it and never each other.
"""

from __future__ import annotations

from ...core.actions import CHANCE, TERMINAL
from ...core.node import Node
from ...core.rules import Phase, RuleRef
from .components import BASIC, GROOM_IDS, SPECIAL_TEXT, SPECIALS, WHAT_TEXT, WHERE_TEXT, grooms

GAME_ID = "hellton_palace"


def _r(section: str, quote: str = "") -> RuleRef:
    return RuleRef(GAME_ID, section, quote)


# -- Game Components --------------------------------------------------------------------------
R_ROOMS = _r("Game Components / 2 Hotel boards",
             "3 floors of rooms: each floor has 3 rooms, numbered from 1 to 9 in all")
"""The board; the numbering of the rooms is reconstructed (ruling HP-02)."""
R_DOORBELL_COUNTER = _r("Game Components / 2 Hotel boards",
                        "1 Hall on the ground floor: here is a counter that can hold up to 3 Doorbell tokens.")
R_PILLAR_GROUPS = _r("Game Components / 2 Hotel boards",
                     "the spaces for the Pillar tokens, separated into 3 groups of 4 Pillars")
R_DOUBLE_SIDED = _r("Game Components / 36 Guest cards",
                    "Some cards are double-sided. They may be placed on the side of your choice.")
R_GROOM_TILES = _r("Game Components / 10 Groom tiles", "Each player has an identical set of 5 Groom tiles.")
R_COINS = _r("Game Components / 36 Coin tokens",
             "Coins have a value of 1 or 3. You may make change at any time.")

# -- Setup ------------------------------------------------------------------------------------
R_SETUP = _r("Setup / 6", "Shuffle the 36 Guest cards. Put 18 back in the box. Place the remaining 18 face up "
             "near the boards, in 3 rows of 6 cards.")
R_INTRO = _r("Setup", "For a first game, we strongly advise playing with the 18 cards marked with an asterisk.")
R_FIRST_PLAYER = _r("Setup", "The last player to have stayed in a hotel becomes the First player.")

# -- Course of the Game -----------------------------------------------------------------------
R_COURSE = _r("Course of the Game", "On your turn, perform the following steps in order")
R_WELCOME = _r("Course of the Game / 1. Welcome a New Guest",
               "place it in a free room on the floor corresponding to the row it comes from")
R_ROW_CLOSED = _r("Course of the Game / 1. Welcome a New Guest",
                  "If you have no free rooms left on a given floor, you cannot take a Guest from the corresponding row.")
R_DOUBLE = _r("Course of the Game / 1. Welcome a New Guest",
              "If you take a double-sided Guest, place it on the side of your choice.")
R_SKIP = _r("Course of the Game / 1. Welcome a New Guest", "If all 18 Guest cards have been taken, skip this step.")
R_DISMISS = _r("Course of the Game / 2. Dismiss Your Grooms",
               "Take back your 5 Groom tiles and place them, non-hired side up")
R_HIRE = _r("Course of the Game / 3. Hire Your Grooms", "each Groom can only be hired once per turn")
R_PAY = _r("Course of the Game / 3. Hire Your Grooms",
           "If you cannot pay the cost in full, you cannot hire this Groom.")
R_HIRE_APPLY = _r("Course of the Game / 3. Hire Your Grooms",
                  "Flip the Groom tile to its hired side, and apply its effect.")
R_TOUR = _r("Course of the Game / 4. Do the Tour of the Rooms",
            "move your Groom pawn from room to room, starting with room no. 1, up to no. 9")
R_SERVE = _r("Course of the Game / 4. Do the Tour of the Rooms / Serve the Guest",
             "first remove its Irritation token … apply, in order from bottom to top, the effects shown on "
             "its door hanger")
R_NOT_SERVE = _r("Course of the Game / 4. Do the Tour of the Rooms / Do Not Serve the Guest",
                 "If the Guest has no Irritation token, add one to it")
R_IRRITATION = _r("Course of the Game / 4. Do the Tour of the Rooms / Irritation Tokens",
                  "if you must add a second Irritation token to a Guest, do not do so. Instead, remove the one it "
                  "already has … Then, remove a Doorbell token from your Hall.")
R_NO_GOING_BACK = _r("Course of the Game / 4. Do the Tour of the Rooms",
                     "Once your Groom pawn has moved to the next room, you can no longer go back to the previous room.")
R_COLLECT = _r("Course of the Game / 5. Collect Rents or Recover a Doorbell",
               "Take from the supply as many Coin tokens as indicated on the doors of your satisfied Guests")
R_RECOVER = _r("Course of the Game / 5. Collect Rents or Recover a Doorbell",
               "If you have fewer than 3 Doorbell tokens in your Hall, take 1 and place it in your Hall.")

# -- End of the Game --------------------------------------------------------------------------
R_END = _r("End of the Game", "A player no longer has any Doorbell tokens in their Hall. … One of the 3 groups "
           "of 4 Pillars no longer contains any Pillar tokens.")
R_END_FIRST = _r("End of the Game / If one of these conditions occurs in the First player's Hotel",
                 "The First player's turn stops immediately. … The Second player then takes a last turn")
R_END_COMPLETE = _r("End of the Game / If one of these conditions occurs in the First player's Hotel",
                    "If this last player manages to complete the whole Tour of the rooms without reaching an "
                    "end-of-game condition, they win.")
R_END_COMPARE = _r("End of the Game / If one of these conditions occurs in the First player's Hotel",
                   "compare the number of the last room served before the end by the two Groom pawns … the player "
                   "with the fewest irritated Guests wins … you share the defeat")
R_END_SECOND = _r("End of the Game / If one of these conditions occurs in the Second player's Hotel",
                  "The First player wins.")

# -- Description of the Effects ---------------------------------------------------------------
R_EFFECTS = _r("Description of the Effects",
               "If there are not enough targets to apply an effect fully, apply it as much as possible anyway.")
R_WHAT = {w: _r("Description of the Effects / What?", WHAT_TEXT[w]) for w in BASIC}
"""what -> the RuleRef of its "What?" sentence (rulebook order)."""
_WHERE_ORDER = ("adjacent", "all", "choice", "opponent_choice")


def _what_where(what: str, where: str | None) -> RuleRef:
    if where is None:
        return R_WHAT[what]
    return _r("Description of the Effects / Who? Where?", f"{WHAT_TEXT[what]} … {WHERE_TEXT[where]}")


# -- The Different Grooms ---------------------------------------------------------------------
_GROOM_SECTION = {
    "mason": "The Mason", "false_reservation": "The False Reservation", "placer": "The Placer",
    "false_placer": "The False Placer", "diplomat": "The Diplomat",
}
R_GROOM = {g.id: _r(f"The Different Grooms / {_GROOM_SECTION[g.id]}", g.effect) for g in grooms()}
"""groom id -> the RuleRef of its effect (the order of "2. Dismiss Your Grooms")."""

# -- Special Effects --------------------------------------------------------------------------
R_SPECIAL = {w: _r(f"Special Effects / {i}", SPECIAL_TEXT[w]) for i, w in enumerate(SPECIALS, 1)}
"""special effect name -> its RuleRef ("Special Effects", numbered in the rulebook's order)."""


def groom_rule(gid: str) -> RuleRef:
    """The RuleRef of a groom's effect (The Different Grooms)."""
    return R_GROOM[gid]


_EFFECT_RULES: dict = {}


def effect_rule(e) -> RuleRef:
    """The RuleRef of a door-hanger effect :class:`components.Effect`: its "What?" sentence, with
    its "Who? Where?" sentence when it has one ("Description of the Effects"), or its sentence
    of "Special Effects"."""
    rule = _EFFECT_RULES.get(e.code)
    if rule is None:
        rule = R_SPECIAL[e.what] if e.special else _what_where(e.what, e.where)
        _EFFECT_RULES[e.code] = rule
    return rule


# -- node kinds (what the state waits for), in the order of a turn ------------------------------
N_DISPLAY = "display"      # chance: the 18 guest cards of the display (Setup 6)
N_WELCOME = "welcome"      # 1. welcome a guest
N_HIRE = "hire"            # 3. hire grooms, or start the tour
N_SWAP = "swap"            # 3. the False Placer: the opponent's swap
N_SERVE = "serve"          # 4. serve the guest or not
N_TARGET = "target"        # 4. a guest chosen for a door-hanger effect
N_PILLAR = "pillar"        # 4. a column chosen for a door-hanger effect
N_COLLECT = "collect"      # 5. collect rents or recover a doorbell
N_END = "end"              # End of the Game
NODE_KINDS = (N_DISPLAY, N_WELCOME, N_HIRE, N_SWAP, N_SERVE, N_TARGET, N_PILLAR, N_COLLECT, N_END)

# -- the nodes (``state.node``, a core Node: kind, deciding seat, action kinds allowed, context) --
DISPLAY = Node(N_DISPLAY, CHANCE, ("display",))
"""Setup 6: the display, a chance outcome."""
WELCOME = tuple(Node(N_WELCOME, p, ("welcome",)) for p in (0, 1))
"""seat -> 1. Welcome a New Guest."""
HIRE = tuple(Node(N_HIRE, p, ("hire", "tour")) for p in (0, 1))
"""seat -> 3. Hire Your Grooms, or (``tour``) go on to step 4."""
SERVE = tuple(Node(N_SERVE, p, ("serve", "refuse")) for p in (0, 1))
"""seat -> 4. serve the guest in front of the groom pawn, or do not serve it."""
COLLECT = tuple(Node(N_COLLECT, p, ("rents", "doorbell")) for p in (0, 1))
"""seat -> 5. Collect Rents or Recover a Doorbell."""
END = Node(N_END, TERMINAL)
"""End of the Game."""


def swap_node(seat: int, room: int) -> Node:
    """The False Placer: ``seat`` (the opponent of the player who hired it) swaps the guest of
    ``room`` with an adjacent one (context: ``(room,)``)."""
    return Node(N_SWAP, seat, ("swap",), (room,))


def choice_node(kind: str, chooser: int, op: tuple) -> Node:
    """A door-hanger choice (``N_TARGET``: a guest, ``N_PILLAR``: a column) made by
    ``chooser``; the context is the choice operation ``("Q", ...)`` of :mod:`.effects`."""
    return Node(kind, chooser, (kind,), op)


def _rule_table() -> tuple:
    out = [R_ROOMS, R_DOORBELL_COUNTER, R_PILLAR_GROUPS, R_DOUBLE_SIDED, R_GROOM_TILES, R_COINS,
           R_SETUP, R_INTRO, R_FIRST_PLAYER, R_COURSE, R_WELCOME, R_ROW_CLOSED, R_DOUBLE, R_SKIP, R_DISMISS,
           R_HIRE, R_PAY, R_HIRE_APPLY, R_TOUR, R_SERVE, R_NOT_SERVE, R_IRRITATION, R_NO_GOING_BACK,
           R_COLLECT, R_RECOVER, R_END, R_END_FIRST, R_END_COMPLETE, R_END_COMPARE, R_END_SECOND, R_EFFECTS]
    out += [R_WHAT[w] for w in BASIC]
    out += [_what_where(w, where) for w in ("irritate", "irritate_satisfied", "tantrum") for where in _WHERE_ORDER]
    out += [_what_where("pillar", where) for where in ("choice", "opponent_choice")]
    out += [R_GROOM[g] for g in GROOM_IDS]
    out += [R_SPECIAL[w] for w in SPECIALS]
    seen: set = set()
    return tuple(r for r in out if not (r in seen or seen.add(r)))


RULE_TABLE = _rule_table()
"""Every RuleRef of Hellton Palace, in rulebook order (each once)."""

PHASES = (
    Phase("Setup", R_SETUP, (N_DISPLAY,)),
    Phase("1. Welcome a New Guest", R_WELCOME, (N_WELCOME,)),
    Phase("3. Hire Your Grooms", R_HIRE, (N_HIRE, N_SWAP)),
    Phase("4. Do the Tour of the Rooms", R_TOUR, (N_SERVE, N_TARGET, N_PILLAR)),
    Phase("5. Collect Rents or Recover a Doorbell", R_COLLECT, (N_COLLECT,)),
    Phase("End of the Game", R_END, (N_END,)),
)
"""The phase table, in rulebook order: Setup, the steps of a turn that wait for a decision
(Course of the Game; step 2, Dismiss Your Grooms, happens by itself between steps 1 and 3, with
its own event citing R_DISMISS), End of the Game."""
