"""hl.analysis: Wilson intervals, seat win rates, first-player advantage, score, length and
category summaries, comparisons with significance tests, the balance report (issue 13).

The small tables here are written by hand; every expected value is worked out in the
comment beside it.
"""

from __future__ import annotations

import json
import sys

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("scipy")

import plotly.graph_objects as go  # noqa: E402

import hotellab as hl  # noqa: E402
from hotellab import analysis as A  # noqa: E402
from hotellab.testing import interrupt_simulate  # noqa: E402


def hand_table(winners, scores, lengths=None, game_id="perfect_hotel", options=None, points=None,
               num_players=2, seats=2, agents=("random", "random")):
    """A table shaped like hl.simulate's: ``winners`` a list of seat lists per game,
    ``scores`` a list of per-seat scores, ``points`` {column: per-game values}."""
    n = len(winners)
    lengths = lengths or [10] * n
    t = {"game": list(range(n)), "seed": list(range(n)), "game_id": [game_id] * n,
         "num_players": [num_players] * n, "options": [json.dumps(options or {})] * n, "seats": [seats] * n,
         "lineup": [",".join(agents)] * n}
    for s in range(seats):
        t[f"agent_{s}"] = [agents[s] if s < len(agents) else "automata"] * n
    t["length"] = lengths
    t["decisions"] = [x - 1 for x in lengths]
    for s in range(seats):
        t[f"score_{s}"] = [sc[s] for sc in scores]
    for s in range(seats):
        t[f"win_{s}"] = [s in w for w in winners]
    t["winners"] = [",".join(map(str, w)) for w in winners]
    t["n_winners"] = [len(w) for w in winners]
    t.update(points or {})
    return pd.DataFrame(t)


# ----------------------------------------------------------------------------- Wilson
def test_wilson_interval_by_hand():
    # z = 1.95996; 5 of 10: centre (0.5 + z²/20)/(1 + z²/10) = 0.5, half-width
    # z·sqrt(0.025 + z²/400)/(1 + z²/10) = 0.26342 -> 0.2366 .. 0.7634
    lo, hi = A.wilson_interval(5, 10)
    assert lo == pytest.approx(0.23659, abs=1e-4) and hi == pytest.approx(0.76341, abs=1e-4)
    # 0 of 10: low 0, high (z²/10)/(1 + z²/10) = 0.38415/1.38415 = 0.27753
    assert A.wilson_interval(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-4)
    assert A.wilson_interval(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-4)
    # a wider interval at 99% (z = 2.5758, z² = 6.6349): 5 of 10 -> half-width
    # 2.5758·sqrt(0.025 + 6.6349/400)/(1 + 0.66349) = 0.3158 -> 0.1842 .. 0.8158
    lo99, hi99 = A.wilson_interval(5, 10, confidence=0.99)
    assert lo99 == pytest.approx(0.1842, abs=1e-3) and hi99 == pytest.approx(0.8158, abs=1e-3)
    assert A.wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="successes must be in 0..n"):
        A.wilson_interval(11, 10)


# ----------------------------------------------------------------------------- win rates
FOUR = dict(winners=[[0], [0], [1], [0, 1]], scores=[[5, 3], [6, 2], [1, 4], [3, 3]])


def test_win_rates_and_fair_share_by_hand():
    t = hand_table(**FOUR)
    wr = A.win_rates(t)
    # seat 0 won games 0, 1, 3 (3 of 4); seat 1 games 2, 3 (2 of 4); the tie counts for both
    assert list(wr["wins"]) == [3, 2] and list(wr["rate"]) == [0.75, 0.5]
    # fair share: 5 player-seat wins over 4 games x 2 players = 0.625
    assert wr["fair"].iloc[0] == pytest.approx(0.625)
    assert (wr["low"] < wr["rate"]).all() and (wr["rate"] < wr["high"]).all()


def test_first_player_advantage_by_hand():
    fp = A.first_player_advantage(hand_table(**FOUR))
    assert fp["rate"] == 0.75 and fp["others"] == 0.5 and fp["advantage"] == 0.25
    # binomial(4, 0.625): P(3) = 4·0.625³·0.375 = 0.3662 is the most likely count, so every
    # count is at most as likely: two-sided p = 1
    assert fp["p_value"] == pytest.approx(1.0)
    # chi-square of wins [3, 2] against 2.5 each: (0.25 + 0.25)/2.5 = 0.2 -> p = 0.6547 (1 df)
    assert fp["chi2_p_value"] == pytest.approx(0.6547, abs=1e-4)


