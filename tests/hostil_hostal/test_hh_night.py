"""Phase 2 - Night: place a guest, play a card, move a guest, pass, and the bonus Spy action.

Setup for every test: ``hh.start(3)`` (boards 1A, 2A, 3A; every hand 1, 2, 3 + Mr. Tools;
seat 0 first). ``hh.turn`` applies night actions in order.
"""

from __future__ import annotations

import pytest

import hotellab as hl


def _snapshot(s):
    return (s.view(None), s.to_json(), [str(a) for a in s.history()], list(s.scores), s.status_text())


def test_place_covers_an_unoccupied_bed(hh):
    s = hh.start(3)
    # "places it in any unoccupied bed in a room of their choice": 3 rooms x 5 beds
    assert sorted(str(a) for a in s.legal_actions() if a.kind == "place") == sorted(
        f"p0 place {b} {i}" for b in (1, 2, 3) for i in range(5)
    )
    s1 = s.apply("p0 place 1 0")
    assert hh.guests_of(s1, 1) == {0: [0]}
    assert s1.beds[0][0] == (0,)  # seat 0, unsedated: "leave visible the unmarked side"
    assert s1.supply[0] == 3
    # "The meeple must cover the big number shown on the bed": 1A bed 0 shows 3, total 4 -> 1
    assert s1._total(0) == 1 and s1.view()["rooms"][0]["total"] == 1
    assert s1.events[0].rule.section == "Phase 2 - Night / Place a guest"
    # the covered bed is no longer offered, to anyone
    assert s1.current_player == 1
    assert "p1 place 1 0" not in hh.legal_texts(s1)
    msg = s1.explain_illegal("p1 place 1 0")
    assert "unoccupied bed" in msg and "Phase 2 - Night / Place a guest" in msg
    with pytest.raises(hl.IllegalActionError, match="unoccupied bed"):
        s1.apply("p1 place 1 0")
    for bad in ("p1 place 9 0", "p1 place 1 5", "p1 place 4 0"):  # board 4 is not in play
        assert s1.explain_illegal(bad) is not None


def _four_rounds_of_play(hh):
    """Seat 0 places in room 1 then plays 1, 2, 3 there; seats 1 and 2 place guests."""
    s = hh.start(3)
    s = hh.turn(s, "p0 place 1 0", "p1 place 2 0", "p2 place 3 0")
    s = hh.turn(s, "p0 play 1 1", "p1 place 2 1", "p2 place 3 1")
    s = hh.turn(s, "p0 play 2 1", "p1 place 2 2", "p2 place 3 2")
    s = hh.turn(s, "p0 play 3 1", "p1 place 2 3", "p2 place 3 3")
    return s


def test_play_a_card_only_in_a_room_with_own_guest(hh):
    s = hh.turn(hh.start(3), "p0 place 1 0", "p1 place 2 0", "p2 place 3 0")
    plays = sorted(str(a) for a in s.legal_actions() if a.kind == "play")
    # "play one card face down in a room where they own at least one guest"
    assert plays == ["p0 play 1 1", "p0 play 12 1", "p0 play 2 1", "p0 play 3 1"]
    msg = s.explain_illegal("p0 play 1 2")
    assert "at least one guest" in msg and "Phase 2 - Night / Play a card" in msg
    s1 = s.apply("p0 play 3 1")
    assert s1.cards[0] == (0 * 16 + 3,) and s1.hands[0] == (1, 2, 12)
    assert s1.events[0].rule.section == "Phase 2 - Night / Play a card"
    # "no limits to the number of cards in a room"
    s2 = hh.turn(s1, "p1 place 2 1", "p2 place 3 1", "p0 play 1 1")
    assert [c & 15 for c in s2.cards[0]] == [3, 1]


def test_play_a_card_needs_two_cards_in_hand_and_at_most_three_are_played(hh):
    s = _four_rounds_of_play(hh)
    # three cards played, one left: "they can only play 3" / "at least one of their cards will
    # remain unplayed"
    assert s.hands[0] == (12,)
    assert [c & 15 for c in s.cards[0]] == [1, 2, 3]
    assert s.current_player == 0
    kinds = {a.kind for a in s.legal_actions()}
    assert "play" not in kinds and "move" not in kinds
    before = _snapshot(s)
    with pytest.raises(hl.IllegalActionError) as exc:
        s.apply("p0 play 12 1")
    msg = str(exc.value)
    # DESIGN / issue 2 section 8: the message names the rule
    assert "Play a card needs at least two cards in hand" in msg
    assert "Phase 2 - Night" in msg
    assert _snapshot(s) == before
    msg = s.explain_illegal("p0 move 12 1 0 0")
    assert "Move a guest needs at least two cards in hand" in msg and "Phase 2 - Night / Move a guest" in msg


