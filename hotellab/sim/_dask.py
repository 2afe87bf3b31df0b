"""The Dask backend of :func:`hotellab.simulate`: batches as ``dask.distributed`` tasks on a
LocalCluster (``workers`` single-threaded worker processes) or on an existing scheduler."""

from __future__ import annotations

import logging
import uuid
from collections import deque

from ._worker import GameFailed, run_batch


# A Dask worker plays in one thread while its event loop wakes up in another: the statistical
# profiler every 10 ms, the loop's health check every 20 ms, the memory monitor every 100 ms.
# Each wake-up takes the GIL from the playing thread, and on a busy machine getting it back
# waits for the OS to schedule the other thread. A LocalCluster started by simulate() has no
# profiler and wakes up once a second for the rest (a cluster given by its scheduler address
# keeps its own settings).
WORKER_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
}


def check_address(scheduler: str) -> None:
    """OptionError (field ``scheduler``) unless ``scheduler`` reads as a Dask address."""
    from distributed.comm.addressing import get_address_host_port, parse_address

    from ..core.errors import OptionError

    try:
        scheme, where = parse_address(scheduler)
        if scheme != "inproc":
            host, port = get_address_host_port(scheduler)
            if not host or not 0 < port < 65536:
                raise ValueError("a host and a port from 1 to 65535 are needed")
    except (ValueError, TypeError) as exc:
        raise OptionError(f"simulate: scheduler {scheduler!r} is not the address of a Dask scheduler, "
                          f"such as 'tcp://host:8786' ({exc})", field="scheduler") from None


ALLOWED_FAILURES = 1
"""On the LocalCluster simulate() starts, a batch whose worker died is run again once (the
scheduler's ``allowed-failures``); a batch that ends two workers (KilledWorker) is split into
single games. A scheduler given by its address keeps its own setting (Dask's default: 3)."""

SINGLE_TRIES = 2
"""A game played alone whose task ends with KilledWorker this many times is reported lost. The
games of a KilledWorker batch are played alone one after another (Dask counts a worker's
death against every task that worker held, not only the one it was running)."""


