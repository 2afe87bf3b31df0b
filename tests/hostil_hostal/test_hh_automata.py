"""Variation for 2 Players: the automata (seat 2, orange).

``hh.start(2)`` forces every deck to the identity order: the automata's dusk cards are 1, 2, 3
(one per room, boards 1, 2, 3) and its deck then reads 4, 5, 6, ... Rooms as in
test_hh_cards.py (1A, 2A, 3A).
"""

from __future__ import annotations

import pytest

import hotellab as hl

AUTO = 2


def _cards(obs):
    return [(c["seat"], c["number"], c["room"]) for c in obs["automata_phase"]["cards"]]


def test_automata_phase_after_each_round_higher_card_places(hh):
    # Night phase: "Once the first player and the second player have both played in a round, a
    # special Automata phase is played before beginning the next round. In this phase, each
    # player will draw a card from the automata's deck and place it face down on a room where
    # they would like to place an automata's guest. Both cards are revealed simultaneously: the
    # player that has the highest numbered card will be able to place a guest in the bed of her
    # choice in the room she selected. Both cards are then discarded."
    s = hh.turn(hh.start(2), "p0 place 1 0", "p1 place 1 1")
    assert s.status_text() == "Night 1 of 3, automata phase after round 1 — Blue to act"
    assert s.view()["phase"] == "automata"
    assert hh.legal_texts(s) == ["p0 autoroom 1", "p0 autoroom 2", "p0 autoroom 3"]
    # seat 0 drew the automata's card 4: only seat 0 sees it
    assert _cards(s.observation(0)) == [(0, 4, None)]
    assert _cards(s.observation(1)) == [(0, None, None)]
    s = s.apply("p0 autoroom 2")
    assert s.current_player == 1
    assert _cards(s.observation(1)) == [(0, None, 2), (1, 5, None)]
    s = s.apply("p1 autoroom 3")
    # 5 beats 4: seat 1 places the automata's guest in the room seat 1 selected (board 3)
    assert s.current_player == 1
    assert hh.legal_texts(s) == [f"p1 autobed {b}" for b in range(5)]
    assert "Automata cards revealed: Blue #4 in 2A, Red #5 in 3A. Red places the automata's guest." in hh.all_events(s)
    s = s.apply("p1 autobed 2")
    assert hh.guests_of(s, 3) == {2: [AUTO]}
    assert s.lobby[AUTO] == 3
    assert s.discards[AUTO] == (4, 5)
    assert s.decks[AUTO] == (6, 7, 8, 9, 10, 11, 12)
    assert s.status_text() == "Night 1 of 3, round 2 — Blue to act"


def test_automata_phase_first_player_with_the_higher_card(hh):
    s = hh.adjust(hh.start(2), decks={AUTO: (9, 4, 5, 6, 7, 8, 10, 11, 12)})
    s = hh.turn(s, "p0 place 1 0", "p1 place 1 1")
    s = hh.run(s, "p0 autoroom 2", "p1 autoroom 3")
    assert s.current_player == 0
    s = s.apply("p0 autobed 4")
    assert hh.guests_of(s, 2) == {4: [AUTO]}


def test_automata_phase_filled_rooms_cannot_be_selected(hh):
    # "A player cannot select a filled up room."
    s = hh.adjust(hh.start(2), beds={1: {0: [0], 1: [0], 2: [1], 3: [1], 4: [AUTO]}})
    s = hh.turn(s, "p0 play 1 1", "p1 pass")
    assert s.status_text().startswith("Night 1 of 3, automata phase after round 1")
    assert hh.legal_texts(s) == ["p0 autoroom 2", "p0 autoroom 3"]
    msg = s.explain_illegal("p0 autoroom 1")
    assert "not filled up" in msg and "Variation for 2 Players / Night phase" in msg


def test_automata_phase_omitted_when_the_deck_is_short(hh):
    # "If there are not enough cards in the deck for both players, omit this phase."
    s = hh.adjust(hh.start(2), decks={AUTO: (7,)})
    s = hh.turn(s, "p0 place 1 0", "p1 place 1 1")
    assert s.status_text() == "Night 1 of 3, round 2 — Blue to act"
    assert s.decks[AUTO] == (7,)
    s = hh.adjust(hh.start(2), decks={AUTO: (7, 8)})
    s = hh.turn(s, "p0 place 1 0", "p1 place 1 1")
    assert "automata phase" in s.status_text()


