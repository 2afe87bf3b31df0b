"""Hostil Hostal setup ("Let's Begin (Setup)" and "Variation for 2 Players / Setup")."""

from __future__ import annotations

import random

import pytest

import hotellab as hl

# Rulebook, Let's Begin (Setup) 1: "Floor 2: Room (2-5), Room (4-5). Floor 1: Lobby, Room (2-5),
# Room (3-5), Room (5)."  Variation for 2 Players / Setup 1: "Place three rooms as if playing
# with three players."  The Lobby is column 0 of floor 1; floor-2 rooms stand above columns
# 1 and 2 (ruling HH-04 in components.POSITIONS).
LAYOUT = {
    2: [(1, 1), (1, 2), (2, 1)],
    3: [(1, 1), (1, 2), (2, 1)],
    4: [(1, 1), (1, 2), (2, 1), (2, 2)],
    5: [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)],
}


@pytest.mark.parametrize("n,rooms", [(2, 3), (3, 3), (4, 4), (5, 5)])
def test_number_of_rooms_and_their_floors(hh, n, rooms):
    s = hh.start(n)
    assert len(s.boards) == rooms
    view = s.view()
    assert [(r["floor"], r["col"]) for r in view["rooms"]] == LAYOUT[n]
    # the forced shuffle "0,1,2,3,4" lays boards 1, 2, 3, ... in position order
    assert [r["number"] for r in view["rooms"]] == list(range(1, rooms + 1))
    # "Unused rooms are returned to the box."
    assert sorted(s.boards) == sorted(set(s.boards))


def test_rooms_are_chosen_randomly(hh):
    # Setup 1: "Rooms are chosen randomly." The choice is a chance shuffle of boards 1-5.
    s = hh.game(3).new_initial_state()
    assert s.is_chance_node and s.status_text() == "Setup"
    assert s.chance_outcomes() == []  # a shuffle cannot be listed; it is sampled
    s1 = s.apply("chance shuffle rooms 4,3,2,1,0")
    assert s1.boards == (5, 4, 3)
    seen = {s.apply(s.sample_chance(random.Random(k))).boards for k in range(40)}
    assert len(seen) > 5
    for boards in seen:
        assert len(boards) == 3 and set(boards) <= {1, 2, 3, 4, 5}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_one_wear_die_per_room(hh, n):
    # Setup 2: "Roll a wear die for each room and place it on the wear slot". One chance roll
    # per room (six faces, 1/6 each); the Lobby has no die.
    g = hh.game(n)
    s = g.new_initial_state().apply("chance shuffle rooms 0,1,2,3,4")
    R = len(LAYOUT[n])
    assert s.wear == [None] * R
    faces = [3, 1, 6, 2, 5][:R]
    for i, f in enumerate(faces):
        outs = s.chance_outcomes()
        assert [str(a) for a, _ in outs] == [f"chance wear {i + 1} {k}" for k in range(1, 7)]
        assert all(p == pytest.approx(1 / 6) for _, p in outs)
        s = s.apply(f"chance wear {i + 1} {f}")
    assert s.wear == faces
    assert [r["wear"] for r in s.view()["rooms"]] == faces
    # after the last room the setup goes on to the decks: no more wear rolls
    assert (s.node.kind, s.node.context) == (hh.HS.N_SETUP_SHUFFLE, ("deck0",))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_start_points_guests_and_mr_tools_in_hand(hh, n):
    g = hh.game(n)
    s0 = g.new_initial_state()
    # Setup 3: "places the score marker in the '15' space"
    assert s0.scores == [15] * g.num_seats
    # Setup 3: "sets aside the Mr. Tools card ... Mr. Tools card is kept in the hand."
    for p in range(n):
        assert s0.hands[p] == (12,)
    # Setup 3: "Give each player 4 guest meeples"
    assert s0.supply[:n] == [4] * n
    # score breakdown starts with the 15 points ("Start")
    for p in range(g.num_seats):
        items = [i for i in s0.score_breakdown() if i.player == p]
        assert [(i.category, i.points) for i in items] == [("Start", 15)]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_decks_of_eleven(hh, n):
    # Setup 3: 12 cards per colour; Mr. Tools is set aside, "shuffles the other cards and forms
    # a deck": 11 cards numbered 1-11.
    s = hh.game(n).new_initial_state()
    s = hh.run(s, *hh.setup_actions(n)[: 1 + len(LAYOUT[n])])  # rooms + wear
    for p in range(n):
        assert (s.node.kind, s.node.context) == (hh.HS.N_SETUP_SHUFFLE, (f"deck{p}",))
        bad = s.explain_illegal(f"chance shuffle deck{p} " + ",".join(map(str, range(12))))
        assert "permutation of 0..10 (11 items)" in bad
        s = s.apply(s.sample_chance(random.Random(p)))
        assert sorted(s.decks[p]) == list(range(1, 12))
    # then the reform deck (5 boards) and dusk
    assert (s.node.kind, s.node.context) == (hh.HS.N_SETUP_SHUFFLE, ("reforms",))
    s = s.apply("chance shuffle reforms 0,1,2,3,4")
    assert s.reform_deck == (1, 2, 3, 4, 5)
    assert s.stage == "night"
    # Dusk: 3 cards drawn, so 8 are left in each deck
    assert [seat["deck_size"] for seat in s.view()["seats"]] == [8] * n


