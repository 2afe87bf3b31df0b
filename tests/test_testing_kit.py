"""The test kit (hotellab/testing/kit.py, re-exported by hotellab.testing) on real games.

Expected values come from the rulebooks (/work/shared/rulebooks/) as cited at each test:
Boutique Hotel Manager's preparation phase (8 price dice per player, faces worth 100-600),
Perfect Hotel's setup and Research (62 cards, 2 Hand Cards each, draw 2), Hellton Palace's
two players; forced_order's values are worked out by hand from its definition.
"""

from __future__ import annotations

import random

import pytest

import hotellab as hl
from hotellab.agents import RandomAgent
from hotellab.core.errors import IllegalActionError, OptionError, UnknownGameError
from hotellab.testing import (apply_all, event_texts, forced_order, game_loader, legal_texts, playout,
                              sampled_states, uniform_choice)

# Boutique Hotel Manager, "Faza przygotowania do tygodnia 1": "umieszczając 1 Kostka ceny w każdym
# dniu tygodnia ... i 1 Kostka ceny na polu Śniadanie" (7 days + breakfast = 8 dice a player)
DICE = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "breakfast")


def prices(seat, face):
    return [f"p{seat} price {d} {face}" for d in DICE]


def test_game_loader_gives_the_default_count_the_count_asked_and_the_options():
    game = game_loader("perfect_hotel", 3)
    assert game().num_players == 3
    assert game(2).num_players == 2
    assert game(high_season=True).options["high_season"] is True
    # Perfect Hotel, Overview: "a Build & Book card game for 2-4 players"
    with pytest.raises(OptionError):
        game(5)
    # Hellton Palace, Setup 2: "Place the Irritation tokens ... between the two of you"
    assert game_loader("hellton_palace")().num_players == 2
    with pytest.raises(UnknownGameError):
        game_loader("no_such_hotel")()


def test_legal_texts_at_the_first_price_die():
    # "Wartości na kościach oznaczają od 100 do 600 co 100 (tj. 1 oznacza 100, 2 oznacza 200
    # itd.)": faces 1-6; Blue (seat 0) sets the first die (Monday's)
    s = game_loader("boutique_hotel", 2)().new_initial_state()
    assert legal_texts(s) == [f"p0 price mon {f}" for f in range(1, 7)]


def test_apply_all_applies_in_order_and_names_the_action_refused():
    s = game_loader("boutique_hotel", 2)().new_initial_state()
    assert apply_all(s) is s
    after = apply_all(s, *prices(0, 1))
    # Blue's 8 dice are set: the next die is Red's first
    assert after.current_player == 1
    assert legal_texts(after)[0] == "p1 price mon 1"
    assert s.current_player == 0 and legal_texts(s)[0] == "p0 price mon 1"  # the start is untouched
    # a 9th die for Blue: Blue has only 8, it is Red's turn to set
    with pytest.raises(IllegalActionError) as info:
        apply_all(s, *prices(0, 1), "p0 price mon 2")
    assert info.value.code == "not_your_turn"
    assert info.value.rule is not None and info.value.rule.section == "Faza przygotowania do tygodnia 1"
    assert any("action 9 of 9" in n and "p0 price mon 2" in n for n in info.value.__notes__)


def test_event_texts_a_secret_die_says_nothing_the_reveal_says_the_prices():
    s = game_loader("boutique_hotel", 2)().new_initial_state()
    # "Każdy gracz w tajemnicy ustala swoje stawki": a die set in secret is no public event
    assert event_texts(apply_all(s, "p0 price mon 1", "p0 price tue 1")) == []
    end = apply_all(s, *prices(0, 1), *prices(1, 6))
    said = " ".join(event_texts(end))
    assert "100" in said and "600" in said  # faces 1 and 6 revealed as 100 and 600


def test_forced_order_by_hand():
    assert forced_order(6, [4, 2]) == [4, 2, 0, 1, 3, 5]
    assert forced_order(6, {1: 5, 4: 0}) == [1, 5, 2, 3, 0, 4]
    assert forced_order(3, []) == [0, 1, 2]
    assert forced_order(3, {0: 2, 1: 1, 2: 0}) == [2, 1, 0]
    with pytest.raises(ValueError, match="two places"):
        forced_order(5, {0: 3, 2: 3})
    with pytest.raises(ValueError, match="outside"):
        forced_order(5, [5])
    with pytest.raises(ValueError, match="outside"):
        forced_order(5, {5: 0})


