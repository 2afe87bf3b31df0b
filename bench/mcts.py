"""The designer's lab, measured: MCTS speed, the ladder of agents, the skill matrix's time and
the tutor's agreement with itself. Writes bench/results/mcts.json (each part under its key;
a part run alone keeps the others' last figures).

    .venv/bin/python bench/mcts.py --only speed        # iterations/s per game, one core, budgets 100/300/1000
    .venv/bin/python bench/mcts.py --only ladder --games 40      # random < greedy < mcts:100 < mcts:1000, per game
    .venv/bin/python bench/mcts.py --only first        # greedy over random alone, 400 games per game
    .venv/bin/python bench/mcts.py --only matrix       # a 4-agent skill matrix, 200 games per pair: processes vs Dask
    .venv/bin/python bench/mcts.py --only tutor        # costly_moves on 20 saved games, twice (seeds 0 and 1)
    .venv/bin/python bench/mcts.py --quick             # every part, tiny, to check the script runs

``--game ID`` (repeatable) limits the games. The ladder's figures are win scores of each
agent over the one below (draws count half) with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

from _common import RESULTS, save

import hotellab as hl
from hotellab.agents import MCTSAgent

GAMES = ["perfect_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "boutique_hotel"]


def _decisions(game_id: str, k: int, seed: int = 7) -> list:
    """``k`` decision states (more than one legal move) spread over a random 2-player game."""
    g = hl.load_game(game_id, num_players=2)
    log = hl.play(g, agents=["random"], seed=seed)
    states = [s for s in hl.Replay(log) if not s.is_chance_node and not s.is_terminal
              and len(s.legal_actions()) > 1]
    step = max(1, len(states) // k)
    return states[::step][:k]


def speed(games, budgets, k) -> dict:
    out = {}
    for gid in games:
        states = _decisions(gid, k)
        row = {}
        for n in budgets:
            agent = MCTSAgent(n)
            t = time.perf_counter()
            for i, s in enumerate(states):
                agent.search(s, random.Random(i))
            dt = time.perf_counter() - t
            row[str(n)] = {"decisions": len(states), "seconds_per_decision": dt / len(states),
                           "iterations_per_s": n * len(states) / dt}
            print(f"{gid:15s} mcts:{n:<5d} {n * len(states) / dt:7.0f} it/s  {dt / len(states):6.3f} s/decision")
        out[gid] = row
    return out


def ladder(games, agents, n_games, workers, keep=True) -> dict:
    """The ladder of every game; with ``keep`` its games are saved as
    bench/results/ladder_<game>.parquet (``SkillMatrix.load`` reads them back;
    ``notebooks/design_lab.ipynb`` reads copies in notebooks/data/design_lab/)."""
    out = {}
    for gid in games:
        m = hl.analysis.skill_matrix(gid, agents, n_games=n_games, seed=1, workers=workers, pairs="ladder",
                                     progress=False)
        if keep:
            m.save(RESULTS / f"ladder_{gid}.parquet")
        steps = m.ladder().to_dict("records")
        out[gid] = {"seconds": m.seconds, "num_players": m.config["num_players"], "steps": steps}
        for r in steps:
            print(f"{gid:15s} {r['agent']:>10s} over {r['below']:<10s} {r['score']:.2f} "
                  f"[{r['low']:.2f}, {r['high']:.2f}] {r['verdict']} ({r['games']} games)")
        print(f"{gid:15s} {m.seconds:.0f} s")
    return out


def first_step(games, n_games, workers) -> dict:
    """greedy over random alone, with more games than the ladder affords (both are cheap)."""
    out = {}
    for gid in games:
        m = hl.analysis.skill_matrix(gid, ["random", "greedy"], n_games=n_games, seed=7, workers=workers,
                                     progress=False)
        r = m.ladder().to_dict("records")[0]
        out[gid] = r
        print(f"{gid:15s} greedy over random {r['score']:.3f} [{r['low']:.3f}, {r['high']:.3f}] {r['verdict']} "
              f"({r['games']} games)")
    return out


def matrix(agents, n_games, workers, game_id="perfect_hotel") -> dict:
    out = {"game": game_id, "agents": agents, "games_per_pair": n_games, "workers": workers}
    for backend in ("processes", "dask"):
        try:
            t = time.perf_counter()
            m = hl.analysis.skill_matrix(game_id, agents, n_games=n_games, seed=2, workers=workers,
                                         backend=backend, progress=False)
            dt = time.perf_counter() - t
        except ImportError as exc:
            print(f"{backend}: skipped ({exc})")
            continue
        out[backend] = {"seconds": dt, "matrix": json.loads(m.matrix.to_json())}
        print(f"skill matrix {game_id} {len(agents)} agents x {n_games} games per pair, {backend}: {dt:.1f} s")
    if "processes" in out and "dask" in out:
        out["dask_overhead"] = out["dask"]["seconds"] / out["processes"]["seconds"] - 1
        print(f"Dask overhead: {out['dask_overhead']:+.1%}")
    return out


def tutor(games, n_logs, agent, threshold) -> dict:
    logs = []
    for i in range(n_logs):
        gid = games[i % len(games)]
        logs.append(hl.play(hl.load_game(gid, num_players=2), agents=["random", "greedy"], seed=100 + i))
    flagged = both = decisions = 0
    t = time.perf_counter()
    for log in logs:
        a = hl.analysis.costly_moves(log, agent=agent, threshold=threshold, seed=0, progress=False)
        b = hl.analysis.costly_moves(log, agent=agent, threshold=threshold, seed=1, progress=False)
        sa, sb = set(a["step"]), set(b["step"])
        flagged += len(sa)
        both += len(sa & sb)
        decisions += a.attrs["decisions"]
    dt = time.perf_counter() - t
    share = both / flagged if flagged else float("nan")
    print(f"tutor {agent}, threshold {threshold}: {n_logs} games, {decisions} decisions judged twice, "
          f"{flagged} flagged by the first run, {both} of them by the second too ({share:.0%}); {dt:.0f} s")
    return {"agent": agent, "threshold": threshold, "games": n_logs, "decisions": decisions, "flagged": flagged,
            "also_flagged": both, "agreement": share, "seconds": dt}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["speed", "ladder", "first", "matrix", "tutor"], action="append")
    ap.add_argument("--game", action="append")
    ap.add_argument("--games", type=int, default=40, help="games per pair of the ladder")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tutor-agent", default="mcts:300")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    games = args.game or GAMES
    parts = args.only or ["speed", "ladder", "first", "matrix", "tutor"]
    print(f"load average {os.getloadavg()[0]:.2f}")
    path = RESULTS / "mcts.json"
    old = json.loads(path.read_text("utf-8")) if path.exists() and not args.quick else {}
    old.pop("machine", None)
    res = dict(old)
    if "speed" in parts:
        res["speed"] = speed(games, [20] if args.quick else [100, 300, 1000], 2 if args.quick else 6)
    if "ladder" in parts:
        agents = ["random", "greedy", "mcts:10", "mcts:30"] if args.quick else ["random", "greedy", "mcts:100",
                                                                                "mcts:1000"]
        res["ladder"] = ladder(games, agents, 4 if args.quick else args.games, args.workers, keep=not args.quick)
    if "first" in parts:
        res["first_step"] = first_step(games, 8 if args.quick else 400, args.workers)
    if "matrix" in parts:
        res["matrix"] = matrix(["random", "greedy", "mcts:10", "mcts:30"] if args.quick
                               else ["random", "greedy", "mcts:25", "mcts:100"], 4 if args.quick else 200,
                               args.workers)
    if "tutor" in parts:
        res["tutor"] = tutor(games, 2 if args.quick else 20, "mcts:20" if args.quick else args.tutor_agent, 0.1)
    res["load_average"] = os.getloadavg()[0]
    if not args.quick:
        print("wrote", save("mcts", res))


if __name__ == "__main__":
    main()
