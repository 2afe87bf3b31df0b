"""Phase 3 - Dawn: reveal, order, resolution, rest and the misfortune die (with its variants).

Rooms as in test_hh_cards.py (1A, 2A, 3A from data/rooms.toml; every wear die 6 unless set).
"""

from __future__ import annotations

import pytest

from hotellab.games.hostil_hostal import components as C


def _resolving(s):
    """(number, board, owner) of the card being resolved, or None."""
    if s.item is None:
        return None
    number, pos, cid = s.item
    return number, s.boards[pos], (cid >> 4) if cid is not None else None


def test_reveal_shows_every_card_to_everyone(hh):
    night, s = hh.to_dawn(beds={1: {0: [0]}, 2: {0: [1]}}, cards={1: [(0, 6)], 2: [(1, 7)]})
    # Reveal: "All the cards in the rooms are revealed"
    for p in range(3):
        obs = s.observation(p)
        assert [(c["seat"], c["number"], c["face_up"]) for c in obs["rooms"][0]["cards"]] == [(0, 6, True)]
        assert [(c["seat"], c["number"]) for c in obs["rooms"][1]["cards"]] == [(1, 7)]


def test_duplicates_are_discarded_except_mr_tools(hh):
    # Reveal: "every copy of a repeated card in a room is discarded in the owner's discard pile,
    # with the exception of Mr. Tools."
    night, s = hh.to_dawn(
        beds={1: {0: [0], 1: [1]}, 2: {0: [2]}},
        cards={1: [(0, 6), (1, 6), (0, 12), (1, 12)], 2: [(2, 6)]},
        wear={1: 2},
    )
    assert "Room 1A: the copies of #6 Chocolate cancel out and are discarded." in hh.all_events(s)
    assert s.discards[0] == (6,) and s.discards[1] == (6,)
    # a copy in ANOTHER room is not a duplicate: orange's Chocolate in room 2 resolves
    assert _resolving(s) == (6, 2, 2)
    s = s.apply("p2 activate")
    # both Mr. Tools stay and resolve together: +2 for the first, +1 for the second
    assert s.wear[0] == 2 + 3
    assert s.cards[0] == (12, 16 + 12)
    # rest: room 1 free b2 -1 + b3 2 + b4 0 + rug -1 = 0; room 2 with b0 covered 5 + 1 (Chocolate)
    assert hh.scores_delta(night, s) == [0, 0, 6]


def test_three_copies_are_all_discarded(hh):
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1], 3: [2]}},
                          cards={1: [(0, 4), (1, 4), (2, 4)]})
    assert [d for d in s.discards] == [(4,), (4,), (4,)]
    assert not [e for e in s.events if "Tap Tippity-Tap:" in e.text]


def test_resolution_in_number_order(hh):
    # Order: "Cards are ordered by number." Resolution: "First, resolve all the cards in play
    # marked with the number 1. Then ... number 2, and so on"
    night, s = hh.to_dawn(
        beds={1: {0: [0], 1: [1]}, 2: {0: [1], 1: [2]}, 3: {0: [2], 1: [0]}},
        cards={1: [(0, 9), (1, 2)], 2: [(1, 6)], 3: [(2, 1), (0, 7)]},
    )
    order = []
    choice = {1: "sedate 0", 2: "skip", 6: "activate", 7: "blanket 1", 9: "sniff 0"}
    while s.node[0] == hh.HS.N_CARD:
        number, board, owner = _resolving(s)
        order.append(number)
        s = s.apply(f"p{owner} {choice[number]}")
    assert order == [1, 2, 6, 7, 9]


def test_same_number_in_two_rooms_resolves_in_turn_order(hh):
    # Same number: the engine resolves them in turn order from the first player (ruling; the
    # rulebook only orders by number). With seat 1 first: seat 1, seat 2, seat 0.
    night, s = hh.to_dawn(
        beds={1: {0: [0]}, 2: {0: [1]}, 3: {0: [2]}},
        cards={1: [(0, 6)], 2: [(1, 6)], 3: [(2, 6)]},
        first=1,
    )
    owners = []
    while s.node[0] == hh.HS.N_CARD:
        owners.append(_resolving(s)[2])
        s = s.apply(f"p{owners[-1]} activate")
    assert owners == [1, 2, 0]


