"""End of the Game and Winner: "When the sun rises for the last time (third or fifth night ...),
the game ends. The winner is the player with the most points on the rest track. In case of a
tie, the player with the most cards in his hand wins. If the tie persists, players have the
following options: 1. Share the victory." """

from __future__ import annotations

import random

import pytest

import hotellab as hl


def _to_last_night(hh, nights=3, n=3):
    s = hh.start(n, nights=nights)
    rng = random.Random(0)
    while s.night < nights:
        s = hh.skip_night(s)
        while s.is_chance_node:  # the dusk reshuffles of night 4
            s = s.apply(s.sample_chance(rng))
    assert s.stage == "night" and s.night == nights
    return s


@pytest.mark.parametrize("nights", [3, 5])
def test_game_ends_at_the_dawn_of_the_last_night(hh, nights):
    s = _to_last_night(hh, nights)
    s = hh.pass_all(hh.adjust(s, beds={1: {1: [0], 2: [1]}}, wear={1: 2}))
    assert s.node[0] == hh.HS.N_MISFORTUNE
    end = s.apply("chance misfortune 4")
    assert end.is_terminal and end.current_player == hl.TERMINAL
    assert end.legal_actions() == []
    # the last dawn is complete: rest (1A, b1 b2 covered: 4) and the misfortune die (4 - 2)
    assert end.scores == [15 + 4 - 2, 15 + 4 - 2, 15]
    # no Day after the last dawn: the wear die and the guests stay as they were
    assert end.wear[0] == 2 and hh.guests_of(end, 1) == {1: [0], 2: [1]}
    assert end.night == nights
    assert end.status_text().startswith(f"Game over after night {nights} — winner(s): ")
    assert any(e.rule.section == "End of the Game and Winner" for e in end.events)
    with pytest.raises(hl.IllegalActionError, match="the game is over"):
        end.apply("p0 pass")


def _final(hh, score, hands):
    s = _to_last_night(hh)
    s = hh.pass_all(hh.adjust(s, beds={}, score=score, hands=hands))
    return s.apply("chance misfortune 1")


def test_winner_has_the_most_points(hh):
    end = _final(hh, {0: 20, 1: 31, 2: 30}, {0: (12, 7, 8, 9), 1: (12,), 2: (12,)})
    assert end.winners() == [1]
    assert end.view()["winners"] == [1]
    assert "winner(s): Red" in end.status_text()


def test_tie_broken_by_most_cards_in_hand(hh):
    end = _final(hh, {0: 30, 1: 30, 2: 10}, {0: (12,), 1: (12, 7), 2: (12, 7, 8, 9)})
    # seat 2 holds the most cards but is not tied for the most points
    assert end.winners() == [1]


def test_persisting_tie_is_shared(hh):
    end = _final(hh, {0: 30, 1: 25, 2: 30}, {0: (12, 7), 1: (12, 7, 8, 9), 2: (7, 8)})
    assert end.winners() == [0, 2]
    assert "winner(s): Blue, Orange" in end.status_text()


def test_no_winners_before_the_end(hh):
    s = hh.start(3)
    assert s.winners() == [] and s.view()["winners"] is None


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_game_ends_after_the_chosen_number_of_nights(hh, n):
    for nights in (3, 5):
        log = hl.play(hh.game(n, nights=nights), agents=["random"] * n, seed=n * 10 + nights)
        end = hl.Replay(log).final_state
        assert end.is_terminal and end.night == nights
        best = max(end.scores)
        assert all(end.scores[w] == best for w in end.winners())
        assert end.winners()
