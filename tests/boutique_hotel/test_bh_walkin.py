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
    assert s.ranking == (1, 2, 0) and s.day == 1 and s.node == ("change_price", 0)


def test_equal_money_bids_all_lost_then_the_die(bh):
    """'W przypadku remisu, gracze licytują ... Wszystkie pieniądze na marketing są stracone.
    Jeśli nadal jest remis, rzuć białą kością' (BH-21)."""
    s = _to_walkins(bh, 3, money=[800, 800, 800])
    assert s.node == ("ranking_bid", 0)
    s = bh.run(s, "p0 bid 100", "p1 bid 300", "p2 bid 100")
    assert s.scores == [700, 500, 700]          # every bid is paid
    assert s.is_chance_node and s.node == ("ranking_roll", 0)
    s = bh.run(s, "chance roll 4", "chance roll 4")   # Blue and Green roll equal: again
    assert s.node == ("ranking_roll", 0)
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
    assert s.node[:2] == ("block_rooms", 0)
    s = s.apply("p0 block 1,")
    assert s.scores == [900, 500]
    assert s.stays[0][-1][3] == "walk-in" and s.stays[0][-1][1] == 1   # checks in on Monday
    assert s.node == ("change_price", 0) and s.day == 2               # 1 walk-in a day with 2
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
    assert s.node == ("change_price", 1)
    s = s.apply("p1 keep")
    assert s.is_chance_node and s.node[0] == "budget_roll"
    assert s.prices[0][0] == 6
