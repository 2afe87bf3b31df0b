"""hl.simulate when things go wrong (issue 24, items 2 and 3): a worker lost mid-run keeps
every finished game (its unfinished ones are played again; a game that ends its worker every
time is reported lost, with the finished table), work that cannot travel to the workers and a
script without a main guard are errors that name the agent or the fix, a forked worker that
hangs is stopped, and every bad argument is a library error naming the argument (fuzzed).

The reference of every table is the same run played in this process (``workers=1``): a game's
row depends on its seed only (hotellab.sim.game_seed(seed, i), DESIGN.md), so a run that lost
and replayed games must give exactly that table.
"""

from __future__ import annotations

import importlib.util
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import hotellab as hl
from hotellab.agents import AGENTS, RandomAgent
from hotellab.sim import BACKENDS, SimulationError, game_seed, simulate

pd = pytest.importorskip("pandas")

GAME = "perfect_hotel"  # 2 players by default; a game takes a few ms


def fingerprint(rng) -> int:
    """The state of the random generator a Match gives an agent: it is derived from the game's
    seed and the action's number, so it marks one decision of one game, in any process."""
    return hash(rng.getstate()[1])  # the generator's words (ints hash the same in every process)


class Tripwire(RandomAgent):
    """Plays exactly as "random", but at a marked decision ends the worker process it runs in
    (``os._exit(3)``, as a crash in an agent or the engine would): every time, or only the
    first time when ``once`` is a path (a file made at the first crash). Never in the test's
    own process."""

    name = "random"

    def __init__(self, marks, once=None):
        self.marks, self.once = set(marks), once
        self.home = os.getpid()  # the test's process, where it never crashes

    def act(self, state, rng):
        if fingerprint(rng) in self.marks and os.getpid() != self.home:
            if self.once is None or not os.path.exists(self.once):
                if self.once is not None:
                    open(self.once, "x").close()
                os._exit(3)
        return super().act(state, rng)


def first_decision_mark(game: str, seed: int, index: int) -> int:
    """The fingerprint of the first decision of game ``index`` of a run with ``seed``."""
    marks = []

    class Recorder(RandomAgent):
        def act(self, state, rng):
            marks.append(fingerprint(rng))
            return super().act(state, rng)

    hl.play(hl.load_game(game), agents=[Recorder()], seed=game_seed(seed, index))
    return marks[0]


def reference(n_games, seed, **kw):
    return simulate(GAME, ["random"], n_games=n_games, seed=seed, workers=1, progress=False, **kw)


def same_rows(part, full):
    """``part`` holds exactly the rows of ``full`` for its games (columns of ``part``)."""
    assert set(part.columns) <= set(full.columns)
    want = full.set_index("game", drop=False).loc[list(part["game"]), list(part.columns)]
    pd.testing.assert_frame_equal(part.reset_index(drop=True), want.reset_index(drop=True))


# ----------------------------------------------------------------------------- a lost worker
def test_a_killed_worker_process_loses_no_game():
    """The issue's case: a worker process is killed (SIGKILL) mid-run; before, the call raised
    BrokenProcessPool and returned nothing. Now the other worker and a replacement play the
    killed worker's games again and the table is the complete one."""
    full = reference(300, seed=4)
    killed = []

    def progress(done, total):
        if done >= 40 and not killed:
            worker = next(p for p in mp.active_children() if p.name.startswith("hotellab-sim-"))
            killed.append(worker.pid)
            os.kill(worker.pid, signal.SIGKILL)

    with pytest.warns(RuntimeWarning, match=r"a worker process ended during the run \(killed by signal "
                                            r"SIGKILL\); the \d+ games not yet returned were played again"):
        table = simulate(GAME, ["random"], n_games=300, seed=4, workers=2, batch_size=10, progress=progress)
    assert killed
    pd.testing.assert_frame_equal(table, full)
    assert table.attrs["retried"] and table.attrs["lost"] == []
    assert not [p for p in mp.active_children() if p.name.startswith("hotellab-sim-")]


def test_a_game_that_crashes_its_worker_once_is_played_again(tmp_path):
    """Game 7 ends its worker (exit code 3) the first time only: it is played again, alone, by
    a replacement, and every row equals the run without the crash."""
    full = reference(40, seed=5)
    agent = Tripwire({first_decision_mark(GAME, 5, 7)}, once=str(tmp_path / "crashed"))
    with pytest.warns(RuntimeWarning, match=r"a worker process ended during the run \(exit code 3\)"):
        table = simulate(GAME, [agent], n_games=40, seed=5, workers=2, batch_size=4, progress=False)
    assert (tmp_path / "crashed").exists()  # the crash did happen, in a worker
    pd.testing.assert_frame_equal(table, full)
    assert 7 in table.attrs["retried"] and table.attrs["lost"] == []


