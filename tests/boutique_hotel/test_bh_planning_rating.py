"""Faza planowania and Faza oceny: hiring, wages, weekly demand, shortfalls, stars.
The rulebook's staffing example is notebooks/scenarios/boutique_hotel_staffing_example.toml."""

from pathlib import Path

import hotellab as hl
from hotellab.games.boutique_hotel.stays import demand, shortfalls

SCEN = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios"


def _walk(name):
    """The scenario's start state, then the state after each step."""
    sc = hl.Scenario.load(SCEN / name)
    return [sc.match().state] + [m.state for _, m in sc.walk()]


def test_the_rulebook_staffing_example_loses_one_star():
    """'Hotel zatrudnił 1 pracownika recepcji, 3 pracowników sprzątających i 2 pracowników
    kuchni ... hotel straci 1 gwiazdkę': demand 2 cleaning, 2 check-in, 2 kitchen; hired 3/1/2."""
    states = _walk("boutique_hotel_staffing_example.toml")
    start, last = states[0], states[-1]
    rooms, checkins, bfs = demand(start.stays[0])
    # by hand from the three stays: Mon rooms 1+2 (2 squares), Wed rooms 2+3 (2 brown
    # squares), Fri-Sat room 1 (1 square, 1 circle)
    assert rooms == (2, 0, 2, 0, 1, 1, 0)
    assert checkins == (2, 0, 2, 0, 1, 0, 0)
    assert bfs == (0, 0, 2, 0, 0, 0, 0)
    assert shortfalls(start.stays[0], (3, 1, 2), "per_worker") == ((2, 3, 0), (2, 1, 1), (2, 2, 0))
    assert last.stars == (2, 4)           # Blue -1 (check-in short), Red +1 (no violation)
    assert last.node[0] == "expand"       # week 1 ends in the expansion
    assert last.view()["seats"][0]["rating"] == {"demand": [2, 2, 2], "hired": [3, 1, 2], "lost": [0, 1, 0], "change": -1}
    assert last.view()["lost_guests"] == 1


def test_per_day_reading_counts_each_short_day():
    """BH-14, option shortfall="per_day": check-in is short on Monday and Wednesday: 2 stars."""
    start = _walk("boutique_hotel_staffing_example.toml")[0]
    assert shortfalls(start.stays[0], (3, 1, 2), "per_day") == ((2, 3, 0), (2, 1, 2), (2, 2, 0))


def test_hiring_is_kind_by_kind_at_300_each(bh):
    """'płacą 300 za pracownika (każde oczko równa się 1 pracownikowi)'; at most what the
    player can pay (500 buys 1 worker), 0-6 pips per die."""
    s = bh.priced(2)
    s = bh.edit(s, lambda p: (p.update(card_turn=10), p["next"].update(node="hire_staff", player=0)))
    assert [str(a) for a in s.legal_actions()] == ["p0 hire cleaning 0", "p0 hire cleaning 1"]
    s = s.apply("p0 hire cleaning 1")
    assert s.scores == [200, 500]
    assert "next is checkin" in s.explain_illegal("p0 hire kitchen 0")
    assert "cost 600" in s.explain_illegal("p0 hire checkin 2")
    s = bh.run(s, "p0 hire checkin 0", "p0 hire kitchen 0")
    assert s.current_player == 1 and s.node[0] == "hire_staff"
    s = bh.run(s, "p1 hire cleaning 0", "p1 hire checkin 0", "p1 hire kitchen 0")
    # equal money 200 vs 500: no tie; ranking from the least money: Blue first
    assert s.ranking == (0, 1) and s.node == ("change_price", 0) and s.day == 1


def test_no_violation_gains_a_star_up_to_five_and_zero_stars_loses(bh):
    """'Jeśli nie ma naruszeń, zwiększ ocenę o 1 gwiazdkę'; 'Gracz, który osiągnie 0 gwiazdek,
    przegrywa grę' (BH-15: with 2 players the other wins at once)."""
    start = _walk("boutique_hotel_staffing_example.toml")[0]

    def setup(p):
        p["hotels"][0]["stars"] = 1
        p["hotels"][1]["stars"] = 5
    s = bh.edit(start, setup)
    s = bh.run(s, "chance budget 1", "chance guest 3")
    assert s.stars == (0, 5) and s.out == (True, False)
    assert s.is_terminal and s.winners() == [1]
    assert any("loses the game" in e.text for e in s.events)
