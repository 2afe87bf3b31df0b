"""Rule statements that no other test pinned down (found by the mutation checks of
``rule_statements.toml``, issue 15). Each expected value is derived from the quoted sentence of
the Hellton Palace rulebook.
"""

from __future__ import annotations

import pytest

import hotellab as hl

SLEEPWALKER, DRUMMER = 11, 6


def test_two_players_only(hp):
    # Game Components: "2 Hotel boards" — one hotel per player, two players
    assert hp.game().num_players == 2
    for n in (1, 3):
        with pytest.raises(hl.OptionError, match="exactly 2"):
            hl.load_game("hellton_palace", num_players=n)


def test_every_one_of_the_36_cards_can_be_dealt(hp):
    # Game Components: "36 Guest cards"; Setup 6: "Shuffle the 36 Guest cards. Put 18 back in the
    # box": with option cards="full" any 18 of cards 1-36 are a display, card 36 included
    s = hp.game().new_initial_state()
    assert s.explain_illegal("chance display " + ",".join(map(str, range(19, 37)))) is None
    assert "are not among cards 1 to 36" not in (s.explain_illegal("chance display " + ",".join(map(str, range(19, 37)))) or "")


def test_a_guest_holds_at_most_one_token(hp):
    # Game Components: "Irritation tokens indicate whether a Guest is satisfied or not" — a guest
    # has one token or none ("if you must add a second Irritation token to a Guest, do not do so")
    s = hp.at_room(hp.start(), 0, 1, hotels={0: {1: DRUMMER, 2: 19}}, irritated={0: [2]})
    s = s.apply("p0 serve 1")  # the Drummer irritates room 2 again: a tantrum, not two tokens
    assert hp.tokens(s, 0) == [] and s.doorbells[0] == 2
    assert s.view()["seats"][0]["rooms"][1]["irritated"] is False


def test_both_sides_of_a_double_sided_card_can_be_seen(hp):
    # Setup: "For double-sided cards, the side chosen does not matter. … Even once set up, you may
    # look at the other side of double-sided cards": the display shows both sides of the
    # Sleepwalker (card 11, middle row), to both players
    s = hp.start()
    for p in (None, 0, 1):
        card = next(c for c in s.view(p)["display"][1]["cards"] if c and c["card"] == SLEEPWALKER)
        assert [side["name"] for side in card["sides"]] == ["The Sleepwalker", "The Night Terror"]


def test_after_a_recovered_doorbell_the_opponent_plays(hp):
    # 5. "OR Recover a Doorbell … It is then your opponent's turn, who starts their turn at step 1"
    s = hp.adjust(hp.start(), doorbells={0: 2}, step="collect", player=0, reached={0: 10})
    s = s.apply("p0 doorbell")
    assert s.doorbells[0] == 3 and s.current_player == 1 and s.active == 1
    assert s.node[0] == hp.HS.N_WELCOME


def test_the_groom_never_goes_back(hp):
    # 4. "Once your Groom pawn has moved to the next room, you can no longer go back to the
    # previous room": in front of room 7, only room 7 is offered; room 3 is refused
    s = hp.at_room(hp.start(), 0, 7, hotels={0: {3: 19, 7: 20}}, reached={0: 3})
    assert hp.texts(s) == ["p0 refuse 7", "p0 serve 7"]
    msg = s.explain_illegal("p0 serve 3")
    assert "never goes back" in msg and "4. Do the Tour of the Rooms" in msg


def test_after_the_tour_the_groom_is_back_in_the_hall(hp):
    # 4. "When the Tour of the rooms is finished (after room no. 9), put your Groom pawn back in
    # your Hall"; the view says where each groom pawn is
    s = hp.at_room(hp.start(), 0, 9, hotels={0: {9: 19}})
    assert s.view()["seats"][0]["groom"] == 9
    s = s.apply("p0 refuse 9")
    assert s.node[0] == hp.HS.N_COLLECT and s.view()["seats"][0]["groom"] == "hall"


def test_adjacent_does_not_reach_past_a_neighbour(hp):
    # Who? Where?: "(Arrows to the four sides) The effect concerns the adjacent Guests in the row
    # and/or column": the Drummer (adjacent, row) in room 1 irritates room 2 beside it, not room
    # 3 at the other end of the floor; the Werewolf (adjacent, row and column) in room 1 reaches
    # room 6 above it, not room 7 two floors up
    s = hp.at_room(hp.start(), 0, 1, hotels={0: {1: DRUMMER, 2: 19, 3: 20}})
    assert hp.tokens(s.apply("p0 serve 1"), 0) == [2]
    s = hp.at_room(hp.start(), 0, 1, hotels={0: {1: 9, 6: 19, 7: 20, 3: 21}})
    assert hp.tokens(s.apply("p0 serve 1"), 0) == [6]


def test_a_pillar_falls_under_the_guests_column(hp):
    # What?: "Remove a Pillar token from the column of this Guest"; Game Components: the pillar
    # groups "are aligned with the columns of rooms". Miss Von Scream in room 4 (floor 2, column
    # 3, ruling HP-02) costs a pillar of group 3, not of group 2 (her floor)
    s = hp.at_room(hp.start(), 0, 4, hotels={0: {4: 1}})
    assert s.apply("p0 serve 4").pillars[0] == [4, 4, 3]


def test_the_placer_swaps_only_with_an_orthogonal_neighbour(hp):
    # The Placer: "Swap the room of the Guest welcomed this turn with one of the Guests
    # orthogonally adjacent to it": welcomed into room 1, neighbours are rooms 2 (beside) and 6
    # (above); the guests in rooms 3 and 5 are not adjacent to room 1
    s = hp.adjust(hp.start(), hotels={0: {2: 19, 3: 20, 5: 21, 6: 22}}, coins={0: 2})
    s = s.apply("p0 welcome 1 1 a")
    assert [t for t in hp.texts(s) if "placer" in t] == ["p0 hire placer 2", "p0 hire placer 6"]
    assert "holds no guest orthogonally adjacent" in s.explain_illegal("p0 hire placer 5")


def test_the_false_placer_designates_only_an_irritated_customer(hp):
    # The False Placer: "Designate an irritated customer in the opposing Hotel": Blue's satisfied
    # guest in room 4 (with neighbours) is not offered, the irritated one in room 5 is
    s = hp.at_hire(hp.start(), 0, coins={0: 2}, hotels={1: {5: 19, 4: 20, 8: 21}}, irritated={1: [5]})
    assert [t for t in hp.texts(s) if "false_placer" in t] == ["p0 hire false_placer 5"]
    assert "is not irritated" in s.explain_illegal("p0 hire false_placer 4")
