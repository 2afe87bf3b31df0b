"""Hostil Hostal's texts for people: the status line, the rule that governs the current node
and, for each action kind, how an action reads (its ``words``: ``action_to_string``) and why
one is refused (its ``check``). Pure functions of a state (``s``); ``moves.ACTIONS`` declares
them with their kinds."""

from __future__ import annotations

from ...core.actions import CHANCE, Action
import hotellab.games.hostil_hostal.components as C
from .rules import (
    CHANCE_NODES, N_AUTOBED, N_AUTOROOM, N_CARD, N_END, N_FORCED_GRRR, N_MISFORTUNE, N_MOVETO, N_PICK,
    N_REFORM, N_RELOCATE, N_RESHUFFLE, N_ROLL, N_ROLLOFF, N_SETUP_SHUFFLE, N_SIDE, N_SIDE_CHOICE, N_TURN,
    N_WEAR, R_2P_DAMAGE, R_2P_GRRR, R_2P_PHASE, R_END, R_MISFORTUNE, R_MISFORTUNE_ROOM, R_MOVE, R_NIGHT,
    R_PASS, R_PLACE, R_PLAY, R_REFORM_DECK, R_REFORM_SIDE, R_RESHUFFLE, R_SETUP_DECKS, R_SETUP_ROOMS,
    R_SETUP_SIDES, R_SETUP_WEAR, R_SPY, card_rule,
)

__all__ = ["current_rule", "status_text", "room_text", "bed_text", "WORDS", "CHECKS"]

_NODE_RULES = {
    N_SIDE: R_SETUP_ROOMS, N_SIDE_CHOICE: R_SETUP_SIDES, N_WEAR: R_SETUP_WEAR, N_RESHUFFLE: R_RESHUFFLE,
    N_TURN: R_NIGHT, N_MOVETO: R_MOVE, N_AUTOROOM: R_2P_PHASE, N_AUTOBED: R_2P_PHASE, N_RELOCATE: card_rule(3),
    N_FORCED_GRRR: R_2P_GRRR, N_ROLLOFF: R_2P_GRRR, N_PICK: R_2P_DAMAGE, N_REFORM: R_REFORM_SIDE, N_END: R_END,
}


def current_rule(s):
    """The rule that governs the current node (cited by every rejection)."""
    kind = s.node.kind
    if kind == N_SETUP_SHUFFLE:
        what = s.node.context[0]
        return R_SETUP_ROOMS if what == "rooms" else R_REFORM_DECK if what == "reforms" else R_SETUP_DECKS
    if kind == N_CARD:
        return card_rule(s.item[0])
    if kind == N_ROLL:
        return card_rule(10 if s.ctx[1] == "flea" else 11)
    if kind == N_MISFORTUNE:
        return R_MISFORTUNE_ROOM if s.node.context else R_MISFORTUNE
    return _NODE_RULES[kind]


def status_text(s) -> str:
    g = s.game
    kind = s.node.kind
    nights = g.options["nights"]
    if s.stage == "setup":
        return "Setup" if kind != N_SIDE_CHOICE else f"Setup — {s._name(s.node.seat)} chooses the rooms' sides"
    if kind == N_END:
        return f"Game over after night {s.night} — winner(s): {', '.join(s._name(x) for x in s._winners())}"
    who = s._name(s.node.seat) if kind not in CHANCE_NODES else "chance"
    if s.stage == "dusk":
        return f"Dusk, night {s.night} of {nights} — reshuffle"
    if s.stage == "night":
        if kind in (N_AUTOROOM, N_AUTOBED):
            return f"Night {s.night} of {nights}, automata phase after round {s.round} — {who} to act"
        return f"Night {s.night} of {nights}, round {s.round} — {who} to act"
    if s.stage in ("resolve", "dawn"):
        if kind == N_MISFORTUNE:
            return f"Dawn, night {s.night} of {nights} — misfortune die"
        if s.item is not None:
            number, pos, _ = s.item
            return (f"Dawn, night {s.night} of {nights} — resolving {s._card_name(number)} in {s._label(pos)} — "
                    f"{who} to act")
        return f"Dawn, night {s.night} of {nights}"
    if s.stage in ("day", "reform"):
        return f"Day, night {s.night} of {nights} — reform — {who} to act"
    return s.stage


