"""End of the Game: the two conditions, the First player's stopped turn, the Second player's last
turn, the comparison of the last rooms served, the irritated-guests tie-break, the shared defeat,
and a fall in the Second player's hotel.

``scores`` are the tour measures the end rule compares (HP-10): the last room served in the
seat's current or stopped tour, 10 once a tour is complete.
"""

from __future__ import annotations

import copy

import pytest

import hotellab as hl

VS, FIRE_IMP, GARGOYLE = 1, 14, 17
FILLER = "filler"  # a plain neighbour: a different card in each room (conftest.adjust)


def red_falls_at_room(hp, room=1):
    """Red serves Miss Von Scream in ``room`` 1 with 1 doorbell left and an irritated guest just
    above (room 6): the tantrum takes the last doorbell."""
    s = hp.at_room(hp.start(), 0, 1, hotels={0: {1: VS, 6: FILLER, 9: FILLER}}, irritated={0: [6]},
                   doorbells={0: 1})
    return s.apply("p0 serve 1")


def test_first_players_turn_stops_at_once_and_the_second_plays_a_last_turn(hp):
    s = red_falls_at_room(hp)
    assert s.doorbells[0] == 0
    assert s.pillars[0] == [4, 4, 4]  # the pillar effect after the tantrum is never applied
    assert s.guests[0][9] and s.tokens[0] >> 9 & 1 == 0  # room 9 never reached
    assert s.last_turn and s.active == 1 and s.current_player == 1
    assert "(last turn)" in s.status_text()
    assert s.scores == [1, 0]  # Red's groom stays in front of room 1, the last room served
    assert any(e.rule.section.startswith("End of the Game / If one of these conditions occurs in the First") for e in s.events)
    assert s.view()["seats"][0]["groom"] == 1


def test_second_player_completing_the_last_tour_wins(hp):
    s = red_falls_at_room(hp)
    s = hp.run(s, "p1 welcome 2 1 a", "p1 tour", "p1 serve 1")
    assert s.is_terminal and s.winners() == [1]
    assert s.scores == [1, 10]
    assert "Blue wins" in s.status_text()


def blue_last_turn_at(hp, room, blue_irritated=(), red_irritated=(6,)):
    s = red_falls_at_room(hp)
    s = hp.at_room(s, 1, room, hotels={1: {room: FIRE_IMP}}, irritated={1: list(blue_irritated), 0: list(red_irritated)},
                   doorbells={1: 1})
    return s


def test_last_turn_fall_compare_the_last_rooms_served(hp):
    s = blue_last_turn_at(hp, 3).apply("p1 serve 3")  # Blue's groom stops at room 3, Red's at 1
    assert s.is_terminal and s.winners() == [1] and s.scores == [1, 3]
    # Blue's fall while not serving room 1 (a tantrum): no room served, 0 < 1
    s = blue_last_turn_at(hp, 1, blue_irritated=[1]).apply("p1 refuse 1")
    assert s.is_terminal and s.winners() == [0] and s.scores == [1, 0]


def test_last_turn_tie_fewest_irritated_guests_then_shared_defeat(hp):
    # both grooms stop at room 1; the irritated guests are counted at the end (here Red's room 6
    # is given a token, Blue has none)
    s = blue_last_turn_at(hp, 1, red_irritated=[6])
    s = s.apply("p1 serve 1")  # the Fire Imp: the last doorbell, room 1 served
    assert s.is_terminal and s.scores == [1, 1]
    assert s.irritated_count(0) == 1 and s.irritated_count(1) == 0 and s.winners() == [1]
    s = blue_last_turn_at(hp, 1, red_irritated=[])
    s = s.apply("p1 serve 1")
    assert s.is_terminal and s.winners() == [] and "shared defeat" in s.status_text()


def test_a_fall_in_the_second_players_hotel_the_first_player_wins(hp):
    s = hp.at_room(hp.start(), 1, 5, hotels={1: {5: GARGOYLE}}, pillars={1: [1, 4, 4]}, reached={0: 10})
    s = s.apply("p1 serve 5")  # the Gargoyle empties the pillar group under column 1
    assert s.is_terminal and s.winners() == [0]
    assert any(e.rule.section.endswith("Second player's Hotel") for e in s.events)


def test_an_empty_pillar_group_ends_the_game_too(hp):
    s = hp.at_room(hp.start(), 0, 5, hotels={0: {5: GARGOYLE, 9: FILLER}}, pillars={0: [4, 4, 1]})
    s = s.apply("p0 serve 5")
    assert s.pillars[0] == [3, 4, 0] and s.last_turn and s.active == 1


def test_terminal_state_refuses_actions_and_reports(hp):
    s = red_falls_at_room(hp)
    s = hp.run(s, "p1 welcome 2 1 a", "p1 tour", "p1 serve 1")
    assert s.legal_actions() == []
    assert "game is over" in s.explain_illegal("p0 rents")
    items = s.score_breakdown()
    assert {(i.player, i.category) for i in items} >= {(1, "Tour complete"), (0, "Last room served")}


