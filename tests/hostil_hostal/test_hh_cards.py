"""Every card of the rulebook's "Event Card Guide", with hand-computed rest-point changes.

Board used (``hh.start(3)``, data/rooms.toml, side A; every wear die 6 so that the misfortune
die can never hurt: "If the die result is bigger than the wear"):

- board 1 = 1A at floor 1, col 1. Beds (row, col) value: b0 (0,0) 3, b1 (0,1) 1, b2 (0,2) -1,
  b3 (1,0) 2, b4 (1,1) 0; rug -1. Bed adjacency: b0-b1, b0-b3, b1-b2, b1-b4, b3-b4.
- board 2 = 2A at floor 1, col 2. b0 (0,0) 2, b1 (0,1) 2, b2 (1,0) -1, b3 (1,1) 3,
  b4 (1,2) 0; rug 1.
- board 3 = 3A at floor 2, col 1 (immediately above board 1). b0 (0,0) 1, b1 (0,1) 3,
  b2 (0,2) 1, b3 (1,0) -2, b4 (1,1) 2; rug 0.

Each test builds the night position with ``hh.to_dawn`` (beds and face-down cards set on a
real Night-1 state, then everyone passes), then checks the card's own event deltas and the
whole dawn's change (card + "Rest: ... the total sum multiplied by the number of unsedated
owned guests in that room").
"""

from __future__ import annotations

import pytest

from hotellab.games.hostil_hostal import components as C


def card_events(state, number):
    """Events whose rule is the card's Event Card Guide entry."""
    name = C.cards()[number].name
    return [e for e in state.events if e.rule.section == f"Event Card Guide / #{number} {name}"]


def rest_events(state):
    return [e for e in state.events if e.rule.section == "Phase 3 - Dawn / Rest"]


def test_card_data_matches_the_guide():
    # Event Card Guide: the 12 names and numbers
    names = ["Sweet Dreams", "2x1", "Grrr", "Tap Tippity-Tap", "Party", "Chocolate", "17º", "TV",
             "Sniff", "Scratch Scratch", "Auuuuu", "Mr. Tools"]
    assert [C.cards()[n].name for n in range(1, 13)] == names
    # data/cards.toml (icons reconstructed, ruling HH-03): lock = mandatory
    assert sorted(n for n, c in C.cards().items() if c.lock) == [4, 5, 8, 10, 12]
    assert sorted(n for n, c in C.cards().items() if c.guest_icon) == [1, 2, 6, 7, 9, 11]


# ---------------------------------------------------------------- #1 Sweet Dreams
def test_1_sweet_dreams_sedates_wins_one_and_the_guest_is_spared(hh):
    # #1: "This meeple is flipped so it shows the 'sedated' side. It will not be affected by any
    # event and won't be scored in the Dawn phase. Win 1 rest point."
    night, s = hh.to_dawn(
        beds={1: {0: [0], 3: [0], 1: [1]}},
        cards={1: [(0, 1), (2, 4)]},  # orange's Tap Tippity-Tap (#4) resolves after it
        wear={1: 1},
    )
    assert s.current_player == 0
    # "It applies to one of your guests": seat 0's beds in room 1, or skip (no lock icon)
    assert hh.legal_texts(s) == ["p0 sedate 0", "p0 sedate 3", "p0 skip"]
    s = s.apply("p0 sedate 0")
    assert s.beds[0][0] == (1,)  # seat 0, sedated
    assert card_events(s, 1)[0].deltas == ((0, 1),)
    # Tap (#4) hits the awake guests of room 1 only: seat 0's b3 and seat 1's b1
    assert card_events(s, 4)[0].deltas == ((0, -1), (1, -1))
    # Rest: the sedated guest still covers its bed: free b2 -1 + b4 0 + rug -1 = -2, for
    # one awake guest of seat 0 and one of seat 1
    assert rest_events(s)[0].deltas == ((0, -2), (1, -2))
    assert hh.scores_delta(night, s) == [1 - 1 - 2, -1 - 2, 0]
    # Misfortune die 4 against wear 1: each non-sedated guest loses 3
    s2 = s.apply("chance misfortune 4")
    assert hh.scores_delta(s, s2) == [-3, -3, 0]
    # sedated guests count for the room's occupancy at Day: 3 guests -> wear loses 2 (min 1)
    assert s2.wear[0] == 1


