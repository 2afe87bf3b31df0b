"""Komponenty: every counted component stays within its count (rulings BH-25..BH-33).

The limits the engine enforces: 56 stay tokens and 8 connection tokens per set of the game
("56 Żetony, w dwóch kolorach i dwóch kształtach", "8 Przezroczyste żetony połączeń pokoi"),
one supply for all the boards: a stay that needs more tokens than are left cannot be blocked,
so no hotel has availability for it (BH-32, BH-33; option ``token_supply="unlimited"`` lifts
the limits). The others are enforced by the game's structure (8 price dice, 3 staff dice of
1-6 pips, 8 rooms a board, 28 guest cards a set) or ruled unlimited (money, BH-31).

Token counts here are read as the view draws them (a token per filled day of a room, a
connection per entry of ``connections``: view.calendar), not from the engine's own counter, and the expected values are
worked out by hand from the cards (data/guests.toml):

- card 11: 2 rooms 1 night, door, breakfast: 2 stay tokens, 1 connection;
- card 12: 2 rooms 2 nights, door: 4 stay tokens, 2 connections (one a night, BH-18);
- card 15: 2 rooms 3 nights, door, breakfast: 6 stay tokens, 3 connections;
- card 28: 2 rooms 1 night, door: 2 stay tokens, 1 connection;
- cards 3 / 5 / 7 / 9: 1 room for 1 / 2 / 3 / 4 nights: that many stay tokens, no connection.
"""

from __future__ import annotations

import random

import pytest

import hotellab as hl
from hotellab.games.boutique_hotel import components as C
from hotellab.games.boutique_hotel import rules as R
from hotellab.games.boutique_hotel.stays import stay_tokens
from hotellab.games.boutique_hotel.view import calendar


def on_boards(state) -> tuple[int, int]:
    """(stay tokens, connection tokens) on every board and beside it, as the view draws them
    (view.calendar: a room's day string and the connections of each seat)."""
    st = conn = 0
    for stays in state.stays:
        rows, conns = calendar(stays)
        st += sum(len(r) - r.count(".") for r in rows)
        conn += len(conns)
    return st, conn


def seven_connections(pos):
    """Blue: card 15 in rooms 1-2 Monday-Wednesday (3 connections), card 21 in rooms 1-2
    Thursday (room 1 to Saturday, room 2 to Friday: 2); Red: card 21 in rooms 1-2 Monday (2):
    7 of the 8 in use. Card 21 is one draw booked by both hotels (BH-08), so card 12, which
    the tests draw, is still in the deck (BH-35); fit_deck sets card_turn 2 (Blue's turn)."""
    book(pos, 0, 15, 1, [1, 2])
    book(pos, 0, 21, 4, [1, 2])
    book(pos, 1, 21, 1, [1, 2])


book = None  # conftest's ``book`` (set by the autouse fixture below: tests cannot import conftest)


@pytest.fixture(autouse=True)
def _book(bh):
    global book
    book = bh.book


def rules_cited(state):
    return [e.rule for e in state.events]


def test_card_token_counts_by_hand():
    # stay_tokens is the engine's count per stay: checked against the card list above
    assert stay_tokens(10, 1) == (2, 1) and stay_tokens(11, 1) == (4, 2) and stay_tokens(14, 1) == (6, 3)
    assert stay_tokens(27, 6) == (2, 1) and stay_tokens(8, 7) == (4, 0)
    # carried into week 2 (check-in Saturday = day -1): only Monday is on the new week's board
    assert stay_tokens(14, -1) == (2, 1) and stay_tokens(8, 0) == (3, 0)
    assert C.token_supply(2) == (56, 8) and C.token_supply(3) == (112, 16) and C.token_supply(8) == (224, 32)


