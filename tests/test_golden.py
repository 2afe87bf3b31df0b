"""Golden playthroughs: one seeded game per game, with every action and, for every state, the
things listed in ``GAMES`` (status line and scores always), stored in
``tests/<game>/golden/<file>``.

- ``test_golden_actions_replay_to_the_recorded_states`` applies the recorded actions from the
  initial state (no agents, no random numbers) and compares every state: a change of any rule
  the game touches shows up here, at the first step that differs.
- ``test_golden_game_regenerates`` plays the game again with ``hl.play(seed=...)`` and compares
  the whole file: a change of the agents or of Match's seeded chance shows up here.

After an intended change, rewrite the files with
``HOTELLAB_REGEN_GOLDEN=1 pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import hotellab as hl

TESTS = Path(__file__).resolve().parent


def _events(state) -> dict:
    return {"events": [e.text for e in state.events]}


def _hotels(state) -> dict:  # Hellton Palace: what its end rules and effects count
    return {"doorbells": list(state.doorbells), "pillars": [list(p) for p in state.pillars],
            "tokens": list(state.tokens), "coins": list(state.coins)}


# game id -> file, players, options, agents, seed, extra per-state record
GAMES = {
    "hostil_hostal": dict(file="seed1_3p.json", num_players=3, options={}, agents=["random"] * 3, seed=1,
                          record=None),
    # a match of two games with both advanced rules, random and greedy agents
    "perfect_hotel": dict(file="seed1_3p.json", num_players=3,
                          options={"games": 2, "high_season": True, "star_bonus": True},
                          agents=["random", "greedy", "random"], seed=1, record=_events),
    "hellton_palace": dict(file="seed3_greedy_random.json", num_players=2, options={},
                           agents=["greedy", "random"], seed=3, record=_hotels),
}


def _record(gid: str, state) -> dict:
    extra = GAMES[gid]["record"]
    return {"status": state.status_text(), "scores": list(state.scores), **(extra(state) if extra else {})}


def _final(state) -> dict:
    return {"scores": list(state.scores), "winners": state.winners(), "status": state.status_text()}


def generate(gid: str) -> dict:
    spec = GAMES[gid]
    g = hl.load_game(gid, num_players=spec["num_players"], options=spec["options"])
    replay = hl.Replay(hl.play(g, agents=spec["agents"], seed=spec["seed"]))
    steps = []
    for k, state in enumerate(replay):
        a = replay.action_at(k)
        steps.append({"action": str(a) if a is not None else None, **_record(gid, state)})
    return {"game": g.id, "num_players": g.num_players, "options": dict(g.options), "seed": spec["seed"],
            "agents": spec["agents"], "steps": steps, "final": _final(replay.final_state)}


@pytest.fixture(scope="module", params=sorted(GAMES))
def golden(request):
    gid = request.param
    path = TESTS / gid / "golden" / GAMES[gid]["file"]
    if os.environ.get("HOTELLAB_REGEN_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(generate(gid), indent=1, ensure_ascii=False) + "\n", "utf-8")
    assert path.exists(), f"{path} is missing: run with HOTELLAB_REGEN_GOLDEN=1 to create it"
    return gid, json.loads(path.read_text("utf-8"))


def test_golden_actions_replay_to_the_recorded_states(golden):
    gid, data = golden
    g = hl.load_game(gid, num_players=data["num_players"], options=data["options"])
    steps = data["steps"]
    state = g.new_initial_state()
    assert steps[0]["action"] is None
    for k, step in enumerate(steps):
        if k:
            state = state.apply(step["action"])
        assert {"action": step["action"], **_record(gid, state)} == step, (
            f"{gid}: the golden game differs first at step {k} ({step['action']})")
    assert state.is_terminal and data["final"] == _final(state)
    assert len(steps) > 50


def test_golden_game_regenerates(golden):
    gid, data = golden
    fresh = generate(gid)
    for k, (a, b) in enumerate(zip(fresh["steps"], data["steps"])):
        assert a == b, f"{gid}: step {k} differs (HOTELLAB_REGEN_GOLDEN=1 rewrites the file)"
    assert fresh == data
