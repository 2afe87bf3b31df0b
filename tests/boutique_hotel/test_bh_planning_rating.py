"""Faza planowania and Faza oceny: hiring, wages, weekly demand, shortfalls, stars.
The rulebook's staffing example is notebooks/scenarios/boutique_hotel_example_staffing.toml."""

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
    states = _walk("boutique_hotel_example_staffing.toml")
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
    start = _walk("boutique_hotel_example_staffing.toml")[0]
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
    assert s.ranking == (0, 1) and s.node[:2] == ("walkin_change_price", 0) and s.day == 1


def test_no_violation_gains_a_star_up_to_five_and_zero_stars_loses(bh):
    """'Jeśli nie ma naruszeń, zwiększ ocenę o 1 gwiazdkę'; 'Gracz, który osiągnie 0 gwiazdek,
    przegrywa grę' (BH-15: with 2 players the other wins at once)."""
    start = _walk("boutique_hotel_example_staffing.toml")[0]

    def setup(p):
        p["hotels"][0]["stars"] = 1
        p["hotels"][1]["stars"] = 5
    s = bh.edit(start, setup)
    s = bh.run(s, "chance budget 1", "chance guest 3")
    assert s.stars == (0, 5) and s.out == (True, False)
    assert s.is_terminal and s.winners() == [1]
    assert any("loses the game" in e.text for e in s.events)


def _rated(bh, stays, staff, stars=3, **options):
    """The staffing example's last walk-in (Sunday, budget 100: no hotel fits at 200) with
    Blue's stays replaced by ``stays`` ((card, check-in day, rooms) each) and its staff by
    ``staff`` (cleaning, check-in, kitchen): the state before the rating, and after it."""
    start = _walk("boutique_hotel_example_staffing.toml")[0]

    def setup(p):
        h = p["hotels"][0]
        h["stays"] = []
        h["money_by_source"]["rooms"] = h["money_by_source"]["breakfast"] = 0
        h["money_by_source"]["wages"] = -300 * sum(staff)
        h["money"] = 5000
        h["money_by_source"]["start"] = 500
        h["money_by_source"]["rooms"] = 4500 + 300 * sum(staff)
        h["staff"] = dict(zip(("cleaning", "checkin", "kitchen"), staff))
        h["stars"] = stars
        for card, day, rooms in stays:
            bh.book(p, 0, card, day, rooms)
    pos = start.to_position()
    setup(pos)
    pos["options"].update(options)
    game = hl.load_game("boutique_hotel", num_players=2, options=pos["options"])
    bh.fit_deck(game, pos, keep=(3,))   # the stays' cards drawn, card 3 left for the walk-in (BH-35)
    before = game.state_from_position(pos)
    return before, bh.run(before, "chance budget 1", "chance guest 3")


def test_the_weekly_demand_counts_sunday(bh):
    """'zapotrzebowanie na tydzień to maksimum każdego rodzaju personelu w dowolnym dniu' — any
    of the 7 days ('7 tur, które reprezentują 7 dni tygodnia'), Sunday too. Card 25 on Monday
    (room 1; 1 night, room only, like card 3, which the last walk-in draws) and card 16 on Sunday (rooms 1-2-3): Sunday has 3 rooms and 3 check-ins, so the
    week needs 3 cleaners and 3 check-in workers; with 2 and 2 Blue is 1 short in each: -2."""
    before, after = _rated(bh, [(25, 1, [1]), (16, 7, [1, 2, 3])], (2, 2, 0))
    assert demand(before.stays[0]) == ((1, 0, 0, 0, 0, 0, 3), (1, 0, 0, 0, 0, 0, 3), (0,) * 7)
    assert shortfalls(before.stays[0], (2, 2, 0), "per_worker") == ((3, 2, 1), (3, 2, 1), (0, 0, 0))
    assert after.stars[0] == 1
    assert after.view()["seats"][0]["rating"] == {"demand": [3, 3, 0], "hired": [2, 2, 0], "lost": [1, 1, 0], "change": -2}


def test_breakfast_counts_on_every_night_of_a_brown_stay(bh):
    """'Kuchnia: 1 pracownik na pobyt ze śniadaniem danego dnia (brązowe żetony o dowolnym
    kształcie)': a brown circle needs the kitchen as much as a brown square. Card 6 (2 nights,
    breakfast) from Monday in room 1 and card 4 (1 night, breakfast) on Tuesday in room 2:
    Tuesday has a brown circle and a brown square, 2 breakfasts; 1 kitchen worker is 1 short."""
    before, after = _rated(bh, [(6, 1, [1]), (4, 2, [2])], (2, 1, 1))
    assert demand(before.stays[0]) == ((1, 2, 0, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0, 0), (1, 2, 0, 0, 0, 0, 0))
    assert after.stars[0] == 2
    # the rulebook's blocking example (card 1): breakfast for 2 rooms Monday, 1 room Tuesday
    before, _ = _rated(bh, [(1, 1, [2, 1])], (2, 2, 2))
    assert demand(before.stays[0])[2] == (2, 1, 0, 0, 0, 0, 0)


def test_every_room_of_a_stay_has_a_square_on_its_check_in_day(bh):
    """'Zameldowanie: 1 pracownik na każdego gościa meldującego się danego dnia (kwadraty w
    dowolnym kolorze)' and the blocking example 'z przezroczystym tokenem między kwadratami'
    (the token between the squares): card 1 from Monday puts a square in both rooms, though the
    second room is held for 1 night and the first for 2. Monday: 2 check-ins; 1 worker is short."""
    before, after = _rated(bh, [(1, 1, [2, 1])], (2, 1, 2))
    assert demand(before.stays[0]) == ((2, 1, 0, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0, 0), (2, 1, 0, 0, 0, 0, 0))
    days = [r["days"] for r in before.view()["seats"][0]["rooms"][:2]]
    assert days == ["S.........", "SC........"]
    assert after.stars[0] == 2 and after.view()["seats"][0]["rating"]["lost"] == [0, 1, 0]


def test_each_missing_worker_costs_a_star(bh):
    """'Za każde uchybienie tracisz 1 gwiazdkę (możliwych jest wiele naruszeń w każdej
    kategorii)' (BH-14, per_worker): card 16 on Monday needs 3 cleaners; 1 hired: 2 stars.
    Option per_day: one day short: 1 star."""
    _, after = _rated(bh, [(16, 1, [1, 2, 3])], (1, 3, 0))
    assert after.stars[0] == 1
    _, after = _rated(bh, [(16, 1, [1, 2, 3])], (1, 3, 0), shortfall="per_day")
    assert after.stars[0] == 2
