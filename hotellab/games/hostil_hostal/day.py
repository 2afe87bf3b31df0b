"""Hostil Hostal, Phase 4 - Day: wear, "¡Wake up, brains!", reform and end of day (Hostil
Hostal Rulebook). A mixin of :class:`.state.HostilHostalState`."""

from __future__ import annotations

from ...core.actions import Action
import hotellab.games.hostil_hostal.automata as automata
import hotellab.games.hostil_hostal.components as C
from .encoding import card_number, card_seat
from .rules import (
    REFORM_SIDE, R_DAY_WEAR, R_DISCARD_UNUSED, R_END_DAY, R_FIRST, R_REFORM, R_REFORM_DECK, R_REFORM_REPLACE, R_WAKE,
)


class DayRules:
    """Phase 4 - Day."""

    __slots__ = ()

    def _day(self) -> None:
        """Wear: 5 guests lose 3, 2-4 lose 2, 0-1 lose 1 ("left at value 1"); ¡Wake up,
        brains!: "Each player returns their guests to their supply"."""
        wear = self.own("wear")
        for pos in range(len(self.beds)):
            n = len(self._guests(pos))
            loss = 3 if n >= 5 else 2 if n >= 2 else 1  # more than 5 (only after 2x1): like 5, HH-36
            before = wear[pos]
            wear[pos] = max(1, before - loss)
            self._emit(f"Day: room {self._label(pos)} with {n} guest(s) wears {before} -> {wear[pos]}.", R_DAY_WEAR)
        g = self.game
        supply, lobby = self.own("supply"), self.own("lobby")
        for s in range(g.num_seats):
            if g.is_automata(s):
                lobby[s] = C.GUESTS_PER_PLAYER
                supply[s] = 0
            else:
                supply[s] = C.GUESTS_PER_PLAYER
                lobby[s] = 0
        self.beds = [tuple(() for _ in room) for room in self.beds]
        self._emit("Wake up, brains! Every guest returns to its owner's supply.", R_WAKE)
        self.stage = "reform"
        self.cursor = 0

    def _reform_next(self) -> None:
        """Reform: in each room with Mr. Tools a reform is drawn; the Mr. Tools player closest to
        the first player chooses its side (the automata takes the lower rug, HH-25); no reform
        is laid when the reform deck is empty."""
        while self.cursor < len(self.cards):
            pos = self.cursor
            self.cursor += 1
            owners = {card_seat(c) for c in self.cards[pos] if card_number(c) == C.TOOLS}
            if not owners:
                continue
            if not self.reform_deck:
                self._emit(f"No reform board is left for room {self._label(pos)}.", R_REFORM_DECK)
                continue
            rid, self.reform_deck = self.reform_deck[0], self.reform_deck[1:]
            chooser = min(owners, key=self._rank)
            if self.game.is_automata(chooser):
                self._place_reform(pos, rid, automata.reform_side(rid), chooser)
                continue
            self.ctx = ("reform", pos, rid)
            self.node = REFORM_SIDE[chooser]
            return
        self._end_of_day()

    def _do_reform(self, a: Action) -> None:
        """Reform: "The player that placed the Mr. Tools card in the room decides which side"."""
        pos, rid = self.ctx[1], self.ctx[2]
        self._place_reform(pos, rid, a.args[0], a.player)
        self.ctx = None
        self.node = None

    def _place_reform(self, pos: int, rid: int, side: str, chooser: int) -> None:
        """Lay reform ``rid``; one already there "is discarded in the bottom of the reform's deck"."""
        old = self.reform[pos]
        self.own("reform")[pos] = (rid, side)
        if old is not None:
            self.reform_deck = self.reform_deck + (old[0],)
        self._emit(
            f"{self._name(chooser)} lays reform {rid}, side {side} (rug {C.reforms()[rid][side]:+d}), in room "
            f"{self._label(pos)}" + (f"; reform {old[0]} goes to the bottom of the reform deck." if old else "."),
            R_REFORM_REPLACE if old else R_REFORM,
        )

    def _end_of_day(self) -> None:
        """End of day: the night marker advances; unused cards are discarded and Mr. Tools
        returns to every hand; the first player marker goes to the player with the most
        points, a tie to the one further in turn order (never the automata, HH-26)."""
        g = self.game
        cards_ = self.own("cards")
        for pos in range(len(cards_)):
            for c in cards_[pos]:
                seat = card_seat(c)
                if g.is_automata(seat):
                    self._to_discard(seat, (card_number(c),))
            cards_[pos] = ()
        discards, hands = self.own("discards"), self.own("hands")
        for s in range(g.num_players):
            unused = tuple(c for c in hands[s] if c != C.TOOLS)
            # Mr. Tools comes back from the room (or the discard, if it paid for a move)
            discards[s] = tuple(c for c in discards[s] if c != C.TOOLS) + unused
            hands[s] = (C.TOOLS,)
        self.night += 1
        self._emit(f"End of day: the night marker moves to night {self.night}.", R_END_DAY)
        self._emit("Unused cards are discarded and Mr. Tools returns to every hand.", R_DISCARD_UNUSED)
        order = self._order()
        best = max(self.score[s] for s in order)
        tied = [s for s in order if self.score[s] == best]
        self.first = tied[-1]  # "the player further in turn order from the current first player"
        self._emit(f"{self._name(self.first)} has the most rest points and takes the first player marker.", R_FIRST)
        self.known = [frozenset()] * g.num_seats
        self.revealed = False
        self.misfortune = None
        self.stage = "dusk"
        self.cursor = 0
