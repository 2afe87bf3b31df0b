"""Boutique Hotel Manager, the week's later phases in the rulebook's order: Faza gości bez
rezerwacji (walk-ins), Faza oceny (rating), Faza ekspansji (expansion), Faza przygotowań do
tygodnia 2 and Koniec gry (a part of :class:`~.state.BoutiqueHotelState`)."""

from __future__ import annotations

from ...core.actions import Action
from ...core.storage import replaced
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from ._common import (
    BUDGET_ROLL, END, EXPAND, GUESTS, RANK_BID, RANK_ROLL, STEP, WALKIN_BLOCK, WALKIN_CHANGE, WALKIN_DRAW,
    _L_EXP, _L_MKT,
)
from .rules import (
    R_BUDGET, R_CARRY, R_DEMAND, R_END, R_END_TIE, R_EXPAND, R_MORE_WALKINS, R_NO_VIOLATION, R_RANK,
    R_RANK_BID, R_RANK_ROLL, R_SHORTFALL, R_TRACK_TOP, R_WALKIN, R_WALKIN_GO, R_WEEK2_CLEAR, R_ZERO,
)
from .stays import blockings, fits_budget, occupancy, shortfalls, tokens_in_use


class EndOfWeek:
    """Walk-ins, rating, expansion, week 2 and the end of :class:`~.state.BoutiqueHotelState`
    (a mixin: no state of its own)."""

    __slots__ = ()

    # -- Faza gości bez rezerwacji ------------------------------------------------------------------
    def _begin_walkins(self) -> None:
        """Faza gości bez rezerwacji: rank the hotels once, from the least money to the most;
        equal money goes to a secret marketing bid (all bids lost), then to the white die."""
        act = self.active_seats()
        order = sorted(act, key=lambda s: self.money[s])
        groups = []
        for s in order:
            if groups and self.money[groups[-1][0][0]] == self.money[s]:
                groups[-1] = (groups[-1][0] + (s,), 1)
            else:
                groups.append(((s,), 0))
        self.groups = tuple(groups)
        self.bids = (-1,) * self.game.num_players
        self.rolls = (0,) * self.game.num_players
        self.day = 1
        self.die = 1
        w = self.walkins_per_day()
        self._emit("Walk-in phase: 7 turns, Monday to Sunday; the walk-ins check in on the day of the turn.", R_WALKIN)
        self._emit(f"{w} walk-in guest{'s' if w > 1 else ''} a day: one per 2 players.", R_MORE_WALKINS)
        self._emit("Walk-in phase: the hotels are ranked from the least money to the most: "
                   + ", ".join("=".join(f"{self._name(s)} ({self.money[s]})" for s in g) for g, _ in groups) + ".", R_RANK)
        self._rank_next()

    def _rank_next(self) -> None:
        """Settle the first unsettled tie of the ranking: bids (stage 1), then die rolls
        (stage 2, again among those who roll equal); when none is left, the first day."""
        groups = list(self.groups)
        for gi, (seats, stage) in enumerate(groups):
            if stage == 0:
                continue
            if stage == 1:
                todo = [s for s in seats if self.bids[s] < 0]
                if todo:
                    self.node = RANK_BID[todo[0]]
                    return
                bids = {s: self.bids[s] for s in seats}
                self._emit("Ranking bids revealed: " + ", ".join(f"{self._name(s)} {v}" for s, v in bids.items())
                           + "; all marketing money is lost.", R_RANK_BID, tuple((s, -v) for s, v in bids.items() if v))
                for s in seats:
                    if bids[s]:
                        self._pay(s, -bids[s], _L_MKT)
                self.bids = (-1,) * self.game.num_players
                groups[gi:gi + 1] = self._split(seats, bids)
            else:
                todo = [s for s in seats if not self.rolls[s]]
                if todo:
                    self.node = RANK_ROLL[todo[0]]
                    self.groups = tuple(groups)
                    return
                rolls = {s: self.rolls[s] for s in seats}
                self._emit("Die rolls: " + ", ".join(f"{self._name(s)} {v}" for s, v in rolls.items()) + ".", R_RANK_ROLL)
                self.rolls = tuple(0 if s in seats else v for s, v in enumerate(self.rolls))
                groups[gi:gi + 1] = self._split(seats, rolls)
            self.groups = tuple(groups)
            self._rank_next()
            return
        self.ranking = tuple(g[0][0] for g in groups)
        self.groups = ()
        self._emit("Walk-in ranking: " + ", ".join(f"{i + 1}. {self._name(s)}" for i, s in enumerate(self.ranking)) + ".", R_RANK)
        self._begin_day()

    @staticmethod
    def _split(seats: tuple, value: dict) -> list:
        """``seats`` split by ``value`` (higher first: the bid or roll winner goes earlier);
        equal values stay together, to be rolled for (stage 2)."""
        out = []
        for v in sorted(set(value.values()), reverse=True):
            g = tuple(s for s in seats if value[s] == v)
            out.append((g, 2 if len(g) > 1 else 0))
        return out

    def _do_roll(self, a: Action) -> None:
        """Faza gości bez rezerwacji: the white die for a seat in a ranking tie."""
        p = self.node[3][0]
        self.rolls = replaced(self.rolls, p, a.args[0])
        self._rank_next()

    def _begin_day(self) -> None:
        """Each day of the walk-in phase: every player may change one price die (in turn
        order), then the day's walk-ins come."""
        if self.day > 7:
            self._rate_week()
            return
        self.die = self.day  # a walk-in checks in on the day of the turn
        self.node = WALKIN_CHANGE[self.active_seats()[0]]

    def _do_budget(self, a: Action) -> None:
        """Faza gości bez rezerwacji: the white die gives the guest's budget a night (1-6 =
        100-600)."""
        self.booked_by = ()
        self.quotes = ((-1, a.args[0]),)  # the budget, shown with the card
        self.node = WALKIN_DRAW
        self._emit(f"{C.day_name(self.day)}, walk-in {self.walk + 1} of {self.walkins_per_day()}: "
                   f"budget {a.args[0] * STEP} a night.", R_BUDGET)

    @property
    def budget(self) -> int:
        """The current walk-in's nightly budget face (1-6), 0 when none."""
        return self.quotes[0][1] if self.day and self.quotes and self.quotes[0][0] == -1 else 0

    def _walk_in(self) -> None:
        """The walk-ins go to the first hotel in the ranking that has the rooms and fits their
        budget; if none does, they are lost (Faza gości bez rezerwacji). With too few tokens
        left in the supply no hotel can block the stay (BH-32, BH-33)."""
        short = self.token_shortage()
        if short:
            self._emit(f"No hotel can block the stay: {short[1]}; the walk-ins are lost.", short[0])
            self.lost += 1
            self._next_walkin()
            return
        budget = self.budget
        how = self.game.options["walkin_budget"]
        for s in self.ranking:
            if self.out[s]:
                continue
            if not blockings(self.card, self.day, self.built[s], self.occ[s], True):
                continue
            if fits_budget(self.prices[s], self.card, self.day, budget, how):
                self._emit(f"The walk-ins take {self._name(s)}'s hotel, the first in the ranking that fits their budget.", R_WALKIN_GO)
                self.queue = (s,)
                self.node = WALKIN_BLOCK[s][self.day]
                return
        self._emit("No hotel has the rooms within their budget: the walk-ins are lost.", R_WALKIN_GO)
        self.lost += 1
        self._next_walkin()

    def _next_walkin(self) -> None:
        self.walk += 1
        self.card = -1
        if self.walk < self.walkins_per_day():
            self.node = BUDGET_ROLL
            return
        self.walk = 0
        self.day += 1
        self._begin_day()

    # -- Faza oceny ---------------------------------------------------------------------------------
    def _rate_week(self) -> None:
        """Faza oceny: the weekly demand of each staff kind is its maximum over the days; each
        shortfall costs a star (several per kind possible); no violation gains a star (up to
        the track's top, BH-02); a player at 0 stars loses."""
        how = self.game.options["shortfall"]
        rating = []
        n = self.game.num_players
        for s in range(n):
            if self.out[s]:
                rating.append(())
                continue
            sf = shortfalls(self.stays[s], self.staff[s], how)
            self._emit(f"{self._name(s)}'s weekly demand (the busiest day of each kind): "
                       + ", ".join(f"{C.STAFF_NAMES[k]} {sf[k][0]}" for k in range(3))
                       + "; hired: " + ", ".join(f"{C.STAFF_NAMES[k]} {sf[k][1]}" for k in range(3)) + ".", R_DEMAND)
            lost = sum(x[2] for x in sf)
            old = self.stars[s]
            if lost:
                new = max(C.MIN_STARS, old - lost)
                short = ", ".join(f"{C.STAFF_NAMES[k]} {sf[k][0]} needed / {sf[k][1]} hired"
                                  for k in range(3) if sf[k][2])
                self._emit(f"{self._name(s)}: {short}: loses {lost} star{'s' if lost > 1 else ''} ({old} -> {new}).", R_SHORTFALL)
            else:
                new = min(C.MAX_STARS, old + 1)
                self._emit(f"{self._name(s)}: no violation: +1 star ({old} -> {new})"
                           + (" (the track's top)." if new == old else "."), R_TRACK_TOP if new == old else R_NO_VIOLATION)
            self.stars = replaced(self.stars, s, new)
            rating.append(tuple(x for row in sf for x in row) + (new - old,))
            if new <= C.MIN_STARS:
                self.out = replaced(self.out, s, True)
                self._emit(f"{self._name(s)} reaches 0 stars and loses the game.", R_ZERO)
        self.rating = tuple(rating)
        self.day = 0
        self.die = 0
        self.ranking = ()
        self.card = -1
        self.quotes = ()
        self.booked_by = ()
        act = self.active_seats()
        if len(act) < 2 and n >= 2:
            self._end_game()
            return
        if self.week < C.WEEKS:
            self.node = EXPAND[act[0]]
            self._emit("Expansion: every player may buy rooms at 1000 each for the next week.", R_EXPAND)
            return
        self._end_game()

    # -- Faza ekspansji -----------------------------------------------------------------------------
    def _do_expand(self, a: Action) -> None:
        """Faza ekspansji: pay 1000 for a room, in use from the next week."""
        p = a.player
        r = a.args[0] - 1
        self.built = replaced(self.built, p, self.built[p] | 1 << r)
        self._pay(p, -C.ROOM_COST, _L_EXP)
        self._emit(f"{self._name(p)} pays {C.ROOM_COST} to add room {r + 1}.", R_EXPAND, ((p, -C.ROOM_COST),))

    def _do_done(self, a: Action) -> None:
        """End of this seat's expansion; after the last seat, week 2 begins."""
        nxt = self._next_after(a.player, self.active_seats())
        if nxt is not None:
            self.node = EXPAND[nxt]
            return
        self._begin_week2()

    # -- Faza przygotowań do tygodnia 2 -----------------------------------------------------------
    def _begin_week2(self) -> None:
        """Faza przygotowań do tygodnia 2: staff dice removed, stay tokens cleared, tokens
        carried past Sunday placed (on the new week's first days), new secret prices."""
        self.week += 1
        n = self.game.num_players
        self.staff = ((-1, -1, -1),) * n
        carried_total = 0
        stays = []
        for s in range(n):
            kept = []
            for st in self.stays[s]:
                card, ci = st[0], st[1]
                if ci + GUESTS[card].stay - 1 > 7:
                    kept.append((card, ci - 7) + st[2:])
            carried_total += len(kept)
            stays.append(tuple(kept))
        self.stays = tuple(stays)
        self.occ = tuple(occupancy(st) for st in stays)
        self.used = tokens_in_use(self.stays)
        self.rating = ()
        self._emit("Staff dice are removed and the stay tokens cleared.", R_WEEK2_CLEAR)
        if carried_total:
            self._emit(f"{carried_total} stay{'s' if carried_total > 1 else ''} carried over from last week "
                       + ("place their" if carried_total > 1 else "places its") + " tokens on the new week.", R_CARRY)
        self._begin_week()

    # -- Koniec gry -------------------------------------------------------------------------------
    def _end_game(self) -> None:
        """Koniec gry: after week 2 the most money wins; a tie goes to the higher rating; a
        further tie is a draw (shared). A player at 0 stars cannot win (BH-15)."""
        self.node = END
        win = self._winners()
        if not win:
            self._emit("Every hotel has lost its stars: nobody wins.", R_ZERO)
        elif len(win) == 1:
            act = self.active_seats()
            tied = sum(1 for s in act if self.money[s] == self.money[win[0]]) > 1
            self._emit(f"{self._name(win[0])} wins with {self.money[win[0]]}"
                       + (f", the best rating among equal money ({self.stars[win[0]]} stars)." if tied else "."),
                       R_END_TIE if tied else R_END)
        else:
            self._emit("A draw between " + " and ".join(self._name(s) for s in win) + ".", R_END_TIE)