def test_the_ninth_connection_token_does_not_exist(bh):
    """'8 Przezroczyste żetony połączeń pokoi' (BH-33): with 7 in use, card 12 (2 connections)
    cannot be blocked by anybody though Red has the rooms; card 28 (1) takes the last one; then
    card 11 (1) is lost too."""
    s = bh.edit(bh.priced(2), seven_connections)
    assert on_boards(s) == (16, 7) and s.used == (16, 7)   # 6 + 5 + 5 stay tokens
    s = bh.reserve(s, 5, 12)                               # Blue's turn: card 12 on Friday
    assert s.view()["quotes"] == [] and s.lost == 1
    assert R.R_CONNECTION_TOKENS in rules_cited(s)
    assert "needs 2 connection tokens and only 1 of the 8 are left" in " ".join(e.text for e in s.events)
    assert s.node[:2] == ("change_price", 1)                   # Red's turn
    s = bh.reserve(s, 6, 28)                               # card 28 on Saturday: 200 at both
    s = bh.run(s, "p1 bid 100", "p0 bid 0", "p1 block 1,2")
    assert on_boards(s) == (18, 8) and s.lost == 1
    s = bh.reserve(s, 6, 11)                               # Blue's turn: card 11 on Saturday
    assert s.lost == 2 and on_boards(s) == (18, 8)
    assert "needs 1 connection token and only 0 of the 8 are left" in " ".join(e.text for e in s.events)


def test_unlimited_option_books_the_stay(bh):
    """Option token_supply="unlimited": the same card 12 goes to Red (the only hotel with two
    adjacent rooms free Friday-Saturday) for 2 rooms x 2 nights x 100 = 400: 9 connections."""
    s = bh.edit(bh.priced(2, token_supply="unlimited"), seven_connections)
    s = bh.reserve(s, 5, 12)
    assert s.view()["quotes"] == [{"seat": 1, "price": 400}]
    s = s.apply("p1 block 1,2")
    assert on_boards(s) == (20, 9) and s.lost == 0


def test_a_tied_hotel_finds_the_last_token_gone(bh):
    """BH-08 with BH-33: card 28 on Saturday ties at 200 (equal rating, equal bids); Blue
    blocks first (rooms 2-3: room 1 holds card 21 to Saturday) and takes the 8th connection
    token; Red cannot block and gets no guests."""
    s = bh.edit(bh.priced(2), seven_connections)
    s = bh.reserve(s, 6, 28)
    s = bh.run(s, "p0 bid 0", "p1 bid 0")
    money = s.scores
    s = s.apply("p0 block 2,3")
    assert s.scores == [money[0] + 200, money[1]]
    assert any("Red cannot block the stay" in e.text and e.rule == R.R_CONNECTION_TOKENS for e in s.events)
    assert s.node[:2] == ("change_price", 1) and on_boards(s)[1] == 8


def test_a_walkin_needing_a_token_that_is_not_left_is_lost(bh):
    """Faza gości bez rezerwacji with BH-33: 8 connections in use; on Sunday a walk-in with
    card 28 and budget 600 would fit Blue (100 a night) but no token is left: lost (Red's
    card 11 on Saturday took the 8th)."""
    def setup(pos):
        seven_connections(pos)
        book(pos, 1, 11, 6, [2, 3])
        pos.update(card_turn=10, day=7, walk_in=0, ranking=[0, 1], next={"node": "budget_roll"})
        for h in pos["hotels"]:
            h["staff"] = {"cleaning": 0, "checkin": 0, "kitchen": 0}
    s = bh.edit(bh.priced(2), setup, keep=(28,))
    assert on_boards(s) == (18, 8)
    after = bh.run(s, "chance budget 6", "chance guest 28")
    assert after.lost == 1 and R.R_CONNECTION_TOKENS in rules_cited(after)
    s = bh.edit(bh.priced(2, token_supply="unlimited"), setup, keep=(28,))
    after = bh.run(s, "chance budget 6", "chance guest 28")
    assert after.node[:2] == ("walkin_block_rooms", 0) and after.lost == 0