def test_move_a_guest_to_another_bed(hh):
    s = hh.turn(hh.start(3), "p0 place 1 0", "p1 place 1 1", "p2 place 2 0")
    s = hh.turn(s, "p0 play 1 1", "p1 place 2 1", "p2 place 3 0")
    assert s.current_player == 0 and s.hands[0] == (2, 3, 12)
    # "discard one in their own discard pile to move a bedded guest"
    moves = sorted(str(a) for a in s.legal_actions() if a.kind == "move")
    assert moves == ["p0 move 12 1 0 0", "p0 move 2 1 0 0", "p0 move 3 1 0 0"]
    s1 = s.apply("p0 move 2 1 0 0")
    assert s1.current_player == 0 and s1.hands[0] == (3, 12) and s1.discards[0] == (2,)
    assert s1.events[0].rule.section == "Phase 2 - Night / Move a guest"
    # "to another bed in any room or to the lobby": every free bed but the one it left
    dest = hh.legal_texts(s1)
    free = [(b, i) for b in (1, 2, 3) for i in range(5)
            if (b, i) not in {(1, 0), (1, 1), (2, 0), (2, 1), (3, 0)}]
    assert dest == sorted([f"p0 moveto {b} {i}" for b, i in free] + ["p0 moveto lobby"])
    assert "p0 moveto 1 0" not in dest
    s2 = s1.apply("p0 moveto 3 4")
    assert hh.guests_of(s2, 1) == {1: [1]}
    assert hh.guests_of(s2, 3) == {0: [2], 4: [0]}
    # "Previously played cards remain in the room and are not moved with the guest."
    assert s2.cards[0] == (1,)
    assert s2.current_player == 1


def test_move_a_guest_to_the_lobby(hh):
    s = hh.turn(hh.start(3), "p0 place 2 3", "p1 place 1 1", "p2 place 2 0")
    s = hh.turn(s, "p0 move 12 2 3 0", "p0 moveto lobby")
    assert s.lobby[0] == 1 and s.supply[0] == 3
    assert hh.guests_of(s, 2) == {0: [2]}
    # Mr. Tools paid for the move: it is in the discard until the day brings it back
    assert s.discards[0] == (12,) and s.hands[0] == (1, 2, 3)


def test_the_lobby_takes_any_number_of_guests(hh):
    # Resting in the Hostel: "The Lobby can accommodate unlimited guests". Blue has 1 guest on
    # bed 0 of room 1; every other guest of the three colours (3 + 4 + 4 = 11) waits in the Lobby,
    # and Blue may still move hers there: 12 guests, every guest of the game.
    s = hh.adjust(hh.start(3), beds={1: {0: [0]}})
    assert s.lobby == [3, 4, 4] and s.current_player == 0
    s = s.apply("p0 move 1 1 0 0")
    assert "p0 moveto lobby" in hh.legal_texts(s)
    s = s.apply("p0 moveto lobby")
    assert s.lobby == [4, 4, 4] and all(not gs for room in s.beds for gs in room)


def test_only_own_guests_can_be_moved(hh):
    s = hh.turn(hh.start(3), "p0 place 1 0", "p1 place 1 1", "p2 place 2 0")
    msg = s.explain_illegal("p0 move 1 1 1 1")
    assert msg is not None and "Phase 2 - Night / Move a guest" in msg


def test_pass_only_when_all_guests_are_placed(hh):
    s = hh.start(3)
    # "If a player has placed all of their own guests, they can pass."
    assert "p0 pass" not in hh.legal_texts(s)
    msg = s.explain_illegal("p0 pass")
    assert "all of their guests are placed" in msg and "Phase 2 - Night / Pass" in msg
    for r in range(4):
        assert "p0 pass" not in hh.legal_texts(s)
        s = hh.turn(s, f"p0 place 1 {r}", f"p1 place 2 {r}", f"p2 place 3 {r}")
    assert s.supply == [0, 0, 0]
    assert "p0 pass" in hh.legal_texts(s)


def test_place_needs_an_unplayed_guest(hh):
    # Place a guest: "The player takes an unplayed guest": once the 4 guests of Setup 3 are
    # placed, seat 0 is offered no place, though 3 beds are still free (3 rooms x 5 beds - 12)
    s = hh.start(3)
    for r in range(4):
        s = hh.turn(s, f"p0 place 1 {r}", f"p1 place 2 {r}", f"p2 place 3 {r}")
    assert s.supply[0] == 0 and s.current_player == 0 and len(s._free_beds()) == 3
    assert not [a for a in s.legal_actions() if a.kind == "place"]
    assert "Blue has no unplayed guest left" in s.explain_illegal("p0 place 1 4")


