"""Hostil Hostal's Variation for 2 Players: the automata (seat 2) and what it decides.

In rulebook order: its Dusk cards, the Night's Automata phase, the Special action (in
``state.py``'s move rules), its Dawn cards (Out! for Grrr, 2x1, "Other cards": the most
damage) and its reform side. Every function takes the state being changed (``s``).
Rulings HH-29 to HH-33 and HH-25 in ``docs/rulings/hostil_hostal.md``.
"""

from __future__ import annotations

from ...core.actions import Action
import hotellab.games.hostil_hostal.cards as cards
import hotellab.games.hostil_hostal.components as C
from .encoding import act, card, guest, guest_seat
from .rules import (
    AUTOROOM, FORCED_GRRR, N_FORCED_GRRR, PICK, RELOCATE, ROLLOFF, R_2P_DAMAGE, R_2P_DUSK, R_2P_GRRR, R_2P_PHASE, autobed_node,
    card_rule,
)

# ---------------------------------------------------------------- Dusk phase


def place_dusk_cards(s, seat: int) -> None:
    """Dusk phase: "Draw three cards from the automata's deck and place them face down each in
    one room without seeing them." — one per room in position order (HH-29)."""
    drawn = s.hands[seat]
    s.own("hands")[seat] = ()
    room_cards = s.own("cards")
    for pos, c in zip(range(len(s.beds)), drawn):
        room_cards[pos] = room_cards[pos] + (card(seat, c),)
    s._emit(f"{s._name(seat)} places a face-down card in each room.", R_2P_DUSK)


# ---------------------------------------------------------------- Night phase: the Automata phase


def phase_possible(s) -> bool:
    """Night phase: "If there are not enough cards in the deck for both players, omit this
    phase"; also omitted when no automata guest is left in the Lobby or every room is full
    (HH-30)."""
    auto = s.game.automata_seat
    return (
        len(s.decks[auto]) >= 2
        and s.lobby[auto] > 0
        and any(not s._room_full(q) for q in range(len(s.beds)))
    )


def start_phase(s) -> None:
    """Night phase: "each player will draw a card from the automata's deck"."""
    s.auto_cards = ()
    s._emit("Automata phase: each player draws a card from the automata's deck.", R_2P_PHASE)
    draw_next(s)


def draw_next(s) -> None:
    """The next player draws an automata card; after both, "Both cards are revealed
    simultaneously: the player that has the highest numbered card will be able to place a
    guest"."""
    auto = s.game.automata_seat
    order = s._order()
    i = len(s.auto_cards)
    if i < len(order):
        seat = order[i]
        deck = s.decks[auto]
        s.own("decks")[auto] = deck[1:]
        s.auto_cards = s.auto_cards + ((seat, deck[0], None),)
        s.node = AUTOROOM[seat]
        return
    win = max(s.auto_cards, key=lambda t: t[1])
    parts = ", ".join(f"{s._name(seat)} #{c} in {s._label(q)}" for seat, c, q in s.auto_cards)
    s._emit(f"Automata cards revealed: {parts}. {s._name(win[0])} places the automata's guest.", R_2P_PHASE)
    s.node = autobed_node(win[0], win[2])


def room_actions(s, node) -> list[Action]:
    """"place it face down on a room where they would like to place an automata's guest … A
    player cannot select a filled up room.\""""
    p = node.seat
    return [act("autoroom", (s.boards[q],), p) for q in range(len(s.beds)) if not s._room_full(q)]


def bed_actions(s, node) -> list[Action]:
    """"place a guest in the bed of her choice in the room she selected" (an unoccupied bed)."""
    p, pos = node.seat, node.context[0]
    return [act("autobed", (b,), p) for b, gs in enumerate(s.beds[pos]) if not gs]


