"""Counted components in a declared position (issue 24 item 7; rulings BH-30, BH-35, BH-36).

- "28 Karty gości" (Komponenty), one deck per set (a set per 2 players): a guest card's draw
  makes one stay (a walk-in) or one in each tied hotel (BH-08), so a 2-player game (1 set)
  cannot show two stays of one card in one hotel, and a 3-player game (2 sets) not three
  walk-ins of one card.
- "Gracze mogą zapłacić 1000 za pokój, aby rozbudować swój hotel na następną rundę" (Faza
  ekspansji): every room beyond the 3 Start rooms was paid 1000 (money_by_source.expansion),
  bought after week 1's rating, and used from week 2.
- check_deck (called by the reader): this week's stays came out of the deck, and the cards
  drawn are card_turn's, the walk-ins' and the table's (BH-35).
"""

from __future__ import annotations

import pytest

import hotellab as hl
from hotellab.games.boutique_hotel import rules as R
from hotellab.games.boutique_hotel.position import R_GUEST_CARDS, check_deck
from hotellab.testing import sampled_states


def refused(bh, state, fn):
    with pytest.raises(hl.PositionError) as err:
        bh.edit(state, fn)
    return err.value


def test_two_stays_of_card_15_in_one_hotel_are_refused(bh):
    """The tester's position: 2 players (one set: card 15 exists once), Blue holds card 15
    Monday in rooms 1-2 and Thursday in rooms 2-3: the second needs a second copy."""
    def fn(pos):
        bh.book(pos, 0, 15, 1, [1, 2])
        bh.book(pos, 0, 15, 4, [2, 3])
    e = refused(bh, bh.priced(2), fn)
    assert e.field == "hotels[0].stays[1].guest" and e.rule == R_GUEST_CARDS
    assert "guest card 15" in str(e) and "2 draws of it needed" in str(e) and "1 copy in the game" in str(e)


def test_one_draw_booked_by_two_tied_hotels_is_accepted_from_a_deck_without_it(bh):
    """BH-08: 'wszyscy remisujący gracze otrzymują gości': card 15 in Blue's and Red's hotel
    is one draw; with card 15 out of the deck and 2 cards played (fit_deck: card_turn 0 -> 2,
    so Blue is still the active seat) the reader accepts it."""
    def fn(pos):
        bh.book(pos, 0, 15, 1, [1, 2])
        bh.book(pos, 1, 15, 1, [1, 2])
    s = bh.edit(bh.priced(2), fn)
    assert s.deck[14] == 0 and s.turn == 2 and sum(s.deck) == 26    # 28 - 2 drawn (card_turn 2)
    check_deck(s)


def test_two_hotels_stays_of_card_15_with_card_15_still_in_the_deck_are_refused(bh):
    """The tester's position: 2 players (one set: card 15 exists once), card 15 on Monday in
    Blue's rooms 1-2 and in Red's rooms 1-2 (one draw, BH-08), but guest_cards_left still holds
    its only copy: "28 Karty gości" (BH-35), the first stay is named. With the card out of
    the deck and card_turn 0 the count is refused instead (1 drawn, 0 played)."""
    def fn(pos):
        bh.book(pos, 0, 15, 1, [1, 2])
        bh.book(pos, 1, 15, 1, [1, 2])
    with pytest.raises(hl.PositionError) as err:
        bh.edit(bh.priced(2), fn, deck=False)
    e = err.value
    assert e.field == "hotels[0].stays[0].guest" and e.rule == R_GUEST_CARDS
    assert "guest card 15" in str(e) and "0 drawn (guest_cards_left[14] = 1 of 1 still in the deck" in str(e)
    assert e.rule.quote == "28 Karty gości"

    def out_of_deck(pos):
        fn(pos)
        pos["guest_cards_left"][14] = 0
    with pytest.raises(hl.PositionError) as err:
        bh.edit(bh.priced(2), out_of_deck)
    assert err.value.field == "guest_cards_left" and err.value.rule == R.R_DRAW_GUEST
    assert "1 guest card drawn this week" in str(err.value) and "card_turn 0 cards played: 0" in str(err.value)


def test_three_walkins_of_one_card_need_three_copies(bh):
    """3 players use 2 sets (card 3 twice): two walk-in stays of card 3 are possible, a third
    is not (a walk-in's draw makes one stay)."""
    def two(pos):
        bh.book(pos, 0, 3, 1, [1], source="walk-in")
        bh.book(pos, 1, 3, 2, [1], source="walk-in")
    bh.edit(bh.priced(3), two)
    e = refused(bh, bh.priced(3), lambda pos: (two(pos), bh.book(pos, 2, 3, 3, [1], source="walk-in")))
    assert e.field == "hotels[2].stays[0].guest" and e.rule == R_GUEST_CARDS and "3 draws" in str(e)


