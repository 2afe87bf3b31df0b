"""Many whole games at once: :func:`simulate` returns a pandas table, one row per game.

>>> import hotellab as hl
>>> table = hl.simulate("perfect_hotel", ["random", "greedy"], n_games=4, seed=1, workers=1,
...                     progress=False)
>>> len(table), list(table.columns[:4])
(4, ['game', 'seed', 'game_id', 'num_players'])

The columns (``s`` is a seat, 0 to ``seats - 1``; a non-human seat such as Hostil Hostal's
automata is a seat too):

- ``game`` the game's index in the run (0 to ``n_games - 1``); ``seed`` its seed, derived from
  the run's seed and the index only (:func:`game_seed`);
- ``game_id``, ``num_players``, ``options`` (JSON text, every option resolved), ``seats``;
- ``lineup`` the agents in seat order, comma-separated; ``agent_s`` the agent at seat ``s``
  (a non-human seat: its seat name);
- ``length`` actions from the initial state to the end (chance outcomes included),
  ``decisions`` those of them that a seat chose;
- ``score_s`` the final score of seat ``s`` (Hellton Palace, which has no points: the
  measures its end rule compares); ``win_s`` True when seat ``s`` is among the winners
  (ties share; all False when everyone loses); ``winners`` the winning seats as text
  ("0,2"); ``n_winners``;
- the designer's measures of the game (:func:`hotellab.sim._worker.trajectory_measures`
  defines them; ``hl.analysis.balance_report`` sums them up): ``branching`` the mean number
  of legal actions at the game's decisions (chance excluded), ``forced_share`` the share of
  decisions with a single legal action (0..1); ``lead_changes`` how often a player seat other
  than the last sole leader (highest score among the player seats, sampled after each
  decision and at the end) takes the lead alone (ties leave the lead where it was);
  ``decisive_at`` the fraction of the decisions (0..1) after which a winning player seat is
  among the leaders for good, and ``drama`` the largest score deficit of the winners to the
  leader (0 when a winner always led); both NaN when no player seat wins;
- ``agent_seed`` (only when :func:`simulate` was given one): the agents' seed of the run;
- ``points_s|<category>``: seat ``s``'s points from that score-breakdown category (the
  category's text without its trailing parenthesised detail: "Bedroom majority (8 cards)"
  counts as "Bedroom majority"); 0 when the seat scored none of it. A game whose breakdown
  lists no categories has none of these columns;
- ``log`` (only with ``keep_logs``): the game's log as JSON text, None for a game whose log
  was not kept. :func:`game_log` turns a row into a :class:`~hotellab.GameLog` (replaying it
  from its seed when the log was not kept), which ``hl.widgets.GameView`` opens.

pandas (and pyarrow for Parquet) come with the ``sim`` extra (``pip install "hotellab[sim]"``);
the Dask backend with ``dist``.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time

from ..core.errors import OptionError
from ._preflight import SimulationError
from ._worker import GameFailed, category_key, game_seed, lineup, run_batch

__all__ = ["simulate", "game_seed", "game_log", "category_key", "save_table", "load_table",
           "split_configs", "BACKENDS", "SimulationError"]

BACKENDS = ("processes", "dask")

# the designer's measures of each game (play_one, trajectory_measures), in column order
MEASURES = ("branching", "forced_share", "lead_changes", "decisive_at", "drama")


def require(module: str, extra: str, what: str):
    """Import ``module`` or raise ImportError saying which extra to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"{what} needs the optional package {module.split('.')[0]!r}: "
            f'pip install "hotellab[{extra}]"'
        ) from exc


def _resolve_game(game, num_players, options):
    from ..core import Game, load_game

    if isinstance(game, Game):
        if num_players is not None or options is not None:
            raise OptionError("simulate: pass num_players/options with a game id, not with a Game "
                              "(the Game already has them)")
        return game
    if not isinstance(game, str):
        raise OptionError(f"simulate: game must be a Game or a game id (str), got {type(game).__name__}")
    if options is not None and not isinstance(options, dict):  # load_game takes a falsy one as {}
        raise OptionError(f"simulate: options must be a dict of option names and values, got "
                          f"{type(options).__name__} {options!r:.40}", field="options")
    return load_game(game, num_players=num_players, options=options)