def test_non_player_seat_is_left_out_of_the_fair_share():
    # 2 players + an automata seat (seat 2) that wins 3 of 4 games
    t = hand_table(winners=[[2], [2], [0], [2]], scores=[[0, 0, 5]] * 4, num_players=2, seats=3,
                   game_id="hostil_hostal")
    wr = A.win_rates(t)
    assert list(wr["wins"]) == [1, 0, 3]
    assert wr["fair"].iloc[0] == pytest.approx(1 / 8)  # 1 player-seat win over 4 x 2
    report = A.balance_report(t)
    assert "Seat 2 (not a player" in report.summary()


# ----------------------------------------------------------------------------- summaries
def test_scores_length_and_categories_by_hand():
    t = hand_table(**FOUR, lengths=[10, 20, 30, 40], points={
        "points_0|Rest": [5, 6, 1, 3], "points_1|Rest": [3, 2, 4, 3],
        "points_0|Spy": [0, 0, -2, 0], "points_1|Spy": [0, 0, 0, 0],
    })
    sc = A.score_distributions(t)
    # seat 0 scores 5, 6, 1, 3: mean 3.75, median 4, min 1, max 6
    r0 = sc[sc["seat"] == 0].iloc[0]
    assert (r0["games"], r0["mean"], r0["median"], r0["min"], r0["max"]) == (4, 3.75, 4.0, 1, 6)
    ln = A.game_length(t).set_index("measure")
    assert ln.loc["length", "median"] == 25 and ln.loc["decisions", "max"] == 39
    cats = A.category_shares(t).set_index("category")
    # Rest: 15 + 12 = 27 points; Spy: -2; |27| + |-2| = 29
    assert cats.loc["Rest", "points"] == 27 and cats.loc["Spy", "points"] == -2
    assert cats.loc["Rest", "share"] == pytest.approx(27 / 29)
    assert cats.loc["Spy", "per_game"] == pytest.approx(-2 / 8) and cats.loc["Spy", "sign"] == "-"


def test_a_game_without_categories_has_no_category_figure():
    t = hand_table(**FOUR, game_id="hellton_palace")
    report = A.balance_report(t)
    assert len(report.categories) == 0
    assert set(report.figures) == {"win_rates", "scores", "length"}


# ----------------------------------------------------------------------------- compare
def test_compare_finds_a_real_difference_and_not_a_false_one():
    # seat 0 wins 30 of 40 in A, 10 of 40 in B: 2x2 [[30, 10], [10, 30]], expected 20 each;
    # Yates-corrected chi-square 4 · (|30 - 20| - 0.5)² / 20 = 18.05 -> p = 2.1e-5
    a = hand_table(winners=[[0]] * 30 + [[1]] * 10, scores=[[1, 0]] * 30 + [[0, 1]] * 10)
    b = hand_table(winners=[[0]] * 10 + [[1]] * 30, scores=[[1, 0]] * 10 + [[0, 1]] * 30)
    c = A.compare(a, b, labels=("A", "B"))
    row = c.table.set_index("measure").loc["win rate seat 0"]
    assert row["test"] == "chi-square" and row["difference"] == pytest.approx(-0.5)
    assert row["p_value"] == pytest.approx(2.15e-5, rel=0.05)
    assert isinstance(c.figure, go.Figure) and "win rate seat 0" in set(c.significant()["measure"])
    same = A.compare(a, a.copy())
    assert (same.table["p_value"] > 0.5).all()
    with pytest.raises(ValueError, match="different games or seat counts"):
        A.compare(a, hand_table(**FOUR, game_id="hellton_palace"))


def test_compare_uses_fishers_test_for_small_counts():
    # 3 of 4 against 0 of 4: expected counts under 5 -> Fisher's exact test, p = 0.1429
    # (the tables at least as extreme: [[3,1],[0,4]] and [[0,4],[3,1]], each C(4,3)·C(4,0)/C(8,3) = 4/56)
    a = hand_table(winners=[[0]] * 3 + [[1]], scores=[[1, 0]] * 4)
    b = hand_table(winners=[[1]] * 4, scores=[[0, 1]] * 4)
    row = A.compare(a, b).table.set_index("measure").loc["win rate seat 0"]
    assert row["test"] == "Fisher exact" and row["p_value"] == pytest.approx(8 / 56)


