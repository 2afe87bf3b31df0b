"""Point Calculation, Award Cards, Star Bonus; the rulebook's two worked examples.

- "Player B has 2 and Player C has 5 Bedroom Build Cards (10 points). Player A has 4 Bedroom
  Build Cards but also used 2 Tourist Group Cards to Build a set of 6 cards. Player A receives
  the designated 10 points ... Player A will only receive 4 points due to 3 points being
  deducted for each Tourist Group Card."
- "if 2 players have 3 cards each of Pool Build Cards, then both players receive 3 points."

Card numbers: Bedroom 0-12 (0, 1 starred), Restaurant 13-23 (13, 14 starred), Pool 24-33
(24, 25 starred), Lounge 34-42 (34, 35), Spa 43-50 (43, 44), Garden 51-56 (51, 52), Tourists 57-61.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def base(ph):
    return ph.start(3)


def test_worked_example_bedroom_with_two_tourists(ph, base):
    A, B, C_ = 0, 1, 2
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        A: [("bedroom", p.plain("bedroom", 4) + p.tourist(2))],
        B: [("bedroom", p.plain("bedroom", 2))],
        C_: [("bedroom", p.star("bedroom", 2) + p.plain("bedroom", 3))],
    })
    a = ph.items(s, A)
    assert a["Bedroom majority (6 cards)"] == 10
    assert a["Tourist Group penalty (2 in the hotel)"] == -6
    assert a["Bedroom majority (6 cards)"] + a["Tourist Group penalty (2 in the hotel)"] == 4
    assert not any("Bedroom" in c for c in ph.items(s, B)) and not any("Bedroom" in c for c in ph.items(s, C_))
    # everything else: one floor each -> Perfect View tied (+1 each); Sky Room: A's 6 cards
    # on top (+3); Cheap Hotel: 1 kind each (-3)
    assert s.scores == [10 - 6 + 1 + 3 - 3, 1 - 3, 1 - 3]
    rules = {i.category: i.rule.section for i in s.score_breakdown() if i.player == A}
    assert rules["Bedroom majority (6 cards)"] == "Point Calculation"
    assert rules["Tourist Group penalty (2 in the hotel)"] == "Point Calculation"


def test_pool_tie_each_scores_its_card_count(ph, base):
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("pool", p.plain("pool", 3))], 1: [("pool", p.plain("pool", 3))], 2: [("pool", p.plain("pool", 2))]})
    assert ph.items(s, 0)["Pool tie (3 cards)"] == 3
    assert ph.items(s, 1)["Pool tie (3 cards)"] == 3
    assert not any("Pool" in c for c in ph.items(s, 2))
    tie = [i for i in s.score_breakdown() if i.category == "Pool tie (3 cards)"][0]
    assert "each player receives a point for each card" in tie.rule.quote
    # Blue and Red: Pool tie +3, Perfect View tied at 1 floor +1, Sky Room tied (3, 3): 0,
    # Cheap Hotel -3 -> 1; Green: no Pool points, Perfect View +1, Cheap Hotel -3 -> -2
    assert s.scores == [1, 1, -2]


def test_tourists_in_the_set_count_toward_the_majority(ph, base):
    # 3 Lounge + 1 Tourist (4 cards) beats 3 Lounge
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("lounge", p.plain("lounge", 3) + p.tourist(1))], 1: [("lounge", p.plain("lounge", 3))]})
    assert ph.items(s, 0)["Lounge majority (4 cards)"] == 6


def test_annex_counts_with_its_set(ph, base):
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("spa", p.plain("spa", 2)), ("spa", p.plain("spa", 1) + p.star("spa", 1))], 1: [("spa", p.plain("spa", 3))]})
    assert ph.items(s, 0)["Spa majority (4 cards)"] == 5


def test_perfect_view_tallest_hotel_plus_5_tie_plus_1(ph, base):
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("pool", p.plain("pool", 2)), ("spa", p.plain("spa", 2)), ("garden", p.plain("garden", 2))],
        1: [("lounge", p.plain("lounge", 2)), ("bedroom", p.plain("bedroom", 2))]})
    assert ph.items(s, 0)["Perfect View (3 floors)"] == 5
    assert not any(c.startswith("Perfect View") for c in ph.items(s, 1))
    t = ph.adjust(s, hotels={1: [("lounge", p.plain("lounge", 2)), ("bedroom", p.plain("bedroom", 2)),
                                 ("restaurant", p.plain("restaurant", 2))]})
    assert ph.items(t, 0)["Perfect View (3 floors, tie)"] == 1
    assert ph.items(t, 1)["Perfect View (3 floors, tie)"] == 1


def test_sky_room_biggest_top_floor_plus_3_none_on_a_tie(ph, base):
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("pool", p.plain("pool", 2)), ("spa", p.plain("spa", 4))],  # top floor 4 cards
        1: [("lounge", p.plain("lounge", 5)), ("bedroom", p.plain("bedroom", 3))]})  # top floor 3
    assert ph.items(s, 0)["Sky Room (4 cards on the top floor)"] == 3
    t = ph.adjust(s, hotels={1: [("lounge", p.plain("lounge", 2)), ("bedroom", p.plain("bedroom", 4))]})
    assert not [i for i in t.score_breakdown() if i.category.startswith("Sky Room")]
    assert t.view()["awards"][1]["tied"] == [0, 1]


def test_cheap_hotel_under_four_kinds(ph, base):
    p = ph.Pick()
    three = [("pool", p.plain("pool", 2)), ("spa", p.plain("spa", 2)), ("garden", p.plain("garden", 2))]
    four = [("lounge", p.plain("lounge", 2)), ("bedroom", p.plain("bedroom", 2)),
            ("restaurant", p.plain("restaurant", 2)), ("pool", p.plain("pool", 2))]
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={0: three, 1: four})
    assert ph.items(s, 0)["Cheap Hotel (3 kinds)"] == -3
    assert not any(c.startswith("Cheap Hotel") for c in ph.items(s, 1))
    assert ph.items(s, 2)["Cheap Hotel (0 kinds)"] == -3


def test_tourists_left_in_hand_cost_3_each(ph, base):
    s = ph.adjust(base, hands={0: [57, 58, 3], 1: [], 2: []})
    assert ph.items(s, 0)["Tourist Group penalty (2 in hand)"] == -6
    # an empty hotel: Cheap Hotel -3; 2 Tourists in hand -6
    assert s.scores == [-9, -3, -3]


def test_star_bonus_only_with_the_option(ph):
    p = ph.Pick()
    floors = {0: [("bedroom", p.star("bedroom", 2) + p.plain("bedroom", 1)), ("pool", p.star("pool", 1) + p.plain("pool", 1))]}
    off = ph.adjust(ph.start(2), hands={0: [], 1: []}, hotels=floors)
    on = ph.adjust(ph.start(2, star_bonus=True), hands={0: [], 1: []}, hotels=floors)
    assert not any("Star" in c for c in ph.items(off, 0))
    assert ph.items(on, 0)["Star Bonus (3 \u2605)"] == 3
    assert on.scores[0] == off.scores[0] + 3


def test_a_full_hand_count_and_the_breakdown_sums_to_it(ph):
    # 2 players. Blue: Bedroom 5 (+10), Pool 3 + Tourist = 4 vs Red's Pool 4 (tie: +4), Spa 2 (+5),
    # Garden 2 (+4) -> 4 kinds, 4 floors vs Red's 2 (+5), top floor Garden 2 vs Red's Restaurant 3
    # (Red +3), 1 Tourist in the hotel and 1 in hand (-6). Blue 10 + 4 + 5 + 4 + 5 - 6 = 22.
    # Red: Pool 4 (tie +4), Restaurant 3 (+8), Sky Room +3, 2 kinds: Cheap Hotel -3 -> 12.
    p = ph.Pick()
    s = ph.adjust(ph.start(2), hands={0: p.tourist(1), 1: []}, hotels={
        0: [("bedroom", p.plain("bedroom", 5)), ("pool", p.plain("pool", 3) + p.tourist(1)),
            ("spa", p.plain("spa", 2)), ("garden", p.plain("garden", 2))],
        1: [("pool", p.plain("pool", 4)), ("restaurant", p.plain("restaurant", 3))]})
    assert s.scores == [22, 12]
    for seat in (0, 1):
        assert sum(i.points for i in s.score_breakdown() if i.player == seat) == s.scores[seat]


def test_the_worked_example_scenario_reproduces_the_rulebook(ph):
    # notebooks/scenarios/perfect_hotel_example_point_calculation.toml plays the example out with real
    # actions (A = Blue, B = Red, C = Green); the tutorial walks through it.
    from pathlib import Path

    import hotellab as hl

    path = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "perfect_hotel_example_point_calculation.toml"
    for _, m in hl.Scenario.load(path).walk():
        pass
    s = m.state
    assert [seat["sets"].get("bedroom") for seat in s.view()["seats"]] == [6, 2, 5]
    assert s.view()["seats"][0]["hotel"][0]["tourists"] == 2
    a = ph.items(s, 0)
    assert a["Bedroom majority (6 cards)"] + a["Tourist Group penalty (2 in the hotel)"] == 4


def test_annex_floors_count_for_perfect_view(ph, base):
    # Annex Building: "Though in separate floors, they are counted as 1 whole set." The floors
    # stay floors: Perfect View goes to "the tallest hotel" (ruling PH-17). Blue: Pool 2 + a
    # Pool Annex of 2 = 2 floors; Red: one Spa floor of 4. Blue is taller: +5 (not a tie's +1).
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("pool", p.plain("pool", 2)), ("pool", p.plain("pool", 2))],
        1: [("spa", p.plain("spa", 4))]})
    assert ph.items(s, 0)["Perfect View (2 floors)"] == 5
    assert not any(c.startswith("Perfect View") for c in ph.items(s, 1))
    assert s.view()["awards"][0]["holders"] == [0]


def test_an_annex_floor_alone_is_the_sky_room_penthouse(ph, base):
    # Sky Room: "most cards on the highest floor of the hotel". Blue's highest floor is a Pool
    # Annex of 2 cards on a Pool floor of 4 (one set of 6, but the penthouse floor holds 2,
    # ruling PH-18); Red's only floor has 3 Spa cards: Red gets the Sky Room (+3), Blue nothing.
    p = ph.Pick()
    s = ph.adjust(base, hands={0: [], 1: [], 2: []}, hotels={
        0: [("pool", p.plain("pool", 4)), ("pool", p.plain("pool", 2))],
        1: [("spa", p.plain("spa", 3))]})
    assert ph.items(s, 1)["Sky Room (3 cards on the top floor)"] == 3
    assert not any(c.startswith("Sky Room") for c in ph.items(s, 0))
    assert s.view()["awards"][1]["holders"] == [1]
