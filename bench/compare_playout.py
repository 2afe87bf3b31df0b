"""Random-playout throughput of two checkouts side by side (issue 8: "no game's throughput
falls by more than 5%"; Hostil Hostal's slowest default cell at least 1.3x).

    .venv/bin/python bench/compare_playout.py --baseline /path/to/old/checkout [--rounds 5]

For every game both checkouts have, every player count with default options: each round runs
the same seeded random games in a fresh process per checkout (baseline and this checkout
alternate, so a busy machine slows both alike) and times them in CPU seconds of that process
(``time.process_time``), not wall time. Prints the median steps/s of each, their ratio, the
slowest default cell of each game, and writes bench/results/compare_playout.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from _common import save

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Runs in a child process with the checkout first on sys.path: plays `games` seeded random
# games (uniform over legal actions, chance sampled) and prints steps and CPU seconds.
CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import hotellab as hl
assert hl.__file__.startswith(sys.argv[1]), hl.__file__
gid, n, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = hl.load_game(gid, num_players=n)
rng = random.Random(f"{gid}:{n}")
steps = 0
t = time.process_time()
for _ in range(games):
    s = game.new_initial_state()
    while not s.is_terminal:
        if s.is_chance_node:
            a = s.sample_chance(rng)
        else:
            acts = s.legal_actions()
            a = acts[rng.randrange(len(acts))]
        s = s.apply(a)
        steps += 1
print(json.dumps({"steps": steps, "cpu": time.process_time() - t}))
"""


def _games_of(tree: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c",
         "import sys; sys.path.insert(0, sys.argv[1]); import hotellab as hl; from hotellab.core.game import game_class\n"
         "import json; print(json.dumps({g: [game_class(g).min_players, game_class(g).max_players] "
         "for g in hl.list_games()}))", str(tree)],
        capture_output=True, text=True, check=True, cwd=tree)
    return json.loads(out.stdout)


def _run(tree: Path, gid: str, n: int, games: int) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), gid, str(n), str(games)],
                         capture_output=True, text=True, check=True, cwd=tree, env=env)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return r["steps"] / r["cpu"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", required=True, type=Path, help="the other checkout (its root folder)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=20, help="games per cell per round")
    ap.add_argument("--game", action="append", help="only these games")
    args = ap.parse_args(argv)
    base, here = args.baseline.resolve(), ROOT
    common = _games_of(base).keys() & _games_of(here).keys()
    cells = {}
    for gid in sorted(common):
        if args.game and gid not in args.game:
            continue
        lo, hi = _games_of(here)[gid]
        for n in range(lo, hi + 1):
            cells[(gid, n)] = {"baseline": [], "now": []}
    for r in range(args.rounds):
        for (gid, n), c in cells.items():
            c["baseline"].append(_run(base, gid, n, args.games))
            c["now"].append(_run(here, gid, n, args.games))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    rows, slowest = [], {}
    print(f"{'game':16} {'players':>7} {'baseline':>10} {'now':>10} {'ratio':>6}   (steps/s, CPU time, median of {args.rounds})")
    for (gid, n), c in cells.items():
        b, h = statistics.median(c["baseline"]), statistics.median(c["now"])
        rows.append({"game": gid, "players": n, "baseline": round(b), "now": round(h), "ratio": round(h / b, 3)})
        print(f"{gid:16} {n:>7} {b:>10,.0f} {h:>10,.0f} {h / b:>6.2f}")
        sb, sh = slowest.get(gid, (None, None))
        slowest[gid] = (min(b, sb) if sb else b, min(h, sh) if sh else h)
    print()
    for gid, (b, h) in slowest.items():
        print(f"{gid:16} slowest default cell: baseline {b:,.0f}, now {h:,.0f} steps/s ({h / b:.2f}x)")
    save("compare_playout", {"rounds": args.rounds, "games": args.games, "cells": rows,
                             "slowest": {g: {"baseline": round(b), "now": round(h), "ratio": round(h / b, 3)}
                                         for g, (b, h) in slowest.items()}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