def _resolve_agents(game, agents) -> list:
    """One agent (name or object) per player seat, checked; names stay names (they travel
    to the workers as text)."""
    from ..agents import agent_entries, get_agent

    if agents is None:
        agents = ["random"]
    if not isinstance(agents, (str, list, tuple)):
        raise OptionError(f"simulate: agents must be a list (one per player seat), comma-separated "
                          f"text or one agent for every seat, got {type(agents).__name__}", field="agents")
    agents = agent_entries(game, agents, who="simulate: ")
    for k, a in enumerate(agents):
        if a is None:
            raise OptionError("simulate: every player seat needs an agent (None is a human seat)",
                              field="agents")
        if isinstance(a, str):
            try:
                get_agent(a)
            except OptionError as exc:
                raise OptionError(f"simulate: agents[{k}]: {exc}", field="agents") from None
        elif not callable(getattr(a, "act", None)):
            raise OptionError(f"simulate: agents[{k}] must be an agent name or an object with a method "
                              f"act(state, rng), got {type(a).__name__} {a!r:.60}", field="agents")
    return agents


def _keep_set(keep_logs, n_games: int, seed: int) -> set:
    """Indices of the games whose logs are kept: none (0/False), all (True, "all" or a count
    >= n_games) or a sample of ``keep_logs`` games drawn from the run's seed."""
    if keep_logs is True or keep_logs == "all":
        return set(range(n_games))
    if keep_logs is False or keep_logs is None:
        return set()
    if isinstance(keep_logs, bool) or not isinstance(keep_logs, int) or keep_logs < 0:
        raise OptionError(f"simulate: keep_logs must be 0, a number of games, True or 'all'; got {keep_logs!r}",
                          field="keep_logs")
    if keep_logs >= n_games:
        return set(range(n_games))
    return set(random.Random(f"{seed}:logs").sample(range(n_games), keep_logs))


def _batches(jobs: list, workers: int, batch_size) -> list[list]:
    """``jobs`` cut into batches: of ``batch_size`` games each when given; else guided, as
    OpenMP schedules loops: each batch about an eighth of what is left per worker, at most 64
    games and at least 4, so that the batches are few while there is much to do and small at
    the end, where the last one decides when the run finishes."""
    if batch_size is not None:
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise OptionError(f"simulate: batch_size must be a positive int, got {batch_size!r}",
                              field="batch_size")
        return [jobs[k:k + batch_size] for k in range(0, len(jobs), batch_size)]
    out, k, n = [], 0, len(jobs)
    while k < n:
        size = max(4, min(64, math.ceil((n - k) / (workers * 8))))
        out.append(jobs[k:k + size])
        k += size
    return out


