"""The public API that DESIGN.md fixes (checks outside the repository call exactly these
names): each name exists and does what the contract says, on a real game."""

from __future__ import annotations

import json
import random

import networkx as nx
import pytest

import hotellab as hl


def test_the_design_names_exist():
    for name in ("list_games", "load_game", "CHANCE", "TERMINAL", "Action", "IllegalActionError",
                 "InvalidActionError", "RuleRef", "Match", "play", "GameLog", "LogFormatError", "Replay",
                 "Scenario", "simulate", "coverage", "PositionError"):
        assert hasattr(hl, name), name
    assert issubclass(hl.InvalidActionError, hl.IllegalActionError)
    assert hl.CHANCE == -1 and hl.TERMINAL == -4
    assert hl.list_games() == sorted(hl.list_games())
    for gid in ("boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel"):
        assert gid in hl.list_games()
    for name in ("GameView", "Lesson"):
        assert hasattr(hl.widgets, name)
    for name in ("score_breakdown_figure", "score_timeline_figure", "adjacency_figure"):
        assert callable(getattr(hl.viz, name))
    assert callable(hl.analysis.balance_report)


@pytest.mark.parametrize("game_id", ["boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie",
                                     "perfect_hotel"])
def test_the_state_api_on_every_game(game_id):
    game = hl.load_game(game_id)
    assert game.id == game_id and isinstance(game.title, str) and game.num_players >= 2
    assert all({"name", "allowed", "default", "rule"} <= set(s.to_json()) for s in game.option_specs())
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(60):
        if state.is_terminal:
            break
        assert state.current_player == hl.CHANCE or state.current_player >= 0
        if state.is_chance_node:
            outs = state.chance_outcomes()
            assert all(isinstance(a, hl.Action) and 0 < p <= 1 for a, p in outs)
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
            assert game.parse_action(str(action)) == action
        new = state.apply(action)
        assert all(isinstance(e.rule, hl.RuleRef) for e in new.events)
        state = new
    assert len(state.scores) == game.num_seats
    assert isinstance(state.adjacency_graph(), nx.Graph)
    json.dumps(state.view()), json.dumps(state.observation(0))
    assert state.phase.name and isinstance(state.phase.rule, hl.RuleRef)
    table = state.to_position()
    assert game.state_from_position(table).view() == state.view()
    assert game.state_from_json(state.to_json()).view() == state.view()
    if not state.is_terminal and not state.is_chance_node:
        wrong = hl.Action("no_such_move", (), state.current_player)
        assert state.explain_illegal(wrong)
        with pytest.raises(hl.IllegalActionError) as err:
            state.apply(wrong)
        assert err.value.code in ("not_legal", "malformed") and str(err.value) == state.explain_illegal(wrong)
    with pytest.raises(hl.InvalidActionError) as err:
        state.apply("this is not an action at all !")
    assert err.value.code == "malformed"


def test_match_log_replay_scenario_view_round_trip(tmp_path):
    game = hl.load_game("perfect_hotel", num_players=3)
    log = hl.play(game, agents=["random", "greedy", "random"], seed=1)
    path = tmp_path / "game.json"
    log.save(path)
    replay = hl.Replay(hl.GameLog.load(path))
    assert len(replay) == len(log.actions) + 1
    assert replay.state_at(0).move_number == 0 and replay[len(replay) - 1].is_terminal
    m = hl.Match(game, seed=7)
    m.step()
    m.undo()
    fork = m.fork(at=0)
    assert len(fork) == 0
    view = hl.widgets.GameView(replay)
    text = view.to_scenario()
    assert hl.Scenario.from_toml(text).match().state.view() == replay.state_at(view.index).view()
    cov = hl.coverage(log)
    assert 0 < cov.fraction <= 1 and len(cov.covered) + len(cov.missing) == len(cov.table)