def test_no_automata_phase_when_everyone_passed(hh):
    s = hh.adjust(hh.start(2), beds={})
    s = hh.turn(s, "p0 pass", "p1 pass")
    assert s.stage != "night"


def test_special_move_of_an_automata_guest(hh):
    # Special action: "whenever a player discards a card to move a guest, she can choose to move
    # an automata's guest instead of one of her own, regarding it is already in a room."
    s = hh.adjust(hh.start(2), beds={3: {2: [AUTO]}, 1: {0: [0], 1: [1]}})
    assert s.lobby[AUTO] == 3
    moves = sorted(str(a) for a in s.legal_actions() if a.kind == "move")
    assert "p0 move 1 3 2 2" in moves and "p0 move 1 1 0 0" in moves
    assert "p0 move 1 1 1 1" not in moves  # never the other player's guest
    s = s.apply("p0 move 1 3 2 2")
    assert s.events[0].rule.section == "Variation for 2 Players / Special action"
    s = s.apply("p0 moveto 2 3")
    assert hh.guests_of(s, 2) == {3: [AUTO]} and 3 not in hh.guests_of(s, 3)
    assert s.discards[0] == (1,)


def test_automata_guests_in_the_lobby_cannot_be_moved(hh):
    s = hh.start(2)
    s = hh.turn(s, "p0 place 1 0", "p1 place 1 1", "p0 autoroom 1", "p1 autoroom 1", "p1 autobed 2")
    moves = {a.args[1:] for a in s.legal_actions() if a.kind == "move"}
    assert moves == {(1, 0, 0), (1, 2, AUTO)}


def test_special_move_does_not_exist_with_three_players(hh):
    s = hh.adjust(hh.start(3), beds={1: {0: [0], 1: [2]}})
    assert not [a for a in s.legal_actions() if a.kind == "move" and a.args[3] != 0]


# ---------------------------------------------------------------- dawn exceptions
def test_grrr_roll_off_lower_roll_moves(hh):
    # Dawn phase / Out! (card #3, Grrr): "If both players have guests in the room with the
    # grumpy guest, they both roll a die. The player with the lower roll is the one that has to
    # move one of her guests from the room."
    night, s = hh.to_dawn(2, beds={1: {0: [0], 1: [1], 3: [AUTO]}},
                          cards={1: [(AUTO, 3)], 2: [], 3: []})
    assert s.is_chance_node
    outs = s.chance_outcomes()
    assert len(outs) == 36 and all(p == pytest.approx(1 / 36) for _, p in outs)
    # a tie rolls again
    again = s.apply("chance rolloff 3 3")
    assert again.node == s.node and "both roll 3; roll again" in hh.all_events(again)[0]
    s = s.apply("chance rolloff 2 5")
    assert "Blue 2, Red 5; Blue must move one of her guests." in hh.all_events(s)[0]
    # seat 0 has a single guest there: it is thrown out and seat 0 chooses where it goes
    assert s.current_player == 0 and "p0 relocate lobby" in hh.legal_texts(s)
    # "move one of her guests from the room": no bed of room 1 is offered (ruling HH-18)
    assert not [t for t in hh.legal_texts(s) if t.startswith("p0 relocate 1 ")]
    s = s.apply("p0 relocate 2 0")
    assert hh.guests_of(s, 1) == {1: [1], 3: [AUTO]}
    # rest: room 1 with b1 and b3 covered: 3 - 1 + 0 - 1 = 1 (seat 1, automata); room 2 with b0
    # covered: 5 (seat 0)
    assert hh.scores_delta(night, s) == [5, 1, 1]


def test_grrr_roll_off_loser_chooses_which_guest(hh):
    night, s = hh.to_dawn(2, beds={1: {0: [0], 3: [0], 1: [1]}},
                          cards={1: [(AUTO, 3)], 2: [], 3: []})
    s = s.apply("chance rolloff 6 1")  # seat 1 rolled lower
    assert s.current_player == 1 and s.node[0] == hh.HS.N_RELOCATE  # only one guest of seat 1
    night, s = hh.to_dawn(2, beds={1: {0: [0], 3: [0], 1: [1]}},
                          cards={1: [(AUTO, 3)], 2: [], 3: []})
    s = s.apply("chance rolloff 1 6")
    assert s.current_player == 0
    assert hh.legal_texts(s) == ["p0 grrr 0 0", "p0 grrr 3 0"]
    s = hh.run(s, "p0 grrr 3 0", "p0 relocate lobby")
    assert hh.guests_of(s, 1) == {0: [0], 1: [1]}