def test_1_sweet_dreams_can_be_skipped(hh):
    # Resolution: "the owner of the cards decides whether to activate the effect or not"
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1]}}, cards={1: [(0, 1)]})
    s = s.apply("p0 skip")
    assert s.beds[0][0] == (0,)
    assert "does not activate #1 Sweet Dreams" in hh.all_events(s)[0]
    # rest only: free b2 -1 + b3 2 + b4 0 + rug -1 = 0
    assert hh.scores_delta(night, s) == [0, 0, 0]
    assert 1 in s.discards[0]  # "As each card is resolved, discard it"


# ---------------------------------------------------------------- #2 2x1
def test_2_two_for_one_brings_a_guest_into_the_same_bed(hh):
    # #2: "bring one of your guests from another bed in any room and place it in the same bed
    # where you already have a guest in this room."
    night, s = hh.to_dawn(beds={1: {1: [0]}, 2: {3: [0], 0: [1]}}, cards={1: [(0, 2)]})
    assert hh.legal_texts(s) == ["p0 bring 2 3 1", "p0 skip"]
    s = s.apply("p0 bring 2 3 1")
    assert hh.guests_of(s, 1) == {1: [0, 0]}
    assert hh.guests_of(s, 2) == {0: [1]}
    # Rest: room 1 free b0 3 + b2 -1 + b3 2 + b4 0 + rug -1 = 3, two guests of seat 0 -> +6;
    # room 2 with only b0 covered: 2 - 1 + 3 + 0 + rug 1 = 5 -> seat 1 +5
    assert sorted(e.deltas for e in rest_events(s)) == [((0, 6),), ((1, 5),)]
    assert hh.scores_delta(night, s) == [6, 5, 0]


def test_2_two_for_one_skipped_for_comparison(hh):
    night, s = hh.to_dawn(beds={1: {1: [0]}, 2: {3: [0], 0: [1]}}, cards={1: [(0, 2)]})
    s = s.apply("p0 skip")
    # room 1 total 3 for one guest; room 2: 2 - 1 + 0 + 1 = 2 for seat 0 and seat 1
    assert hh.scores_delta(night, s) == [3 + 2, 2, 0]


# ---------------------------------------------------------------- #3 Grrr
def test_3_grrr_the_guest_owner_chooses_where_it_goes(hh):
    # #3: "Remove any one guest from the room (someone else's or your own). The guest owner then
    # chooses another unoccupied bed or the lobby to place the removed meeple."
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1], 3: [2]}}, cards={1: [(0, 3)]})
    assert hh.legal_texts(s) == ["p0 grrr 0 0", "p0 grrr 1 1", "p0 grrr 3 2", "p0 skip"]
    s = s.apply("p0 grrr 1 1")
    # the decision passes to ANOTHER player: the owner of the removed guest
    assert s.current_player == 1
    assert s.view()["pending"] == {"player": 1, "prompt": "Grrr: choose where your removed guest goes"}
    dest = hh.legal_texts(s)
    # "Remove any one guest from the room": the guest leaves the room (the 2-player rules say
    # the loser "has to move one of her guests from the room"; ruling HH-18). So the owner
    # chooses an unoccupied bed of ANOTHER room (2A's five beds, 3A's five beds) or the Lobby:
    # no bed of room 1 at all, free or not.
    assert dest == (["p1 relocate 2 %d" % b for b in range(5)] + ["p1 relocate 3 %d" % b for b in range(5)]
                    + ["p1 relocate lobby"])
    for b in range(5):
        assert f"p1 relocate 1 {b}" not in dest
        msg = s.explain_illegal(f"p1 relocate 1 {b}")
        assert "leaves the room" in msg and "Event Card Guide / #3 Grrr" in msg
    assert s.explain_illegal("p0 relocate 2 3") is not None  # not seat 0's decision
    s = s.apply("p1 relocate 2 3")
    assert hh.guests_of(s, 1) == {0: [0], 3: [2]}
    assert hh.guests_of(s, 2) == {3: [1]}
    # Rest: room 1 free b1 1 + b2 -1 + b4 0 + rug -1 = -1 for seats 0 and 2;
    # room 2 with b3 covered: 2 + 2 - 1 + 0 + 1 = 4 for seat 1
    assert hh.scores_delta(night, s) == [-1, 4, -1]