def expand(pos, seat, rooms, paid):
    h = pos["hotels"][seat]
    h["rooms"] = [1, 2, 3] + rooms
    h["money_by_source"]["expansion"] = -paid
    h["money"] -= paid
    h["money_by_source"]["rooms"] += paid   # keep the money positive
    h["money"] += paid


@pytest.mark.parametrize("week, rooms, paid, words", [
    (2, [4, 5, 6, 7, 8], 0, "5 rooms beyond the 3 Start rooms and paid for 0"),       # the tester's
    (2, [4, 5], 1000, "2 rooms beyond the 3 Start rooms and paid for 1"),
    (2, [], 1000, "0 rooms beyond the 3 Start rooms and paid for 1"),
    (1, [4], 1000, "this hotel has not had that turn"),                                 # before the expansion
])
def test_rooms_beyond_the_start_rooms_are_bought(bh, week, rooms, paid, words):
    """1000 a room, after week 1 (Faza ekspansji): 8 rooms with money_by_source.expansion 0
    are refused, as are rooms not matching the payment, or rooms in week 1's reservation."""
    def fn(pos):
        pos["week"] = week
        expand(pos, 0, rooms, paid)
    e = refused(bh, bh.priced(2), fn)
    assert e.field == "hotels[0].rooms" and e.rule == R.R_EXPAND and words in str(e)
    bh.edit(bh.priced(2), lambda pos: (pos.update(week=2), expand(pos, 0, rooms, 1000 * len(rooms))))


def test_expansion_turns_in_week_1(bh):
    """In week 1's expansion a seat before or at the expanding seat may have rooms, a later one
    not yet (seats expand in turn)."""
    s = next(t for t in sampled_states("boutique_hotel", 2, games=20)
             if t.node[:2] == ("expand", 0) and not any(t.out) and t.built == (7, 7))
    bh.edit(s, lambda pos: expand(pos, 0, [4], 1000))
    e = refused(bh, s, lambda pos: expand(pos, 1, [4], 1000))
    assert e.field == "hotels[1].rooms" and "not had that turn" in str(e)


def test_carried_stays(bh):
    """A stay carried into week 2 (check-in 0 or less) exists only in week 2 (Żetony z
    poprzednich tygodni) and only in week 1's rooms: a room bought after week 1 is used 'na
    następną rundę'."""
    e = refused(bh, bh.priced(2), lambda pos: bh.book(pos, 0, 9, -1, [1]))
    assert e.field == "hotels[0].stays[0].check_in" and e.rule == R.R_CARRY
    bh.edit(bh.priced(2), lambda pos: (pos.update(week=2), bh.book(pos, 0, 9, -1, [1])))
    e = refused(bh, bh.priced(2), lambda pos: (pos.update(week=2), expand(pos, 0, [4], 1000),
                                               bh.book(pos, 0, 9, -1, [4])))
    assert e.field == "hotels[0].stays[0].rooms" and e.rule == R.R_EXPAND


def test_check_deck_counts_the_cards_drawn(bh):
    """After 3 reservation turns (cards 3, 5, 7 lost or booked) the deck holds 25: a card_turn
    of 2 or a deck of 26 does not match (field guest_cards_left)."""
    s = bh.priced(2)
    for card in (3, 5, 7):
        s = bh.reserve(s, 1, card)
        while s.node[0] != "change_price":   # a tie's bids, then the blockings
            s = s.apply(s.legal_actions()[0])
    assert s.turn == 3 and sum(s.deck) == 25
    check_deck(s)
    for edit in (lambda pos: pos.update(card_turn=2), lambda pos: pos["guest_cards_left"].__setitem__(2, 1)):
        pos = s.to_position()
        edit(pos)
        if pos["card_turn"] == 2:
            pos["next"]["player"] = 0
        with pytest.raises(hl.PositionError) as err:
            s.game.state_from_position(pos)      # the reader calls check_deck
        assert err.value.field in ("guest_cards_left", "hotels[0].stays[0].guest")


@pytest.mark.parametrize("n", [2, pytest.param(3, marks=pytest.mark.slow),    # 6-8 s
                               pytest.param(5, marks=pytest.mark.slow)])   # 17-28 s (--durations)
def test_every_reached_state_is_accepted(n):
    """35 seeded random games per player count (105 in all, both walk-in readings): every
    state's position is read back (no false refusal) and passes check_deck."""
    count = 0
    for s in sampled_states("boutique_hotel", n, games=35, seed_base=1000 * n,
                            options=({}, {"walkins": "round_down"})):
        t = s.game.state_from_position(s.to_position())
        check_deck(t)
        count += 1
    assert count > 35 * 100
