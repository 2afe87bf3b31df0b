"""hotellab's random playouts beside OpenSpiel's pure-Python games, in one process (issue 13).

    .venv/bin/python bench/vs_openspiel.py [--rounds 5] [--budget 0.3] [--game ID ...] [--quick]

Contenders: every default-option cell (each player count) of every hotellab game, and
OpenSpiel's ``python_kuhn_poker`` and ``python_liars_poker``. A step is one action (a decision
or a chance outcome) chosen uniformly at random from the legal actions (chance: sampled with
its probabilities), on both sides:

- hotellab: ``legal_actions()`` (or ``sample_chance``) then ``apply`` (which returns a new
  state: the old one is unchanged, so it is already a copy per step);
- OpenSpiel: ``clone()`` then ``legal_actions()`` (or ``chance_outcomes()``) then
  ``apply_action`` ("with a clone per step", to match what hotellab's ``apply`` does).

The rounds are interleaved (round 1 runs every contender, then round 2 ...) so that a change
of machine load hits all of them alike; each contender plays whole games for ``--budget``
seconds per round, and its figure is the median of its rounds' steps/s. Each game's reference
is measured again right after the game's cells in every round, and a ratio is the median over
rounds of these paired ratios (this machine's speed drifts within seconds: a ratio of two
medians measured apart moved by 0.3 from run to run). Printed ratios (targets from issue 13,
on an idle machine):

- Perfect Hotel's slowest default cell / ``python_kuhn_poker``: at least 1.5;
- every other game's slowest default cell / ``python_liars_poker``: at least 1.5 (issue 22; 1.2 in issue 13).

Results go to bench/results/vs_openspiel.json. Run it on an idle machine: figures from a
loaded one only compare contenders with each other.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from _common import save

import hotellab as hl
from hotellab.core.game import game_class

TARGETS = {"perfect_hotel": ("python_kuhn_poker", 1.5)}
DEFAULT_TARGET = ("python_liars_poker", 1.5)  # issue 22 (was 1.2, issue 13)


def hotellab_steps(game, rng: random.Random, budget: float) -> tuple[int, float]:
    """Whole random games for at least ``budget`` seconds; (steps, seconds)."""
    steps = 0
    t0 = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal:
            if state.is_chance_node:
                action = state.sample_chance(rng)
            else:
                acts = state.legal_actions()
                action = acts[rng.randrange(len(acts))]
            state = state.apply(action)
            steps += 1
        dt = time.perf_counter() - t0
        if dt >= budget:
            return steps, dt


def openspiel_steps(game, rng: random.Random, budget: float) -> tuple[int, float]:
    steps = 0
    t0 = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state = state.clone()
            if state.is_chance_node():
                outs = state.chance_outcomes()
                r, acc, action = rng.random(), 0.0, outs[-1][0]
                for a, p in outs:
                    acc += p
                    if r < acc:
                        action = a
                        break
            else:
                acts = state.legal_actions()
                action = acts[rng.randrange(len(acts))]
            state.apply_action(action)
            steps += 1
        dt = time.perf_counter() - t0
        if dt >= budget:
            return steps, dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--budget", type=float, default=0.3, help="seconds per contender per round (default 0.3)")
    ap.add_argument("--game", action="append", choices=hl.list_games(), metavar="ID",
                    help="a hotellab game id (repeatable; default: all)")
    ap.add_argument("--quick", action="store_true", help="2 rounds of 0.1 s (checks that it runs)")
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.budget = 2, 0.1
    if args.rounds < 1:
        ap.error(f"--rounds must be 1 or more, got {args.rounds}")
    try:
        import pyspiel
        from open_spiel.python import games as _games  # noqa: F401 - registers the python_* games
    except ImportError:
        raise SystemExit('bench/vs_openspiel.py needs OpenSpiel: pip install "hotellab[rl]"') from None

    contenders = {}
    for gid in args.game or hl.list_games():
        cls = game_class(gid)
        for n in range(cls.min_players, cls.max_players + 1):
            g = hl.load_game(gid, num_players=n)
            contenders[f"{gid} {n}p"] = ("hotellab", gid, g)
    games = list(dict.fromkeys(v[1] for v in contenders.values() if v[0] == "hotellab"))
    for name in dict.fromkeys(TARGETS.get(gid, DEFAULT_TARGET)[0] for gid in games):  # the references these games need
        contenders[name] = ("openspiel", name, pyspiel.load_game(name))

    rates: dict[str, list[float]] = {k: [] for k in contenders}
    # each game's reference is measured again right after the game's cells, so that each round
    # gives a paired ratio (this machine's speed drifts within seconds)
    beside: dict[str, list[float]] = {gid: [] for gid in games}
    load = os.getloadavg()
    print(f"{len(contenders)} contenders, {args.rounds} interleaved rounds of {args.budget} s each; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores)")

    def measure(key, r):
        side, _, g = contenders[key]
        rng = random.Random(f"{key}:{r}")
        steps, dt = (hotellab_steps if side == "hotellab" else openspiel_steps)(g, rng, args.budget)
        return steps / dt

    for r in range(args.rounds):
        for gid in games:
            for key, (side, g_id, _) in contenders.items():
                if side == "hotellab" and g_id == gid:
                    rates[key].append(measure(key, r))
            ref = TARGETS.get(gid, DEFAULT_TARGET)[0]
            beside[gid].append(measure(ref, r))
            rates[ref].append(beside[gid][-1])
        print(f"round {r + 1}/{args.rounds} done")

    rates = {k: v for k, v in rates.items() if v}  # a reference no chosen game compares with is not run
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"\n{'contender':<24} {'steps/s (median)':>17} {'min':>9} {'max':>9}")
    for k in rates:
        print(f"{k:<24} {med[k]:>17,.0f} {min(rates[k]):>9,.0f} {max(rates[k]):>9,.0f}")

    print("\nratios (slowest default cell of each game / OpenSpiel reference, both with a copy per step;\n"
          "paired: the median over rounds of the cell's rate / the reference's measured right after it)")
    results = {}
    for gid in games:
        cells = {k: med[k] for k, v in contenders.items() if v[0] == "hotellab" and v[1] == gid}
        slowest = min(cells, key=cells.get)
        ref, target = TARGETS.get(gid, DEFAULT_TARGET)
        paired = [c / b for c, b in zip(rates[slowest], beside[gid])]
        ratio = statistics.median(paired)
        # (inclusive: the quartiles stay within the measured ratios)
        quart = statistics.quantiles(paired, n=4, method="inclusive") if len(paired) > 1 else [ratio] * 3
        ok = ("too short a run for a verdict" if args.quick else "meets" if ratio >= target else "below")
        print(f"  {gid:<16} slowest cell {slowest:<20} {cells[slowest]:>9,.0f} steps/s / {ref} "
              f"{statistics.median(beside[gid]):>9,.0f} = {ratio:4.2f} (quartiles {quart[0]:.2f}-{quart[2]:.2f}; "
              f"ratio of medians {cells[slowest] / med[ref]:.2f})  (target {target}: {ok})")
        results[gid] = {"slowest_cell": slowest, "steps_per_s": cells[slowest], "reference": ref,
                        "reference_steps_per_s": statistics.median(beside[gid]), "ratio": ratio,
                        "ratio_quartiles": [quart[0], quart[2]], "ratio_of_medians": cells[slowest] / med[ref],
                        "target": target}
    path = save("vs_openspiel", {"rounds": args.rounds, "budget_s": args.budget, "load_average": list(load),
                                 "median_steps_per_s": med, "all_rounds": rates, "ratios": results})
    print(f"written {path}")


if __name__ == "__main__":
    main()