# ----------------------------------------------------------------------------- report
def test_balance_report_of_a_simulated_table():
    table = hl.simulate("perfect_hotel", ["random", "greedy"], n_games=60, seed=4, workers=1,
                        seating="rotate", progress=False)
    report = hl.analysis.balance_report(table)
    assert report.config["games"] == 60 and report.config["lineups"] == ["random,greedy", "greedy,random"]
    assert all(isinstance(f, go.Figure) for f in report.figures.values())
    assert set(report.figures) == {"win_rates", "scores", "length", "categories"}
    # rotated seating: each agent sat at each seat in 30 games
    assert list(report.win_rates_by_agent["games"]) == [30, 30, 30, 30]
    assert report.win_rates["wins"].sum() == table["n_winners"].sum()
    text = report.summary()
    assert "perfect_hotel, 2 players, 60 games" in text and "Seat 0: wins" in text
    assert report._repr_markdown_()


def test_a_mixed_table_is_refused():
    a = hand_table(**FOUR)
    b = hand_table(**FOUR, options={"star_bonus": True})
    with pytest.raises(ValueError, match="mixes 2 game configurations"):
        A.balance_report(pd.concat([a, b]))
    with pytest.raises(ValueError, match="no games"):
        A.balance_report(a.iloc[:0])


def test_missing_scipy_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    with pytest.raises(ImportError, match=r'pip install "hotellab\[sim\]"'):
        A.first_player_advantage(hand_table(**FOUR))


# ----------------------------------------------------------------------------- designer's metrics (issue 21)
from hotellab.sim._worker import trajectory_measures  # noqa: E402

NAN = float("nan")


def _same(a, b):
    return (a != a and b != b) or a == pytest.approx(b)


@pytest.mark.parametrize("legal, samples, winners, want", [
    # sole leaders A (sample 1), B (2: change 1), A (3: change 2); the initial tie is no leader.
    # Seat 0 trails only at sample 2 (2 < 3), so it leads for good from sample 3 = after 3 of
    # 3 decisions: 1.0; its worst deficit is 3 - 2 = 1; legal counts 2, 1, 3: mean 2, 1 forced of 3
    ([2, 1, 3], [(0, 0), (2, 0), (2, 3), (5, 3)], [0], (2.0, 1 / 3, 2, 1.0, 1)),
    # A leads, they tie, A leads again: a tie leaves the lead with A, 0 changes; a tie counts as
    # leading for the winner, so seat 0 never trails: decided after 0 decisions, no drama
    ([1, 1], [(1, 0), (1, 1), (2, 1)], [0], (1.0, 1.0, 0, 0.0, 0)),
    # A leads, they tie, B leads: 1 change; winner B trails at sample 0 only: leads for good
    # after 1 of 2 decisions (0.5), its deficit 1 - 0 = 1
    ([3, 2], [(1, 0), (1, 1), (1, 2)], [1], (2.5, 0.0, 1, 0.5, 1)),
    # nobody wins: decisiveness and drama are NaN, lead changes still count (A, then B)
    ([2, 2], [(0, 0), (3, 1), (3, 4)], [], (2.0, 0.0, 1, NAN, NAN)),
    # the winner (seat 1, by a rule other than the score) never leads: decided only at the end
    # (1.0), its deficit 5 - 3 = 2 at the last sample
    ([4], [(0, 0), (5, 3)], [1], (4.0, 0.0, 0, 1.0, 2)),
    # 3 players, seats 0 and 2 share the win: their best score 5, 5, 7 against the top 5, 6, 7
    # trails at sample 1 only -> leads for good after 2 of 2 decisions (1.0), drama 6 - 5 = 1;
    # leaders: A alone, B alone (change 1), then A and C tie (no change)
    ([2, 4], [(5, 1, 0), (5, 6, 0), (7, 6, 7)], [0, 2], (3.0, 0.0, 1, 1.0, 1)),
    # a game without decisions: nothing to average (NaN), nothing to decide after
    ([], [(1, 2)], [1], (NAN, NAN, 0, NAN, 0)),
])
def test_trajectory_measures_by_hand(legal, samples, winners, want):
    got = trajectory_measures(legal, [list(s) for s in samples], winners)
    names = ("branching", "forced_share", "lead_changes", "decisive_at", "drama")
    assert all(_same(got[n], w) for n, w in zip(names, want)), (got, want)


