"""Bytes allocated per ``apply`` step (tracemalloc), for every registered game (or those named).

    .venv/bin/python bench/alloc.py [--game ID ...] [--games N] [--players N]
    PYTHONPATH=/path/to/other/checkout .venv/bin/python bench/alloc.py   # another checkout

For each game and player count (default options) this plays N seeded random games without
tracing, keeping every (state, action) pair, then re-applies each pair with tracemalloc on and
prints, per step:

- ``retained``: bytes still allocated after the step with the new state alive — what the new
  state does not share with the old one (copied lists, new tuples, events). Copy-on-write
  shows here.
- ``peak``: the most bytes allocated at any moment during the step (temporaries included).

The legal actions of each state are computed before tracing (the agent asked for them when
the pairs were made), so the figures are those of ``apply`` itself. Unlike the other bench
scripts this one does not put its checkout first on ``sys.path``: ``PYTHONPATH`` decides which
``hotellab`` is measured (the one printed first), so two checkouts can be compared with the
same script. Results go to bench/results/alloc.json (``alloc_<id>.json`` when games are named;
not written when ``hotellab`` is not this checkout's).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import hotellab as hl

HERE = Path(__file__).resolve().parent


def pairs_of(game, seed: int, games: int) -> list:
    """(state, action) for every step of ``games`` seeded random games (no tracing)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal:
            if s.is_chance_node:
                a = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                a = legal[rng.randrange(len(legal))]
            out.append((s, a))
            s = s.apply(a)
    return out


def measure(pairs) -> tuple[list[int], list[int]]:
    """Retained and peak bytes of each ``state.apply(action)`` (tracemalloc)."""
    retained, peaks = [], []
    tracemalloc.start()
    try:
        for s, a in pairs:
            before = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            new = s.apply(a)
            cur, peak = tracemalloc.get_traced_memory()
            retained.append(cur - before)
            peaks.append(peak - before)
            del new
    finally:
        tracemalloc.stop()
    return retained, peaks


def bench_game(game_id: str, games: int, players: list[int] | None) -> list[dict]:
    cls = hl.core.game.game_class(game_id)
    counts = players or list(range(cls.min_players, cls.max_players + 1))
    rows = []
    print(f"\n{cls.title}: bytes per apply step, {games} game(s) per player count, default options")
    print(f"{'players':>7} {'steps':>7} {'retained mean':>14} {'median':>8} {'peak mean':>10} {'median':>8}")
    for n in counts:
        if not cls.min_players <= n <= cls.max_players:
            continue
        game = hl.load_game(game_id, num_players=n)
        pairs = pairs_of(game, seed=n, games=games)
        retained, peaks = measure(pairs)
        row = {"players": n, "steps": len(pairs),
               "retained_mean": statistics.fmean(retained), "retained_median": statistics.median(retained),
               "peak_mean": statistics.fmean(peaks), "peak_median": statistics.median(peaks)}
        rows.append(row)
        print(f"{n:>7} {len(pairs):>7} {row['retained_mean']:>14.0f} {row['retained_median']:>8.0f} "
              f"{row['peak_mean']:>10.0f} {row['peak_median']:>8.0f}")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", metavar="ID", help="a game id (repeatable; default: every game)")
    ap.add_argument("--games", type=int, default=3, help="random games per player count (default 3)")
    ap.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")
    src = Path(hl.__file__).resolve().parent.parent
    print(f"hotellab from {src} (python {platform.python_version()})")
    ids = args.game or hl.list_games()
    results = {gid: bench_game(gid, args.games, args.players) for gid in ids}
    if src == HERE.parent:
        name = "alloc" + ("_" + "_".join(ids) if args.game else "")
        out = HERE / "results" / f"{name}.json"
        out.parent.mkdir(exist_ok=True)
        data = {"script": "alloc.py", "when": time.strftime("%Y-%m-%dT%H:%M:%S"), "python": sys.version,
                "machine": platform.platform(), "games": results}
        tmp = out.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(data, indent=1), "utf-8")
        tmp.replace(out)
        print(f"written {out}")


if __name__ == "__main__":
    main()
