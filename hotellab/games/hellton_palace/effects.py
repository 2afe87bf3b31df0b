"""Door-hanger effects of Hellton Palace: one handler per effect, in the rulebook's order.

Rulebook sections: "Description of the Effects" (What? and Who? Where?) and "Special
Effects". Serving a guest (Course of the Game / 4. Serve the Guest) queues its door hanger's
effects, bottom to top, as ``("E", room, effect)`` entries of ``state.todo``; :func:`run`
expands each one *when it is reached* (ruling HP-13: an earlier effect may have changed the
targets) into small operations and applies them:

- ``("T", room, src, effect)`` add an irritation token (a second one is a tantrum);
- ``("TS", room, src, effect)`` add one if the guest is satisfied;
- ``("TT", room, src, effect)`` the tantrum effect: if irritated, its token and a doorbell go;
- ``("P", column, src, effect)`` remove a pillar of that column;
- ``("D", 0, src, effect)`` remove a doorbell from the Hall;
- ``("F", room, src, effect)`` flip the card;
- ``("Q", "guest" | "pillar", chooser, letter, concerned, effect, i, n)`` a choice: the state
  stops at a decision node (``N_TARGET`` or ``N_PILLAR``) until ``chooser`` picks a guest or a
  column; ``letter`` is the operation it becomes, ``i`` of ``n`` counts repeated choices.

Every function here takes the state being changed (a fresh copy inside ``apply``; a list field
is written only after ``s.own(name)``, or ``s._row(name, seat)`` for a row of ``guests`` or
``pillars``, copy-on-write); this module imports rules and components, never the state module.
"""

from __future__ import annotations

from .components import ADJ, BASIC, COL, GEO, GUESTS, SPECIALS, WHERE_WORDS
from .rules import N_PILLAR, N_TARGET, R_EFFECTS, R_IRRITATION, R_NOT_SERVE, choice_node, effect_rule

_OP_LETTER = {"irritate": "T", "irritate_satisfied": "TS", "tantrum": "TT"}


def _bits(mask: int) -> int:
    return bin(mask).count("1")


# == the loop ==================================================================================
def run(s) -> None:
    """Apply the pending operations of ``s.todo`` until a choice is needed, the hotel falls
    (End of the Game: "as soon as one of these conditions is met", ruling HP-16), or they are
    done (then the groom moves on to the next room)."""
    h = s.active
    while s.todo:
        op = s.todo[0]
        s.todo = s.todo[1:]
        k = op[0]
        if k == "E":
            ops = EXPAND[op[2].what](s, op[1], op[2])
            if ops:
                s.todo = tuple(ops) + s.todo
            continue
        if k == "Q":
            if _ask(s, op):
                return
            continue
        ATOMIC[k](s, op)
        if s.hotel_fallen(h):
            s._hotel_falls(h)
            return
    s._next_room()


def _ask(s, op) -> bool:
    """A choice: stop at a decision node for its chooser (True), or say that nothing can be
    chosen (False: "apply it as much as possible anyway", Description of the Effects)."""
    _, kind, chooser, _letter, concerned, _e, _i, _n = op
    if kind == "guest":
        if not s._occupied_others(s.active, concerned):
            s._emit(f"{s._gname(s.active, concerned)}: no other guest to choose: nothing happens.", R_EFFECTS)
            return False
        s.node = choice_node(N_TARGET, chooser, op)
        return True
    s.node = choice_node(N_PILLAR, chooser, op)
    return True


def _nothing(s, r: int, why: str, e) -> list:
    s._emit(f"{s._gname(s.active, r)}: {why}: nothing happens.", effect_rule(e))
    return []


# == "What?" x "Who? Where?" (Description of the Effects) ====================================
def _irritation(s, r: int, e) -> list:
    """Add an Irritation token / If the Guest concerned is satisfied, add an Irritation token /
    If the Guest concerned is irritated, remove its token as well as a Doorbell token
    (Description of the Effects / What?), to the guests the "Who? Where?" pictogram names:
    the adjacent or all guests of the row and/or column, or another guest of your (or your
    opponent's) choice (Who? Where?)."""
    h = s.active
    letter = _OP_LETTER[e.what]
    where = e.where
    if where == "choice" or where == "opponent_choice":
        chooser = h if where == "choice" else 1 - h
        return [("Q", "guest", chooser, letter, r, e, 1, 1)]
    g = s.guests[h]
    targets = [n for n in GEO[where][r] if g[n]]
    if not targets:
        s._emit(f"{s._gname(h, r)}: {e.text} — nobody there: nothing happens.", effect_rule(e))
    return [(letter, n, r, e) for n in targets]