def metric_table():
    """Five games: seat 0 wins games 0 and 1, seat 1 game 2, both game 3, nobody game 4."""
    t = hand_table(winners=[[0], [0], [1], [0, 1], []], scores=[[5, 3], [6, 2], [1, 4], [3, 3], [0, 0]],
                   lengths=[10, 20, 30, 40, 50])
    t["branching"] = [2.0, 3.0, 4.0, 5.0, 6.0]
    t["forced_share"] = [0.5, 0.25, 0.0, 0.25, 0.0]
    t["lead_changes"] = [0, 1, 2, 3, 4]
    t["decisive_at"] = [0.5, 1.0, 0.0, 0.25, NAN]
    t["drama"] = [2.0, 0.0, 3.0, 1.0, NAN]
    return t


def test_designer_metrics_by_hand():
    m = A.designer_metrics(metric_table()).set_index("metric")
    assert list(m.index) == ["first_seat_advantage", "draw_rate", "no_winner_rate", "length", "length_cv",
                             "decisions", "decisions_cv", "lead_changes", "decisiveness", "drama", "branching",
                             "forced_share"]
    # seat 0 minus seat 1 per game: 1, 1, -1, 0, 0 -> mean 0.2 (= 3/5 - 2/5)
    assert m.loc["first_seat_advantage", "value"] == pytest.approx(0.2)
    # one shared win (game 3) and one game nobody wins (game 4), of 5; Wilson intervals
    assert m.loc["draw_rate", "value"] == 0.2 and m.loc["no_winner_rate", "value"] == 0.2
    assert (m.loc["draw_rate", "low"], m.loc["draw_rate", "high"]) == pytest.approx(A.wilson_interval(1, 5))
    assert m.loc["draw_rate", "interval"] == "Wilson"
    # lengths 10..50: mean 30, sd sqrt(1000/4) = 15.811, CV 0.52705; decisions 9..49: CV 15.811/29
    assert m.loc["length", "value"] == 30 and m.loc["length_cv", "value"] == pytest.approx(0.527046, abs=1e-6)
    assert m.loc["decisions_cv", "value"] == pytest.approx(0.545221, abs=1e-6)
    assert m.loc["length_cv", "interval"] == "bootstrap"
    assert m.loc["length_cv", "low"] <= m.loc["length_cv", "value"] <= m.loc["length_cv", "high"]
    # lead changes 0..4: mean 2, sd 1.5811, t(0.975, 4) = 2.776445 -> half-width
    # 2.776445 * 1.5811 / sqrt(5) = 1.96324 -> 0.03676 .. 3.96324
    assert m.loc["lead_changes", "value"] == 2
    assert (m.loc["lead_changes", "low"], m.loc["lead_changes", "high"]) == pytest.approx((0.03676, 3.96324), abs=1e-4)
    assert m.loc["lead_changes", "interval"] == "t"
    # decisiveness and drama over the 4 games someone wins: (0.5 + 1 + 0 + 0.25) / 4, (2 + 0 + 3 + 1) / 4
    assert m.loc["decisiveness", "value"] == pytest.approx(0.4375) and m.loc["decisiveness", "games"] == 4
    assert m.loc["drama", "value"] == pytest.approx(1.5) and m.loc["drama", "games"] == 4
    assert m.loc["branching", "value"] == 4 and m.loc["forced_share", "value"] == pytest.approx(0.2)
    assert m["definition"].str.len().gt(20).all() and m["source"].str.len().gt(3).all()


def test_the_report_carries_the_metrics_and_says_them():
    report = A.balance_report(metric_table())
    assert report.metrics["value"].notna().all()
    text = report.summary()
    assert "Designer's metrics" in text
    assert "- Draw rate (games won by more than one player seat): 20.0% (95% CI" in text
    assert "- Lead changes per game: 2 (95% CI 0.0368 to 3.96, t)." in text


