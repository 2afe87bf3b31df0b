"""Hostil Hostal's Event Card Guide: one handler per card, in card-number order.

Each card has four entries in :data:`CARDS`: ``kind`` — the action kind its owner activates
it with (``sedate``, ``bring``, ``grrr``, ``blanket``, ``sniff``; ``activate`` for a card
without a target), ``options(state, seat, pos)`` — the choices its owner has when
activating it (the choice *is* the activation, ruling HH-14), ``possible(state, seat,
pos)`` — whether it has anything to act on, and ``effect(state, action, seat, pos)`` — what
it does. A card being resolved waits at a :data:`CARD_NODES` node: its kind, then ``skip``. Every handler's
docstring quotes its card (Hostil Hostal Rulebook, Event Card Guide). The state being
resolved is ``state.item = (number, pos, card id)``. Sedated guests are "not affected by any
event" (HH-16): the handlers only ever touch awake guests.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.actions import Action
from ...core.node import Node
import hotellab.games.hostil_hostal.components as C
from .encoding import card_number, card_seat, guest, guest_seat, is_sedated
from .rules import N_CARD, RELOCATE, ROLL, R_2P_2X1, card_rule

# ---------------------------------------------------------------- helpers


def _own_awake_beds(s, p: int, pos: int) -> list[int]:
    me = guest(p)
    return [b for b, gs in enumerate(s.beds[pos]) if me in gs]


def _own_beds(s, p: int, pos: int) -> list[int]:
    return [b for b, gs in enumerate(s.beds[pos]) if any(guest_seat(g) == p for g in gs)]


def _activate(s, p: int, pos: int) -> list[Action]:
    return [Action("activate", (), p)]


def _always(s, p: int, pos: int) -> bool:
    return True


def _has_own_awake(s, p: int, pos: int) -> bool:
    return bool(_own_awake_beds(s, p, pos))


def twoxone_options(s, p: int, pos: int) -> list[Action]:
    """#2 2x1 choices: (source room, source bed, destination bed of this room)."""
    dst = _own_beds(s, p, pos)
    me = guest(p)
    src = [(q, b) for q, room in enumerate(s.beds) for b, gs in enumerate(room) if me in gs]
    return [Action("bring", (s.boards[q], b, d), p) for q, b in src for d in dst if (q, b) != (pos, d)]


def grrr_targets(s, p: int, pos: int, only_seat: int | None = None) -> list[Action]:
    """#3 Grrr choices: (bed, seat) of every awake guest in the room (of ``only_seat``)."""
    out = []
    for b, gs in enumerate(s.beds[pos]):
        for seat in sorted({guest_seat(g) for g in gs if not is_sedated(g)}):
            if only_seat is None or seat == only_seat:
                out.append(Action("grrr", (b, seat), p))
    return out


# ---------------------------------------------------------------- #1 .. #12

def sweet_dreams_options(s, p, pos):
    """#1: one of the owner's awake guests in this room (HH-34)."""
    return [Action("sedate", (b,), p) for b in _own_awake_beds(s, p, pos)]


def sweet_dreams(s, a, p, pos):
    """#1 Sweet Dreams (+1): "It applies to one of your guests. This meeple is flipped so it
    shows the "sedated" side. … Win 1 rest point." (one of the owner's awake guests in this
    room, HH-34)."""
    bed = a.args[0]
    s._remove_guest(pos, bed, p)
    s._add_guest(pos, bed, guest(p, sedated=True))
    s._gain(p, 1, s._card_name(1))
    s._emit(f"{s._name(p)} sedates their guest on bed {bed} of {s._label(pos)} and wins 1 rest point.",
            card_rule(1), [(p, 1)])


def two_for_one(s, a, p, pos):
    """#2 2x1: "You can bring one of your guests from another bed in any room and place it in
    the same bed where you already have a guest in this room." (HH-17)."""
    board, src, dst = a.args
    q = s.pos_of[board]
    s._remove_guest(q, src, p)
    s._add_guest(pos, dst, guest(p))
    s._emit(f"{s._name(p)} brings a guest from bed {src} of {s._label(q)} to share bed {dst} of {s._label(pos)}.",
            R_2P_2X1 if s.game.is_automata(p) else card_rule(2))


def grrr_options(s, p, pos):
    """#3: any awake guest in the room, anyone's."""
    return grrr_targets(s, p, pos)


def grrr_possible(s, p, pos):
    """#3 has something to act on when an awake guest is in the room."""
    return bool(s._awake(pos))


def grrr(s, a, p, pos):
    """#3 Grrr: "Remove any one guest from the room (someone else's or your own). The guest
    owner then chooses another unoccupied bed or the lobby to place the removed meeple." The
    owner's choice is a decision node (N_RELOCATE), or the automata's choice (HH-18, HH-31)."""
    bed, seat = a.args
    s._remove_guest(pos, bed, seat)
    s._emit(f"Grrr: {s._name(seat)}'s guest is thrown out of bed {bed} of {s._label(pos)}.", card_rule(3))
    s.ctx = ("relocate", seat, pos, bed)
    if s.game.is_automata(seat):
        s._automata_relocate(seat)  # automata.py: the most damage (the state calls it)
    else:
        s.node = RELOCATE[seat]
    return True  # the relocation finishes the card


