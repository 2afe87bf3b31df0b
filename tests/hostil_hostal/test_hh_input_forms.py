"""Bad input found by a new-user session: argument forms, canonical action text, seeds,
foreign states, state files and scenario directives. Each error must name the problem."""

from __future__ import annotations

import pytest

import hotellab as hl


def _night(hh):
    return hh.start(3)  # Night 1, round 1, Blue (seat 0) to act; rooms 1A, 2A (floor 1), 3A


def test_a_float_argument_is_applied_and_logged_in_its_canonical_form(hh, tmp_path):
    # DESIGN: "str(action) is its canonical text; game.parse_action(text) inverts it"
    s = _night(hh)
    new = s.apply(hl.Action("place", (3.0, 0), player=0))
    assert str(new.history()[-1]) == "p0 place 3 0"
    log = hl.GameLog.from_state(new)
    log.save(tmp_path / "g.json")
    assert hl.GameLog.load(tmp_path / "g.json").actions[-1] == "p0 place 3 0"


# The grammar (a kind's arguments and their types) is checked by the core's action table
# (hotellab.core.kinds), whose messages name the kind's rule; the values in play (rooms, beds,
# seats) by the game, naming the rule of the node (Phase 2 - Night). An unknown kind is
# answered with the kinds there are.
PLACE = "Phase 2 - Night / Place a guest"
KINDS = "its actions are shuffle, side, wear, place, play, move, moveto, pass, spy"


@pytest.mark.parametrize(
    "text, words, ends",
    [
        ("p0 place", "place takes 2 arguments (<room> <bed>), got 0", PLACE),
        ("p0 place x y", "<room> must be a whole number, got 'x'", PLACE),
        ("p0 place 3 0 0", "place takes 2 arguments (<room> <bed>), got 3", PLACE),
        ("p0 place 4 0", "room 4 is not in play; the rooms are 1, 2, 3", "Phase 2 - Night"),
        ("p0 place 1 99", "room 1A has beds 0 to 4, got 99", "Phase 2 - Night"),
        ("p0 fly 1", "'fly' is not an action of this game; " + KINDS, None),
        ("p0 end", "'end' is not an action of this game; " + KINDS, None),
        ("p99 pass", "there is no seat 99 (seats 0 to 2)", "Phase 2 - Night"),
        ("chance wear 1 3", "a chance outcome cannot be applied now: Blue decides now", "Phase 2 - Night"),
    ],
)
def test_malformed_actions_say_what_is_wrong(hh, text, words, ends):
    s = _night(hh)
    msg = s.explain_illegal(text)
    assert words in msg, msg
    if ends is not None:
        assert msg.endswith(ends), msg  # the rule of the kind, or of the node
    with pytest.raises(hl.IllegalActionError):
        s.apply(text)


def test_a_shuffle_must_be_a_permutation_of_ints(hh):
    s = hh.game(3).new_initial_state()
    assert "<order> must be numbers written 3,0,2" in s.explain_illegal(hl.Action("shuffle", ("rooms", (0.0, 1, 2, 3, 4))))
    assert "permutation of 0..4" in s.explain_illegal("chance shuffle rooms 1,1,1,1,1")


def test_bad_player_and_non_actions(hh):
    s = _night(hh)
    assert "seat number or CHANCE" in s.explain_illegal(hl.Action("pass", (), None))
    assert "takes an Action or its text" in s.explain_illegal(42)


@pytest.mark.parametrize("seed", [1.5, "x", True])
def test_seed_must_be_an_int(seed):
    game = hl.load_game("hostil_hostal", num_players=3)
    with pytest.raises(ValueError, match="seed must be an int or None"):
        hl.play(game, seed=seed)


def test_a_match_refuses_a_state_of_another_game():
    g2 = hl.load_game("hostil_hostal", num_players=2)
    g3 = hl.load_game("hostil_hostal", num_players=3)
    with pytest.raises(ValueError, match="a Match continues a state of its own game"):
        hl.Match(g3, state=g2.new_initial_state())


def test_state_files_check_format_and_version():
    game = hl.load_game("hostil_hostal", num_players=3)
    d = game.new_initial_state().to_json()
    with pytest.raises(hl.LogFormatError, match="field 'version'"):
        game.state_from_json({**d, "version": 9})
    with pytest.raises(hl.LogFormatError, match="field 'format'"):
        game.state_from_json({**d, "format": "hotellab-log"})


def test_replay_and_fork_indices_report_what_was_asked():
    game = hl.load_game("hostil_hostal", num_players=3)
    m = hl.Match(game, seed=1, agents=["random"] * 3)
    m.run(max_steps=20)
    with pytest.raises(IndexError, match=r"fork\(at=-1000\)"):
        m.fork(at=-1000)
    with pytest.raises(TypeError, match="takes an int"):
        m.fork(at="3")
    r = hl.Replay(m.log)
    with pytest.raises(IndexError, match="asked for -22"):
        r.state_at(-22)
    with pytest.raises(TypeError, match="takes an int index"):
        r.state_at("3")


@pytest.mark.parametrize("directive", ["auto -1", "auto x", "auto 0"])
def test_scenario_auto_needs_a_positive_whole_number(directive):
    text = f'game = "hostil_hostal"\nnum_players = 3\nposition = ["{directive}"]\n'
    with pytest.raises(hl.ScenarioError, match="'auto N' needs a whole number"):
        hl.Scenario.from_toml(text).match()


def test_the_player_who_drew_an_automata_card_sees_it_before_choosing(hh):
    # Variation for 2 Players / Night phase: "each player will draw a card from the automata's
    # deck and place it face down on a room" (ruling HH-30: the drawer sees it)
    s = hh.turn(hh.start(2), "p0 place 1 0", "p1 place 1 1")
    assert s.current_player == 0 and s.node[0] == hh.HS.N_AUTOROOM
    card = s.auto_cards[-1][1]
    assert s.view(0)["pending"]["prompt"] == f"you drew automata card #{card}: choose a room for it"
    assert str(card) not in s.view(1)["pending"]["prompt"]
    assert s.action_to_string(s.legal_actions()[0]).startswith(f"Blue: automata card (#{card}) on room")
    assert f"#{card}" not in s.action_to_string(s.legal_actions()[0], perspective=1)