def test_a_table_from_before_the_metric_columns_still_reports():
    """A table of an older hotellab (e.g. a Parquet file saved before issue 21): no branching,
    forced_share, lead_changes, decisive_at or drama columns. The metrics that need them are
    NaN (0 games); the others are there; the summary leaves the missing ones out."""
    report = A.balance_report(hand_table(**FOUR))
    m = report.metrics.set_index("metric")
    for name in ("lead_changes", "decisiveness", "drama", "branching", "forced_share"):
        assert m.loc[name, "value"] != m.loc[name, "value"] and m.loc[name, "games"] == 0
    assert m.loc["draw_rate", "value"] == 0.25  # game 3 of 4 is a shared win
    text = report.summary()
    assert "Draw rate" in text and "Lead changes" not in text and "Branching" not in text


@pytest.mark.parametrize("gid", ["perfect_hotel", "hostil_hostal", "hellton_palace", "hotel_zombie", "boutique_hotel"])
def test_metric_columns_of_a_real_simulation(gid):
    """The columns of 4 random games of each game are those computed from the game replayed
    from its log (legal actions counted at every decision, the player seats' scores sampled
    at every decision and at the end), and lie in their ranges."""
    from hotellab.core.actions import parse_action
    from hotellab.sim import game_log

    table = hl.simulate(gid, ["random"], n_games=4, seed=21, workers=1, progress=False, keep_logs=True)
    assert (table["branching"] >= 1).all()
    assert table["forced_share"].between(0, 1).all()
    # Perfect Hotel has forced moves in every game (20% of the decisions with random agents)
    if gid == "perfect_hotel":
        assert table["forced_share"].between(0, 1, inclusive="neither").all()
    assert (table["lead_changes"] >= 0).all()
    won = table[[f"win_{s}" for s in range(int(table["num_players"][0]))]].any(axis=1)
    assert table["decisive_at"][won].between(0, 1).all() and table["decisive_at"][~won].isna().all()
    assert (table["drama"][won] >= 0).all() and table["drama"][~won].isna().all()
    game = hl.load_game(gid)
    players = game.num_players
    for i, row in table.iterrows():
        log = game_log(table, i)
        state, legal, samples = game.new_initial_state(), [], []
        for text in log.actions:
            if not state.is_chance_node:
                legal.append(len(state.legal_actions()))
                samples.append(list(state.scores)[:players])
            state = state.apply(parse_action(text))
        samples.append(list(state.scores)[:players])
        want = trajectory_measures(legal, samples, [w for w in state.winners() if w < players])
        assert len(legal) == row["decisions"]
        for name, value in want.items():
            assert _same(row[name], value), (i, name, row[name], value)


# ----------------------------------------------------------------------------- luck (ICC)
def test_icc1_by_hand():
    # groups (1, 2), (3, 4), (5, 6): means 1.5, 3.5, 5.5, grand mean 3.5;
    # MSB = 2 · (4 + 0 + 4) / 2 = 8, MSW = 6 · 0.25 / 3 = 0.5 -> ICC = 7.5 / 8.5 = 0.88235, F = 16;
    # F tables: F(0.975; 2, 3) = 16.044, F(0.975; 3, 2) = 39.165 -> FL = 0.99726, FU = 626.6,
    # low = (FL - 1) / (FL + 1) = -0.00137, high = (FU - 1) / (FU + 1) = 0.99681
    got = A.icc1([[1, 2], [3, 4], [5, 6]])
    assert got["icc"] == pytest.approx(7.5 / 8.5) and got["f"] == pytest.approx(16)
    assert got["msb"] == pytest.approx(8) and got["msw"] == pytest.approx(0.5)
    assert got["low"] == pytest.approx(-0.00137, abs=2e-4) and got["high"] == pytest.approx(0.99681, abs=2e-4)
    # all of the variance within the groups, their means equal: MSB = 0 -> ICC = -MSW / ((k - 1) MSW) = -1/2
    assert A.icc1([[0, 1, 2], [2, 0, 1], [1, 2, 0]])["icc"] == pytest.approx(-0.5)
    # constant: nothing to explain
    assert A.icc1([[3, 3], [3, 3]])["icc"] != A.icc1([[3, 3], [3, 3]])["icc"]
    with pytest.raises(ValueError, match="at least 2 groups"):
        A.icc1([[1, 2]])
    with pytest.raises(ValueError, match="NaN"):
        A.icc1([[1, NAN], [1, 2]])


