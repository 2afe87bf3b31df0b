"""Words for people: the prompt, the status line, and, per action kind of the game's action
table (``state.ACTIONS``), how an action reads (``words_*``), why it is refused (``check_*``:
each refusal names the rule that forbids it) and what on the board it concerns (``target_*``).

The core runs them (``hotellab.core.kinds``): it refuses an action that does not fit its kind's
grammar, that is not the deciding seat's (adding :func:`turn_note`), or whose kind the node does
not allow, before it asks the kind's ``check``. Every
function takes a :class:`~.state.HelltonPalaceState`; this module imports rules and
components, never the state module. Refusals are made with ``state.refuse(text, rule)``, so the
``IllegalActionError`` carries the RuleRef.
"""

from __future__ import annotations

from ...core.actions import CHANCE, Action
from .components import FLOOR, GROOM_IDS, GROOM_INDEX, GROOMS, GUESTS, MAX_BELLS, PILLARS, ROW_NAMES
from .rules import (
    N_COLLECT, N_DISPLAY, N_END, N_HIRE, N_PILLAR, N_SERVE, N_SWAP, N_TARGET, N_WELCOME, R_DOUBLE_SIDED,
    R_GROOM_TILES, R_HIRE, R_NO_GOING_BACK, R_PAY, R_PILLAR_GROUPS, R_RECOVER, R_ROOMS, R_ROW_CLOSED, R_SETUP,
    R_WELCOME, groom_rule,
)

_STEP = {N_WELCOME: "1. welcome a guest", N_HIRE: "3. hire grooms", N_SWAP: "3. hire grooms, the False Placer",
         N_SERVE: "4. tour", N_TARGET: "4. tour", N_PILLAR: "4. tour", N_COLLECT: "5. collect rents or recover a doorbell"}


# == prompt and status ========================================================================
def prompt(s) -> str:
    """What the deciding player is asked now ("" at chance and terminal nodes)."""
    kind = s.node[0]
    if kind in (N_DISPLAY, N_END):
        return ""
    p = s.node[1]
    h = s.active
    if kind == N_WELCOME:
        forced = s.fr_row[1 - p]
        rows = s._open_rows(p)
        if forced and rows == [forced]:
            return (f"welcome a guest from the {ROW_NAMES[forced]} row ({s._name(1 - p)}'s False Reservation) "
                    f"into a free room of floor {forced}")
        return "welcome a guest: a card of a row goes into a free room of the matching floor"
    if kind == N_HIRE:
        return f"hire grooms (coins: {s.coins[p]}), each once, or start the tour"
    if kind == N_SWAP:
        return (f"the False Placer: {s._name(p)}, swap {s._gname(p, s.node[3][0])} "
                f"with one of its adjacent guests (opponent's decision)")
    if kind == N_SERVE:
        r = s.cursor
        tok = " (irritated)" if s.irritated(h, r) else ""
        return f"serve {s._gname(h, r)}{tok} or do not serve"
    if kind == N_COLLECT:
        return f"collect {s.rents(p)} coins of rent, or recover a doorbell"
    _, _what, chooser, letter, concerned, _e, i, n = s.node[3]
    src = s._gname(h, concerned)
    count = f" ({i} of {n})" if n > 1 else ""
    whose = f"{s._name(h)}'s" if chooser != h else "your"
    opp = " — opponent's choice" if chooser != h else ""
    if kind == N_PILLAR:
        return f"{src}: choose a column of {whose} hotel to lose a pillar{count}{opp}"
    verb = {"T": "to irritate", "TS": "to irritate if satisfied", "TT": "to throw a tantrum if irritated"}[letter]
    return f"{src}: choose another guest of {whose} hotel {verb}{count}{opp}"


