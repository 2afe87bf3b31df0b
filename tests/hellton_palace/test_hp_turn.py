"""Setup and the five steps of a turn (Setup; Course of the Game 1-5; The Different Grooms).

With ``hp.start()`` the display holds cards 1-6 in the lowest row (floor 1), 7-12 in the
middle row (floor 2) and 13-18 in the highest row (floor 3). Rooms (HP-02): floor 1 = 1 2 3,
floor 2 = 6 5 4 (room 6 above room 1), floor 3 = 7 8 9.
"""

from __future__ import annotations

import random

import pytest

import hotellab as hl


# -- Setup ----------------------------------------------------------------------------------------
def test_setup_two_hotels_grooms_doorbells_pillars(hp):
    g = hp.game()
    s = g.new_initial_state()
    assert s.is_chance_node and s.legal_actions() == [] and s.chance_outcomes() == []
    assert s.doorbells == [3, 3] and s.pillars == [[4, 4, 4], [4, 4, 4]]  # Setup 4 and 5
    assert s.coins == [0, 0] and s.hired == [0, 0]
    v = s.view()
    assert [len(seat["grooms"]) for seat in v["seats"]] == [5, 5]  # Setup 3
    assert [t["name"] for t in v["seats"][0]["grooms"]] == [
        "the Mason", "the False Reservation", "the Placer", "the False Placer", "the Diplomat"]
    assert all(len(seat["rooms"]) == 9 for seat in v["seats"])


@pytest.mark.parametrize("cards", ["full", "intro"])
def test_the_display_is_18_cards_in_3_rows_of_6(hp, cards):
    g = hp.game(cards=cards)
    s = g.new_initial_state()
    a = s.sample_chance(random.Random(3))
    assert a.kind == "display" and len(a.args[0]) == 18 == len(set(a.args[0]))
    if cards == "intro":  # "the 18 cards marked with an asterisk"
        assert sorted(a.args[0]) == sorted(hp.C.intro_ids())
    s = s.apply(a)
    assert [len(r) for r in s.display] == [6, 6, 6]
    # HP-09: the outcome lists the lowest row's 6 cards, then the middle row's, then the highest's
    assert s.display == (a.args[0][0:6], a.args[0][6:12], a.args[0][12:18])
    assert s.current_player == 0  # seat 0 is the First player (HP-01)


def test_display_errors_name_the_rule(hp):
    s = hp.game(cards="intro").new_initial_state()
    assert "Setup / 6" in s.explain_illegal("chance display 1,2,3")
    assert "not among the 18 introductory cards" in s.explain_illegal(
        "chance display " + ",".join(map(str, range(19, 37))))
    assert "18 different" in s.explain_illegal("chance display " + ",".join(["1"] * 18))
    assert "chance outcome" in s.explain_illegal("p0 tour") or "chance node" in s.explain_illegal("p0 tour")


# -- 1. Welcome -----------------------------------------------------------------------------------
def test_the_row_gives_the_floor(hp):
    s = hp.start()
    rooms_of = {}
    for a in s.legal_actions():
        card, room, _ = a.args
        rooms_of.setdefault(card, set()).add(room)
    assert rooms_of[1] == {1, 2, 3}       # lowest row -> floor 1
    assert rooms_of[7] == {4, 5, 6}       # middle row -> floor 2
    assert rooms_of[13] == {7, 8, 9}      # highest row -> floor 3
    s = s.apply("p0 welcome 7 6 a")
    assert s.guests[0][6] == 14 and s.display[1][0] == 0 and s.welcomed == 6


def test_a_full_floor_closes_its_row(hp):
    s = hp.adjust(hp.start(), hotels={0: {4: 19, 5: 20, 6: 21}})
    assert all(hp.HS.FLOOR[a.args[1]] != 2 for a in s.legal_actions())
    msg = s.explain_illegal("p0 welcome 7 4 a")
    assert "no free room on floor 2, so the middle row is closed" in msg
    assert "If you have no free rooms left" not in msg and "1. Welcome a New Guest" in msg


def test_double_sided_cards_are_placed_on_the_side_of_your_choice(hp):
    s = hp.start()
    legal = hp.texts(s)
    assert "p0 welcome 11 6 b" in legal and "p0 welcome 11 6 a" in legal  # the Sleepwalker
    assert "p0 welcome 7 6 b" not in legal
    assert "single-sided" in s.explain_illegal("p0 welcome 7 6 b")
    s = s.apply("p0 welcome 11 6 b")
    assert s.side_of(0, 6).name == "The Night Terror"


