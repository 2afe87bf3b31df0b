"""The Dask backend of :func:`hotellab.simulate`: batches as ``dask.distributed`` tasks on a
LocalCluster (``workers`` single-threaded worker processes) or on an existing scheduler."""

from __future__ import annotations

import logging
import uuid

from ._worker import run_batch


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
scheduler's ``allowed-failures``); a batch that ends two workers is split into single games,
and a single game that does so is reported lost. A scheduler given by its address keeps its
own setting (Dask's default: 3)."""


def run_dask(spec, batches, workers: int, scheduler, rows: list, bar, outcome) -> None:
    """Run the batches; extend ``rows`` as they finish; record an interruption, the games
    played again and the games lost in ``outcome`` (a ``_pool.Outcome``)."""
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
    jobs_of: dict = {}
    done = as_completed()
    # a key of its own for every batch of every run: a shared scheduler never hands back
    # another run's result
    run = uuid.uuid4().hex
    count = iter(range(1 << 62))

    def submit(jobs):
        f = client.submit(run_batch, spec, jobs, pure=False, key=f"hotellab-{run}-{jobs[0][0]}-{next(count)}")
        jobs_of[f] = jobs
        done.add(f)

    try:
        for b in batches:
            submit(b)
        for f in done:
            jobs = jobs_of.pop(f)
            if f.status == "finished":
                got = f.result()
                rows.extend(got)
                bar.update(len(got))
                continue
            exc = f.exception() if f.status == "error" else None
            if isinstance(exc, KilledWorker):
                outcome.deaths.append("a Dask worker died")
                if len(jobs) > 1:  # find the game that ends the workers: each game alone
                    outcome.retried.update(i for i, _, _ in jobs)
                    for j in jobs:
                        submit([j])
                else:
                    outcome.retried.discard(jobs[0][0])
                    outcome.lost[jobs[0][0]] = (
                        "the Dask workers that played it died, more times than the scheduler's "
                        "allowed-failures")
            elif exc is not None:
                f.result()  # the game's own exception, raised here with the worker's traceback
            else:  # cancelled: the scheduler or the connection to it was lost
                for i, _, _ in jobs:
                    outcome.lost[i] = f"its Dask task was {f.status} (the scheduler or the connection to it was lost)"
                    outcome.retried.discard(i)
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