def test_a_game_that_always_crashes_its_worker_is_lost_and_the_rest_kept():
    """Game 7 ends its worker every time: after its second try it is reported lost
    (SimulationError naming it, its seed and the exit code) and the 39 other games come back
    in the error's table, each the row of the run without the fault."""
    full = reference(40, seed=5)
    agent = Tripwire({first_decision_mark(GAME, 5, 7)})
    t0 = time.perf_counter()
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [agent], n_games=40, seed=5, workers=2, batch_size=4, progress=False)
    err = info.value
    assert time.perf_counter() - t0 < 30
    assert err.lost == [7] and err.table.attrs["lost"] == [7]
    msg = str(err)
    assert msg.startswith("simulate: 1 of 40 games lost, 39 finished")
    assert f"game 7 (seed {game_seed(5, 7)}): its worker process ended while playing it 2 times (exit code 3)" in msg
    assert "hl.play(game, agents, seed=...)" in msg
    assert list(err.table["game"]) == [i for i in range(40) if i != 7]
    same_rows(err.table, full)


def test_games_that_crash_at_the_start_of_their_batches_lose_only_themselves():
    """Games 0 and 4, each the first of its batch, end every worker that plays them: both
    workers die before finishing a game, and so do the replacements that try them alone; yet
    that is the games' doing (each counted against its game), so the run goes on and only
    those two are lost."""
    full = reference(24, seed=9)
    agent = Tripwire({first_decision_mark(GAME, 9, 0), first_decision_mark(GAME, 9, 4)})
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [agent], n_games=24, seed=9, workers=2, batch_size=4, progress=False)
    assert info.value.lost == [0, 4], str(info.value)
    assert str(info.value).startswith("simulate: 2 of 24 games lost, 22 finished")
    same_rows(info.value.table, full)


class CrashAll(RandomAgent):
    """Ends the worker process at its first decision, in every game."""

    def __init__(self):
        self.home = os.getpid()

    def act(self, state, rng):
        if os.getpid() != self.home:
            os._exit(5)
        return super().act(state, rng)


def test_a_run_where_every_game_crashes_ends():
    """Every game ends its worker: the run does not try each game twice over thousands of
    processes; after 20 ends with no batch finished it stops, every game lost, and says why."""
    t0 = time.perf_counter()
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [CrashAll()], n_games=2000, workers=2, progress=False)
    assert time.perf_counter() - t0 < 30
    assert info.value.lost == list(range(2000)) and len(info.value.table) == 0
    assert "worker processes ended 20 times and no batch of games was finished (the last: exit code 5)" in str(info.value)


class Faulty(RandomAgent):
    """Raises at the 31st action of every game: a bug, not a lost worker."""

    def act(self, state, rng):
        if state.move_number > 30:
            raise ValueError("agent bug at move 31")
        return super().act(state, rng)


def test_an_exception_in_a_game_is_raised_with_the_workers_traceback():
    """An exception raised by a game in a worker is not a lost worker: the run stops with a
    SimulationError naming the game, its seed and the agent; the original exception is its
    cause (with the worker's traceback as the cause of that), and the workers are ended."""
    t0 = time.perf_counter()
    with pytest.raises(SimulationError, match="agent bug at move 31") as info:
        simulate(GAME, [Faulty()], n_games=200, workers=2, progress=False)
    assert time.perf_counter() - t0 < 20
    orig = info.value.__cause__
    assert type(orig) is ValueError and str(orig) == "agent bug at move 31"
    cause = orig.__cause__
    assert type(cause).__name__ == "WorkerTraceback" and "in act" in str(cause) and "agent bug" in str(cause)
    assert not [p for p in mp.active_children() if p.name.startswith("hotellab-sim-")]


class Buggy(RandomAgent):
    """Plays as "random" but raises ZeroDivisionError (or returns ``reply``) at a marked decision
    (see :func:`fingerprint`), e.g. the first decision of game BAD_GAME of the run with seed 5."""

    name = "buggy"

    def __init__(self, marks, reply=None):
        self.marks, self.reply = set(marks), reply

    def act(self, state, rng):
        if fingerprint(rng) in self.marks:
            if self.reply is not None:
                return self.reply
            raise ZeroDivisionError("agent bug")
        return super().act(state, rng)


BAD_GAME = 13  # the game whose first decision goes wrong


def check_failed(info, n_games, reply_text, *, ordered=True):
    err = info.value
    seed = game_seed(5, BAD_GAME)
    msg = str(err)
    # the game, its seed, the seat that decides first and the agent there (one per seat)
    import re

    assert re.search(rf"game {BAD_GAME} \(seed {seed}\), seat (\d): agent \1 \(buggy, a {__name__}.Buggy\)", msg), msg
    assert reply_text in msg, msg
    table = err.table
    assert BAD_GAME not in set(table["game"]) and BAD_GAME in err.lost
    assert sorted(set(table["game"]) | set(err.lost)) == list(range(n_games))
    if ordered:  # one worker plays the games in order: every game before it finished
        assert set(range(BAD_GAME)) <= set(table["game"])
    # every kept row is the one a complete run gives (buggy plays as random elsewhere)
    names = ["lineup", *[c for c in table.columns if c.startswith("agent_")]]
    same_rows(table.drop(columns=names), reference(n_games, 5))
    return err