def test_automata_deck_of_twelve_and_guests_in_lobby(hh):
    # Variation for 2 Players / Setup 2: "Take the cards and guests of a third color. ... Shuffle
    # the cards and place them face down ... and the four guests in the Lobby." The automata
    # has no Mr. Tools in hand: all 12 cards are shuffled.
    g = hh.game(2)
    assert g.num_seats == 3 and g.is_automata(2) and not g.is_automata(0)
    assert g.seat_names() == ["Blue", "Red", "Orange (automata)"]
    s = g.new_initial_state()
    assert s.hands == [(12,), (12,), ()]
    assert s.supply == [4, 4, 0] and s.lobby == [0, 0, 4]
    assert s.scores == [15, 15, 15]
    s = hh.run(s, *hh.setup_actions(2)[:6])  # rooms, 3 wear rolls, deck0, deck1
    assert (s.node.kind, s.node.context) == (hh.HS.N_SETUP_SHUFFLE, ("deck2",))
    assert "permutation of 0..11 (12 items)" in s.explain_illegal("chance shuffle deck2 0,1,2")
    s = s.apply("chance shuffle deck2 " + hh.deck_perm([], 12))
    assert sorted(s.decks[2]) == list(range(1, 13))


@pytest.mark.parametrize("nights", [3, 5])
def test_nights_option(hh, nights):
    # Setup 4: "Select the side of the Lobby that corresponds to the number of nights you want
    # to play (3 or 5)". The night marker starts on night 1.
    g = hh.game(3, nights=nights)
    assert g.options["nights"] == nights
    s = hh.start(3, nights=nights)
    assert s.night == 1
    assert s.status_text() == f"Night 1 of {nights}, round 1 — Blue to act"
    assert s.view()["nights"] == nights


def test_nights_default_is_three(hh):
    assert hh.game(3).options == {"nights": 3, "sides": "A", "misfortune": "die"}


@pytest.mark.parametrize("side", ["A", "B"])
def test_sides_option_fixed(hh, side):
    # Setup 1: "we recommend using the A side of the tiles. In the future, players can choose
    # which side to use." With a fixed side there is no side chance node.
    s = hh.start(4, sides=side)
    assert s.sides == (side,) * 4
    assert [r["side"] for r in s.view()["rooms"]] == [side] * 4
    assert [r["label"] for r in s.view()["rooms"]] == [f"{b}{side}" for b in (1, 2, 3, 4)]


def test_sides_random_is_a_chance_per_room(hh):
    s = hh.game(3, sides="random").new_initial_state().apply("chance shuffle rooms 4,3,2,1,0")
    assert s.boards == (5, 4, 3)
    for b, side in zip((5, 4, 3), "BAB"):
        outs = s.chance_outcomes()
        assert [(str(a), p) for a, p in outs] == [(f"chance side {b} A", 0.5), (f"chance side {b} B", 0.5)]
        s = s.apply(f"chance side {b} {side}")
    assert s.sides == ("B", "A", "B")
    # data/rooms.toml: 5B has beds 0,2,4,-3,2 and rug 0 -> total 5; 4A: 2,0,3,1,-1 rug -1 -> 4;
    # 3B: 4,-1,3,-2,1 rug 1 -> 6
    assert [s._total(p) for p in range(3)] == [5, 4, 6]


def test_room_totals_from_data(hh):
    # data/rooms.toml, side A with every bed free: 1A 3+1-1+2+0 rug -1 = 4 (the rulebook's
    # "4 + 0 x guest" example); 2A 2+2-1+3+0 rug 1 = 7; 3A 1+3+1-2+2 rug 0 = 5;
    # 4A 2+0+3+1-1 rug -1 = 4; 5A 3-1+2+1+1 rug -2 = 4.
    s = hh.start(5)
    assert [r["total"] for r in s.view()["rooms"]] == [4, 7, 5, 4, 4]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_first_player_and_colours(hh, n):
    # Setup 5: the first player receives the first player marker and plays first. Seats are in
    # turn order from the first player (DESIGN "Seats"), so seat 0 starts; colours follow the
    # component list "blue, red, orange, green and yellow".
    s = hh.start(n)
    assert s.first == 0 and s.current_player == 0
    assert s.view()["first_player"] == 0
    names = ["Blue", "Red", "Orange", "Green", "Yellow"][:n]
    assert [x["name"] for x in s.view()["seats"]][:n] == names


def test_setup_emits_events_with_rules(hh):
    s = hh.game(3).new_initial_state()
    s = s.apply("chance shuffle rooms 0,1,2,3,4")
    assert s.events[0].rule.section == "Let's Begin (Setup) / 1"
    s = s.apply("chance wear 1 4")
    assert "wear die rolls 4" in s.events[0].text
    assert s.events[0].rule.section == "Let's Begin (Setup) / 2"


def test_game_identity(hh):
    g = hl.load_game("hostil_hostal", num_players=4, options={"nights": 5})
    assert (g.id, g.title, g.num_players) == ("hostil_hostal", "Hostil Hostal", 4)
    assert g.options == {"nights": 5, "sides": "A", "misfortune": "die"}
    specs = {o.name: o for o in g.option_specs()}
    assert specs["nights"].allowed == (3, 5) and specs["nights"].default == 3
    assert specs["sides"].allowed == ("A", "B", "random", "choose") and specs["sides"].default == "A"
    assert specs["misfortune"].allowed == ("die", "fixed", "per_room")
    assert specs["misfortune"].rule.section == "Phase 3 - Dawn / Wear / Variants"