def luck_games(wins):
    """Rows shaped like luck's games: ``wins[i][r]`` seat 0's win at seed i, repeat r (seat 1
    wins the others); seat 0 scores 10 for a win, 0 otherwise."""
    rows = []
    for i, per in enumerate(wins):
        for r, w in enumerate(per):
            rows.append({"game": i, "agent_seed": r, "num_players": 2, "win_0": bool(w), "win_1": not w,
                         "score_0": 10 * w, "score_1": 10 * (1 - w)})
    return pd.DataFrame(rows)


def test_icc_by_seed_on_constructed_tables():
    from hotellab.analysis._luck import icc_by_seed

    # the seed decides everything: seat 0 wins every repeat of the even seeds, none of the odd
    # ones -> MSW = 0: ICC 1
    every = icc_by_seed(luck_games([[i % 2] * 4 for i in range(20)])).set_index(["measure", "seat"])
    assert every.loc[("win", 0), "icc"] == 1.0 and every.loc[("score", 1), "icc"] == 1.0
    # the seed decides nothing: wins drawn independently of the seed (fixed generator), 200
    # seeds x 5 repeats -> ICC near 0, its interval holding 0
    import random

    rng = random.Random(5)
    none = icc_by_seed(luck_games([[rng.random() < 0.5 for _ in range(5)] for _ in range(200)]))
    row = none.set_index(["measure", "seat"]).loc[("win", 0)]
    assert abs(row["icc"]) < 0.1 and row["low"] < 0 < row["high"]
    # every seed won exactly twice in 4 repeats: no variance between seeds, ICC = -1/(4 - 1)
    half = icc_by_seed(luck_games([[1, 0, 1, 0] if i % 2 else [0, 1, 0, 1] for i in range(10)]))
    assert half.set_index(["measure", "seat"]).loc[("win", 0), "icc"] == pytest.approx(-1 / 3)


def test_luck_of_a_small_run():
    got = hl.analysis.luck("perfect_hotel", ["random"], n_seeds=6, repeats=3, seed=2, workers=1)
    assert len(got.games) == 18 and sorted(set(got.games["agent_seed"])) == [0, 1, 2]
    # the same 6 game seeds in each repeat
    assert got.games.groupby("agent_seed")["seed"].apply(list).map(tuple).nunique() == 1
    assert list(got.table["measure"]) == ["win", "win", "score", "score"] and list(got.table["seat"]) == [0, 1, 0, 1]
    assert (got.table["seeds"] == 6).all() and (got.table["repeats"] == 3).all()
    assert isinstance(got.figure, go.Figure)
    text = got.summary()
    assert "6 seeds x 3 repeats" in text and "seat 0's win" in text
    assert got._repr_markdown_()


@pytest.mark.parametrize("kwargs, field", [
    (dict(n_seeds=1), "n_seeds"), (dict(n_seeds=2.0), "n_seeds"), (dict(repeats=True), "repeats"),
    (dict(n_games=10), "n_games"), (dict(agent_seed=1), "agent_seed"),
])
def test_luck_refuses_bad_arguments(kwargs, field):
    with pytest.raises(hl.OptionError) as info:
        hl.analysis.luck("perfect_hotel", ["random"], workers=1, **kwargs)
    assert info.value.field == field


# ----------------------------------------------------------------------------- exact Wilson ends
def test_wilson_bounds_are_exact_at_0_and_n():
    # the formula's low bound at 0 successes is centre - half = 0 in exact arithmetic, but
    # 5.6e-17 in floats for n = 3, 2.8e-17 for n = 6: now exactly 0.0; and 1.0 at n of n
    for n in range(1, 201):
        lo, hi = A.wilson_interval(0, n)
        assert lo == 0.0 and 0 < hi < 1
        lo, hi = A.wilson_interval(n, n)
        assert hi == 1.0 and 0 < lo < 1
        for k in range(n + 1):
            lo, hi = A.wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_a_seat_that_never_wins_has_its_fair_share_inside_the_interval():
    # six games nobody wins (Hotel Zombie, everyone eaten): fair share 0 / 12 = 0, each seat
    # 0 of 6 -> Wilson interval 0 .. z²/6 / (1 + z²/6) = 0.6402 / 1.6402 = 39.0%
    t = hand_table(winners=[[]] * 6, scores=[[0, 0]] * 6, game_id="hotel_zombie")
    text = A.balance_report(t).summary()
    assert "Seat 0: wins 0.0% (95% CI 0.0%-39.0%); fair share 0.0% is inside the interval." in text
    assert "Seat 1: wins 0.0% (95% CI 0.0%-39.0%); fair share 0.0% is inside the interval." in text
    assert "OUTSIDE" not in text
    # seat 0 wins all 6: its interval 61.0% .. 100% exactly; the fair share 6 / 12 = 50% is
    # outside both seats' intervals
    text = A.balance_report(hand_table(winners=[[0]] * 6, scores=[[1, 0]] * 6)).summary()
    assert "Seat 0: wins 100.0% (95% CI 61.0%-100.0%); fair share 50.0% is OUTSIDE" in text
    assert "Seat 1: wins 0.0% (95% CI 0.0%-39.0%); fair share 50.0% is OUTSIDE" in text