def test_lock_cards_are_mandatory_no_skip_offered(hh):
    # Resolution: "unless the card is marked with a lock icon, in which case the effect is
    # mandatory". Lock cards (data/cards.toml): 4, 5, 8, 10, 12. Seat 0 plays Tap Tippity-Tap in
    # a room where it would rather not: it still resolves, with no decision.
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1]}}, cards={1: [(0, 4), (0, 5), (0, 8)]},
                          score={0: 20, 1: 20, 2: 10})
    assert s.node[0] == hh.HS.N_MISFORTUNE  # nothing was asked
    texts = hh.all_events(s)
    assert any(t.startswith("Tap Tippity-Tap") for t in texts)
    assert any(t.startswith("Party") for t in texts)
    assert any(t.startswith("TV") for t in texts)
    # Tap -1, Party -1, TV -1 (orange is behind, and has no guest here); rest 0
    # (free b2 -1 + b3 2 + b4 0 + rug -1)
    assert hh.scores_delta(night, s) == [-3, -3, 0]


def test_guest_icon_card_without_a_guest_has_no_effect(hh):
    # Resolution: "If a card has the guest icon, the player must have a guest on the room to be
    # able to apply the effect". Seat 0 played Chocolate (#6, guest icon) in room 1 but its only
    # guest there was thrown out by seat 1's Grrr (#3) before #6 resolves.
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1]}}, cards={1: [(0, 6), (1, 3)]})
    s = hh.run(s, "p1 grrr 0 0", "p0 relocate 2 0")
    assert "the guest icon needs one of their guests in the room" in " ".join(hh.all_events(s))
    assert s.node[0] == hh.HS.N_MISFORTUNE  # no decision for the Chocolate
    assert 6 in s.discards[0]
    # rest: room 1 with only b1 covered 3 - 1 + 2 + 0 - 1 = 3 (seat 1); room 2 with b0 covered 5
    assert hh.scores_delta(night, s) == [5, 3, 0]


def test_card_without_guest_icon_acts_without_a_guest(hh):
    # "otherwise the effect can be activated without restriction": Party (#5, no guest icon)
    night, s = hh.to_dawn(beds={1: {0: [1]}}, cards={1: [(0, 5)]})
    assert [e.deltas for e in s.events if e.text.startswith("Party")] == [((1, -1),)]


def test_resolved_cards_are_discarded_mr_tools_stays(hh):
    # "As each card is resolved, discard it in the owner's discard pile, except for Mr. Tools,
    # which must remain still in the room."
    night, s = hh.to_dawn(beds={1: {0: [0]}}, cards={1: [(0, 5), (0, 12)]}, wear={1: 1})
    assert s.discards[0] == (5,)
    assert s.cards[0] == (12,)


# ---------------------------------------------------------------- Rest
def test_rest_example_visible_total_four(hh):
    # Rest example: "a room whose visible total is 4 ... the red player's guest = 4 rest points,
    # the blue player's guests = 8 rest points, the orange player's guest = 4 rest points."
    # Room 2A: guests on b0 (2), b1 (2), b2 (-1), b4 (0); visible: b3 3 + rug 1 = 4.
    night, s = hh.to_dawn(beds={2: {0: [1], 1: [0], 2: [0], 4: [2]}})
    assert night._total(1) == 4
    rest = [e for e in s.events if e.rule.section == "Phase 3 - Dawn / Rest"]
    assert rest[0].deltas == ((0, 8), (1, 4), (2, 4))
    assert hh.scores_delta(night, s) == [8, 4, 4]


def test_rest_two_guests_in_room_one(hh):
    # 1A with every bed free is "4 + 0 x guest" (data/rooms.toml); guests on b1 (1) and b2 (-1)
    # leave 3 + 2 + 0 - 1 = 4 visible: +4 per unsedated guest, +8 for two.
    night, s = hh.to_dawn(beds={1: {1: [0], 2: [0]}})
    assert s.score[0] - night.score[0] == 8
    # a sedated guest covers its bed but is not scored
    night, s = hh.to_dawn(beds={1: {1: [0], 2: [hh.sed(0)]}})
    assert s.score[0] - night.score[0] == 4


