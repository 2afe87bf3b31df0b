"""Phase 4 - Day: wear, "¡Wake up, brains!", reform, end of day (night marker, first player,
discards and Mr. Tools back to hand)."""

from __future__ import annotations

import pytest


def _through_day(hh, misfortune=1, **kw):
    """Night position -> dawn -> misfortune die -> day; returns (night, state after)."""
    night, s = hh.to_dawn(**kw)
    if s.node[0] == hh.HS.N_MISFORTUNE:
        s = s.apply(f"chance misfortune {misfortune}")
    return night, s


_BEDS = {
    0: {},
    1: {0: [0]},
    2: {0: [0], 1: [1]},
    4: {0: [0], 1: [1], 2: [2], 3: [0]},
    5: {0: [0], 1: [1], 2: [2], 3: [0], 4: [1]},
}


@pytest.mark.parametrize(
    "guests,before,after",
    [
        # Day / Wear: "5 Loses 3 points. 2-4 Loses 2 points. 0-1 Loses 1 point." ... "If the
        # decrease is greater than the current value of the die, it is simply left at value 1."
        (0, 6, 5), (1, 6, 5), (2, 6, 4), (4, 6, 4), (5, 6, 3),
        (0, 1, 1), (1, 2, 1), (2, 2, 1), (4, 3, 1), (5, 3, 1), (5, 4, 1), (5, 5, 2),
    ],
)
def test_wear_by_occupancy(hh, guests, before, after):
    night, s = _through_day(hh, beds={1: _BEDS[guests]}, wear={1: before})
    assert s.night == 2
    assert s.wear[0] == after
    assert f"Day: room 1A with {guests} guest(s) wears {before} -> {after}." in hh.all_events(s)
    # the empty rooms lose 1 (6 -> 5)
    assert s.wear[1:] == [5, 5]


def test_sedated_and_stacked_guests_count_for_wear(hh):
    # two guests on one bed (2x1) and a sedated guest: 3 guests -> loses 2
    night, s = _through_day(hh, beds={1: {0: [0, 0], 1: [hh.sed(1)]}})
    assert s.wear[0] == 4


@pytest.mark.parametrize("beds,guests", [
    ({0: [0, 0], 1: [1], 2: [2], 3: [0], 4: [1]}, 6),
    ({0: [0, 0], 1: [1, 1], 2: [2, 2], 3: [0, 1], 4: [2, 2]}, 10),
])
def test_more_than_five_guests_wear_the_room_like_five(hh, beds, guests):
    # Ruling HH-36: the wear table's last row is "5 | Loses 3 points." A room has 5 beds, so
    # only 2x1 (two guests in one bed) puts more guests in it (the sampled games reach 6): they
    # wear it like 5 guests, 6 -> 3.
    night, s = _through_day(hh, beds={1: beds}, wear={1: 6})
    assert s.wear[0] == 3
    assert f"Day: room 1A with {guests} guest(s) wears 6 -> 3." in hh.all_events(s)


def test_guests_return_to_their_supply(hh):
    # "¡Wake up, brains!: Each player returns their guests to their supply."
    night, s = _through_day(hh, beds={1: {0: [0], 1: [1]}, 2: {0: [2, 2]}})
    assert s.supply == [4, 4, 4] and s.lobby == [0, 0, 0]
    assert all(not gs for room in s.beds for gs in room)
    assert "Wake up, brains! Every guest returns to its owner's supply." in hh.all_events(s)


def test_night_marker_advances(hh):
    # End of day: "The night marker advances to the next night in the Lobby."
    s = hh.skip_night(hh.start(3))
    assert s.night == 2 and s.round == 1
    assert s.status_text().startswith("Night 2 of 3, round 1")


