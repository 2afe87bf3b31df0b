"""hl.sweep (issue 21, item 3): a grid of options, player counts and component-data values,
one simulate per cell with the same seeds; the data overrides of hotellab.core.data reach the
games in this process and in worker processes, and are gone afterwards.

Expected values come from the rules: Perfect Hotel's majority award gives a kind's points to
the sole leader and each tied seat its count of cards ("Point Calculation"; state.py
``_award``), so raising the Pool kind's points from 7 (data/cards.toml) to 12 adds 5 to the
score of the seat with the sole Pool majority and nothing to anyone else, in a game whose
moves are the same: a random agent picks among the legal actions, which the points do not
change, with the generator of the position (the same seed).
"""

from __future__ import annotations

import sys
import threading

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("scipy")
pytest.importorskip("plotly")

import plotly.graph_objects as go  # noqa: E402

import hotellab as hl  # noqa: E402
from hotellab.testing import interrupt_simulate  # noqa: E402
from hotellab.core import data as D  # noqa: E402
from hotellab.core.errors import OptionError  # noqa: E402

POOL = "cards.kind[id=pool].points"  # 7 in data/cards.toml (reconstructed, ruling PH-01..04)
COMPONENTS = "hotellab.games.perfect_hotel.components"


def quiet(**kw):
    return {"workers": 1, "progress": False, **kw}


# ----------------------------------------------------------------------------- the grid
@pytest.mark.parametrize("key, values, words", [
    ("sauna", [1], "neither num_players, nor an option of perfect_hotel"),  # no option, no dot
    ("nosuch.kind[0].points", [1], "no file data/nosuch.toml; the game's data files: cards.toml"),
    ("cards.room[0].points", [1], "cards has no table 'room' (it has: kind, tourist)"),
    ("cards.kind[id=sauna].points", [1], "cards.kind has no record with id=sauna"),
    ("cards.kind[6].points", [1], "cards.kind has 6 entries, no index 6 (0 to 5)"),
    ("cards.kind[id=pool].price", [1], "has no field 'price'"),
    ("cards.kind[id=pool]", [1], "is a table, not a value"),
    ("cards.kind[id=pool.points", [1], "a '[' without its ']'"),
    ("cards.kind[id=pool].points", ["7"], "must be an integer like the file's 7, got a string"),
    ("cards.kind[id=pool].points", [True], "must be an integer like the file's 7, got true (a boolean)"),
    ("cards.kind[id=pool].points", [7.5], "must be an integer like the file's 7, got a number"),
    ("star_bonus", True, "must be a list of values"),
    ("star_bonus", [], "has no values"),
    # two equal values would be two rows but one key of Sweep.tables
    ("star_bonus", [True, True], "repeats the value True (values 0 and 1 are equal)"),
    (POOL, [7, 12, 7], "repeats the value 7 (values 0 and 2 are equal)"),
])
def test_a_bad_grid_key_or_value_is_an_option_error_naming_the_key(key, values, words):
    with pytest.raises(OptionError) as err:
        hl.sweep("perfect_hotel", {key: values}, ["random"], 2, **quiet())
    assert err.value.field == key and words in str(err.value), str(err.value)
    assert key in str(err.value)


def test_option_values_are_checked_as_load_game_checks_them():
    with pytest.raises(OptionError, match=r"option 'star_bonus' cannot be 1; allowed: False, True"):
        hl.sweep("perfect_hotel", {"star_bonus": [False, 1]}, ["random"], 2, **quiet())
    with pytest.raises(OptionError, match="both a grid key and an argument") as err:
        hl.sweep("perfect_hotel", {"num_players": [2]}, ["random"], 2, num_players=3, **quiet())
    assert err.value.field == "num_players"
    with pytest.raises(OptionError, match="num_players=5 is not allowed"):
        hl.sweep("perfect_hotel", {"num_players": [2, 5]}, ["random"], 2, **quiet())


def test_the_games_own_data_checks_refuse_an_override_before_any_cell_is_played():
    played = []
    # Perfect Hotel's _load: "the kinds' counts must add up to 57 Build Cards" (10 -> 11 makes 58)
    with pytest.raises(OptionError) as err:
        hl.sweep("perfect_hotel", {"cards.kind[id=pool].count": [10, 11]}, ["random"], 2, workers=1,
                 progress=lambda done, total: played.append(done))
    assert err.value.field == "cards.kind[id=pool].count"
    assert "data checks refuse cards.kind[id=pool].count=11" in str(err.value)
    assert "counts must add up to 57" in str(err.value)
    assert played == []  # the good first cell was not played either
    # Hostil Hostal reads cards.toml lazily (an lru_cache loader): its check runs at the switch
    with pytest.raises(OptionError, match=r"cards.card\[0\].number=13") as err:
        hl.sweep("hostil_hostal", {"cards.card[0].number": [13]}, ["random"], 2, **quiet())
    assert err.value.field == "cards.card[0].number"
    assert sys.modules["hotellab.games.hostil_hostal.components"].cards()[1].name == "Sweet Dreams"


