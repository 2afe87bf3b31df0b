"""Benchmark: building GameView frames for a whole game, and their size.

    python bench/widget_frames.py [--players 3] [--nights 5] [--seed 1]

Prints the number of states, the time to frame every state (one perspective, and the
omniscient widget with every seat's perspective), and bytes per frame: raw JSON, gzip +
base64 as sent to the browser (repeated boards elided), and the SVG alone.
Results also go to bench/results/widget_frames.json. Target: a 300-step replay framed for
every perspective well under a few seconds.
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import tempfile
import time

from _common import save  # also puts the checkout on sys.path

import hotellab as hl
from hotellab.widgets import export_html, frames
from hotellab.widgets._store import widget_state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--nights", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    out: dict = {"args": vars(args)}
    game = hl.load_game("hostil_hostal", num_players=args.players, options={"nights": args.nights})
    t = time.perf_counter()
    log = hl.play(game, agents=["random"] * args.players, seed=args.seed)
    replay = hl.Replay(log)
    print(f"{len(replay)} states ({args.players} players, {args.nights} nights); "
          f"play + replay {time.perf_counter() - t:.2f} s")

    fs = frames(replay, 0)  # warm caches (imports, room cache) like a second widget would
    t = time.perf_counter()
    fs = frames(replay, 0)
    dt = time.perf_counter() - t
    print(f"frames(replay, 0): {dt:.2f} s, {dt / len(fs) * 1e3:.2f} ms per frame")
    out["states"] = len(replay)
    out["frames_seat0_s"] = dt

    for persp in (0, None):
        t = time.perf_counter()
        store, traits = widget_state(replay, persp)
        dt = time.perf_counter() - t
        n = len(replay) * len(store.perspectives)
        sent = sum(len(c) for c in traits["_chunks"]) + len(traits["_tail"])
        label = "seat 0" if persp is not None else f"omniscient + {game.num_seats} seats"
        print(f"widget frames, {label}: {dt:.2f} s for {n} frames ({dt / n * 1e3:.2f} ms each); "
              f"sent {sent / 1024:.0f} kB = {sent / n:.0f} B per frame")
        out["widget_" + ("seat0" if persp is not None else "all")] = {
            "seconds": dt, "frames": n, "sent_bytes": sent, "bytes_per_frame": sent / n}

    raw = [len(json.dumps(f, separators=(",", ":"), ensure_ascii=False).encode()) for f in fs]
    svg = [len(f["svg"].encode()) for f in fs]
    one = [len(gzip.compress(json.dumps(f).encode(), mtime=0)) for f in fs]
    print(f"per frame: raw JSON {sum(raw) / len(raw):.0f} B (SVG {sum(svg) / len(svg):.0f} B); "
          f"a frame gzipped alone {sum(one) / len(one):.0f} B")
    out["raw_bytes_per_frame"] = sum(raw) / len(raw)
    out["svg_bytes_per_frame"] = sum(svg) / len(svg)
    out["gzip_alone_bytes_per_frame"] = sum(one) / len(one)
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        path = export_html(replay, pathlib.Path(tmp) / "bench.html")
        dt = time.perf_counter() - t
        size = path.stat().st_size
    print(f"export_html (all perspectives): {size / 1024:.0f} kB in {dt:.2f} s")
    out["export_html"] = {"seconds": dt, "bytes": size}
    print(f"results: {save('widget_frames', out)}")


if __name__ == "__main__":
    main()