def test_grrr_of_the_automata_with_one_player_in_the_room(hh):
    # only seat 0 is in the room: no roll-off; the automata throws out the guest that deals the
    # most damage ("Other cards: ... the most damage to the players"), then seat 0 relocates it.
    night, s = hh.to_dawn(2, beds={1: {0: [0], 1: [0], 3: [AUTO]}},
                          cards={1: [(AUTO, 3)], 2: [], 3: []})
    # Damage is measured on each player's rest points plus the rest its guests would get as
    # the rooms stand (heuristic_value): room total with b0, b1, b3 covered is -2, seat 0 has
    # 15 + 2 x -2 = 11. Without the b0 guest (3 uncovered): 15 + 1 = 16; without the b1 guest
    # (1 uncovered): 15 - 1 = 14. Throwing out the b1 guest helps seat 0 least.
    assert s.current_player == 0 and s.node[0] == hh.HS.N_RELOCATE
    assert hh.guests_of(s, 1) == {0: [0], 3: [AUTO]}


def test_two_for_one_of_the_automata_lowest_bed_to_highest_bed(hh):
    # Dawn phase / 2x1 (card #2): "The automata will bring a guest from the bed with lesser
    # points and will place it in this room on the bed with the highest points where it already
    # has a guest." Automata guests: 1A b0 (3) and b1 (1); 2A b2 (-1); 3A b3 (-2).
    night, s = hh.to_dawn(
        2,
        beds={1: {0: [AUTO], 1: [AUTO]}, 2: {2: [AUTO]}, 3: {3: [AUTO]}},
        cards={1: [(AUTO, 2)], 2: [], 3: []},
    )
    # "Although this card's resolution is optional, the automata will always attempt to execute
    # it": no decision, no skip
    assert s.node[0] == hh.HS.N_MISFORTUNE
    assert hh.guests_of(s, 1) == {0: [AUTO, AUTO], 1: [AUTO]}
    assert hh.guests_of(s, 3) == {}
    assert hh.guests_of(s, 2) == {2: [AUTO]}


def test_automata_chooses_the_most_damage(hh):
    # Other cards: "The automata will always choose the guest or effect in a way it can deal the
    # most damage to the players." Sniff (#9) from its guest on 1A b0 touches b1 (seat 0) and
    # b3 (seat 1); from b2 only b1.
    night, s = hh.to_dawn(
        2,
        beds={1: {0: [AUTO], 2: [AUTO], 1: [0], 3: [1]}},
        cards={1: [(AUTO, 9)], 2: [], 3: []},
    )
    sniff = [e for e in s.events if e.text.startswith("Sniff")]
    assert sniff and sniff[0].deltas == ((0, -1), (1, -1))


def test_automata_ties_are_settled_by_a_die(hh):
    # "If there are discussions, assign numbers to the guests and roll a die to decide."
    # Sweet Dreams (#1) on either of two automata guests deals the same damage: a chance pick.
    night, s = hh.to_dawn(2, beds={1: {0: [AUTO], 3: [AUTO], 1: [0]}},
                          cards={1: [(AUTO, 1)], 2: [], 3: []})
    assert s.is_chance_node
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("chance pick 0", 0.5), ("chance pick 1", 0.5)]
    s = s.apply("chance pick 1")
    assert s.beds[0][3] == (AUTO * 2 + 1,)  # the guest on b3 is sedated
    # +1, and the rest of its awake guest on b0: b2 -1 + b4 0 + rug -1 = -2
    assert s.score[AUTO] - night.score[AUTO] == 1 - 2


def test_automata_scores_and_counts_for_wear(hh):
    # Scoring: "The automata will score points and will be taken into account for room wearing."
    night, s = hh.to_dawn(2, beds={2: {0: [AUTO], 1: [AUTO]}, 1: {0: [0]}},
                          cards={1: [], 2: [], 3: []})
    # rest: 2A with b0, b1 covered: -1 + 3 + 0 + 1 = 3 for each of the 2 automata guests
    assert hh.scores_delta(night, s) == [1, 0, 6]
    s = s.apply("chance misfortune 1")
    # Day wear: 2 guests in 2A -> -2; 1 guest in 1A -> -1; none in 3A -> -1
    assert s.wear == [5, 4, 5]
    assert s.lobby[AUTO] == 4 and s.supply[AUTO] == 0  # back to the Lobby


