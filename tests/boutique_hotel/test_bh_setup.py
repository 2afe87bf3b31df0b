"""Komponenty, Instrukcje przygotowania and Faza przygotowania do tygodnia 1: what every player
starts with, the components' counts, and the secret prices set one seat at a time."""

import hotellab as hl
from hotellab.games.boutique_hotel import components as C


def test_components_counts_from_the_rulebook():
    """Komponenty: 8 price dice a player (7 days + breakfast), 3 staff dice, 28 guest cards,
    44 money cards; the board has 3 "Start" rooms (the rest is reconstructed, BH-01..04)."""
    assert len(C.DICE) == 8 and C.DICE[7] == "breakfast"
    assert len(C.STAFF) == 3
    assert len(C.GUESTS) == 28
    assert sum(n for _, n, _ in C.MONEY_CARDS) == 44
    assert len(C.START_ROOMS) == 3
    assert C.money_cards(1700) == [1000, 500, 100, 100]


def test_every_player_starts_with_500_three_stars_and_the_start_rooms(bh):
    """'Każdy gracz otrzymuje 500 w kartach pieniędzy i 1 pustą kartę'; 'na polu z 3
    gwiazdkami'; 'tylko z 3 pokojami … oznaczonymi jako \"Start\"'."""
    s = bh.game(3).new_initial_state()
    v = s.view()
    for seat in v["seats"]:
        assert seat["money"] == 500 and seat["stars"] == 3
        assert [r["number"] for r in seat["rooms"] if r["built"]] == [1, 2, 3]
        assert all(r["start"] == (r["number"] <= 3) for r in seat["rooms"])
        assert seat["prices"] == [0] * 8 and seat["staff"] == [-1, -1, -1]
    assert s.scores == [500, 500, 500]
    assert s.status_text() == "Week 1, preparation — Blue sets the mon price die in secret"
    assert s.phase.name == "Faza przygotowania do tygodnia"


def test_prices_are_set_die_by_die_one_seat_at_a_time_then_revealed(bh):
    """'Każdy gracz w tajemnicy ustala swoje stawki dzienne' (BH-09): 6 faces for the next die
    only; Red starts after Blue's 8 dice; all revealed when the last seat is done."""
    s = bh.game(2).new_initial_state()
    assert [str(a) for a in s.legal_actions()] == [f"p0 price mon {f}" for f in range(1, 7)]
    assert "next is mon" in s.explain_illegal("p0 price tue 3")
    s = bh.set_prices(s, [[1, 2, 3, 4, 5, 6, 1, 2]])
    assert s.current_player == 1 and s.prices == ((0,) * 8, (0,) * 8)
    for die in ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "breakfast"):
        s = s.apply(f"p1 price {die} 2")
    assert s.prices == ((1, 2, 3, 4, 5, 6, 1, 2), (2,) * 8)
    texts = [e.text for e in s.events]
    assert "Blue reveals: mon 100, tue 200, wed 300, thu 400, fri 500, sat 600, sun 100, breakfast 200." in texts
    assert s.node[:2] == ("change_price", 0)


def test_the_first_action_tells_the_setup():
    g = hl.load_game("boutique_hotel", num_players=3)
    s = g.new_initial_state().apply("p0 price mon 1")
    sections = [e.rule.section for e in s.events]
    assert "Instrukcje przygotowania / 1" in sections and "Dodatkowe zasady" in sections
    assert "Instrukcje przygotowania / 3" in sections   # the check-in die in the middle
