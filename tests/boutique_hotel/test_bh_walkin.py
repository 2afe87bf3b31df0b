"""Faza gości bez rezerwacji: the ranking (money, secret bids, the die), the nightly budget,
the first hotel that fits, lost guests, walk-ins per day (Dodatkowe zasady)."""

import pytest

from hotellab.games.boutique_hotel.stays import fits_budget


def _to_walkins(bh, n=2, money=None, prices=None, **options):
    """Reservations skipped (card_turn at the end), every seat to hire 0 staff next."""
    s = bh.priced(n, prices, **options)

    def setup(p):
        p["card_turn"] = 5 * n
        p["next"] = {"node": "hire_staff", "player": 0}
        for i, h in enumerate(p["hotels"]):
            m = (money or [500] * n)[i]
            h["money"] = m
            h["money_by_source"]["rooms"] = m - 500
    s = bh.edit(s, setup)
    for seat in range(n):
        s = bh.run(s, f"p{seat} hire cleaning 0", f"p{seat} hire checkin 0", f"p{seat} hire kitchen 0")
    return s


def test_ranking_least_money_first(bh):
    """'uszereguj wszystkich graczy od najniższej do najwyższej kwoty pieniędzy'."""
    s = _to_walkins(bh, 3, money=[900, 600, 700])
    assert s.ranking == (1, 2, 0) and s.day == 1 and s.node[:2] == ("walkin_change_price", 0)


def test_equal_money_bids_all_lost_then_the_die(bh):
    """'W przypadku remisu, gracze licytują ... Wszystkie pieniądze na marketing są stracone.
    Jeśli nadal jest remis, rzuć białą kością' (BH-21)."""
    s = _to_walkins(bh, 3, money=[800, 800, 800])
    assert s.node[:2] == ("ranking_bid", 0)
    s = bh.run(s, "p0 bid 100", "p1 bid 300", "p2 bid 100")
    assert s.scores == [700, 500, 700]          # every bid is paid
    assert s.is_chance_node and s.node.kind == "ranking_roll" and s.node.context == (0,)
    s = bh.run(s, "chance roll 4", "chance roll 4")   # Blue and Green roll equal: again
    assert s.node.kind == "ranking_roll" and s.node.context == (0,)
    s = bh.run(s, "chance roll 2", "chance roll 5")
    assert s.ranking == (1, 2, 0)               # the higher bid, then the higher roll, first
    assert s.view()["ranking"] == [1, 2, 0]


def test_budget_each_night_or_average():
    """BH-12: Monday 100, Tuesday 400, card 5 (one room, 2 nights, room only), budget 300:
    Tuesday's 400 is over the budget (each_night), the average 250 is within it (average)."""
    prices = (1, 4, 1, 1, 1, 1, 1, 1)
    assert not fits_budget(prices, 4, 1, 3, "each_night")
    assert fits_budget(prices, 4, 1, 3, "average")
    # breakfast counts in the night's cost: card 6 (2 nights, breakfast 100) at 200 a night
    assert fits_budget((2,) * 7 + (1,), 5, 1, 3, "each_night")
    assert not fits_budget((2,) * 7 + (2,), 5, 1, 3, "each_night")


def test_walkins_take_the_first_hotel_in_the_ranking_that_fits(bh):
    """'Goście udają się do pierwszego hotelu (zgodnie z rankingiem), który mieści się w ich
    budżecie. Jeśli żaden hotel nie spełnia wymagań, goście są straceni.'"""
    s = _to_walkins(bh, 2, money=[600, 500], prices=[[3] * 8, [5] * 8])
    assert s.ranking == (1, 0)                   # Red has less money: tried first
    s = bh.run(s, "p0 keep", "p1 keep", "chance budget 4", "chance guest 3")
    # Red asks 500 > 400; Blue 300 fits: Blue blocks
    assert s.node[:2] == ("walkin_block_rooms", 0)
    s = s.apply("p0 block 1,")
    assert s.scores == [900, 500]
    assert s.stays[0][-1][3] == "walk-in" and s.stays[0][-1][1] == 1   # checks in on Monday
    assert s.node[:2] == ("walkin_change_price", 0) and s.day == 2               # 1 walk-in a day with 2
    s = bh.run(s, "p0 keep", "p1 keep", "chance budget 2", "chance guest 4")
    assert s.lost == 1 and s.day == 3


@pytest.mark.parametrize("n, rounding, per_day", [(2, "round_up", 1), (3, "round_up", 2), (3, "round_down", 1),
                                                   (4, "round_up", 2), (5, "round_down", 2)])
def test_one_walkin_per_two_players(bh, n, rounding, per_day):
    """'na każde 2 graczy pojawia się jeden niezapowiedziany gość dziennie' (BH-13)."""
    assert bh.priced(n, walkins=rounding).walkins_per_day() == per_day