# -- a declared end position must be the end the board shows (position.py: _end_of_board) ------

def _ends(hp):
    """The four ways a game ends (End of the Game), each a terminal state, with its winners:
    Blue completes its last tour; both hotels fell and the last rooms served differ; both fell,
    same room, fewer irritated guests; both fell, a full tie (shared defeat); Blue's hotel fell
    in Blue's own turn."""
    complete = hp.run(red_falls_at_room(hp), "p1 welcome 2 1 a", "p1 tour", "p1 serve 1")
    rooms = blue_last_turn_at(hp, 3).apply("p1 serve 3")
    irritated = blue_last_turn_at(hp, 1, red_irritated=[6]).apply("p1 serve 1")
    shared = blue_last_turn_at(hp, 1, red_irritated=[]).apply("p1 serve 1")
    blue = hp.at_room(hp.start(), 1, 5, hotels={1: {5: GARGOYLE}}, pillars={1: [1, 4, 4]}, reached={0: 10})
    blue = blue.apply("p1 serve 5")
    return {"complete": (complete, ["Blue"]), "rooms": (rooms, ["Blue"]), "irritated": (irritated, ["Blue"]),
            "shared": (shared, []), "blue_falls": (blue, ["Red"])}


def _refused(s, pos, field, words, rule):
    with pytest.raises(hl.PositionError) as exc:
        s.game.state_from_position(pos)
    found = {(p.field, p.rule.section if p.rule else None) for p in exc.value.problems}
    assert any(f == field and (r or "").startswith(rule) for f, r in found), (field, rule, str(exc.value))
    assert words in str(exc.value), str(exc.value)


def test_an_end_position_reads_back_only_with_the_winners_the_board_gives(hp):
    # the winners of each end, from the rules (End of the Game): the First player's fall and Blue's
    # completed last tour -> Blue; both fallen -> the higher last room served (Blue 3 vs Red 1),
    # then the fewer irritated guests (Red 1, Blue 0), else nobody; Blue's fall in its turn -> Red
    for name, (s, winners) in _ends(hp).items():
        pos = s.to_position()
        assert pos["step"] == "end" and pos["winners"] == winners, name
        again = s.game.state_from_position(copy.deepcopy(pos))
        assert again.winners() == s.winners() and again.is_terminal, name
        for other in (["Red"], ["Blue"], []):
            if other == winners:
                continue
            spoiled = copy.deepcopy(pos)
            spoiled["winners"] = other
            _refused(s, spoiled, "winners", f"got {other}", "End of the Game")


def test_an_end_position_whose_board_shows_no_end_is_refused(hp):
    ends = _ends(hp)
    s, _ = ends["blue_falls"]
    pos = copy.deepcopy(s.to_position())
    pos["hotels"]["Blue"]["pillars"] = [4, 4, 4]  # no hotel fell: the game goes on
    _refused(s, pos, "hotels", "neither hotel has fallen", "End of the Game")
    # Red's hotel fell and Blue's stands: the end must be Blue's completed last tour
    s, _ = ends["complete"]
    pos = copy.deepcopy(s.to_position())
    pos["hotels"]["Blue"]["tour_complete"] = False
    pos["hotels"]["Blue"]["last_room_served"] = 1
    _refused(s, pos, "hotels.Blue.tour_complete", "Blue's last tour complete",
             "End of the Game / If one of these conditions occurs in the First")
    # the last turn is Blue's, and only after Red's hotel fell
    pos = copy.deepcopy(s.to_position())
    pos["last_turn"] = False
    _refused(s, pos, "last_turn", "last_turn = true", "End of the Game / If one of these conditions occurs in the First")
    s, _ = ends["blue_falls"]
    pos = copy.deepcopy(s.to_position())
    pos["player"] = "Red"
    _refused(s, pos, "player", "the game ends in the Second player's turn", "End of the Game")


def test_a_fallen_hotel_never_has_a_completed_tour(hp):
    # a hotel falls during its own tour (the effects of the guests served, HP-16) and its groom
    # stays in front of the last room served (End of the Game): a fallen hotel whose tour is
    # complete is no position of the game, at the end (a new user's trial: a random game ending
    # with both hotels fallen, Red 5 and Blue 2, was accepted as "Blue completed its tour, Blue
    # wins") or in Blue's last turn (Red's hotel)
    s, _ = _ends(hp)["rooms"]
    pos = copy.deepcopy(s.to_position())
    pos["hotels"]["Blue"].update(tour_complete=True, last_room_served=0)
    pos["winners"] = ["Blue"]
    _refused(s, pos, "hotels.Blue.tour_complete", "its tour is not complete", "End of the Game")
    last_turn = red_falls_at_room(hp)
    pos = copy.deepcopy(last_turn.to_position())
    pos["hotels"]["Red"].update(tour_complete=True, last_room_served=0)
    _refused(last_turn, pos, "hotels.Red.tour_complete", "Red's hotel fell", "End of the Game")