def status_text(s) -> str:
    """One line: the turn, whose turn, the step (and room), who acts."""
    kind = s.node[0]
    if kind == N_DISPLAY:
        return "Setup — the guest display (chance)"
    if kind == N_END:
        w = s.result
        if not w:
            return f"Game over — shared defeat ({s.end_text})"
        return f"Game over — {s._name(w[0])} wins ({s.end_text})"
    h = s.active
    last = " (last turn)" if s.last_turn else ""
    step = _STEP[kind]
    if kind in (N_SERVE, N_TARGET, N_PILLAR):
        r = s.serving or s.cursor
        step += f", room {r}"
        if kind != N_SERVE:
            side = s.side_of(h, r)
            step += f", {side.name}'s door hanger" if side else ""
    p = s.node[1]
    who = f"{s._name(p)} to act" + (" (opponent's choice)" if p != h else "")
    return f"Turn {s.round}, {s._name(h)}{last}: {step} — {who}"


# == actions as sentences (each kind's ``words``) ============================================
_HIRE_WHAT = {"mason": "pillar back under column", "diplomat": "soothe room", "placer": "swap with room",
              "false_reservation": "face row", "false_placer": "designate the opponent's room"}


def _who(s, a) -> str | None:
    return s._name(a.player) if a.player in (0, 1) else None


def _room_arg(a) -> int | None:
    """The action's room argument when it is a room number (1-9), else None."""
    x = a.args[0] if a.args else None
    return x if type(x) is int and 1 <= x <= 9 else None


def words_display(s, a, perspective=None) -> str:
    """Setup 6 (nothing in this game is hidden: every perspective reads the same)."""
    cards = a.args[0] if a.args else None
    return f"display {', '.join(map(str, cards))}" if isinstance(cards, tuple) else str(a)


def words_welcome(s, a, perspective=None) -> str:
    who = _who(s, a)
    if who is None or len(a.args) != 3 or type(a.args[0]) is not int or a.args[0] not in GUESTS:
        return str(a)
    g = GUESTS[a.args[0]]
    side = g.sides[1] if a.args[2] == "b" and g.double else g.sides[0]
    return f"{who}: welcome {side.name} into room {a.args[1]}" + (f" (side {a.args[2]})" if g.double else "")


def words_hire(s, a, perspective=None) -> str:
    who = _who(s, a)
    if who is None or len(a.args) != 2 or not isinstance(a.args[0], str) or a.args[0] not in GROOM_INDEX:
        return str(a)
    groom = GROOMS[GROOM_INDEX[a.args[0]]]
    if a.args[1] == 0:  # option grooms="any" (HP-06)
        return f"{who}: hire {groom.name} ({groom.cost}) with nothing to act on"
    return f"{who}: hire {groom.name} ({groom.cost}): {_HIRE_WHAT[a.args[0]]} {a.args[1]}"


def words_serve(s, a, perspective=None) -> str:
    """``serve`` and ``refuse`` (Serve the Guest / Do Not Serve the Guest)."""
    who = _who(s, a)
    if who is None or not a.args:
        return str(a)
    r = _room_arg(a)
    side = s.side_of(s.active, r) if r is not None else None
    name = side.name if side else f"room {a.args[0]}"
    return f"{who}: {'serve' if a.kind == 'serve' else 'do not serve'} {name}"


def words_target(s, a, perspective=None) -> str:
    who, r = _who(s, a), _room_arg(a)
    return str(a) if who is None or r is None else f"{who}: choose {s._gname(s.active, r)}"


def words_pillar(s, a, perspective=None) -> str:
    who = _who(s, a)
    return str(a) if who is None or not a.args else f"{who}: a pillar of column {a.args[0]}"


def words_swap(s, a, perspective=None) -> str:
    who, r = _who(s, a), _room_arg(a)
    return str(a) if who is None or r is None else f"{who}: swap with {s._gname(a.player, r)}"


def _words(text: str):
    def words(s, a, perspective=None) -> str:
        who = _who(s, a)
        return f"{who}: {text}" if who is not None else str(a)
    return words


words_tour = _words("start the tour")
words_rents = _words("collect the rents")
words_doorbell = _words("recover a doorbell")


