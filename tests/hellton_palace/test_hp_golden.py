"""Golden playthrough: one seeded game (greedy as Red against random as Blue), with every action
and the status line, scores, doorbells, pillars and irritation tokens of every state, stored in
golden/seed3_greedy_random.json.

- ``test_golden_actions_replay_to_the_recorded_states`` applies the recorded actions from the
  initial state (no agents, no random numbers) and compares every state: a change of any rule
  this game touches shows up at the first step that differs.
- ``test_golden_game_regenerates`` plays the game again with ``hl.play(seed=3)`` and compares the
  whole file (a change of the agents or of Match's seeded chance shows up here).

After an intended change, rewrite the file with ``HOTELLAB_REGEN_GOLDEN=1 pytest
tests/hellton_palace/test_hp_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import hotellab as hl

GOLDEN = Path(__file__).with_name("golden") / "seed3_greedy_random.json"
SEED = 3
AGENTS = ["greedy", "random"]


def _record(state) -> dict:
    return {"status": state.status_text(), "scores": list(state.scores), "doorbells": list(state.doorbells),
            "pillars": [list(p) for p in state.pillars], "tokens": list(state.tokens), "coins": list(state.coins)}


def generate() -> dict:
    g = hl.load_game("hellton_palace")
    log = hl.play(g, agents=AGENTS, seed=SEED)
    replay = hl.Replay(log)
    steps = []
    for k, state in enumerate(replay):
        a = replay.action_at(k)
        steps.append({"action": str(a) if a is not None else None, **_record(state)})
    final = replay.final_state
    return {"game": g.id, "options": dict(g.options), "seed": SEED, "agents": AGENTS, "steps": steps,
            "final": {"winners": final.winners(), "status": final.status_text()}}


@pytest.fixture(scope="module")
def golden():
    if os.environ.get("HOTELLAB_REGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(generate(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    return json.loads(GOLDEN.read_text("utf-8"))


def test_golden_actions_replay_to_the_recorded_states(golden):
    g = hl.load_game("hellton_palace", options=golden["options"])
    state = g.new_initial_state()
    assert _record(state) == {k: v for k, v in golden["steps"][0].items() if k != "action"}
    for k, step in enumerate(golden["steps"][1:], start=1):
        state = state.apply(step["action"])
        assert _record(state) == {key: v for key, v in step.items() if key != "action"}, f"step {k}: {step['action']}"
    assert state.is_terminal and state.winners() == golden["final"]["winners"]


def test_golden_game_regenerates(golden):
    assert generate() == golden
