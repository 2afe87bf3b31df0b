"""Hostil Hostal's moves as data: one :class:`~hotellab.core.kinds.ActionKind` per action
kind, in rulebook order (Setup, Night, Dawn, Day, Variation for 2 Players, Event Card Guide),
in :data:`ACTIONS` (``hotellab.core.kinds``). The core parses, checks, lists, applies, words
and targets every action through it; ``docs/games/hostil_hostal-actions.md`` is written from
it.

Each kind names its grammar and rule, ``legal(state, node)`` (the Night's choices are listed
together by ``place``, in the order of ``rules.TURN_KINDS``; a card's choices by its kind,
then ``skip``), ``check`` and ``words`` (``describe.py``), ``apply`` (the step of the state's
rules, then the automatic steps up to the next decision: :func:`_step`) and ``target`` (the
thing on the board, ``render.py``, that the action concerns)."""

from __future__ import annotations

from dataclasses import replace

from ...core.actions import CHANCE, Action
from ...core.kinds import INT, INTS, WORD, ActionKind, ActionTable, Arg
import hotellab.games.hostil_hostal.automata as automata
import hotellab.games.hostil_hostal.cards as cards
import hotellab.games.hostil_hostal.components as C
from . import rules as R
from .describe import CHECKS, WORDS, canonical_shuffle
from .encoding import card_seat
from .state import HostilHostalState as S

__all__ = ["ACTIONS"]


def _step(rule_step):
    """The kind's ``apply``: the rule's step, then the automatic work up to the next decision
    or chance outcome (``State._advance``)."""
    def apply(s, a: Action) -> None:
        rule_step(s, a)
        s._advance()
    apply.__doc__ = rule_step.__doc__
    apply.__name__ = getattr(rule_step, "__name__", "apply")
    return apply


# -- legal instances (decision nodes; chance nodes list theirs in State._chance_outcomes) -----
def _reform_legal(s, node) -> list[Action]:
    """Day / Reform: "decides which side to use"."""
    return [Action("reform", ("a",), node[1]), Action("reform", ("b",), node[1])]


def _relocate_legal(s, node) -> list[Action]:
    return s._relocate_destinations(node[1])


# -- targets: the thing on the board an action concerns (render.py draws each id) ------------
def _bed(s, pos: int, bed) -> str:
    return f"bed:{s._label(pos)}:{bed}"


def _place_target(s, a: Action) -> str:
    """The bed a guest goes to."""
    return _bed(s, s.pos_of[a.args[0]], a.args[1])


def _move_target(s, a: Action) -> str:
    """The bed the moved guest leaves (the guest is the choice; the card discarded only its cost)."""
    return _bed(s, s.pos_of[a.args[1]], a.args[2])


def _play_target(s, a: Action) -> str:
    """The card played, by its slot in the hand."""
    return f"hand:{a.player}:{s.hands[a.player].index(a.args[0])}"


def _where_target(s, a: Action) -> str:
    """``moveto`` and ``relocate``: the bed the guest goes to, or the Lobby."""
    return "lobby" if a.args[0] == "lobby" else _bed(s, s.pos_of[a.args[0]], a.args[1])


def _spy_target(s, a: Action) -> str | None:
    """The first card of that colour in the room that the spy has not seen."""
    pos, seat = s.pos_of[a.args[0]], a.args[1]
    known = s.known[a.player]
    for i, c in enumerate(s.cards[pos]):
        if card_seat(c) == seat and c not in known:
            return f"card:{s._label(pos)}:{i}"
    return None


def _autoroom_target(s, a: Action) -> str:
    return f"room:{s._label(s.pos_of[a.args[0]])}"


def _autobed_target(s, a: Action) -> str:
    return _bed(s, s.node.context[0], a.args[0])


def _card_bed_target(s, a: Action) -> str | None:
    """The bed a card's effect picks (sedate, blanket, sniff, grrr; 2x1: the destination)."""
    if s.item is None:
        return None
    return _bed(s, s.item[1], a.args[2] if a.kind == "bring" else a.args[0])


def _activate_target(s, a: Action) -> str | None:
    """The card being resolved, where it lies."""
    if s.item is None:
        return None
    _, pos, cid = s.item
    return f"card:{s._label(pos)}:{s.cards[pos].index(cid)}" if cid in s.cards[pos] else None