def room_text(s, board) -> str:
    pos = s._board(board)
    if pos is None or pos >= len(s.sides or ()):  # its side is not chosen yet (Setup, sides="choose")
        return str(board)
    return s._label(pos)


def bed_text(s, board, bed) -> str:
    """'3A bed 2 (top right, +1)' — how the board shows a bed."""
    pos = s._board(board)
    if pos is None or not isinstance(bed, int) or not 0 <= bed < len(s.layouts[pos].beds):
        return f"room {board}, bed {bed}"
    r, c, v = s.layouts[pos].beds[bed]
    place = ("top" if r == 0 else "bottom") + " " + ("left", "middle", "right")[c]
    return f"{s._label(pos)} bed {bed} ({place}, {v:+d})"


# == words: how an action reads for people, by kind ===========================================
# With a ``perspective`` other than the actor, hidden parts (which card is played, a shuffle's
# order, the automata card drawn) are left out.
def _hidden(a: Action, perspective) -> bool:
    return perspective is not None and perspective != a.player


def chance_words(s, a: Action, perspective=None) -> str:
    """A chance outcome: its kind and values (``wear 1 3``)."""
    return f"{a.kind} {' '.join(map(str, a.args))}"


def shuffle_words(s, a: Action, perspective=None) -> str:
    return f"Shuffle {a.args[0]}" if perspective is not None else f"Shuffle {a.args[0]}: {a.args[1]}"


def side_words(s, a: Action, perspective=None) -> str:
    if a.player == CHANCE:  # the coin of sides="random"
        return chance_words(s, a)
    return f"{s._name(a.player)}: room {room_text(s, a.args[0])} on its {a.args[1]} side"


def place_words(s, a: Action, perspective=None) -> str:
    return f"{s._name(a.player)}: place a guest on {bed_text(s, a.args[0], a.args[1])}"


def play_words(s, a: Action, perspective=None) -> str:
    who = s._name(a.player)
    if _hidden(a, perspective):
        return f"{who}: play a card face down in room {a.args[1]}"
    return f"{who}: play {s._card_name(a.args[0])} in room {a.args[1]}"


def move_words(s, a: Action, perspective=None) -> str:
    card = "a card" if _hidden(a, perspective) else s._card_name(a.args[0])
    whose = "" if a.args[3] == a.player else " the automata's"
    return f"{s._name(a.player)}: discard {card} to move{whose} guest from room {a.args[1]}, bed {a.args[2]}"


def where_words(s, a: Action, perspective=None) -> str:
    """``moveto`` and ``relocate``: a bed or the Lobby."""
    who = s._name(a.player)
    return f"{who}: to the Lobby" if a.args[0] == "lobby" else f"{who}: to {bed_text(s, a.args[0], a.args[1])}"


def spy_words(s, a: Action, perspective=None) -> str:
    return f"{s._name(a.player)}: spy on {s._name(a.args[1])}'s cards in room {a.args[0]} (-1)"


def plain_words(s, a: Action, perspective=None) -> str:
    """``pass``, ``activate``, ``skip``: the seat and the kind."""
    return f"{s._name(a.player)}: {a.kind}"


def bring_words(s, a: Action, perspective=None) -> str:
    return (f"{s._name(a.player)}: 2x1 — bring the guest from room {a.args[0]}, bed {a.args[1]} to bed "
            f"{a.args[2]}")


_BED_VERBS = {"sedate": "Sweet Dreams on your guest on", "blanket": "17º on your guests on",
              "sniff": "Sniff from your guest on"}


def bed_choice_words(s, a: Action, perspective=None) -> str:
    """``sedate``, ``blanket``, ``sniff`` and ``grrr``: a bed of the room of the card being
    resolved."""
    who = s._name(a.player)
    if s.item is not None and s.node.kind in (N_CARD, N_FORCED_GRRR):
        where = bed_text(s, s.boards[s.item[1]], a.args[0])
        if a.kind == "grrr":
            return f"{who}: Grrr — throw out {s._name(a.args[1])}'s guest on {where}"
        return f"{who}: {_BED_VERBS[a.kind]} {where}"
    if a.kind == "grrr":
        return f"{who}: Grrr — throw out {s._name(a.args[1])}'s guest on bed {a.args[0]}"
    return f"{who}: {a.kind} bed {a.args[0]}"