def test_rest_negative_total_loses_points(hh):
    # "each guest can win or lose slumber points": 1A guests on b0 (3) and b3 (2): -1 + 1 + 0 - 1
    night, s = hh.to_dawn(beds={1: {0: [0], 3: [1]}})
    assert hh.scores_delta(night, s) == [-1, -1, 0]


def test_lobby_guests_do_not_score(hh):
    night, s = hh.to_dawn(beds={})
    assert night.lobby == [4, 4, 4]
    assert hh.scores_delta(night, s) == [0, 0, 0]


def test_score_breakdown_sums_to_the_score(hh):
    night, s = hh.to_dawn(beds={1: {1: [0], 2: [1]}}, cards={1: [(0, 6)]}, score={2: 12})
    s = hh.run(s, "p0 activate", "chance misfortune 1")
    for p in range(3):
        assert sum(i.points for i in s.score_breakdown() if i.player == p) == s.scores[p]
    cats = {(i.player, i.category): i.points for i in s.score_breakdown()}
    assert cats[(0, "#6 Chocolate")] == 1
    assert cats[(0, "Rest")] == 4  # 1A with b1, b2 covered: 3 + 2 + 0 - 1 = 4
    assert cats[(1, "Rest")] == 4
    assert cats[(2, "Start")] == 12  # the adjust helper moved the start item with the score
    assert cats[(0, "Rest")] == 4 and cats[(0, "Start")] == 15


# ---------------------------------------------------------------- Misfortune die
def test_misfortune_example_die_three_wear_one(hh):
    # Wear: "If the die result is bigger than the wear, each non-sedated guest loses slumber
    # points. The quantity lost is the difference between both dice. Example: the player rolls
    # a 3 and one room has one wear point: each guest in that room loses 2 points."
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1], 3: [hh.sed(2)]}, 2: {0: [2]}},
                          wear={1: 1, 2: 3})
    assert s.node[0] == hh.HS.N_MISFORTUNE
    assert [str(a) for a, _ in s.chance_outcomes()] == [f"chance misfortune {k}" for k in range(1, 7)]
    s2 = s.apply("chance misfortune 3")
    # room 1 (wear 1): seats 0 and 1 lose 2, the sedated guest nothing; room 2 (wear 3): 3 is
    # not bigger than 3
    assert hh.scores_delta(s, s2) == [-2, -2, 0]
    assert s2.night == 2  # the day has run and night 2 begins
    assert any(e.rule.section == "Phase 3 - Dawn / Wear" and e.deltas == ((0, -2), (1, -2))
               for e in s2.events)


@pytest.mark.parametrize("die,loss", [(1, 0), (2, 0), (3, 0), (4, 1), (5, 2), (6, 3)])
def test_misfortune_difference_against_wear_three(hh, die, loss):
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [0]}}, wear={1: 3})
    s2 = s.apply(f"chance misfortune {die}")
    assert hh.scores_delta(s, s2) == [-2 * loss, 0, 0]


def test_misfortune_equal_to_the_wear_touches_nobody(hh):
    # Wear: "If the die result is bigger than the wear, each non-sedated guest loses slumber
    # points." A roll equal to the wear (3 against 3) is not bigger: no loss and no loss event
    # for the room; the roll itself is announced.
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1]}}, wear={1: 3})
    s2 = s.apply("chance misfortune 3")
    wear_events = [e for e in s2.events if e.rule.section == "Phase 3 - Dawn / Wear"]
    assert [e.text for e in wear_events] == ["The misfortune die rolls 3."]
    assert all(e.deltas == () for e in wear_events)