def test_data_paths_read_as_documented():
    p = D.parse_data_path("rooms.room[number=1,side=B].rug")
    assert p.file == "rooms" and p.steps == (("room", (("number", "1"), ("side", "B"))), ("rug", None))
    # a selector matching two records is refused: rooms 1A and 1B share number 1
    with pytest.raises(OptionError, match=r"has 2 records with number=1 \(indices 0, 1\)"):
        D.check_overrides("hostil_hostal", {"rooms.room[number=1].rug": 0})
    # reads the file with the override applied, nothing else changed
    doc = D.read_data("hostil_hostal", "rooms.toml", {"rooms.room[number=1,side=B].rug": 3})
    assert [r["rug"] for r in doc["room"][:3]] == [-1, 3, 1]  # file: 1A -1, 1B 0, 2A 1
    assert D.check_overrides("hostil_hostal", {"dice.wear.faces": (2, 3)}) == {"dice.wear.faces": [2, 3]}


# ----------------------------------------------------------------------------- overrides
def _sole_pool(table, seat):
    return table[f"points_{seat}|Pool majority"] if f"points_{seat}|Pool majority" in table else 0


def test_an_override_changes_the_scores_by_what_the_rules_say():
    s = hl.sweep("perfect_hotel", {POOL: [7, 12]}, ["random"], 24, **quiet())
    base, more = s.tables[(7,)], s.tables[(12,)]
    assert list(base["length"]) == list(more["length"])  # the same moves
    sole = 0
    for seat in (0, 1):
        led = base[f"points_{seat}|Pool majority"] == 7  # the sole leader got the kind's 7 points
        sole += int(led.sum())
        # 12 - 7 = 5 more for the sole leader, nothing for a tie or anyone else
        assert list(more[f"score_{seat}"] - base[f"score_{seat}"]) == [5 if x else 0 for x in led]
        assert list(more[f"points_{seat}|Pool majority"]) == [12 if x else 0 for x in led]
    assert sole > 5  # the check saw sole leaders
    assert s.table["mean_score_0"].iloc[1] - s.table["mean_score_0"].iloc[0] == pytest.approx(
        5 * (base["points_0|Pool majority"] == 7).mean())


def test_the_data_is_the_files_again_after_a_sweep_and_after_an_error():
    game = hl.load_game("perfect_hotel")
    before = sys.modules[COMPONENTS]
    plain = hl.simulate("perfect_hotel", ["random"], 6, 3, seating="rotate", **quiet())
    hl.sweep("perfect_hotel", {POOL: [12]}, ["random"], 6, seed=3, **quiet())
    assert sys.modules[COMPONENTS] is before and before.KINDS[2].points == 7
    assert type(hl.load_game("perfect_hotel")) is type(game)  # the very same class
    pd.testing.assert_frame_equal(hl.simulate("perfect_hotel", ["random"], 6, 3, seating="rotate", **quiet()),
                                  plain)
    # an agent that does not exist fails the first cell's simulate, inside the override
    with pytest.raises(OptionError, match="agents"):
        hl.sweep("perfect_hotel", {POOL: [12]}, ["no_such_agent"], 6, **quiet())
    assert sys.modules[COMPONENTS] is before and type(hl.load_game("perfect_hotel")) is type(game)
    assert hl.play(game, ["random"] * 2, seed=3).final_state().scores == \
        hl.play(hl.load_game("perfect_hotel"), ["random"] * 2, seed=3).final_state().scores


def test_a_game_made_before_an_override_keeps_the_files_data_during_it():
    game = hl.load_game("perfect_hotel")
    log = hl.play(game, ["random"] * 2, seed=5)
    with D.data_overrides("perfect_hotel", {POOL: 12}):
        assert sys.modules[COMPONENTS].KINDS[2].points == 12
        assert hl.play(game, ["random"] * 2, seed=5).final_state().scores == log.final_state().scores


