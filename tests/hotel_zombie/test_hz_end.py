"""Regroup and the end: the Hotel counter, new hands, 20 rounds, the winner, the group loss."""

from __future__ import annotations

import pytest

from hotellab.games.hotel_zombie import components as C

INFECTED = [C.MANSION_IDS[m] for m in C.MANSION_DECK if C.INFECTED[m]]


def _all_inventory(hz, n=3, counter=5, options=None, trophies=None):
    """The moment after the turns of a round in which every seat chose Inventory Management."""
    players = [{"plan": "inventory", "trophies": (trophies or {}).get(p, [])} for p in range(n)]
    return hz.start(n, players=players, stage="mansion cards", plans_revealed=True, counter=counter,
                    options=options)


def test_regroup_raises_the_counter_and_draws_new_hands(hz):
    # "Raise the Hotel counter by 1"; "Players discard their hand and play area then draw their next hand."
    s = hz.start(2, players=[{"plan": "inventory", "hand": ["ammo10", "knife"], "play_area": ["pistol"],
                              "deck": ["ammo10"] * 6 + ["pistol"]},
                             {"plan": "inventory"}],
                 stage="mansion cards", plans_revealed=True, counter=5)
    # no one explores: no combat ("These players will skip the combat phase"), straight to Regroup
    assert s.counter == 6 and s.phase.name == "Game Plan" and s.node[:2] == ("plan", 0)
    assert [C.CARD_IDS[c] for c in s.hands[0]] == ["ammo10"] * 5
    assert sorted(C.CARD_IDS[c] for c in s.discards[0]) == ["ammo10", "knife", "pistol"]
    assert s.plays == ((), ()) and s.plans == (-1, -1) and s.dmg == (0, 0)


def test_regroup_shuffles_a_short_deck(hz):
    s = hz.start(2, players=[{"plan": "inventory", "hand": ["ammo10"] * 5, "deck": ["knife", "pistol"],
                              "discard": ["ammo10", "ammo10", "pistol"]}, {"plan": "inventory"}],
                 stage="mansion cards", plans_revealed=True, counter=5)
    assert (s.node.kind, s.node.context) == ("regroup_shuffle", (0,)) and s.phase.name == "Regroup" and s.counter == 6
    s = s.apply("chance shuffle p0 " + ",".join(str(i) for i in range(8)))
    assert len(s.hands[0]) == 5 and len(s.decks[0]) == 5


def test_the_game_ends_after_the_round_at_counter_20(hz):
    # "20 Rounds of Game Play" (ruling HZ-18, default counter_end="after_20")
    s = _all_inventory(hz, counter=19)
    assert not s.is_terminal and s.counter == 20
    s = _all_inventory(hz, counter=20)
    assert s.is_terminal and s.counter == 20
    # the last turn of round 20 ends the game, with its events
    players = [{"plan": "inventory"} for _ in range(3)]
    s = hz.start(3, players=players, stage="turns", plans_revealed=True, counter=20,
                 turn={"seat": 2, "actions": 1, "buys": 1, "gold": 0, "ammo": 0, "step": "actions", "trash": 1})
    s = s.apply("p2 done")
    assert s.is_terminal and [e.text for e in s.events][-3:-1] == [
        "No one explores the hotel: no combat this round.", "20 rounds have been played."]


def test_option_at_20_ends_when_the_counter_reaches_20(hz):
    # "Repeat these steps until the Hotel Counter reaches 20": 19 rounds
    s = _all_inventory(hz, counter=19, options={"counter_end": "at_20"})
    assert s.is_terminal and s.counter == 20 and s.status_text().startswith("Game over")
    s = _all_inventory(hz, counter=18, options={"counter_end": "at_20"})
    assert not s.is_terminal and s.counter == 19


def test_the_most_decorations_wins(hz):
    # "At the end of the game the player with the most decorations wins."
    tro = {0: [{"card": "walker", "source": "own"}],
           1: [{"card": "brute", "source": "kill_steal"}],  # 3
           2: [{"card": "hound", "source": "assisted"}]}    # 2
    s = _all_inventory(hz, counter=20, trophies=tro)
    assert s.is_terminal and s.scores == [1, 3, 2] and s.winners() == [1]
    assert s.status_text() == "Game over — most decorations: Ada"


def test_a_tie_shares_the_win_and_skill_does_not_count(hz):
    tro = {0: [{"card": "hound", "source": "own"}], 1: [{"card": "hound", "source": "own"}]}
    s = _all_inventory(hz, n=2, counter=20, trophies=tro)
    assert s.winners() == [0, 1]


def test_a_fallen_player_means_no_winner_whatever_the_decorations(hz):
    # "However if any of the party members fall in battle, the group loses."
    cards = [["colossus"], ["crawler"]]
    s, order = hz.combat(2, damage=[5, 90], cards=cards, health=[30, 100])
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")  # Ada: 90 - 15 = 75 < 85 left: she passes
    s = s.apply("p1 pass")
    assert s.is_terminal and s.winners() == [] and s.scores == [0, 1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_by_the_counter_or_a_fall(hz, n):
    for seed in range(3):
        states = hz.play_random(hz.game(n), seed)
        last = states[-1]
        assert last.is_terminal
        assert (last.fallen and last.winners() == []) or (last.counter == 20 and last.winners())
        assert all(st.counter <= 20 for st in states)
