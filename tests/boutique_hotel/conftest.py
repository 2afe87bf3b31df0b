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

import hotellab as hl

GAME = "boutique_hotel"
FLAT1 = [1] * 8          # every die 100 (breakfast 100)
FLAT2 = [2] * 8          # every die 200


def game(n=2, **options):
    return hl.load_game(GAME, num_players=n, options=options)


def run(state, *texts):
    for t in texts:
        state = state.apply(t)
    return state


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


def edit(state, fn):
    """The state declared by ``state``'s position after ``fn(position)`` edits it."""
    pos = state.to_position()
    fn(pos)
    return state.game.state_from_position(pos)


@pytest.fixture
def bh():
    import types

    return types.SimpleNamespace(game=game, run=run, set_prices=set_prices, priced=priced, reserve=reserve,
                                 edit=edit, book=book, FLAT1=FLAT1, FLAT2=FLAT2)
