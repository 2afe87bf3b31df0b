"""Golden playthrough: one seeded 3-player match of two games (High-Season and Star Bonus on),
random and greedy agents, with every action and the status line, scores and event texts of
every state, stored in golden/seed1_3p.json.

- ``test_golden_actions_replay_to_the_recorded_states`` applies the recorded actions from the
  initial state (no agents, no random numbers) and compares each state's status, scores and events: a
  change of any rule that this game touches shows up here, at the first step that differs.
- ``test_golden_game_regenerates`` plays the game again with ``hl.play(seed=1)`` and compares the
  whole file: a change of the agents or of Match's seeded chance shows up here.

After an intended change, rewrite the file with ``HOTELLAB_REGEN_GOLDEN=1 pytest
tests/perfect_hotel/test_ph_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import hotellab as hl

GOLDEN = Path(__file__).with_name("golden") / "seed1_3p.json"
SEED = 1
AGENTS = ["random", "greedy", "random"]
OPTIONS = {"games": 2, "high_season": True, "star_bonus": True}


def generate() -> dict:
    g = hl.load_game("perfect_hotel", num_players=3, options=OPTIONS)
    log = hl.play(g, agents=AGENTS, seed=SEED)
    replay = hl.Replay(log)
    steps = []
    for k, state in enumerate(replay):
        a = replay.action_at(k)
        steps.append({
            "action": str(a) if a is not None else None,
            "status": state.status_text(),
            "scores": list(state.scores),
            "events": [e.text for e in state.events],
        })
    final = replay.final_state
    return {
        "game": g.id,
        "num_players": g.num_players,
        "options": dict(g.options),
        "seed": SEED,
        "agents": AGENTS,
        "steps": steps,
        "final": {"scores": list(final.scores), "winners": final.winners(), "status": final.status_text()},
    }


def _write(data: dict) -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")


@pytest.fixture(scope="module")
def golden():
    if os.environ.get("HOTELLAB_REGEN_GOLDEN") == "1":
        _write(generate())
    assert GOLDEN.exists(), f"{GOLDEN} is missing: run with HOTELLAB_REGEN_GOLDEN=1 to create it"
    return json.loads(GOLDEN.read_text("utf-8"))


def test_golden_actions_replay_to_the_recorded_states(golden):
    g = hl.load_game(golden["game"], num_players=golden["num_players"], options=golden["options"])
    steps = golden["steps"]
    s = g.new_initial_state()
    assert steps[0]["action"] is None
    for k, step in enumerate(steps):
        if k:
            s = s.apply(step["action"])
        got = {"action": step["action"], "status": s.status_text(), "scores": list(s.scores),
               "events": [e.text for e in s.events]}
        assert got == step, f"the golden game differs first at step {k}"
    assert s.is_terminal
    assert golden["final"] == {"scores": list(s.scores), "winners": s.winners(), "status": s.status_text()}
    assert len(steps) > 100


def test_golden_game_regenerates(golden):
    fresh = generate()
    if fresh != golden:
        for k, (a, b) in enumerate(zip(fresh["steps"], golden["steps"])):
            assert a == b, f"step {k} differs (HOTELLAB_REGEN_GOLDEN=1 rewrites the file)"
    assert fresh == golden
