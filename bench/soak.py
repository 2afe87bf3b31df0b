"""Soak: many random games over every game, player count and option set, every contract
invariant checked, on every core (issue 11, "Proof at scale").

    python bench/soak.py [--games 100000] [--workers N] [--deep-every 0] [--mutate 1]
                         [--game ID ...] [--seed 0] [--no-progress]

Case ``i`` plays configuration ``i % len(configs)`` (configurations: every registered game x
every player count x every option set of :func:`hotellab.testing.option_variants`) with seed
``--seed + i``: a random game (random legal action, chance sampled) in which

- every state gets the cheap invariants: the phase and round label resolve, one score per
  seat, a points game's breakdown sums to its scores, a decision node has legal actions
  all of the deciding seat, a terminal state none and winners that are seats; the action
  played is legal by all three tests (``explain_illegal`` is None, it is in
  ``legal_actions()``, ``apply`` succeeds) and ``--mutate`` mutations of it agree on all
  three; ``apply`` leaves the state it was called on unchanged (current player, legal
  actions, scores, move number);
- every ``--full-every``-th state gets the whole contract check of
  :func:`hotellab.testing.check_state` (legality of every legal action and mutations, JSON
  views and observations, purity of the whole view), and every ``--deep-every``-th state
  its deep part too (SVG, position round trip, hidden-information swap check);
- the final state gets the deep check, the JSON round trip and the replay identity of
  :func:`hotellab.testing.check_game`.

``--full-every 1 --deep-every 7`` is exactly ``check_game`` (the contract test's setting,
about 100 times slower).

Runs on ``--workers`` processes (default: every core) with a progress bar (tqdm). Prints and
saves (bench/results/soak.json): games, steps (actions), faults (must be 0; each with its
game, players, options, seed and message, the first 20 printed), time, games per second.
Exit status 1 when there is any fault.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed

from _common import save  # also puts the checkout on sys.path


def configs(only=None) -> list[tuple[str, int, dict]]:
    import hotellab as hl
    from hotellab.testing import option_variants

    out = []
    for gid in hl.list_games():
        if only and gid not in only:
            continue
        cls = type(hl.load_game(gid))
        for n in range(cls.min_players, cls.max_players + 1):
            for opts in option_variants(cls):
                out.append((gid, n, opts))
    return out


def _quick(state, rng, action, mutate: int) -> None:
    """The cheap invariants of one state and the action played from it (see the module doc)."""
    import json

    from hotellab.core.errors import IllegalActionError
    from hotellab.testing import ContractViolation, mutations

    def fail(what):
        return ContractViolation(f"{state.game.id} after {state.move_number} actions "
                                 f"[{state.status_text()}]: {what}")

    g = state.game
    try:
        state.phase
    except KeyError as exc:
        raise fail(f"State.phase: {exc}") from None
    label = state.round_label()
    if label is not None and not isinstance(label, str):
        raise fail(f"round_label() returned {label!r}")
    scores = state.scores
    if len(scores) != g.num_seats:
        raise fail(f"{len(scores)} scores for {g.num_seats} seats")
    if g.scores_are_points:
        totals = [0] * g.num_seats
        for item in state.score_breakdown():
            totals[item.player] += item.points
        if any(abs(a - b) > 1e-9 for a, b in zip(totals, scores)):
            raise fail(f"score_breakdown sums to {totals}, scores are {scores}")
    legal = state.legal_actions()
    if state.is_terminal:
        if legal:
            raise fail("a terminal state with legal actions")
        if any(not 0 <= s < g.num_seats for s in state.winners()):
            raise fail(f"winners {state.winners()} are not seats")
        return
    if not state.is_chance_node:
        if not legal:
            raise fail("a decision node with no legal action")
        if any(a.player != state.current_player for a in legal):
            raise fail("a legal action of another seat")
    before = (state.current_player, [str(a) for a in legal], json.dumps(scores), state.move_number)
    listed = set(legal) if (legal or not state.is_chance_node) else None
    for a in [action, *(mutations(action, state, rng, mutate) if mutate else [])]:
        why = state.explain_illegal(a)
        try:
            state.apply(a)
            ok = True
        except IllegalActionError:
            ok = False
        in_list = (a in listed) if listed is not None else ok
        if not (ok == (why is None) == in_list):
            raise fail(f"{a}: apply {'accepted' if ok else 'refused'}, explain_illegal {why!r}, "
                       f"{'in' if in_list else 'not in'} legal_actions()")
    after = (state.current_player, [str(a) for a in state.legal_actions()], json.dumps(state.scores),
             state.move_number)
    if after != before:
        raise fail("apply() changed the state it was called on")


def soak_game(game, seed: int, *, full_every: int, deep_every: int, mutate: int,
              max_steps: int = 20_000) -> int:
    """One random game of ``game`` with every check of the module doc; returns its actions.
    Raises :class:`hotellab.testing.ContractViolation` (or whatever the game raised)."""
    import json
    import random

    from hotellab.core.log import GameLog
    from hotellab.core.replay import Replay
    from hotellab.testing import ContractViolation, _random_action, _same_as, check_state

    rng = random.Random(f"soak:{seed}")
    state = game.new_initial_state()
    states = [state]
    for k in range(max_steps):
        if full_every and k % full_every == 0:
            check_state(state, rng, deep=bool(deep_every) and k % deep_every == 0, mutate=mutate)
        if state.is_terminal:
            break
        action = _random_action(state, rng)
        _quick(state, rng, action, mutate)
        state = state.apply(action)
        states.append(state)
    else:
        raise ContractViolation(f"{game.id}: no end after {max_steps} random actions")
    _quick(state, rng, None, 0)
    check_state(state, rng, deep=True, mutate=mutate)
    again = game.state_from_json(json.loads(json.dumps(state.to_json(), ensure_ascii=False)))
    _same_as(state, again, "JSON round trip", [None])
    replay = Replay(GameLog.from_state(state))
    if len(replay) != len(states):
        raise ContractViolation(f"{game.id}: replay has {len(replay)} states, the game {len(states)}")
    for k in sorted({0, len(states) // 3, len(states) // 2, len(states) - 1}):
        _same_as(states[k], replay.state_at(k), f"replay state {k}", [None])
    return state.move_number


def run_batch(batch: list[tuple[int, str, int, dict, int]], full_every: int, deep_every: int,
              mutate: int) -> list:
    """Play the cases of ``batch`` [(case, game, players, options, seed)]; returns per case
    (case, steps, seconds, fault text or None)."""
    import hotellab as hl

    out = []
    games = {}
    for case, gid, n, opts, seed in batch:
        t = time.perf_counter()
        try:
            key = (gid, n, tuple(sorted(opts.items())))
            game = games.get(key) or games.setdefault(key, hl.load_game(gid, num_players=n, options=opts))
            steps = soak_game(game, seed, full_every=full_every, deep_every=deep_every, mutate=mutate)
            out.append((case, steps, time.perf_counter() - t, None))
        except BaseException as exc:  # noqa: BLE001 - every failure is a fault to report
            if isinstance(exc, KeyboardInterrupt):
                raise
            tb = traceback.format_exception_only(type(exc), exc)[-1].strip()
            out.append((case, 0, time.perf_counter() - t, f"{gid} players={n} options={opts} seed={seed}: {tb}"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--full-every", type=int, default=50,
                    help="the whole check_state on every Nth state (0: the last only)")
    ap.add_argument("--deep-every", type=int, default=100,
                    help="with it the deep checks (SVG, position round trip, swap check) on every Nth "
                         "state (a multiple of --full-every; 0: the last only)")
    ap.add_argument("--mutate", type=int, default=1, help="mutated illegal actions tried per legal action")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--batch", type=int, default=20, help="cases per task sent to a worker")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args()

    cfgs = configs(args.game)
    if not cfgs:
        print("no game to soak", file=sys.stderr)
        return 2
    cases = [(i, *cfgs[i % len(cfgs)], args.seed + i) for i in range(args.games)]
    batches = [cases[i:i + args.batch] for i in range(0, len(cases), args.batch)]
    bar = None
    if not args.no_progress:
        from tqdm import tqdm

        bar = tqdm(total=len(cases), unit="game", desc="soak", smoothing=0.05)
    t0 = time.perf_counter()
    steps = 0
    faults: list[str] = []
    per_game: dict[str, list[int]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(run_batch, b, args.full_every, args.deep_every, args.mutate) for b in batches]
        for fut in as_completed(futures):
            try:
                results = fut.result()
            except Exception as exc:  # a worker died (out of memory, a crash in C code)
                faults.append(f"worker failed: {type(exc).__name__}: {exc}")
                continue
            for case, n, _secs, fault in results:
                gid = cases[case][1]
                row = per_game.setdefault(gid, [0, 0, 0])
                row[0] += 1
                row[1] += n
                steps += n
                if fault:
                    row[2] += 1
                    faults.append(fault)
                    # at once, so that a long run can be acted on before it ends
                    (bar.write if bar is not None else print)(f"FAULT case {case}: {fault}")
            if bar is not None:
                bar.update(len(results))
                bar.set_postfix(steps=steps, faults=len(faults))
    elapsed = time.perf_counter() - t0
    if bar is not None:
        bar.close()
    print(f"soak: {len(cases)} games over {len(cfgs)} configurations (games x players x options), "
          f"{args.workers} workers: {steps} steps, {len(faults)} faults, {elapsed:.1f} s "
          f"({len(cases) / elapsed:.1f} games/s)")
    for gid, (g, s, f) in sorted(per_game.items()):
        print(f"  {gid:16s} {g:7d} games {s:10d} steps {f:5d} faults")
    for f in faults[:20]:
        print("  FAULT", f)
    path = save("soak", {"args": vars(args), "configurations": len(cfgs), "games": len(cases),
                         "steps": steps, "faults": len(faults), "fault_examples": faults[:50],
                         "seconds": elapsed, "per_game": per_game})
    print(f"results: {path}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