def do_autoroom(s, a: Action) -> None:
    """Night phase: "place it face down on a room where they would like to place an automata's guest"."""
    pos = s.pos_of[a.args[0]]
    seat, card, _ = s.auto_cards[-1]
    s.auto_cards = s.auto_cards[:-1] + ((seat, card, pos),)
    s._emit(f"{s._name(seat)} puts an automata card face down on room {s._label(pos)}.", R_2P_PHASE)
    draw_next(s)


def do_autobed(s, a: Action) -> None:
    """The automata's guest goes from the Lobby to the chosen bed; "Both cards are then
    discarded"; the next round begins."""
    auto = s.game.automata_seat
    pos = s.node.context[0]
    s.own("lobby")[auto] -= 1
    s._add_guest(pos, a.args[0], guest(auto))
    s._emit(f"{s._name(a.player)} places an automata guest on bed {a.args[0]} of room {s._label(pos)}; both "
            "automata cards are discarded.", R_2P_PHASE)
    s._to_discard(auto, tuple(c for _, c, _ in s.auto_cards))
    s.auto_cards = ()
    s._new_round()


# ---------------------------------------------------------------- Dawn phase


def resolve_card(s, auto: int) -> None:
    """Dawn phase: "The automata's cards are resolved as always, with the following
    exceptions": Out! (#3), 2x1 (#2) and "Other cards" (the most damage). It always attempts
    its optional cards (HH-31)."""
    number, pos, _ = s.item
    if C.cards()[number].lock:
        cards.effect(s, Action("activate", (), auto))
        return
    if number == 3:
        _grrr(s, auto, pos)
        return
    options = cards.options(s, auto)
    if number == 2:
        options = _two_for_one_options(s, pos, options)
    choose(s, options)


def _grrr(s, auto: int, pos: int) -> None:
    """Out! (card #3, Grrr): "If both players have guests in the room with the grumpy guest,
    they both roll a die. The player with the lower roll is the one that has to move one of
    her guests from the room." With one player there, the automata throws out the guest that
    does the most damage; with none, nothing happens (HH-33)."""
    humans = [seat for seat in range(s.game.num_players) if any(guest_seat(g) == seat for _, g in s._awake(pos))]
    if len(humans) == 2:
        s.ctx = ("rolloff", tuple(humans))
        s.node = ROLLOFF
        return
    if not humans:
        s._emit("Grrr (automata): no player's guest is in the room; nothing happens.", R_2P_GRRR)
        s._card_done()
        return
    choose(s, cards.grrr_targets(s, auto, pos, only_seat=humans[0]))


def _two_for_one_options(s, pos: int, options: list[Action]) -> list[Action]:
    """2x1 (card #2): "The automata will bring a guest from the bed with lesser points and will
    place it in this room on the bed with the highest points where it already has a guest."
    (HH-32)."""
    if not options:
        return options
    val = lambda board, b: s.layouts[s.pos_of[board]].beds[b][2]  # noqa: E731
    low = min(val(o.args[0], o.args[1]) for o in options)
    options = [o for o in options if val(o.args[0], o.args[1]) == low]
    high = max(s.layouts[pos].beds[o.args[2]][2] for o in options)
    return [o for o in options if s.layouts[pos].beds[o.args[2]][2] == high]


def forced_grrr_actions(s, p: int) -> list[Action]:
    """The roll-off loser chooses which of her guests leaves the room."""
    return cards.grrr_targets(s, p, s.item[1], only_seat=p)


def grrr_actions(s, node) -> list[Action]:
    """The ``grrr`` choices: the card's owner resolving #3 Grrr (any awake guest in the room),
    or the roll-off loser (one of her own guests)."""
    if node[0] == N_FORCED_GRRR:
        return forced_grrr_actions(s, node[1])
    return cards.option_actions(s, node)