def test_welcome_is_skipped_when_no_card_is_left_or_the_hotel_is_full(hp):
    full = {r: 18 + r for r in range(1, 10)}
    s = hp.adjust(hp.start(), hotels={1: full})
    s = s.apply("p0 welcome 1 1 a").apply("p0 tour").apply("p0 serve 1").apply("p0 rents")
    # Blue's hotel is full: the welcome is skipped, Blue is at the hire step
    assert s.node[0] == hp.HS.N_HIRE and s.current_player == 1
    assert any("skips the welcome" in t for t in hp.events(s))
    # "If all 18 Guest cards have been taken, skip this step": the 18 cards are in the hotels
    # (nine in each); Red collects, and Blue's turn starts at the hire step
    s2 = hp.adjust(hp.start(), hotels={0: {r: 9 + r for r in range(1, 10)}, 1: {r: r for r in range(1, 10)}},
                   step="collect", player=0, reached={0: 10})
    assert s2.view()["cards_left"] == 0
    s2 = s2.apply("p0 rents")
    assert s2.node[0] == hp.HS.N_HIRE and s2.current_player == 1
    assert "all 18 guest cards have been taken" in hp.events(s2)[1]


def test_false_reservation_forces_the_row(hp):
    s = hp.start()
    s = hp.run(s, "p0 welcome 1 1 a", "p0 tour", "p0 serve 1", "p0 rents")
    s = hp.run(s, "p1 welcome 2 1 a")
    s = hp.adjust(s, coins={1: 2})
    s = s.apply("p1 hire false_reservation 3")  # faces the highest row
    assert s.fr_row[1] == 3 and s.coins[1] == 0
    s = hp.run(s, "p1 tour", "p1 serve 1", "p1 rents")
    assert {hp.HS.FLOOR[a.args[1]] for a in s.legal_actions()} == {3}
    assert "False Reservation faces the highest row" in s.explain_illegal("p0 welcome 3 2 a")
    s = s.apply("p0 welcome 13 7 a")
    assert any("forced by Blue's False Reservation" in t for t in hp.events(s))


def test_false_reservation_needs_a_free_room_in_the_opposing_hotel(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 5}, hotels={1: {7: 19, 8: 20, 9: 21}})
    legal = hp.texts(s)
    assert "p0 hire false_reservation 3" not in legal and "p0 hire false_reservation 1" in legal
    assert "must correspond to a floor having at least one empty room" in s.explain_illegal("p0 hire false_reservation 3")


# -- 2. Dismiss, 3. Hire -----------------------------------------------------------------------------
def test_costs_from_the_worked_example(hp):
    # "For 2 coins, we hire the Placer"; "the Diplomat ... (for 3 coins)"; Mason + Diplomat = 5
    cost = {g.id: g.cost for g in hp.C.grooms()}
    assert cost["placer"] == 2 and cost["diplomat"] == 3 and cost["mason"] + cost["diplomat"] == 5
    # "You have 8 coins ... This costs you 5 coins in total" and one of the three others is still
    # affordable with 3: each costs at most 3
    assert all(cost[g] <= 3 for g in ("false_reservation", "placer", "false_placer"))


def test_hire_example_mason_and_diplomat(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 8}, pillars={0: [3, 4, 4]}, hotels={0: {2: 19}}, irritated={0: [2]})
    s = s.apply("p0 hire mason 1").apply("p0 hire diplomat 2")
    assert s.coins[0] == 3 and s.pillars[0] == [4, 4, 4] and hp.tokens(s, 0) == []
    assert "already hired this turn" in s.explain_illegal("p0 hire mason 1")


def test_a_groom_that_cannot_be_paid_cannot_be_hired(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 2}, hotels={0: {2: 19}}, irritated={0: [2]})
    assert "p0 hire diplomat 2" not in hp.texts(s)
    msg = s.explain_illegal("p0 hire diplomat 2")
    assert "costs 3 coins and Red has 2" in msg and "3. Hire Your Grooms" in msg


def test_placer_swaps_the_new_guest_with_a_neighbour(hp):
    s = hp.adjust(hp.start(), hotels={0: {6: 19, 2: 20}}, irritated={0: [6]}, coins={0: 2})
    s = s.apply("p0 welcome 1 1 a")
    assert [t for t in hp.texts(s) if "placer" in t] == ["p0 hire placer 2", "p0 hire placer 6"]
    s = s.apply("p0 hire placer 6")
    assert s.guests[0][6] == 2 and s.guests[0][1] == 38 and hp.tokens(s, 0) == [1]  # the token follows its guest


def test_false_placer_is_the_opponents_decision(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 2}, hotels={1: {5: 19, 4: 20, 8: 21}}, irritated={1: [5]})
    s = s.apply("p0 hire false_placer 5")
    assert s.current_player == 1 and "opponent's choice" in s.status_text()
    assert hp.texts(s) == ["p1 swap 4", "p1 swap 8"]
    s = s.apply("p1 swap 8")
    assert s.guests[1][8] == 38 and hp.tokens(s, 1) == [8] and s.current_player == 0


def test_dismiss_takes_the_grooms_back(hp):
    s = hp.adjust(hp.start(), hired={0: ["mason", "false_reservation"]}, fr_row={0: 2})
    s = s.apply("p0 welcome 1 1 a")
    assert s.hired[0] == 0 and s.fr_row[0] == 0
    assert any("dismisses" in t for t in hp.events(s))


