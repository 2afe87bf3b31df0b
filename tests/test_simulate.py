"""hl.simulate: one row per whole game, the same table for any workers/backend, logs that
reopen, Parquet, a clean stop on Ctrl-C (issue 13).

Where a value is checked against the engine, the reference is ``hl.play`` with the game's
seed (DESIGN.md: a row is the game ``hl.play(game, agents, seed=game_seed(seed, i))`` plays).
"""

from __future__ import annotations

import json
import os
import signal
import sys

import pytest

import hotellab as hl
from hotellab.sim import game_log, game_seed, load_table, save_table, simulate

pd = pytest.importorskip("pandas")

GAMES = hl.list_games()


def small(gid):
    """Every game at its smallest player count with default options."""
    return hl.load_game(gid)


# ----------------------------------------------------------------------------- rows
@pytest.mark.parametrize("gid", GAMES)
def test_rows_are_the_games_hl_play_plays(gid):
    game = small(gid)
    table = simulate(game, ["random"], n_games=3, seed=11, workers=1, progress=False)
    assert list(table["game"]) == [0, 1, 2]
    assert table["game_id"].eq(gid).all() and table["seats"].eq(game.num_seats).all()
    assert json.loads(table["options"][0]) == game.options
    for i, row in table.iterrows():
        assert row["seed"] == game_seed(11, i)
        log = hl.play(game, agents=["random"] * game.num_players, seed=int(row["seed"]))
        final = hl.Replay(log).final_state
        assert row["length"] == len(log.actions)
        assert row["decisions"] == sum(1 for a in log.actions if not a.startswith("chance"))
        assert [row[f"score_{s}"] for s in range(game.num_seats)] == list(final.scores)
        assert row["winners"] == ",".join(map(str, final.winners()))
        assert [bool(row[f"win_{s}"]) for s in range(game.num_seats)] == [
            s in final.winners() for s in range(game.num_seats)]
        assert row["n_winners"] == len(final.winners())
        # breakdown points by seat and category, as the final state lists them
        from hotellab.sim import category_key

        want = {}
        for item in final.score_breakdown():
            key = f"points_{item.player}|{category_key(item.category)}"
            want[key] = want.get(key, 0) + item.points
        got = {c: row[c] for c in table.columns if c.startswith("points_") and row[c] != 0}
        assert got == {k: v for k, v in want.items() if v != 0}


def test_points_columns_of_perfect_hotel_sum_to_the_score():
    """Perfect Hotel scores points: a seat's breakdown items sum to its score (DESIGN.md,
    score_breakdown), so its points_* columns do too; every seat has every category column."""
    table = simulate("perfect_hotel", ["random", "greedy", "random"], n_games=20, seed=2,
                     num_players=3, workers=1, progress=False)
    cats = {c.split("|", 1)[1] for c in table.columns if c.startswith("points_")}
    assert "Bedroom majority" in cats and "Tourist Group penalty" in cats
    for s in range(3):
        for c in cats:
            assert f"points_{s}|{c}" in table.columns
        cols = [c for c in table.columns if c.startswith(f"points_{s}|")]
        assert (table[cols].sum(axis=1) == table[f"score_{s}"]).all()
    assert set(table["agent_1"]) == {"greedy"} and table["lineup"][0] == "random,greedy,random"


def test_non_human_seat_has_columns_and_its_seat_name():
    """Hostil Hostal with 2 players adds the automata as seat 2 (DESIGN.md, Seats)."""
    game = hl.load_game("hostil_hostal", num_players=2)
    table = simulate(game, "random,greedy", n_games=2, seed=0, workers=1, progress=False)
    assert game.num_seats == 3
    assert {"score_2", "win_2", "agent_2"} <= set(table.columns)
    assert table["agent_2"][0] == game.seat_names()[2]


# ----------------------------------------------------------------------------- determinism
@pytest.mark.parametrize("gid", GAMES)
def test_same_table_for_any_workers_and_batches(gid):
    args = dict(game=gid, agents=["random"], n_games=12, seed=4, progress=False)
    one = simulate(workers=1, **args)
    two = simulate(workers=2, batch_size=5, **args)
    pd.testing.assert_frame_equal(one, two)


