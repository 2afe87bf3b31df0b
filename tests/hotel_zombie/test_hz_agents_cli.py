"""Random and greedy agents play whole games for 2-4 players; the CLI plays and replays."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import hotellab as hl
from hotellab import cli


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_agents_play_whole_games(n, agents):
    g = hl.load_game("hotel_zombie", num_players=n)
    log = hl.play(g, agents=[agents] * n, seed=n)
    final = hl.Replay(log).final_state
    assert final.is_terminal
    assert final.winners() == [] if final.fallen else final.winners()


def test_a_match_steps_undoes_and_forks():
    g = hl.load_game("hotel_zombie", num_players=2)
    m = hl.Match(g, seed=4, agents=["greedy", "random"])
    for _ in range(30):
        m.step()
    s = m.state
    m.undo()
    assert m.state.move_number == s.move_number - 1
    assert m.fork(at=10).state.move_number == 10


def test_cli_plays_and_replays(tmp_path):
    runner = CliRunner()
    out = tmp_path / "hz.json"
    r = runner.invoke(cli.app, ["play", "hotel_zombie", "--players", "3", "--seed", "5", "--agents",
                                "greedy,random,greedy", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.exists() and json.loads(out.read_text())["game"] == "hotel_zombie"
    r = runner.invoke(cli.app, ["replay", str(out), "--step", "3"])
    assert r.exit_code == 0, r.output
    assert "Setup" in r.output or "Hotel counter" in r.output
    r = runner.invoke(cli.app, ["play", "hotel_zombie", "--players", "4", "--options", "assist=full,counter_end=at_20",
                                "--seed", "1"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(cli.app, ["play", "hotel_zombie", "--players", "5"])
    assert r.exit_code == 2 and "2 to 4 players" in r.output


def test_heuristic_prefers_decorations_and_health():
    g = hl.load_game("hotel_zombie", num_players=2)
    s = g.new_initial_state()
    rng = random.Random(0)
    while s.is_chance_node:
        s = s.apply(s.sample_chance(rng))
    # 0.5 x health 100 + min(health, 40) + 0.02 x the cost of the cards owned (Ammo Box 0,
    # Knife 10, Pistols 20 each: 50); no decorations, skill or damage yet
    assert s.heuristic_value(0) == pytest.approx(50 + 40 + 1)
