"""Faza ekspansji, Faza przygotowań do tygodnia 2 (carried tokens, FAQ) and Koniec gry."""

from pathlib import Path

import hotellab as hl

SCEN = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios"


def _expansion():
    """The staffing example's week, rated: Blue 300 money / 2 stars, Red 500 / 4 stars, at
    the expansion (Blue decides first)."""
    m = hl.Scenario.load(SCEN / "boutique_hotel_example_staffing.toml").run()
    return m.state


def test_expansion_costs_1000_a_room(bh):
    """'Gracze mogą zapłacić 1000 za pokój': Blue (300) cannot; with 2500 it buys 2 rooms."""
    s = _expansion()
    assert [str(a) for a in s.legal_actions()] == ["p0 done"]
    assert "costs 1000" in s.explain_illegal("p0 expand 4")

    def rich(p):
        h = p["hotels"][0]
        h["money"] = 2500
        h["money_by_source"]["rooms"] += 2200
    s = bh.edit(s, rich)
    assert [str(a) for a in s.legal_actions()] == ["p0 done"] + [f"p0 expand {r}" for r in range(4, 9)]
    assert "already part" in s.explain_illegal("p0 expand 2")
    s = bh.run(s, "p0 expand 4", "p0 expand 8")
    assert s.scores[0] == 500 and s.view()["seats"][0]["rooms"][3]["built"]
    assert [str(a) for a in s.legal_actions()] == ["p0 done"]
    s = bh.run(s, "p0 done", "p1 done")
    # week 2: staff removed, tokens cleared (no stay ran past Sunday), secret prices again
    assert s.week == 2 and s.node[:2] == ("set_price", 0)
    assert s.staff == ((-1, -1, -1), (-1, -1, -1)) and s.stays == ((), ())
    assert s.view()["deck_left"] == 28


def test_a_stay_past_sunday_carries_into_week_2(bh):
    """FAQ: 'przenoszą się na następny tydzień' and 'Żetony z poprzednich tygodni, które zostały
    przeniesione, są dodawane' — card 9 from Saturday holds room 1 on Monday and Tuesday of
    week 2 (circles: no check-in), and they count for week 2's cleaning."""
    s = _expansion()

    def carry(p):
        p["hotels"][1]["stays"] = [{"guest": 9, "check_in": 6, "rooms": [1], "source": "reservation",
                                    "room_money": 800, "breakfast_money": 0}]
        p["hotels"][1]["money"] += 800
        p["hotels"][1]["money_by_source"]["rooms"] += 800
    s = bh.edit(s, carry)
    s = bh.run(s, "p0 done", "p1 done")
    assert s.stays[1] == ((8, -1, (0,), "reservation", 800, 0),)
    assert s.view()["seats"][1]["rooms"][0]["days"] == "cc........"
    assert s.occ[1][0] == 0b11
    assert any("carried over" in e.text for e in s.events)
    # week 2 staffing: 1 room to clean Monday and Tuesday, no check-in
    from hotellab.games.boutique_hotel.stays import demand
    assert demand(s.stays[1]) == ((1, 1, 0, 0, 0, 0, 0), (0,) * 7, (0,) * 7)


def test_a_stay_ending_on_the_first_day_past_sunday_carries(bh):
    """FAQ: 'Co się stanie, gdy pobyt przeciągnie się poza niedzielę? … przenoszą się na
    następny tydzień' — a stay past Sunday by a single night is past Sunday too. Card 7 (one
    room, 3 nights) from Saturday holds room 1 on Saturday, Sunday and Monday of week 2: in week
    2 Monday has its circle (no check-in) and needs a cleaner."""
    s = _expansion()
    s = bh.edit(s, lambda p: bh.book(p, 1, 7, 6, [1]))
    assert s.view()["seats"][1]["rooms"][0]["days"] == ".....scc.."
    s = bh.run(s, "p0 done", "p1 done")
    assert [st[:3] for st in s.stays[1]] == [(6, -1, (0,))]
    assert s.view()["seats"][1]["rooms"][0]["days"] == "c........."
    assert s.occ[1][0] == 0b1
    from hotellab.games.boutique_hotel.stays import demand
    assert demand(s.stays[1]) == ((1, 0, 0, 0, 0, 0, 0), (0,) * 7, (0,) * 7)


def test_week_2_prices_are_secret_until_all_are_set(bh):
    s = _expansion()
    s = bh.run(s, "p0 done", "p1 done", "p0 price mon 5", "p0 price tue 6")
    assert s.view(1)["seats"][0]["secret"] is None and s.view(1)["seats"][0]["secret_set"] == 2
    assert s.view(0)["seats"][0]["secret"] == [5, 6]
    assert s.view(1)["seats"][0]["prices"] == [2] * 8        # last week's dice until revealed
    assert s.action_to_string(s.history()[-1], perspective=1) == "Blue: set a price die (face down)"


def _end_position(bh, money, stars):
    """Week 2, the last walk-in of Sunday, no staff needed (no stays): rated, then the end."""
    s = _expansion()
    s = bh.run(s, "p0 done", "p1 done")

    def fin(p):
        p.update(week=2, card_turn=10, day=7, walk_in=0, ranking=[0, 1], next={"node": "budget_roll"})
        for i, h in enumerate(p["hotels"]):
            h["price_dice"] = {d: 6 for d in h["price_dice"]}
            h["secret_price_dice"] = []
            h["staff"] = {"cleaning": 0, "checkin": 0, "kitchen": 0}
            h["money"] = money[i]
            h["money_by_source"] = {"start": 500, "rooms": money[i] - 500, "breakfast": 0, "wages": 0,
                                    "marketing": 0, "expansion": 0}
            h["stars"] = stars[i]
            h["lost"] = False
    s = bh.edit(s, fin)
    return bh.run(s, "chance budget 1", "chance guest 3")


def test_most_money_wins(bh):
    s = _end_position(bh, [3000, 2000], [2, 4])
    assert s.is_terminal and s.winners() == [0] and s.stars == (3, 5)


def test_equal_money_higher_rating_wins_else_a_draw(bh):
    """'W przypadku remisu wygrywa najwyżej oceniany gracz. Jeśli nadal jest remis, gra kończy
    się remisem.' (both gain a star for no violation: 3 vs 5, then 4 vs 4)."""
    s = _end_position(bh, [3000, 3000], [2, 4])
    assert s.winners() == [1]
    assert s.events[-1].rule.section == "Koniec gry" and "best rating" in s.events[-1].text
    assert s.events[-1].rule.quote.startswith("W przypadku remisu")
    s = _end_position(bh, [3000, 3000], [3, 3])
    assert s.winners() == [0, 1] and "winner: Blue, Red" in s.status_text()