def fifty_four_tokens(pos):
    """Week 2 (BH-36: rooms beyond the Start rooms are bought after week 1; BH-35: each guest
    card exists once per set and this week's stays came out of the deck): both hotels have all
    8 rooms (5 bought for 5000). Six cards drawn this week (card_turn 6, Blue's turn), each
    booked by both tied hotels (BH-08), and two stays carried from week 1 in Blue's Start rooms:
    Blue 29 stay tokens, Red 25, 54 of the 56 in use, and 4 connection tokens (cards 26 and 17,
    one door symbol each, in both hotels). Blue has no room free Monday-Tuesday; Red's room 1
    is free Monday-Wednesday."""
    pos["week"] = 2
    for seat in (0, 1):
        h = pos["hotels"][seat]
        h["rooms"] = list(range(1, 9))
        h["money_by_source"]["expansion"] = -5000
        h["money"] -= 5000
        h["money_by_source"]["rooms"] += 5000
        h["money"] += 5000
    for seat, stays in enumerate(FIFTY_FOUR):
        for card, day, rooms in stays:
            book(pos, seat, card, day, rooms)


# (card, check-in, rooms) per seat; stay tokens (data/guests.toml, only week 2's nights of a
# carried stay): Blue 5+4+4+4+4+4 + 3 (card 10 from week 1's Sunday, 4 nights) + 1 (card 19
# from Sunday, 2 nights) = 29; Red 5+4+4+4+4+4 = 25
FIFTY_FOUR = ([(26, 1, [1, 7, 8]), (13, 2, [2, 4]), (17, 4, [3, 4, 2]), (14, 5, [4, 5]), (9, 1, [5]), (10, 1, [6]),
               (10, 0, [3]), (19, 0, [2])],
              [(26, 1, [2, 7, 8]), (13, 2, [5, 6]), (17, 4, [3, 4, 2]), (14, 5, [4, 5]), (9, 4, [6]), (10, 2, [8])])


def test_the_fifty_seventh_stay_token_does_not_exist(bh):
    """'56 Żetony' (BH-32): with 54 in use (week 2, expanded hotels) card 7 (3 tokens) is lost though Red's room 1 is
    free; card 5 (2) takes the last two; card 3 (1) is then lost."""
    s = bh.edit(bh.priced(2), fifty_four_tokens)
    assert on_boards(s) == (54, 4)
    s = bh.reserve(s, 1, 7)
    assert s.lost == 1 and R.R_TOKENS in rules_cited(s)
    assert "needs 3 stay tokens and only 2 of the 56 are left" in " ".join(e.text for e in s.events)
    s = bh.reserve(s, 1, 5)                                # Red's turn: only Red has a room Monday
    assert s.view()["quotes"] == [{"seat": 1, "price": 200}]
    s = s.apply("p1 block 1,")
    assert on_boards(s) == (56, 4)
    s = bh.reserve(s, 2, 3)
    assert s.lost == 2 and on_boards(s) == (56, 4)


def test_carried_tokens_are_the_only_ones_in_week_2(bh):
    """Faza przygotowań do tygodnia 2: every token is removed, the carried ones are put back.
    Card 15 from Saturday (3 nights, rooms 1-2) leaves Monday's two brown circles and their
    connection: 2 stay tokens and 1 connection token in use in week 2."""
    from pathlib import Path

    m = hl.Scenario.load(Path(__file__).resolve().parents[2] / "notebooks" / "scenarios"
                         / "boutique_hotel_example_staffing.toml").run()
    week1 = on_boards(m.state)
    s = bh.edit(m.state, lambda pos: book(pos, 1, 15, 6, [1, 2]))
    assert on_boards(s) == s.used == (week1[0] + 6, week1[1] + 3)
    s = bh.run(s, "p0 done", "p1 done")
    assert s.week == 2 and s.used == (2, 1) and on_boards(s) == (2, 1)


