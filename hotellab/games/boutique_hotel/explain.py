"""Boutique Hotel Manager: status lines, action sentences and refusals (each naming its rule),
a part of :class:`~.state.BoutiqueHotelState`."""

from __future__ import annotations

from ...core.actions import CHANCE, Action
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from ._common import (
    ADJ, FACES, GUESTS, NR, STEP,
)
from .rules import (
    N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END, N_EXPAND, N_HIRE,
    N_RANK_BID, N_RANK_ROLL, N_SET_PRICE, R_BLANK, R_BLOCK, R_DOORS, R_EXPAND, R_HIRE, R_PRICES,
    R_PRICE_VALUES, R_SAME_ROOMS, R_WAGES,
)
from .stays import stay_masks


class Explanations:
    """Status, action sentences and refusals of :class:`~.state.BoutiqueHotelState` (a mixin)."""

    __slots__ = ()

    # ================================================================== text
    def _status_text(self) -> str:
        kind = self.node[0]
        if kind == N_END:
            win = self._winners()
            return "Game over — " + ("nobody wins" if not win else "winner: " + ", ".join(self._name(s) for s in win))
        lead = f"Week {self.week}"
        p = self.node[1]
        who = self._name(p) if p >= 0 else ""
        if kind == N_SET_PRICE:
            return f"{lead}, preparation — {who} sets the {C.DICE[len(self.draft[p])]} price die in secret"
        if self.day:
            lead += f", {C.day_name(self.day)}"
        else:
            lead += f", guest card {self.turn + 1} of {self.cards_this_week()}" if kind in (
                N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_BID, N_BLOCK) else ""
        if kind == N_CHANGE:
            return f"{lead} — {who} may change one price die"
        if kind == N_CHECKIN_ROLL:
            return f"{lead} — roll the check-in die"
        if kind == N_DRAW:
            return f"{lead} — draw a guest card"
        if kind == N_BID:
            return f"{lead} — {who} bids for marketing (tie)"
        if kind == N_BLOCK:
            return f"{lead} — {who} blocks rooms"
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

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people. With a ``perspective`` other than the actor, a secret price
        die and a sealed bid are left out."""
        a = action
        args = a.args
        if a.player == CHANCE:
            if a.kind == "guest" and args:
                return f"Guest card {args[0]}"
            if a.kind == "checkin" and args and isinstance(args[0], int) and 1 <= args[0] <= 7:
                return f"Check-in die: {C.day_name(args[0])}"
            if a.kind == "budget" and args:
                return f"Budget die: {args[0] * STEP if isinstance(args[0], int) else args[0]} a night"
            if a.kind == "roll" and args:
                return f"Die roll: {args[0]}"
            return str(a)
        who = self._name(a.player) if isinstance(a.player, int) and 0 <= a.player < self.game.num_players else str(a.player)
        hidden = perspective is not None and perspective != a.player
        if a.kind == "price" and len(args) == 2:
            if hidden and self.node[0] == N_SET_PRICE:
                return f"{who}: set a price die (face down)"
            return f"{who}: {args[0]} die to {args[1] * STEP if isinstance(args[1], int) else args[1]}"
        if a.kind == "keep":
            return f"{who}: change no price die"
        if a.kind == "bid" and args:
            return f"{who}: bid (face down)" if hidden else f"{who}: bid {args[0]}"
        if a.kind == "block" and len(args) == 1 and isinstance(args[0], tuple):
            return f"{who}: block room{'s' if len(args[0]) > 1 else ''} {', '.join(map(str, args[0]))}"
        if a.kind == "hire" and len(args) == 2:
            return f"{who}: hire {args[1]} {args[0]} staff"
        if a.kind == "expand" and args:
            return f"{who}: buy room {args[0]} (1000)"
        if a.kind == "done":
            return f"{who}: no more rooms"
        return str(a)

    # ================================================================== illegal actions
    _KINDS = {
        N_SET_PRICE: ("price",), N_CHANGE: ("keep", "price"), N_BID: ("bid",), N_RANK_BID: ("bid",),
        N_BLOCK: ("block",), N_HIRE: ("hire",), N_EXPAND: ("expand", "done"),
    }
    _ALL_KINDS = frozenset(k for ks in _KINDS.values() for k in ks)

    def _explain(self, a: Action):
        kind = self.node[0]
        p = self.node[1]
        n = self.game.num_players
        if a.player == CHANCE:
            return self.refuse(f"{a}: a chance outcome cannot be applied now: {self._name(p)} decides "
                               f"({self.status_text()})", code="not_legal")
        if not 0 <= a.player < n:
            return self.refuse(f"{a}: there is no seat {a.player} (seats 0 to {n - 1})")
        if a.player != p:
            return self.refuse(f"{a} is not {self._name(a.player)}'s to play: {self._name(p)} decides now "
                               f"({self.status_text()})", code="not_your_turn")
        kinds = self._KINDS[kind]
        if a.kind not in self._ALL_KINDS:  # no move of the game at all: text that cannot be read
            return self.refuse(f"{a}: unknown action kind {a.kind!r}; the kinds are {', '.join(sorted(self._ALL_KINDS))}",
                               code="malformed")
        if a.kind not in kinds:
            return self.refuse(f"{a}: now {self._name(p)} may only {' or '.join(kinds)} ({self.status_text()})")
        args = a.args
        if a.kind == "price":
            if len(args) != 2 or args[0] not in C.DICE or not (type(args[1]) is int):
                return self.refuse(f"{a}: 'price <die> <face>' with die one of {', '.join(C.DICE)} and a face 1-6", R_PRICE_VALUES)
            if not 1 <= args[1] <= FACES:
                return self.refuse(f"{a}: a price die shows 1-6 (100-600), got {args[1]}", R_PRICE_VALUES)
            if kind == N_SET_PRICE:
                want = C.DICE[len(self.draft[p])]
                return self.refuse(f"{a}: the dice are set in order, Monday to Sunday then breakfast; next is {want}", R_PRICES)
            return self.refuse(f"{a}: the {args[0]} die already shows {args[1]}: a change must turn it to another face",
                               self.current_rule())
        if a.kind in ("keep", "done"):
            return self.refuse(f"{a}: '{a.kind}' takes no argument")
        if a.kind == "bid":
            if len(args) != 1 or type(args[0]) is not int:
                return self.refuse(f"{a}: 'bid <amount>' with an amount in money")
            v = args[0]
            if v < 0 or v % C.MONEY_STEP:
                return self.refuse(f"{a}: a bid is money cards: a multiple of {C.MONEY_STEP} (0 = the blank card alone)", R_BLANK)
            return self.refuse(f"{a}: {self._name(p)} has {self.money[p]} in money cards, cannot bid {v}")
        if a.kind == "hire":
            k = self.staff[p].index(-1)
            if len(args) != 2 or args[0] not in C.STAFF or type(args[1]) is not int:
                return self.refuse(f"{a}: 'hire <kind> <count>' with kind {C.STAFF[k]} next", R_HIRE)
            if args[0] != C.STAFF[k]:
                return self.refuse(f"{a}: staff is hired kind by kind (cleaning, check-in, kitchen); next is {C.STAFF[k]}", R_HIRE)
            if not 0 <= args[1] <= C.MAX_STAFF:
                return self.refuse(f"{a}: a staff die shows 1-6 pips (0 = no die), got {args[1]}", R_WAGES)
            return self.refuse(f"{a}: {args[1]} workers cost {args[1] * C.WAGE}; {self._name(p)} has {self.money[p]}", R_WAGES)
        if a.kind == "expand":
            if len(args) != 1 or type(args[0]) is not int or not 1 <= args[0] <= NR:
                return self.refuse(f"{a}: 'expand <room>' with a room number 1-{NR}", R_EXPAND)
            if self.built[p] >> (args[0] - 1) & 1:
                return self.refuse(f"{a}: room {args[0]} is already part of {self._name(p)}'s hotel", R_EXPAND)
            return self.refuse(f"{a}: a room costs {C.ROOM_COST}; {self._name(p)} has {self.money[p]}", R_EXPAND)
        if a.kind == "block":
            return self._explain_block(a)
        return None

    def _explain_block(self, a: Action):
        p = a.player
        g = GUESTS[self.card]
        k = len(g.nights)
        args = a.args[0] if len(a.args) == 1 and isinstance(a.args[0], tuple) else ()
        if len(args) != k or any(type(r) is not int for r in args):
            return self.refuse(f"{a}: guest card {g.number} needs {k} room{'s' if k > 1 else ''}: "
                               f"'block {','.join(['<room>'] * k)}{',' if k == 1 else ''}'", R_BLOCK)
        rooms = [r - 1 for r in args]
        if any(not 0 <= r < NR for r in rooms):
            return self.refuse(f"{a}: rooms are numbered 1-{NR}", R_BLOCK)
        if len(set(rooms)) != k:
            return self.refuse(f"{a}: each room of a stay is a different room", R_SAME_ROOMS)
        for r in rooms:
            if not self.built[p] >> r & 1:
                return self.refuse(f"{a}: room {r + 1} is not part of {self._name(p)}'s hotel", R_BLOCK)
        day = self.node[2]
        for r, m in zip(rooms, stay_masks(self.card, day)):
            if self.occ[p][r] & m:
                return self.refuse(f"{a}: room {r + 1} is not free for the whole stay", R_SAME_ROOMS)
        for j, d in enumerate(g.doors):
            if d and not ADJ[rooms[j]] >> rooms[j + 1] & 1:
                return self.refuse(f"{a}: rooms {rooms[j] + 1} and {rooms[j + 1] + 1} are joined by a door symbol "
                                   "and must be adjacent", R_DOORS)
        return self.refuse(f"{a}: the same rooms and nights as another blocking: write it as "
                           + " or ".join(str(x) for x in self._legal_actions()[:3]), R_BLOCK)