def tap_tippity_tap(s, a, p, pos):
    """#4 Tap Tippity-Tap (-1): "Each guest in the room and the one immediately below loses 1
    rest point." (the room below: ruling HH-04)."""
    below = s.game.room_below(s, pos)
    guests = [g for q in [pos] + ([below] if below is not None else []) for _, g in s._awake(q)]
    where = s._label(pos) + (f" and {s._label(below)} below" if below is not None else "")
    s._hit_guests(guests, -1, s._card_name(4), f"Tap Tippity-Tap: each guest in {where} loses 1.", card_rule(4))


def party(s, a, p, pos):
    """#5 Party (-1): "Each guest in this room and the neighboring orthogonal rooms (non
    diagonally adjacent) lose 1 rest point." (HH-04)."""
    rooms = [pos] + s.game.room_neighbours(s, pos)
    guests = [g for q in rooms for _, g in s._awake(q)]
    s._hit_guests(guests, -1, s._card_name(5), f"Party: each guest in {', '.join(s._label(q) for q in rooms)} loses 1.",
                  card_rule(5))


def chocolate(s, a, p, pos):
    """#6 Chocolate (+1): "1 rest point to each guest you own in the room."."""
    guests = [g for _, g in s._awake(pos) if guest_seat(g) == p]
    s._hit_guests(guests, 1, s._card_name(6),
                  f"Chocolate: {s._name(p)}'s {len(guests)} guest(s) in {s._label(pos)} win 1 each.", card_rule(6))


def blanket_options(s, p, pos):
    """#7: one bed of this room with the owner's awake guest."""
    return [Action("blanket", (b,), p) for b in _own_awake_beds(s, p, pos)]


def seventeen_degrees(s, a, p, pos):
    """#7 17º (+2): "+2 rest points for each owned guest in one bed in this room."."""
    bed = a.args[0]
    guests = [g for g in s.beds[pos][bed] if g == guest(p)]
    s._hit_guests(guests, 2, s._card_name(7),
                  f"17º: {s._name(p)}'s {len(guests)} guest(s) on bed {bed} of {s._label(pos)} win 2 each.",
                  card_rule(7))


def tv(s, a, p, pos):
    """#8 TV (-1): "except the guests of the player that is currently behind on the slumber
    track … Each guest in this room that missed sleep loses 1 rest point." (every seat tied
    for the lowest score, the automata included: HH-20)."""
    low = min(s.score)
    behind = {seat for seat, v in enumerate(s.score) if v == low}
    guests = [g for _, g in s._awake(pos) if guest_seat(g) not in behind]
    who = " and ".join(s._name(seat) for seat in sorted(behind))
    s._hit_guests(guests, -1, s._card_name(8),
                  f"TV: every guest in {s._label(pos)} loses 1, except {who}'s (behind on the track).", card_rule(8))


def sniff_options(s, p, pos):
    """#9: one of the owner's meeples in this room (sedated too: it still smells, HH-19)."""
    return [Action("sniff", (b,), p) for b in _own_beds(s, p, pos)]


def sniff_possible(s, p, pos):
    """#9 needs one of the owner's meeples in the room."""
    return s._has_guest(p, pos)


def sniff(s, a, p, pos):
    """#9 Sniff (-1): "All the guests in beds orthogonally adjacent (non diagonally) to one of
    your meeples loses 1 rest point." (the owner's own guests there included, HH-19)."""
    bed = a.args[0]
    adj = s.layouts[pos].adjacent[bed]
    guests = [g for b in adj for g in s.beds[pos][b] if not is_sedated(g)]
    s._hit_guests(guests, -1, s._card_name(9), f"Sniff: guests next to bed {bed} of {s._label(pos)} lose 1.",
                  card_rule(9))


def scratch_scratch(s, a, p, pos):
    """#10 Scratch Scratch (-2): "Each guest in the room rolls the misfortune die. A result of 1
    or 2 means that guest has fleas and loses 2 rest points." (one roll per guest, HH-22)."""
    guests = [g for _, g in s._awake(pos)]
    s._emit(f"Scratch Scratch: each of the {len(guests)} guest(s) in {s._label(pos)} rolls the misfortune die.",
            card_rule(10))
    if guests:
        s.ctx = ("roll", "flea", pos, tuple(guests))
        s.node = ROLL["flea"]
        return True


