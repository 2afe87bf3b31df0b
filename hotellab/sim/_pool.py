"""The process backend of :func:`hotellab.simulate`: worker processes that survive the loss
of one of them.

Each worker (:func:`._worker.serve`) has a pipe of its own and three numbers in shared
memory: the game it plays, the actions played in it and the games it has finished. So the
parent knows, when a worker dies, exactly which batches were in its hands and which game it
was playing, and sees a worker that stops making progress. The games of a lost worker go to the others (a replacement starts in
its place); a game's row depends on its seed only, so the table is the one a run without the
loss gives. A game that was being played when its worker died :data:`MAX_TRIES` times is not
tried again: it is reported lost, with the reason. The run ends, its remaining games lost,
when workers keep ending for another reason than a game: :data:`MAX_BARREN` in a row that
finished no game and either were stopped for making no progress or ended while playing none
(with no batch returned in between), or :data:`MAX_FRUITLESS` ends before any batch returned.
"""

from __future__ import annotations

import os
import signal
import time
from collections import deque

from ._worker import arrived

MAX_TRIES = 2
"""A game whose worker died this many times while playing it is reported lost."""

MAX_BARREN = 3
"""This many ends in a row of workers that finished no game and were stopped for making no
progress or ended while playing none, with no batch returned in between, end the run."""

MAX_FRUITLESS = 20
"""This many worker ends with no batch returned yet in the run end it (every game crashes)."""

TICK = 0.5
"""Seconds between the parent's checks of the workers' progress."""


class SetupFailed(Exception):
    """A worker could not load the spec (an agent's class it cannot import...)."""

    def __init__(self, exc: BaseException):
        super().__init__(str(exc))
        self.exc = exc


class Outcome:
    """What happened besides the rows: an interruption, the games played again after a lost
    worker (``retried``), the games lost (``lost``: index -> reason), and each worker death."""

    def __init__(self):
        self.interrupted = False
        self.retried: set[int] = set()
        self.lost: dict[int, str] = {}
        self.deaths: list[str] = []
        self.forked = None  # _preflight.Forked: fork chosen while other threads ran