@pytest.mark.parametrize("edit, field, rule, words", [
    (lambda pos: (seven_connections(pos), book(pos, 1, 28, 6, [2, 3]), book(pos, 1, 11, 7, [1, 2])),
     "hotels[1].stays[2]", R.R_CONNECTION_TOKENS, "9 connection tokens; the game has 8"),
    (lambda pos: (fifty_four_tokens(pos), book(pos, 1, 7, 1, [1])),
     "hotels[1].stays[6]", R.R_TOKENS, "57 stay tokens; the game has 56"),
])
def test_a_position_beyond_the_supply_is_refused(bh, edit, field, rule, words):
    """The position reader names the stay that runs over and the component; with the option
    token_supply="unlimited" the same position is accepted."""
    with pytest.raises(hl.PositionError) as err:
        bh.edit(bh.priced(2), edit)
    assert err.value.field == field and err.value.rule == rule and words in str(err.value)
    s = bh.edit(bh.priced(2, token_supply="unlimited"), edit)
    assert on_boards(s) == s.used


def test_a_blocking_the_supply_cannot_cover_is_refused(bh):
    """A declared blocking of card 12 with 7 connection tokens in use: refused (field next)."""
    s = bh.edit(bh.priced(2, token_supply="unlimited"), seven_connections)
    s = bh.reserve(s, 5, 12)
    pos = s.to_position()
    pos["options"]["token_supply"] = "limited"
    with pytest.raises(hl.PositionError) as err:
        hl.load_game("boutique_hotel", num_players=2).state_from_position(pos)
    assert err.value.field == "next" and err.value.rule == R.R_CONNECTION_TOKENS


def test_the_sampled_two_player_games_stay_within_8_connection_tokens():
    """Issue 24 item 7's reproducer: 40 random 2-player games (seeds 0-39) had up to 11
    connection tokens on the boards at once (2 games over 8) before the limit; now none goes
    over, and the limit is met (a stay refused) in some of them."""
    game = hl.load_game("boutique_hotel", num_players=2)
    top = refused = 0
    for seed in range(40):
        replay = hl.Replay(hl.play(game, agents=["random", "random"], seed=seed))
        hit = False
        for k in range(len(replay.actions) + 1):
            st = replay.state_at(k)
            top = max(top, on_boards(st)[1])
            hit = hit or R.R_CONNECTION_TOKENS in rules_cited(st)
        refused += hit
    assert top == 8 and refused >= 1


def _check_counts(s):
    n = s.game.num_players
    st, conn = on_boards(s)
    have_st, have_conn = C.token_supply(n)
    assert (st, conn) == s.used
    assert st <= have_st and conn <= have_conn, (st, conn)
    for p in range(n):
        assert len(s.prices[p]) == 8                                  # 7 day dice + breakfast
        assert all(-1 <= x <= C.MAX_STAFF for x in s.staff[p])        # 3 staff dice, 1-6 pips
        assert s.built[p] < 1 << C.NUM_ROOMS                          # the board's 8 rooms
    assert all(0 <= c <= C.sets_for(n) for c in s.deck)               # 28 guest cards a set
    return st, conn


@pytest.mark.parametrize("n", [2, 3, 4, 5, pytest.param(8, marks=pytest.mark.slow)])   # 8 players: 4-6 s
def test_no_count_is_exceeded_in_seeded_games(n):
    """40 seeded games per player count (200 in all), random, greedy and mixed agents: at every
    blocking and week's start the tokens on the boards (read from the view) are within the
    supply and equal the engine's count; the dice, rooms and guest cards within theirs."""
    game = hl.load_game("boutique_hotel", num_players=n)
    kinds = ("random", "mix", "random", "greedy")
    top = [0, 0]
    for seed in range(40):
        kind = kinds[seed % 4]
        agents = [kind] * n if kind != "mix" else ["greedy" if s % 2 == 0 else "random" for s in range(n)]
        m = hl.Match(game, seed=seed, agents=agents)
        while not m.state.is_terminal:
            before = m.state
            m.step()
            s = m.state
            if s.stays != before.stays or s.is_terminal:
                top = [max(a, b) for a, b in zip(top, _check_counts(s))]
    assert top[1] > 0   # door stays were booked: the connection count was exercised