def test_a_player_who_passed_plays_again_next_round(hh):
    # Pass: "However, if the player has at least two cards in their hand they can play the next
    # round in their turn" (ruling HH-09): a pass counts for its round only
    s = hh.start(3)
    for r in range(4):
        s = hh.turn(s, f"p0 place 1 {r}", f"p1 place 2 {r}", f"p2 place 3 {r}")
    s = hh.turn(s, "p0 pass", "p1 play 1 2")
    assert [seat["passed"] for seat in s.view()["seats"]] == [True, False, False]
    s = s.apply("p2 pass")
    assert s.round == 6 and s.current_player == 0 and s.passed == frozenset()
    assert [seat["passed"] for seat in s.view()["seats"]] == [False, False, False]


def test_night_ends_when_everyone_passes_in_the_same_round(hh):
    s = hh.start(3)
    for r in range(4):
        s = hh.turn(s, f"p0 place 1 {r}", f"p1 place 2 {r}", f"p2 place 3 {r}")
    assert s.round == 5
    # round 5: two pass, one plays a card -> the night goes on
    s = hh.turn(s, "p0 pass", "p1 play 1 2", "p2 pass")
    assert s.stage == "night" and s.round == 6 and s.current_player == 0
    # "if the player has at least two cards in their hand they can play the next round"
    assert "p0 play 1 1" in hh.legal_texts(s)
    s = hh.turn(s, "p0 pass", "p1 pass")
    assert s.stage == "night"
    s = hh.turn(s, "p2 pass")
    # "If all the players pass on the same round, the night phase ends and the dawn phase begins."
    assert s.stage != "night"
    texts = hh.all_events(s)
    assert "Every player passed in the same round: the night ends." in texts
    assert any(e.rule.section == "Phase 3 - Dawn / Reveal" for e in s.events)


def test_turn_order_is_clockwise_from_the_first_player(hh):
    s = hh.adjust(hh.start(4), first=2)
    seen = []
    for _ in range(4):
        seen.append(s.current_player)
        p = s.current_player
        s = hh.turn(s, f"p{p} place {p + 1} 0")
    assert seen == [2, 3, 0, 1]


def _spy_position(hh):
    s = hh.start(3)
    return hh.adjust(
        s,
        beds={1: {0: [0], 1: [1], 2: [2]}, 2: {0: [1]}},
        cards={1: [(1, 2), (2, 5)], 2: [(1, 3)]},
        hands={1: (1, 12), 2: (1, 2, 12)},
    )


def _room_cards(obs, board):
    room = next(r for r in obs["rooms"] if r["number"] == board)
    return [(c["seat"], c["number"]) for c in room["cards"]]


def test_spy_costs_one_point_and_reveals_one_colour_in_one_room_to_the_spy(hh):
    s = _spy_position(hh)
    # face down: nobody but the owner sees the numbers; the colours are visible
    assert _room_cards(s.observation(0), 1) == [(1, None), (2, None)]
    assert _room_cards(s.observation(0), 2) == [(1, None)]
    # "A player may at any time look at their own cards placed in the rooms"
    assert _room_cards(s.observation(1), 1) == [(1, 2), (2, None)]
    assert _room_cards(s.view(None), 1) == [(1, 2), (2, 5)]
    spies = sorted(str(a) for a in s.legal_actions() if a.kind == "spy")
    assert spies == ["p0 spy 1 1", "p0 spy 1 2", "p0 spy 2 1"]
    # Bonus action: "spend one rest point to see all the cards of the same color in one room";
    # "before or after doing a mandatory action"
    s1 = s.apply("p0 spy 1 1")
    assert s1.scores == [14, 15, 15]
    assert s1.events[0].deltas == ((0, -1),)
    assert s1.events[0].rule.section == "Phase 2 - Night / Bonus action: Spy"
    assert ("Spy", -1) in [(i.category, i.points) for i in s1.score_breakdown() if i.player == 0]
    assert _room_cards(s1.observation(0), 1) == [(1, 2), (2, None)]  # red's card only
    assert _room_cards(s1.observation(0), 2) == [(1, None)]  # in that room only
    assert _room_cards(s1.observation(2), 1) == [(1, None), (2, 5)]  # only to the spy
    assert s1.current_player == 0 and "p0 spy 1 1" not in hh.legal_texts(s1)
    # the mandatory action is still due; spying again is offered (ruling HH-11: spying after
    # the mandatory action would see the same cards, so Spy is offered before it)
    assert s1.current_player == 0
    assert "p0 end" not in hh.legal_texts(s1)
    assert sorted(t for t in hh.legal_texts(s1) if "spy" in t) == ["p0 spy 1 2", "p0 spy 2 1"]
    # "A player can spy as much as they want, but they have to spend 1 rest point for each"
    s3 = hh.run(s1, "p0 spy 1 2", "p0 spy 2 1")
    assert s3.scores[0] == 12
    assert _room_cards(s3.observation(0), 1) == [(1, 2), (2, 5)]
    assert _room_cards(s3.observation(0), 2) == [(1, 3)]
    assert not [t for t in hh.legal_texts(s3) if "spy" in t]  # nothing left to see
    # the mandatory action ends the turn
    s4 = s3.apply("p0 pass")
    assert s4.current_player == 1
    assert "'end' is not an action of this game" in s3.explain_illegal("p0 end")  # no separate end of turn