@pytest.mark.parametrize("workers", [1, 2])
def test_an_agent_that_raises_names_the_game_seat_and_agent_and_keeps_the_finished_games(workers):
    """Before: the bare ZeroDivisionError, no game, seed or agent, every finished game lost."""
    buggy = Buggy([first_decision_mark(GAME, 5, BAD_GAME)])
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [buggy], n_games=40, seed=5, workers=workers, batch_size=4,
                 progress=False)
    # with 2 workers, which batches finish before the run stops depends on timing
    err = check_failed(info, 40, "raised ZeroDivisionError: agent bug", ordered=workers == 1)
    assert type(err.__cause__) is ZeroDivisionError
    if workers == 1:  # the batches before game 13's, and its own rows before it
        assert len(err.table) >= 12


@pytest.mark.parametrize("reply", ["not a move", 7])
def test_an_agent_that_returns_an_illegal_move_is_named(reply):
    """Before: InvalidActionError naming neither agent nor game."""
    buggy = Buggy([first_decision_mark(GAME, 5, BAD_GAME)], reply=reply)
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [buggy], n_games=20, seed=5, workers=2, batch_size=4, progress=False)
    check_failed(info, 20, f"returned {reply!r}, which is not a legal move", ordered=False)  # 2 workers
    assert info.value.__cause__ is not None


def test_an_agent_that_returns_an_illegal_action_quotes_the_engine():
    game = hl.load_game(GAME)
    first = hl.Match(game, seed=game_seed(5, BAD_GAME), agents=["random"])
    while first.state.is_chance_node:
        first.step()
    legal = {str(a) for a in first.state.legal_actions()}
    later = hl.Match(game, seed=3, agents=["random"])
    later.run()
    # an action of another game: legal there, illegal at this game's first decision
    other = next(a for a in later.state.history() if str(a) not in legal)
    buggy = Buggy([first_decision_mark(GAME, 5, BAD_GAME)], reply=other)
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [buggy], n_games=16, seed=5, workers=1, progress=False)
    assert "which is not a legal move: " in str(info.value)
    assert isinstance(info.value.__cause__, hl.IllegalActionError)
    assert str(info.value.__cause__) in str(info.value)  # the engine's reason, quoted


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_dask_an_agent_that_raises_is_named_and_the_finished_games_kept():
    pytest.importorskip("dask.distributed")
    buggy = Buggy([first_decision_mark(GAME, 5, BAD_GAME)])
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [buggy], n_games=40, seed=5, workers=2, batch_size=4,
                 backend="dask", progress=False)
    err = check_failed(info, 40, "raised ZeroDivisionError: agent bug", ordered=False)  # 2 Dask workers
    assert type(err.__cause__) is ZeroDivisionError


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_dask_a_worker_lost_once_loses_no_game(tmp_path):
    """On a 2-worker LocalCluster the scheduler runs a dead worker's batch again (the nanny
    starts a new worker): the table is complete and the same as the local one."""
    pytest.importorskip("dask.distributed")
    full = reference(24, seed=6)
    agent = Tripwire({first_decision_mark(GAME, 6, 5)}, once=str(tmp_path / "crashed"))
    table = simulate(GAME, [agent], n_games=24, seed=6, workers=2, backend="dask", batch_size=4,
                     progress=False)
    assert (tmp_path / "crashed").exists()
    pd.testing.assert_frame_equal(table, full)
    assert table.attrs["lost"] == []


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_dask_a_game_that_always_crashes_its_worker_is_lost_and_the_rest_kept():
    """The batch holding game 5 kills two workers (the scheduler's allowed-failures is 1 on
    simulate's LocalCluster): it is split into single games; game 5 alone keeps killing its
    workers and is reported lost; every other game is kept, even one that the scheduler blamed
    because it waited on a dying worker."""
    pytest.importorskip("dask.distributed")
    full = reference(16, seed=6)
    agent = Tripwire({first_decision_mark(GAME, 6, 5)})
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [agent], n_games=16, seed=6, workers=2, backend="dask", batch_size=4, progress=False)
    err = info.value
    assert err.lost == [5], str(err)
    assert str(err).startswith("simulate: 1 of 16 games lost, 15 finished")
    assert "game 5 (seed " in str(err) and "the Dask workers that played it alone died" in str(err)
    same_rows(err.table, full)
    # its batch's other games were played again, alone
    assert {4, 6, 7} <= set(err.table.attrs["retried"]) and 5 not in err.table.attrs["retried"]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_dask_a_cluster_without_workers_ends_the_run():
    """A Dask cluster whose workers are all gone (here: one started with none) would keep the
    run waiting forever (once seen after many worker restarts); after stall_timeout seconds
    without a worker the run ends, every game reported lost, with the reason."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=None) as cluster:
        t0 = time.perf_counter()
        with pytest.raises(SimulationError) as info:
            simulate(GAME, ["random"], n_games=8, backend="dask", scheduler=cluster.scheduler_address,
                     stall_timeout=3, progress=False)
        assert time.perf_counter() - t0 < 30
    assert info.value.lost == list(range(8))
    assert "the Dask cluster had no worker for 3 s (stall_timeout)" in str(info.value)


def test_dask_a_scheduler_that_cannot_be_reached_is_named():
    """An address that reads well but where no scheduler listens: OptionError naming the
    argument and the address, after Dask's connect timeout (here 2 s)."""
    dask = pytest.importorskip("dask")
    pytest.importorskip("dask.distributed")
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        with pytest.raises(hl.OptionError, match=r"cannot connect to the Dask scheduler at "
                                                 r"scheduler='tcp://127.0.0.1:1'") as info:
            simulate(GAME, ["random"], n_games=4, backend="dask", scheduler="tcp://127.0.0.1:1", progress=False)
    assert info.value.field == "scheduler"