def test_tv_spares_the_automata_when_it_is_behind(hh):
    # "If it is losing, it will count as the player with lesser points for the TV card."
    night, s = hh.to_dawn(2, beds={1: {0: [0], 1: [1], 3: [AUTO]}},
                          cards={1: [(0, 8)], 2: [], 3: []}, score={0: 20, 1: 18, 2: 10})
    tv = [e for e in s.events if e.text.startswith("TV")]
    assert tv[0].deltas == ((0, -1), (1, -1))


def test_automata_can_win(hh):
    # "The automata can win the game."
    s = hh.start(2)
    while s.night < 3:
        s = hh.skip_night(s)
    s = hh.pass_all(hh.adjust(s, beds={}, score={0: 20, 1: 22, 2: 30}))
    end = s.apply("chance misfortune 1")
    assert end.is_terminal and end.winners() == [AUTO]
    assert "winner(s): Orange (automata)" in end.status_text()


def test_automata_plays_itself_in_a_match(hh):
    # DESIGN: "one agent per player seat (the automata plays itself)"
    g = hh.game(2)
    log = hl.play(g, agents=["random", "random"], seed=5)
    end = hl.Replay(log).final_state
    assert end.is_terminal and len(end.scores) == 3
    assert len(log.players) == 3 and log.players[2] == "Orange (automata)"
    # no action of the automata seat was ever asked for
    assert all(g.parse_action(a).player in (0, 1, hl.CHANCE) for a in log.actions)


def test_two_for_one_example_the_source_that_hurts_both_players(hh):
    # Dawn phase, Example: "Taking a guest from one room will subtract 4 points to a player,
    # while in another room it would subtract 4 from both players. As the second room does more
    # damage, that will be its selection." Sides B (data/rooms.toml): boards 2, 5, 1 are laid;
    # the automata's guests on 2B b1 (-3) and 5B b3 (-3) tie for "the bed with lesser points";
    # leaving 2B uncovers -3 for seat 0 only, leaving 5B uncovers -3 for seats 0 and 1.
    s = hh.start(2, rooms=(1, 4, 0, 2, 3), sides="B")
    assert s.boards == (2, 5, 1)
    night = hh.adjust(
        s,
        beds={1: {0: [AUTO]}, 2: {1: [AUTO], 0: [0]}, 5: {3: [AUTO], 0: [0], 1: [1]}},
        cards={1: [(AUTO, 2)], 2: [], 5: []},
    )
    d = hh.pass_all(night)
    assert "Orange (automata) brings a guest from bed 3 of 5B to share bed 0 of 1B." in hh.all_events(d)
    assert hh.guests_of(d, 1) == {0: [AUTO, AUTO]}
    assert hh.guests_of(d, 5) == {0: [0], 1: [1]}
    assert hh.guests_of(d, 2) == {0: [0], 1: [AUTO]}


def test_automata_cards_follow_the_activation_rules(hh):
    # "Activation of the cards follow all the rules and conditions for activations (i.e. having
    # a guest in the room or discarding duplicates)."
    # Chocolate (#6, guest icon) in a room without an automata guest: no effect.
    night, s = hh.to_dawn(2, beds={1: {0: [0]}}, cards={1: [(AUTO, 6)], 2: [], 3: []})
    assert "the guest icon needs one of their guests in the room" in " ".join(hh.all_events(s))
    assert s.score[AUTO] == night.score[AUTO]
    # Party (#5) of the automata and of seat 0 in the same room: both copies are discarded
    night, s = hh.to_dawn(2, beds={1: {0: [0], 1: [AUTO]}}, cards={1: [(AUTO, 5), (0, 5)], 2: [], 3: []})
    assert "Room 1A: the copies of #5 Party cancel out and are discarded." in hh.all_events(s)
    assert 5 in s.discards[AUTO] and 5 in s.discards[0]
    assert not [e for e in s.events if e.text.startswith("Party")]


def test_automata_reform_side_is_the_most_damaging(hh):
    # Reform by the automata's Mr. Tools: "the most damage to the players" -> the side with the
    # lower rug (data/reforms.toml reform 1: a +2, b -1)
    night, s = hh.to_dawn(2, beds={1: {0: [0]}}, cards={1: [(AUTO, 12)], 2: [], 3: []})
    s = s.apply("chance misfortune 1")
    assert s.night == 2 and s.reform[0] == (1, "b")