def test_spy_needs_a_rest_point(hh):
    s = hh.adjust(_spy_position(hh), score={0: 0})
    assert not [a for a in s.legal_actions() if a.kind == "spy"]
    assert "spying costs 1 rest point" in s.explain_illegal("p0 spy 1 1")


def test_spy_sees_every_card_of_the_colour_in_the_room(hh):
    # Bonus action: Spy: "to see all the cards of the same color in one room": red's two cards in
    # room 1 (#2 and #4) are both seen for one rest point; orange's stays hidden
    s = hh.adjust(_spy_position(hh), cards={1: [(1, 2), (1, 4), (2, 5)], 2: [(1, 3)]})
    s1 = s.apply("p0 spy 1 1")
    assert _room_cards(s1.observation(0), 1) == [(1, 2), (1, 4), (2, None)]
    assert s1.scores[0] == s.scores[0] - 1


def test_spied_cards_stay_hidden_from_the_others_and_are_forgotten_next_night(hh):
    s = _spy_position(hh).apply("p0 spy 2 1")
    assert s.observation(0)["known"] == [1 << 8 | 3]
    assert s.observation(2)["known"] == []
    assert _room_cards(s.observation(2), 2) == [(1, None)]
    # "After looking at them, the cards must be returned face down": the knowledge lasts
    # the night; the next night starts with nothing known
    s = hh.pass_all(s)
    while s.night == 1:
        if s.node[0] == hh.HS.N_CARD:
            s = s.apply(f"p{s.current_player} skip")
        else:
            assert s.node[0] == hh.HS.N_MISFORTUNE, s.status_text()
            s = s.apply("chance misfortune 1")
    assert s.stage == "night"
    assert [s.observation(p)["known"] for p in range(3)] == [[], [], []]


def test_illegal_actions_leave_the_state_unchanged(hh):
    s = hh.turn(hh.start(3), "p0 place 1 0", "p1 place 1 1")
    cases = [
        "p0 place 2 0",  # not seat 0's turn
        "p2 place 1 0",  # occupied bed
        "p2 play 1 1",  # no guest of seat 2 in room 1
        "p2 pass",  # guests still to place
        "p2 end",  # the mandatory action first
        "p2 spy 1 0",  # nothing to spy
        "p2 move 1 1 0 0",  # someone else's guest
        "chance misfortune 3",  # not a chance node
        "p2 fly 1",  # unknown kind
    ]
    before = _snapshot(s)
    for text in cases:
        reason = s.explain_illegal(text)
        assert reason, text
        with pytest.raises(hl.IllegalActionError) as exc:
            s.apply(text)
        assert str(exc.value) == reason
        assert str(exc.value.action) == text
        assert _snapshot(s) == before, text
    with pytest.raises(hl.IllegalActionError):
        s.apply(42)
    assert _snapshot(s) == before


def test_apply_returns_a_new_state(hh):
    s = hh.start(3)
    before = _snapshot(s)
    s1 = s.apply("p0 place 1 0")
    assert s1 is not s and _snapshot(s) == before
    assert s1.move_number == s.move_number + 1
    assert s1.history()[-1] == hl.Action("place", (1, 0), 0)


def test_action_text_for_people_hides_the_card_from_others(hh):
    s = hh.turn(hh.start(3), "p0 place 1 0", "p1 place 2 0", "p2 place 3 0")
    a = hl.Action("play", (3, 1), 0)
    assert s.action_to_string(a) == "Blue: play #3 Grrr in room 1"
    assert s.action_to_string(a, perspective=0) == "Blue: play #3 Grrr in room 1"
    assert s.action_to_string(a, perspective=1) == "Blue: play a card face down in room 1"
    m = hl.Action("move", (3, 1, 0, 0), 0)
    assert "Grrr" not in s.action_to_string(m, perspective=2)
