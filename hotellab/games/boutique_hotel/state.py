"""Boutique Hotel Manager: players price a week of rooms, win bookings and walk-ins, hire staff.

Rules: "Jak grać w Boutique Hotel Manager" (Polish rulebook), 2 or more players (one set of
the game per 2 players). Two weeks, each: preparation (price dice set in secret), the
reservation phase (5 guest cards per player: a check-in die, a guest card, the cheapest hotel
with the same rooms free for the whole stay wins; ties: rating, then a secret marketing bid),
planning (staff for the week at 300 each), the walk-in phase (7 days; hotels ranked from the
least money; each day one guest per 2 players with a nightly budget from the die), the rating
(each staff shortfall costs a star, none gains one; 0 stars loses) and, after week 1, the
expansion (1000 per room). The most money after week 2 wins. Component data is reconstructed
(``data/*.toml``); every reading of unclear text is in ``docs/rulings/boutique_hotel.md``
(BH-xx).

Encodings (compact, so that ``apply`` copies cheaply: every field is an immutable value,
declared in ``SHARED`` and shared with the parent state until a step replaces it,
``hotellab.core.storage``):

- a room is an index 0-7 (printed number - 1); a guest card an index 0-27 (printed number - 1);
  a day 1-7 (Monday-Sunday), 8-10 the nights past Sunday (FAQ);
- ``prices[p]``: the 8 price dice of seat p (faces 1-6; 7 days then breakfast), 0 = not set;
  ``draft[p]``: the dice p has set in secret during a week's preparation (hidden from others);
- ``occ[p][r]``: bit mask of the days room r of seat p is booked (bit d-1 for day d);
- ``stays[p]``: tuple of stays ``(card, checkin, rooms, source, room_money, breakfast_money)``
  where ``rooms`` are room indices in the card's order, ``source`` "reservation" | "walk-in",
  ``checkin`` is relative to this week (<= 0: carried over from the week before);
- ``ledger[p]``: money by source (start, rooms, breakfast, wages, marketing, expansion);
- ``used``: (stay tokens, connection tokens) on all the boards and beside them, out of the
  supply of 56 and 8 per set (Komponenty; BH-32, BH-33);
- ``node``: the pending decision, a core :class:`~hotellab.core.node.Node` (made once in
  ``_common.py``): its kind is a row of the phase table, its context the check-in day of a
  blocking or the seat a ranking die is rolled for.

Actions (``str(action)``; declared in ``moves.py``'s ``ACTIONS``, whose generated page is
``docs/games/boutique_hotel-actions.md``): ``p0 price mon 3`` (set or change a price die; dice mon..sun,
breakfast; faces 1-6), ``p0 keep`` (change no die), ``chance checkin 4`` (the check-in die),
``chance guest 12`` (the guest card drawn, printed number), ``p0 bid 300`` (a marketing bid;
``0`` is the blank card alone), ``p0 block 1,2`` (rooms, by printed number, in the card's
order), ``p0 hire cleaning 2`` (staff), ``chance roll 5`` (a ranking tie's die, for the seat
named in the status), ``chance budget 3`` (the walk-in's nightly budget), ``p0 expand 4`` (buy
room 4) and ``p0 done`` (end the expansion).
"""

from __future__ import annotations

import random

from ...core.actions import Action
from ...core.rules import RuleRef, ScoreItem
from ...core.state import State
from ...core.storage import replaced
import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from ._common import (
    BID, BLOCK, BUDGET_ROLL, CHANGE, CHECKIN_ROLL, DRAW, DRAW_KINDS, FACES, GUESTS, HIRE, NR, SET_PRICE,
    SOURCES, STEP, WALKIN_BLOCK, WALKIN_CHANGE, _ACTIVE, _DIE_OUTCOMES, _GUEST_ACTS, _L_BF, _L_MKT, _L_ROOMS,
    _L_WAGES,
)
from .end_of_week import EndOfWeek
from .explain import Explanations
from .rules import (
    N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END, N_EXPAND, N_HIRE,
    N_RANK_BID, N_RANK_ROLL, N_SET_PRICE, N_WALKIN_BLOCK, N_WALKIN_CHANGE, N_WALKIN_DRAW, R_BID_LOSERS, R_BLANK, R_BLOCK, R_BUDGET, R_CARRY_FAQ,
    R_CHANGE_ONE, R_CHECKIN_DIE, R_CHECKIN_STAFF, R_CLEANING, R_CONNECT, R_CONNECTION_TOKENS, R_DRAW_GUEST, R_END,
    R_EXPAND, R_FULL, R_HIRE, R_KITCHEN, R_LOWEST, R_MORE, R_MORE_CARDS, R_PRICES, R_PRICE_VALUES,
    R_QUOTE, R_RANK_BID, R_RANK_ROLL, R_REPEAT, R_SAME_ROOMS, R_SETUP_BOARD, R_SETUP_DIE,
    R_SETUP_GUESTS, R_START_MONEY, R_START_RATING, R_START_ROOMS, R_SUNDAY, R_TIE_ALL, R_TIE_BID,
    R_TIE_RATING, R_TOKENS, R_TURN_ORDER, R_WAGES, R_WALKIN_CHANGE, R_WALKIN_DRAW, R_WALKIN_GO, R_WEEK2,
)
from .stays import blockings, shortfalls, stay_masks, stay_price, stay_tokens

