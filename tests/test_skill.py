"""The skill matrix (hl.analysis.skill_matrix) and the tutor (hl.analysis.costly_moves,
move_cost). Expected values are counted by hand from the tables built here, with the
definitions in the modules' notes (a draw counts half; Wilson intervals)."""

from __future__ import annotations

import pytest

import hotellab as hl
from hotellab.analysis import SkillMatrix, wilson_interval
from hotellab.analysis.skill import pair_results
from hotellab.core.errors import IllegalActionError, OptionError

pd = pytest.importorskip("pandas")


def _table(rows):
    """A two-player simulation table: rows of (agent_0, agent_1, winners[, score_0, score_1])."""
    out = []
    for i, (a0, a1, winners, *scores) in enumerate(rows):
        row = {"game": i, "num_players": 2, "agent_0": a0, "agent_1": a1, "win_0": 0 in winners, "win_1": 1 in winners}
        if scores:
            row.update({"score_0": scores[0], "score_1": scores[1]})
        out.append(row)
    return pd.DataFrame(out)


def test_pair_results_by_hand():
    t = _table([
        ("a", "b", [0], 9, 4),      # a wins; a - b = +5
        ("b", "a", [1], 3, 6),      # a wins (seat 1); +3
        ("a", "b", [1], 2, 7),      # b wins; -5
        ("b", "a", [0, 1], 5, 5),   # a tie between the two: a draw; 0
        ("a", "b", [], 4, 1),       # nobody wins: a draw; +3
    ])
    r = pair_results(t, "a", "b")
    # 2 wins, 2 draws, 1 loss: (2 + 2/2) / 5 = 0.6
    assert (r["games"], r["wins"], r["draws"], r["losses"]) == (5, 2, 2, 1)
    assert r["score"] == pytest.approx(0.6)
    assert (r["low"], r["high"]) == pytest.approx(wilson_interval(3, 5))
    # margin: (5 + 3 - 5 + 0 + 3) / 5 = 1.2 points a game for a
    assert r["margin"] == pytest.approx(1.2)
    back = pair_results(t, "b", "a")
    assert (back["wins"], back["draws"], back["losses"]) == (1, 2, 2)
    assert back["score"] + r["score"] == pytest.approx(1.0)
    assert back["margin"] == pytest.approx(-1.2)


def _matrix(rows):
    long = pd.DataFrame(rows, columns=["agent", "opponent", "games", "wins", "draws", "losses", "score", "low",
                                       "high", "margin"])
    names = list(dict.fromkeys(long["agent"]))
    m = pd.DataFrame(float("nan"), index=names, columns=names)
    for r in long.itertuples():
        m.loc[r.agent, r.opponent] = r.score
    return SkillMatrix(agents=names, table=long, matrix=m, tables={}, config={}, seconds=0.0)


def test_ladder_verdicts_and_upsets_by_hand():
    def pair(a, b, wins, n):
        lo, hi = wilson_interval(wins, n)
        lo2, hi2 = wilson_interval(n - wins, n)
        return [(a, b, n, wins, 0, n - wins, wins / n, lo, hi, 1.0), (b, a, n, n - wins, 0, wins, 1 - wins / n, lo2, hi2,
                                                                   -1.0)]

    m = _matrix(pair("x", "y", 10, 20) + pair("y", "z", 18, 20) + pair("x", "z", 15, 20))
    lad = m.ladder(["z", "y", "x"])  # weakest first
    # y over z: 18 of 20, Wilson [0.699, 0.972] above 1/2: stronger; x over y: 10 of 20: no evidence
    assert list(lad["verdict"]) == ["stronger", "no evidence"]
    assert lad["score"].tolist() == pytest.approx([0.9, 0.5])
    # the weaker of each pair took 10, 2 and 5 of 20 games: 17 / 60
    u = m.upsets()
    assert u["upset_rate"] == pytest.approx(17 / 60) and (u["games"], u["pairs"]) == (60, 3)
    # strength: x scores 0.5 and 0.75 -> 0.625; y 0.5, 0.9 -> 0.7; z 0.1, 0.25 -> 0.175
    assert m.strength().round(3).to_dict() == {"y": 0.7, "x": 0.625, "z": 0.175}


