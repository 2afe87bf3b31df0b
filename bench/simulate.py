"""hl.simulate throughput: 1 vs 2 worker processes, the Dask backend's overhead, 10,000 games
of each game, and the balance notebook's bundled table (issue 13).

    .venv/bin/python bench/simulate.py                   # everything below, default sizes
    .venv/bin/python bench/simulate.py --quick           # small sizes: checks that it runs
    .venv/bin/python bench/simulate.py --only scaling    # one part: scaling, dask, tenk or faults
    .venv/bin/python bench/simulate.py --only tenk --write-data notebooks/data/balance.parquet
    .venv/bin/python bench/simulate.py --only measures --before /tmp/hl_before   # issue 21

Parts:

- **scaling**: games/s of each game (default options, smallest player count, random agents)
  with ``workers=1`` and ``workers=2`` on the same ``--games`` (default 2,000), and the
  speed-up (target: 2 workers at least 1.8x one);
- **dask**: the same 2,000 Perfect Hotel games with 2 local worker processes and with
  ``backend="dask"`` on a 2-worker LocalCluster, (a) with the cluster already running (the
  backend's own overhead: target at most 15%), (b) including starting the cluster;
- **tenk**: the time for 10,000 games of each game with 2 workers; ``--write-data PATH``
  saves these tables, concatenated (the notebook's ``notebooks/data/balance.parquet``);
- **faults**: ``--games`` Perfect Hotel games (3 players) with 2 workers, on each backend,
  once as they are and once with a worker process killed (SIGKILL) after a tenth of the games
  (issue 24): the time each takes, and the check that the killed run's table is the complete
  one (before: ``BrokenProcessPool`` and no table with the process backend).
- **measures** (issue 21): the cost of the designer's columns (``branching``,
  ``forced_share``, ``lead_changes``, ``decisive_at``, ``drama``) that every row now carries:
  CPU seconds of ``--games`` random games of each game played in one process
  (``workers=1``), with this checkout and with the checkout at ``--before`` (a copy of the
  ``hotellab`` package before the change, e.g. ``git archive <rev> hotellab | tar -x -C
  /tmp/hl_before``), in fresh interpreters, interleaved over 3 rounds (the least of each is
  kept: CPU time, not wall time, so other work on the machine matters less).

Every table is also checked to be the same whatever the workers/backend. The machine's load
average is printed and saved: on this 2-core machine shared with other work the figures only
mean something when it is near zero. Results: bench/results/simulate.json.
"""

from __future__ import annotations

import argparse
import logging
import os
import time

from _common import save

import hotellab as hl
from hotellab.sim import save_table, simulate

# the line-up of the bundled balance table: every seat the same agent, so that a seat
# advantage cannot come from the agents
BALANCE_AGENTS = "random"