_SUPPLY: dict = {}  # players -> (stay tokens, connection tokens) of the supply (components.token_supply)


class BoutiqueHotelState(EndOfWeek, Explanations, State):
    """A Boutique Hotel Manager position. Use :meth:`Game.new_initial_state`; never mutate.

    Every field holds an immutable value (ints, tuples, a Node): all are ``SHARED`` with the
    state copied from, and a step replaces a value (``replaced`` for one item of a tuple)."""

    SHARED = (
        "week", "node", "prices", "draft", "money", "ledger", "stars", "out", "staff", "built",
        "occ", "stays", "deck", "turn", "day", "walk", "die", "card", "quotes", "contenders",
        "bids", "queue", "groups", "rolls", "ranking", "rating", "lost", "booked_by", "used",
    )
    __slots__ = SHARED + ("_own",)

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, game) -> "BoutiqueHotelState":
        """Instrukcje przygotowania and Faza przygotowania do tygodnia 1: a hotel board with the
        3 Start rooms, 500 money, 3 stars per player; then the secret prices of week 1."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        n = game.num_players
        s.week = 1
        s.prices = ((0,) * 8,) * n
        s.draft = ((),) * n
        s.money = (C.START_MONEY,) * n
        s.ledger = ((C.START_MONEY, 0, 0, 0, 0, 0),) * n
        s.stars = (C.START_STARS,) * n
        s.out = (False,) * n
        s.staff = ((-1, -1, -1),) * n
        s.built = (C.START_MASK,) * n
        s.occ = ((0,) * NR,) * n
        s.stays = ((),) * n
        s.deck = (C.sets_for(n),) * C.CARDS_PER_SET
        s.turn = 0
        s.day = 0
        s.walk = 0
        s.die = 0
        s.card = -1
        s.quotes = ()
        s.contenders = ()
        s.bids = (-1,) * n
        s.queue = ()
        s.groups = ()
        s.rolls = (0,) * n
        s.ranking = ()
        s.rating = ()
        s.lost = 0
        s.booked_by = ()
        s.used = (0, 0)
        s.node = SET_PRICE[0]
        s._own = 0
        return s

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_label(seat)

    def active_seats(self) -> tuple:
        """Seats still in the game (not at 0 stars), in turn order."""
        act = _ACTIVE.get(self.out)
        if act is None:
            act = _ACTIVE[self.out] = tuple(s for s, o in enumerate(self.out) if not o)
        return act

    def cards_this_week(self) -> int:
        """Guest cards of the reservation phase: 5 x players (10 with 2; Dodatkowe zasady)."""
        return C.CARDS_PER_PLAYER * len(self.active_seats())

    def walkins_per_day(self) -> int:
        """Walk-in guests a day: one per 2 players (Dodatkowe zasady); an odd count rounds as
        the ``walkins`` option says (BH-13)."""
        k = len(self.active_seats())
        return (k + 1) // 2 if self.game.options["walkins"] == "round_up" else max(1, k // 2)

    def active_player(self) -> int:
        """The seat whose reservation turn it is (turn order from seat 0, the youngest)."""
        act = self.active_seats()
        return act[self.turn % len(act)] if act else 0

    def _next_after(self, seat: int, pool: tuple) -> int | None:
        """The first seat of ``pool`` after ``seat`` in turn order (pool is in turn order)."""
        for s in pool:
            if s > seat:
                return s
        return None

    def _pay(self, p: int, amount: int, line: int) -> None:
        """Add ``amount`` (negative: pay) to seat p's money under ledger line ``line``."""
        self.money = replaced(self.money, p, self.money[p] + amount)
        led = self.ledger[p]
        self.ledger = replaced(self.ledger, p, replaced(led, line, led[line] + amount))

    def token_shortage(self, card: int | None = None):
        """None when the supply has the tokens that guest card ``card`` (default: the card on
        the table) needs; else (rule, sentence): too few stay tokens (56 per set) or connection
        tokens (8 per set) are left, so no hotel can block the stay (rulings BH-32, BH-33;
        option ``token_supply="unlimited"`` lifts the limits)."""
        card = self.card if card is None else card
        if self.game.options["token_supply"] != "limited":
            return None
        need_st, need_conn = stay_tokens(card, 1)
        n = self.game.num_players
        have = _SUPPLY.get(n)
        if have is None:
            have = _SUPPLY[n] = C.token_supply(n)
        have_st, have_conn = have
        used_st, used_conn = self.used
        if used_st + need_st > have_st:
            return R_TOKENS, (f"guest card {card + 1} needs {need_st} stay tokens and only {have_st - used_st} "
                              f"of the {have_st} are left")
        if used_conn + need_conn > have_conn:
            return R_CONNECTION_TOKENS, (f"guest card {card + 1} needs {need_conn} connection token"
                                         f"{'s' if need_conn > 1 else ''} and only {have_conn - used_conn} of the "
                                         f"{have_conn} are left")
        return None

    def quote(self, p: int, card: int | None = None, day: int | None = None):
        """Seat p's total price for the current guest card (room + breakfast money), or None
        when p has no availability (Faza rezerwacji): no rooms free for the whole stay, or too
        few tokens left in the supply to block them (:meth:`token_shortage`)."""
        card = self.card if card is None else card
        if self.token_shortage(card):
            return None
        return self._price_if_free(p, card, self.die if day is None else day)

    def _price_if_free(self, p: int, card: int, day: int):
        """Seat p's total price for ``card`` from ``day``, or None when it has no rooms free
        for the whole stay (the token supply is checked by the caller)."""
        if not blockings(card, day, self.built[p], self.occ[p], True):
            return None
        r, b = stay_price(self.prices[p], card, day)
        return r + b

    # ================================================================== chance
    def _chance_outcomes(self):
        kind = self.node[0]
        if kind in DRAW_KINDS:
            total = sum(self.deck)
            acts = _GUEST_ACTS
            return [(acts[i], c / total) for i, c in enumerate(self.deck) if c]
        return _DIE_OUTCOMES[kind]

    # ================================================================== the rules, in order
    # -- Faza przygotowania do tygodnia (1 and 2) ---------------------------------------------
    def _begin_week(self) -> None:
        """Faza przygotowania do tygodnia 1 / 2: each player sets the 7 day dice and the
        breakfast die in secret, one seat at a time (hidden until every seat has set them)."""
        self.draft = ((),) * self.game.num_players
        self.deck = (C.sets_for(self.game.num_players),) * C.CARDS_PER_SET
        act = self.active_seats()
        self.node = SET_PRICE[act[0]]
        rule = R_PRICES if self.week == 1 else R_WEEK2
        self._emit(f"Week {self.week}: every player sets the price dice in secret "
                   f"(7 days and breakfast, faces 1-6 = 100-600).", rule)

    def _setup_events(self) -> None:
        """Instrukcje przygotowania and the fixed part of week 1's preparation, told with the
        first action of the game (the initial state is already set up: no choice, no chance)."""
        n = self.game.num_players
        if n > 2:
            self._emit(f"{n} players: {C.sets_for(n)} sets of the game ({C.sets_for(n) * C.CARDS_PER_SET} guest cards).", R_MORE)
        self._emit("Each player has a hotel board, 8 price dice, 3 staff dice and a rating marker.", R_SETUP_BOARD)
        self._emit("The check-in die is in the middle of the table.", R_SETUP_DIE)
        self._emit(f"Each player has {C.START_MONEY} in money cards and a blank card.", R_START_MONEY)
        self._emit(f"Each rating marker is on {C.START_STARS} stars.", R_START_RATING)
        self._emit("Each hotel has only its 3 rooms marked \"Start\".", R_START_ROOMS)

    def _do_price(self, a: Action) -> None:
        """Set a price die in secret (preparation), or change one die (Faza rezerwacji: 'może
        zmienić jedną i tylko jedną kość ceny'; Faza gości bez rezerwacji: the same each day)."""
        p = a.player
        die, face = a.args
        if self.node[0] == N_SET_PRICE:
            if self.week == 1 and not any(self.draft):
                self._setup_events()
            self.draft = replaced(self.draft, p, self.draft[p] + (face,))
            if len(self.draft[p]) < 8:
                return
            self._emit(f"{self._name(p)} has set the price dice (face down).", R_PRICES if self.week == 1 else R_WEEK2)
            nxt = self._next_after(p, self.active_seats())
            if nxt is not None:
                self.node = SET_PRICE[nxt]
                return
            self._reveal_prices()
            return
        i = C.DICE.index(die)
        old = self.prices[p][i]
        self.prices = replaced(self.prices, p, replaced(self.prices[p], i, face))
        rule = R_CHANGE_ONE if self.day == 0 else R_WALKIN_CHANGE
        self._emit(f"{self._name(p)} changes the {die} die from {old * STEP} to {face * STEP}.", rule)
        self._after_change(p)

    def _reveal_prices(self) -> None:
        """Every seat has set its dice: they are revealed, and the reservation phase begins."""
        self.prices = tuple(d if len(d) == 8 else self.prices[s] for s, d in enumerate(self.draft))
        self.draft = ((),) * self.game.num_players
        for s in self.active_seats():
            pr = self.prices[s]
            self._emit(f"{self._name(s)} reveals: " + ", ".join(f"{C.DAYS[i]} {pr[i] * STEP}" for i in range(7))
                       + f", breakfast {pr[7] * STEP}.", R_PRICE_VALUES)
        self.turn = 0
        self.day = 0
        k = len(self.active_seats())
        self._emit(f"Reservation phase: {self.cards_this_week()} guest cards, 5 for each of the {k} players.",
                   R_MORE_CARDS if k > 2 else R_SETUP_GUESTS)
        self._emit(f"{self._name(self.active_seats()[0])} (the youngest) takes the first turn; play goes clockwise.",
                   R_TURN_ORDER)
        self._begin_turn()

    # -- Faza rezerwacji ------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """Faza rezerwacji: the next player in turn order takes a turn, until 5 cards per
        player (10 with 2 players) have been played; then the planning phase."""
        if self.turn >= self.cards_this_week():
            self._emit(f"All {self.cards_this_week()} guest cards of the reservation phase are played.", R_REPEAT)
            self._begin_planning()
            return
        self.card = -1
        self.die = 0
        self.quotes = ()
        self.booked_by = ()
        self.node = CHANGE[self.active_player()]

    def _do_keep(self, a: Action) -> None:
        """The player changes no price die (the change is optional: 'może')."""
        self._after_change(a.player)

    def _after_change(self, p: int) -> None:
        if self.day == 0:  # a reservation turn: roll the check-in die
            self.node = CHECKIN_ROLL
            return
        nxt = self._next_after(p, self.active_seats())  # walk-in day: the next player may change
        if nxt is not None:
            self.node = WALKIN_CHANGE[nxt]
        else:
            self.walk = 0
            self.node = BUDGET_ROLL

    def _do_checkin(self, a: Action) -> None:
        """Faza rezerwacji: the white check-in die shows the day the guests check in (faces
        1-6 = Monday-Saturday, BH-05)."""
        self.die = a.args[0]
        self.node = DRAW
        self._emit(f"{self._name(self.active_player())} rolls the check-in die: {C.day_name(self.die)}.", R_CHECKIN_DIE)

    def _do_guest(self, a: Action) -> None:
        """Faza rezerwacji: draw and reveal a guest card (the stay); Faza gości bez rezerwacji:
        the walk-in's card. The deck is the week's shuffled guest cards (BH-10)."""
        card = a.args[0] - 1
        self.deck = replaced(self.deck, card, self.deck[card] - 1)
        self.card = card
        g = GUESTS[card]
        if self.day == 0:
            self._emit(f"Guest card {g.number}: {g.describe()}, checking in on {C.day_name(self.die)}.", R_DRAW_GUEST)
            self._quote_all()
        else:
            self._emit(f"Walk-in guest card {g.number}: {g.describe()}, budget {self.budget * STEP} a night.", R_WALKIN_DRAW)
            self._walk_in()

    def _quote_all(self) -> None:
        """Faza rezerwacji: every hotel with availability prices the stay; the lowest total
        wins, a tie goes to the better rating, then to a secret marketing bid. With too few
        tokens left in the supply no hotel can block the stay: the guests are lost (BH-32,
        BH-33)."""
        short = self.token_shortage()
        if short:
            self._emit(f"No hotel can block the stay: {short[1]}; the guests are lost.", short[0])
            self.lost += 1
            self._end_turn()
            return
        quotes = []
        card, day = self.card, self.die
        for s in self.active_seats():
            q = self._price_if_free(s, card, day)
            if q is not None:
                quotes.append((s, q))
        self.quotes = tuple(quotes)
        if not quotes:
            self._emit("No hotel has the rooms free for the whole stay: the guests are lost.", R_SAME_ROOMS)
            self.lost += 1
            self._end_turn()
            return
        self._emit("Prices for the stay: " + ", ".join(f"{self._name(s)} {q}" for s, q in quotes) + ".", R_QUOTE)
        low = min(q for _, q in quotes)
        best = tuple(s for s, q in quotes if q == low)
        if len(best) > 1:
            top = max(self.stars[s] for s in best)
            rated = tuple(s for s in best if self.stars[s] == top)
            if len(rated) < len(best):
                self._emit(f"Equal prices of {low}: the guests choose the best rating ({top} stars).", R_TIE_RATING)
            best = rated
        if len(best) > 1:
            self.contenders = self._from_active(best)
            self.bids = (-1,) * self.game.num_players
            self.node = BID[self.contenders[0]]
            self._emit("Equal prices and ratings: " + ", ".join(self._name(s) for s in best)
                       + " bid money cards face down for marketing.", R_TIE_BID)
            return
        self._award(best)

    def _from_active(self, seats: tuple) -> tuple:
        """``seats`` in turn order starting from the active player."""
        a = self.active_player()
        return tuple(sorted(seats, key=lambda s: (s - a) % self.game.num_players))

    def _do_bid(self, a: Action) -> None:
        """A secret marketing bid in money cards (0 = the blank card alone, a bluff): hidden
        until every tied seat has bid (Faza rezerwacji; Faza gości bez rezerwacji)."""
        p = a.player
        self.bids = replaced(self.bids, p, a.args[0])
        rank = self.node[0] == N_RANK_BID
        self._emit(f"{self._name(p)} bids money cards face down.", R_RANK_BID if rank else R_BLANK)
        if rank:
            self._rank_next()
            return
        nxt = [s for s in self.contenders if self.bids[s] < 0]
        if nxt:
            self.node = BID[nxt[0]]
            return
        bids = {s: self.bids[s] for s in self.contenders}
        self._emit("Bids revealed: " + ", ".join(f"{self._name(s)} {v}" for s, v in bids.items()) + ".", R_TIE_BID)
        top = max(bids.values())
        winners = tuple(s for s in self.contenders if bids[s] == top)
        paid = self.game.options["winning_bid"] == "paid"
        for s in self.contenders:
            if s not in winners:
                if bids[s]:
                    self._pay(s, -bids[s], _L_MKT)
                    self._emit(f"{self._name(s)} loses the bid and discards its {bids[s]}: marketing is not refunded.",
                               R_BID_LOSERS, ((s, -bids[s]),))
                else:
                    self._emit(f"{self._name(s)} loses the bid; its blank card cost nothing.", R_BID_LOSERS)
            elif paid and bids[s]:
                self._pay(s, -bids[s], _L_MKT)
                self._emit(f"{self._name(s)} wins the bid and pays its {bids[s]} (option winning_bid=paid).",
                           R_TIE_BID, ((s, -bids[s]),))
        self.bids = (-1,) * self.game.num_players
        if len(winners) > 1:
            self._emit("The bids are equal too: every tied hotel gets the guests.", R_TIE_ALL)
        self._award(winners)

    def _award(self, winners: tuple) -> None:
        """The winning hotel(s) get the guests and block rooms (Faza rezerwacji: 'Zwycięski
        gracz następnie blokuje pokoje'; with a tie that the bids do not settle, each tied
        hotel books the whole stay, BH-08)."""
        self.queue = tuple(winners)
        self.contenders = ()
        self.node = BLOCK[self.queue[0]][self.die]

    def _do_block(self, a: Action) -> None:
        """Block the rooms: a square on the check-in day and circles after, green (room only)
        or brown (breakfast), a connection token between rooms with a door symbol; the hotel
        receives the price (Faza rezerwacji; FAQ for nights past Sunday)."""
        p = a.player
        day = self.node[3][0]
        rooms = tuple(r - 1 for r in a.args[0])
        card = self.card
        g = GUESTS[card]
        masks = stay_masks(card, day)
        occ = list(self.occ[p])
        for r, m in zip(rooms, masks):
            occ[r] |= m
        self.occ = replaced(self.occ, p, tuple(occ))
        st, conn = stay_tokens(card, day)
        self.used = (self.used[0] + st, self.used[1] + conn)
        room_money, bf_money = stay_price(self.prices[p], card, day)
        source = SOURCES[0] if self.day == 0 else SOURCES[1]
        self.stays = replaced(self.stays, p, self.stays[p] + ((card, day, rooms, source, room_money, bf_money),))
        self._pay(p, room_money, _L_ROOMS)
        if bf_money:
            self._pay(p, bf_money, _L_BF)
        self.booked_by = self.booked_by + (p,)
        where = ", ".join(C.room_name(r) for r in rooms)
        nights = g.stay
        self._emit(f"{self._name(p)} blocks {where} from {C.day_name(day)} ({nights} night{'s' if nights > 1 else ''}) "
                   f"and receives {room_money + bf_money}" + (f" ({bf_money} for breakfast)" if bf_money else "") + ".",
                   R_BLOCK if self.day == 0 else R_WALKIN_GO, ((p, room_money + bf_money),))
        if any(g.doors):
            self._emit("Connection tokens join the rooms with a door symbol.", R_CONNECT)
        if day + nights - 1 > 7:
            self._emit("The stay runs past Sunday: Sunday's rate for the extra nights.", R_SUNDAY)
            self._emit("Its tokens past Sunday go beside the board and carry into the next week.", R_CARRY_FAQ)
        if all(occ[r] >> (day - 1) & 1 for r in range(NR) if self.built[p] >> r & 1):
            self._emit(f"{self._name(p)}'s hotel is full on {C.day_name(day)}.", R_FULL)
        self.queue = self.queue[1:]
        while self.queue and self.token_shortage():  # BH-08: a tied hotel after another blocked
            short = self.token_shortage()
            self._emit(f"{self._name(self.queue[0])} cannot block the stay: {short[1]}; it gets no guests.", short[0])
            self.queue = self.queue[1:]
        if self.queue:
            self.node = (BLOCK if self.day == 0 else WALKIN_BLOCK)[self.queue[0]][day]
            return
        if self.day == 0:
            self._end_turn()
        else:
            self._next_walkin()

    def _end_turn(self) -> None:
        """Faza rezerwacji: 'Powtórz dla wszystkich 10 Kart Gości' — the next player's turn."""
        self.turn += 1
        self._begin_turn()

    # -- Faza planowania --------------------------------------------------------------------------
    def _begin_planning(self) -> None:
        """Faza planowania: each player in turn hires cleaning, check-in and kitchen staff for
        the whole week, 300 per worker."""
        self.card = -1
        self.die = 0
        self.quotes = ()
        self.booked_by = ()
        self.staff = ((-1, -1, -1),) * self.game.num_players
        self.node = HIRE[self.active_seats()[0]]
        self._emit("Planning: every player hires staff for the whole week (300 per worker).", R_HIRE)

    def _do_hire(self, a: Action) -> None:
        """Hire ``count`` workers of one kind (a staff die with that many pips; 0 = no die) and
        pay 300 each (Faza planowania)."""
        p = a.player
        kind, count = a.args
        k = C.STAFF.index(kind)
        self.staff = replaced(self.staff, p, replaced(self.staff[p], k, count))
        cost = count * C.WAGE
        if cost:
            self._pay(p, -cost, _L_WAGES)
        rule = (R_CLEANING, R_CHECKIN_STAFF, R_KITCHEN)[k]
        self._emit(f"{self._name(p)} hires {count} {C.STAFF_NAMES[k]} staff for the week.", rule)
        if cost:
            self._emit(f"{self._name(p)} pays {cost} in wages ({C.WAGE} a worker).", R_WAGES, ((p, -cost),))
        if k < 2:
            return
        nxt = self._next_after(p, self.active_seats())
        if nxt is not None:
            self.node = HIRE[nxt]
        else:
            self._begin_walkins()

    # ================================================================== scores
    def _scores(self) -> list[int]:
        return list(self.money)

    def _score_breakdown(self) -> list[ScoreItem]:
        """Money by source, each line with its rule: starting money, room revenue, breakfast,
        wages, marketing and expansion. A seat's lines sum to its money."""
        rules = (R_START_MONEY, R_LOWEST, R_QUOTE, R_WAGES, R_BID_LOSERS, R_EXPAND)
        names = ("Starting money", "Room revenue", "Breakfast revenue", "Staff wages", "Marketing", "Expansion")
        out = []
        for s, led in enumerate(self.ledger):
            for i, v in enumerate(led):
                if v or i == 0:
                    out.append(ScoreItem(s, names[i], v, rules[i]))
        return out

    def _winners(self) -> list[int]:
        act = self.active_seats()
        if not act:
            return []
        best = max((self.money[s], self.stars[s]) for s in act)
        return [s for s in act if (self.money[s], self.stars[s]) == best]

    def _end_rule(self) -> str:
        return R_END.section

    def heuristic_value(self, seat: int) -> float:
        """Money, plus 400 a star, minus 400 a star the hotel will lose for the staff already
        hired against the stays already booked (the greedy agent then hires to the demand),
        minus a sealed bid not yet revealed, and a large penalty at 0 stars."""
        if self.out[seat]:
            return -1e6 + self.money[seat]
        v = self.money[seat] + 400 * self.stars[seat]
        if self.bids[seat] > 0:  # a sealed bid counts as spent (it is, unless it wins and is kept)
            v -= self.bids[seat]
        staff = self.staff[seat]
        if any(x >= 0 for x in staff):
            sf = shortfalls(self.stays[seat], staff, self.game.options["shortfall"])
            v -= 400 * sum(sf[k][2] for k in range(3) if staff[k] >= 0)
        return v

    # ================================================================== rules in force
    _NODE_RULE = {
        N_SET_PRICE: R_PRICES, N_CHANGE: R_CHANGE_ONE, N_CHECKIN_ROLL: R_CHECKIN_DIE, N_DRAW: R_DRAW_GUEST,
        N_BID: R_TIE_BID, N_BLOCK: R_BLOCK, N_HIRE: R_HIRE, N_RANK_BID: R_RANK_BID, N_RANK_ROLL: R_RANK_ROLL,
        N_BUDGET_ROLL: R_BUDGET, N_WALKIN_CHANGE: R_WALKIN_CHANGE, N_WALKIN_DRAW: R_WALKIN_DRAW,
        N_WALKIN_BLOCK: R_WALKIN_GO, N_EXPAND: R_EXPAND, N_END: R_END,
    }

    def current_rule(self) -> RuleRef:
        kind = self.node[0]
        if kind == N_SET_PRICE and self.week > 1:
            return R_WEEK2
        return self._NODE_RULE[kind]

    def round_label(self) -> str | None:
        kind = self.node[0]
        if kind == N_END:
            return None
        if self.day:
            return f"Week {self.week}, {C.day_name(min(self.day, 7))}"
        if kind in (N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_BID, N_BLOCK):
            return f"Week {self.week}, guest card {self.turn + 1}"
        return f"Week {self.week}"

    # ================================================================== hidden information
    def resample_hidden(self, seat: int, rng: random.Random) -> "BoutiqueHotelState":
        """The other seats' secret price dice (set so far) and sealed bids dealt again at
        random: a state that agrees with everything ``seat`` may see."""
        new = self._copy()
        new._hist = self._hist
        new.draft = tuple(d if s == seat else tuple(rng.randint(1, FACES) for _ in d)
                          for s, d in enumerate(self.draft))
        new.bids = tuple(b if (s == seat or b < 0) else rng.randint(0, self.money[s] // C.MONEY_STEP) * C.MONEY_STEP
                         for s, b in enumerate(self.bids))
        return new