def test_a_games_seed_depends_only_on_the_run_seed_and_its_index():
    a = simulate("hellton_palace", ["random"], n_games=6, seed=9, workers=1, progress=False)
    b = simulate("hellton_palace", ["random"], n_games=3, seed=9, workers=1, progress=False)
    pd.testing.assert_frame_equal(a.iloc[:3][b.columns], b)
    c = simulate("hellton_palace", ["random"], n_games=3, seed=10, workers=1, progress=False)
    assert not set(c["seed"]) & set(a["seed"])


def test_rotate_seating_turns_the_lineup():
    table = simulate("perfect_hotel", ["greedy", "random", "random"], n_games=6, seed=1,
                     num_players=3, seating="rotate", workers=1, progress=False)
    # game i puts the first-listed agent (greedy) at seat i % 3
    assert [row["lineup"].split(",").index("greedy") for _, row in table.iterrows()] == [0, 1, 2, 0, 1, 2]


# ----------------------------------------------------------------------------- logs
def test_kept_logs_reopen_and_equal_a_replay_from_the_seed():
    table = simulate("perfect_hotel", ["random", "greedy"], n_games=10, seed=3, keep_logs=4,
                     workers=2, batch_size=3, progress=False)
    kept = table["log"].notna()
    assert kept.sum() == 4
    for i in table.index[kept]:
        log = game_log(table, int(i))
        again = hl.play(hl.load_game("perfect_hotel"), agents=["random", "greedy"], seed=int(table["seed"][i]))
        assert log.actions == again.actions and log.seed == table["seed"][i]
        assert len(log.actions) == table["length"][i]
    # a row whose log was not kept is replayed from its seed
    j = int(table.index[~kept][0])
    assert len(game_log(table, j).actions) == table["length"][j]
    everything = simulate("perfect_hotel", ["random"], n_games=3, seed=3, keep_logs=True, workers=1, progress=False)
    assert everything["log"].notna().all()


def test_a_row_opens_in_a_game_view():
    pytest.importorskip("anywidget")
    table = simulate("perfect_hotel", ["greedy", "random"], n_games=2, seed=5, keep_logs=1, workers=1, progress=False)
    row = int(table.index[table["log"].notna()][0])
    view = hl.widgets.GameView(hl.Replay(game_log(table, row)))
    assert view is not None


# ----------------------------------------------------------------------------- Parquet
def test_parquet_round_trip(tmp_path):
    pytest.importorskip("pyarrow")
    table = simulate("hostil_hostal", ["random"], n_games=4, seed=2, num_players=3, keep_logs=2,
                     workers=1, progress=False)
    path = save_table(table, tmp_path / "t.parquet")
    back = load_table(path)
    pd.testing.assert_frame_equal(back, table, check_dtype=False)
    assert back["win_0"].dtype == bool and back["score_0"].dtype.kind in "if"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "temporary file left"


# ----------------------------------------------------------------------------- Ctrl-C
class _InterruptAt:
    """An agent that plays randomly and raises KeyboardInterrupt (as Ctrl-C does) at the first
    decision of game ``n`` (counted by the games it starts)."""

    name = "interrupting"

    def __init__(self, n):
        self.n, self.games, self.last = n, 0, None

    def act(self, state, rng):
        from hotellab.agents import RandomAgent

        if state.move_number < (self.last or 0) or self.last is None:
            self.games += 1
        self.last = state.move_number
        if self.games > self.n:
            raise KeyboardInterrupt
        return RandomAgent().act(state, rng)


def test_ctrl_c_in_this_process_keeps_finished_games():
    full = simulate("perfect_hotel", ["random"], n_games=12, seed=8, workers=1, progress=False)
    with pytest.warns(RuntimeWarning, match="interrupted; 9 of 12"):
        part = simulate("perfect_hotel", [_InterruptAt(9)], n_games=12, seed=8, workers=1,
                        batch_size=4, progress=False)
    # the interrupt came at the first decision of game 9: games 0-8 are finished and kept
    # (in this process a game is kept as soon as it ends, not when its batch does)
    assert part.attrs["interrupted"] is True
    assert list(part["game"]) == list(range(9))
    cols = [c for c in part.columns if c not in ("lineup", "agent_0", "agent_1")]
    pd.testing.assert_frame_equal(part[cols], full.iloc[:9][cols])


