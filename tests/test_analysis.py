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
