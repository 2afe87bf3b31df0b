"""Hostil Hostal, Phase 3 - Dawn: reveal, order, resolution, rest and the misfortune die
(Hostil Hostal Rulebook). A mixin of :class:`.state.HostilHostalState`; each card's effect is
in ``cards.py``, the automata's cards in ``automata.py``."""

from __future__ import annotations

from ...core.actions import Action
import hotellab.games.hostil_hostal.automata as automata
import hotellab.games.hostil_hostal.cards as cards
import hotellab.games.hostil_hostal.components as C
from .encoding import card_number, card_seat
from .rules import (
    END, R_END, R_END_TIE, R_GUEST_ICON, R_LAST_NIGHT, R_LOCK_ICON, R_ORDER, R_MISFORTUNE, R_MISFORTUNE_FIXED, R_MISFORTUNE_ROOM,
    R_RESOLUTION, R_REST, R_REVEAL, card_rule, misfortune_node,
)


class DawnRules:
    """Phase 3 - Dawn."""

    __slots__ = ()

    def _reveal(self) -> None:
        """Reveal: every card is turned up; "every copy of a repeated card in a room is
        discarded … with the exception of Mr. Tools". Order: "Cards are ordered by number";
        within a number, turn order from the first player, then room order (HH-13)."""
        self.revealed = True
        self._emit(f"Dawn of night {self.night}: all cards in the rooms are revealed.", R_REVEAL)
        for pos in range(len(self.cards)):
            numbers = [card_number(c) for c in self.cards[pos]]
            dup = sorted({n for n in numbers if numbers.count(n) > 1 and n != C.TOOLS})
            for n in dup:
                for c in [c for c in self.cards[pos] if card_number(c) == n]:
                    self._discard_card(pos, c)
                self._emit(f"Room {self._label(pos)}: the copies of {self._card_name(n)} cancel out and are discarded.",
                           R_REVEAL)
        items = []
        for pos, cs in enumerate(self.cards):
            for c in cs:
                if card_number(c) != C.TOOLS:
                    items.append((card_number(c), pos, c))
            if any(card_number(c) == C.TOOLS for c in cs):
                items.append((C.TOOLS, pos, None))
        items.sort(key=lambda t: (t[0], self._rank(card_seat(t[2])) if t[2] is not None else 0, t[1]))
        self.queue = tuple(items)
        if items:
            self._emit("Cards in order: " + ", ".join(
                f"{self._card_name(n)} ({self._label(pos)})" for n, pos, _ in items) + ".", R_ORDER)
        self.stage = "resolve"

    def _resolve_next(self) -> None:
        """Resolution: the next card in number order. A guest-icon card needs a guest of its
        owner in the room; a lock card is mandatory; otherwise its owner decides (HH-14); the
        automata's cards follow the 2-player rules (``automata.py``)."""
        if not self.queue:
            self._rest()
            return
        self.item, self.queue = self.queue[0], self.queue[1:]
        number, pos, cid = self.item
        if number == C.TOOLS:
            cards.tools(self, pos)
            self.item = None
            return
        owner = card_seat(cid)
        card = C.cards()[number]
        if card.guest_icon and not self._has_guest(owner, pos):
            self._emit(
                f"{self._name(owner)}'s {self._card_name(number)} in {self._label(pos)} has no effect: "
                "the guest icon needs one of their guests in the room.", R_GUEST_ICON,
            )
            self._card_done()
            return
        if not cards.can_take_effect(self, owner):
            self._emit(f"{self._name(owner)}'s {self._card_name(number)} in {self._label(pos)} has nothing to act on.",
                       card_rule(number))
            self._card_done()
            return
        if self.game.is_automata(owner):
            automata.resolve_card(self, owner)
        elif card.lock:
            self._emit(f"{self._name(owner)}'s {self._card_name(number)} carries the lock icon: its effect is "
                       "mandatory.", R_LOCK_ICON)
            cards.effect(self, Action("activate", (), owner))
        else:
            self.node = cards.CARD_NODES[owner, number]

    def _card_done(self) -> None:
        """"As each card is resolved, discard it in the owner's discard pile"."""
        number, pos, cid = self.item
        if cid in self.cards[pos]:
            self._discard_card(pos, cid)
        self.item = None
        self.node = None
        self.stage = "resolve"

    def _do_skip(self, a: Action) -> None:
        """Resolution: "the owner of the cards decides whether to activate the effect or not"."""
        self._emit(f"{self._name(a.player)} does not activate {self._card_name(self.item[0])}.", R_RESOLUTION)
        self._card_done()

    def _do_card(self, a: Action) -> None:
        """The owner activates the card being resolved with the choice ``a`` (HH-14)."""
        cards.effect(self, a)

    def _do_relocate(self, a: Action) -> None:
        """#3 Grrr: the owner of the removed guest puts it on another room's bed or in the Lobby."""
        self._put(self.ctx[1], a.args, card_rule(3))
        self.ctx = None
        self._card_done()

    def _do_roll(self, a: Action) -> None:
        """#10 Scratch Scratch / #11 Auuuuu: one guest's misfortune die (HH-22)."""
        cards.roll(self, a)

    def _rest(self) -> None:
        """Rest: "add all the visible numbers in the unoccupied beds and the rug"; each awake
        guest wins or loses that total. Then Wear: the misfortune die (or a variant)."""
        for pos in range(len(self.beds)):
            guests = [g for _, g in self._awake(pos)]
            if guests:
                total = self._total(pos)
                self._hit_guests(
                    guests, total, "Rest",
                    f"Rest in {self._label(pos)}: total {total:+d} for each of its {len(guests)} awake guest(s).",
                    R_REST,
                )
        mode = self.game.options["misfortune"]
        if mode == "fixed":
            for q in range(len(self.beds)):
                guests = [g for _, g in self._awake(q)]
                if guests:
                    self._hit_guests(guests, -2, "Misfortune die",
                                     f"Room {self._label(q)}: each guest loses 2 (fixed-loss variant).",
                                     R_MISFORTUNE_FIXED)
            self._after_misfortune()
        else:
            self.node = misfortune_node(None if mode == "die" else 0)

    def _do_misfortune(self, a: Action) -> None:
        """Wear (Dawn): "If the die result is bigger than the wear, each non-sedated guest loses
        slumber points. The quantity lost is the difference between both dice." (HH-24)."""
        d = a.args[0]
        self.misfortune = d
        pos = self.node.context[0] if self.node.context else None
        rooms = range(len(self.beds)) if pos is None else (pos,)
        rule = R_MISFORTUNE if pos is None else R_MISFORTUNE_ROOM
        where = "" if pos is None else f" for room {self._label(pos)}"
        self._emit(f"The misfortune die rolls {d}{where}.", rule)
        for q in rooms:
            if d > self.wear[q]:
                guests = [g for _, g in self._awake(q)]
                if guests:
                    loss = d - self.wear[q]
                    self._hit_guests(guests, -loss, "Misfortune die",
                                     f"Room {self._label(q)} (wear {self.wear[q]}): each guest loses {loss}.", rule)
        if pos is None or pos + 1 == len(self.beds):
            self._after_misfortune()
        else:
            self.node = misfortune_node(pos + 1)

    def _after_misfortune(self) -> None:
        """End of the Game: "When the sun rises for the last time" the game ends (HH-27);
        otherwise the Day follows."""
        if self.night >= self.game.options["nights"]:
            self.stage = "end"
            w = self._winners()
            self._emit("The sun rises for the last time: the game ends.", R_LAST_NIGHT)
            best = max(self.score)
            tied = [s for s, v in enumerate(self.score) if v == best]
            names = ", ".join(self._name(s) for s in w)
            if len(tied) > 1:
                self._emit(f"{' and '.join(self._name(s) for s in tied)} tie on {best} rest points; the most cards "
                           f"in hand wins: winner(s) {names}.", R_END_TIE)
            else:
                self._emit(f"Winner: {names}, with the most rest points ({best}).", R_END)
            self.node = END
        else:
            self.stage = "day"
            self.node = None