# == what on the board an action concerns (each kind's ``target``) ===========================
# The ids are those ``render.py`` draws: the display card a welcome takes
# (``display:<row>:<place>``), the groom tile hired (``groom:<seat>:<id>``), the Hall the groom
# leaves for the tour or a doorbell comes back to (``hall:<seat>``), the coins the rents go to
# (``coins:<seat>``), the room served or not served, chosen for an effect or for the False
# Placer's swap (``room:<seat>:<n>``) and the pillar group chosen (``pillars:<seat>:<column>``).
def target_welcome(s, a) -> str | None:
    card = a.args[0]
    for row, cards in enumerate(s.display, 1):
        if card in cards:
            return f"display:{row}:{cards.index(card) + 1}"
    return None


def target_hire(s, a) -> str:
    return f"groom:{a.player}:{a.args[0]}"


def target_hall(s, a) -> str:
    return f"hall:{a.player}"


def target_coins(s, a) -> str:
    return f"coins:{a.player}"


def target_active_room(s, a) -> str:
    """A room of the hotel being toured (serve, refuse, an effect's guest)."""
    return f"room:{s.active}:{a.args[0]}"


def target_own_room(s, a) -> str:
    """A room of the deciding player's own hotel (the False Placer's swap)."""
    return f"room:{a.player}:{a.args[0]}"


def target_pillars(s, a) -> str:
    return f"pillars:{s.active}:{a.args[0]}"


# == refusals (each kind's ``check``) ==========================================================
def check_display(s, action):
    """Why a display is not a valid chance outcome here (Setup 6), or None."""
    sec = R_SETUP.section
    cards = action.args[0]
    if len(cards) != 18:
        return s.refuse(f"{action}: the display is 18 different guest cards in 3 rows of 6, got {len(cards)} — {sec}",
                        R_SETUP)
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        return s.refuse(f"{action}: the display is 18 different guest cards in 3 rows of 6; card(s) "
                        f"{', '.join(map(str, twice))} appear more than once — {sec}", R_SETUP)
    pool = set(s._pool())
    bad = [c for c in cards if c not in pool]
    if bad:
        which = ("the 18 introductory cards (option cards='intro')" if s.game.options["cards"] == "intro"
                 else "cards 1 to 36")
        return s.refuse(f"{action}: card(s) {', '.join(map(str, bad))} are not among {which} — {sec}", R_SETUP)
    return None


def canonical_display(s, action) -> Action:
    """The display as the log keeps it: its 18 card numbers as ints."""
    return Action("display", (tuple(int(i) for i in action.args[0]),), CHANCE)


def turn_note(s, a) -> str:
    """The refusal of a seat's action while the other decides adds, when the opponent decides
    in the middle of the active player's turn, that it is the opponent's choice (Who? Where?)."""
    p = s.node[1]
    if p == s.active:
        return ""
    return f" — the opponent's choice is {s._name(p)}'s, in the middle of {s._name(s.active)}'s turn"


def _malformed(s, a, why: str, rule=None):
    """An argument that names no component (a room, a column, a card or a groom that does not
    exist): refused as malformed, with the Game Components rule it breaks."""
    rule = rule or s.current_rule()
    return s.refuse(f"{a}: {why} — {rule.section}", rule, "malformed")


def _bad_room(s, a, x):
    return None if 1 <= x <= 9 else _malformed(s, a, f"rooms are numbered 1 to 9, got {x}", R_ROOMS)


