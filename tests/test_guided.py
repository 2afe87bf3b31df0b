"""hl.widgets.GuidedGame (the guided first game at the end of each tutorial) and
hl.widgets.Review (the mixed, spaced review), on the toy plug-in Night Porter
(tests/plugins/toy_porter: take 1 or 2 keys; who takes the last key scores their tip card).
Expected values by hand from the toy's rules."""

from __future__ import annotations

import pytest

import hotellab as hl
from hotellab.core.errors import OptionError

from test_lesson import HEAD  # the toy position of the lesson tests (tests/ is on sys.path)

TWO_KEYS = HEAD.replace("keys = 4", "keys = 2").replace('title = "Four keys left"', 'title = "Two keys left"')


def guided(tmp_path, **kw):
    path = tmp_path / "two.toml"
    path.write_text(TWO_KEYS, "utf-8")
    g = hl.widgets.GuidedGame(str(path), seat=0, **kw)
    g.send = lambda msg: None  # no front end here
    return g


def test_a_costly_move_gets_the_coachs_comment_and_the_game_runs_on(tmp_path):
    g = guided(tmp_path, coach="mcts:200")
    assert g.match.state.current_player == 0 and g._note == ""
    # Amber takes 1 of the 2 keys: Teal then takes the last one and the tip (3); taking 2
    # would have taken the last key and Amber's tip (5): the search values it ~1 against ~0
    g._on_msg(g, {"type": "apply", "action": "p0 take 1"}, [])
    assert g._error == ""
    [(step, text)] = g.comments
    assert step == 0 and text.startswith("Coach: p0 take 1: about") and "p0 take 2" in text
    # the agent (greedy) took the last key by itself: the game is over, and the note says so
    s = g.match.state
    assert s.is_terminal and s.scores == [0, 3] and s.winners() == [1]
    assert g._note.endswith("The game is over. Winner: Teal. Scores: Amber 0, Teal 3.")


def test_the_best_move_gets_no_comment_and_an_illegal_one_names_the_rule(tmp_path):
    g = guided(tmp_path, coach="mcts:200")
    g._on_msg(g, {"type": "apply", "action": "p0 take 3"}, [])
    assert "take 1 or 2 keys" in g._error and len(g.match) == 0 and g.comments == []
    g._on_msg(g, {"type": "apply", "action": "p0 take 2"}, [])
    assert g.comments == [] and g.match.state.scores == [5, 0]
    assert g._note == "The game is over. Winner: Amber. Scores: Amber 5, Teal 0."


def test_bad_arguments_name_the_field(tmp_path):
    with pytest.raises(OptionError) as err:
        hl.widgets.GuidedGame("toy_porter", seat=5)
    assert err.value.field == "seat"
    with pytest.raises(OptionError) as err:
        hl.widgets.GuidedGame("toy_porter", coach="greedy")
    assert err.value.field == "agent"
    with pytest.raises(OptionError) as err:
        hl.widgets.GuidedGame("toy_porter", threshold=2)
    assert err.value.field == "threshold"
    with pytest.raises(OptionError) as err:
        hl.widgets.GuidedGame(42)
    assert err.value.field == "game"


def test_the_guided_game_stops_where_asked():
    # "until": the status line of Hostil Hostal shows "Night 2" once the first night is over
    g = hl.widgets.GuidedGame("hostil_hostal", seat=0, until="Night 2", coach=None, num_players=3)
    g.send = lambda msg: None
    for _ in range(200):
        s = g.match.state
        if s.is_terminal or "Night 2" in s.status_text():
            break
        assert s.current_player == 0  # the others and chance played on by themselves
        g._on_msg(g, {"type": "apply", "action": str(s.legal_actions()[0])}, [])
        assert g._error == ""
    assert "Night 2" in g.match.state.status_text()
    assert "this guided game stops here" in g._note


def test_a_review_draws_steps_from_every_lesson_in_turn():
    import glob

    paths = sorted(glob.glob(str(__import__("pathlib").Path(__file__).resolve().parent / "fixtures" / "toy_lesson.toml")))
    one = hl.Scenario.load(paths[0])
    r = hl.widgets.Review([one, one], per_lesson=2)
    d = r.data
    # the fixture has 4 learner steps on its first line (steps 0, 2, 3, 4): two spread over it
    # are the first and the last; two lessons, taken in turn
    assert d["mode"] == "review" and d["count"] == 4
    assert [s["n"] for s in d["steps"]] == [0, 0, 4, 4]
    assert all(s.get("next") in (None, -1) for s in d["steps"])
    assert all(m.get("next", -1) == -1 for s in d["steps"] for m in s.get("moves", []))
    with pytest.raises(OptionError):
        hl.widgets.Review([one], per_lesson=0)
    with pytest.raises(hl.ScenarioError, match="a list of Scenarios"):
        hl.widgets.Review(one)


def test_bad_until_and_a_finished_guided_game_say_what_to_do(tmp_path):
    for bad in (5, "", "  "):
        with pytest.raises(OptionError) as err:
            hl.widgets.GuidedGame("toy_porter", until=bad)
        assert err.value.field == "until"
    g = guided(tmp_path, coach=None)
    g._on_msg(g, {"type": "apply", "action": "p0 take 2"}, [])  # the last keys: the game is over
    assert g.match.state.is_terminal
    n = len(g.match)
    g._on_msg(g, {"type": "step"}, [])
    assert len(g.match) == n and "This guided game stopped" in g._error


def test_lesson_and_review_arguments_name_the_field():
    one = hl.Scenario.load(__import__("pathlib").Path(__file__).resolve().parent / "fixtures" / "toy_lesson.toml")
    with pytest.raises(OptionError) as err:
        hl.widgets.Lesson(one, perspective=9)
    assert err.value.field == "perspective"
    with pytest.raises(OptionError) as err:
        hl.widgets.Lesson(one, max_moves=0)
    assert err.value.field == "max_moves"
    with pytest.raises(hl.ScenarioError, match=r"scenarios\[1\] is a int"):
        hl.widgets.Review([one, 42])
    with pytest.raises(hl.ScenarioError, match="the list is empty"):
        hl.widgets.Review([])
