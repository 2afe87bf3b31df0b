"""Boutique Hotel Manager in words: the status line (a part of
:class:`~.state.BoutiqueHotelState`), and for each action kind the refusal of an instance that
is not legal (``<kind>_check``, naming its rule) and the sentence it reads as
(``<kind>_words``). The action table (``moves.py``) declares them; the core calls them after
its own checks of the grammar (``hotellab.core.kinds``), of the seat that decides and of the
kinds the node allows."""

from __future__ import annotations

from ...core.actions import Action
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from ._common import ADJ, BASE_KIND, FACES, GUESTS, NR, STEP, node_seat
from .rules import (
    N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END, N_EXPAND, N_HIRE,
    N_RANK_BID, N_RANK_ROLL, N_SET_PRICE, R_BLANK, R_BLOCK, R_DOORS, R_EXPAND, R_HIRE, R_PRICES,
    R_PRICE_VALUES, R_SAME_ROOMS, R_WAGES,
)
from .stays import stay_masks

_TURN_WORDS = {  # the status line's words for the decisions of the reservation phase and the walk-in days
    N_CHANGE: "{who} may change one price die", N_CHECKIN_ROLL: "roll the check-in die",
    N_DRAW: "draw a guest card", N_BID: "{who} bids for marketing (tie)", N_BLOCK: "{who} blocks rooms",
}


class Explanations:
    """The status line of :class:`~.state.BoutiqueHotelState` (a mixin)."""

    __slots__ = ()

    def _status_text(self) -> str:
        kind = BASE_KIND.get(self.node[0], self.node[0])
        if kind == N_END:
            win = self._winners()
            return "Game over — " + ("nobody wins" if not win else "winner: " + ", ".join(self._name(s) for s in win))
        lead = f"Week {self.week}"
        p = node_seat(self.node)
        who = self._name(p) if p >= 0 else ""
        if kind == N_SET_PRICE:
            return f"{lead}, preparation — {who} sets the {C.DICE[len(self.draft[p])]} price die in secret"
        if kind in _TURN_WORDS:
            if self.day:
                lead += f", {C.day_name(self.day)}"
            else:
                lead += f", guest card {self.turn + 1} of {self.cards_this_week()}"
            return f"{lead} — " + _TURN_WORDS[kind].format(who=who)
        if self.day:
            lead += f", {C.day_name(self.day)}"
        if kind == N_HIRE:
            k = self.staff[p].index(-1)
            return f"{lead}, planning — {who} hires {C.STAFF_NAMES[k]} staff"
        if kind == N_RANK_BID:
            return f"{lead}, walk-in ranking — {who} bids for marketing (equal money)"
        if kind == N_RANK_ROLL:
            return f"{lead}, walk-in ranking — roll the die for {who}"
        if kind == N_BUDGET_ROLL:
            return f"{lead}, walk-in {self.walk + 1} — roll the guest's budget"
        if kind == N_EXPAND:
            return f"{lead}, expansion — {who} may buy rooms (1000 each)"
        return lead  # pragma: no cover


# == refusals, by kind =======================================================================
# The core has checked the grammar (kind, seat or chance, arguments and their types), that the
# deciding seat plays it and that the node allows the kind; a kind's check says why the rules
# refuse the deciding seat's action.
def price_check(s, a: Action):
    """Faza przygotowania: the dice are set in order, faces 1-6; Faza rezerwacji (and each
    walk-in day): a change turns a die to another face."""
    die, face = a.args
    if not 1 <= face <= FACES:
        return s.refuse(f"{a}: a price die shows 1-6 (100-600), got {face}", R_PRICE_VALUES)
    if s.node[0] == N_SET_PRICE:
        want = C.DICE[len(s.draft[a.player])]
        return s.refuse(f"{a}: the dice are set in order, Monday to Sunday then breakfast; next is {want}", R_PRICES)
    return s.refuse(f"{a}: the {die} die already shows {face}: a change must turn it to another face",
                    s.current_rule())


def bid_check(s, a: Action):
    """A marketing bid is money cards (a multiple of 100, 0 = the blank card alone), at most the
    money the seat has."""
    v = a.args[0]
    if v < 0 or v % C.MONEY_STEP:
        return s.refuse(f"{a}: a bid is money cards: a multiple of {C.MONEY_STEP} (0 = the blank card alone)", R_BLANK)
    p = a.player
    return s.refuse(f"{a}: {s._name(p)} has {s.money[p]} in money cards, cannot bid {v}")