@pytest.mark.parametrize("first,chooser", [(0, 0), (1, 1), (2, 0)])
def test_reform_where_mr_tools_was_played_side_chosen_by_closest_to_first(hh, first, chooser):
    # Reform: "In each room where a Mr. Tools card is present, a reform tile is placed ... The
    # player that placed the Mr. Tools card in the room decides which side to use. In case
    # multiple players played Mr. Tools, the player to decide is the closest to the initial
    # player in turn order." Seats 0 and 1 both played Mr. Tools in room 2.
    night, s = _through_day(
        hh, beds={2: {0: [0], 1: [1]}}, cards={2: [(0, 12), (1, 12)]}, first=first
    )
    assert s.stage == "reform" and s.current_player == chooser
    assert hh.legal_texts(s) == [f"p{chooser} reform a", f"p{chooser} reform b"]
    # the chooser sees the room and both sides' rugs before choosing (data/reforms.toml: reform 1
    # is a +2 / b -1)
    assert s.view()["pending"] == {
        "player": chooser,
        "prompt": "choose the side of reform 1 for room 2A: a (rug +2) or b (rug -1)",
    }
    other = 1 - chooser
    assert s.explain_illegal(f"p{other} reform a") is not None
    # the reform deck was shuffled to 1, 2, 3, 4, 5 (forced): reform 1 is drawn.
    # data/reforms.toml: reform 1 side a rug +2, side b rug -1.
    s = s.apply(f"p{chooser} reform b")
    assert s.reform[1] == (1, "b")
    assert s.reform_deck == (2, 3, 4, 5)
    room = s.view()["rooms"][1]
    assert room["reform"] == {"id": 1, "side": "b", "rug": -1}
    assert room["rug"] == -1 and room["base_rug"] == 1
    # 2A with every bed free: 2 + 2 - 1 + 3 + 0 and the reform's rug -1 = 5 (was 7)
    assert room["total"] == 5
    assert s.night == 2 and s.stage == "night"
    # no Mr. Tools in rooms 1 and 3: no reform there
    assert s.reform[0] is None and s.reform[2] is None


def test_reform_side_a_changes_the_rest_next_night(hh):
    night, s = _through_day(hh, beds={2: {0: [0]}}, cards={2: [(0, 12)]})
    s = s.apply("p0 reform a")
    assert s.reform[1] == (1, "a")
    # next night, a guest on 2A b0: visible 2 - 1 + 3 + 0 + reform rug 2 = 6
    night2, s2 = night, hh.pass_all(hh.adjust(s, beds={2: {0: [1]}}))
    assert hh.scores_delta(s, s2) == [0, 6, 0]


def test_replaced_reform_goes_to_the_bottom_of_the_reform_deck(hh):
    # Reform: "If the room already has a reform, this is replaced with a new one and is
    # discarded in the bottom of the reform's deck."
    night, s = _through_day(hh, beds={2: {0: [0]}}, cards={2: [(0, 12)]})
    s = s.apply("p0 reform a")
    assert s.reform_deck == (2, 3, 4, 5)
    assert s.night == 2
    s = hh.pass_all(hh.adjust(s, beds={2: {0: [1]}}, cards={2: [(1, 12)]}))
    s = s.apply("chance misfortune 1")
    assert s.current_player == 1  # seat 1 played this Mr. Tools
    s = s.apply("p1 reform b")
    assert s.reform[1] == (2, "b")
    assert s.reform_deck == (3, 4, 5, 1)
    assert "reform 1 goes to the bottom of the reform deck" in " ".join(hh.all_events(s))