def test_automata_phase_cards_are_public_once_revealed(hh):
    s = hh.turn(hh.start(2), "p0 place 1 0", "p1 place 1 1")
    s = hh.run(s, "p0 autoroom 2", "p1 autoroom 3")
    assert s.node[0] == hh.HS.N_AUTOBED  # revealed: seat 1 (card 5) places the guest
    assert _cards(s.observation(0)) == [(0, 4, 2), (1, 5, 3)]
    assert _cards(s.observation(1)) == [(0, 4, 2), (1, 5, 3)]


def test_automata_relocates_its_thrown_out_guest_where_it_hurts_most(hh):
    # #3 Grrr: "The guest owner then chooses another unoccupied bed or the lobby"; the owner is
    # the automata, which chooses "the most damage to the players". Seat 0 throws the automata's
    # guest out of 1A b1. Covering 2A b3 (3) costs seat 1 three points; the best bed in 1A
    # (b3, 2) costs seat 0 two; 3A and the Lobby cost nothing.
    night, s = hh.to_dawn(2, beds={1: {0: [0], 1: [AUTO]}, 2: {0: [1]}},
                          cards={1: [(0, 3)], 2: [], 3: []})
    assert "p0 grrr 1 2" in hh.legal_texts(s)
    s = s.apply("p0 grrr 1 2")
    assert hh.guests_of(s, 2) == {0: [1], 3: [AUTO]}
    assert hh.guests_of(s, 1) == {0: [0]}
    # rest: 1A with b0 covered 1 - 1 + 2 + 0 - 1 = 1 (seat 0); 2A with b0, b3 covered
    # 2 - 1 + 0 + 1 = 2 (seat 1 and the automata)
    assert hh.scores_delta(night, s) == [1, 2, 2]


def test_automata_never_relocates_its_thrown_out_guest_into_the_same_room(hh):
    # #3 Grrr: "Remove any one guest from the room … The guest owner then chooses another
    # unoccupied bed or the lobby" — the guest leaves the room (ruling HH-18), for the automata
    # too. Seat 0 throws the automata's guest out of 1A b1. Inside 1A, covering b3 (value 2)
    # would cost seat 0 two points, the most damage: the old reading put it there. Outside 1A
    # no bed touches a player's guest, so every one of the 11 destinations (2A's and 3A's ten
    # free beds and the Lobby) does equal damage (0) and the die roll (chance pick) settles it
    # (HH-31): 11 equally likely outcomes, none in room 1.
    night, s = hh.to_dawn(2, beds={1: {0: [0], 1: [AUTO]}}, cards={1: [(0, 3)], 2: [], 3: []})
    s = s.apply("p0 grrr 1 2")
    outs = s.chance_outcomes()
    assert len(outs) == 11 and all(p == pytest.approx(1 / 11) for _, p in outs)
    for a, _ in outs:
        t = s.apply(a)
        assert hh.guests_of(t, 1) == {0: [0]}, str(a)


# ---------------------------------------------------------------- issue 15: untested rule parts
def test_automata_damage_tie_break_damages_both_players(hh):
    # Variation for 2 Players / Dawn phase: "If it has to choose between taking 2 points from one
    # player or 1 points from 2 both players, it will choose the option that will damage both."
    # Seat 0's Grrr throws the automata's guest out of 3A; the automata chooses where it goes
    # (#3: "The guest owner then chooses"), by damage (HH-31).
    #   1A (rug -1): seat 0 on b0 (3), seat 1 on b3 (2). Covering b1 (value 1) costs each of
    #     them 1: total 2, two players hurt. b2 (-1) and b4 (0) cost nothing.
    #   2A (rug +1): seat 0 alone on b3 (3). Covering b0 or b1 (value 2) costs seat 0 2: total 2,
    #     one player hurt. b2 (-1), b4 (0), 3A and the Lobby cost nothing.
    # Equal totals (2); the option that damages both wins: 1A b1, with no die roll.
    night, s = hh.to_dawn(2, beds={1: {0: [0], 3: [1]}, 2: {3: [0]}, 3: {1: [AUTO]}},
                          cards={1: [], 2: [], 3: [(0, 3)]})
    s = s.apply("p0 grrr 1 2")
    assert hh.guests_of(s, 1) == {0: [0], 1: [AUTO], 3: [1]}
    assert hh.guests_of(s, 3) == {}
    # Rest then follows: 1A with b0, b1, b3 covered: -1 + 0 - 1 = -2 for each of its three
    # guests; 2A with b3 covered: 2 + 2 - 1 + 0 + 1 = 4 for seat 0.
    assert hh.scores_delta(night, s) == [-2 + 4, -2, -2]