def _load() -> str:
    a, b, c = os.getloadavg()
    return f"load average {a:.2f} {b:.2f} {c:.2f} (2 cores)"


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the worker processes)."""
    import resource

    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))


def timed(**kwargs):
    t0 = time.perf_counter()
    table = simulate(progress=False, **kwargs)
    return table, time.perf_counter() - t0


def timed_cpu(**kwargs):
    """(table, wall seconds, CPU seconds of this process and its worker processes)."""
    c0 = _cpu()
    table, dt = timed(**kwargs)
    return table, dt, _cpu() - c0


def scaling(games: int, ids) -> dict:
    print(f"\n== scaling: {games:,} games per game, default options, random agents ({_load()})")
    print(f"{'game':<16} {'1 worker g/s':>13} {'2 workers g/s':>14} {'speed-up':>9} {'cpu s (1)':>9} {'cpu s (2)':>9}")
    out = {}
    for gid in ids:
        args = dict(game=gid, agents=[BALANCE_AGENTS], n_games=games, seed=1)
        simulate(progress=False, workers=1, **dict(args, n_games=min(games, 20)))  # warm up
        one, t1, c1 = timed_cpu(workers=1, **args)
        two, t2, c2 = timed_cpu(workers=2, **args)
        assert one.equals(two), f"{gid}: the 2-worker table differs from the 1-worker table"
        out[gid] = {"games": games, "games_per_s_1": games / t1, "games_per_s_2": games / t2, "speedup": t1 / t2,
                    "cpu_s_1": c1, "cpu_s_2": c2}
        # CPU seconds do not depend on the load: 2 workers that spend no more CPU than one
        # process reach 2x on an idle 2-core machine
        print(f"{gid:<16} {games / t1:>13,.0f} {games / t2:>14,.0f} {t1 / t2:>8.2f}x {c1:>9.2f} {c2:>9.2f}")
    worst = min(out.values(), key=lambda r: r["speedup"])
    print(f"lowest speed-up {worst['speedup']:.2f}x (target 1.8x)")
    return out


def dask_overhead(games: int, rounds: int = 3) -> dict:
    import statistics

    import dask
    from dask.distributed import LocalCluster

    from hotellab.sim._dask import WORKER_CONFIG

    gid = "perfect_hotel"
    print(f"\n== dask: {games:,} {gid} games, 2 workers, {rounds} interleaved rounds ({_load()})")
    args = dict(game=gid, agents=["random"], n_games=games, seed=2, workers=2)
    with dask.config.set(WORKER_CONFIG):  # as simulate() starts its own LocalCluster
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
    local_s, dask_s = [], []
    try:
        where = dict(backend="dask", scheduler=cluster.scheduler_address)
        simulate(progress=False, **where, **dict(args, n_games=40))  # warm the workers (imports)
        simulate(progress=False, **dict(args, n_games=40))            # and the local pool's server
        for _ in range(rounds):  # interleaved: a change of load hits both alike
            local, t = timed(**args)
            local_s.append(t)
            warm, t = timed(**where, **args)
            dask_s.append(t)
            assert local.equals(warm), "the Dask table differs from the local one"
    finally:
        cluster.close()
    cold, t_cold = timed(backend="dask", **args)
    assert local.equals(cold), "the Dask table differs from the local one"
    t_local, t_warm = statistics.median(local_s), statistics.median(dask_s)
    res = {"games": games, "rounds": rounds, "local_s": local_s, "dask_running_cluster_s": dask_s,
           "dask_with_cluster_start_s": t_cold, "overhead_running": t_warm / t_local - 1,
           "overhead_with_start": t_cold / t_local - 1}
    print(f"median of {rounds}: local processes {t_local:.2f} s; dask on a running 2-worker cluster {t_warm:.2f} s "
          f"({res['overhead_running']:+.1%}, target at most +15%); once, dask starting its LocalCluster "
          f"{t_cold:.2f} s ({res['overhead_with_start']:+.1%})")
    return res


def tenk(games: int, write: str | None, ids) -> dict:
    print(f"\n== {games:,} games of each game, 2 workers, agents {BALANCE_AGENTS} ({_load()})")
    out, tables = {}, []
    for gid in ids:
        table, dt = timed(game=gid, agents=[BALANCE_AGENTS], n_games=games, seed=2026, workers=2)
        out[gid] = {"games": games, "seconds": dt, "games_per_s": games / dt}
        print(f"{gid:<16} {dt:>8.1f} s  ({games / dt:,.0f} games/s)")
        tables.append(table)
    if write:
        import pandas as pd

        # one table of every game: the per-game columns of the others are left empty
        both = pd.concat(tables, ignore_index=True, sort=False)
        points = [c for c in both.columns if c.startswith("points_")]
        both[points] = both[points].astype("float32")
        path = save_table(both, write)
        print(f"wrote {path} ({os.path.getsize(path) / 1e6:.2f} MB, {len(both):,} rows)")
    return out


def _worker_pids(backend: str) -> list[int]:
    """The worker processes of a run in progress: the process pool's, or the LocalCluster's
    (spawned by its nannies, which live in this process)."""
    import multiprocessing as mp

    if backend == "processes":
        return [p.pid for p in mp.active_children() if p.name.startswith("hotellab-sim-")]
    import psutil

    return [p.pid for p in psutil.Process().children() if "spawn_main" in " ".join(p.cmdline())]


def faults(games: int) -> dict:
    import signal
    import warnings

    print(f"\n== faults: {games:,} perfect_hotel games, 3 players, 2 workers, one worker killed "
          f"after {games // 10:,} games ({_load()})")
    args = dict(game="perfect_hotel", agents=["random"], num_players=3, n_games=games, seed=5, workers=2)
    out = {}
    for backend in ("processes", "dask"):
        clean, t_clean = timed(backend=backend, **args)
        killed = []

        def progress(done, total, backend=backend):
            if done >= total // 10 and not killed:
                pids = _worker_pids(backend)
                if pids:
                    killed.append(pids[0])
                    os.kill(pids[0], signal.SIGKILL)

        t0 = time.perf_counter()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            hit = simulate(backend=backend, progress=progress, **args)
        t_hit = time.perf_counter() - t0
        assert killed, f"{backend}: no worker was killed"
        assert hit.equals(clean), f"{backend}: the table of the run with a killed worker differs"
        said = [str(w.message) for w in caught if "ended during the run" in str(w.message)]
        out[backend] = {"games": games, "seconds": t_clean, "seconds_killed": t_hit,
                        "retried": len(hit.attrs["retried"]), "warning": said[0] if said else None}
        print(f"{backend:<10} as is {t_clean:6.2f} s; a worker killed {t_hit:6.2f} s, every game kept "
              f"({len(hit.attrs['retried'])} played again)")
    return out


def _cpu_of(ids, games: int) -> dict:
    """CPU seconds of ``games`` random games of each game with ``workers=1`` in this process
    (after 20 games of warm-up), and the checkout that played them."""
    out = {}
    for gid in ids:
        simulate(gid, ["random"], n_games=20, seed=1, workers=1, progress=False)
        c0 = time.process_time()
        simulate(gid, ["random"], n_games=games, seed=1, workers=1, progress=False)
        out[gid] = time.process_time() - c0
    return {"cpu_s": out, "hotellab": os.path.dirname(hl.__file__)}


def measures(games: int, ids, before: str, rounds: int = 3) -> dict:
    import json
    import subprocess
    import sys

    print(f"\n== measures: CPU seconds of {games:,} random games per game, workers=1, before "
          f"({before}) and now, {rounds} interleaved rounds ({_load()})")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cmd = [sys.executable, os.path.abspath(__file__), "--cpu-of", str(games)]
    for gid in ids:
        cmd += ["--game", gid]
    runs: dict = {"before": [], "now": []}
    for _ in range(rounds):
        for which, path in (("before", before), ("now", here)):
            r = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True,
                               check=True)
            got = json.loads(r.stdout.strip().splitlines()[-1])
            assert got["hotellab"].startswith(os.path.abspath(path)), got["hotellab"]
            runs[which].append(got["cpu_s"])
    out = {}
    print(f"{'game':<16} {'before ms/game':>15} {'now ms/game':>12} {'change':>8}")
    for gid in ids:
        b = min(r[gid] for r in runs["before"])
        n = min(r[gid] for r in runs["now"])
        out[gid] = {"games": games, "before_ms_per_game": 1000 * b / games, "now_ms_per_game": 1000 * n / games,
                    "change": n / b - 1}
        print(f"{gid:<16} {1000 * b / games:>15.3f} {1000 * n / games:>12.3f} {n / b - 1:>+8.1%}")
    return {"rounds": rounds, "games": out, "runs": runs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=["scaling", "dask", "tenk", "faults", "measures"], action="append",
                    help="run only these parts")
    ap.add_argument("--games", type=int, default=2000, help="games for scaling and dask (default 2,000)")
    ap.add_argument("--tenk", type=int, default=10_000, help="games per game for tenk (default 10,000)")
    ap.add_argument("--write-data", metavar="PATH", help="save the tenk tables as Parquet here")
    ap.add_argument("--quick", action="store_true", help="small sizes (200 / 200 games)")
    ap.add_argument("--game", action="append", choices=hl.list_games(), metavar="ID",
                    help="scaling and tenk: only these games (repeatable; default: all)")
    ap.add_argument("--before", metavar="PATH", help="measures: a checkout (folder holding the hotellab "
                    "package) to compare with")
    ap.add_argument("--cpu-of", type=int, metavar="GAMES", help=argparse.SUPPRESS)  # measures' child process
    args = ap.parse_args()
    if args.cpu_of is not None:
        import json

        print(json.dumps(_cpu_of(args.game or hl.list_games(), args.cpu_of)))
        return
    if args.quick:
        args.games, args.tenk = 200, 200
    parts = args.only or ["scaling", "dask", "tenk", "faults"] + (["measures"] if args.before else [])
    if "measures" in parts and not args.before:
        ap.error("--only measures needs --before PATH (the checkout to compare with)")
    ids = args.game or hl.list_games()
    if args.write_data and ids != hl.list_games():
        ap.error("--write-data writes the table of every game: do not combine it with --game")
    results = {"load_before": os.getloadavg()}
    if "scaling" in parts:
        results["scaling"] = scaling(args.games, ids)
    if "dask" in parts:
        results["dask"] = dask_overhead(args.games)
    if "tenk" in parts:
        results["tenk"] = tenk(args.tenk, args.write_data, ids)
    if "faults" in parts:
        results["faults"] = faults(args.games)
    if "measures" in parts:
        results["measures"] = measures(args.games, ids, args.before)
    results["load_after"] = os.getloadavg()
    # the measures part alone keeps the figures of the other parts (simulate.json) as they are
    name = "simulate_quick" if args.quick else "simulate_measures" if parts == ["measures"] else "simulate"
    print(f"\nwritten {save(name, results)}")


if __name__ == "__main__":
    main()