def test_misfortune_variant_fixed(hh):
    # Variants: "they can decide that every guest will lose 2 points always": no die
    night, s = hh.to_dawn(beds={1: {0: [0], 1: [1], 3: [hh.sed(1)]}, 2: {0: [0]}},
                          options={"misfortune": "fixed"})
    assert not s.is_chance_node  # no roll: the day ran, night 2 has begun
    assert s.night == 2
    # rest: room 1 b0,b1,b3 covered: -1 + 0 - 1 = -2 for seats 0 and 1 (awake); room 2 with b0
    # covered: 5 for seat 0. Fixed loss: -2 per awake guest (seat 0: 2 guests, seat 1: 1)
    assert hh.scores_delta(night, s) == [-2 + 5 - 4, -2 - 2, 0]
    cats = {(i.player, i.category): (i.points, i.rule.section) for i in s.score_breakdown()}
    assert cats[(0, "Misfortune die")] == (-4, "Phase 3 - Dawn / Wear / Variants")


def test_misfortune_variant_per_room(hh):
    # Variants: "Another option is to roll the die for each room separately."
    night, s = hh.to_dawn(beds={1: {0: [0]}, 2: {0: [1]}, 3: {0: [2]}},
                          wear={1: 2, 2: 2, 3: 2}, options={"misfortune": "per_room"})
    rolls = []
    for board, die in ((1, 5), (2, 1), (3, 4)):
        outs = [str(a) for a, _ in s.chance_outcomes()]
        assert outs == [f"chance misfortune {k} {board}" for k in range(1, 7)]
        rolls.append(s.score[:])
        s = s.apply(f"chance misfortune {die} {board}")
    # rest: room 1 b0 covered 1; room 2 b0 covered 5; room 3 b0 covered 4;
    # misfortune: room 1 5-2 = 3, room 2 none, room 3 4-2 = 2
    assert hh.scores_delta(night, s) == [1 - 3, 5, 4 - 2]


def test_three_mr_tools_recover_four_never_above_six(hh):
    # #12 example: "if three Mr. Tools cards are present in the 2B room, it recovers 4 wear
    # points"; "to a maximum of 6".
    cards = {1: [(0, 12), (1, 12), (2, 12)]}
    beds = {1: {0: [0], 1: [1], 3: [2]}}
    night, s = hh.to_dawn(beds=beds, cards=cards, wear={1: 1})
    assert s.wear[0] == 5
    assert "3 Mr. Tools in 1A repair it: wear 1 -> 5." in hh.all_events(s)
    night, s = hh.to_dawn(beds=beds, cards=cards, wear={1: 2})
    assert s.wear[0] == 6
    night, s = hh.to_dawn(beds=beds, cards=cards, wear={1: 4})
    assert s.wear[0] == 6


def test_mr_tools_is_resolved_before_the_misfortune_die(hh):
    # Dawn order: Resolution, then Rest, then Wear (misfortune). Wear 1 + 2 (Mr. Tools) = 3:
    # a roll of 3 does nothing.
    night, s = hh.to_dawn(beds={1: {0: [0]}}, cards={1: [(0, 12)]}, wear={1: 1})
    s2 = s.apply("chance misfortune 3")
    assert hh.scores_delta(s, s2) == [0, 0, 0]


@pytest.mark.parametrize(
    "mode,forced",
    [
        ("die", ["chance misfortune 6"]),
        ("fixed", []),
        ("per_room", ["chance misfortune 6 1", "chance misfortune 1 2", "chance misfortune 1 3"]),
    ],
)
def test_misfortune_score_item_cites_the_same_rule_as_its_event(hh, mode, forced):
    # DESIGN "Provenance": every Event and ScoreItem carries a RuleRef to the rulebook section
    # that caused it.
    night, s = hh.to_dawn(beds={1: {0: [0]}}, wear={1: 1}, options={"misfortune": mode})
    events = list(s.events)
    for text in forced:  # per_room rolls room by room: collect the events of every roll
        s = s.apply(text)
        events += s.events
    event_rules = {e.rule.section for e in events if e.deltas and "loses" in e.text
                   and "Misfortune" not in e.text and e.rule.section.startswith("Phase 3 - Dawn / Wear")}
    item = next(i for i in s.score_breakdown() if i.player == 0 and i.category == "Misfortune die")
    assert event_rules == {item.rule.section}