# -- 4. Tour, 5. Collect --------------------------------------------------------------------------
def test_the_tour_goes_1_to_9_skipping_empty_rooms(hp):
    s = hp.adjust(hp.start(), hotels={0: {3: 19, 7: 20}})
    s = hp.run(s, "p0 welcome 1 1 a", "p0 tour")
    assert "the tour goes from room 1 to 9 and never goes back" in s.explain_illegal("p0 serve 3")
    seen = []
    while s.node[0] == hp.HS.N_SERVE:
        seen.append(s.cursor)
        s = s.apply(f"p0 refuse {s.cursor}")
    assert seen == [1, 3, 7]


def test_not_serving_adds_a_token_or_a_tantrum(hp):
    s = hp.at_room(hp.start(), 0, 5, hotels={0: {5: 19}})
    s2 = s.apply("p0 refuse 5")
    assert hp.tokens(s2, 0) == [5] and s2.doorbells[0] == 3
    s = hp.at_room(hp.start(), 0, 5, hotels={0: {5: 19}}, irritated={0: [5]})
    s2 = s.apply("p0 refuse 5")
    assert hp.tokens(s2, 0) == [] and s2.doorbells[0] == 2


def test_collect_rents_of_satisfied_guests_or_a_doorbell(hp):
    # rents: the Snorer 1 + Anubis 2 (satisfied); the Duchess (2) irritated pays nothing
    s = hp.at_room(hp.start(), 0, 9, hotels={0: {2: 2, 3: 3, 4: 4, 9: 14}}, irritated={0: [4]}, coins={0: 1})
    s = s.apply("p0 refuse 9")  # the Fire Imp is irritated now: no rent
    assert s.node[0] == hp.HS.N_COLLECT and hp.texts(s) == ["p0 rents"]  # 3 doorbells: no recovery
    assert "already holds 3 doorbells" in s.explain_illegal("p0 doorbell")
    s2 = s.apply("p0 rents")
    assert s2.coins[0] == 1 + 1 + 2 and s2.current_player == 1
    s = hp.adjust(s, doorbells={0: 2})
    s3 = s.apply("p0 doorbell")
    assert s3.doorbells[0] == 3 and s3.coins[0] == 1


def test_a_groom_with_nothing_to_act_on_under_each_reading_of_hp06(hp):
    # Ruling HP-06: with every pillar in place, no irritated guest, no welcomed guest and no
    # irritated opposing guest, the default reading offers no groom but the False Reservation
    # ("The chosen row ... must correspond to a floor having at least one empty room").
    s = hp.at_hire(hp.start(), 0, coins={0: 12})
    assert sorted(hp.texts(s)) == ["p0 hire false_reservation 1", "p0 hire false_reservation 2",
                                   "p0 hire false_reservation 3", "p0 tour"]
    assert "needs the option grooms='any'" in s.explain_illegal("p0 hire mason 0")
    # option grooms="any": every groom that can be paid, hired for its tile alone (argument 0)
    s = hp.at_hire(hp.start(grooms="any"), 0, coins={0: 12})
    legal = hp.texts(s)
    assert {"p0 hire mason 0", "p0 hire diplomat 0", "p0 hire placer 0", "p0 hire false_placer 0"} <= set(legal)
    assert "p0 hire false_reservation 0" not in legal
    assert "must face a row" in s.explain_illegal("p0 hire false_reservation 0")
    t = s.apply("p0 hire mason 0")
    # Mason costs 2 (Example: "Mason and the Diplomat ... 5 coins in total", Diplomat 3); nothing else changes
    assert t.coins[0] == 10 and t.pillars == s.pillars and t.hired[0] != 0
    assert "nothing to act on" in t.events[-1].text
    # ... and it counts for "Remove one of your Pillar tokens ... for each Groom currently hired
    # by your opponent" during the opponent's turn: the tile stays hired until Red's next step 2
    assert "p0 hire mason 0" not in hp.texts(t)  # "each Groom can only be hired once per turn"


def test_welcome_skipped_with_free_rooms_only_on_floors_whose_row_is_empty(hp):
    # "If you have no free rooms left on a given floor, you cannot take a Guest from the
    # corresponding row" (1. Welcome a New Guest), ruling HP-11: Red's floors 2 and 3 are full
    # and the lowest row is empty, so Red skips the welcome although floor 1 has free rooms; the
    # event must not say "the hotel has no free room".
    s = hp.adjust(hp.start(), hotels={1: {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6},
                                      0: {4: 7, 5: 8, 6: 9, 7: 13, 8: 14, 9: 15}},
                  step="collect", player=1, reached={1: 10})
    s = s.apply("p1 rents")
    assert s.node[0] == hp.HS.N_HIRE and s.current_player == 0
    skip = next(t for t in hp.events(s) if "skips the welcome" in t)
    assert "no free room" not in skip and "the lowest row (floor 1)" in skip, skip
