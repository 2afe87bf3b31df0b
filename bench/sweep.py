"""hl.sweep: seconds per cell, and what a component-data cell costs beyond its games (issue 21).

    .venv/bin/python bench/sweep.py                 # every game, --games 200 per cell
    .venv/bin/python bench/sweep.py --quick         # 20 games per cell: checks that it runs
    .venv/bin/python bench/sweep.py --game perfect_hotel --workers 1

For each game (random agents, smallest player count) three sweeps of two cells each, with
the same games per cell:

- **option**: a grid over one of the game's options;
- **data**: a grid over one reconstructed component value (data/*.toml), whose cells import
  the game's package afresh under the override (here and in each worker process);
- **plain**: two plain ``hl.simulate`` runs of the same size, the baseline.

It prints seconds per cell of each and the data cell's overhead over a plain run, and the
time of the override switch alone (a first import of a generation, then a switch back to
one kept). The figure (plotly, ``--figure``, default bench/results/sweep.html) shows
seconds per cell per game; the numbers go to bench/results/sweep.json. On this shared 2-core
machine the figures mean something only when the load average (printed) is near zero.
"""

from __future__ import annotations

import argparse
import os
import time

from _common import RESULTS, save

import hotellab as hl
from hotellab.core import data as D
from hotellab.core.files import write_whole

# one option and one reconstructed data value per game (docs/simulate.md, "Sweeps")
CASES = {
    "perfect_hotel": ({"star_bonus": [False, True]}, {"cards.kind[id=pool].points": [7, 9]}),
    "hostil_hostal": ({"misfortune": ["die", "per_room"]}, {"reforms.reform[id=5].b": [-3, 0]}),
    "hellton_palace": ({"grooms": ["effect", "any"]}, {"grooms.groom[id=false_reservation].cost": [2, 3]}),
    "hotel_zombie": ({"assist": ["remaining", "full"]}, {"cards.player.health": [100, 80]}),
    "boutique_hotel": ({"shortfall": ["per_worker", "per_day"]}, {"board.track.max_stars": [5, 6]}),
}


def _load() -> str:
    a, b, c = os.getloadavg()
    return f"load average {a:.2f} {b:.2f} {c:.2f} (2 cores)"


def switch_times(game_id: str, overrides: dict) -> dict:
    """Milliseconds of a first switch to ``overrides`` (a fresh import of the package), of
    the switch back to the files' data, and of a second switch (the kept generation)."""
    hl.load_game(game_id)
    out = {}
    t = time.perf_counter()
    D.use_data(game_id, overrides)
    out["first_ms"] = (time.perf_counter() - t) * 1e3
    t = time.perf_counter()
    D.use_data(game_id, None)
    out["back_ms"] = (time.perf_counter() - t) * 1e3
    t = time.perf_counter()
    D.use_data(game_id, overrides)
    out["kept_ms"] = (time.perf_counter() - t) * 1e3
    D.use_data(game_id, None)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per cell")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--game", action="append", help="one game (repeat for several); default all five")
    ap.add_argument("--quick", action="store_true", help="20 games per cell")
    ap.add_argument("--figure", default=str(RESULTS / "sweep.html"), help="where the plotly figure goes")
    args = ap.parse_args()
    games = 20 if args.quick else args.games
    ids = args.game or list(CASES)
    print(f"== hl.sweep, {games} games per cell, {args.workers} worker(s), random agents ({_load()})")
    print(f"{'game':<16} {'option s/cell':>13} {'data s/cell':>12} {'plain s/run':>12} {'data overhead':>14} "
          f"{'switch ms (first/back/kept)':>28}")
    rows = {}
    hl.sweep(ids[0], CASES[ids[0]][0], ["random"], 2, workers=1, progress=False)  # imports pandas, scipy, plotly
    for gid in ids:
        option, data = CASES[gid]
        hl.simulate(gid, ["random"], min(games, 10), 0, workers=1, progress=False)  # warm up
        sw = switch_times(gid, {k: v[1] for k, v in data.items()})  # before the sweep keeps that generation
        t = time.perf_counter()
        hl.sweep(gid, option, ["random"], games, workers=args.workers, progress=False)
        per_option = (time.perf_counter() - t) / 2
        t = time.perf_counter()
        hl.sweep(gid, data, ["random"], games, workers=args.workers, progress=False)
        per_data = (time.perf_counter() - t) / 2
        t = time.perf_counter()
        for _ in range(2):
            hl.simulate(gid, ["random"], games, 0, workers=args.workers, progress=False, seating="rotate")
        per_plain = (time.perf_counter() - t) / 2
        rows[gid] = {"option_s": per_option, "data_s": per_data, "plain_s": per_plain,
                     "data_overhead": per_data / per_plain - 1, **sw,
                     "option_key": list(option)[0], "data_key": list(data)[0]}
        over = rows[gid]["data_overhead"]
        print(f"{gid:<16} {per_option:>13.3f} {per_data:>12.3f} {per_plain:>12.3f} {over:>+13.1%} "
              f"{sw['first_ms']:>12.1f} / {sw['back_ms']:.1f} / {sw['kept_ms']:.1f}")
    path = save("sweep", {"games_per_cell": games, "workers": args.workers, "load": _load(), "games": rows})
    print(f"saved {path}")

    import plotly.graph_objects as go

    fig = go.Figure()
    for name, key, colour in (("option cell", "option_s", "#4c78a8"), ("data cell", "data_s", "#f58518"),
                              ("plain simulate", "plain_s", "#9e9e9e")):
        fig.add_trace(go.Bar(x=list(rows), y=[rows[g][key] for g in rows], name=name, marker_color=colour))
    fig.update_layout(title=f"hl.sweep: seconds per cell ({games} games, {args.workers} worker(s), random agents)",
                      yaxis_title="seconds per cell", barmode="group", template="plotly_white", height=420)
    write_whole(args.figure, fig.to_html(include_plotlyjs="cdn", full_html=True))
    print(f"figure {args.figure}")


if __name__ == "__main__":
    main()