def test_skill_matrix_of_a_real_game():
    m = hl.analysis.skill_matrix("perfect_hotel", ["random", "mcts:15"], n_games=8, seed=2, workers=1,
                                 progress=False)
    t = m.tables[("random", "mcts:15")]
    assert len(t) == 8 and m.config["num_players"] == 2  # the game's smallest player count
    # seats rotated: mcts:15 sits at seat 1 in the even games and seat 0 in the odd ones
    assert list(t["agent_0"]) == ["random", "mcts:15"] * 4
    a, b = m.matrix.loc["random", "mcts:15"], m.matrix.loc["mcts:15", "random"]
    assert a + b == pytest.approx(1.0)
    assert pd.isna(m.matrix.loc["random", "random"])
    assert m.figure.data[0].type == "heatmap"
    assert "perfect_hotel, 2 players, 8 games per pair" in m.summary()


def test_a_name_with_a_comma_is_refused():
    class Odd(hl.agents.RandomAgent):
        name = "my,agent"

    with pytest.raises(OptionError, match="hold a comma") as err:
        hl.analysis.skill_matrix("perfect_hotel", [Odd(), "greedy"], n_games=2, workers=1, progress=False)
    assert err.value.field == "agents"


def test_save_names_parquet(tmp_path):
    m = _matrix([("x", "y", 1, 1, 0, 0, 1.0, 0.2, 1.0, 1.0), ("y", "x", 1, 0, 0, 1, 0.0, 0.0, 0.8, -1.0)])
    with pytest.raises(OptionError, match=r"\*\.parquet"):
        m.save(tmp_path / "m.csv")


def test_ladder_pairs_only_play_neighbours():
    m = hl.analysis.skill_matrix("hellton_palace", ["random", "greedy", "mcts:5"], n_games=2, seed=1,
                                 workers=1, progress=False, pairs="ladder")
    assert sorted(m.tables) == [("greedy", "mcts:5"), ("random", "greedy")]
    assert pd.isna(m.matrix.loc["random", "mcts:5"])
    assert len(m.ladder()) == 2
    # a ladder's agents met different opponents: no strength order, none in the summary
    with pytest.raises(ValueError, match="full matrix"):
        m.strength()
    assert "Strength" not in m.summary()


def test_a_saved_matrix_reads_back(tmp_path):
    pytest.importorskip("pyarrow")
    m = hl.analysis.skill_matrix("perfect_hotel", ["random", "greedy", "mcts:5"], n_games=4, seed=1, workers=1,
                                 progress=False)
    back = hl.analysis.SkillMatrix.load(m.save(tmp_path / "m.parquet"))
    assert back.matrix.equals(m.matrix) and back.table.equals(m.table)
    assert sorted(back.tables) == sorted(m.tables) and back.config["pairs"] == "all"


@pytest.mark.parametrize("kwargs, field", [
    ({"agents": ["random"]}, "agents"),
    ({"agents": ["random", "random"]}, "agents"),
    ({"agents": ["random", "greedy"], "n_games": 0}, "n_games"),
    ({"agents": ["random", "greedy"], "pairs": "some"}, "pairs"),
    ({"agents": ["random", "mcts:zero"]}, "agents[1]"),
    ({"agents": ["random", "greedy"], "seating": "fixed"}, "seating"),
])
def test_skill_matrix_refuses_bad_arguments(kwargs, field):
    kwargs = {"n_games": 2, **kwargs}
    with pytest.raises(OptionError) as err:
        hl.analysis.skill_matrix("perfect_hotel", workers=1, progress=False, **kwargs)
    assert err.value.field == field


# --------------------------------------------------------------------------- the tutor
@pytest.fixture(scope="module")
def log():
    return hl.play(hl.load_game("perfect_hotel"), agents=["random", "greedy"], seed=3)


def test_costly_moves_rows_are_the_moves_played(log):
    moves = hl.analysis.costly_moves(log, agent="mcts:40", threshold=0.05, progress=False)
    replay = hl.Replay(log)
    assert len(moves) > 0 and moves.attrs["agent"] == "mcts:40"
    assert moves["cost"].is_monotonic_decreasing and (moves["cost"] >= 0.05).all()
    for r in moves.itertuples():
        s = replay[r.step]
        assert str(replay.actions[r.step]) == r.played_action  # the move the log made there
        assert r.seat == s.current_player and r.legal == len(s.legal_actions()) > 1
        assert r.played == s.action_to_string(replay.actions[r.step], perspective=r.seat)
        assert r.cost == pytest.approx(r.best_value - r.played_value)
        assert r.played_action != r.best_action
    # the same seed gives the same judgement; only seat 1 when asked
    again = hl.analysis.costly_moves(log, agent="mcts:40", threshold=0.05, progress=False)
    assert again.equals(moves)
    red = hl.analysis.costly_moves(log, agent="mcts:40", threshold=0.05, seats=[1], progress=False)
    assert set(red["seat"]) <= {1} and red.attrs["decisions"] < moves.attrs["decisions"]