def _reform_target(s, a: Action) -> str | None:
    """The room being reformed."""
    return f"room:{s._label(s.ctx[1])}" if s.ctx else None


# -- the table -------------------------------------------------------------------------------
class _Table(ActionTable):
    """The game's action table. Two of its forms the core's grammar has no words for, read
    here before the core's checks: a room's ``side`` is a seat's choice (sides="choose") or
    a coin (sides="random", ``chance side <room> <face>``), and a guest's destination
    (``moveto``, ``relocate``) is a bed (``<room> <bed>``) or the word ``lobby``."""

    def __post_init__(self):
        super().__post_init__()
        self._coin = ActionTable([replace(self.by_name["side"], who="chance")])

    def malformed(self, action: Action) -> str | None:
        if action.kind == "side" and action.player == CHANCE:
            return self._coin.malformed(action)
        args = action.args
        if action.kind in ("moveto", "relocate") and len(args) == 1 and type(args[0]) is str and args[0] == "lobby":
            return None  # (an argument's own == is never asked: a numpy array's is not a truth value)
        return super().malformed(action)


_ROOM = Arg("room", INT, "a room board in play (1-5)")
_BED = Arg("bed", INT, "a bed of the room (0-4, row by row from the top left)")
_SEAT = Arg("seat", INT, "a seat (0 is blue; with 2 players the automata is seat 2)")
_FACE = Arg("face", INT, "the die's face")
_CARD = Arg("card", INT, "an event card's number (1-12) in the player's hand")
_WHERE = (Arg("room", INT, "a room board in play, or the word lobby (then no bed)"),
          Arg("bed", INT, "a free bed of that room"))
_CARD_CHOICE = cards.option_actions  # a card's choices: its options at the card's node
_TURN = "place"  # the Night's kinds are listed together by place (night.py)


def _kind(name: str, args: tuple, rule, doc: str, step, **kw) -> ActionKind:
    kw.setdefault("check", CHECKS[name])
    kw.setdefault("words", WORDS[name])
    return ActionKind(name, args, rule, doc, _step(step), **kw)