# ----------------------------------------------------------------------------- metric ranges
def test_metric_intervals_are_clipped_to_the_measures_range():
    """Three games: t(0.975, 2) = 4.302653, sqrt(3) = 1.732051; each t interval is mean ±
    4.302653 · sd / 1.732051 = mean ± 2.48414 · sd, then clipped to the metric's range."""
    t = hand_table(winners=[[0], [0], [1]], scores=[[5, 3], [6, 2], [1, 4]], lengths=[2, 2, 200])
    t["decisive_at"] = [0.9, 1.0, 1.0]  # mean 0.96667, sd 0.057735 -> 0.82324 .. 1.11009
    t["drama"] = [0.0, 0.0, 0.5]  # mean 0.16667, sd 0.288675 -> -0.55044 .. 0.88378
    t["branching"] = [1.0, 1.0, 1.5]  # mean 1.16667, sd 0.288675 -> 0.44956 .. 1.88378
    t["forced_share"] = [0.0, 0.0, 0.9]  # mean 0.3, sd 0.519615 -> -0.99079 .. 1.59079
    t["lead_changes"] = [0, 0, 3]  # mean 1, sd 1.732051 -> -3.30265 .. 5.30265
    m = A.designer_metrics(t).set_index("metric")
    want = {
        # seat 0 minus seat 1 per game: 1, 1, -1 -> mean 1/3, sd 1.154701 -> -2.53509 .. 3.20176
        "first_seat_advantage": (-1.0, 1.0),
        "decisiveness": (0.82324, 1.0),
        "drama": (0.0, 0.88378),
        "branching": (1.0, 1.88378),
        "forced_share": (0.0, 1.0),
        "lead_changes": (0.0, 5.30265),
        # lengths 2, 2, 200: mean 68, sd 114.315 -> -215.98 .. 351.98; decisions 1, 1, 199 alike
        "length": (0.0, 351.98), "decisions": (0.0, 350.98),
    }
    for name, (lo, hi) in want.items():
        tol = 1e-2 if name in ("length", "decisions") else 1e-4
        assert (m.loc[name, "low"], m.loc[name, "high"]) == pytest.approx((lo, hi), abs=tol), name
    # the value itself is not clipped (it lies in the range already)
    assert m.loc["first_seat_advantage", "value"] == pytest.approx(1 / 3)
    from hotellab.analysis._metrics import RANGES

    for name, r in m.iterrows():
        lo, hi = RANGES[name]
        if r["low"] == r["low"]:
            assert lo <= r["low"] <= r["value"] <= r["high"] <= hi, name
    assert "range -1 to 1 (its 95% interval is clipped to it)" in m.loc["first_seat_advantage", "definition"]
    assert "range >= 1" in m.loc["branching", "definition"] and "range 0 to 1" in m.loc["decisiveness", "definition"]
    assert "range >= 0" in m.loc["drama", "definition"]
    text = "\n".join(A.balance_report(t).summary().splitlines())
    assert ("- First-seat advantage (seat 0's win rate minus the others'): +33.3% (95% CI -100.0% to "
            "+100.0%, t).") in text


# ----------------------------------------------------------------------------- the table argument
TABLE_TAKERS = ["balance_report", "designer_metrics", "win_rates", "seat_table", "first_player_advantage",
                "config_of", "fair_share", "score_distributions", "game_length", "category_shares"]