def _pillar(s, r: int, e) -> list:
    """Remove a Pillar token from the column of this Guest, unless otherwise indicated (a
    column of your choice, or of your opponent's choice) (Description of the Effects)."""
    if e.where is None:
        return [("P", COL[r], r, e)]
    chooser = s.active if e.where == "choice" else 1 - s.active
    return [("Q", "pillar", chooser, "P", r, e, 1, 1)]


def _doorbell(s, r: int, e) -> list:
    """Remove a Doorbell token from your Hall (Description of the Effects / What?)."""
    return [("D", 0, r, e)]


def _flip(s, r: int, e) -> list:
    """Flip this card over (Description of the Effects / What?)."""
    return [("F", r, r, e)]


# == Special Effects, 1 to 14 ===================================================================
def _doorbell_if_hired(s, r: int, e) -> list:
    """Special Effects 1: Remove a Doorbell token from your Hall if you have at least one hired Groom."""
    if s.hired[s.active]:
        return [("D", 0, r, e)]
    return _nothing(s, r, "no groom is hired", e)


def _pillar_per_opponent_groom(s, r: int, e) -> list:
    """Special Effects 2: Remove one of your Pillar tokens (in the column of your choice) for
    each Groom currently hired by your opponent (its tiles stay hired until its next step 2,
    ruling HP-07)."""
    h, o = s.active, 1 - s.active
    k = _bits(s.hired[o])
    if not k:
        return _nothing(s, r, f"{s._name(o)} has no hired groom", e)
    return [("Q", "pillar", h, "P", r, e, i + 1, k) for i in range(k)]


def _doorbell_if_twin_satisfied(s, r: int, e) -> list:
    """Special Effects 3: Remove one of your Doorbell tokens if the Guest in the room with the
    same number in the opposing Hotel is satisfied."""
    o = 1 - s.active
    if s.guests[o][r] and not s.tokens[o] >> r & 1:
        return [("D", 0, r, e)]
    return _nothing(s, r, f"room {r} of {s._name(o)}'s hotel holds no satisfied guest", e)


def _pillar_per_doorbell(s, r: int, e) -> list:
    """Special Effects 4: Remove one of your Pillar tokens in the column of your choice for each
    Doorbell token in your Hall (counted when the effect starts, ruling HP-13)."""
    h = s.active
    k = s.doorbells[h]
    return [("Q", "pillar", h, "P", r, e, i + 1, k) for i in range(k)]


def _doorbell_if_same_doorbells(s, r: int, e) -> list:
    """Special Effects 5: Remove one of your Doorbell tokens if there are as many Doorbell
    tokens in your Hall as in your opponent's."""
    h, o = s.active, 1 - s.active
    if s.doorbells[h] == s.doorbells[o]:
        return [("D", 0, r, e)]
    return _nothing(s, r, f"the Halls hold {s.doorbells[h]} and {s.doorbells[o]} doorbells", e)


def _copy_twin(s, r: int, e) -> list:
    """Special Effects 6: This Guest copies the effects of the door hanger of the Guest located in
    the room bearing the same number in the opposing Hotel. If this room is empty, nothing
    happens. (Ruling HP-13: its current side, applied as this guest's own; a copied copy does
    nothing.)"""
    o = 1 - s.active
    tw = s.side_of(o, r)
    if tw is None:
        return _nothing(s, r, f"room {r} of {s._name(o)}'s hotel is empty", e)
    copied = [x for x in tw.hanger if x.what != "copy_twin"]
    s._emit(f"{s._gname(s.active, r)} copies the door hanger of {tw.name} (room {r} of {s._name(o)}'s hotel): "
            f"{'; '.join(x.text for x in copied) or 'nothing to copy'}.", effect_rule(e))
    return [("E", r, x) for x in copied]