def run_dask(spec, batches, workers: int, scheduler, rows: list, bar, outcome, stall_timeout=None) -> None:
    """Run the batches; extend ``rows`` as they finish; record an interruption, the games
    played again and the games lost in ``outcome`` (a ``_pool.Outcome``). A cluster left with
    no worker for ``stall_timeout`` seconds (at most 60 for the LocalCluster started here)
    ends the run: its unfinished games are lost."""
    import time

    import dask
    from dask.distributed import Client, LocalCluster, as_completed
    from distributed.scheduler import KilledWorker

    cluster = None
    if scheduler is None:
        with dask.config.set({**WORKER_CONFIG, "distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
            cluster = LocalCluster(n_workers=min(workers, len(batches)) or 1, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    else:
        from ..core.errors import OptionError

        try:  # waits up to Dask's distributed.comm.timeouts.connect (default 30 s)
            client = Client(scheduler)
        except (OSError, ValueError, TypeError) as exc:  # TimeoutError is an OSError
            raise OptionError(f"simulate: cannot connect to the Dask scheduler at scheduler={scheduler!r}: "
                              f"{type(exc).__name__}: {exc}", field="scheduler") from None
    limit = stall_timeout if scheduler is not None or stall_timeout is None else min(stall_timeout, 60)
    jobs_of: dict = {}  # future -> its jobs
    alone: set = set()  # the futures of games played alone, after their batch's KilledWorker
    waiting: deque = deque()  # games to play alone, one at a time
    tries: dict = {}  # game -> times its task, alone, ended with KilledWorker
    done = as_completed()
    # a key of its own for every batch of every run: a shared scheduler never hands back
    # another run's result
    run = uuid.uuid4().hex
    count = iter(range(1 << 62))

    def submit(jobs):
        f = client.submit(run_batch, spec, jobs, pure=False, key=f"hotellab-{run}-{jobs[0][0]}-{next(count)}")
        jobs_of[f] = jobs
        done.add(f)
        return f

    def next_alone():
        # one at a time: the scheduler blames a worker's death on every task that worker
        # held, so a game played alone with no other retried game beside it is blamed only
        # for its own death (or a plain batch's)
        if waiting and not alone:
            alone.add(submit([waiting.popleft()]))

    def keep_finished():
        """The rows of the batches already finished, before the run stops."""
        for g in list(jobs_of):
            if g.done() and g.status == "finished":
                try:
                    got = g.result(timeout=5)
                except BaseException:  # noqa: BLE001 - a result lost at the stop
                    continue
                jobs_of.pop(g)
                rows.extend(got)
                bar.update(len(got))
            else:
                g.cancel()

    def handle(f):
        if f.status in ("pending", "lost"):
            # finished, but its result was on a worker that has died since: the scheduler
            # computes it again (the client still wants it); wait for it again
            done.add(f)
            return
        jobs = jobs_of.pop(f)
        was_alone = f in alone
        alone.discard(f)
        if f.status == "finished":
            got = f.result()
            rows.extend(got)
            bar.update(len(got))
        elif isinstance(exc := (f.exception() if f.status == "error" else None), KilledWorker):
            outcome.deaths.append("a Dask worker died")
            if not was_alone:  # find the game that ends the workers: each game alone
                outcome.retried.update(i for i, _, _ in jobs)
                waiting.extend(jobs)
            else:
                i = jobs[0][0]
                tries[i] = tries.get(i, 0) + 1
                if tries[i] < SINGLE_TRIES:
                    waiting.appendleft(jobs[0])
                else:
                    outcome.retried.discard(i)
                    outcome.lost[i] = (f"the Dask workers that played it alone died, more times than "
                                       f"the scheduler's allowed-failures, in each of {SINGLE_TRIES} tries")
        elif isinstance(exc, GameFailed):  # a game raised: keep its batch's finished rows
            rows.extend(exc.rows)
            bar.update(len(exc.rows))
            keep_finished()
            raise exc
        elif exc is not None:
            f.result()  # another exception, raised here with the worker's traceback
        else:  # cancelled: the scheduler or the connection to it was lost
            for i, _, _ in jobs:
                outcome.lost[i] = f"its Dask task was {f.status} (the scheduler or the connection to it was lost)"
                outcome.retried.discard(i)

    try:
        for b in batches:
            submit(b)
        quiet_since, empty_since = time.monotonic(), None
        woken = getattr(done, "thread_condition", None)  # notified as each future completes
        while jobs_of:
            finished = done.next_batch(block=False) if done.has_ready() else []
            for f in finished:
                handle(f)
            next_alone()
            now = time.monotonic()
            if finished:
                quiet_since, empty_since = now, None
                continue
            # wait for the next result; every 2 s without one, check that the cluster still
            # has workers
            if woken is not None:
                with woken:
                    if not done.has_ready():
                        woken.wait(timeout=2)
            else:
                time.sleep(0.01)
            if time.monotonic() - quiet_since < 2:
                continue
            quiet_since = now = time.monotonic()
            if client.scheduler_info().get("workers"):
                empty_since = None
            elif empty_since is None:
                empty_since = now
            elif limit is not None and now - empty_since > limit:
                why = (f"the Dask cluster had no worker for {limit:g} s (stall_timeout): its "
                       "workers ended and were not replaced")
                for f in list(jobs_of):
                    f.cancel()
                for i, _, _ in [j for jobs in jobs_of.values() for j in jobs] + list(waiting):
                    outcome.lost[i] = why
                    outcome.retried.discard(i)
                jobs_of.clear()
    except KeyboardInterrupt:
        outcome.interrupted = True
        seen = {r["game"] for r in rows}
        for f in list(jobs_of):
            if f.done() and f.status == "finished":
                try:
                    for r in f.result(timeout=5):
                        if r["game"] not in seen:
                            rows.append(r)
                except BaseException:  # noqa: BLE001 - a result lost at the stop
                    pass
            else:
                f.cancel()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