def test_3_grrr_own_guest_to_the_lobby_is_not_scored(hh):
    # "The Lobby can accommodate unlimited guests, but these will not score slumber points."
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1]}}, cards={1: [(0, 3)]})
    s = hh.run(s, "p0 grrr 0 0")
    assert s.current_player == 0
    s = s.apply("p0 relocate lobby")
    assert s.lobby[0] == 4  # the other three were put in the Lobby by the adjust helper
    # room 1: free b0 3 + b2 -1 + b3 2 + b4 0 + rug -1 = 3 for seat 1 only
    assert hh.scores_delta(night, s) == [0, 3, 0]


# ---------------------------------------------------------------- #4 Tap Tippity-Tap
def test_4_tap_tippity_tap_hits_this_room_and_the_room_below(hh):
    # #4: "Each guest in the room and the one immediately below loses 1 rest point."
    # Board 3 (floor 2, col 1) is immediately above board 1; board 2 is beside board 1.
    night, s = hh.to_dawn(
        beds={3: {0: [0], 1: [1]}, 1: {0: [2], 1: [1]}, 2: {0: [2]}},
        cards={3: [(0, 4)]},
    )
    # a lock card: no decision, it resolved during the last pass
    assert card_events(s, 4)[0].deltas == ((0, -1), (1, -2), (2, -1))
    # Rest: room 3 free b2 1 + b3 -2 + b4 2 + rug 0 = 1 (seats 0, 1); room 1 free b2 -1 + b3 2
    # + b4 0 + rug -1 = 0 (seats 2, 1); room 2 with b0 covered 2 - 1 + 3 + 0 + 1 = 5 (seat 2)
    assert hh.scores_delta(night, s) == [-1 + 1, -2 + 1 + 0, -1 + 0 + 5]


def test_4_tap_tippity_tap_on_the_first_floor_hits_nothing_above(hh):
    night, s = hh.to_dawn(beds={1: {0: [0]}, 3: {0: [1]}}, cards={1: [(0, 4)]})
    assert card_events(s, 4)[0].deltas == ((0, -1),)


# ---------------------------------------------------------------- #5 Party
def test_5_party_hits_the_orthogonal_neighbours_only(hh):
    # #5: "Each guest in this room and the neighboring orthogonal rooms (non diagonally
    # adjacent) lose 1 rest point." 3 players: board 2 (floor 1, col 2) neighbours board 1
    # (floor 1, col 1); board 3 (floor 2, col 1) is diagonal to it.
    night, s = hh.to_dawn(beds={2: {0: [0]}, 1: {0: [1]}, 3: {0: [2]}}, cards={2: [(0, 5)]})
    assert card_events(s, 5)[0].deltas == ((0, -1), (1, -1))
    # Rest: room 2 with b0 covered 5 (seat 0); room 1 with b0 covered 1 - 1 + 2 + 0 - 1 = 1
    # (seat 1); room 3 with b0 covered 3 + 1 - 2 + 2 + 0 = 4 (seat 2)
    assert hh.scores_delta(night, s) == [-1 + 5, -1 + 1, 4]


def test_5_party_in_the_corner_room_reaches_side_and_above(hh):
    night, s = hh.to_dawn(beds={2: {0: [0]}, 1: {0: [1]}, 3: {0: [2]}}, cards={1: [(1, 5)]})
    # one guest each in rooms 1, 2 and 3; the 9 guests in the Lobby (next to room 1) are "not
    # affected by card effects" (Resting in the Hostel)
    assert night.lobby == [3, 3, 3]
    assert card_events(s, 5)[0].deltas == ((0, -1), (1, -1), (2, -1))


def test_5_party_with_five_players(hh):
    # 5 players: board 2 at floor 1 col 2 has board 1 and board 3 beside it and board 5 above
    # it (floor 2 col 2); board 4 (floor 2 col 1) is diagonal.
    night, s = hh.to_dawn(
        5,
        beds={1: {0: [0]}, 2: {0: [1]}, 3: {0: [2]}, 4: {0: [3]}, 5: {0: [4]}},
        cards={2: [(1, 5)]},
    )
    assert card_events(s, 5)[0].deltas == ((0, -1), (1, -1), (2, -1), (4, -1))


# ---------------------------------------------------------------- #6 Chocolate
def test_6_chocolate_one_point_per_own_guest(hh):
    # #6: "1 rest point to each guest you own in the room."
    night, s = hh.to_dawn(beds={1: {0: [0], 3: [0], 1: [1]}}, cards={1: [(0, 6)]})
    assert hh.legal_texts(s) == ["p0 activate", "p0 skip"]
    s = s.apply("p0 activate")
    assert card_events(s, 6)[0].deltas == ((0, 2),)
    # Rest: free b2 -1 + b4 0 + rug -1 = -2: seat 0 two guests -4, seat 1 -2
    assert hh.scores_delta(night, s) == [2 - 4, -2, 0]