def block_check(s, a: Action):
    """The card's rooms: built, different, free for the whole stay, adjacent where a door
    symbol joins them (Faza rezerwacji)."""
    p = a.player
    g = GUESTS[s.card]
    k = len(g.nights)
    rooms = [r - 1 for r in a.args[0]]
    if len(rooms) != k:
        return s.refuse(f"{a}: guest card {g.number} needs {k} room{'s' if k > 1 else ''}: "
                        f"'block {','.join(['<room>'] * k)}{',' if k == 1 else ''}'", R_BLOCK)
    if any(not 0 <= r < NR for r in rooms):
        return s.refuse(f"{a}: rooms are numbered 1-{NR}", R_BLOCK)
    if len(set(rooms)) != k:
        return s.refuse(f"{a}: each room of a stay is a different room", R_SAME_ROOMS)
    for r in rooms:
        if not s.built[p] >> r & 1:
            return s.refuse(f"{a}: room {r + 1} is not part of {s._name(p)}'s hotel", R_BLOCK)
    day = s.node[3][0]
    for r, m in zip(rooms, stay_masks(s.card, day)):
        if s.occ[p][r] & m:
            return s.refuse(f"{a}: room {r + 1} is not free for the whole stay", R_SAME_ROOMS)
    for j, d in enumerate(g.doors):
        if d and not ADJ[rooms[j]] >> rooms[j + 1] & 1:
            return s.refuse(f"{a}: rooms {rooms[j] + 1} and {rooms[j + 1] + 1} are joined by a door symbol "
                            "and must be adjacent", R_DOORS)
    return s.refuse(f"{a}: the same rooms and nights as another blocking: write it as "
                    + " or ".join(str(x) for x in s.legal_actions()[:3]), R_BLOCK)


def hire_check(s, a: Action):
    """Faza planowania: staff kind by kind (cleaning, check-in, kitchen), a die of 1-6 pips
    (0: none), 300 a worker."""
    p = a.player
    kind, count = a.args
    k = s.staff[p].index(-1)
    if kind != C.STAFF[k]:
        return s.refuse(f"{a}: staff is hired kind by kind (cleaning, check-in, kitchen); next is {C.STAFF[k]}", R_HIRE)
    if not 0 <= count <= C.MAX_STAFF:
        return s.refuse(f"{a}: a staff die shows 1-6 pips (0 = no die), got {count}", R_WAGES)
    return s.refuse(f"{a}: {count} workers cost {count * C.WAGE}; {s._name(p)} has {s.money[p]}", R_WAGES)


def expand_check(s, a: Action):
    """Faza ekspansji: a room of the board not yet built, 1000 each."""
    p = a.player
    room = a.args[0]
    if not 1 <= room <= NR:
        return s.refuse(f"{a}: 'expand <room>' with a room number 1-{NR}", R_EXPAND)
    if s.built[p] >> (room - 1) & 1:
        return s.refuse(f"{a}: room {room} is already part of {s._name(p)}'s hotel", R_EXPAND)
    return s.refuse(f"{a}: a room costs {C.ROOM_COST}; {s._name(p)} has {s.money[p]}", R_EXPAND)


# == sentences, by kind ======================================================================
def _who(s, a: Action) -> str:
    return s._name(a.player) if 0 <= a.player < s.game.num_players else str(a.player)


def price_words(s, a: Action, perspective) -> str:
    """A secret price die is face down for the other seats."""
    die, face = a.args
    if perspective is not None and perspective != a.player and s.node[0] == N_SET_PRICE:
        return f"{_who(s, a)}: set a price die (face down)"
    return f"{_who(s, a)}: {die} die to {face * STEP}"


def keep_words(s, a: Action, perspective) -> str:
    return f"{_who(s, a)}: change no price die"


def checkin_words(s, a: Action, perspective) -> str:
    return f"Check-in die: {C.day_name(a.args[0])}" if 1 <= a.args[0] <= 7 else str(a)


def guest_words(s, a: Action, perspective) -> str:
    return f"Guest card {a.args[0]}"


def bid_words(s, a: Action, perspective) -> str:
    """A sealed bid is face down for the other seats."""
    hidden = perspective is not None and perspective != a.player
    return f"{_who(s, a)}: bid (face down)" if hidden else f"{_who(s, a)}: bid {a.args[0]}"


def block_words(s, a: Action, perspective) -> str:
    rooms = a.args[0]
    return f"{_who(s, a)}: block room{'s' if len(rooms) > 1 else ''} {', '.join(map(str, rooms))}"


def hire_words(s, a: Action, perspective) -> str:
    return f"{_who(s, a)}: hire {a.args[1]} {a.args[0]} staff"


def roll_words(s, a: Action, perspective) -> str:
    return f"Die roll: {a.args[0]}"


def budget_words(s, a: Action, perspective) -> str:
    return f"Budget die: {a.args[0] * STEP} a night"


def expand_words(s, a: Action, perspective) -> str:
    return f"{_who(s, a)}: buy room {a.args[0]} (1000)"


def done_words(s, a: Action, perspective) -> str:
    return f"{_who(s, a)}: no more rooms"
