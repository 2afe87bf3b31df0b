"""Components and Game Setup (rulebook "Components", "Game Setup").

Values: 62 game cards = 57 Build Cards of 6 kinds + 5 Tourist Group Cards (Components); 2 Hand
Cards each, the rest is the House Deck (Game Setup / 1); 2-4 players (Overview).
"""

from __future__ import annotations

import random

import pytest

import hotellab as hl


def test_the_deck_has_57_build_cards_of_6_kinds_and_5_tourists(ph):
    C = ph.C
    assert C.NUM_CARDS == 62
    assert len(C.KINDS) == 6
    assert sum(k.count for k in C.KINDS) == 57
    assert sum(C.TOURIST) == 5
    for k in C.KINDS:  # "each shows the points ... and the amount of cards of that kind"
        assert sum(1 for c in range(62) if C.KIND[c] == k.index) == k.count
        assert k.points > 0
    # the rulebook's example: "Bedroom Build Cards (10 points)"; at least 4 + 5 + 2 exist
    bedroom = C.KINDS[C.KIND_INDEX["bedroom"]]
    assert bedroom.points == 10 and bedroom.count >= 11
    assert "pool" in C.KIND_INDEX  # the tie example's kind


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players(ph, n):
    g = ph.game(n)
    assert g.num_players == n and g.seat_names() == ["Blue", "Red", "Green", "Yellow"][:n]


@pytest.mark.parametrize("n", [1, 5])
def test_other_player_counts_are_refused(n):
    with pytest.raises(hl.OptionError, match="2 to 4 players"):
        hl.load_game("perfect_hotel", num_players=n)


def test_options_and_their_rules(ph):
    g = ph.game(3)
    assert g.options == {"high_season": False, "star_bonus": False, "games": 1, "research_face": "down"}
    sections = {s.name: s.rule.section for s in g.option_specs()}
    assert sections["high_season"] == "Advanced Rule (High-Season Mode)"
    assert sections["star_bonus"] == "Advanced Rule (Star Bonus)"
    assert sections["games"] == "Point Track Board"
    with pytest.raises(hl.OptionError, match="allowed: 1, 2, 3, 4, 5"):
        ph.game(3, games=0)


def test_setup_is_one_shuffle_then_the_deal(ph):
    s = ph.game(3).new_initial_state()
    assert s.is_chance_node and s.legal_actions() == [] and s.chance_outcomes() == []
    assert s.status_text() == "Setup — shuffle and deal"
    a = s.sample_chance(random.Random(1))
    assert a.kind == "shuffle" and sorted(a.args[0]) == list(range(62))
    dealt = s.apply(a)
    assert [len(h) for h in dealt.hands] == [2, 2, 2]
    assert dealt.deck_size == 62 - 6
    assert dealt.current_player == 0  # seat 0 is the first player (Game Setup / 4)


def test_the_deal_goes_round_from_the_first_player(ph):
    # deck order 0, 1, 2, 3, 4, 5, ...: seat 0 gets cards 0 and 3, seat 1 gets 1 and 4, ...
    s = ph.game(3).new_initial_state().apply("chance shuffle " + ",".join(map(str, range(62))))
    assert s.hands == ((0, 3), (1, 4), (2, 5))
    assert s.deck[s.top] == 6
    assert s.events[0].rule.section == "Game Setup / 1. Card Setup"


def test_forced_hands(ph):
    s = ph.start(3, hands={0: [0, 57], 2: [24, 25]}, draws=[13, 14])
    assert s.hands[0] == (0, 57) and s.hands[2] == (24, 25)
    assert s.deck[s.top:s.top + 2] == (13, 14)
    assert ph.where_all(s) == list(range(62))


def test_empty_hotels_score_minus_3_and_a_dealt_tourist_minus_3_more(ph):
    # Cheap Hotel: "3 points are deducted for all hotels with less than 4 kinds"; a Tourist
    # Group Card "remaining as a Hand Card" costs 3. Scores are the count as things stand.
    s = ph.start(3, hands={0: [0, 57]})
    assert s.scores == [-6, -3, -3]
    assert ph.items(s, 0) == {"Tourist Group penalty (1 in hand)": -3, "Cheap Hotel (0 kinds)": -3}


def test_a_bad_shuffle_is_refused_naming_the_rule(ph):
    s = ph.game(3).new_initial_state()
    msg = s.explain_illegal("chance shuffle 0,1,2")
    assert "permutation of the card numbers 0..61" in msg and "Game Setup / 1" in msg
    with pytest.raises(hl.IllegalActionError):
        s.apply("chance shuffle 0,1,2")
    assert "'deal' is not an action of this game; its actions are shuffle, research" in s.explain_illegal("chance deal 1")