# ----------------------------------------------------------------------------- what travels
class LockedAgent(RandomAgent):
    """An agent holding a lock (which cannot be pickled)."""

    name = "locked"

    def __init__(self):
        self.lock = threading.Lock()


class _Holder:
    def __init__(self):
        self.guard = threading.RLock()


class NestedLockAgent(RandomAgent):
    def __init__(self):
        self.helper = _Holder()


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_agent_that_cannot_be_pickled_is_named_before_any_worker_starts(backend):
    """Before: TypeError: cannot pickle '_thread.lock' object (processes), "Could not serialize
    object of type LLGExpr" after the cluster started (Dask). Now: OptionError naming the
    agent by index, name and type, the attribute, and the fix; no worker was started."""
    if backend == "dask":
        pytest.importorskip("dask.distributed")
    before = set(mp.active_children())
    where = "worker processes" if backend == "processes" else "Dask workers"
    with pytest.raises(hl.OptionError) as info:
        simulate(GAME, ["random", LockedAgent()], n_games=20, workers=2, backend=backend, progress=False)
    msg = str(info.value)
    assert info.value.field == "agents"
    assert f"agent 1 (locked, a {LockedAgent.__module__}.LockedAgent) cannot be sent to the {where}" in msg
    assert "its attribute 'lock' (a _thread.lock) cannot be pickled" in msg
    assert "__getstate__" in msg and "workers=1" in msg
    with pytest.raises(hl.OptionError, match=r"agent 0 \(.*NestedLockAgent\).*its attribute "
                                             r"'helper.guard' \(a _thread.RLock\) cannot be pickled"):
        simulate(GAME, [NestedLockAgent(), "random"], n_games=20, workers=2, backend=backend, progress=False)
    assert set(mp.active_children()) == before
    # the same agent plays in this process
    assert len(simulate(GAME, ["random", LockedAgent()], n_games=2, workers=1, progress=False)) == 2


# ----------------------------------------------------------------------------- main guard
def run_script(tmp_path, text: str, timeout=120):
    script = tmp_path / "script.py"
    script.write_text(text, "utf-8")
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=timeout,
                          cwd=tmp_path)


def test_dask_in_a_script_without_a_main_guard_says_to_add_it(tmp_path):
    """Before: "RuntimeError: Nanny failed to start." (Dask's workers import the script again,
    which starts another cluster). Now: SimulationError naming the script and the fix, before
    any cluster starts."""
    pytest.importorskip("dask.distributed")
    out = run_script(tmp_path, "import hotellab as hl\n"
                               "t = hl.simulate('perfect_hotel', ['random'], n_games=20, workers=2, "
                               "backend='dask', progress=False)\n"
                               "print('rows', len(t))\n")
    assert out.returncode == 1 and "rows" not in out.stdout
    assert "SimulationError: simulate: backend='dask' starts a LocalCluster of 2 worker " \
           "processes, which import the main script again" in out.stderr
    assert f"top level of the script {tmp_path / 'script.py'}" in out.stderr
    assert 'put the call under `if __name__ == "__main__":`' in out.stderr
    assert "Nanny" not in out.stderr