ACTIONS = _Table([
    # -- Let's Begin (Setup), and Phase 1 - Dusk's reshuffle
    _kind("shuffle", (Arg("what", WORD, "what is shuffled: the room boards, the reform deck or a seat's deck",
                          choices=("rooms", "reforms") + tuple(f"deck{p}" for p in range(len(C.COLOURS)))),
                      Arg("order", INTS, "the shuffled order: a permutation of 0..k-1 of the sorted items")),
          R.R_SETUP_DECKS, "Shuffle the room boards (Setup 1: the rooms in play), a deck (Setup 3; at Dusk a "
          "discard pile into a new deck) or the reform deck.", S._do_shuffle, who="chance",
          canonical=canonical_shuffle),
    _kind("side", (_ROOM, Arg("face", WORD, "the side of the room board", choices=("A", "B"))), R.R_SETUP_SIDES,
          "Set the side of the next room board: the first player's choice (option sides='choose'), or a coin "
          "(sides='random': `chance side <room> <face>`).", S._do_side, legal=S._side_actions),
    _kind("wear", (_ROOM, _FACE), R.R_SETUP_WEAR, "Roll the wear die of a room at setup.", S._do_wear,
          who="chance"),
    # -- Phase 2 - Night
    _kind("place", (_ROOM, _BED), R.R_PLACE, "Place a guest from the supply on an unoccupied bed.", S._do_place,
          legal=S._night_actions, target=_place_target),
    _kind("play", (_CARD, _ROOM), R.R_PLAY, "Play a card face down in a room with one of your guests (at least "
          "two cards in hand).", S._do_play, listed_with=_TURN, target=_play_target),
    _kind("move", (_CARD, _ROOM, _BED, _SEAT), R.R_MOVE, "Discard a card to lift a bedded guest of your own (or, "
          "with 2 players, the automata's); `moveto` says where it goes.", S._do_move, listed_with=_TURN,
          target=_move_target),
    _kind("moveto", _WHERE, R.R_MOVE, "Where the moved guest goes: another unoccupied bed (`moveto <room> <bed>`) "
          "or the Lobby (`moveto lobby`).", S._do_moveto, legal=S._move_destinations, target=_where_target),
    _kind("pass", (), R.R_PASS, "Pass, once all of your guests are placed (or no bed is free).", S._do_pass,
          listed_with=_TURN),
    _kind("spy", (_ROOM, _SEAT), R.R_SPY, "Spend one rest point to see one colour's face-down cards in a room "
          "(before the turn's action).", S._do_spy, listed_with=_TURN, target=_spy_target),
    # -- Phase 3 - Dawn
    _kind("activate", (), R.R_RESOLUTION, "Activate the card being resolved (a card without a choice).",
          S._do_card, legal=_CARD_CHOICE, target=_activate_target),
    _kind("skip", (), R.R_RESOLUTION, "Do not activate the card being resolved.", S._do_skip,
          legal=cards.skip_actions),
    _kind("misfortune", (_FACE, Arg("room", INT, "the room rolled for (only with misfortune='per_room')")),
          R.R_MISFORTUNE, "Roll the misfortune die: for every room, or (misfortune='per_room') for one room.",
          S._do_misfortune, who="chance", repeat=True),
    # -- Phase 4 - Day
    _kind("reform", (Arg("side", WORD, "the side of the reform board", choices=("a", "b")),), R.R_REFORM_SIDE,
          "Choose the side of the reform laid in a room with your Mr. Tools.", S._do_reform, legal=_reform_legal,
          target=_reform_target),
    # -- Variation for 2 Players
    _kind("autoroom", (_ROOM,), R.R_2P_PHASE, "Automata phase: put the automata card you drew face down on a "
          "room that is not full.", automata.do_autoroom, legal=automata.room_actions, target=_autoroom_target),
    _kind("autobed", (_BED,), R.R_2P_PHASE, "Automata phase: the higher card places the automata's guest on an "
          "unoccupied bed of the room it chose.", automata.do_autobed, legal=automata.bed_actions,
          target=_autobed_target),
    _kind("rolloff", (_FACE, _FACE), R.R_2P_GRRR, "The Grrr roll-off of the two players: the lower roll moves one "
          "of her guests.", automata.do_rolloff, who="chance"),
    _kind("pick", (Arg("option", INT, "the option the die picks, 0 for the first"),), R.R_2P_DAMAGE,
          "The die that settles the automata's tied choice.", automata.do_pick, who="chance"),
    # -- Event Card Guide
    _kind("sedate", (_BED,), R.card_rule(1), "#1 Sweet Dreams: sedate your guest on this bed of the room.",
          S._do_card, legal=_CARD_CHOICE, target=_card_bed_target),
    _kind("bring", (_ROOM, Arg("from_bed", INT, "the bed your guest leaves"),
                    Arg("to_bed", INT, "the bed of this room where you already have a guest")), R.card_rule(2),
          "#2 2x1: bring one of your guests from another bed to share a bed with your guest in this room.",
          S._do_card, legal=_CARD_CHOICE, target=_card_bed_target),
    _kind("grrr", (_BED, _SEAT), R.card_rule(3), "#3 Grrr: throw a guest out of the room (its owner then chooses "
          "where it goes); with 2 players also the roll-off loser's choice of her guest.", S._do_card,
          legal=automata.grrr_actions, target=_card_bed_target),
    _kind("relocate", _WHERE, R.card_rule(3), "#3 Grrr: where your removed guest goes: another room's unoccupied "
          "bed (`relocate <room> <bed>`) or the Lobby (`relocate lobby`).", S._do_relocate, legal=_relocate_legal,
          target=_where_target),
    _kind("blanket", (_BED,), R.card_rule(7), "#7 17º: +2 for each of your guests on this bed of the room.",
          S._do_card, legal=_CARD_CHOICE, target=_card_bed_target),
    _kind("sniff", (_BED,), R.card_rule(9), "#9 Sniff: the guests next to your meeple on this bed lose 1.",
          S._do_card, legal=_CARD_CHOICE, target=_card_bed_target),
    _kind("flea", (_FACE,), R.card_rule(10), "#10 Scratch Scratch: one guest's misfortune die.", S._do_roll,
          who="chance"),
    _kind("panic", (_FACE,), R.card_rule(11), "#11 Auuuuu: one guest's misfortune die.", S._do_roll,
          who="chance"),
])
"""Hostil Hostal's action kinds, in rulebook order (``Game.actions``)."""