def auuuuu(s, a, p, pos):
    """#11 Auuuuu (-1, -2): "Each guest in the room loses 1 rest point, including the wolf.
    Every other non-wolf guest in this room rolls the misfortune die: on a result of 1 or 2,
    the guest enters in panic and loses 2 additional rest points." (HH-21)."""
    guests = [g for _, g in s._awake(pos)]
    s._hit_guests(guests, -1, s._card_name(11),
                  f"Auuuuu: one of {s._name(p)}'s guests turns into a wolf; every guest in {s._label(pos)} loses 1.",
                  card_rule(11))
    others = list(guests)
    others.remove(guest(p))  # the wolf does not roll
    if others:
        s.ctx = ("roll", "panic", pos, tuple(others))
        s.node = ROLL["panic"]
        return True


def tools(s, pos: int) -> None:
    """#12 Mr. Tools (+2, +1): "Add 2 wear points to the room for the first Mr. Tools card plus 1
    for each additional Mr. Tools in the room. Add these points to those shown in the wear die of
    the room (to a maximum of 6)." All copies in the room at once (HH-23)."""
    k = sum(1 for c in s.cards[pos] if card_number(c) == C.TOOLS)
    before = s.wear[pos]
    s.own("wear")[pos] = min(C.MAX_WEAR, before + 2 + (k - 1))
    s._emit(f"{k} Mr. Tools in {s._label(pos)} repair it: wear {before} -> {s.wear[pos]}.", card_rule(C.TOOLS))


class CardHandler(NamedTuple):
    """The handlers of one card: the action ``kind`` that activates it, its owner's
    ``options``, whether it is ``possible`` (has anything to act on) and its ``effect``
    (returns True when a further decision or roll finishes the card)."""

    number: int
    kind: str
    options: object
    possible: object
    effect: object


CARDS = {
    1: CardHandler(1, "sedate", sweet_dreams_options, _has_own_awake, sweet_dreams),
    2: CardHandler(2, "bring", lambda s, p, pos: twoxone_options(s, p, pos),
                   lambda s, p, pos: bool(twoxone_options(s, p, pos)), two_for_one),
    3: CardHandler(3, "grrr", grrr_options, grrr_possible, grrr),
    4: CardHandler(4, "activate", _activate, _always, tap_tippity_tap),
    5: CardHandler(5, "activate", _activate, _always, party),
    6: CardHandler(6, "activate", _activate, _has_own_awake, chocolate),
    7: CardHandler(7, "blanket", blanket_options, _has_own_awake, seventeen_degrees),
    8: CardHandler(8, "activate", _activate, _always, tv),
    9: CardHandler(9, "sniff", sniff_options, sniff_possible, sniff),
    10: CardHandler(10, "activate", _activate, _always, scratch_scratch),
    11: CardHandler(11, "activate", _activate, _has_own_awake, auuuuu),
    12: CardHandler(12, "activate", _activate, _always, lambda s, a, p, pos: tools(s, pos)),
}
"""card number -> its handlers, in card-number order."""

CARD_NODES = {(p, n): Node(N_CARD, p, (h.kind, "skip")) for p in range(len(C.COLOURS)) for n, h in CARDS.items()}
"""(owner, card number) -> the node where the owner "decides whether to activate the effect or
not": the card's kind (its choices), then ``skip``."""


# ---------------------------------------------------------------- used by the state

def options(s, p: int) -> list[Action]:
    """The choices of the owner ``p`` of the card being resolved (without ``skip``)."""
    number, pos, _ = s.item
    return CARDS[number].options(s, p, pos)


def option_actions(s, node) -> list[Action]:
    """Resolution: the choices of the card's owner at its node (the ``legal`` of its kind);
    ``skip`` follows them (:func:`skip_actions`)."""
    number, pos, _ = s.item
    return CARDS[number].options(s, node[1], pos)


def skip_actions(s, node) -> list[Action]:
    """Resolution: the owner "decides whether to activate the effect or not": ``skip``."""
    return [Action("skip", (), node[1])]


def can_take_effect(s, owner: int) -> bool:
    """Whether the card being resolved has anything to act on (HH-15)."""
    number, pos, _ = s.item
    return CARDS[number].possible(s, owner, pos)


def effect(s, a: Action) -> None:
    """Apply the effect of the card being resolved with the owner's choice ``a``; the card is
    then discarded unless a further decision or roll finishes it."""
    number, pos, cid = s.item
    s.node = None
    if not CARDS[number].effect(s, a, card_seat(cid), pos):
        s._card_done()


def roll(s, a: Action) -> None:
    """One guest's misfortune die for #10 (fleas) or #11 (panic): "A result of 1 or 2" costs
    it 2 rest points (HH-22)."""
    _, what, pos, guests = s.ctx
    g = guests[0]
    d = a.args[0]
    number = 10 if what == "flea" else 11
    if d <= 2:
        label = "has fleas" if what == "flea" else "panics"
        s._hit_guests([g], -2, s._card_name(number), f"{s._name(guest_seat(g))}'s guest rolls {d} and {label}: -2.",
                      card_rule(number))
    else:
        s._emit(f"{s._name(guest_seat(g))}'s guest rolls {d}: no harm.", card_rule(number))
    rest = guests[1:]
    if rest:
        s.ctx = ("roll", what, pos, rest)
    else:
        s.ctx = None
        s._card_done()