# ---------------------------------------------------------------- #7 17º
@pytest.mark.parametrize("stacked", [False, True])
def test_7_seventeen_degrees_two_points_per_own_guest_in_one_bed(hh, stacked):
    # #7: "+2 rest points for each owned guest in one bed in this room." Two guests share a bed
    # after a 2x1; here they are set on bed 0 directly.
    b0 = [0, 0] if stacked else [0]
    night, s = hh.to_dawn(beds={1: {0: b0, 3: [0], 1: [1]}}, cards={1: [(0, 7)]})
    assert hh.legal_texts(s) == ["p0 blanket 0", "p0 blanket 3", "p0 skip"]
    s = s.apply("p0 blanket 0")
    assert card_events(s, 7)[0].deltas == ((0, 2 * len(b0)),)
    # Rest -2 per awake guest (free b2 -1 + b4 0 + rug -1)
    assert hh.scores_delta(night, s) == [2 * len(b0) - 2 * (len(b0) + 1), -2, 0]


# ---------------------------------------------------------------- #8 TV
def test_8_tv_spares_the_player_behind(hh):
    # #8: "except the guests of the player that is currently behind on the slumber track ...
    # Each guest in this room that missed sleep loses 1 rest point."
    night, s = hh.to_dawn(
        beds={1: {0: [0], 1: [1], 3: [2]}}, cards={1: [(0, 8)]}, score={0: 20, 1: 10, 2: 15}
    )
    assert card_events(s, 8)[0].deltas == ((0, -1), (2, -1))
    # Rest: free b2 -1 + b4 0 + rug -1 = -2 each
    assert hh.scores_delta(night, s) == [-3, -2, -3]


def test_8_tv_spares_its_owner_when_behind(hh):
    night, s = hh.to_dawn(
        beds={1: {0: [0], 1: [1], 3: [2]}}, cards={1: [(0, 8)]}, score={0: 9, 1: 10, 2: 15}
    )
    assert card_events(s, 8)[0].deltas == ((1, -1), (2, -1))


def test_8_tv_uses_the_scores_as_updated_by_earlier_cards(hh):
    # Resolution: "The effects of the cards are immediately updated in the slumber track": seat
    # 1 is behind (14) until its Chocolate (#6, two guests in room 2) lifts it to 16; when TV
    # (#8) resolves, seat 0 (15) is behind and is the one spared.
    night, s = hh.to_dawn(
        beds={1: {0: [0], 1: [1], 3: [2]}, 2: {0: [1], 1: [1]}},
        cards={1: [(2, 8)], 2: [(1, 6)]},
        score={0: 15, 1: 14, 2: 20},
    )
    s = s.apply("p1 activate")
    assert card_events(s, 6)[0].deltas == ((1, 2),)
    assert card_events(s, 8)[0].deltas == ((1, -1), (2, -1))


# ---------------------------------------------------------------- #9 Sniff
def test_9_sniff_hits_beds_orthogonally_adjacent_to_one_of_your_guests(hh):
    # #9: "All the guests in beds orthogonally adjacent (non diagonally) to one of your meeples
    # loses 1 rest point." Seat 0 on b1 (0,1): adjacent b0 (0,0), b2 (0,2), b4 (1,1); b3 (1,0)
    # is diagonal.
    night, s = hh.to_dawn(
        beds={1: {1: [0], 0: [1], 2: [2], 4: [1], 3: [2]}}, cards={1: [(0, 9)]}
    )
    assert hh.legal_texts(s) == ["p0 skip", "p0 sniff 1"]
    s = s.apply("p0 sniff 1")
    assert card_events(s, 9)[0].deltas == ((1, -2), (2, -1))
    # Rest: every bed covered, total = rug -1 per guest: seat 0 -1, seat 1 -2, seat 2 -2
    assert hh.scores_delta(night, s) == [-1, -2 - 2, -1 - 2]


def test_9_sniff_hits_own_guests_too(hh):
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [0], 3: [1]}}, cards={1: [(0, 9)]})
    assert hh.legal_texts(s) == ["p0 skip", "p0 sniff 0", "p0 sniff 1"]
    s = s.apply("p0 sniff 0")  # b0 touches b1 (seat 0) and b3 (seat 1)
    assert card_events(s, 9)[0].deltas == ((0, -1), (1, -1))


