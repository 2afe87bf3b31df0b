"""Hostil Hostal's texts for people: the status line, action sentences, the rule that governs
the current node and why an action is refused. Pure functions of a state (``s``)."""

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

_NODE_RULES = {
    N_SIDE: R_SETUP_ROOMS, N_SIDE_CHOICE: R_SETUP_SIDES, N_WEAR: R_SETUP_WEAR, N_RESHUFFLE: R_RESHUFFLE,
    N_TURN: R_NIGHT, N_MOVETO: R_MOVE, N_AUTOROOM: R_2P_PHASE, N_AUTOBED: R_2P_PHASE, N_RELOCATE: card_rule(3),
    N_FORCED_GRRR: R_2P_GRRR, N_ROLLOFF: R_2P_GRRR, N_PICK: R_2P_DAMAGE, N_REFORM: R_REFORM_SIDE, N_END: R_END,
}


def current_rule(s):
    """The rule that governs the current node (cited by every rejection)."""
    kind = s.node[0]
    if kind == N_SETUP_SHUFFLE:
        what = s.node[1]
        return R_SETUP_ROOMS if what == "rooms" else R_REFORM_DECK if what == "reforms" else R_SETUP_DECKS
    if kind == N_CARD:
        return card_rule(s.item[0])
    if kind == N_ROLL:
        return card_rule(10 if s.ctx[1] == "flea" else 11)
    if kind == N_MISFORTUNE:
        return R_MISFORTUNE if s.node[1] is None else R_MISFORTUNE_ROOM
    return _NODE_RULES[kind]


def status_text(s) -> str:
    g = s.game
    kind = s.node[0]
    nights = g.options["nights"]
    if s.stage == "setup":
        return "Setup" if kind != N_SIDE_CHOICE else f"Setup — {s._name(s.node[1])} chooses the rooms' sides"
    if kind == N_END:
        return f"Game over after night {s.night} — winner(s): {', '.join(s._name(x) for x in s._winners())}"
    who = s._name(s.node[1]) if kind not in CHANCE_NODES else "chance"
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


def action_to_string(s, a: Action, perspective=None) -> str:
    """A sentence for people; hidden parts are left out for another ``perspective``."""
    if a.player == CHANCE:
        if a.kind == "shuffle":
            return f"Shuffle {a.args[0]}" if perspective is not None else f"Shuffle {a.args[0]}: {a.args[1]}"
        return f"{a.kind} {' '.join(map(str, a.args))}"
    who = s._name(a.player)
    hidden = perspective is not None and perspective != a.player
    if a.kind == "place":
        return f"{who}: place a guest on {bed_text(s, a.args[0], a.args[1])}"
    if a.kind == "play":
        if hidden:
            return f"{who}: play a card face down in room {a.args[1]}"
        return f"{who}: play {s._card_name(a.args[0])} in room {a.args[1]}"
    if a.kind == "move":
        card = "a card" if hidden else s._card_name(a.args[0])
        whose = "" if a.args[3] == a.player else " the automata's"
        return f"{who}: discard {card} to move{whose} guest from room {a.args[1]}, bed {a.args[2]}"
    if a.kind in ("moveto", "relocate"):
        return f"{who}: to the Lobby" if a.args[0] == "lobby" else f"{who}: to {bed_text(s, a.args[0], a.args[1])}"
    if a.kind == "spy":
        return f"{who}: spy on {s._name(a.args[1])}'s cards in room {a.args[0]} (-1)"
    if a.kind == "side":
        return f"{who}: room {room_text(s, a.args[0])} on its {a.args[1]} side"
    if a.kind == "bring":
        return f"{who}: 2x1 — bring the guest from room {a.args[0]}, bed {a.args[1]} to bed {a.args[2]}"
    if a.kind in ("sedate", "blanket", "sniff", "grrr") and s.item is not None and s.node[0] in (N_CARD, N_FORCED_GRRR):
        where = bed_text(s, s.boards[s.item[1]], a.args[0])
        if a.kind == "grrr":
            return f"{who}: Grrr — throw out {s._name(a.args[1])}'s guest on {where}"
        verb = {"sedate": "Sweet Dreams on your guest on", "blanket": "17º on your guests on",
                "sniff": "Sniff from your guest on"}[a.kind]
        return f"{who}: {verb} {where}"
    if a.kind == "grrr":
        return f"{who}: Grrr — throw out {s._name(a.args[1])}'s guest on bed {a.args[0]}"
    if a.kind in ("sedate", "blanket", "sniff"):
        return f"{who}: {a.kind} bed {a.args[0]}"
    if a.kind == "autoroom":
        card = ""
        if not hidden and s.node[0] == N_AUTOROOM and s.auto_cards:
            card = f" (#{s.auto_cards[-1][1]})"
        return f"{who}: automata card{card} on room {room_text(s, a.args[0])}"
    if a.kind == "autobed":
        if s.node[0] == N_AUTOBED:
            return f"{who}: automata guest on {bed_text(s, s.boards[s.node[2]], a.args[0])}"
        return f"{who}: automata guest on bed {a.args[0]}"
    if a.kind == "reform":
        if s.node[0] == N_REFORM and s.ctx:
            pos, rid = s.ctx[1], s.ctx[2]
            rug = C.reforms()[rid][a.args[0]]
            return f"{who}: reform {rid} in {s._label(pos)}, side {a.args[0]} (rug {rug:+d})"
        return f"{who}: reform side {a.args[0]}"
    return f"{who}: {a.kind}"