def test_every_player_may_change_one_die_each_day(bh):
    """'Każdego dnia: Gracze mogą zmienić jedną Kostkę Ceny' — in turn order, then the budget."""
    s = _to_walkins(bh, 2, money=[600, 500])
    s = s.apply("p0 price mon 6")
    assert s.node[:2] == ("walkin_change_price", 1)
    s = s.apply("p1 keep")
    assert s.is_chance_node and s.node[0] == "budget_roll"
    assert s.prices[0][0] == 6


def test_the_ranking_holds_for_the_whole_phase(bh):
    """'Ta kolejność pozostaje niezmienna przez całą fazę': Blue (500) is ranked before Red
    (600); a walk-in on Monday (card 5, 2 nights at 100) makes Blue the richer (700), yet on
    Tuesday the walk-ins still try Blue first."""
    s = _to_walkins(bh, 2, money=[500, 600])
    assert s.ranking == (0, 1)
    s = bh.run(s, "p0 keep", "p1 keep", "chance budget 6", "chance guest 5")
    assert s.node[:2] == ("walkin_block_rooms", 0)       # both fit the budget: the first in the ranking
    s = s.apply("p0 block 1,")
    assert s.scores == [700, 600]
    s = bh.run(s, "p0 keep", "p1 keep", "chance budget 6", "chance guest 3")
    assert s.ranking == (0, 1) and s.node[:2] == ("walkin_block_rooms", 0)


def test_a_walkin_checks_in_on_the_day_of_the_turn(bh):
    """'Goście meldują się w dniu danej tury': the walk-ins of Wednesday (the 3rd turn) check
    in on Wednesday: a square in room 2 on Wednesday."""
    s = _to_walkins(bh, 2, money=[500, 600])
    for card in (3, 18):                          # Monday and Tuesday: 1 night at 100, booked
        s = bh.run(s, "p0 keep", "p1 keep", "chance budget 6", f"chance guest {card}")
        s = s.apply(str(s.legal_actions()[0]))
    assert s.day == 3
    s = bh.run(s, "p0 keep", "p1 keep", "chance budget 6", "chance guest 25", "p0 block 3,")
    assert s.stays[0][-1][1] == 3 and s.view()["seats"][0]["rooms"][2]["days"] == "..s......."


def test_seven_walkin_days_monday_to_sunday(bh):
    """'Ta faza składa się z 7 tur, które reprezentują 7 dni tygodnia': with every price at 600
    no walk-in on a budget of 100 fits, so 7 are lost, Monday to Sunday; then the week is
    rated (Faza oceny) and the expansion begins."""
    s = _to_walkins(bh, 2, money=[500, 600], prices=[[6] * 8, [6] * 8])
    days = []
    while s.day:
        days.append(s.day)
        s = bh.run(s, "p0 keep", "p1 keep", "chance budget 1", f"chance guest {s.day + 2}")
    assert days == [1, 2, 3, 4, 5, 6, 7] and s.lost == 7
    assert s.node[0] == "expand" and s.rating


def test_two_walkins_a_day_with_three_players(bh):
    """'na każde 2 graczy pojawia się jeden niezapowiedziany gość dziennie' (BH-13, round_up):
    3 players have 2 walk-ins on Monday, then Tuesday begins."""
    s = _to_walkins(bh, 3, money=[500, 600, 700], prices=[[6] * 8] * 3)
    s = bh.run(s, "p0 keep", "p1 keep", "p2 keep", "chance budget 1", "chance guest 3")
    assert s.day == 1 and s.walk == 1 and s.node[0] == "budget_roll"   # the second walk-in of Monday
    s = bh.run(s, "chance budget 1", "chance guest 4")
    assert s.day == 2 and s.lost == 2 and s.node[:2] == ("walkin_change_price", 0)


def test_a_walkin_is_priced_at_the_rate_of_its_own_day(bh):
    """'Goście meldują się w dniu danej tury' and the budget 'na noc': Blue asks 100 every day
    but 600 on Wednesday, Red 600 every day. Walk-ins on a budget of 100 take Blue on Monday
    and Tuesday; on Wednesday Blue's 600 is over the budget: lost."""
    s = _to_walkins(bh, 2, money=[500, 600], prices=[[1, 1, 6, 1, 1, 1, 1, 1], [6] * 8])
    for card in (3, 18):
        s = bh.run(s, "p0 keep", "p1 keep", "chance budget 1", f"chance guest {card}")
        assert s.node[:2] == ("walkin_block_rooms", 0)
        s = s.apply(str(s.legal_actions()[0]))
    s = bh.run(s, "p0 keep", "p1 keep", "chance budget 1", "chance guest 25")
    assert s.lost == 1 and s.day == 4