def autoroom_words(s, a: Action, perspective=None) -> str:
    card = ""
    if not _hidden(a, perspective) and s.node.kind == N_AUTOROOM and s.auto_cards:
        card = f" (#{s.auto_cards[-1][1]})"
    return f"{s._name(a.player)}: automata card{card} on room {room_text(s, a.args[0])}"


def autobed_words(s, a: Action, perspective=None) -> str:
    if s.node.kind == N_AUTOBED:
        return f"{s._name(a.player)}: automata guest on {bed_text(s, s.boards[s.node.context[0]], a.args[0])}"
    return f"{s._name(a.player)}: automata guest on bed {a.args[0]}"


def reform_words(s, a: Action, perspective=None) -> str:
    who = s._name(a.player)
    if s.node.kind == N_REFORM and s.ctx:
        pos, rid = s.ctx[1], s.ctx[2]
        rug = C.reforms()[rid][a.args[0]]
        return f"{who}: reform {rid} in {s._label(pos)}, side {a.args[0]} (rug {rug:+d})"
    return f"{who}: reform side {a.args[0]}"


WORDS = {
    "shuffle": shuffle_words, "side": side_words, "wear": chance_words,
    "place": place_words, "play": play_words, "move": move_words, "moveto": where_words, "pass": plain_words,
    "spy": spy_words, "activate": plain_words, "skip": plain_words, "misfortune": chance_words,
    "reform": reform_words, "autoroom": autoroom_words, "autobed": autobed_words, "rolloff": chance_words,
    "pick": chance_words, "sedate": bed_choice_words, "bring": bring_words, "grrr": bed_choice_words,
    "relocate": where_words, "blanket": bed_choice_words, "sniff": bed_choice_words, "flea": chance_words,
    "panic": chance_words,
}
"""action kind -> its words (``ActionKind.words``)."""


# == checks: why an action that is not legal is refused, by kind ================================
# The core has checked the kind and the arguments' types (hotellab.core.kinds), that the deciding
# seat plays it and that the node allows the kind; a kind's check says which values are not in
# play, then what its rule asks.
FORMS = {
    "side": ("room", "face"), "place": ("room", "bed"), "play": ("card", "room"),
    "move": ("card", "room", "bed", "seat"), "moveto": "where", "relocate": "where", "pass": (),
    "spy": ("room", "seat"), "autoroom": ("room",), "autobed": ("bed",), "activate": (), "skip": (),
    "sedate": ("bed",), "bring": ("room", "bed", "bed"), "grrr": ("bed", "seat"), "blanket": ("bed",),
    "sniff": ("bed",), "reform": ("side",),
}
"""What each decision takes: "room" a board number in play, "bed" a bed index, "card" 1-12,
"seat" a seat, "side" a or b, "face" A or B; "where" is either "lobby" or <room> <bed>."""


def bad_values(s, a: Action) -> str | None:
    """What in ``a``'s arguments is not in play (a room board, a card number, a seat, a bed of
    the room), or None."""
    form = FORMS[a.kind]
    args = a.args
    if form == "where":
        if args == ("lobby",):
            return None
        form = ("room", "bed")
        usage = f"'{a.kind} lobby' or '{a.kind} <room> <bed>'"
    else:
        usage = " ".join([a.kind] + [f"<{x}>" for x in form])
    rooms = sorted(s.pos_of) if s.pos_of else []
    for name, x in zip(form, args):
        if name == "room" and x not in rooms:
            return f"room {x} is not in play; the rooms are {', '.join(map(str, rooms))} ({usage})"
        if name == "card" and not 1 <= x <= 12:
            return f"cards are numbered 1 to 12, got {x}"
        if name == "seat" and not 0 <= x < s.game.num_seats:
            return f"there is no seat {x}"
    if form[-2:] == ("room", "bed") and s.layouts is not None:
        pos = s.pos_of[args[-2]]
        nbeds = len(s.layouts[pos].beds)
        if not 0 <= args[-1] < nbeds:
            return f"room {s._label(pos)} has beds 0 to {nbeds - 1}, got {args[-1]}"
    return None


def _checked(rule_check=None):
    """A kind's check: :func:`bad_values` (code "malformed"), then ``rule_check(s, a)`` (the
    refusal its rule gives, or None for the core's sentence)."""
    def check(s, a: Action):
        bad = bad_values(s, a)
        if bad is not None:
            return s.refuse(f"{a}: {bad}", code="malformed")
        return rule_check(s, a) if rule_check is not None else None
    return check