def test_a_worker_plays_each_runs_data_in_turn():
    """A worker process kept for another run (a Dask worker) gets specs one after the other:
    each game is played with the data its spec carries, the files' when it carries none."""
    from hotellab.sim._worker import play_one

    game = hl.load_game("perfect_hotel")
    spec = {"game": game.id, "num_players": 2, "options": dict(game.options), "game_class": type(game),
            "agents": ["random", "random"], "seating": "fixed", "max_steps": 10**6}
    cell = {**spec, "options": {**spec["options"], D.DATA_OPTION: D.canonical({POOL: 12})}}
    seed = hl.sim.game_seed(0, 1)

    def scores(row):
        return [row["score_0"], row["score_1"]]

    plain = play_one(spec, 1, seed, False)
    changed = play_one(cell, 1, seed, False)
    again = play_one(spec, 1, seed, False)
    assert scores(again) == scores(plain)
    assert json_options(changed) == json_options(plain)  # the row's options are the game's own
    sole = [s for s in (0, 1) if plain.get(f"points_{s}|Pool majority") == 7]
    assert scores(changed) == [x + (5 if s in sole else 0) for s, x in enumerate(scores(plain))]
    assert sys.modules[COMPONENTS].KINDS[2].points == 7


def json_options(row):
    import json

    return json.loads(row["options"])


@pytest.fixture
def forkserver_workers(monkeypatch):
    """A thread running here makes simulate start its workers with forkserver (fork could copy
    a held lock): the workers import the files' data and must switch to the cell's."""
    import hotellab.sim._preflight as P

    stop = threading.Event()
    t = threading.Thread(target=stop.wait, name="sweep-test-thread", daemon=True)
    t.start()
    used = []
    real = P.mp_context

    def spy(*a, **k):
        ctx, forked = real(*a, **k)
        used.append(ctx.get_start_method())
        return ctx, forked

    monkeypatch.setattr(P, "mp_context", spy)
    yield used
    stop.set()
    t.join()


@pytest.mark.timeout(120)
def test_the_same_sweep_with_one_and_two_worker_processes(forkserver_workers):
    grid = {"star_bonus": [False, True], POOL: [7, 12]}
    one = hl.sweep("perfect_hotel", grid, ["random"], 12, seed=2, workers=1, progress=False)
    two = hl.sweep("perfect_hotel", grid, ["random"], 12, seed=2, workers=2, progress=False)
    assert forkserver_workers and set(forkserver_workers) == {"forkserver"}
    pd.testing.assert_frame_equal(one.table, two.table)
    assert list(one.tables) == [(False, 7), (False, 12), (True, 7), (True, 12)] == list(two.tables)
    for cell in one.tables:
        pd.testing.assert_frame_equal(one.tables[cell], two.tables[cell])
    assert (one.tables[(False, 12)]["score_0"] != one.tables[(False, 7)]["score_0"]).any()
    # and a plain run afterwards, in fresh workers and here, is the plain table
    pd.testing.assert_frame_equal(hl.simulate("perfect_hotel", ["random"], 12, 2, workers=2, progress=False,
                                              seating="rotate"), one.tables[(False, 7)])


# ----------------------------------------------------------------------------- the result
def test_an_option_grid_and_its_table():
    s = hl.sweep("perfect_hotel", {"star_bonus": [False, True]}, ["random"], 16, seed=1, **quiet())
    t = s.table
    assert list(t["star_bonus"]) == [False, True] and list(t["games"]) == [16, 16]
    assert list(t.columns[:8]) == ["star_bonus", "games", "win_rate_0", "win_low_0", "win_high_0", "win_rate_1",
                                   "win_low_1", "win_high_1"]
    off, on = s.tables[(False,)], s.tables[(True,)]
    assert json_options(off.iloc[0])["star_bonus"] is False and json_options(on.iloc[0])["star_bonus"] is True
    # the Star Bonus only adds points (+1 per star in your hotel): the same moves, and each seat's
    # score grows by its Star Bonus line
    assert list(off["length"]) == list(on["length"])
    star = [c for c in on.columns if c.startswith("points_0|") and "Star" in c]
    assert star, list(on.columns)
    assert list(on["score_0"] - off["score_0"]) == list(on[star[0]])
    # each cell's figures are the analysis module's
    for i, table in enumerate((off, on)):
        wr = hl.analysis.win_rates(table)
        assert t["win_rate_0"].iloc[i] == wr["rate"].iloc[0] and t["win_low_1"].iloc[i] == wr["low"].iloc[1]
        fp = hl.analysis.first_player_advantage(table)
        assert t["first_seat_advantage"].iloc[i] == fp["advantage"]
        assert t["draw_rate"].iloc[i] == (table["n_winners"] > 1).mean()  # no automata: all seats play
        assert t["mean_length"].iloc[i] == table["length"].mean()
        # the designer's metrics of the cell (hotellab.analysis.designer_metrics, or the measures' means)
        if hasattr(hl.analysis, "designer_metrics"):
            assert t["lead_changes"].iloc[i] == pytest.approx(table["lead_changes"].mean())
            assert "length" not in t and "mean_lead_changes" not in t
        elif "lead_changes" in table:
            assert t["mean_lead_changes"].iloc[i] == table["lead_changes"].mean()
    fig = s.figure
    assert isinstance(fig, go.Figure) and fig.data[0].error_y.array is not None
    assert list(fig.data[0].y) == list(t["win_rate_0"])
    assert "star_bonus=True: seat 0 wins" in s.summary() and "<table" in s._repr_html_()