# ---------------------------------------------------------------- #10 Scratch Scratch
def test_10_scratch_scratch_fleas_on_one_or_two(hh):
    # #10: "Each guest in the room rolls the misfortune die. A result of 1 or 2 means that guest
    # has fleas and loses 2 rest points." A lock card: the rolls are chance actions.
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1], 3: [2]}}, cards={1: [(0, 10)]})
    for roll, seat in ((1, 0), (3, 1), (2, 2)):  # one roll per guest, in bed order
        assert s.is_chance_node
        outs = s.chance_outcomes()
        assert [str(a) for a, _ in outs] == [f"chance flea {k}" for k in range(1, 7)]
        s = s.apply(f"chance flea {roll}")
    # the guests that rolled 1 and 2 lose 2; rest -2 each
    assert hh.scores_delta(night, s) == [-2 - 2, -2, -2 - 2]


def test_10_scratch_scratch_skips_sedated_guests(hh):
    night, s = hh.to_dawn(beds={1: {0: [hh.sed(0)], 1: [1]}}, cards={1: [(0, 10)]})
    s = s.apply("chance flea 1")  # only seat 1's guest rolls
    assert not s.is_chance_node or s.node[0] == hh.HS.N_MISFORTUNE
    # rest: free b2 -1 + b3 2 + b4 0 + rug -1 = 0
    assert hh.scores_delta(night, s) == [0, -2, 0]


# ---------------------------------------------------------------- #11 Auuuuu
def test_11_auuuuu_everyone_loses_one_and_the_others_may_panic(hh):
    # #11: "Each guest in the room loses 1 rest point, including the wolf. Every other non-wolf
    # guest in this room rolls the misfortune die: on a result of 1 or 2, the guest enters in
    # panic and loses 2 additional rest points."
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1], 3: [2]}}, cards={1: [(0, 11)]})
    assert hh.legal_texts(s) == ["p0 activate", "p0 skip"]
    s = s.apply("p0 activate")
    assert card_events(s, 11)[0].deltas == ((0, -1), (1, -1), (2, -1))
    # the wolf does not roll: two rolls, for seat 1 then seat 2
    assert [str(a) for a, _ in s.chance_outcomes()] == [f"chance panic {k}" for k in range(1, 7)]
    s = s.apply("chance panic 2")
    s = s.apply("chance panic 5")
    # rest -2 each
    assert hh.scores_delta(night, s) == [-1 - 2, -1 - 2 - 2, -1 - 2]


def test_11_auuuuu_own_second_guest_rolls_too(hh):
    night, s = hh.to_dawn(beds={1: {0: [0], 3: [0]}}, cards={1: [(0, 11)]})
    s = hh.run(s, "p0 activate", "chance panic 1")
    # -1 each for 2 guests, -2 for the non-wolf; rest: b1 1 + b2 -1 + b4 0 + rug -1 = -1 each
    assert hh.scores_delta(night, s) == [-2 - 2 - 2, 0, 0]


# ---------------------------------------------------------------- #12 Mr. Tools
def test_12_mr_tools_repairs_two_wear(hh):
    # #12: "Add 2 wear points to the room for the first Mr. Tools card plus 1 for each
    # additional Mr. Tools in the room ... (to a maximum of 6)"
    night, s = hh.to_dawn(beds={1: {0: [0]}}, cards={1: [(0, 12)]}, wear={1: 3})
    assert s.wear[0] == 5
    assert card_events(s, 12)[0].text == "1 Mr. Tools in 1A repair it: wear 3 -> 5."
    # "Do not discard this card until stated": it stays in the room through the dawn
    assert s.cards[0] == (12,)


def test_every_card_resolves_with_its_owner_deciding_unless_locked(hh):
    # Resolution: "the owner of the cards decides whether to activate the effect or not, unless
    # the card is marked with a lock icon". A non-lock card stops for its owner with a skip;
    # a lock card never offers a skip.
    for number in range(1, 12):
        night, s = hh.to_dawn(beds={1: {0: [1], 1: [1], 3: [2]}, 2: {0: [1]}},
                              cards={1: [(1, number)]})
        if C.cards()[number].lock:
            assert all(str(a) != "p1 skip" for a in s.legal_actions()), number
            assert card_events(s, number), number
        else:
            assert s.current_player == 1 and "p1 skip" in hh.legal_texts(s), number
