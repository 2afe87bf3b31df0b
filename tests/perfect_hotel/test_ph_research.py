"""Gameplay / A. Research: "Draw 2 cards from the House Deck to place in hand. Place 1 card from
hand onto the Tag Row of the same kind (1 card face down)." and the Tourist Group rules for
Research ("Only 1 Tourist Group Card may be placed per Tag Row").

Card numbers: Bedroom 0-12 (0, 1 starred), Restaurant 13-23 (13, 14 starred), Pool 24-33
(24, 25 starred), Tourist Group 57-61.
"""

from __future__ import annotations

import pytest

import hotellab as hl


@pytest.fixture
def drawn(ph):
    """Seat 0 holds a plain Bedroom (2) and a starred Restaurant (13), then draws a starred
    Pool (24) and a Tourist (57)."""
    s = ph.start(3, hands={0: [2, 13]}, draws=[24, 57])
    return s.apply("p0 research")


def test_research_draws_the_top_two(ph, drawn):
    assert drawn.hands[0] == (2, 13, 24, 57)
    assert drawn.deck_size == 62 - 6 - 2
    assert drawn.current_player == 0 and drawn.status_text().startswith("Blue to place a card on a Tag Row")
    assert "draws 2 cards (1 with the Tourist Group mark on the back); 54 left" in ph.texts(drawn)[0]
    assert drawn.events[0].rule.section == "Gameplay / A. Research / 1"
    # the Tourist drawn costs 3 as things stand (Point Calculation)
    assert drawn.events[0].deltas == ((0, -3),)


def test_place_offers_each_card_on_its_own_row_and_a_tourist_on_any_row(ph, drawn):
    assert ph.legal_texts(drawn) == sorted(
        ["p0 place bedroom plain", "p0 place restaurant star", "p0 place pool star"]
        + [f"p0 place {k} tourist" for k in ph.C.KIND_IDS]
    )


def test_place_puts_the_card_on_its_row_and_passes_the_turn(ph, drawn):
    s = drawn.apply("p0 place restaurant star")
    assert [e & 63 for e in s.rows[ph.C.KIND_INDEX["restaurant"]]] == [13]
    assert s.hands[0] == (2, 24, 57)
    assert s.current_player == 1  # End of turn: clockwise
    assert ph.texts(s) == ["Blue places a Restaurant card face down on the Restaurant Tag Row."]


def test_only_one_tourist_per_row(ph):
    s = ph.start(3, hands={0: [57, 58]}, draws=[2, 3]).apply("p0 research")
    s = s.apply("p0 place pool tourist")
    assert "it counts as Pool" in ph.texts(s)[0]
    assert s.row_has_tourist(ph.C.KIND_INDEX["pool"])
    # seat 0 again, still holding Tourist 58: the Pool row already has one
    s = ph.adjust(s, hands={0: [58, 4]}, step="place", player=0)
    assert "p0 place pool tourist" not in ph.legal_texts(s)
    assert "p0 place bedroom tourist" in ph.legal_texts(s)
    msg = s.explain_illegal("p0 place pool tourist")
    assert "only 1 Tourist Group Card may be placed per Tag Row" in msg and msg.endswith("Additional Rules")


def test_a_build_card_goes_on_its_own_row(ph, drawn):
    msg = drawn.explain_illegal("p0 place pool plain")
    assert "holds no plain Pool card" in msg and "Tag Row of its own kind" in msg
    assert msg.endswith("Gameplay / A. Research / 2")


def test_after_drawing_the_player_must_place(ph, drawn):
    # the core's refusal of a kind the node does not allow: it names the decision and the kinds
    msg = drawn.explain_illegal("p0 build bedroom hand 1 0 1")
    assert "cannot be played now: Blue to place a card on a Tag Row" in msg and "allowed now: place" in msg
    assert msg.endswith("Gameplay / A. Research / 2")
    with pytest.raises(hl.IllegalActionError):
        drawn.apply("p0 research")


def test_place_comes_only_after_drawing(ph):
    s = ph.start(3, hands={0: [2, 13]})
    assert "research first" in s.explain_illegal("p0 place bedroom plain")


def test_face_down_hides_the_star_from_the_others_only(ph, drawn):
    s = drawn.apply("p0 place pool star")
    k = ph.C.KIND_INDEX["pool"]
    mine = s.observation(0)["rows"][k]["cards"][0]
    theirs = s.observation(1)["rows"][k]["cards"][0]
    assert mine["star"] is True and mine["id"] == 24 and mine["face_up"] is False
    assert theirs == {"id": None, "kind": "pool", "tourist": False, "star": None, "name": None,
                      "seat": 0, "face_up": False}
    # the event is public: it does not say whether the card shows a star
    assert "\u2605" not in ph.texts(s)[0]
    assert s.action_to_string(s.history()[-1], perspective=1) == "Blue: place a Pool card on the Pool row"


def test_face_up_option_shows_the_card_to_everyone(ph):
    s = ph.start(3, hands={0: [2, 13]}, draws=[24, 57], research_face="up")
    s = ph.run(s, "p0 research", "p0 place pool star")
    theirs = s.observation(1)["rows"][ph.C.KIND_INDEX["pool"]]["cards"][0]
    assert theirs["star"] is True and theirs["face_up"] is True
    assert "Pool \u2605 card face up" in ph.texts(s)[0]


def test_a_tourist_in_a_row_shows_its_marked_back_to_everyone(ph, drawn):
    s = drawn.apply("p0 place spa tourist")
    theirs = s.observation(2)["rows"][ph.C.KIND_INDEX["spa"]]["cards"][0]
    assert theirs["tourist"] is True and theirs["kind"] == "spa"