@pytest.mark.slow
def test_ctrl_c_signal_with_worker_processes_keeps_finished_games():
    full = simulate("perfect_hotel", ["random"], n_games=400, seed=6, workers=1, progress=False)
    sent = []

    def progress(done, total):
        if done >= 40 and not sent:
            sent.append(done)
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.warns(RuntimeWarning, match="interrupted"):
        part = simulate("perfect_hotel", ["random"], n_games=400, seed=6, workers=2, batch_size=10,
                        progress=progress)
    assert sent and part.attrs["interrupted"] is True
    assert 40 <= len(part) < 400
    # every kept game is the one a complete run plays, in order of index
    assert list(part["game"]) == sorted(part["game"])
    # (fewer games may have met fewer breakdown categories: compare the part's columns)
    assert set(part.columns) <= set(full.columns)
    want = full.set_index("game", drop=False).loc[list(part["game"]), list(part.columns)]
    pd.testing.assert_frame_equal(part.reset_index(drop=True), want.reset_index(drop=True))


# ----------------------------------------------------------------------------- Dask
@pytest.mark.slow
@pytest.mark.timeout(240)
def test_dask_local_cluster_gives_the_local_table():
    """A real 2-worker LocalCluster runs 200 games; the table equals the local one."""
    pytest.importorskip("dask.distributed")
    args = dict(game="perfect_hotel", agents=["random", "greedy"], n_games=200, seed=21, progress=False)
    local = simulate(workers=1, **args)
    dask = simulate(workers=2, backend="dask", **args)
    pd.testing.assert_frame_equal(local, dask)
    assert len(dask) == 200 and dask.attrs["interrupted"] is False


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_ctrl_c_with_dask_keeps_finished_games():
    pytest.importorskip("dask.distributed")
    args = dict(game="perfect_hotel", agents=["random"], n_games=600, seed=12, batch_size=10)
    full = simulate(workers=1, progress=False, **args)
    sent = []

    def progress(done, total):
        if done >= 30 and not sent:
            sent.append(done)
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.warns(RuntimeWarning, match="interrupted"):
        part = simulate(workers=2, backend="dask", progress=progress, **args)
    assert sent and part.attrs["interrupted"] is True and 30 <= len(part) < 600
    assert list(part["game"]) == sorted(part["game"])
    assert set(part.columns) <= set(full.columns)
    want = full.set_index("game", drop=False).loc[list(part["game"]), list(part.columns)]
    pd.testing.assert_frame_equal(part.reset_index(drop=True), want.reset_index(drop=True))


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_dask_on_an_existing_scheduler(tmp_path):
    """scheduler="tcp://..." sends the batches to a running cluster (here a LocalCluster
    started by the test) and leaves that cluster running."""
    distributed = pytest.importorskip("dask.distributed")
    args = dict(game="hellton_palace", agents=["random"], n_games=40, seed=3, progress=False)
    local = simulate(workers=1, **args)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate(backend="dask", scheduler=cluster.scheduler_address, batch_size=7, **args)
        again = simulate(backend="dask", scheduler=cluster.scheduler_address, **args)
        assert cluster.scheduler_address  # still up after two runs
    pd.testing.assert_frame_equal(local, remote)
    pd.testing.assert_frame_equal(local, again)


# ----------------------------------------------------------------------------- errors
def test_missing_extra_says_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(ImportError, match=r'pip install "hotellab\[dist\]"'):
        simulate("perfect_hotel", ["random"], n_games=2, backend="dask", progress=False)
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r'pip install "hotellab\[sim\]"'):
        simulate("perfect_hotel", ["random"], n_games=2, progress=False)