class _Progress:
    """tqdm bar (``progress=True``), a callable ``progress(done, total)``, or nothing."""

    def __init__(self, progress, total: int, desc: str):
        self.callback = progress if callable(progress) else None
        self.bar = None
        self.total = total
        self.done = 0
        if progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, desc=desc, unit="game", smoothing=0.1)

    def update(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        if self.callback is not None:
            self.callback(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def simulate(game, agents=None, n_games: int = 100, seed: int = 0, workers: int | None = None,
             backend: str = "processes", scheduler: str | None = None, keep_logs=0, *,
             num_players: int | None = None, options: dict | None = None,
             seating: str = "fixed", batch_size: int | None = None, progress=True,
             max_steps: int = 1_000_000, stall_timeout: float | None = 300.0,
             agent_seed: int | None = None):
    """Play ``n_games`` whole games and return a pandas DataFrame, one row per game, sorted by
    the game's index (the columns are listed in :mod:`hotellab.sim`).

    - ``game``: a :class:`~hotellab.Game` or a game id (then ``num_players``/``options`` as
      in :func:`hotellab.load_game`).
    - ``agents``: one per player seat (names "random", "greedy" or objects with
      ``act(state, rng)``; objects must pickle for the process and Dask backends), a list of
      one entry or "random,greedy" text; default every seat "random".
    - ``seed``: the run's seed; game ``i`` is played with :func:`game_seed` ``(seed, i)``, as
      ``hl.play(game, agents, seed=game_seed(seed, i))`` would play it. The same arguments give
      the same table whatever ``workers``, ``backend`` and ``batch_size``.
    - ``workers``: processes (default: the machine's cores, ``os.cpu_count()``); 1 plays in
      this process, as does any number in Pyodide (a notebook running in the browser). With
      ``backend="dask"``: the number of workers of the LocalCluster.
    - ``backend``: "processes" (a local process pool) or "dask" (``dask.distributed``: a
      LocalCluster of ``workers`` single-threaded processes, or the existing scheduler at
      ``scheduler``, e.g. "tcp://host:8786"). Work goes out in batches of ``batch_size`` games
      (default: guided, from 64 games down to 4 at the end, see ``_batches``).
    - ``keep_logs``: 0 (none), True / "all", or a number of games whose logs are kept (a sample
      drawn from the run's seed), in the ``log`` column.
    - ``seating``: "fixed" (agent ``k`` at seat ``k``) or "rotate" (game ``i`` turns the
      line-up by ``i`` seats, so that each agent sits at each seat equally often).
    - ``progress``: True (a tqdm bar with games/s), False, or a callable
      ``progress(done, total)`` called after each batch.

    - ``max_steps``: a game that has not ended after this many actions is an error.
    - ``stall_timeout``: seconds (a positive number, default 300) after which a worker process
      that has played no action, or has not started, is stopped and handled as a lost worker;
      None never stops one. Raise it for an agent that thinks longer than that over one move.
    - ``agent_seed``: None (default): an agent deciding at action ``k`` of a game gets the
      generator of that position, ``random.Random(f"{game_seed}:{k}")``, as in ``hl.play``. An
      int gives the agents ``random.Random(f"{game_seed}:{agent_seed}:{k}")`` instead, while
      chance outcomes keep the game's seed: two runs that differ only in ``agent_seed`` deal
      the same cards and roll from the same generators, and the agents' own random choices
      differ (``hl.analysis.luck`` measures the seed's part of the outcome this way). The
      table then has an ``agent_seed`` column; ``game_log`` replays such rows with it.

    Ctrl-C (KeyboardInterrupt) stops the run cleanly: the games already finished are returned,
    sorted, with ``table.attrs["interrupted"] = True`` (and a warning); every row is the one a
    complete run would have.

    A lost worker (a process killed, or ended by an agent or the engine crashing) loses no
    finished game: its unfinished games are played again by the other workers (a replacement
    starts; on Dask the scheduler re-runs its batches), which gives the same rows, since a
    game's row depends on its seed only; a RuntimeWarning says how many were played again and
    ``table.attrs["retried"]`` lists them. A game that was being played each time its worker
    ended twice is not tried again; such games are lost: SimulationError (a RuntimeError) says
    how many, which and why, and carries the finished games (``error.table``) and the lost
    ones (``error.lost``).

    Before any worker starts, every agent, the game and the options are checked to travel to
    the workers (they are pickled): one that does not is an OptionError naming the agent (its
    index, name and type) and the attribute that refuses.

    A game that raises (an agent's exception or illegal move, the engine) stops the run:
    SimulationError names the game, its seed, the seat and the agent (index, name, type), its
    ``__cause__`` is the original exception, ``error.table`` holds every finished game and
    ``error.lost`` the others. A script read from stdin is forked (no other start method can
    import it); with ``backend="dask"`` and no ``scheduler`` it is a SimulationError naming the
    fix.

    Raises OptionError (a ValueError) for a bad argument, naming it (an agent class given
    instead of an instance: field ``agents[i]``); UnknownGameError for an
    unknown game id; SimulationError for lost games, or when the workers would run the calling
    script again (``backend="dask"``, or a platform without fork, called at a script's top level
    without ``if __name__ == "__main__":``: the message says to add it); ImportError naming the
    extra to install when pandas (``hotellab[sim]``) or Dask (``hotellab[dist]``) is missing.
    """
    pd = require("pandas", "sim", "hotellab.simulate")
    workers = _check_run(n_games, seed, backend, scheduler, seating, workers)
    _check_play(max_steps, stall_timeout, agent_seed, progress)
    if sys.platform == "emscripten" and backend == "processes":
        workers = 1  # Pyodide (a published notebook in the browser) has no processes: play here
    g = _resolve_game(game, num_players, options)
    agents = _resolve_agents(g, agents)
    keep = _keep_set(keep_logs, n_games, seed)
    spec = {"game": g.id, "num_players": g.num_players, "options": dict(g.options),
            "game_class": type(g), "agents": agents, "seating": seating, "max_steps": max_steps,
            "agent_seed": agent_seed}
    jobs = [(i, game_seed(seed, i), i in keep) for i in range(n_games)]
    batches = _batches(jobs, workers, batch_size)
    plan = _prepare(spec, batches, backend, workers, scheduler)
    from ._pool import Outcome

    bar = _Progress(progress, n_games, f"{g.id} ({g.num_players}p)")
    rows: list[dict] = []
    outcome = Outcome()
    started = time.perf_counter()
    failed = _play_batches(spec, batches, plan, backend, workers, scheduler, rows, bar, outcome, stall_timeout)
    elapsed = time.perf_counter() - started
    table = _table(pd, g, rows, keep_logs=bool(keep), agent_seed=agent_seed is not None)
    if failed is not None:
        _raise_failed(failed, table, n_games, seed)
    return _finished(table, outcome, n_games, seed, elapsed, backend)


def _is_int(value, least: int | None = None) -> bool:
    """``value`` is an int (not a bool), at least ``least`` if given."""
    return not isinstance(value, bool) and isinstance(value, int) and (least is None or value >= least)


def _check_run(n_games, seed, backend, scheduler, seating, workers) -> int:
    """Check :func:`simulate`'s arguments that shape the run (OptionError naming the field);
    returns the number of workers (default: the machine's cores)."""
    if not _is_int(n_games, 0):
        raise OptionError(f"simulate: n_games must be an int >= 0, got {n_games!r}", field="n_games")
    if not _is_int(seed):
        raise OptionError(f"simulate: seed must be an int, got {seed!r}", field="seed")
    if backend not in BACKENDS:
        raise OptionError(f"simulate: unknown backend {backend!r}; backends: {', '.join(BACKENDS)}",
                          field="backend")
    if scheduler is not None and backend != "dask":
        raise OptionError("simulate: scheduler is the address of a Dask scheduler; use it with "
                          "backend='dask'", field="scheduler")
    if seating not in ("fixed", "rotate"):
        raise OptionError(f"simulate: seating must be 'fixed' or 'rotate', got {seating!r}", field="seating")
    if workers is None:
        workers = os.cpu_count() or 1
    if not _is_int(workers, 1):
        raise OptionError(f"simulate: workers must be an int >= 1, got {workers!r}", field="workers")
    if scheduler is not None and not isinstance(scheduler, str):
        raise OptionError(f"simulate: scheduler must be the address of a Dask scheduler, text such "
                          f"as 'tcp://host:8786', got {scheduler!r}", field="scheduler")
    return workers


def _check_play(max_steps, stall_timeout, agent_seed, progress) -> None:
    """Check :func:`simulate`'s arguments for playing each game (OptionError naming the field)."""
    if not _is_int(max_steps, 1):
        raise OptionError(f"simulate: max_steps must be an int >= 1, got {max_steps!r}", field="max_steps")
    if stall_timeout is not None and (isinstance(stall_timeout, bool) or not isinstance(stall_timeout, (int, float))
                                      or not stall_timeout > 0 or stall_timeout == math.inf):
        raise OptionError(f"simulate: stall_timeout must be a number of seconds > 0 or None, got "
                          f"{stall_timeout!r}", field="stall_timeout")
    if agent_seed is not None and not _is_int(agent_seed):
        raise OptionError(f"simulate: agent_seed must be an int or None, got {agent_seed!r}", field="agent_seed")
    if not (progress is True or progress is False or progress is None or callable(progress)):
        raise OptionError(f"simulate: progress must be True, False or a callable progress(done, total), "
                          f"got {progress!r}", field="progress")


def _prepare(spec, batches, backend, workers, scheduler) -> tuple:
    """Before any worker starts: ImportError naming the extra when Dask is missing, an error
    for a bad scheduler address, and (when the games are not played here) a script that the
    workers would run again and work that cannot travel to them, as errors naming the fix.
    Returns ``(here, payload, main_state)``: whether to play in this process, the pickled
    work and the ``__main__`` state for the process pool."""
    if backend == "dask":
        require("dask.distributed", "dist", "simulate(backend='dask')")
        if scheduler is not None:
            from ._dask import check_address

            check_address(scheduler)
    here = not batches or (backend == "processes" and (workers == 1 or len(batches) <= 1))
    if here:
        return True, None, None
    from ._preflight import check_main, check_payload

    main_state, _ = check_main(backend, scheduler, workers)
    return False, check_payload(spec, backend), main_state


def _play_batches(spec, batches, plan, backend, workers, scheduler, rows, bar, outcome, stall_timeout):
    """Play the batches here, in a process pool or on Dask (``plan``: :func:`_prepare`'s),
    appending the rows; returns the GameFailed that stopped the run (the rows then hold each
    finished game once), or None."""
    here, payload, main_state = plan
    try:
        if backend == "dask":
            from ._dask import run_dask

            run_dask(spec, batches, workers, scheduler, rows, bar, outcome, stall_timeout)
        elif here:
            outcome.interrupted = _run_here(spec, batches, rows, bar)
        else:
            _run_processes(spec, payload, batches, workers, rows, bar, outcome, stall_timeout, main_state)
    except GameFailed as exc:  # an agent or the engine raised in a game: the run stops
        seen: set = set()  # a game played again after a lost worker may have two rows
        rows[:] = [r for r in rows if not (r["game"] in seen or seen.add(r["game"]))]
        return exc
    finally:
        bar.close()
    return None


def _raise_failed(failed, table, n_games: int, seed: int):
    """The SimulationError of a run that a failing game stopped, with the finished games."""
    lost = sorted(set(range(n_games)) - set(table["game"]))
    table.attrs.update({"n_games": n_games, "seed": seed, "lost": lost})
    raise SimulationError(
        f"simulate: {failed.message}. The run stopped: {len(table)} of {n_games} games finished "
        f"(this error's .table holds them), {len(lost)} not played (.lost lists them). To "
        f"debug it here: hl.play(game, agents, seed=...) with that seed, or simulate(..., "
        f"workers=1)", table=table, lost=lost) from failed.origin()


def _finished(table, outcome, n_games: int, seed: int, elapsed: float, backend: str):
    """The table of a run that ended (or was interrupted), with its attrs; a warning for an
    interrupted run or games played again, SimulationError for games lost with their workers."""
    import warnings

    lost = sorted(outcome.lost)
    retried = sorted(outcome.retried - set(lost))
    table.attrs.update({"interrupted": outcome.interrupted, "n_games": n_games, "seed": seed,
                        "seconds": round(elapsed, 3), "retried": retried, "lost": lost})
    if outcome.interrupted:
        more = f"; {len(lost)} lost with their workers" if lost else ""
        warnings.warn(f"simulate: interrupted; {len(table)} of {n_games} games finished and kept{more}",
                      RuntimeWarning, stacklevel=_stacklevel())
        return table
    if lost:
        raise SimulationError(_lost_message(outcome, table, n_games), table=table, lost=lost)
    if retried:
        warnings.warn(_retried_message(outcome, retried, backend), RuntimeWarning, stacklevel=_stacklevel())
    return table


def _stacklevel() -> int:
    """The ``stacklevel`` of a warning that points at the first caller outside hotellab."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(root + os.sep):
        frame, level = frame.f_back, level + 1
    return level


def _counted(reasons: list[str]) -> str:
    seen: dict[str, int] = {}
    for r in reasons:
        seen[r] = seen.get(r, 0) + 1
    return "; ".join(f"{r} (x{k})" if k > 1 else r for r, k in seen.items())


def _games_text(games: list[int], seeds: dict) -> str:
    shown = ", ".join(f"{g} (seed {seeds[g]})" if g in seeds else str(g) for g in games[:8])
    more = f" and {len(games) - 8} more" if len(games) > 8 else ""
    return f"game{'s' if len(games) > 1 else ''} {shown}{more}"


def _retried_message(outcome, retried: list[int], backend: str) -> str:
    deaths = len(outcome.deaths)
    if backend == "processes":
        who = "a worker process" if deaths == 1 else f"{deaths} worker processes"
        what = f"ended during the run ({_counted(outcome.deaths)}); the {len(retried)} games"
    else:
        who = "Dask workers"
        what = (f"died twice while playing the same batch{'es' if deaths > 1 else ''}; their "
                f"{len(retried)} games")
    return (f"simulate: {who} {what} not yet returned were played again with the same seeds: "
            "the table is complete (table.attrs['retried'] lists them)")


def _lost_message(outcome, table, n_games: int) -> str:
    by_reason: dict[str, list[int]] = {}
    for g, why in sorted(outcome.lost.items()):
        by_reason.setdefault(why, []).append(g)
    seed = table.attrs.get("seed", 0)
    seeds = {g: game_seed(seed, g) for g in list(outcome.lost)[:3]} if len(outcome.lost) <= 3 else {}
    parts = [f"{_games_text(gs, seeds)}: {why}" for why, gs in by_reason.items()]
    text = (f"simulate: {len(outcome.lost)} of {n_games} games lost, {len(table)} finished (this "
            f"error's .table holds them, .lost lists the lost games): {'; '.join(parts)}. ")
    forked = getattr(outcome, "forked", None)
    if any("no progress" in why for why in outcome.lost.values()) and forked:
        text += forked.hint()
    else:
        text += ("To see why, play a lost game in this process: hl.play(game, agents, seed=...) "
                 "with its seed (hotellab.sim.game_seed(seed, index)), or simulate(..., workers=1).")
    return text.strip()


def _run_here(spec, batches, rows, bar) -> bool:
    """Play in this process, game by game: Ctrl-C keeps every game finished before it."""
    from ._worker import play_one

    try:
        for batch in batches:
            for i, seed, keep in batch:
                rows.append(play_one(spec, i, seed, keep))
                bar.update(1)
    except KeyboardInterrupt:
        return True
    return False


def _run_processes(spec, payload, batches, workers, rows, bar, outcome, stall_timeout, main_state) -> None:
    import multiprocessing as mp

    from ._pool import SetupFailed, run_processes
    from ._preflight import Forked, mp_context, other_threads

    ctx, outcome.forked = mp_context(spec, main_state)
    try:
        run_processes(ctx, payload, batches, workers, rows, bar, outcome, stall_timeout)
        return
    except SetupFailed as failed:
        exc = failed.exc
        if ctx.get_start_method() == "fork" or "fork" not in mp.get_all_start_methods():
            raise OptionError(
                f"simulate: a worker process could not load the agents or the game "
                f"({type(exc).__name__}: {exc}); define agent classes in a module that a new "
                "process can import (a .py file on sys.path), or use workers=1, which plays in "
                "this process", field="agents") from exc
    # forkserver's workers could not import something that this process has (a class of a
    # module loaded by path): fork gives them this process as it is
    done = {r["game"] for r in rows}
    rest = [b for b in ([j for j in b if j[0] not in done] for b in batches) if b]
    outcome.forked = Forked(other_threads(), "define the agents' classes in a module that a new "
                                             "process can import (a .py file on sys.path)")
    run_processes(mp.get_context("fork"), payload, rest, workers, rows, bar, outcome, stall_timeout)


def _table(pd, game, rows: list[dict], keep_logs: bool, agent_seed: bool = False):
    rows = sorted(rows, key=lambda r: r["game"])
    seats = game.num_seats
    head = ["game", "seed", "game_id", "num_players", "options", "seats", "lineup",
            *[f"agent_{s}" for s in range(seats)], "length", "decisions",
            *[f"score_{s}" for s in range(seats)], *[f"win_{s}" for s in range(seats)],
            "winners", "n_winners", *MEASURES, *(["agent_seed"] if agent_seed else [])]
    # every seat gets a column for every category that any seat scored in the run
    cats = sorted({k.split("|", 1)[1] for r in rows for k in r if k.startswith("points_")})
    points = [f"points_{s}|{c}" for c in cats for s in range(seats)]
    cols = head + points + (["log"] if keep_logs else [])
    data = {c: [] for c in cols}
    for r in rows:
        r["seats"] = seats
        for c in cols:
            data[c].append(r.get(c, 0 if c.startswith("points_") else None))
    table = pd.DataFrame(data, columns=cols)
    int_cols = ["game", "seed", "num_players", "seats", "length", "decisions", "n_winners", "lead_changes",
                *(["agent_seed"] if agent_seed else [])]
    table[int_cols] = table[int_cols].astype("int64")
    float_cols = [c for c in MEASURES if c != "lead_changes"]
    table[float_cols] = table[float_cols].astype("float64")
    for s in range(seats):
        table[f"win_{s}"] = table[f"win_{s}"].astype(bool)
        table[f"score_{s}"] = pd.to_numeric(table[f"score_{s}"])
    for c in points:
        table[c] = pd.to_numeric(table[c])
    for c in ["game_id", "options", "lineup", "winners", *[f"agent_{s}" for s in range(seats)]]:
        table[c] = table[c].astype(object)
    return table


def split_configs(table) -> dict:
    """The tables of each game configuration in ``table`` (e.g. one Parquet file holding several
    games): ``{(game_id, num_players, options_json): table}``, each without the columns that
    are empty for it (another game's seats or categories) and with its column types restored
    (``win_*`` bool, counts int64), in order of first appearance."""
    out = {}
    for key, part in table.groupby(["game_id", "num_players", "options"], sort=False):
        kept = part.dropna(axis=1, how="all")
        if "branching" in kept.columns:  # a table with the measures: NaN decisive_at/drama is "no winner"
            kept = part[[c for c in part.columns if c in kept.columns or c in MEASURES]]
        part = kept.reset_index(drop=True)
        for c in part.columns:
            if c.startswith("win_"):
                part[c] = part[c].astype(bool)
            elif c in ("game", "seed", "num_players", "seats", "length", "decisions", "n_winners"):
                part[c] = part[c].astype("int64")
            elif c in ("lead_changes", "agent_seed") and part[c].notna().all():
                # (absent from rows of a table made before the column existed)
                part[c] = part[c].astype("int64")
        out[key] = part
    return out


def save_table(table, path) -> "os.PathLike":
    """Write ``table`` as Parquet (pyarrow, zstd), whole or not at all (a temporary file in the
    same folder, then renamed). Returns the path. ImportError names the extra when pyarrow is
    missing."""
    from pathlib import Path

    require("pyarrow", "sim", "saving a simulation table as Parquet")
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        table.to_parquet(tmp, engine="pyarrow", compression="zstd", index=False)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return path


def load_table(path):
    """Read a table written by :func:`save_table` (or ``table.to_parquet``)."""
    pd = require("pandas", "sim", "load_table")
    require("pyarrow", "sim", "reading a Parquet simulation table")
    return pd.read_parquet(path, engine="pyarrow")


def game_log(table, row):
    """The :class:`~hotellab.GameLog` of one game of a table (``row``: its position ``iloc``
    or the row itself, a pandas Series): the kept log when there is one, else the game
    replayed from its seed with the agents of its line-up (named agents only; a custom agent
    object cannot be rebuilt from its name: keep its logs with ``keep_logs``), and with its
    ``agent_seed`` when the row has one.

    ``hl.widgets.GameView(hl.Replay(game_log(table, 0)))`` opens it.
    """
    from ..agents import AGENTS
    from ..core import GameLog, load_game, play

    r = table.iloc[row] if isinstance(row, int) else row
    log = r.get("log") if hasattr(r, "get") else None
    if isinstance(log, str) and log:
        return GameLog.from_json(json.loads(log), check=False)
    names = str(r["lineup"]).split(",")
    unknown = [n for n in names if n not in AGENTS]
    if unknown:
        raise OptionError(
            f"game {int(r['game'])}: its log was not kept and agent(s) {', '.join(unknown)} cannot be "
            "rebuilt from a name; run simulate(..., keep_logs=...) to keep logs", field="log"
        )
    game = load_game(str(r["game_id"]), num_players=int(r["num_players"]), options=json.loads(r["options"]))
    agent_seed = r.get("agent_seed") if hasattr(r, "get") else None
    if agent_seed is not None and agent_seed == agent_seed:  # (NaN: a row of a run without one)
        from ._worker import replay_with_agent_seed

        return replay_with_agent_seed(game, names, int(r["seed"]), int(agent_seed))
    return play(game, agents=names, seed=int(r["seed"]))


__all__ += ["lineup", "require"]