def _place(s, a: Action):
    """Place a guest: an unplayed guest on "any unoccupied bed"."""
    if s.supply[a.player] == 0:
        return s.refuse(f"{a}: {s._name(a.player)} has no unplayed guest left", R_PLACE)
    return s.refuse(f"{a}: a guest must go on an unoccupied bed of a room in play", R_PLACE)


def _play_or_move(s, a: Action):
    """Play a card / Move a guest: "at least two cards in their hand"; the card from the hand;
    a room with one of the player's guests / a bedded guest of the player's own."""
    p = a.player
    rule = R_PLAY if a.kind == "play" else R_MOVE
    if len(s.hands[p]) < 2:
        verb = "Play a card" if a.kind == "play" else "Move a guest"
        return s.refuse(f"{a}: {verb} needs at least two cards in hand", rule)
    if a.args[0] not in s.hands[p]:
        return s.refuse(f"{a}: that card is not in {s._name(p)}'s hand", rule)
    if a.kind == "play":
        return s.refuse(f"{a}: a card can only be played in a room where the player has at least one guest", R_PLAY)
    return s.refuse(f"{a}: only a bedded guest of your own (or, with 2 players, the automata's) can be moved",
                    R_MOVE)


def _pass(s, a: Action):
    return s.refuse(f"{a}: a player can pass only once all of their guests are placed", R_PASS)


def _spy(s, a: Action):
    p = a.player
    if s.score[p] < 1:
        return s.refuse(f"{a}: spying costs 1 rest point and {s._name(p)} has {s.score[p]}", R_SPY)
    return s.refuse(f"{a}: there is no face-down card of that colour in that room left to see", R_SPY)


def _moveto(s, a: Action):
    return s.refuse(f"{a}: the guest goes to another unoccupied bed or to the Lobby", R_MOVE)


def _autoroom(s, a: Action):
    return s.refuse(f"{a}: choose a room in play that is not filled up", R_2P_PHASE)


def _card_choice(s, a: Action):
    """Resolution: the owner of the card being resolved chooses one of its options or skips."""
    if s.node.kind != N_CARD:
        return None
    number = s.item[0]
    return s.refuse(f"{a}: resolving {s._card_name(number)}: choose one of "
                    f"{', '.join(str(x) for x in s.legal_actions())}", card_rule(number))


def _relocate(s, a: Action):
    return s.refuse(f"{a}: the removed guest leaves the room: another room's unoccupied bed or the Lobby",
                    card_rule(3))


def shuffle_check(s, a: Action):
    """A shuffle (the one chance outcome that is not listed: the core asks this check at a
    shuffle node) names what the pending shuffle permutes and is a permutation of its items."""
    what, items = s._shuffle_items()
    if a.args[0] != what:
        return s.refuse(f"{a}: expected 'chance shuffle {what} <permutation>'")
    if sorted(a.args[1]) != list(range(len(items))):
        return s.refuse(f"{a}: the shuffle of {what} must be a permutation of 0..{len(items) - 1} "
                        f"({len(items)} items)")
    return None


def canonical_shuffle(s, a: Action) -> Action:
    """A shuffle as the log keeps it (whole numbers)."""
    return Action(a.kind, (a.args[0], tuple(int(i) for i in a.args[1])), CHANCE)


CHECKS = {
    "shuffle": shuffle_check, "side": _checked(), "wear": None,
    "place": _checked(_place), "play": _checked(_play_or_move), "move": _checked(_play_or_move),
    "moveto": _checked(_moveto), "pass": _checked(_pass), "spy": _checked(_spy),
    "activate": _checked(_card_choice), "skip": _checked(_card_choice), "misfortune": None,
    "reform": _checked(), "autoroom": _checked(_autoroom), "autobed": _checked(), "rolloff": None,
    "pick": None, "sedate": _checked(_card_choice), "bring": _checked(_card_choice),
    "grrr": _checked(_card_choice), "relocate": _checked(_relocate), "blanket": _checked(_card_choice),
    "sniff": _checked(_card_choice), "flea": None, "panic": None,
}
"""action kind -> its check (``ActionKind.check``; None: the core's checks and sentence: a die's
outcomes are listed)."""