def _irritate_self_per_irritated(s, r: int, e) -> list:
    """Special Effects 7 and 14: Add to this Guest as many Irritation tokens as it has irritated
    adjacent Guests in its row and/or column (7) / as there are irritated Guests in its row
    and/or column (14); one at a time, so every second one is a tantrum (Irritation Tokens)."""
    h = s.active
    g, t = s.guests[h], s.tokens[h]
    k = sum(1 for n in GEO[e.where][r] if g[n] and t >> n & 1)
    if not k:
        return _nothing(s, r, "no irritated guest there", e)
    s._emit(f"{s._gname(h, r)}: {k} irritated guest{'s' if k > 1 else ''} ({WHERE_WORDS[e.where]}): "
            f"{k} irritation token{'s' if k > 1 else ''} for itself, one at a time.", effect_rule(e))
    return [("T", r, r, e)] * k


def _irritate_per_pillar(s, r: int, e) -> list:
    """Special Effects 8: Add an Irritation token to other Guests of your choice for each Pillar
    present in this column. You may add several tokens to the same Guest."""
    h = s.active
    k = s.pillars[h][COL[r] - 1]
    return [("Q", "guest", h, "T", r, e, i + 1, k) for i in range(k)]


def _pillar_per_adjacent(s, r: int, e) -> list:
    """Special Effects 9 and 10: Remove a Pillar from this column for each satisfied (9) /
    irritated (10) adjacent Guest."""
    h = s.active
    g, t = s.guests[h], s.tokens[h]
    want = 1 if e.what == "pillar_per_irritated_adjacent" else 0
    k = sum(1 for n in ADJ[r] if g[n] and (t >> n & 1) == want)
    if not k:
        return _nothing(s, r, f"no {'irritated' if want else 'satisfied'} adjacent guest", e)
    return [("P", COL[r], r, e)] * k


def _irritate_per_doorbell(s, r: int, e) -> list:
    """Special Effects 11: Add an Irritation token to other Guests of your choice for each
    Doorbell token in your Hall. You may add several tokens to the same Guest."""
    h = s.active
    k = s.doorbells[h]
    return [("Q", "guest", h, "T", r, e, i + 1, k) for i in range(k)]


def _doorbell_if_poorer(s, r: int, e) -> list:
    """Special Effects 12: Remove one of your Doorbell tokens if the value of your opponent's Coin
    tokens is strictly greater than yours."""
    h, o = s.active, 1 - s.active
    if s.coins[o] > s.coins[h]:
        return [("D", 0, r, e)]
    return _nothing(s, r, f"{s._name(o)} has {s.coins[o]} coins, {s._name(h)} {s.coins[h]}", e)


def _pillar_left_right(s, r: int, e) -> list:
    """Special Effects 13: Remove a Pillar in the columns to the left and right of that of the
    Guest concerned (as much as possible at the edge)."""
    c = COL[r]
    return [("P", x, r, e) for x in (c - 1, c + 1) if 1 <= x <= 3]


EXPAND = {
    # Description of the Effects / What? (with Who? Where?)
    "irritate": _irritation, "irritate_satisfied": _irritation, "tantrum": _irritation,
    "pillar": _pillar, "doorbell": _doorbell, "flip": _flip,
    # Special Effects 1-14
    "doorbell_if_hired": _doorbell_if_hired,
    "pillar_per_opponent_groom": _pillar_per_opponent_groom,
    "doorbell_if_twin_satisfied": _doorbell_if_twin_satisfied,
    "pillar_per_doorbell": _pillar_per_doorbell,
    "doorbell_if_same_doorbells": _doorbell_if_same_doorbells,
    "copy_twin": _copy_twin,
    "irritate_self_per_irritated_adjacent": _irritate_self_per_irritated,
    "irritate_per_pillar": _irritate_per_pillar,
    "pillar_per_satisfied_adjacent": _pillar_per_adjacent,
    "pillar_per_irritated_adjacent": _pillar_per_adjacent,
    "irritate_per_doorbell": _irritate_per_doorbell,
    "doorbell_if_poorer": _doorbell_if_poorer,
    "pillar_left_right": _pillar_left_right,
    "irritate_self_per_irritated": _irritate_self_per_irritated,
}
"""effect name (``Effect.what``) -> its handler ``(state, room, effect) -> operations``."""
assert tuple(EXPAND) == BASIC + SPECIALS, "EXPAND follows the rulebook's order"


