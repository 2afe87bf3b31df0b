"""Replay.state_at(k) for random k in the longest log we can make.

    .venv/bin/python bench/replay.py [--samples N] [--tries T]

Plays T games of 5-player, 5-night Hostil Hostal (random and greedy agents, several seeds),
keeps the longest log, then times ``Replay(log).state_at(k)`` for N random k (each call
timed alone, so the replay's forward-stepping cache helps only when k happens to follow the
previous k). Also times building the Replay and a forward scrub (k = 0, 1, 2, ...) as a
widget's Next button does. Target: state_at <= 5 ms for any k.
Results also go to bench/results/replay.json.
"""

from __future__ import annotations

import argparse
import random
import time

from _common import save, summary

import hotellab as hl

TARGET_MS = 5.0


def longest_log(tries: int):
    game = hl.load_game("hostil_hostal", num_players=5, options={"nights": 5})
    best = None
    for seed in range(tries):
        agents = ["random"] * 5 if seed % 2 == 0 else ["greedy", "random", "greedy", "random", "random"]
        log = hl.play(game, agents=agents, seed=seed)
        if best is None or len(log.actions) > len(best.actions):
            best = log
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--samples", type=int, default=2000)
    ap.add_argument("--tries", type=int, default=12, help="games to play to find the longest log")
    args = ap.parse_args()

    log = longest_log(args.tries)
    t0 = time.perf_counter()
    replay = hl.Replay(log)
    build_ms = (time.perf_counter() - t0) * 1000
    n = len(replay)
    print(f"longest log: 5 players, 5 nights, seed {log.seed}, agents {','.join(log.agents or [])}: "
          f"{len(log.actions)} actions, {n} states; Replay() built in {build_ms:.1f} ms "
          f"(checkpoint every {replay.checkpoint_every})")

    rng = random.Random(0)
    times = []
    for _ in range(args.samples):
        k = rng.randrange(n)
        t = time.perf_counter()
        replay.state_at(k)
        times.append((time.perf_counter() - t) * 1000)
    s = summary(times)
    print(f"state_at(random k), {s['n']} calls: mean {s['mean']:.3f} ms, p50 {s['p50']:.3f} ms, "
          f"p95 {s['p95']:.3f} ms, max {s['max']:.3f} ms")

    # the worst k: just before a checkpoint, from a cold cache
    worst = []
    every = replay.checkpoint_every
    for k in range(every - 1, n - 1, every):
        replay.state_at(0)
        t = time.perf_counter()
        replay.state_at(k)
        worst.append((time.perf_counter() - t) * 1000)
    w = summary(worst)
    print(f"state_at(k) at the worst k (checkpoint + {every - 1} applies), {w['n']} calls: "
          f"mean {w['mean']:.3f} ms, max {w['max']:.3f} ms")

    fwd = []
    for k in range(n):
        t = time.perf_counter()
        replay.state_at(k)
        fwd.append((time.perf_counter() - t) * 1000)
    f = summary(fwd)
    print(f"forward scrub k = 0..{n - 1}: mean {f['mean']:.3f} ms, p95 {f['p95']:.3f} ms, max {f['max']:.3f} ms")

    worst_all = max(s["max"], w["max"], f["max"])
    verdict = "meets" if worst_all <= TARGET_MS else "MISSES"
    print(f"slowest call {worst_all:.3f} ms: {verdict} the target of {TARGET_MS} ms")
    path = save("replay", {"actions": len(log.actions), "states": n, "seed": log.seed, "agents": log.agents,
                           "build_ms": build_ms, "random_k_ms": s, "worst_k_ms": w, "forward_ms": f,
                           "target_ms": TARGET_MS})
    print(f"written {path}")


if __name__ == "__main__":
    main()