@pytest.mark.parametrize("name", TABLE_TAKERS)
@pytest.mark.parametrize("bad, word", [(None, "None"), ([1, 2], "list"), ({"win_0": [True]}, "dict")])
def test_an_analysis_given_no_table_says_what_it_takes(name, bad, word):
    with pytest.raises(hl.OptionError) as info:
        getattr(A, name)(bad)
    assert str(info.value) == f"{name} takes a simulation table (a pandas DataFrame from hl.simulate), got {word}"
    assert info.value.field == "table"


def test_a_dataframe_that_is_no_simulation_table_is_refused_by_name():
    with pytest.raises(hl.OptionError, match="balance_report takes a simulation table .*; this DataFrame has no "
                                             "columns game_id, num_players, seats, win_0"):
        A.balance_report(pd.DataFrame({"x": [1, 2]}))
    t = hand_table(**FOUR)
    for a, b, field in ((None, t, "a"), (t, [1], "b")):
        with pytest.raises(hl.OptionError) as info:
            A.compare(a, b)
        assert info.value.field == field and "compare takes a simulation table" in str(info.value)


# ----------------------------------------------------------------------------- luck, interrupted
def interrupted_repeats(monkeypatch, at: int, keep, how="attrs"):
    """hotellab.testing.interrupt_simulate recording the agent_seed of each call (one call per repeat)."""
    return interrupt_simulate(monkeypatch, at, keep, how, record=lambda args, kwargs: kwargs.get("agent_seed"))


def test_an_interrupted_luck_run_uses_the_seeds_with_a_game_in_every_repeat(monkeypatch):
    from hotellab.analysis._luck import icc_by_seed

    whole = hl.analysis.luck("perfect_hotel", ["random"], n_seeds=6, repeats=3, seed=2, workers=1)
    calls = interrupted_repeats(monkeypatch, 2, keep={0, 2, 3, 5})
    with pytest.warns(RuntimeWarning, match=r"luck: interrupted; 10 of 18 games finished; computed from 4 seeds "
                                            r"x 2 repeats \(2 games of other seeds left out\)"):
        got = hl.analysis.luck("perfect_hotel", ["random"], n_seeds=6, repeats=3, seed=2, workers=1)
    assert calls == [0, 1]  # repeat 2 never started
    assert got.interrupted and not whole.interrupted and (got.n_seeds, got.repeats) == (4, 2)
    # the same as the ICC of the uninterrupted run's games of seeds 0, 2, 3, 5 in repeats 0 and 1
    g = whole.games
    want = icc_by_seed(g[g["game"].isin({0, 2, 3, 5}) & (g["agent_seed"] < 2)])
    pd.testing.assert_frame_equal(got.table, want)
    assert len(got.games) == 8 and (got.table["seeds"] == 4).all() and (got.table["repeats"] == 2).all()
    assert "Interrupted (Ctrl-C): 10 of 6 x 3 games finished; computed from the 4 seeds" in got.summary()


def test_a_keyboard_interrupt_between_repeats_keeps_the_finished_repeats(monkeypatch):
    interrupted_repeats(monkeypatch, 3, keep=None, how="raise")
    with pytest.warns(RuntimeWarning, match="12 of 18 games finished; computed from 6 seeds x 2 repeats"):
        got = hl.analysis.luck("perfect_hotel", ["random"], n_seeds=6, repeats=3, seed=2, workers=1)
    assert got.interrupted and (got.n_seeds, got.repeats) == (6, 2) and len(got.games) == 12


@pytest.mark.parametrize("at, keep, words", [
    (1, {0, 1, 2}, "3 of 18 games finished (1 repeat with games, 3 seeds"),  # one repeat: no variance within
    (2, {4}, "7 of 18 games finished (2 repeats with games, 1 seed with"),  # one seed in both repeats
])
def test_too_little_finished_for_an_icc_is_a_clear_error(monkeypatch, at, keep, words):
    from hotellab.analysis._luck import LuckInterrupted

    interrupted_repeats(monkeypatch, at, keep)
    with pytest.raises(LuckInterrupted) as info:
        hl.analysis.luck("perfect_hotel", ["random"], n_seeds=6, repeats=3, seed=2, workers=1)
    assert "luck: interrupted; " + words in str(info.value) and "at least 2 seeds" in str(info.value)
    assert len(info.value.games) == int(words.split()[0]) and isinstance(info.value, RuntimeError)