def test_the_draw_rate_counts_the_games_two_player_seats_win():
    s = hl.sweep("hostil_hostal", {"nights": [3]}, ["random"], 70, num_players=2, **quiet())
    t = s.tables[(3,)]
    # seed 0: game 64 is the only one of the 70 with two winners, the two players ("0,1")
    assert list(t.loc[t["n_winners"] > 1, "winners"]) == ["0,1"]
    assert s.table["draw_rate"].iloc[0] == 1 / 70
    assert s.table["win_rate_2"].iloc[0] == t["win_2"].mean() > 0.5  # the automata's wins: its own column


def test_two_keys_draw_a_heatmap_and_player_counts_leave_missing_seats_empty():
    s = hl.sweep("perfect_hotel", {"num_players": [2, 3], "star_bonus": [False, True]}, ["random"], 6,
                 metrics={"longest": lambda t: int(t["length"].max())}, **quiet())
    heat = s.figure.data[0]
    assert isinstance(heat, go.Heatmap) and list(heat.x) == ["2", "3"] and list(heat.y) == ["False", "True"]
    assert heat.z[0][0] == s.table["win_rate_0"].iloc[0]  # num_players 2, star_bonus False
    t = s.table
    assert t["win_rate_2"].isna().tolist() == [True, True, False, False]  # no seat 2 with 2 players
    assert list(t["longest"]) == [int(x["length"].max()) for x in s.tables.values()]
    with pytest.raises(OptionError, match="no metric 'nope'"):
        s.plot("nope")


def test_every_game_sweeps_a_reconstructed_value():
    """One reconstructed value per game, each changing what a seeded game gives."""
    cases = {
        "perfect_hotel": ("cards.kind[id=garden].points", [4, 9], "score"),
        "hostil_hostal": ("dice.misfortune.faces", [[1, 2, 3, 4, 5, 6], [3, 3, 4, 4, 5, 6]], "score"),
        "hellton_palace": ("grooms.groom[id=false_reservation].cost", [2, 0], "length"),
        "hotel_zombie": ("cards.player.health", [100, 60], "length"),
        "boutique_hotel": ("guests.guest[number=3].breakfast", [False, True], "score"),
    }
    for game_id, (key, values, what) in cases.items():
        s = hl.sweep(game_id, {key: values}, ["random"], 4, **quiet())
        a, b = s.tables.values()
        col = "score_0" if what == "score" else "length"
        assert list(a[col]) != list(b[col]), (game_id, key)


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_a_kept_dask_worker_plays_each_cell_then_the_files_data():
    """One Dask worker kept for the whole sweep gets the cells one after the other (pool points
    12, 7, 12, 7: the last key changes fastest), then a plain run: each table is the one played
    here."""
    distributed = pytest.importorskip("dask.distributed")
    import logging

    grid = {"star_bonus": [False, True], POOL: [12, 7]}  # a value given twice is refused
    here = hl.sweep("perfect_hotel", grid, ["random"], 8, seed=4, **quiet())
    plain = hl.simulate("perfect_hotel", ["random"], 8, 4, seating="rotate", **quiet())
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.ERROR) as cluster:
        at = cluster.scheduler_address
        kept = hl.sweep("perfect_hotel", grid, ["random"], 8, seed=4, backend="dask", scheduler=at, progress=False)
        after = hl.simulate("perfect_hotel", ["random"], 8, 4, backend="dask", scheduler=at, progress=False,
                            seating="rotate")
    pd.testing.assert_frame_equal(kept.table, here.table)
    for cell in here.tables:
        pd.testing.assert_frame_equal(kept.tables[cell], here.tables[cell])
    pd.testing.assert_frame_equal(after, plain)
    pd.testing.assert_frame_equal(kept.tables[(False, 7)], plain)