def test_where_a_call_stands_in_a_script(tmp_path):
    """main_call reads the script: a call in its top-level code (directly or through a
    function) is unguarded; under `if __name__ == "__main__":` (alone or in an `and`) it is
    guarded."""
    out = run_script(tmp_path, (
        "from hotellab.sim._preflight import main_call\n"
        "def where():\n"
        "    return main_call(depth=1)[0]\n"
        "print('top', where())\n"
        "for _ in range(1):\n"
        "    print('loop', where())\n"
        "if __name__ == '__main__':\n"
        "    print('guarded', where())\n"
        "if True and '__main__' == __name__:\n"
        "    print('and', where())\n"
        "else:\n"
        "    print('else', where())\n"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["top", "unguarded", "loop", "unguarded", "guarded", "guarded", "and", "guarded"]


def test_a_worker_that_imports_an_unguarded_script_again_is_told_why(tmp_path):
    """A process started by spawn imports the script again as __mp_main__; the simulate call
    at its top level then says so in that worker, instead of starting workers of its own."""
    out = run_script(tmp_path, (
        "import multiprocessing as mp\n"
        "import hotellab as hl\n"
        "t = hl.simulate('perfect_hotel', ['random'], n_games=8, workers=2, batch_size=4, progress=False)\n"
        "print('rows', len(t), flush=True)\n"
        "p = mp.get_context('spawn').Process(target=print)\n"
        "p.start(); p.join()\n"))
    assert "rows 8" in out.stdout  # the script itself ran (its workers were forked)
    assert "SimulationError: simulate: called while a worker process imports the script" in out.stderr
    assert 'put the call under `if __name__ == "__main__":`' in out.stderr


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_dask_in_a_guarded_script_runs(tmp_path):
    pytest.importorskip("dask.distributed")
    out = run_script(tmp_path, (
        "import hotellab as hl\n"
        "if __name__ == '__main__':\n"
        "    t = hl.simulate('perfect_hotel', ['random'], n_games=20, workers=2, backend='dask', progress=False)\n"
        "    print('rows', len(t))\n"), timeout=200)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "rows 20"


# ----------------------------------------------------------------------------- fork and threads
LOCK = threading.Lock()


class NeedsLock(RandomAgent):
    """Takes a module lock at each decision, as library code does (logging, an allocator)."""

    name = "random"

    def act(self, state, rng):
        with LOCK:
            return super().act(state, rng)


@pytest.fixture
def lock_held_by_a_thread():
    """Another thread holds LOCK: a process forked now gets it held, with nobody to release
    it (the issue's hang: a forked worker blocked on a lock for minutes)."""
    taken, done = threading.Event(), threading.Event()

    def hold():
        with LOCK:
            taken.set()
            done.wait(120)

    t = threading.Thread(target=hold, name="lock-holder", daemon=True)
    t.start()
    taken.wait(10)
    yield t
    done.set()
    t.join(10)


def test_with_other_threads_workers_start_clean(lock_held_by_a_thread):
    """A thread runs here, and the agent's class can be imported by a new process (this test
    module): the workers start from forkserver, not as forks of this process, so none inherits
    the held lock and the run ends with the complete table."""
    full = reference(24, seed=7)
    table = simulate(GAME, [NeedsLock()], n_games=24, seed=7, workers=2, batch_size=4, progress=False,
                     stall_timeout=60)
    pd.testing.assert_frame_equal(table, full)


def test_a_guarded_script_with_another_thread_gets_clean_workers(tmp_path):
    """The same as a script run from its own folder (hotellab found as an installed package,
    not on the script's path): before, its forked workers waited forever for the lock."""
    out = run_script(tmp_path, (
        "import threading, time\n"
        "import hotellab as hl\n"
        "from hotellab.agents import RandomAgent\n"
        "LOCK = threading.Lock()\n"
        "class NeedsLock(RandomAgent):\n"
        "    def act(self, state, rng):\n"
        "        with LOCK:\n"
        "            return super().act(state, rng)\n"
        "def hold():\n"
        "    with LOCK:\n"
        "        time.sleep(600)\n"
        "if __name__ == '__main__':\n"
        "    threading.Thread(target=hold, daemon=True).start()\n"
        "    time.sleep(0.2)\n"
        "    t = hl.simulate('perfect_hotel', [NeedsLock()], n_games=24, workers=2, batch_size=4,\n"
        "                    progress=False, stall_timeout=20)\n"
        "    print('rows', len(t))\n"), timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split() == ["rows", "24"]


def test_a_forked_worker_that_hangs_is_stopped_and_reported(lock_held_by_a_thread, monkeypatch):
    """When fork is the only way (here forced), a worker blocked for good is stopped after
    stall_timeout, tried again, and the run ends with an error naming the cause and the fix,
    instead of never returning."""
    from hotellab.sim import _preflight

    monkeypatch.setattr(_preflight, "mp_context",
                        lambda spec, state: (mp.get_context("fork"), _preflight.Forked(
                            _preflight.other_threads(), _preflight.GUARD_FIX.replace("the call", "the simulate call"))))
    t0 = time.perf_counter()
    with pytest.raises(SimulationError) as info:
        simulate(GAME, [NeedsLock()], n_games=24, seed=7, workers=2, batch_size=4, progress=False,
                 stall_timeout=1)
    assert time.perf_counter() - t0 < 30
    msg = str(info.value)
    assert info.value.lost == list(range(24)) and len(info.value.table) == 0
    assert "made no progress for 1 s while playing (stall_timeout) and was stopped" in msg
    assert "worker processes kept ending before they finished a game (3 in a row" in msg
    assert "started by fork while this process ran other threads (" in msg and "lock-holder" in msg
    assert 'Put the simulate call under `if __name__ == "__main__":` (then the workers start from a ' \
           'clean process), or use workers=1' in msg


def test_start_method_choice(lock_held_by_a_thread, tmp_path):
    """fork when it is safe or the only way, forkserver when other threads run and the workers
    can import everything (DESIGN: the table is the same either way)."""
    from hotellab.sim._preflight import mp_context

    spec = {"agents": ["random"], "game_class": type(hl.load_game(GAME))}
    ctx, forked = mp_context(spec, "guarded")
    assert ctx.get_start_method() == "forkserver" and not forked
    # the call at a script's top level, unguarded: only fork keeps the script from running again
    ctx, forked = mp_context(spec, "unguarded")
    assert ctx.get_start_method() == "fork" and "lock-holder" in forked.threads
    assert "if __name__" in forked.fix
    # an agent of a module loaded from a file path: a new process cannot import it by name
    agent = _agent_from_path(tmp_path)
    ctx, forked = mp_context(dict(spec, agents=[agent]), "guarded")
    assert ctx.get_start_method() == "fork" and "lock-holder" in forked.threads
    assert "a module that a new process can import" in forked.fix
    sys.modules.pop("hotellab_test_loose_agents", None)


def _agent_from_path(tmp_path):
    path = tmp_path / "loose_agents.py"
    path.write_text("from hotellab.agents import RandomAgent\n"
                    "class LooseAgent(RandomAgent):\n"
                    "    name = 'random'\n", "utf-8")
    spec = importlib.util.spec_from_file_location("hotellab_test_loose_agents", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.LooseAgent()


def test_workers_that_cannot_import_an_agent_fall_back_to_fork(lock_held_by_a_thread, tmp_path, monkeypatch):
    """If the forkserver's workers cannot load the agents after all (here: the importability
    check is fooled), the run starts again with fork, which gives them this process's modules."""
    from hotellab.sim import _preflight

    agent = _agent_from_path(tmp_path)
    monkeypatch.setattr(_preflight, "_importable", lambda spec, state: True)
    full = reference(16, seed=8)
    table = simulate(GAME, [agent], n_games=16, seed=8, workers=2, batch_size=4, progress=False)
    pd.testing.assert_frame_equal(table, full)
    sys.modules.pop("hotellab_test_loose_agents", None)


# ----------------------------------------------------------------------------- fuzz
hypothesis = pytest.importorskip("hypothesis")
st = hypothesis.strategies

VALID = dict(game=GAME, agents=["random"], n_games=2, seed=0, workers=1, progress=False)
TEXT = st.text(max_size=8)
JUNK = st.one_of(st.none(), st.booleans(), st.floats(), st.lists(st.integers(), max_size=2),
                 st.dictionaries(TEXT, st.integers(), max_size=2), st.just(object()), st.just(b"x"))


def _bad_address(text):
    from hotellab.sim._dask import check_address

    try:
        check_address(text)
    except hl.OptionError:
        return True
    return False


BAD = {
    "game": st.one_of(st.integers(), JUNK.filter(lambda v: v is not None),
                      TEXT.filter(lambda s: s not in hl.list_games())),
    "agents": st.one_of(
        st.integers(), st.floats(), st.just(object()), st.dictionaries(TEXT, st.integers(), max_size=2),
        st.lists(st.sampled_from(["random", "greedy"]), min_size=3, max_size=5), st.just([]),
        st.lists(TEXT.filter(lambda s: s.strip() not in AGENTS), min_size=2, max_size=2),
        st.lists(st.one_of(st.integers(), st.none(), st.floats(), st.just(object()), st.just(b"random")),
                 min_size=2, max_size=2),
        TEXT.filter(lambda s: all(a.strip() not in AGENTS for a in s.split(","))),
    ),
    "n_games": st.one_of(st.integers(max_value=-1), st.floats(), TEXT, st.booleans(),
                         JUNK.filter(lambda v: v is not None)),
    "seed": st.one_of(st.floats(), TEXT, st.booleans(), JUNK),
    "workers": st.one_of(st.integers(max_value=0), st.floats(), TEXT, st.booleans(), JUNK.filter(lambda v: v is not None)),
    "backend": st.one_of(TEXT.filter(lambda s: s not in BACKENDS), st.integers(), JUNK),
    "scheduler": st.one_of(TEXT, st.integers(), JUNK.filter(lambda v: v is not None)),  # with processes
    "dask_scheduler": st.one_of(
        st.sampled_from(["x", "tcp://", "tcp://host", "tcp://h:abc", "tcp://h:0", "tcp://h:99999", "foo://h:1",
                         ":8786", ""]),
        TEXT.filter(_bad_address), st.integers(), JUNK.filter(lambda v: v is not None)),
    "keep_logs": st.one_of(st.integers(max_value=-1), st.floats(), TEXT.filter(lambda s: s != "all"),
                           st.lists(st.integers(), max_size=2), st.just(object())),
    "options": st.one_of(st.integers(), TEXT, st.lists(st.integers(), max_size=2),
                         st.dictionaries(TEXT.filter(lambda s: s not in ("games", "high_season", "research_face",
                                                                         "star_bonus")),
                                         st.integers(), min_size=1, max_size=2),
                         st.fixed_dictionaries({"star_bonus": JUNK.filter(lambda v: not isinstance(v, bool))})),
    "num_players": st.one_of(st.integers().filter(lambda n: n not in (2, 3, 4)), st.floats(), TEXT,
                             st.booleans()),
    "seating": st.one_of(TEXT.filter(lambda s: s not in ("fixed", "rotate")), st.integers(), JUNK),
    "batch_size": st.one_of(st.integers(max_value=0), st.floats(), TEXT, st.booleans(),
                            JUNK.filter(lambda v: v is not None)),
    "progress": st.one_of(st.integers(), st.floats(), TEXT, st.lists(st.integers(), max_size=2)),
    "max_steps": st.one_of(st.integers(max_value=0), st.floats(), TEXT, st.booleans(), JUNK),
    "stall_timeout": st.one_of(st.integers(max_value=0), st.floats().filter(lambda x: not x > 0 or x == float("inf")),
                               TEXT, st.booleans(), st.lists(st.integers(), max_size=1)),
}
# the word of each argument that its error names
NAMES = {"agents": "agent", "options": "option", "dask_scheduler": "scheduler"}


@hypothesis.settings(max_examples=300, deadline=None,
                     suppress_health_check=[hypothesis.HealthCheck.filter_too_much, hypothesis.HealthCheck.too_slow])
@hypothesis.given(data=st.data())
def test_fuzz_any_bad_argument_is_a_library_error_naming_it(data):
    """Each example sets one argument of hl.simulate to a bad value (the others valid): the
    call raises only hotellab's documented errors (OptionError, UnknownGameError: both
    HotellabError), never a TypeError/AttributeError from inside, and the message names the
    argument; nothing was started (no worker process)."""
    arg = data.draw(st.sampled_from(sorted(BAD)), label="argument")
    value = data.draw(BAD[arg], label="value")
    kwargs = dict(VALID)
    if arg == "dask_scheduler":
        pytest.importorskip("dask.distributed")
        kwargs.update(backend="dask", scheduler=value)
    else:
        kwargs[arg] = value
    with pytest.raises(hl.HotellabError) as info:
        simulate(**kwargs)
    assert isinstance(info.value, (hl.OptionError, hl.UnknownGameError)), type(info.value)
    assert NAMES.get(arg, arg) in str(info.value), str(info.value)
    assert not [p for p in mp.active_children() if p.name.startswith("hotellab-sim-")]


# ----------------------------------------------------------------------------- a script on stdin
def run_stdin(tmp_path, text: str, timeout=120):
    """``python - < script``: ``__main__.__file__`` is "<stdin>", which no new process imports."""
    return subprocess.run([sys.executable, "-"], input=text, capture_output=True, text=True,
                          timeout=timeout, cwd=tmp_path)


def test_a_script_on_stdin_with_another_thread_plays_every_game(tmp_path):
    """Before: forkserver was chosen (a thread ran), its workers imported "<cwd>/<stdin>" and
    the run ended with "200 of 200 games lost ... (exit code 1)" and FileNotFoundError
    tracebacks. Now only fork reaches such a __main__: the table is complete, stderr clean."""
    out = run_stdin(tmp_path, (
        "import threading, time, hotellab as hl\n"
        "threading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n"
        "if __name__ == '__main__':\n"
        "    t = hl.simulate('perfect_hotel', ['random'], n_games=200, seed=1, workers=2, progress=False)\n"
        "    print('rows', len(t), t['game'].tolist() == list(range(200)))\n"))
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split() == ["rows", "200", "True"]  # n_games=200, every index once
    assert "Traceback" not in out.stderr and "FileNotFoundError" not in out.stderr


def test_start_method_for_a_main_read_from_stdin(lock_held_by_a_thread, monkeypatch):
    """The kind: a __main__ whose file a new process cannot import counts as "only fork can
    reach it" (as a guard-less script does); without fork it is an error naming the fix."""
    from types import ModuleType

    from hotellab.sim import _preflight

    fake = ModuleType("__main__")
    fake.__file__ = "<stdin>"
    monkeypatch.setitem(sys.modules, "__main__", fake)
    assert _preflight.unimportable_main() == "<stdin>"
    assert _preflight.main_call()[0] == "unimportable"
    spec = {"agents": ["random"], "game_class": None}
    ctx, forked = _preflight.mp_context(spec, "unimportable")
    assert ctx.get_start_method() == "fork" and forked.threads  # a thread runs (the fixture's)
    assert "run the script from a file" in forked.hint().lower()
    monkeypatch.setattr(mp, "get_all_start_methods", lambda: ["spawn"])
    with pytest.raises(SimulationError, match=r"read from <stdin> \(not a file\).*run the script from a file"):
        _preflight.mp_context(spec, "unimportable")


def test_a_main_with_a_real_file_or_none_is_importable(monkeypatch, tmp_path):
    from types import ModuleType

    from hotellab.sim import _preflight

    fake = ModuleType("__main__")
    monkeypatch.setitem(sys.modules, "__main__", fake)
    assert _preflight.unimportable_main() is None  # python -c, REPL, notebook: nothing imported
    script = tmp_path / "s.py"
    script.write_text("", "utf-8")
    fake.__file__ = str(script)
    assert _preflight.unimportable_main() is None


def test_dask_in_a_script_on_stdin_names_why_and_the_fix(tmp_path):
    """Before: "RuntimeError: Nanny failed to start." even under the main guard. Now:
    SimulationError before any cluster starts, naming why and the three fixes."""
    pytest.importorskip("dask.distributed")
    out = run_stdin(tmp_path, (
        "import hotellab as hl\n"
        "if __name__ == '__main__':\n"
        "    t = hl.simulate('perfect_hotel', ['random'], n_games=20, workers=2, backend='dask', progress=False)\n"
        "    print('rows', len(t))\n"), timeout=60)
    assert out.returncode == 1 and "rows" not in out.stdout
    assert ("SimulationError: simulate: backend='dask' starts a LocalCluster whose worker processes "
            "import the main script again, and this script was read from <stdin> (not a file)") in out.stderr
    for fix in ("run the script from a file", "pass scheduler=", "backend='processes'"):
        assert fix in out.stderr
    assert "Nanny" not in out.stderr


# ----------------------------------------------------------------------------- a class, not an agent
class LockAgent(RandomAgent):
    name = "lock"


def test_an_agent_class_instead_of_an_instance_is_named_before_any_worker_starts():
    """Before: passed the checks, then TypeError: act() missing 'rng' in a worker."""
    with pytest.raises(hl.OptionError) as info:
        simulate(GAME, [LockAgent, "random"], n_games=8, workers=2, progress=False)
    assert info.value.field == "agents[0]"
    assert str(info.value) == ("simulate: agents[0] is the class LockAgent, not an agent: pass an "
                               "instance, LockAgent()")
    assert not [p for p in mp.active_children() if p.name.startswith("hotellab-sim-")]
    with pytest.raises(hl.OptionError) as info:  # one entry for every seat: the same check
        simulate(GAME, [LockAgent], n_games=2, workers=1, progress=False)
    assert info.value.field == "agents[0]"


def test_match_and_play_refuse_an_agent_class_too():
    game = hl.load_game(GAME)
    with pytest.raises(hl.OptionError) as info:
        hl.Match(game, seed=1, agents=["random", LockAgent])
    assert info.value.field == "agents[1]"
    assert "agents[1] is the class LockAgent, not an agent: pass an instance, LockAgent()" in str(info.value)
    with pytest.raises(hl.OptionError, match=r"pass an instance, LockAgent\(\)"):
        hl.play(game, agents=[LockAgent(), LockAgent], seed=1)


# ----------------------------------------------------------------------------- forkserver killed
def test_a_killed_forkserver_keeps_the_table_and_stderr_clean(tmp_path):
    """Before: the table came back complete but two BrokenPipeError tracebacks (workers whose
    sentinel closed with the server, taken for lost, sending their batch to a closed pipe)
    were printed, and a replacement could fail to start (EOFError from the dead server). Now:
    those workers are stopped, replacements start, stderr holds only the warning."""
    out = run_script(tmp_path, (
        "import os, signal, threading, time\n"
        "import hotellab as hl\n"
        "from multiprocessing import forkserver\n"
        "def killer():\n"
        "    while not forkserver._forkserver._forkserver_pid:\n"
        "        time.sleep(0.05)\n"
        "    time.sleep(1.0)\n"
        "    os.kill(forkserver._forkserver._forkserver_pid, signal.SIGKILL)\n"
        "if __name__ == '__main__':\n"
        "    threading.Thread(target=killer, daemon=True).start()\n"
        "    t = hl.simulate('perfect_hotel', ['random'], n_games=3000, seed=1, workers=2, progress=False)\n"
        "    ref = hl.simulate('perfect_hotel', ['random'], n_games=3000, seed=1, workers=1, progress=False)\n"
        "    print('rows', len(t), t.drop(columns=[]).equals(ref), bool(t.attrs['retried']))\n"), timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split() == ["rows", "3000", "True", "True"]
    assert "Traceback" not in out.stderr and "BrokenPipeError" not in out.stderr, out.stderr[-3000:]
    assert "forkserver's server process ended" in out.stderr