@pytest.mark.parametrize("kwargs, match", [
    (dict(backend="ray"), "unknown backend 'ray'; backends: processes, dask"),
    (dict(n_games=-1), "n_games must be an int >= 0"),
    (dict(workers=0), "workers must be an int >= 1"),
    (dict(scheduler="tcp://x:8786"), "use it with backend='dask'"),
    (dict(agents=["random"] * 3), "needs 2 agents"),
    (dict(agents=["clever"]), "unknown agent 'clever'"),
    (dict(keep_logs=-2), "keep_logs must be"),
    (dict(seating="shuffle"), "seating must be"),
    (dict(seed="7"), "seed must be an int"),
])
def test_bad_arguments_are_named(kwargs, match):
    args = dict(game="perfect_hotel", agents=["random"], n_games=2, seed=0, progress=False)
    args.update(kwargs)
    with pytest.raises(hl.OptionError, match=match):
        simulate(**args)


@pytest.mark.parametrize("value", ["1", 1.0, True, [1]])
def test_a_bad_agent_seed_is_named(value):
    with pytest.raises(hl.OptionError, match="agent_seed must be an int or None") as info:
        simulate("perfect_hotel", ["random"], n_games=2, progress=False, agent_seed=value)
    assert info.value.field == "agent_seed"


# ----------------------------------------------------------------------------- agent_seed (issue 21)
def test_agent_seed_none_gives_the_table_of_before():
    """agent_seed=None is the default: the same table, no agent_seed column, and (as the rows
    test above checks against hl.play) the games hl.play plays."""
    args = dict(game="hostil_hostal", agents=["random", "greedy"], n_games=6, seed=3, workers=1, progress=False)
    plain = simulate(**args)
    pd.testing.assert_frame_equal(simulate(agent_seed=None, **args), plain)
    assert "agent_seed" not in plain.columns
    for i, row in plain.iterrows():
        log = hl.play(hl.load_game("hostil_hostal"), agents=["random", "greedy"], seed=int(row["seed"]))
        assert len(log.actions) == row["length"]


class _RngProbe:
    """A random agent that notes, for each decision, the action's position and the first draw
    of the generator it was given."""

    name = "probe"

    def __init__(self):
        self.seen = []

    def act(self, state, rng):
        self.seen.append((len(state.history()), rng.random()))
        actions = state.legal_actions()
        return actions[int(self.seen[-1][1] * len(actions))]


@pytest.mark.parametrize("agent_seed", [None, 7])
def test_the_agents_generator(agent_seed):
    """agent_seed None: the agent at position k gets random.Random(f"{seed}:{k}") (as hl.play
    and Match.step); an int: random.Random(f"{seed}:{agent_seed}:{k}")."""
    import random

    probe = _RngProbe()
    table = simulate("perfect_hotel", [probe, "random"], n_games=1, seed=4, workers=1, progress=False,
                     agent_seed=agent_seed)
    seed = int(table["seed"][0])
    assert probe.seen
    for k, first in probe.seen:
        text = f"{seed}:{k}" if agent_seed is None else f"{seed}:{agent_seed}:{k}"
        assert first == random.Random(text).random()


def test_agent_seed_keeps_the_deal_and_changes_the_agents_choices():
    """Perfect Hotel deals its whole deck in one chance outcome at the start: every agent seed
    plays the same deal; the random agents choose otherwise."""
    args = dict(game="perfect_hotel", agents=["random"], n_games=4, seed=8, workers=1, progress=False, keep_logs=True)
    a, b = simulate(agent_seed=0, **args), simulate(agent_seed=1, **args)
    assert list(a["seed"]) == list(b["seed"]) and list(a["agent_seed"]) == [0] * 4 and list(b["agent_seed"]) == [1] * 4
    assert a["agent_seed"].dtype == "int64"
    differ = 0
    for i in range(4):
        la, lb = json.loads(a["log"][i])["actions"], json.loads(b["log"][i])["actions"]
        assert la[0].startswith("chance") and la[0] == lb[0]
        differ += la != lb
    assert differ == 4
    # a row replayed from its seed (log not kept) is the game played with its agent seed
    for i in range(4):
        assert game_log(a.drop(columns="log"), i).actions == game_log(a, i).actions


def test_agent_seed_gives_the_same_table_for_any_workers():
    args = dict(game="hotel_zombie", agents=["random"], n_games=10, seed=4, progress=False, agent_seed=5)
    pd.testing.assert_frame_equal(simulate(workers=1, **args), simulate(workers=2, batch_size=3, **args))


