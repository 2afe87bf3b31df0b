"""Title page, Setup and Game Phases: players, starting decks, the 5-card hand, the counter."""

from __future__ import annotations

import pytest

import hotellab as hl
from hotellab.games.hotel_zombie import components as C



@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players(hz, n):
    # title page: "2-4 Players"
    g = hz.game(n)
    assert g.num_players == n and g.seat_names() == ["Chris", "Ada", "Jill", "Leon"][:n]


@pytest.mark.parametrize("n", [1, 5])
def test_other_player_counts_are_refused(hz, n):
    with pytest.raises(hl.OptionError, match="2 to 4 players"):
        hz.game(n)


def test_reconstructed_base_game_is_data_with_provenance(hz):
    # ruling HZ-01: starting deck 7 Ammo Box, 2 Pistols, 1 Knife; health 100; 45 mansion cards
    assert sorted(C.CARD_IDS[c] for c in C.STARTING_DECK) == ["ammo10"] * 7 + ["knife"] + ["pistol"] * 2
    assert C.HEALTH_START == 100 and C.HAND_SIZE == 5
    assert len(C.MANSION_DECK) == 45 and sum(C.INFECTED[m] for m in C.MANSION_DECK) == 34
    import tomllib
    for name in ("cards.toml", "mansion.toml"):
        doc = tomllib.loads((C.DATA / name).read_text("utf-8"))
        recs = [r for key in doc for r in (doc[key] if isinstance(doc[key], list) else [doc[key]])]
        assert recs and all(r["provenance"] == "reconstructed" and r["reason"] for r in recs)


def test_setup_shuffles_then_each_player_draws_five_and_the_counter_is_1(hz):
    g = hz.game(2)
    s = g.new_initial_state()
    assert s.is_chance_node and s.phase.name == "Setup" and s.status_text() == "Setup — shuffle the mansion deck"
    assert s.legal_actions() == [] and s.chance_outcomes() == []  # a shuffle: sampled, not listed
    s = s.apply("chance shuffle mansion " + ",".join(str(i) for i in range(45)))
    assert len(s.mdeck) == 45 and s.mdisc == ()
    assert s.status_text() == "Setup — shuffle Chris's starting deck"
    # the starting deck in sorted order: 7 ammo10 (0-6), knife (7), pistols (8, 9); reversed
    s = s.apply("chance shuffle p0 9,8,7,6,5,4,3,2,1,0")
    assert [C.CARD_IDS[c] for c in s.hands[0]] == ["ammo10", "ammo10", "knife", "pistol", "pistol"]
    assert len(s.decks[0]) == 5
    s = s.apply("chance shuffle p1 0,1,2,3,4,5,6,7,8,9")
    assert [C.CARD_IDS[c] for c in s.hands[1]] == ["ammo10"] * 5
    # "Set your Hotel counter to 1." and the Game Plan begins
    assert s.counter == 1 and s.current_player == 0 and s.phase.name == "Game Plan"
    assert [e.text for e in s.events][-2:] == ["Each player draws a 5-card hand; the Hotel counter is set to 1.",
                                               "Each round: 1. Game Plan, 2. Combat, 3. Regroup."]
    assert s.health == (100, 100)


def test_phases_in_rulebook_order(hz):
    # "1. GAME PLAN 2. COMBAT 3. REGROUP" between Setup and the end
    g = hz.game(3)
    assert [ph.name for ph in g.phases] == ["Setup", "Game Plan", "Combat", "Regroup", "End"]
    assert g.rule_table[0].quote == "2-4 Players"


def test_a_bad_shuffle_is_refused_with_the_rule(hz):
    s = hz.game(2).new_initial_state()
    with pytest.raises(hl.IllegalActionError, match="permutation of 0..44") as exc:
        s.apply("chance shuffle mansion 0,0,1")
    assert exc.value.rule.section == "Setup"
    assert "expected 'chance shuffle mansion" in s.explain_illegal("chance shuffle p0 1,0")
    s = hz.run(s, "chance shuffle mansion " + ",".join(str(i) for i in range(45)))
    assert s.explain_illegal("p0 plan explore").endswith("— Setup")
