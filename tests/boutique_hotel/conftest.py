"""Helpers for the Boutique Hotel Manager tests.

Guest cards are named by their printed number (``data/guests.toml``): card 1 is the rulebook's
blocking example (2 adjacent rooms the first night, 1 the second, breakfast), card 2 its price
example (2 rooms for one night, room only). Rooms are numbered 1-8 (``data/board.toml``);
1, 2, 3 are the "Start" rooms, adjacent 1-2 and 2-3. Seat 0 is Blue, seat 1 Red, seat 2 Green.

States are reached by playing actions from the initial state (``priced``, ``reserve``) or by
editing a real state's declared position (``edit``; ``book`` adds a stay to a position), which
the game validates.
"""

from __future__ import annotations

import pytest

from hotellab.testing.kit import apply_all as run, game_loader

GAME = "boutique_hotel"
FLAT1 = [1] * 8          # every die 100 (breakfast 100)
FLAT2 = [2] * 8          # every die 200

game = game_loader(GAME, 2)


DICE = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "breakfast")


def set_prices(state, prices):
    """Set every seat's 8 secret price dice (``prices[seat]``: 8 faces) in turn order."""
    for seat, faces in enumerate(prices):
        for die, f in zip(DICE, faces):
            state = state.apply(f"p{seat} price {die} {f}")
    return state


def priced(n=2, prices=None, **options):
    """A game whose week-1 prices are set (default: all 100 for every seat), at the first
    reservation turn (seat 0 may change one die)."""
    g = game(n, **options)
    return set_prices(g.new_initial_state(), prices or [FLAT1] * n)


def reserve(state, day, card, change="keep"):
    """The active player changes no die (or plays ``change``), rolls ``day`` on the check-in
    die and draws guest card ``card``."""
    p = state.current_player
    act = f"p{p} {change}" if change == "keep" else change
    return run(state, act, f"chance checkin {day}", f"chance guest {card}")


def book(pos, seat, card, check_in, rooms, source="reservation"):
    """Add a stay to a position (printed card number, check-in day, rooms by number), paid at
    the hotel's price dice (the money and its sources grow by the price)."""
    from hotellab.games.boutique_hotel.stays import stay_price

    h = pos["hotels"][seat]
    prices = tuple(h["price_dice"][d] for d in DICE)
    rm, bm = stay_price(prices, card - 1, max(check_in, 1))
    h["stays"].append({"guest": card, "check_in": check_in, "rooms": rooms, "source": source,
                       "room_money": rm, "breakfast_money": bm})
    h["money"] += rm + bm
    h["money_by_source"]["rooms"] += rm
    h["money_by_source"]["breakfast"] += bm


# the cards the tests draw least: the deck gives these first to the draws a position needs
_SPARE = (27, 24, 23, 22, 21, 20, 19, 17, 14, 13, 10, 8, 6)


def fit_deck(game, pos, keep=()):
    """Make ``pos["guest_cards_left"]`` agree with the rest of the position (ruling BH-35,
    ``position.check_deck``): every card of this week's stays (check-in 1-7) and the card on
    the table is drawn as often as they need, and the cards drawn are as many as the card turns,
    walk-ins and table card say (at a reservation turn with more stays than turns played,
    ``card_turn`` grows by whole rounds, so the active seat stays the same); the extra draws
    are the cards drawn before, then the cards the tests draw least (guests no hotel took),
    never a card of ``keep`` (printed numbers still to be drawn). Returns ``pos``."""
    from hotellab.games.boutique_hotel import position as P
    import hotellab.games.boutique_hotel.components as C

    real = P.check_deck
    P.check_deck = lambda s: None
    try:
        s = game.state_from_position(pos)
    finally:
        P.check_deck = real
    want = P._deck_draws(s)[0]
    sets = C.sets_for(game.num_players)
    walk, res = {}, {}
    for p in range(game.num_players):
        for card, ci, _rs, src, *_ in s.stays[p]:
            if ci < 1:
                continue
            if src == "walk-in":
                walk[card] = walk.get(card, 0) + 1
            else:
                res.setdefault(card, [0] * game.num_players)[p] += 1
    need = [walk.get(c, 0) + max(res.get(c, (0,))) for c in range(C.CARDS_PER_SET)]
    if s.card >= 0 and not (s.node[0] == P.N_BLOCK and s.booked_by):
        need[s.card] += 1
    short = sum(need) - (want or 0)
    if short > 0 and s.node[0] in (P.N_CHANGE, P.N_CHECKIN_ROLL, P.N_DRAW) and not s.day and s.card < 0:
        # a reservation turn with stays from cards not yet played: as many more rounds of
        # turns played as they need, so the same seat is active
        seats = len(s.active_seats())
        pos["card_turn"] += -(-short // seats) * seats
        return fit_deck(game, pos, keep)
    before = [sets - c for c in pos["guest_cards_left"]]
    if want is None:  # no count to meet (the end without a rating): only the stays' cards are drawn
        want = sum(max(b, n) for b, n in zip(before, need))
    drawn = list(need)
    spare = [c - 1 for c in _SPARE] + [c for c in reversed(range(C.CARDS_PER_SET)) if c + 1 not in _SPARE]
    for cap, pool in ((before, range(C.CARDS_PER_SET)), ([sets] * C.CARDS_PER_SET, spare)):
        for c in pool:
            while sum(drawn) < want and c + 1 not in keep and drawn[c] < cap[c]:
                drawn[c] += 1
    assert sum(drawn) == want, f"the position accounts for {want} draws, its stays and table need {sum(need)}"
    pos["guest_cards_left"] = [sets - d for d in drawn]
    return pos


def edit(state, fn, deck=True, keep=()):
    """The state declared by ``state``'s position after ``fn(position)`` edits it; unless
    ``fn`` sets the deck itself (or ``deck`` is false) the deck is made to agree with the
    edited stays, card turn and walk-ins (``fit_deck``, leaving the cards ``keep`` in it)."""
    pos = state.to_position()
    left = list(pos["guest_cards_left"])
    fn(pos)
    if deck and pos["guest_cards_left"] == left:
        fit_deck(state.game, pos, keep)
    return state.game.state_from_position(pos)


@pytest.fixture
def bh():
    import types

    return types.SimpleNamespace(game=game, run=run, set_prices=set_prices, priced=priced, reserve=reserve,
                                 edit=edit, book=book, fit_deck=fit_deck, FLAT1=FLAT1, FLAT2=FLAT2)