def test_zero_games_gives_an_empty_table_with_the_columns():
    table = simulate("perfect_hotel", ["random"], n_games=0, workers=1, progress=False)
    assert len(table) == 0 and {"score_0", "win_1", "length"} <= set(table.columns)


# ----------------------------------------------------------------------------- command line
def test_cli_simulate_prints_win_rates_and_writes_the_table(tmp_path):
    pytest.importorskip("pyarrow")
    from typer.testing import CliRunner

    from hotellab.cli import app

    out = tmp_path / "t.parquet"
    res = CliRunner().invoke(app, ["simulate", "perfect_hotel", "--games", "30", "--players", "3",
                                   "--agents", "random,greedy,random", "--seed", "2", "--workers", "1",
                                   "--no-progress", "--out", str(out)])
    assert res.exit_code == 0, res.output
    table = load_table(out)
    want = simulate("perfect_hotel", ["random", "greedy", "random"], n_games=30, seed=2, num_players=3,
                    workers=1, progress=False)
    pd.testing.assert_frame_equal(table, want, check_dtype=False)
    k = int(want["win_1"].sum())
    from hotellab.analysis import wilson_interval

    lo, hi = wilson_interval(k, 30)
    assert f"seat 1 (Red, greedy): wins {k / 30:.1%}  [95% CI {lo:.1%} - {hi:.1%}]" in res.output
    assert "Perfect Hotel: 30 games, 3 players" in res.output and f"Wrote {out}" in res.output


@pytest.mark.parametrize("args, message", [
    (["nosuchgame"], "unknown game 'nosuchgame'"),
    (["perfect_hotel", "--backend", "ray"], "unknown backend 'ray'"),
    (["perfect_hotel", "--out", "t.txt"], "written as .parquet or .csv"),
    (["perfect_hotel", "--agents", "clever"], "unknown agent 'clever'"),
])
def test_cli_simulate_errors_are_one_line(args, message):
    from typer.testing import CliRunner

    from hotellab.cli import app

    res = CliRunner().invoke(app, ["simulate", *args, "--games", "2", "--no-progress"])
    assert res.exit_code == 2 and message in res.output and "Traceback" not in res.output


def test_split_configs_gives_back_each_games_table(tmp_path):
    pytest.importorskip("pyarrow")
    from hotellab.sim import split_configs

    a = simulate("perfect_hotel", ["random"], n_games=5, seed=1, workers=1, progress=False)
    b = simulate("hostil_hostal", ["random"], n_games=4, seed=1, num_players=2, workers=1, progress=False)
    both = load_table(save_table(pd.concat([a, b], ignore_index=True, sort=False), tmp_path / "both.parquet"))
    parts = split_configs(both)
    assert [k[0] for k in parts] == ["perfect_hotel", "hostil_hostal"]
    back_a, back_b = parts.values()
    pd.testing.assert_frame_equal(back_a, a[back_a.columns], check_dtype=False)
    assert set(back_a.columns) == set(a.columns) and set(back_b.columns) == set(b.columns)
    assert back_b["win_2"].dtype == bool and back_b["length"].dtype == "int64"


def test_import_hotellab_loads_no_optional_package():
    """The core stays installable in Pyodide: `import hotellab` (and hl.simulate's name) pull in
    none of the extras' packages; they load when a simulation runs."""
    import subprocess

    code = ("import sys, hotellab as hl; hl.simulate; import hotellab.sim; "
            "print(sorted(m for m in ('pandas', 'pyarrow', 'scipy', 'dask', 'distributed', 'numpy', "
            "'pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.slow
def test_simulate_in_a_plain_script_without_a_main_guard(tmp_path):
    """The docs' example pasted into a script (no ``if __name__ == "__main__":``), with 2
    workers and the progress bar on, runs once and prints its table's size."""
    import subprocess
    import sys

    script = tmp_path / "t.py"
    script.write_text(
        "import hotellab as hl\n"
        "g = hl.load_game('perfect_hotel', num_players=2)\n"
        "t = hl.simulate(g, agents=['random', 'random'], n_games=20, seed=1, workers=2)\n"
        "print('rows', len(t))\n", "utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "rows 20"
    assert "Traceback" not in out.stderr
