"""Random-playout throughput of Hostil Hostal, single core.

    .venv/bin/python bench/playout.py [--games N] [--quick]

For every player count (2-5) and every option set (nights x sides x misfortune), plays N
whole games with the built-in random agent (chance sampled with the same generator) and
prints steps/s (one step = one ``apply``: a decision or a chance outcome, including the
``legal_actions`` call that chose it) and games/s. Target: >= 10,000 steps/s.
Results also go to bench/results/playout.json.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from _common import save

import hotellab as hl
from hotellab.agents import RandomAgent

TARGET_STEPS_PER_S = 10_000


def playout(game, rng: random.Random, agent) -> int:
    """One random game from the initial state; returns the number of steps."""
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal:
        if state.is_chance_node:
            action = state.sample_chance(rng)
        else:
            action = agent.act(state, rng)
        state = state.apply(action)
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="games per cell (default 10)")
    ap.add_argument("--quick", action="store_true", help="default options only")
    args = ap.parse_args()

    probe = hl.load_game("hostil_hostal", num_players=3)
    specs = {s.name: s.allowed for s in probe.option_specs()}
    names = sorted(specs)
    option_sets = [dict(zip(names, vals)) for vals in itertools.product(*(specs[n] for n in names))]
    if args.quick:
        option_sets = [{}]
    agent = RandomAgent()
    rows = []
    print(f"Hostil Hostal random playouts, {args.games} games per cell, one core")
    print(f"{'players':>7} {'options':<44} {'steps/game':>10} {'steps/s':>9} {'games/s':>8}")
    totals: dict[int, list[float]] = {}
    for n in (2, 3, 4, 5):
        tot_steps = tot_time = tot_games = 0
        for opts in option_sets:
            game = hl.load_game("hostil_hostal", num_players=n, options=opts)
            rng = random.Random(f"{n}:{sorted(opts.items())}")
            playout(game, rng, agent)  # warm caches (data files, lazy imports)
            steps = 0
            t0 = time.perf_counter()
            for _ in range(args.games):
                steps += playout(game, rng, agent)
            dt = time.perf_counter() - t0
            label = ", ".join(f"{k}={v}" for k, v in sorted(game.options.items()))
            row = {"players": n, "options": dict(game.options), "games": args.games, "steps": steps,
                   "seconds": dt, "steps_per_s": steps / dt, "games_per_s": args.games / dt}
            rows.append(row)
            print(f"{n:>7} {label:<44} {steps / args.games:>10.0f} {steps / dt:>9.0f} {args.games / dt:>8.1f}")
            tot_steps += steps
            tot_time += dt
            tot_games += args.games
        totals[n] = [tot_steps / tot_time, tot_games / tot_time, tot_steps / tot_games]
    print()
    print(f"{'players':>7} {'steps/s':>9} {'games/s':>8} {'steps/game':>10}   (all option sets)")
    for n, (sps, gps, spg) in totals.items():
        print(f"{n:>7} {sps:>9.0f} {gps:>8.1f} {spg:>10.0f}")
    worst = min(r["steps_per_s"] for r in rows)
    overall = sum(r["steps"] for r in rows) / sum(r["seconds"] for r in rows)
    ok = "meets" if worst >= TARGET_STEPS_PER_S else "MISSES"
    print(f"\noverall {overall:.0f} steps/s; slowest cell {worst:.0f} steps/s: {ok} the target of {TARGET_STEPS_PER_S} steps/s")
    path = save("playout_quick" if args.quick else "playout", {"rows": rows, "per_players": {str(k): {"steps_per_s": v[0], "games_per_s": v[1], "steps_per_game": v[2]} for k, v in totals.items()},
                            "overall_steps_per_s": overall, "slowest_steps_per_s": worst, "target_steps_per_s": TARGET_STEPS_PER_S})
    print(f"written {path}")


if __name__ == "__main__":
    main()