# ----------------------------------------------------------------------------- more checks up front
def test_agents_that_do_not_fit_a_cells_player_count_are_refused_before_any_game(monkeypatch):
    played = []
    real = hl.sim.simulate
    monkeypatch.setattr(hl.sim, "simulate", lambda *a, **k: played.append(a) or real(*a, **k))
    with pytest.raises(OptionError) as err:
        hl.sweep("perfect_hotel", {"num_players": [2, 3]}, ["random", "random"], 2, **quiet())
    # 2 agents fit the 2-player cell, not the 3-player one; no cell was played
    assert err.value.field == "agents" and "cell num_players=3" in str(err.value)
    assert "needs 3 agents" in str(err.value) and played == []


# ----------------------------------------------------------------------------- Ctrl-C
GRID = {"star_bonus": [False, True], "high_season": [False, True]}  # 4 cells


def interrupting(monkeypatch, at: int, keep, how="attrs"):
    """hotellab.testing.interrupt_simulate."""
    return interrupt_simulate(monkeypatch, at, keep, how)


def test_ctrl_c_in_a_cell_stops_the_sweep_with_the_cells_finished(monkeypatch):
    whole = hl.sweep("perfect_hotel", GRID, ["random"], 6, seed=3, **quiet())
    calls = interrupting(monkeypatch, 2, keep={0, 1, 4})
    with pytest.warns(RuntimeWarning, match="sweep: interrupted; 2 of 4 cells have games .the last with 3 of 6"):
        s = hl.sweep("perfect_hotel", GRID, ["random"], 6, seed=3, **quiet())
    assert len(calls) == 2  # cells 3 and 4 never played
    assert s.interrupted and not whole.interrupted
    assert list(s.tables) == [(False, False), (False, True)] and list(s.table["games"]) == [6, 3]
    assert s.cells == [{"star_bonus": False, "high_season": False}, {"star_bonus": False, "high_season": True}]
    # the first cell is the uninterrupted sweep's; the second is computed from its 3 games (the
    # same rows as the whole sweep's games 0, 1 and 4)
    pd.testing.assert_frame_equal(s.table.iloc[[0]], whole.table.iloc[[0]], check_dtype=False)
    part = whole.tables[(False, True)]
    part = part[part["game"].isin({0, 1, 4})].reset_index(drop=True)
    assert s.table["win_rate_0"].iloc[1] == part["win_0"].mean()
    text = s.summary()
    assert text.startswith("Interrupted (Ctrl-C): 2 of 4 cells have games; the last one has 3 of 6 games")
    assert "high_season=True (3 games): seat 0 wins" in text and "interrupted" in repr(s)
    assert isinstance(s.figure, go.Figure)


def test_a_cell_without_a_finished_game_is_left_out(monkeypatch):
    interrupting(monkeypatch, 2, keep=set())
    with pytest.warns(RuntimeWarning, match="1 of 4 cells have games; the others"):
        s = hl.sweep("perfect_hotel", GRID, ["random"], 6, **quiet())  # no IndexError
    assert s.interrupted and list(s.table["games"]) == [6] and list(s.tables) == [(False, False)]
    assert "Interrupted (Ctrl-C): 1 of 4 cells have games;" in s.summary()


def test_an_interrupted_first_cell_gives_an_empty_sweep(monkeypatch):
    interrupting(monkeypatch, 1, keep=set())
    with pytest.warns(RuntimeWarning, match="0 of 4 cells"):
        s = hl.sweep("perfect_hotel", GRID, ["random"], 6, **quiet())
    assert s.interrupted and len(s.table) == 0 and s.tables == {} and s.cells == []
    assert s.summary().startswith("Interrupted (Ctrl-C): 0 of 4 cells have games")
    with pytest.raises(ValueError, match="interrupted before any cell had a finished game"):
        s.figure


def test_a_keyboard_interrupt_in_a_cell_or_between_cells_stops_the_sweep(monkeypatch):
    calls = interrupting(monkeypatch, 3, keep=None, how="raise")
    with pytest.warns(RuntimeWarning, match="2 of 3 cells have games; the others"):
        s = hl.sweep("perfect_hotel", {POOL: [7, 12, 3]}, ["random"], 4, **quiet())
    assert s.interrupted and len(calls) == 3 and list(s.tables) == [(7,), (12,)]
    assert D.data_value("perfect_hotel", POOL) == 7  # the file's value again after the interruption
    # between cells, in this process: the progress callable is called after each cell
    monkeypatch.undo()

    def stop(done, total):
        if done == 1:
            raise KeyboardInterrupt

    with pytest.warns(RuntimeWarning, match="1 of 4 cells have games"):
        s = hl.sweep("perfect_hotel", GRID, ["random"], 4, workers=1, progress=stop)
    assert s.interrupted and list(s.table["games"]) == [4]