def test_move_cost_of_the_best_move_is_zero_and_errors(log):
    replay = hl.Replay(log)
    k = next(i for i, s in enumerate(replay) if not s.is_chance_node and len(s.legal_actions()) > 2)
    s = replay[k]
    judged = hl.analysis.move_cost(s, replay.actions[k], "mcts:30", seed=4)
    best = hl.analysis.move_cost(s, judged.best, "mcts:30", seed=4)
    assert best.cost == 0.0 and best.played == judged.best
    assert "as good as any move here" in best.text
    with pytest.raises(IllegalActionError):
        hl.analysis.move_cost(s, "p0 place nowhere", "mcts:30")
    with pytest.raises(OptionError, match="the tutor needs an MCTS agent"):
        hl.analysis.move_cost(s, judged.best, "greedy")
    chance = next(st for st in replay if st.is_chance_node)
    with pytest.raises(ValueError, match="not one"):
        hl.analysis.move_cost(chance, judged.best, "mcts:30")
    with pytest.raises(OptionError) as err:
        hl.analysis.costly_moves(log, agent="mcts:30", threshold=2, progress=False)
    assert err.value.field == "threshold"
    for bad in ([5], 0, [True], "0", [0.0]):
        with pytest.raises(OptionError) as err:
            hl.analysis.costly_moves(log, agent="mcts:30", seats=bad, progress=False)
        assert err.value.field == "seats", bad
    for bad in (-1, 0, "2", 1.5, True):
        with pytest.raises(OptionError) as err:
            hl.analysis.costly_moves(log, agent="mcts:30", top=bad, progress=False)
        assert err.value.field == "top", bad
    for bad in (0, -2, "2", 2.5):
        with pytest.raises(OptionError) as err:
            hl.analysis.move_cost(s, judged.best, "mcts:30", root_visits=bad)
        assert err.value.field == "root_visits", bad


def test_ctrl_c_keeps_the_decisions_judged(log, monkeypatch):
    from hotellab.analysis import tutor

    real, calls = tutor.move_cost, []

    def judge(*a, **k):
        if len(calls) == 6:
            raise KeyboardInterrupt
        calls.append(1)
        return real(*a, **k)

    monkeypatch.setattr(tutor, "move_cost", judge)
    with pytest.warns(RuntimeWarning, match="interrupted"):
        moves = hl.analysis.costly_moves(log, agent="mcts:20", threshold=0.0, progress=False)
    assert moves.attrs["interrupted"] is True and len(moves) <= 6  # 6 judged (threshold 0: the costly ones of them)


def test_ctrl_c_in_a_pair_keeps_the_pairs_finished(monkeypatch):
    """simulate returns the games finished, marked interrupted, when Ctrl-C stops it: the
    matrix keeps the pairs before and that pair's games, and plays no further pair."""
    from hotellab.testing import interrupt_simulate

    calls = interrupt_simulate(monkeypatch, 2, keep={0, 1, 2})
    m = hl.analysis.skill_matrix("perfect_hotel", ["random", "greedy", "mcts:5"], n_games=4, seed=1, workers=1,
                                 progress=False)
    assert m.interrupted and len(calls) == 2
    assert [len(t) for t in m.tables.values()] == [4, 3]
    assert m.table["games"].tolist() == [4, 4, 3, 3]


def test_skill_matrix_on_dask_gives_the_local_matrix():
    pytest.importorskip("dask.distributed")
    args = dict(n_games=4, seed=5, progress=False)
    local = hl.analysis.skill_matrix("hellton_palace", ["random", "mcts:5"], workers=1, **args)
    dask = hl.analysis.skill_matrix("hellton_palace", ["random", "mcts:5"], workers=2, backend="dask", **args)
    pd.testing.assert_frame_equal(local.table, dask.table)
