"""The boards: how big and how fast, and how much of a game the board takes.

    .venv/bin/python bench/boards.py [--games N]

Per game, over N random games (all player counts, states sampled every 5 actions): the board
SVG's size (KB, median and largest), render_svg's time (ms, median), the number of things drawn
as targets, and the share of legal actions that the board reaches (state.action_targets).
Frames carry one SVG per state and perspective, so the size is what a saved view grows by.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import hotellab as hl
from hotellab.testing import board_targets


def measure(game_id: str, games: int) -> dict:
    cls = hl.core.game.game_class(game_id)
    sizes, times, things = [], [], []
    legal = on = 0
    rng = random.Random(1)
    for n in range(cls.min_players, min(cls.max_players, 4) + 1):
        for _ in range(games):
            g = hl.load_game(game_id, num_players=n)
            s = g.new_initial_state()
            k = 0
            while not s.is_terminal:
                if k % 5 == 0:
                    view = s.view(None)
                    t0 = time.perf_counter()
                    svg = g.render_svg(view)
                    times.append((time.perf_counter() - t0) * 1000)
                    sizes.append(len(svg.encode()) / 1024)
                    things.append(len(board_targets(svg)))
                if s.is_chance_node:
                    s = s.apply(s.sample_chance(rng))
                else:
                    acts = s.legal_actions()
                    legal += len(acts)
                    on += sum(len(v) for v in s.action_targets().values())
                    s = s.apply(rng.choice(acts))
                k += 1
    return {"kb_median": statistics.median(sizes), "kb_max": max(sizes), "ms_median": statistics.median(times),
            "things": statistics.median(things), "share": on / legal if legal else 0.0, "boards": len(sizes)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    a = ap.parse_args()
    print(f"{'game':16} {'boards':>6} {'KB med':>7} {'KB max':>7} {'ms med':>7} {'things':>7} {'on board':>9}")
    for gid in hl.list_games():
        r = measure(gid, a.games)
        print(f"{gid:16} {r['boards']:6d} {r['kb_median']:7.1f} {r['kb_max']:7.1f} {r['ms_median']:7.2f} "
              f"{r['things']:7.0f} {r['share']:9.0%}")


if __name__ == "__main__":
    main()