# what each decision takes: "room" a board number in play, "bed" a bed index, "card" 1-12,
# "seat" a seat, "side" a or b, "face" A or B; "where" is either "lobby" or <room> <bed>
FORMS = {
    "side": ("room", "face"),
    "place": ("room", "bed"), "play": ("card", "room"), "move": ("card", "room", "bed", "seat"),
    "moveto": "where", "relocate": "where", "pass": (), "spy": ("room", "seat"),
    "autoroom": ("room",), "autobed": ("bed",), "activate": (), "skip": (), "sedate": ("bed",),
    "bring": ("room", "bed", "bed"), "grrr": ("bed", "seat"), "blanket": ("bed",),
    "sniff": ("bed",), "reform": ("side",),
}

_NO_END = ("there is no separate end of turn: the mandatory action (place, play, move or pass) ends it; "
           "spy before it (ruling HH-11)")


def check_form(s, a: Action) -> str | None:
    """What is wrong with the shape of ``a`` (kind, argument count and types), or None."""
    form = FORMS.get(a.kind)
    if a.kind == "end":
        return _NO_END
    if form is None:
        kinds = sorted({x.kind for x in s.legal_actions()})
        return f"unknown action kind {a.kind!r}; here the kinds are: {', '.join(kinds)}"
    args = a.args
    if form == "where":
        if args == ("lobby",):
            return None
        form = ("room", "bed")
        usage = f"'{a.kind} lobby' or '{a.kind} <room> <bed>'"
    else:
        usage = " ".join([a.kind] + [f"<{x}>" for x in form])
    if len(args) != len(form):
        return f"'{a.kind}' takes {len(form)} argument(s): {usage}"
    rooms = sorted(s.pos_of) if s.pos_of else []
    for name, x in zip(form, args):
        if name == "side":
            if x not in ("a", "b"):
                return f"a reform side is 'a' or 'b', got {x!r}"
            continue
        if name == "face":
            if x not in ("A", "B"):
                return f"a room board's side is 'A' or 'B', got {x!r}"
            continue
        if isinstance(x, bool) or not isinstance(x, int):
            return f"<{name}> must be an integer, got {x!r} ({usage})"
        if name == "room" and x not in rooms:
            return f"room {x} is not in play; the rooms are {', '.join(map(str, rooms))} ({usage})"
        if name == "card" and not 1 <= x <= 12:
            return f"cards are numbered 1 to 12, got {x}"
        if name == "seat" and not 0 <= x < s.game.num_seats:
            return f"there is no seat {x}"
    if form and form[-1] == "bed" and len(form) >= 2 and form[-2] == "room" and s.layouts is not None:
        pos = s.pos_of[args[-2]]
        nbeds = len(s.layouts[pos].beds)
        if not 0 <= args[-1] < nbeds:
            return f"room {s._label(pos)} has beds 0 to {nbeds - 1}, got {args[-1]}"
    return None


def explain(s, a: Action):
    """Why the decision ``a`` is refused: a Refusal naming the rule (see State._explain)."""
    kind = s.node[0]
    p = s.node[1] if kind not in CHANCE_NODES and kind != N_END else None
    n = s.game.num_seats
    if a.player == CHANCE:
        return s.refuse(f"{a}: a chance outcome cannot be applied now: {s._name(p)} decides now ({s.status_text()})",
                        code="not_your_turn")
    if not 0 <= a.player < n:
        return s.refuse(f"{a}: there is no seat {a.player} (seats 0 to {n - 1})", code="not_your_turn")
    if a.player != p:
        return s.refuse(f"{a} is not {s._name(a.player)}'s to play: {s._name(p)} decides now ({s.status_text()})",
                        code="not_your_turn")
    form = check_form(s, a)
    if form is not None:
        return s.refuse(f"{a}: {form}", code="malformed")
    if kind == N_TURN:
        if a.kind == "place":
            if s.supply[p] == 0:
                return s.refuse(f"{a}: {s._name(p)} has no unplayed guest left", R_PLACE)
            return s.refuse(f"{a}: a guest must go on an unoccupied bed of a room in play", R_PLACE)
        if a.kind in ("play", "move"):
            rule = R_PLAY if a.kind == "play" else R_MOVE
            if len(s.hands[p]) < 2:
                verb = "Play a card" if a.kind == "play" else "Move a guest"
                return s.refuse(f"{a}: {verb} needs at least two cards in hand", rule)
            if not a.args or a.args[0] not in s.hands[p]:
                return s.refuse(f"{a}: that card is not in {s._name(p)}'s hand", rule)
            if a.kind == "play":
                return s.refuse(f"{a}: a card can only be played in a room where the player has at least one guest",
                                R_PLAY)
            return s.refuse(f"{a}: only a bedded guest of your own (or, with 2 players, the automata's) can be moved",
                            R_MOVE)
        if a.kind == "pass":
            return s.refuse(f"{a}: a player can pass only once all of their guests are placed", R_PASS)
        if a.kind == "spy":
            if s.score[p] < 1:
                return s.refuse(f"{a}: spying costs 1 rest point and {s._name(p)} has {s.score[p]}", R_SPY)
            return s.refuse(f"{a}: there is no face-down card of that colour in that room left to see", R_SPY)
    if kind == N_RELOCATE:
        return s.refuse(f"{a}: the removed guest leaves the room: another room's unoccupied bed or the Lobby",
                        card_rule(3))
    if kind == N_MOVETO:
        return s.refuse(f"{a}: the guest goes to another unoccupied bed or to the Lobby", R_MOVE)
    if kind == N_AUTOROOM:
        return s.refuse(f"{a}: choose a room in play that is not filled up", R_2P_PHASE)
    if kind == N_CARD:
        number = s.item[0]
        return s.refuse(f"{a}: resolving {s._card_name(number)}: choose one of "
                        f"{', '.join(str(x) for x in s.legal_actions())}", card_rule(number))
    return None