# == the operations ============================================================================
def _by(s, op) -> str:
    k, x, src, _e = op
    return f" ({s._gname(s.active, src)})" if src and src != x else ""


def op_irritate(s, op) -> None:
    """Add an Irritation token (What?; a guest not served, Do Not Serve the Guest); a second
    token is never added: a tantrum (Irritation Tokens). ``TS``: only if satisfied."""
    k, x, _src, e = op
    h = s.active
    rule = effect_rule(e) if e is not None else R_NOT_SERVE
    if s.tokens[h] >> x & 1:
        if k == "TS":
            s._emit(f"{s._gname(h, x)} is already irritated: nothing happens{_by(s, op)}.", rule)
            return
        tantrum(s, h, x, f"a second irritation token{_by(s, op)}")
        return
    s.own("tokens")[h] |= 1 << x
    s._emit(f"{s._gname(h, x)} gets an irritation token{_by(s, op)}.", rule)


def op_tantrum_if_irritated(s, op) -> None:
    """If the Guest concerned is irritated, remove its Irritation token as well as a Doorbell
    token from your Hall. Otherwise, nothing happens (What?)."""
    _k, x, _src, e = op
    h = s.active
    if s.tokens[h] >> x & 1:
        s.own("tokens")[h] &= ~(1 << x)
        s.own("doorbells")[h] -= 1
        s._emit(f"{s._gname(h, x)} is irritated: tantrum{_by(s, op)} — its token goes back and a doorbell "
                f"falls ({s.doorbells[h]} left).", effect_rule(e))
    else:
        s._emit(f"{s._gname(h, x)} is satisfied: nothing happens{_by(s, op)}.", effect_rule(e))


def op_pillar(s, op) -> None:
    """Remove a Pillar token from a column (What?); none left there: as much as possible."""
    _k, x, src, e = op
    h = s.active
    if s.pillars[h][x - 1] == 0:  # only when a pillar of an empty group is asked for
        s._emit(f"Column {x} has no pillar left to remove.", R_EFFECTS)
        return
    s._row("pillars", h)[x - 1] -= 1
    s._emit(f"{s._gname(h, src)}: a pillar under column {x} is destroyed ({s.pillars[h][x - 1]} left there).",
            effect_rule(e))


def op_doorbell(s, op) -> None:
    """Remove a Doorbell token from your Hall (What?)."""
    h = s.active
    s.own("doorbells")[h] -= 1
    s._emit(f"{s._gname(h, op[2])}: a doorbell is removed from the Hall ({s.doorbells[h]} left).", effect_rule(op[3]))


def op_flip(s, op) -> None:
    """Flip this card over (What?); a single-sided card does nothing (ruling HP-13)."""
    _k, x, _src, e = op
    h = s.active
    gv = s.guests[h][x]
    if GUESTS[gv >> 1].double:
        s._row("guests", h)[x] = gv ^ 1  # GUEST packing: the side is the lowest bit
        s._emit(f"{s._gname(h, x)}: the card is flipped (was {GUESTS[gv >> 1].sides[gv & 1].name}).", effect_rule(e))
    else:
        s._emit(f"{s._gname(h, x)}: a single-sided card cannot flip: nothing happens.", effect_rule(e))


ATOMIC = {"T": op_irritate, "TS": op_irritate, "TT": op_tantrum_if_irritated, "P": op_pillar,
          "D": op_doorbell, "F": op_flip}
"""operation letter -> the function that applies it."""


def tantrum(s, h: int, room: int, why: str) -> None:
    """Irritation Tokens: "if you must add a second Irritation token to a Guest, do not do so.
    Instead, remove the one it already has … Then, remove a Doorbell token from your Hall."."""
    s.own("tokens")[h] &= ~(1 << room)
    s.own("doorbells")[h] -= 1
    s._emit(f"{s._gname(h, room)} already has an irritation token: {why} is never added; tantrum — "
            f"its token goes back and a doorbell leaves the Hall ({s.doorbells[h]} left).", R_IRRITATION)