def check_welcome(s, a):
    """1. Welcome a New Guest (and The False Reservation, which forces the row)."""
    p = a.player
    card, room, side = a.args
    if card not in GUESTS:
        return _malformed(s, a, f"guest cards are numbered 1 to 36, got {card}")
    why = _bad_room(s, a, room)
    if why is not None:
        return why
    sec = R_WELCOME.section
    row = next((i + 1 for i, cards in enumerate(s.display) if card in cards), None)
    g = GUESTS[card]
    if row is None:
        return s.refuse(f"{a}: {g.sides[0].name} (card {card}) is not in the display — {sec}", R_WELCOME)
    floor = FLOOR[room]
    if not s._free(p, row):
        return s.refuse(f"{a}: no free room on floor {row}, so the {ROW_NAMES[row]} row is closed — "
                        f"{R_ROW_CLOSED.section}", R_ROW_CLOSED)
    forced = s.fr_row[1 - p]
    if forced and forced != row and forced in s._open_rows(p):
        fr = groom_rule("false_reservation")
        return s.refuse(f"{a}: {s._name(1 - p)}'s False Reservation faces the {ROW_NAMES[forced]} row: "
                        f"{s._name(p)} must welcome a guest from it — {fr.section}", fr)
    if floor != row:
        return s.refuse(f"{a}: a guest from the {ROW_NAMES[row]} row goes on floor {row}; room {room} is on floor "
                        f"{floor} — {sec}", R_WELCOME)
    if s.guests[p][room]:
        return s.refuse(f"{a}: room {room} is taken by {s._gname(p, room)} — {sec}", R_WELCOME)
    if side == "b" and not g.double:
        return s.refuse(f"{a}: {g.sides[0].name} is single-sided: side a only — {R_DOUBLE_SIDED.section}",
                        R_DOUBLE_SIDED)
    return s.refuse(f"{a}: not a legal welcome now — {sec}", R_WELCOME)


def check_hire(s, a):
    """3. Hire Your Grooms: once per turn, paid in full; then the groom's own rule (The
    Different Grooms)."""
    gid, arg = a.args
    if gid not in GROOM_INDEX:
        return _malformed(s, a, f"unknown groom {gid!r}; the grooms are {', '.join(GROOM_IDS)}", R_GROOM_TILES)
    p = a.player
    i = GROOM_INDEX[gid]
    groom = GROOMS[i]
    if s.hired[p] >> i & 1:
        return s.refuse(f"{a}: {groom.name} is already hired this turn; each Groom can only be hired once per turn "
                        f"— {R_HIRE.section}", R_HIRE)
    if groom.cost > s.coins[p]:
        return s.refuse(f"{a}: {groom.name} costs {groom.cost} coins and {s._name(p)} has {s.coins[p]}; "
                        f"a groom that cannot be paid in full cannot be hired — {R_PAY.section}", R_PAY)
    rule = groom_rule(gid)
    if arg == 0:
        return _refuse_hire_zero(s, a, gid, groom, rule)
    return _HIRE_REFUSAL[gid](s, a, arg, rule)


def _refuse_hire_zero(s, a, gid, groom, rule):
    sec = rule.section
    if gid == "false_reservation":
        return s.refuse(f"{a}: the False Reservation must face a row (1 to 3) — {sec}", rule)
    if s.game.options["grooms"] != "any":
        return s.refuse(f"{a}: the argument 0 (hired for nothing to act on) needs the option "
                        f"grooms='any' (ruling HP-06) — {sec}", rule)
    return s.refuse(f"{a}: {groom.name}'s effect has something to act on, so 'hire {gid} 0' is not "
                    f"offered: name its target (ruling HP-06) — {sec}", rule)


def _refuse_mason(s, a, arg, rule):
    if not 1 <= arg <= 3:
        return s.refuse(f"{a}: columns are numbered 1 to 3 — {rule.section}", rule)
    return s.refuse(f"{a}: the pillar group under column {arg} is full ({PILLARS} pillars) — {rule.section}", rule)


def _refuse_diplomat(s, a, arg, rule):
    return s.refuse(f"{a}: room {arg} holds no irritated guest of {s._name(a.player)}'s — {rule.section}", rule)


def _refuse_placer(s, a, arg, rule):
    p, sec = a.player, rule.section
    if not s.welcomed:
        return s.refuse(f"{a}: no guest was welcomed this turn — {sec}", rule)
    if arg == s.welcomed:
        return s.refuse(f"{a}: room {arg} holds {s._gname(p, arg)}, the guest welcomed this turn itself; "
                        f"it swaps with one of the guests orthogonally adjacent to it — {sec}", rule)
    return s.refuse(f"{a}: room {arg} holds no guest orthogonally adjacent to {s._gname(p, s.welcomed)}, "
                    f"the guest welcomed this turn — {sec}", rule)


