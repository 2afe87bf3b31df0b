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
    client, cluster = _connect(scheduler, workers, len(batches))
    limit = stall_timeout if scheduler is not None or stall_timeout is None else min(stall_timeout, 60)
    run = _DaskRun(client, spec, rows, bar, outcome)
    try:
        for b in batches:
            run.submit(b)
        run.wait(limit)
    except KeyboardInterrupt:
        run.interrupted()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _connect(scheduler, workers: int, n_batches: int):
    """``(client, cluster)``: a client of a LocalCluster of ``workers`` single-threaded
    processes started here (at most one per batch), or of the scheduler at the address
    ``scheduler`` (cluster None; OptionError when it cannot be reached)."""
    import dask
    from dask.distributed import Client, LocalCluster

    if scheduler is None:
        with dask.config.set({**WORKER_CONFIG, "distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
            cluster = LocalCluster(n_workers=min(workers, n_batches) or 1, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
        return Client(cluster), cluster
    from ..core.errors import OptionError

    try:  # waits up to Dask's distributed.comm.timeouts.connect (default 30 s)
        return Client(scheduler), None
    except (OSError, ValueError, TypeError) as exc:  # TimeoutError is an OSError
        raise OptionError(f"simulate: cannot connect to the Dask scheduler at scheduler={scheduler!r}: "
                          f"{type(exc).__name__}: {exc}", field="scheduler") from None


class _DaskRun:
    """The batches of one :func:`run_dask` on a client: the tasks out, the games to play alone
    after a KilledWorker, and the rows and outcome they give."""

    def __init__(self, client, spec, rows: list, bar, outcome):
        from dask.distributed import as_completed

        self.client, self.spec, self.rows, self.bar, self.outcome = client, spec, rows, bar, outcome
        self.jobs_of: dict = {}  # future -> its jobs
        self.alone: set = set()  # the futures of games played alone, after their batch's KilledWorker
        self.waiting: deque = deque()  # games to play alone, one at a time
        self.tries: dict = {}  # game -> times its task, alone, ended with KilledWorker
        self.done = as_completed()
        # a key of its own for every batch of every run: a shared scheduler never hands back
        # another run's result
        self.run = uuid.uuid4().hex
        self.count = iter(range(1 << 62))

    def submit(self, jobs):
        f = self.client.submit(run_batch, self.spec, jobs, pure=False,
                               key=f"hotellab-{self.run}-{jobs[0][0]}-{next(self.count)}")
        self.jobs_of[f] = jobs
        self.done.add(f)
        return f

    def next_alone(self):
        # one at a time: the scheduler blames a worker's death on every task that worker
        # held, so a game played alone with no other retried game beside it is blamed only
        # for its own death (or a plain batch's)
        if self.waiting and not self.alone:
            self.alone.add(self.submit([self.waiting.popleft()]))

    def add_rows(self, got) -> None:
        self.rows.extend(got)
        self.bar.update(len(got))

    def keep_finished(self):
        """The rows of the batches already finished, before the run stops."""
        for g in list(self.jobs_of):
            if g.done() and g.status == "finished":
                try:
                    got = g.result(timeout=5)
                except BaseException:  # noqa: BLE001 - a result lost at the stop
                    continue
                self.jobs_of.pop(g)
                self.add_rows(got)
            else:
                g.cancel()

    def handle(self, f):
        """A task that completed: its rows, a KilledWorker's games to play again, a game's
        exception (raised: the run stops), or its games lost with the scheduler."""
        if f.status in ("pending", "lost"):
            # finished, but its result was on a worker that has died since: the scheduler
            # computes it again (the client still wants it); wait for it again
            self.done.add(f)
            return
        from distributed.scheduler import KilledWorker

        jobs = self.jobs_of.pop(f)
        was_alone = f in self.alone
        self.alone.discard(f)
        if f.status == "finished":
            self.add_rows(f.result())
        elif isinstance(exc := (f.exception() if f.status == "error" else None), KilledWorker):
            self.killed(jobs, was_alone)
        elif isinstance(exc, GameFailed):  # a game raised: keep its batch's finished rows
            self.add_rows(exc.rows)
            self.keep_finished()
            raise exc
        elif exc is not None:
            f.result()  # another exception, raised here with the worker's traceback
        else:  # cancelled: the scheduler or the connection to it was lost
            for i, _, _ in jobs:
                self.outcome.lost[i] = f"its Dask task was {f.status} (the scheduler or the connection to it was lost)"
                self.outcome.retried.discard(i)

    def killed(self, jobs, was_alone: bool) -> None:
        """A task ended with KilledWorker: a batch's games are played again, each alone; a game
        played alone is tried again, and lost after :data:`SINGLE_TRIES` tries."""
        outcome = self.outcome
        outcome.deaths.append("a Dask worker died")
        if not was_alone:  # find the game that ends the workers: each game alone
            outcome.retried.update(i for i, _, _ in jobs)
            self.waiting.extend(jobs)
            return
        i = jobs[0][0]
        self.tries[i] = self.tries.get(i, 0) + 1
        if self.tries[i] < SINGLE_TRIES:
            self.waiting.appendleft(jobs[0])
        else:
            outcome.retried.discard(i)
            outcome.lost[i] = (f"the Dask workers that played it alone died, more times than "
                               f"the scheduler's allowed-failures, in each of {SINGLE_TRIES} tries")

    def wait(self, limit) -> None:
        """Handle the tasks as they complete until none is left; every 2 s without a result,
        check that the cluster still has workers (none for ``limit`` seconds: the rest is lost)."""
        import time

        quiet_since, empty_since = time.monotonic(), None
        woken = getattr(self.done, "thread_condition", None)  # notified as each future completes
        while self.jobs_of:
            finished = self.done.next_batch(block=False) if self.done.has_ready() else []
            for f in finished:
                self.handle(f)
            self.next_alone()
            now = time.monotonic()
            if finished:
                quiet_since, empty_since = now, None
                continue
            # wait for the next result; every 2 s without one, check that the cluster still
            # has workers
            if woken is not None:
                with woken:
                    if not self.done.has_ready():
                        woken.wait(timeout=2)
            else:
                time.sleep(0.01)
            if time.monotonic() - quiet_since < 2:
                continue
            quiet_since = now = time.monotonic()
            empty_since = self.check_workers(empty_since, now, limit)

    def check_workers(self, empty_since, now: float, limit):
        """Since when the cluster has had no worker (None: it has some); after ``limit``
        seconds without one, every unfinished game is lost and the run ends."""
        if self.client.scheduler_info().get("workers"):
            return None
        if empty_since is None:
            return now
        if limit is not None and now - empty_since > limit:
            why = (f"the Dask cluster had no worker for {limit:g} s (stall_timeout): its "
                   "workers ended and were not replaced")
            for f in list(self.jobs_of):
                f.cancel()
            for i, _, _ in [j for jobs in self.jobs_of.values() for j in jobs] + list(self.waiting):
                self.outcome.lost[i] = why
                self.outcome.retried.discard(i)
            self.jobs_of.clear()
        return empty_since

    def interrupted(self) -> None:
        """Ctrl-C: keep the rows of the batches already finished, cancel the others."""
        self.outcome.interrupted = True
        seen = {r["game"] for r in self.rows}
        for f in list(self.jobs_of):
            if f.done() and f.status == "finished":
                try:
                    for r in f.result(timeout=5):
                        if r["game"] not in seen:
                            self.rows.append(r)
                except BaseException:  # noqa: BLE001 - a result lost at the stop
                    pass
            else:
                f.cancel()
