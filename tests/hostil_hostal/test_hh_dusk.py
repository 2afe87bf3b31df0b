"""Phase 1 - Dusk: "Each player takes three cards from their deck and Mr. Tools to form a hand
of four cards. If the deck becomes depleted, shuffle the discard to form a new deck and continue
drawing." """

from __future__ import annotations

import pytest

import hotellab as hl


@pytest.mark.parametrize("n", [3, 4, 5])
def test_hand_of_four_three_cards_and_mr_tools(hh, n):
    s = hh.start(n, hands={0: (9, 4, 7)})
    # seat 0's deck was forced to 9, 4, 7 on top; the others draw 1, 2, 3
    assert s.hands[0] == (4, 7, 9, 12)
    for p in range(1, n):
        assert s.hands[p] == (1, 2, 3, 12)
    view = s.view()
    assert [x["hand_size"] for x in view["seats"]] == [4] * n
    assert [x["deck_size"] for x in view["seats"]] == [11 - 3] * n
    dusk = [e for e in s.events if e.rule.section == "Phase 1 - Dusk"]
    assert dusk and "draws 3 cards" in dusk[0].text


def test_second_dusk_draws_the_next_three(hh):
    s = hh.skip_night(hh.start(3))
    assert s.night == 2 and s.stage == "night"
    # Phase 4 - Day / End of day: unused cards are discarded, Mr. Tools back to the hand;
    # Dusk: the next three cards of the deck (4, 5, 6 with the identity shuffle)
    assert s.hands == [(4, 5, 6, 12)] * 3
    assert s.discards == [(1, 2, 3)] * 3
    assert [len(d) for d in s.decks] == [5, 5, 5]


def test_reshuffle_when_the_deck_runs_out_forced(hh):
    # Deck of 11, 3 cards a night: after nights 1-3 two cards are left, so the dusk of night 4
    # draws 10 and 11 and then "shuffle the discard to form a new deck and continue drawing".
    s = hh.start(3, nights=5)
    for night in (2, 3, 4):
        s = hh.skip_night(s)
        if night < 4:
            assert s.night == night and s.stage == "night"
    assert s.night == 4 and s.stage == "dusk"
    assert s.is_chance_node and (s.node.kind, s.node.context) == (hh.HS.N_RESHUFFLE, ("deck0",))
    assert s.status_text() == "Dusk, night 4 of 5 — reshuffle"
    assert sorted(s.hands[0]) == [10, 11, 12]  # drawn so far: the two cards left, and Mr. Tools
    assert s.decks[0] == ()
    assert s.discards[0] == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    # the shuffle permutes the 9 discarded cards
    assert "permutation of 0..8 (9 items)" in s.explain_illegal("chance shuffle deck0 0,1,2")
    s = s.apply("chance shuffle deck0 8,7,6,5,4,3,2,1,0")
    assert s.events[0].rule.section == "Phase 1 - Dusk"
    assert "discard pile is shuffled" in s.events[0].text
    # drawing continues from the new deck: its top card is 9
    assert s.hands[0] == (9, 10, 11, 12)
    assert s.decks[0] == (8, 7, 6, 5, 4, 3, 2, 1)
    assert s.discards[0] == ()
    # then the other seats reshuffle in turn
    assert (s.node.kind, s.node.context) == (hh.HS.N_RESHUFFLE, ("deck1",))
    s = hh.run(s, "chance shuffle deck1 " + ",".join(map(str, range(9))),
               "chance shuffle deck2 " + ",".join(map(str, range(9))))
    assert s.stage == "night" and s.night == 4
    assert s.hands[1] == (1, 10, 11, 12) and len(s.decks[1]) == 8


def test_reshuffle_appears_in_a_real_five_night_game(hh):
    # A whole random game of 5 nights: every human deck runs out at the dusk of night 4.
    g = hh.game(3, nights=5)
    log = hl.play(g, agents=["random"] * 3, seed=11)
    replay = hl.Replay(log)
    reshuffles = []
    for k in range(1, len(replay)):
        a = replay.action_at(k)
        if a.kind == "shuffle" and str(a.args[0]).startswith("deck"):
            before = replay.state_at(k - 1)
            if before.stage != "setup":
                reshuffles.append((before.night, before.stage, a.args[0]))
    assert reshuffles == [(4, "dusk", "deck0"), (4, "dusk", "deck1"), (4, "dusk", "deck2")]
    assert replay.final_state.is_terminal and replay.final_state.night == 5


def test_automata_dusk_cards_one_per_room(hh):
    # Variation for 2 Players / Dusk phase: "Draw three cards from the automata's deck and place
    # them face down each in one room without seeing them."
    s = hh.start(2, hands={2: (7, 12, 3)})
    assert s.hands[2] == ()
    assert s.cards == [(2 * 16 + 7,), (2 * 16 + 12,), (2 * 16 + 3,)]
    assert len(s.decks[2]) == 9
    for p in (0, 1):
        obs = s.observation(p)
        assert [[(c["seat"], c["number"]) for c in r["cards"]] for r in obs["rooms"]] == [[(2, None)]] * 3
