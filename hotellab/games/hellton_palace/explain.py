"""Words for people: the prompt, the status line, actions as sentences, and why an action is
refused (each refusal names the rule that forbids it).

Every function takes a :class:`~.state.HelltonPalaceState`; this module imports rules and
components, never the state module. Refusals are made with ``state.refuse(text, rule)``, so the
``IllegalActionError`` carries the RuleRef.
"""

from __future__ import annotations

from ...core.actions import CHANCE
from .components import FLOOR, GROOM_INDEX, GROOMS, GUESTS, MAX_BELLS, PILLARS, ROW_NAMES, SIDES
from .rules import (
    N_COLLECT, N_DISPLAY, N_END, N_HIRE, N_PILLAR, N_SERVE, N_SWAP, N_TARGET, N_WELCOME, R_COURSE,
    R_DOUBLE_SIDED, R_GROOM_TILES, R_HIRE, R_NO_GOING_BACK, R_PAY, R_PILLAR_GROUPS, R_RECOVER, R_ROOMS,
    R_ROW_CLOSED, R_SETUP, R_WELCOME, groom_rule,
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
        return (f"the False Placer: {s._name(p)}, swap {s._gname(p, s.node[2])} "
                f"with one of its adjacent guests (opponent's decision)")
    if kind == N_SERVE:
        r = s.cursor
        tok = " (irritated)" if s.irritated(h, r) else ""
        return f"serve {s._gname(h, r)}{tok} or do not serve"
    if kind == N_COLLECT:
        return f"collect {s.rents(p)} coins of rent, or recover a doorbell"
    _, _what, chooser, letter, concerned, _e, i, n = s.node[2]
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


_HIRE_WHAT = {"mason": "pillar back under column", "diplomat": "soothe room", "placer": "swap with room",
              "false_reservation": "face row", "false_placer": "designate the opponent's room"}


def action_to_string(s, a) -> str:
    """A sentence for people (nothing in this game is hidden)."""
    if a.player == CHANCE:
        return f"display {', '.join(map(str, a.args[0]))}" if a.kind == "display" and a.args else str(a)
    who = s._name(a.player)
    k = a.kind
    if k == "welcome" and len(a.args) == 3 and a.args[0] in GUESTS:
        g = GUESTS[a.args[0]]
        side = g.sides[1] if a.args[2] == "b" and g.double else g.sides[0]
        return f"{who}: welcome {side.name} into room {a.args[1]}" + (f" (side {a.args[2]})" if g.double else "")
    if k == "hire" and len(a.args) == 2 and a.args[0] in GROOM_INDEX:
        groom = GROOMS[GROOM_INDEX[a.args[0]]]
        if a.args[1] == 0:  # option grooms="any" (HP-06)
            return f"{who}: hire {groom.name} ({groom.cost}) with nothing to act on"
        return f"{who}: hire {groom.name} ({groom.cost}): {_HIRE_WHAT[a.args[0]]} {a.args[1]}"
    if k in ("serve", "refuse") and a.args:
        side = s.side_of(s.active, a.args[0]) if isinstance(a.args[0], int) and 1 <= a.args[0] <= 9 else None
        name = side.name if side else f"room {a.args[0]}"
        return f"{who}: {'serve' if k == 'serve' else 'do not serve'} {name}"
    if k == "target" and a.args and isinstance(a.args[0], int) and 1 <= a.args[0] <= 9:
        return f"{who}: choose {s._gname(s.active, a.args[0])}"
    if k == "pillar" and a.args:
        return f"{who}: a pillar of column {a.args[0]}"
    if k == "swap" and a.args and isinstance(a.args[0], int) and 1 <= a.args[0] <= 9:
        return f"{who}: swap with {s._gname(a.player, a.args[0])}"
    words = {"tour": "start the tour", "rents": "collect the rents", "doorbell": "recover a doorbell"}.get(k)
    return f"{who}: {words}" if words else str(a)


# == refusals ===================================================================================
def explain_chance(s, action):
    """Why a display is not a valid chance outcome here (Setup 6), or None."""
    sec = R_SETUP.section
    if action.kind != "display" or len(action.args) != 1 or not isinstance(action.args[0], tuple):
        return s.refuse(f"{action}: expected 'chance display <18 card numbers>' (the lowest row's 6 cards, "
                        f"then the middle row's, then the highest row's) — {sec}", R_SETUP, "malformed")
    cards = action.args[0]
    pool = set(s._pool())
    odd = [c for c in cards if isinstance(c, bool) or not isinstance(c, int)]
    if odd:  # str(action) would fail on these: name them without it
        return s.refuse(f"chance display: the display is 18 guest card numbers, got {', '.join(map(repr, odd))} "
                        f"— {sec}", R_SETUP, "malformed")
    if len(cards) != 18:
        return s.refuse(f"{action}: the display is 18 different guest cards in 3 rows of 6, got {len(cards)} — {sec}",
                        R_SETUP)
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        return s.refuse(f"{action}: the display is 18 different guest cards in 3 rows of 6; card(s) "
                        f"{', '.join(map(str, twice))} appear more than once — {sec}", R_SETUP)
    bad = [c for c in cards if c not in pool]
    if bad:
        which = ("the 18 introductory cards (option cards='intro')" if s.game.options["cards"] == "intro"
                 else "cards 1 to 36")
        return s.refuse(f"{action}: card(s) {', '.join(map(str, bad))} are not among {which} — {sec}", R_SETUP)
    return None


FORMS = {
    "welcome": ("card", "room", "side"), "hire": ("groom", "arg"), "swap": ("room",), "tour": (),
    "serve": ("room",), "refuse": ("room",), "target": ("room",), "pillar": ("column",),
    "rents": (), "doorbell": (),
}
"""action kind -> the names of its arguments."""
KIND_NODE = {"welcome": N_WELCOME, "hire": N_HIRE, "tour": N_HIRE, "swap": N_SWAP, "serve": N_SERVE,
             "refuse": N_SERVE, "target": N_TARGET, "pillar": N_PILLAR, "rents": N_COLLECT, "doorbell": N_COLLECT}
"""action kind -> the node kind where it is played."""


def _check_form(s, a) -> tuple[str, object] | None:
    """Why ``a`` is malformed, with the rule it breaks (None: the rule of the current node),
    or None. A room, a column or a groom that does not exist breaks the Game Components."""
    form = FORMS.get(a.kind)
    if form is None:
        kinds = sorted({x.kind for x in s.legal_actions()})
        return f"unknown action kind {a.kind!r}; here the kinds are: {', '.join(kinds)}", None
    usage = " ".join([a.kind] + [f"<{x}>" for x in form])
    if len(a.args) != len(form):
        return f"'{a.kind}' takes {len(form)} argument(s): {usage}", None
    for name, x in zip(form, a.args):
        if name == "side":
            if x not in SIDES:
                return f"a card's side is 'a' or 'b', got {x!r} ({usage})", R_DOUBLE_SIDED
            continue
        if name == "groom":
            if not isinstance(x, str) or x not in GROOM_INDEX:
                return f"unknown groom {x!r}; the grooms are {', '.join(GROOM_INDEX)} ({usage})", R_GROOM_TILES
            continue
        if isinstance(x, bool) or not isinstance(x, int):
            return f"<{name}> must be an integer, got {x!r} ({usage})", None
        if name == "room" and not 1 <= x <= 9:
            return f"rooms are numbered 1 to 9, got {x}", R_ROOMS
        if name == "column" and not 1 <= x <= 3:
            return f"columns (pillar groups) are numbered 1 to 3, got {x}", R_PILLAR_GROUPS
        if name == "card" and x not in GUESTS:
            return f"guest cards are numbered 1 to 36, got {x}", None
    return None


def explain(s, a):
    """Why the seat action ``a`` (not legal here) is refused: a Refusal naming its rule."""
    kind = s.node[0]
    rule = s.current_rule()
    sec = rule.section
    if a.player == CHANCE:
        return s.refuse(f"{a}: a chance outcome cannot be applied now: {s.status_text()} — {sec}", rule)
    if not 0 <= a.player < 2:
        return s.refuse(f"{a}: there is no seat {a.player} (seats 0 and 1) — {sec}", rule, "malformed")
    p = s.node[1]
    if a.player != p:
        extra = ""
        if p != s.active:
            extra = f" — the opponent's choice is {s._name(p)}'s, in the middle of {s._name(s.active)}'s turn"
        return s.refuse(f"{a} is not {s._name(a.player)}'s to play: {s._name(p)} decides now ({s.status_text()})"
                        f"{extra} — {sec}", rule, "not_your_turn")
    form = _check_form(s, a)
    if form is not None:
        why, broken = form
        broken = broken or rule
        return s.refuse(f"{a}: {why} — {broken.section}", broken, "malformed")
    if KIND_NODE[a.kind] != kind:  # a step out of its order (Course of the Game)
        return s.refuse(f"{a}: not now — {s.status_text()}; {prompt(s)} — {R_COURSE.section}", R_COURSE)
    if kind == N_WELCOME:
        return _explain_welcome(s, a)
    if kind == N_HIRE:
        return _explain_hire(s, a)
    h = s.active
    if kind == N_SERVE:
        return s.refuse(f"{a}: the groom is in front of room {s.cursor}; the tour goes from room 1 to 9 and "
                        f"never goes back — {R_NO_GOING_BACK.section}", R_NO_GOING_BACK)
    legal = ", ".join(str(x.args[0]) for x in s.legal_actions() if x.args)
    if kind == N_TARGET:
        room = a.args[0]
        if room == s.node[2][4]:
            return s.refuse(f"{a}: the effect concerns another guest than {s._gname(h, room)} itself — {sec}", rule)
        return s.refuse(f"{a}: room {room} of {s._name(h)}'s hotel is empty; choose one of {legal} — {sec}", rule)
    if kind == N_PILLAR:
        return s.refuse(f"{a}: column {a.args[0]} has no pillar left — {sec}", rule)
    if kind == N_SWAP:
        return s.refuse(f"{a}: the designated guest swaps with a guest orthogonally adjacent to it (room "
                        f"{s.node[2]}): one of {legal} — {sec}", rule)
    if kind == N_COLLECT and a.kind == "doorbell":
        return s.refuse(f"{a}: the Hall already holds {MAX_BELLS} doorbells — {R_RECOVER.section}", R_RECOVER)
    return None


def _explain_welcome(s, a):
    p = a.player
    card, room, side = a.args
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


def _explain_hire(s, a):
    p = a.player
    gid, arg = a.args
    i = GROOM_INDEX[gid]
    groom = GROOMS[i]
    rule = groom_rule(gid)
    sec = rule.section
    if s.hired[p] >> i & 1:
        return s.refuse(f"{a}: {groom.name} is already hired this turn; each Groom can only be hired once per turn "
                        f"— {R_HIRE.section}", R_HIRE)
    if groom.cost > s.coins[p]:
        return s.refuse(f"{a}: {groom.name} costs {groom.cost} coins and {s._name(p)} has {s.coins[p]}; "
                        f"a groom that cannot be paid in full cannot be hired — {R_PAY.section}", R_PAY)
    if isinstance(arg, bool) or not isinstance(arg, int):
        return s.refuse(f"{a}: the argument of 'hire {gid}' is a number — {sec}", rule, "malformed")
    if arg == 0:
        if gid == "false_reservation":
            return s.refuse(f"{a}: the False Reservation must face a row (1 to 3) — {sec}", rule)
        if s.game.options["grooms"] != "any":
            return s.refuse(f"{a}: the argument 0 (hired for nothing to act on) needs the option "
                            f"grooms='any' (ruling HP-06) — {sec}", rule)
        return s.refuse(f"{a}: {groom.name}'s effect has something to act on, so 'hire {gid} 0' is not "
                        f"offered: name its target (ruling HP-06) — {sec}", rule)
    o = 1 - p
    if gid == "mason":
        if not 1 <= arg <= 3:
            return s.refuse(f"{a}: columns are numbered 1 to 3 — {sec}", rule)
        return s.refuse(f"{a}: the pillar group under column {arg} is full ({PILLARS} pillars) — {sec}", rule)
    if gid == "diplomat":
        return s.refuse(f"{a}: room {arg} holds no irritated guest of {s._name(p)}'s — {sec}", rule)
    if gid == "placer":
        if not s.welcomed:
            return s.refuse(f"{a}: no guest was welcomed this turn — {sec}", rule)
        if arg == s.welcomed:
            return s.refuse(f"{a}: room {arg} holds {s._gname(p, arg)}, the guest welcomed this turn itself; "
                            f"it swaps with one of the guests orthogonally adjacent to it — {sec}", rule)
        return s.refuse(f"{a}: room {arg} holds no guest orthogonally adjacent to {s._gname(p, s.welcomed)}, "
                        f"the guest welcomed this turn — {sec}", rule)
    if gid == "false_reservation":
        if not 1 <= arg <= 3:
            return s.refuse(f"{a}: the rows are 1 (lowest) to 3 (highest) — {sec}", rule)
        if not s._row_has_card(arg):
            return s.refuse(f"{a}: the {ROW_NAMES[arg]} row has no guest card left; the tile faces a row of "
                            f"available Guests — {sec}", rule)
        return s.refuse(f"{a}: the chosen row must correspond to a floor having at least one empty room in the "
                        f"opposing Hotel: floor {arg} of {s._name(o)}'s hotel is full — {sec}", rule)
    if not 1 <= arg <= 9 or not s.guests[o][arg]:
        return s.refuse(f"{a}: room {arg} of {s._name(o)}'s hotel holds no guest — {sec}", rule)
    if not s.tokens[o] >> arg & 1:
        return s.refuse(f"{a}: {s._gname(o, arg)} is not irritated; the False Placer designates an irritated "
                        f"customer — {sec}", rule)
    return s.refuse(f"{a}: {s._gname(o, arg)} has no orthogonally adjacent guest to swap with — {sec}", rule)