def exit_text(code) -> str:
    if code is None:
        return "it did not exit"
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def _alive(pid) -> bool:
    """Whether process ``pid`` still runs (forkserver's workers are not this process's
    children: their exit code comes through the server)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, TypeError):
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


class _Slot:
    def __init__(self, index: int):
        self.index = index
        self.proc = None
        self.conn = None
        self.batches: deque = deque()  # batch ids sent and not answered, oldest first
        self.ready = False
        self.seen = None  # (game, actions) at the last check
        self.since = 0.0  # when ``seen`` last changed (or the worker started)
        self.reason = None  # set when the parent stopped it (no progress)


class Pool:
    def __init__(self, ctx, payload: bytes, workers: int, stall_timeout, outcome: Outcome, bar, rows: list):
        from . import _worker

        self.ctx = ctx
        self.payload = payload
        self.stall = stall_timeout
        self.outcome = outcome
        self.bar = bar
        self.rows = rows
        self.serve = _worker.serve
        self.shared = ctx.RawArray("q", 3 * workers + 1)  # per slot: game, actions, games; last: stop
        self.slots = [_Slot(k) for k in range(workers)]
        self.jobs: dict[int, list] = {}
        self.todo: deque = deque()
        self.next_id = 0
        self.tries: dict[int, int] = {}
        self.barren = 0
        self.returned = 0  # batches returned
        self.error = None
        self.failed = None  # _worker.GameFailed: the first game that raised

    # ------------------------------------------------------------------ workers
    def _start(self, slot: _Slot) -> None:
        k = 3 * slot.index
        self.shared[k], self.shared[k + 1], self.shared[k + 2] = -1, 0, 0
        here, there = self.ctx.Pipe()
        for attempt in range(3):
            proc = self.ctx.Process(target=self.serve, args=(there, self.payload, self.shared, slot.index),
                                    name=f"hotellab-sim-{slot.index}", daemon=True)
            try:
                proc.start()
                break
            except (EOFError, OSError):
                # forkserver's server process has ended (killed): the context starts a new one
                # once it has noticed; give it a moment
                if attempt == 2:
                    raise
                time.sleep(0.2 * (attempt + 1))
        there.close()
        slot.proc, slot.conn, slot.ready, slot.reason = proc, here, False, None
        slot.batches.clear()
        slot.seen, slot.since = None, time.monotonic()

    def _live(self) -> list[_Slot]:
        return [s for s in self.slots if s.proc is not None]

    def _add(self, jobs: list, front: bool = False) -> None:
        bid = self.next_id
        self.next_id += 1
        self.jobs[bid] = jobs
        (self.todo.appendleft if front else self.todo.append)(bid)

    def _feed(self) -> None:
        # two batches per worker: the next one is there when the current one ends
        for slot in self._live():
            while self.todo and len(slot.batches) < 2:
                bid = self.todo.popleft()
                try:
                    slot.conn.send((bid, self.jobs[bid]))
                except OSError:  # the worker is gone: its sentinel says so next
                    self.todo.appendleft(bid)
                    break
                slot.batches.append(bid)

    # ------------------------------------------------------------------ messages
    def _read(self, slot: _Slot) -> None:
        while slot.conn is not None:
            try:
                if not slot.conn.poll():
                    return
                msg = slot.conn.recv()
            except (EOFError, OSError):
                return
            kind = msg[0]
            if kind == "ready":
                slot.ready = True
                slot.since = time.monotonic()
            elif kind == "done":
                _, bid, got = msg
                if bid in slot.batches:
                    slot.batches.remove(bid)
                self.jobs.pop(bid, None)
                self.rows.extend(got)
                self.bar.update(len(got))
                self.barren = 0
                self.returned += 1
            elif kind == "skipped":
                if msg[1] in slot.batches:
                    slot.batches.remove(msg[1])
            elif kind == "failed":  # a game raised: keep its batch's finished rows
                _, bid, failed = msg
                self.rows.extend(failed.rows)
                self.bar.update(len(failed.rows))
                self.jobs.pop(bid, None)
                if bid in slot.batches:
                    slot.batches.remove(bid)
                if self.failed is None:
                    self.failed = failed
            elif kind == "error":
                if self.error is None:
                    self.error = arrived(msg[2])
                if msg[1] in slot.batches:
                    slot.batches.remove(msg[1])
            elif kind == "setup-error":
                raise SetupFailed(arrived(msg[1]))

    def _lost_worker(self, slot: _Slot, restart: bool) -> None:
        """``slot``'s process has ended: its unanswered batches go back to the queue (the game
        it was playing counted against that game), and a replacement starts."""
        self._read(slot)  # what it sent before it ended
        proc = slot.proc
        proc.join(timeout=5)
        why = slot.reason or exit_text(proc.exitcode)
        if self.ctx.get_start_method() == "forkserver" and slot.reason is None and _alive(proc.pid):
            # its sentinel closed while it still runs: forkserver's server, which holds the
            # sentinels of the workers it forked, ended (it was killed). Stop the worker, or it
            # plays on unheard
            self._kill(slot)
            why = "forkserver's server process ended"
        self.outcome.deaths.append(why)
        playing = self.shared[3 * slot.index]
        finished = self.shared[3 * slot.index + 2]
        slot.conn.close()
        slot.proc = slot.conn = None
        unanswered = list(slot.batches)
        slot.batches.clear()
        if finished:
            self.barren = 0
        elif unanswered and (slot.reason is not None or playing < 0):
            # not a game's doing: a hang (a fork that copied a held lock...) or a worker that
            # ends before it plays; a game that crashes its worker is bounded by MAX_TRIES
            self.barren += 1
        back = []
        for n, bid in enumerate(unanswered):
            jobs = self.jobs.pop(bid)
            if n == 0:  # the batch it was playing: its finished games come back with the rest
                self.outcome.retried.update(i for i, _, _ in jobs)
                suspect = [j for j in jobs if j[0] == playing]
                if suspect:
                    g = playing
                    self.tries[g] = self.tries.get(g, 0) + 1
                    jobs = [j for j in jobs if j[0] != g]
                    if self.tries[g] >= MAX_TRIES:
                        self.outcome.lost[g] = (f"its worker process ended while playing it "
                                                f"{self.tries[g]} times ({why})")
                        self.outcome.retried.discard(g)
                    else:  # alone, so that it ends no other game's worker if it does again
                        back.append(suspect)
            if jobs:
                back.append(jobs)
        for jobs in reversed(back):
            self._add(jobs, front=True)
        if self.barren >= MAX_BARREN:
            self._abandon(f"worker processes kept ending before they finished a game ({MAX_BARREN} "
                          f"in a row; the last: {why})")
            return
        if not self.returned and len(self.outcome.deaths) >= MAX_FRUITLESS:
            self._abandon(f"worker processes ended {len(self.outcome.deaths)} times and no batch of "
                          f"games was finished (the last: {why})")
            return
        if restart and (self.todo or any(s.batches for s in self._live())):
            self._start(slot)

    def _abandon(self, reason: str) -> None:
        """Give up: every game not finished is lost with ``reason``."""
        for slot in self._live():
            self._kill(slot)
        for slot in self.slots:
            if slot.proc is not None:
                slot.proc.join(timeout=5)
                self._read(slot)
                slot.conn.close()
                slot.proc = slot.conn = None
            for bid in slot.batches:
                self.todo.append(bid)
            slot.batches.clear()
        for bid in self.todo:
            for i, _, _ in self.jobs.pop(bid):
                self.outcome.lost.setdefault(i, reason)
                self.outcome.retried.discard(i)
        self.todo.clear()

    @staticmethod
    def _kill(slot: _Slot) -> None:
        try:
            os.kill(slot.proc.pid, signal.SIGKILL)
        except (OSError, TypeError):
            pass

    def _watch(self) -> None:
        """Stop a worker that made no progress (no action played, or not started) for
        ``stall_timeout`` seconds: its batches are handled as a lost worker's."""
        if self.stall is None:
            return
        now = time.monotonic()
        for slot in self._live():
            if slot.reason is not None or (slot.ready and not slot.batches):
                continue
            k = 3 * slot.index
            seen = (slot.ready, self.shared[k], self.shared[k + 1])
            if seen != slot.seen:
                slot.seen, slot.since = seen, now
            elif now - slot.since > self.stall:
                what = "playing" if slot.ready else "starting"
                slot.reason = (f"made no progress for {self.stall:g} s while {what} "
                               f"(stall_timeout) and was stopped")
                self._kill(slot)

    # ------------------------------------------------------------------ the run
    def run(self, batches: list) -> None:
        from multiprocessing.connection import wait

        for b in batches:
            self._add(b)
        for slot in self.slots:
            self._start(slot)
        while True:
            self._feed()
            live = self._live()
            if not live or (not self.todo and not any(s.batches for s in live)):
                break
            ready = set(wait([s.conn for s in live] + [s.proc.sentinel for s in live], timeout=TICK))
            for slot in live:
                if slot.conn in ready:
                    self._read(slot)
            if self.error is not None or self.failed is not None:
                return
            for slot in live:
                if slot.proc is not None and slot.proc.sentinel in ready:
                    self._lost_worker(slot, restart=True)
            self._watch()

    def stop(self, interrupted: bool = True) -> None:
        """Ctrl-C (or a game that raised, ``interrupted=False``): batches not begun are
        skipped, those being played finish (their games are kept); a second Ctrl-C stops
        waiting for them."""
        from multiprocessing.connection import wait

        self.outcome.interrupted = interrupted
        self.shared[len(self.shared) - 1] = 1
        try:
            while True:
                live = [s for s in self._live() if s.batches]
                if not live:
                    return
                ready = set(wait([s.conn for s in live] + [s.proc.sentinel for s in live], timeout=TICK))
                for slot in live:
                    if slot.conn in ready:
                        self._read(slot)
                    if slot.proc.sentinel in ready:
                        self._read(slot)
                        slot.batches.clear()  # lost at the stop: not played again
                self._watch()  # a worker that hangs is stopped here too
        except KeyboardInterrupt:
            return

    def close(self, kill: bool = False) -> None:
        """End the workers: they finish what they were sent (``kill``: at once)."""
        for slot in self._live():
            if kill:
                self._kill(slot)
                continue
            try:
                slot.conn.send(None)
            except OSError:
                pass
        deadline = time.monotonic() + 5
        for slot in self._live():
            slot.proc.join(timeout=max(0.0, deadline - time.monotonic()))
            if slot.proc.is_alive():
                self._kill(slot)
                slot.proc.join(timeout=5)
            slot.conn.close()
            slot.proc = slot.conn = None


def run_processes(ctx, payload: bytes, batches: list, workers: int, rows: list, bar, outcome: Outcome,
                  stall_timeout) -> None:
    """Play ``batches`` on ``workers`` processes; extend ``rows``; record in ``outcome``.
    Raises GameFailed for the first game that raised (the rows of every batch finished or
    being played are kept in ``rows``), another exception of a worker (its traceback as its
    cause), or SetupFailed."""
    pool = Pool(ctx, payload, min(workers, len(batches)), stall_timeout, outcome, bar, rows)
    ended = False
    try:
        try:
            pool.run(batches)
        except KeyboardInterrupt:
            pool.stop()
        if pool.failed is not None and pool.error is None:
            pool.stop(interrupted=outcome.interrupted)  # the batches being played finish: kept
            ended = True
            raise pool.failed
        if pool.error is not None:
            raise pool.error
        ended = True
    finally:
        # after an error, nothing the workers are playing is wanted any more
        pool.close(kill=not ended and not outcome.interrupted)