def do_rolloff(s, a: Action) -> None:
    """The Grrr roll-off: equal rolls roll again; the lower roll moves one of her guests."""
    humans = s.ctx[1]
    x, y = a.args
    if x == y:
        s._emit(f"Grrr roll-off: both roll {x}; roll again.", R_2P_GRRR)
        return
    loser = humans[0] if x < y else humans[1]
    s._emit(f"Grrr roll-off: {s._name(humans[0])} {x}, {s._name(humans[1])} {y}; "
            f"{s._name(loser)} must move one of her guests.", R_2P_GRRR)
    s.ctx = None
    opts = cards.grrr_targets(s, loser, s.item[1], only_seat=loser)
    if len(opts) == 1:
        cards.effect(s, opts[0])
    else:
        s.node = FORCED_GRRR[loser]


def relocate(s, seat: int) -> None:
    """#3 Grrr threw out the automata's own guest: it chooses where it goes by damage, among
    the same destinations as a player (another room's free bed or the Lobby, HH-18)."""
    s.node = None
    choose(s, s._relocate_destinations(seat))


# ---------------------------------------------------------------- "Other cards": the most damage


def human_values(s) -> list[int]:
    """Each player's value (rest points plus the rest their guests would get as the rooms
    stand): the measure of damage (HH-31)."""
    return [s.heuristic_value(seat) for seat in range(s.game.num_players)]


def damage_rank(s, option: Action, base: list[int]) -> tuple:
    """(total loss of the players' value, how many players lose): "the most damage to the
    players", and "If it has to choose between taking 2 points from one player or 1 points
    from 2 both players, it will choose the option that will damage both" (HH-31)."""
    t = s._copy()
    t._pending_events = None
    _apply_scratch(t, option)
    after = human_values(t)
    losses = [b - a for b, a in zip(base, after)]
    return (sum(losses), sum(1 for x in losses if x > 0))


def _apply_scratch(s, a: Action) -> None:
    """The effect of an automata option on a scratch copy (for ranking)."""
    if a.kind == "relocate":
        s._put(s.ctx[1], a.args, card_rule(3))
    elif a.kind == "grrr":
        s._remove_guest(s.item[1], a.args[0], a.args[1])
    else:
        cards.CARDS[s.item[0]].effect(s, a, s.game.automata_seat, s.item[1])


def choose(s, options: list[Action]) -> None:
    """Take the option with the most damage; a remaining tie is settled by a die (a chance
    ``pick``): "If there are discussions, assign numbers to the guests and roll a die"."""
    if not options:
        s._card_done()
        return
    if len(options) > 1:
        base = human_values(s)
        ranks = [damage_rank(s, o, base) for o in options]
        top = max(ranks)
        options = [o for o, r in zip(options, ranks) if r == top]
    if len(options) == 1:
        do(s, options[0])
    else:
        s.ctx = ("pick", tuple(options), s.ctx)
        s.node = PICK


def do_pick(s, a: Action) -> None:
    """The die roll that settles the automata's tied choice."""
    _, options, s.ctx = s.ctx
    choice = options[a.args[0]]
    s._emit(f"The automata's choice is settled by a die roll: option {a.args[0] + 1} of {len(options)}.", R_2P_DAMAGE)
    s.node = None
    do(s, choice)


def do(s, a: Action) -> None:
    """Carry out the automata's chosen option."""
    auto = s.game.automata_seat
    if a.kind == "relocate":
        s._put(s.ctx[1], a.args, card_rule(3))
        s.ctx = None
        s._card_done()
    elif a.kind == "grrr":
        bed, seat = a.args
        pos = s.item[1]
        s._remove_guest(pos, bed, seat)
        s._emit(f"Grrr (automata): {s._name(seat)}'s guest is thrown out of bed {bed} of {s._label(pos)}.",
                R_2P_DAMAGE)
        s.ctx = ("relocate", seat, pos, bed)
        s.node = RELOCATE[seat]
    else:
        cards.effect(s, Action(a.kind, a.args, auto))


# ---------------------------------------------------------------- Day: reform


def reform_side(rid: int) -> str:
    """Reform: the automata, alone with Mr. Tools in a room, takes the side with the lower rug
    (the most damage, HH-25)."""
    sides = C.reforms()[rid]
    return "a" if sides["a"] <= sides["b"] else "b"