def test_forced_order_deals_chosen_perfect_hotel_hands():
    # Perfect Hotel, Components: "Game Cards: 62 cards"; Game Setup 1: "Shuffle the cards and
    # deal 2 cards to each player" (one at a time: the shuffled deck's cards 0, 2 to the
    # first player, 1, 3 to the second); Research 1: "Draw 2 cards from the House Deck"
    g = game_loader("perfect_hotel", 2)()
    order = forced_order(62, {0: 61, 1: 60, 2: 59, 3: 58})
    s = g.new_initial_state().apply("chance shuffle " + ",".join(map(str, order)))
    hands = s.to_position()["hands"]
    assert sorted(hands[g.seat_label(0)]) == [59, 61]
    assert sorted(hands[g.seat_label(1)]) == [58, 60]
    # the House Deck is every other card, smallest first: the research draws cards 0 and 1
    hands = s.apply("p0 research").to_position()["hands"]
    assert sorted(hands[g.seat_label(0)]) == [0, 1, 59, 61]


def test_playout_stops_where_until_holds():
    s = game_loader("boutique_hotel", 2)().new_initial_state()
    states = list(playout(s, random.Random(0), until=lambda st: st.current_player == 1))
    # the start and one state after each of Blue's 8 dice; the last is Red's first die
    assert len(states) == 9 and states[0] is s
    assert legal_texts(states[-1])[0] == "p1 price mon 1"
    # a start where `until` already holds is the only state
    assert list(playout(states[-1], random.Random(0), until=lambda st: st.current_player == 1)) == [states[-1]]


def test_playout_one_chooser_per_seat():
    s = game_loader("boutique_hotel", 2)().new_initial_state()
    lowest = lambda st, rng: legal_texts(st)[0]  # noqa: E731 - "p0 price <die> 1"
    highest = lambda st, rng: legal_texts(st)[-1]  # noqa: E731 - "p1 price <die> 6"
    states = list(playout(s, random.Random(0), [lowest, highest],
                          until=lambda st: "p0 keep" in legal_texts(st)))
    assert len(states) == 17  # the start and 16 dice: 8 each
    hotels = states[-1].to_position()["hotels"]
    assert hotels[0]["price_dice"] == dict.fromkeys(DICE, 1)
    assert hotels[1]["price_dice"] == dict.fromkeys(DICE, 6)


def test_playout_with_an_agent_is_the_sampled_game():
    # sampled_states plays chance and RandomAgent from random.Random(0): the same play
    ours = list(playout(hl.load_game("hotel_zombie").new_initial_state(), random.Random(0), RandomAgent()))
    theirs = list(sampled_states("hotel_zombie", games=1))
    assert ours[-1].is_terminal
    assert [str(a) for a in ours[-1].history()] == [str(a) for a in theirs[-1].history()]
    assert len(ours) == len(theirs)


def test_playout_uniform_by_default_and_the_same_seed_the_same_game():
    g = game_loader("hellton_palace")()
    a = list(playout(g.new_initial_state(), random.Random(7)))
    b = list(playout(g.new_initial_state(), random.Random(7), uniform_choice))
    assert a[-1].is_terminal
    assert [str(x) for x in a[-1].history()] == [str(x) for x in b[-1].history()]
    # uniform_choice draws legal[rng.randrange(len(legal))]
    s = next(st for st in a if not st.is_chance_node and len(st.legal_actions()) > 1)
    legal = s.legal_actions()
    assert uniform_choice(s, random.Random(3)) == legal[random.Random(3).randrange(len(legal))]


def test_playout_raises_when_the_game_runs_past_max_steps():
    s = game_loader("boutique_hotel", 2)().new_initial_state()
    seen = []
    with pytest.raises(AssertionError, match="after 3 actions"):
        for st in playout(s, random.Random(0), max_steps=3):
            seen.append(st)
    assert len(seen) == 4  # the start and 3 states after it
    with pytest.raises(TypeError):
        list(playout(s, random.Random(0), choose=42))
