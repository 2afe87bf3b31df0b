"""Benchmark: what a live GameView sends per step, and how long a step takes, as a game grows.

    python bench/traffic.py [--game hostil_hostal] [--players 5] [--nights 5] [--seed 1]
                            [--perspective omniscient|0|1|...]

A live Match of ``--game`` (agents on every seat) is shown in a GameView (omniscient by
default: its own frames plus one set per seat); the view is stepped to the end of the game
through the same message the front end's "next" button sends (``{"type": "step"}``).
Every comm message the widget sends (trait updates and custom messages) is measured as the
JSON text plus binary buffers that would go to the browser. No kernel is needed: the
widget's ``_send`` is wrapped.

Prints, for the windows of steps 1-16 and 300-315 (a window, because a step's cost may
depend on where it falls in a chunk): bytes sent per step (mean and max), a live step's
time through the widget (median), and ``Match.step`` alone (median); then the largest
step (every 64th step sends the merged chunk of the last 64 states), the p95 and max step
time, totals for the whole game and the size of the final state's frames. Issue 11's kind: per-step traffic,
time and memory stay flat as a game grows, so the step-300 figures should match step 1's.
Results also go to bench/results/traffic.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from _common import save  # also puts the checkout on sys.path

import hotellab as hl
from hotellab.widgets import GameView


def _size(msg, buffers) -> int:
    text = json.dumps(msg, separators=(",", ":"), ensure_ascii=False, default=str)
    return len(text.encode("utf-8")) + sum(len(memoryview(b).cast("B")) for b in (buffers or []))


def _window(values: list, start: int, width: int = 16) -> list:
    return values[start - 1: start - 1 + width]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="hostil_hostal")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--nights", type=int, default=5, help="Hostil Hostal's 'nights' option")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perspective", default="omniscient")
    args = ap.parse_args()
    options = {"nights": args.nights} if args.game == "hostil_hostal" else {}
    game = hl.load_game(args.game, num_players=args.players, options=options)
    persp = None if args.perspective == "omniscient" else int(args.perspective)

    # Match.step alone, over a whole game
    m = hl.Match(game, seed=args.seed, agents=["random"] * game.num_players)
    match_ms = []
    while not m.state.is_terminal:
        t = time.perf_counter()
        m.step()
        match_ms.append((time.perf_counter() - t) * 1e3)

    # the same game through a live GameView
    m = hl.Match(game, seed=args.seed, agents=["random"] * game.num_players)
    view = GameView(m, perspective=persp)
    sent = [0, 0]  # all bytes, and those of the new board's plain frame (_head)

    def _send(msg, buffers=None):
        sent[0] += _size(msg, buffers)
        head = (msg.get("state") or {}).get("_head")
        if head:
            sent[1] += _size(head, None)

    view._send = _send
    view.send = lambda content, buffers=None: _send({"method": "custom", "content": content}, buffers)
    step_bytes, step_ms, head_bytes = [], [], []
    while not m.state.is_terminal:
        sent[0] = sent[1] = 0
        t = time.perf_counter()
        view._on_msg(view, {"type": "step"}, [])
        step_ms.append((time.perf_counter() - t) * 1e3)
        step_bytes.append(sent[0])
        head_bytes.append(sent[1])
        if view._error:
            raise SystemExit(f"step {len(step_ms)}: {view._error}")
    n = len(step_ms)
    final = sum(len(c) for c in view._chunks) + len(view._tail)
    print(f"{game.id}, {args.players} players, {args.nights} nights, seed {args.seed}: {n} steps, "
          f"{'omniscient' if persp is None else f'seat {persp}'} live GameView "
          f"({len(view._store.perspectives)} frame sets)")
    out: dict = {"args": vars(args), "steps": n, "windows": {}}
    for start in (1, 300):
        if n < start:
            print(f"steps {start}-{start + 15}: the game ended after {n} steps")
            continue
        b, t, ms = _window(step_bytes, start), _window(step_ms, start), _window(match_ms, start)
        hb = _window(head_bytes, start)
        row = {"bytes_mean": statistics.fmean(b), "bytes_max": max(b), "head_bytes_mean": statistics.fmean(hb),
               "view_step_ms_median": statistics.median(t), "match_step_ms_median": statistics.median(ms)}
        out["windows"][str(start)] = row
        print(f"steps {start:>3}-{start + len(b) - 1:<3}: {row['bytes_mean'] / 1024:8.1f} kB sent per step "
              f"(max {row['bytes_max'] / 1024:.1f} kB; the new board as plain JSON "
              f"{row['head_bytes_mean'] / 1024:.1f} kB of it); live step {row['view_step_ms_median']:.1f} ms, "
              f"Match.step {row['match_step_ms_median']:.3f} ms (medians)")
    total = sum(step_bytes)
    worst = max(range(n), key=lambda i: step_bytes[i])
    slow = sorted(step_ms)[int(0.95 * (n - 1))]
    print(f"largest step: {step_bytes[worst] / 1024:.1f} kB at step {worst + 1} (every {64}th step merges "
          f"the last 64 one-state chunks into one); live step p95 {slow:.1f} ms, max {max(step_ms):.1f} ms")
    out.update({"total_bytes": total, "final_frames_bytes": final, "total_view_s": sum(step_ms) / 1e3,
                "max_step_bytes": step_bytes[worst], "max_step_at": worst + 1,
                "view_step_ms_p95": slow, "view_step_ms_max": max(step_ms)})
    print(f"whole game: {total / 2**20:.2f} MB sent; the final frames are {final / 2**20:.2f} MB; "
          f"{sum(step_ms) / 1e3:.1f} s of live steps")
    print(f"results: {save('traffic', out)}")


if __name__ == "__main__":
    main()
