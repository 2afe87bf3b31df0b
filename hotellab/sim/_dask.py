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


def run_dask(spec, batches, workers: int, scheduler, rows: list, bar) -> bool:
    """Run the batches; extend ``rows`` as they finish. Returns True when interrupted."""
    import dask
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler is None:
        with dask.config.set(WORKER_CONFIG):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    else:
        client = Client(scheduler, timeout="30s")
    futures = []
    interrupted = False
    try:
        # a key of its own for every batch of every run: a shared scheduler never hands back
        # another run's result
        run = uuid.uuid4().hex
        futures = [client.submit(run_batch, spec, b, pure=False, key=f"hotellab-{run}-{b[0][0]}")
                   for b in batches]
        for f in as_completed(futures):
            got = f.result()
            rows.extend(got)
            bar.update(len(got))
    except KeyboardInterrupt:
        interrupted = True
        seen = {r["game"] for r in rows}
        for f in futures:
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
    return interrupted