def _refuse_false_reservation(s, a, arg, rule):
    sec = rule.section
    if not 1 <= arg <= 3:
        return s.refuse(f"{a}: the rows are 1 (lowest) to 3 (highest) — {sec}", rule)
    if not s._row_has_card(arg):
        return s.refuse(f"{a}: the {ROW_NAMES[arg]} row has no guest card left; the tile faces a row of "
                        f"available Guests — {sec}", rule)
    return s.refuse(f"{a}: the chosen row must correspond to a floor having at least one empty room in the "
                    f"opposing Hotel: floor {arg} of {s._name(1 - a.player)}'s hotel is full — {sec}", rule)


def _refuse_false_placer(s, a, arg, rule):
    o, sec = 1 - a.player, rule.section
    if not 1 <= arg <= 9 or not s.guests[o][arg]:
        return s.refuse(f"{a}: room {arg} of {s._name(o)}'s hotel holds no guest — {sec}", rule)
    if not s.tokens[o] >> arg & 1:
        return s.refuse(f"{a}: {s._gname(o, arg)} is not irritated; the False Placer designates an irritated "
                        f"customer — {sec}", rule)
    return s.refuse(f"{a}: {s._gname(o, arg)} has no orthogonally adjacent guest to swap with — {sec}", rule)


_HIRE_REFUSAL = {"mason": _refuse_mason, "false_reservation": _refuse_false_reservation, "placer": _refuse_placer,
                 "false_placer": _refuse_false_placer, "diplomat": _refuse_diplomat}
"""groom id -> why hiring it for that argument is refused (The Different Grooms)."""


def check_tour_room(s, a):
    """``serve`` and ``refuse``: only the guest in front of the groom pawn (the tour never goes
    back)."""
    why = _bad_room(s, a, a.args[0])
    if why is not None:
        return why
    return s.refuse(f"{a}: the groom is in front of room {s.cursor}; the tour goes from room 1 to 9 and "
                    f"never goes back — {R_NO_GOING_BACK.section}", R_NO_GOING_BACK)


def _legal_args(s) -> str:
    return ", ".join(str(x.args[0]) for x in s.legal_actions() if x.args)


def check_target(s, a):
    """A door-hanger effect's guest: another guest of the hotel toured (Who? Where?)."""
    why = _bad_room(s, a, a.args[0])
    if why is not None:
        return why
    rule = s.current_rule()
    room, h = a.args[0], s.active
    if room == s.node[3][4]:
        return s.refuse(f"{a}: the effect concerns another guest than {s._gname(h, room)} itself — {rule.section}",
                        rule)
    return s.refuse(f"{a}: room {room} of {s._name(h)}'s hotel is empty; choose one of {_legal_args(s)} — "
                    f"{rule.section}", rule)


def check_pillar(s, a):
    """A door-hanger effect's column: one of the 3 pillar groups, not empty."""
    if not 1 <= a.args[0] <= 3:
        return _malformed(s, a, f"columns (pillar groups) are numbered 1 to 3, got {a.args[0]}", R_PILLAR_GROUPS)
    rule = s.current_rule()
    return s.refuse(f"{a}: column {a.args[0]} has no pillar left — {rule.section}", rule)


def check_swap(s, a):
    """The False Placer: the designated guest swaps with an orthogonally adjacent guest."""
    why = _bad_room(s, a, a.args[0])
    if why is not None:
        return why
    rule = s.current_rule()
    return s.refuse(f"{a}: the designated guest swaps with a guest orthogonally adjacent to it (room "
                    f"{s.node[3][0]}): one of {_legal_args(s)} — {rule.section}", rule)


def check_doorbell(s, a):
    """5. Recover a Doorbell: only with fewer than 3 in the Hall."""
    return s.refuse(f"{a}: the Hall already holds {MAX_BELLS} doorbells — {R_RECOVER.section}", R_RECOVER)