def test_spy_on_each_automata_card(hh):
    # 2-player Dusk phase: "Draw three cards from the automata's deck and place them face down
    # each in one room" (the automata's dusk cards are 1, 2, 3 in rooms 1, 2, 3: hh.start).
    # Bonus action: Spy: "spend one rest point to see all the cards of the same color in one
    # room" — the automata's colour (orange, seat 2) is a colour like any other.
    s = hh.start(2)
    spies = [t for t in hh.legal_texts(s) if " spy " in t]
    assert spies == ["p0 spy 1 2", "p0 spy 2 2", "p0 spy 3 2"]
    assert [c["number"] for r in s.view(0)["rooms"] for c in r["cards"]] == [None, None, None]
    for board, number in ((1, 1), (2, 2), (3, 3)):
        t = s.apply(f"p0 spy {board} 2")
        assert t.scores[0] == s.scores[0] - 1  # "they have to spend 1 rest point"
        seen = t.view(0)["rooms"][board - 1]["cards"]
        assert seen == [{"seat": 2, "number": number, "name": hh.C.cards()[number].name, "face_up": False}]
        assert t.view(1)["rooms"][board - 1]["cards"][0]["number"] is None  # seat 1 did not spy
        assert f"p0 spy {board} 2" not in hh.legal_texts(t)  # nothing new left to see there
    # seat 1 may spy on them too, on its own turn
    s1 = s.apply("p0 place 1 0")
    assert [t for t in hh.legal_texts(s1) if " spy " in t] == ["p1 spy 1 2", "p1 spy 2 2", "p1 spy 3 2"]


def test_automata_deck_is_reshuffled_at_dusk_when_it_runs_out(hh):
    # 2-player Dusk phase: "Draw three cards from the automata's deck"; Phase 1 - Dusk: "If the
    # deck becomes depleted, shuffle the discard to form a new deck and continue drawing"
    # (ruling HH-29). The automata's deck is cut to one card (7); its other cards are in its
    # discard: 4, 5, 6, 8-12 now, plus its dusk cards 1, 2, 3 after End of day.
    s = hh.adjust(hh.start(2), decks={AUTO: (7,)})
    s = hh.skip_night(s)
    assert s.is_chance_node and (s.node.kind, s.node.context) == (hh.HS.N_RESHUFFLE, (f"deck{AUTO}",))
    assert s.night == 2 and s.stage == "dusk"
    assert s.discards[AUTO] == (4, 5, 6, 8, 9, 10, 11, 12, 1, 2, 3)
    # the identity order of the sorted discard: 1, 2, 3, 4, 5, 6, 8, ...
    s = s.apply("chance shuffle deck2 " + ",".join(str(i) for i in range(11)))
    # 7 (the old deck's last card) goes to room 1, then 1 and 2 from the new deck
    auto_cards = [[c["number"] for c in r["cards"] if c["seat"] == AUTO] for r in s.view()["rooms"]]
    assert auto_cards == [[7], [1], [2]]
    assert s.decks[AUTO] == (3, 4, 5, 6, 8, 9, 10, 11, 12) and s.discards[AUTO] == ()
    # both players are tied at 15, so the marker went to seat 1 ("further in turn order")
    assert s.stage == "night" and s.current_player == 1


@pytest.mark.parametrize("scores,new_first", [
    # End of day: "The first player marker is passed to the player that currently has more
    # slumber points. In case of a tie, the player further in turn order from the current
    # first player takes the marker." Ruling HH-26: the marker goes to a *player*; the automata
    # leads by far (30) and still never takes it.
    ({0: 14, 1: 12, 2: 30}, 0),
    ({0: 12, 1: 14, 2: 30}, 1),
    ({0: 12, 1: 12, 2: 30}, 1),  # tie between the players: seat 1 is further from seat 0
])
def test_automata_never_takes_the_first_player_marker(hh, scores, new_first):
    s = hh.skip_night(hh.adjust(hh.start(2), first=0, score=scores))
    assert s.night == 2 and s.scores[2] == 30
    assert s.first == new_first and s.current_player == new_first
    assert s.view()["first_player"] == new_first