@pytest.mark.parametrize(
    "first,scores,new_first",
    [
        # End of day: "The first player marker is passed to the player that currently has more
        # slumber points. In case of a tie, the player further in turn order from the current
        # first player takes the marker."
        (0, {0: 15, 1: 20, 2: 18}, 1),
        (0, {0: 25, 1: 20, 2: 18}, 0),
        (0, {0: 15, 1: 20, 2: 20}, 2),  # turn order 0, 1, 2: seat 2 is further
        (2, {0: 15, 1: 20, 2: 20}, 1),  # turn order 2, 0, 1: seat 1 is further
        (1, {0: 20, 1: 20, 2: 20}, 0),  # turn order 1, 2, 0: seat 0 is furthest
        (0, {0: 20, 1: 20, 2: 10}, 1),
    ],
)
def test_first_player_marker(hh, first, scores, new_first):
    s = hh.skip_night(hh.adjust(hh.start(3), first=first, score=scores))
    assert s.night == 2
    assert s.scores == [scores[0], scores[1], scores[2]]
    assert s.first == new_first and s.current_player == new_first
    assert s.view()["first_player"] == new_first


def test_unused_cards_discarded_and_mr_tools_back_in_hand(hh):
    # End of day: "Each player discards the cards not used in the round and recovers Mr. Tools
    # to their hand."
    s = hh.start(3)
    s = hh.turn(s, "p0 place 1 0", "p1 place 2 0", "p2 place 3 0")
    # seat 0 plays Mr. Tools; seat 1 pays a move with Mr. Tools; seat 2 plays card 2
    s = hh.turn(s, "p0 play 12 1", "p1 move 12 2 0 1", "p1 moveto 2 1", "p2 play 2 3")
    s = hh.pass_all(hh.adjust(s, supply=[0, 0, 0], lobby=[3, 3, 3]))
    while s.night == 1:
        if s.node[0] == hh.HS.N_CARD:
            s = s.apply(f"p{s.current_player} skip")
        elif s.node[0] == hh.HS.N_MISFORTUNE:
            s = s.apply("chance misfortune 1")
        elif s.node[0] == hh.HS.N_REFORM:
            s = s.apply(f"p{s.current_player} reform a")
        else:
            raise AssertionError(s.status_text())
    assert s.night == 2
    # night 2 hands: Mr. Tools + the next three cards 4, 5, 6 (identity decks)
    assert s.hands == [(4, 5, 6, 12)] * 3
    # discards: the unused 1, 2, 3 (seat 0), 1, 2, 3 (seat 1: Mr. Tools recovered from the
    # discard), and seat 2's played 2 plus unused 1, 3
    assert [sorted(d) for d in s.discards] == [[1, 2, 3], [1, 2, 3], [1, 2, 3]]
    assert all(room == () for room in s.cards)


def test_empty_reform_deck_keeps_the_reform_in_place(hh):
    # Reform: "The reform is drawn randomly from the reform's deck … If the room already has a
    # reform, this is replaced with a new one". Five players each play Mr. Tools in a different
    # room on night 1: the five reform boards (shuffled 1, 2, 3, 4, 5) are all laid, the deck is
    # empty. On night 2 seat 0's Mr. Tools in room 1 finds no reform board: room 1 keeps
    # reform 1 and the event says no reform board is left (ruling HH-25).
    beds = {b: {0: [b - 1]} for b in range(1, 6)}
    cards = {b: [(b - 1, 12)] for b in range(1, 6)}
    night, s = hh.to_dawn(5, beds=beds, cards=cards)
    s = s.apply("chance misfortune 1")
    for seat in range(5):  # rooms in position order: board b is at position b - 1
        assert s.current_player == seat and s.stage == "reform"
        s = s.apply(f"p{seat} reform a")
    assert s.reform_deck == () and s.night == 2
    assert [r["reform"]["id"] for r in s.view()["rooms"]] == [1, 2, 3, 4, 5]
    s = hh.pass_all(hh.adjust(s, beds={1: {0: [0]}}, cards={1: [(0, 12)]}))
    s = s.apply("chance misfortune 1")
    assert "No reform board is left for room 1A." in hh.all_events(s)
    assert s.view()["rooms"][0]["reform"] == {"id": 1, "side": "a", "rug": 2}
    assert s.reform_deck == () and s.night == 3 and s.stage == "night"
