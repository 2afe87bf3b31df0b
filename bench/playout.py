"""Random-playout throughput of every game (or those named), single core.

    .venv/bin/python bench/playout.py [--game ID ...] [--games N] [--quick]

For each game, every allowed player count and every option set (the product of the game's
option specs), plays N whole games with the built-in random agent (chance sampled with the
same generator) and prints steps/s (one step = one ``apply``: a decision or a chance outcome,
including the ``legal_actions`` call that chose it) and games/s. Each game has a target
(``TARGETS``: the issue that added it sets it); the slowest cell is compared with it.
Results go to bench/results/playout.json (``playout_quick.json`` with ``--quick``;
``playout_<id>.json`` when games are named).
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from _common import save

import hotellab as hl
from hotellab.agents import RandomAgent

# steps/s that the slowest option cell of each game must reach (issue targets).
TARGETS = {"hostil_hostal": 10_000, "perfect_hotel": 20_000, "hellton_palace": 10_000, "hotel_zombie": 20_000,
           "boutique_hotel": 20_000}
DEFAULT_TARGET = 10_000


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


def option_sets(game_id: str, quick: bool) -> list[dict]:
    """Every combination of the game's allowed option values (``[{}]`` when quick)."""
    if quick:
        return [{}]
    specs = {s.name: s.allowed for s in hl.load_game(game_id).option_specs()}
    names = sorted(specs)
    return [dict(zip(names, vals)) for vals in itertools.product(*(specs[n] for n in names))]


def bench_game(game_id: str, games: int, quick: bool) -> dict:
    """Time every (player count, option set) cell of one game; prints a table, returns figures."""
    cls = hl.core.game.game_class(game_id)
    agent = RandomAgent()
    rows = []
    totals: dict[int, list[float]] = {}
    print(f"\n{cls.title} random playouts, {games} games per cell, one core")
    print(f"{'players':>7} {'options':<52} {'steps/game':>10} {'steps/s':>9} {'games/s':>8}")
    for n in range(cls.min_players, cls.max_players + 1):
        tot_steps = tot_time = tot_games = 0
        for opts in option_sets(game_id, quick):
            game = hl.load_game(game_id, num_players=n, options=opts)
            rng = random.Random(f"{game_id}:{n}:{sorted(opts.items())}")
            playout(game, rng, agent)  # warm caches (data files, lazy imports)
            steps = 0
            t0 = time.perf_counter()
            for _ in range(games):
                steps += playout(game, rng, agent)
            dt = time.perf_counter() - t0
            label = ", ".join(f"{k}={v}" for k, v in sorted(game.options.items()))
            rows.append({"players": n, "options": dict(game.options), "games": games, "steps": steps,
                         "seconds": dt, "steps_per_s": steps / dt, "games_per_s": games / dt})
            print(f"{n:>7} {label[:52]:<52} {steps / games:>10.0f} {steps / dt:>9.0f} {games / dt:>8.1f}")
            tot_steps += steps
            tot_time += dt
            tot_games += games
        totals[n] = [tot_steps / tot_time, tot_games / tot_time, tot_steps / tot_games]
    print(f"{'players':>7} {'steps/s':>9} {'games/s':>8} {'steps/game':>10}   (all option sets)")
    for n, (sps, gps, spg) in totals.items():
        print(f"{n:>7} {sps:>9.0f} {gps:>8.1f} {spg:>10.0f}")
    target = TARGETS.get(game_id, DEFAULT_TARGET)
    worst = min(r["steps_per_s"] for r in rows)
    overall = sum(r["steps"] for r in rows) / sum(r["seconds"] for r in rows)
    ok = "meets" if worst >= target else "MISSES"
    print(f"{cls.title}: overall {overall:.0f} steps/s; slowest cell {worst:.0f} steps/s: "
          f"{ok} the target of {target} steps/s")
    return {"rows": rows,
            "per_players": {str(k): {"steps_per_s": v[0], "games_per_s": v[1], "steps_per_game": v[2]}
                            for k, v in totals.items()},
            "overall_steps_per_s": overall, "slowest_steps_per_s": worst, "target_steps_per_s": target}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=hl.list_games(), metavar="ID",
                    help=f"a game id (repeatable; default: all of {', '.join(hl.list_games())})")
    ap.add_argument("--games", type=int, default=10, help="games per cell (default 10)")
    ap.add_argument("--quick", action="store_true", help="default options only")
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")

    ids = args.game or hl.list_games()
    results = {gid: bench_game(gid, args.games, args.quick) for gid in ids}
    name = "playout_quick" if args.quick else "playout"
    if args.game:
        name += "_" + "_".join(ids)
    print()
    for gid, r in results.items():
        print(f"{gid:<16} overall {r['overall_steps_per_s']:>8.0f} steps/s, slowest cell "
              f"{r['slowest_steps_per_s']:>8.0f} (target {r['target_steps_per_s']})")
    print(f"written {save(name, {'games': results})}")


if __name__ == "__main__":
    main()
