"""Balance analytics over a simulation table (:func:`hotellab.simulate`), each answer a pandas
table plus a plotly ``go.Figure``.

>>> import hotellab as hl
>>> table = hl.simulate("perfect_hotel", ["random"], n_games=40, seed=1, workers=1, progress=False)
>>> report = hl.analysis.balance_report(table)
>>> list(report.win_rates["seat"])
[0, 1]

- :func:`wilson_interval` — the 95% Wilson score interval of a proportion;
- :func:`check_table` — the check every function here makes of its table argument (a
  pandas DataFrame from :func:`hotellab.simulate`; anything else is an OptionError);
- :func:`seat_table` — the table in long form, one row per (game, seat);
- :func:`win_rates` — win rates per seat (or agent, or both) with Wilson intervals;
  :func:`first_player_advantage` — seat 0 against the others, with tests;
- :func:`score_distributions`, :func:`game_length`, :func:`category_shares`;
- :func:`compare` — two tables (two option sets or line-ups) side by side with significance
  tests;
- :func:`designer_metrics` — the designer's metrics (first-seat advantage, draws, length and
  its spread, lead changes, decisiveness, drama, branching factor, forced decisions), each
  with a 95% interval and its definition; :func:`icc1` — the intra-class correlation ICC(1);
- :func:`balance_report` — all of the above for one table;
- :func:`luck` — how much of the outcome the seed explains (games replayed per seed with the
  agents' own random choices varied).

A win is a seat among ``winners`` (ties share: every tied seat wins). Win rates of the
seats of a game therefore add up to the mean number of winners per game. The *fair share*
(:func:`fair_share`) is the mean win rate of the player seats: what each of them would have
if no seat had an advantage.

Needs pandas and scipy (``pip install "hotellab[sim]"``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from ..sim import require
from ._luck import Luck, luck
from ._metrics import designer_metrics, icc1, metrics_lines
from ._stats import Z95, check_table, wilson_interval  # noqa: F401 - Z95 re-exported
from .skill import SkillMatrix, skill_matrix
from .tutor import MoveCost, costly_moves, move_cost

__all__ = [
    "wilson_interval", "seat_table", "win_rates", "first_player_advantage", "score_distributions",
    "game_length", "category_shares", "compare", "balance_report", "BalanceReport", "Comparison",
    "config_of", "fair_share", "skill_matrix", "SkillMatrix", "costly_moves", "move_cost", "MoveCost",
    "designer_metrics", "icc1", "luck", "Luck", "check_table",
]


def config_of(table) -> dict:
    """The game configuration of a table: ``game_id``, ``num_players``, ``options`` (dict),
    ``seats``, ``games`` and ``lineups`` (the distinct line-ups, in order of first use).
    Raises ValueError when the table mixes games, player counts or option sets (split it with
    ``table.groupby(["game_id", "num_players", "options"])``) or has no rows; OptionError
    (field ``table``) for anything but a simulation table (:func:`check_table`)."""
    check_table(table, "config_of")
    if len(table) == 0:
        raise ValueError("the table has no games")
    keys = table[["game_id", "num_players", "options"]].drop_duplicates()
    if len(keys) > 1:
        shown = "; ".join(f"{r.game_id} {r.num_players}p {r.options}" for r in keys.itertuples())
        raise ValueError(f"the table mixes {len(keys)} game configurations ({shown}); analyse one at a "
                         "time or use compare(a, b)")
    r = keys.iloc[0]
    return {"game_id": r["game_id"], "num_players": int(r["num_players"]), "options": json.loads(r["options"]),
            "seats": int(table["seats"].iloc[0]), "games": len(table),
            "lineups": list(dict.fromkeys(table["lineup"]))}


def seat_table(table):
    """The table in long form: one row per (game, seat) with ``game``, ``seat``, ``agent``,
    ``score``, ``win`` (bool), ``n_winners``, ``lineup``. OptionError (field ``table``) for
    anything but a simulation table."""
    pd = require("pandas", "sim", "hotellab.analysis")
    check_table(table, "seat_table")
    seats = int(table["seats"].iloc[0]) if len(table) else 0
    parts = []
    for s in range(seats):
        parts.append(pd.DataFrame({
            "game": table["game"].to_numpy(), "seat": s, "agent": table[f"agent_{s}"].to_numpy(),
            "score": table[f"score_{s}"].to_numpy(), "win": table[f"win_{s}"].to_numpy(dtype=bool),
            "n_winners": table["n_winners"].to_numpy(), "lineup": table["lineup"].to_numpy(),
        }))
    if not parts:
        return pd.DataFrame(columns=["game", "seat", "agent", "score", "win", "n_winners", "lineup"])
    return pd.concat(parts, ignore_index=True)


def fair_share(table) -> float:
    """The win rate every player seat would have if no seat had an advantage: the player
    seats' wins over ``games x num_players`` (a non-human seat's wins, such as Hostil Hostal's
    automata, are left out: they are not shared among the players). NaN for no games.
    OptionError (field ``table``) for anything but a simulation table."""
    check_table(table, "fair_share")
    players = int(table["num_players"].iloc[0]) if len(table) else 0
    if not players:
        return float("nan")
    wins = sum(int(table[f"win_{s}"].sum()) for s in range(players))
    return wins / (len(table) * players)


def win_rates(table, by="seat", confidence: float = 0.95):
    """Win rates with Wilson intervals: one row per ``by`` group ("seat", "agent" or
    ["seat", "agent"]) with ``games``, ``wins``, ``rate``, ``low``, ``high`` (the interval at
    ``confidence``) and ``fair`` (the fair share, see the module notes). OptionError (field
    ``table``) for anything but a simulation table."""
    pd = require("pandas", "sim", "hotellab.analysis")
    check_table(table, "win_rates")
    long = seat_table(table)
    keys = [by] if isinstance(by, str) else list(by)
    fair = fair_share(table)
    rows = []
    for key, g in long.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        n, k = len(g), int(g["win"].sum())
        lo, hi = wilson_interval(k, n, confidence)
        rows.append({**dict(zip(keys, key)), "games": n, "wins": k, "rate": k / n if n else float("nan"),
                     "low": lo, "high": hi, "fair": fair})
    return pd.DataFrame(rows)


def first_player_advantage(table) -> dict:
    """Seat 0 (the first player) against the other player seats.

    Returns a dict: ``rate`` (seat 0's win rate), ``low``/``high`` (its Wilson 95% interval),
    ``others`` (the mean win rate of seats 1.. of the players), ``advantage`` (``rate -
    others``), ``fair`` (fair share), ``p_value`` (two-sided exact binomial test of seat 0's
    wins against the fair share, scipy.stats.binomtest), ``chi2_p_value`` (chi-square test
    that the player seats win equally often, scipy.stats.chisquare; NaN with no wins).

    Only player seats count: a non-human seat (Hostil Hostal's automata) is not a player
    whose turn order could matter. OptionError (field ``table``) for anything but a
    simulation table.
    """
    stats = require("scipy.stats", "sim", "first_player_advantage")
    check_table(table, "first_player_advantage")
    players = int(table["num_players"].iloc[0])
    n = len(table)
    wins = [int(table[f"win_{s}"].sum()) for s in range(players)]
    fair = fair_share(table)
    lo, hi = wilson_interval(wins[0], n)
    rate = wins[0] / n
    others = sum(wins[1:]) / (n * (players - 1)) if players > 1 else float("nan")
    p = stats.binomtest(wins[0], n, min(max(fair, 1e-12), 1 - 1e-12)).pvalue if n else float("nan")
    chi = stats.chisquare(wins).pvalue if sum(wins) and players > 1 else float("nan")
    return {"rate": rate, "low": lo, "high": hi, "others": others, "advantage": rate - others,
            "fair": fair, "p_value": float(p), "chi2_p_value": float(chi), "games": n}


def score_distributions(table):
    """Score summary per (seat, agent): ``mean``, ``std``, ``min``, ``p25``, ``median``,
    ``p75``, ``max`` and ``games``. OptionError (field ``table``) for anything but a
    simulation table."""
    check_table(table, "score_distributions")
    long = seat_table(table)
    g = long.groupby(["seat", "agent"], sort=True)["score"]
    out = g.describe(percentiles=[0.25, 0.5, 0.75]).rename(
        columns={"count": "games", "25%": "p25", "50%": "median", "75%": "p75"}).reset_index()
    out["games"] = out["games"].astype("int64")
    return out[["seat", "agent", "games", "mean", "std", "min", "p25", "median", "p75", "max"]]


def game_length(table):
    """Game length: one row each for ``length`` (actions, chance included) and ``decisions``
    with ``mean``, ``std``, ``min``, ``p5``, ``median``, ``p95``, ``max``. OptionError (field
    ``table``) for anything but a simulation table."""
    pd = require("pandas", "sim", "hotellab.analysis")
    check_table(table, "game_length")
    rows = []
    for col in ("length", "decisions"):
        x = table[col]
        rows.append({"measure": col, "mean": x.mean(), "std": x.std(), "min": x.min(),
                     "p5": x.quantile(0.05), "median": x.median(), "p95": x.quantile(0.95), "max": x.max()})
    return pd.DataFrame(rows)


def category_shares(table):
    """Each score-breakdown category's part of the points: one row per category with
    ``points`` (all seats, all games), ``per_game`` (mean points per seat per game),
    ``share`` (``|points|`` over the sum of ``|points|`` of every category: how much of the
    scoring goes through the category, penalties included) and ``sign``. Empty (no rows) for
    a game whose breakdown lists no categories. OptionError (field ``table``) for anything but
    a simulation table."""
    pd = require("pandas", "sim", "hotellab.analysis")
    check_table(table, "category_shares")
    cols = [c for c in table.columns if c.startswith("points_")]
    seats = int(table["seats"].iloc[0]) if len(table) else 1
    totals: dict = {}
    for c in cols:
        cat = c.split("|", 1)[1]
        totals[cat] = totals.get(cat, 0) + float(table[c].sum())
    whole = sum(abs(v) for v in totals.values())
    rows = [{"category": k, "points": v, "per_game": v / (len(table) * seats) if len(table) else float("nan"),
             "share": abs(v) / whole if whole else 0.0, "sign": "+" if v >= 0 else "-"}
            for k, v in totals.items()]
    out = pd.DataFrame(rows, columns=["category", "points", "per_game", "share", "sign"])
    return out.sort_values(["share", "category"], ascending=[False, True], ignore_index=True)


# ----------------------------------------------------------------------------- comparison
@dataclass
class Comparison:
    """Two tables side by side. ``table``: one row per measure (each player seat's win rate,
    each seat's mean score, the mean length) with both values, the difference ``b - a``, the
    test used and its ``p_value``; ``figure``: the seats' win rates with Wilson intervals."""

    labels: tuple
    table: object
    figure: object

    def significant(self, alpha: float = 0.05):
        """The rows whose p-value is below ``alpha``."""
        return self.table[self.table["p_value"] < alpha]

    def _repr_html_(self) -> str:
        return (f"<b>{self.labels[0]}</b> vs <b>{self.labels[1]}</b>"
                + self.table.to_html(index=False, float_format=lambda x: f"{x:.4g}"))


def compare(a, b, labels=("A", "B")) -> Comparison:
    """Compare two simulation tables of the same game (e.g. two option sets, or two agent
    line-ups): each seat's win rate (chi-square test of independence on the 2x2 wins/losses
    table, Fisher's exact test when an expected count is under 5), each seat's score
    (Mann-Whitney U, two-sided) and the game length (Mann-Whitney U). The tables may differ in
    options and line-ups, not in game or seat count. Raises ValueError otherwise; OptionError
    (field ``a`` or ``b``) for anything but a simulation table."""
    pd = require("pandas", "sim", "hotellab.analysis.compare")
    stats = require("scipy.stats", "sim", "hotellab.analysis.compare")
    check_table(a, "compare", "a")
    check_table(b, "compare", "b")
    if len(a) == 0 or len(b) == 0:
        raise ValueError("compare: both tables need games")
    if a["game_id"].iloc[0] != b["game_id"].iloc[0] or int(a["seats"].iloc[0]) != int(b["seats"].iloc[0]):
        raise ValueError(f"compare: the tables are of different games or seat counts "
                         f"({a['game_id'].iloc[0]} {a['seats'].iloc[0]} seats vs "
                         f"{b['game_id'].iloc[0]} {b['seats'].iloc[0]} seats)")
    seats = int(a["seats"].iloc[0])
    rows = []
    for s in range(seats):
        ka, kb = int(a[f"win_{s}"].sum()), int(b[f"win_{s}"].sum())
        na, nb = len(a), len(b)
        cont = [[ka, na - ka], [kb, nb - kb]]
        if (ka == 0 and kb == 0) or (ka == na and kb == nb):
            p, test = 1.0, "none (no variation)"
        else:
            chi = stats.chi2_contingency(cont)
            if (chi.expected_freq < 5).any():
                p, test = float(stats.fisher_exact(cont).pvalue), "Fisher exact"
            else:
                p, test = float(chi.pvalue), "chi-square"
        rows.append({"measure": f"win rate seat {s}", "a": ka / na, "b": kb / nb, "difference": kb / nb - ka / na,
                     "test": test, "p_value": p})
    for s in range(seats):
        xa, xb = a[f"score_{s}"], b[f"score_{s}"]
        p = float(stats.mannwhitneyu(xa, xb, alternative="two-sided").pvalue) if xa.nunique() + xb.nunique() > 2 else 1.0
        rows.append({"measure": f"score seat {s}", "a": float(xa.mean()), "b": float(xb.mean()),
                     "difference": float(xb.mean() - xa.mean()), "test": "Mann-Whitney U", "p_value": p})
    xa, xb = a["length"], b["length"]
    p = float(stats.mannwhitneyu(xa, xb, alternative="two-sided").pvalue) if xa.nunique() + xb.nunique() > 2 else 1.0
    rows.append({"measure": "length", "a": float(xa.mean()), "b": float(xb.mean()),
                 "difference": float(xb.mean() - xa.mean()), "test": "Mann-Whitney U", "p_value": p})
    out = pd.DataFrame(rows)
    from ._figures import comparison_figure

    fig = comparison_figure(win_rates(a), win_rates(b), labels)
    return Comparison(tuple(labels), out, fig)


# ----------------------------------------------------------------------------- the report
@dataclass
class BalanceReport:
    """Everything :func:`balance_report` finds for one game configuration.

    ``config`` (see :func:`config_of`), ``win_rates`` (per seat), ``win_rates_by_agent``
    (per seat and agent), ``first_player`` (:func:`first_player_advantage`), ``scores``
    (:func:`score_distributions`), ``length`` (:func:`game_length`), ``categories``
    (:func:`category_shares`), ``figures``: name -> plotly ``go.Figure`` ("win_rates",
    "scores", "length", and "categories" when the game has breakdown categories) and
    ``metrics`` (:func:`designer_metrics`: one row per designer's metric with its 95%
    interval and definition).
    """

    config: dict
    win_rates: object
    win_rates_by_agent: object
    first_player: dict
    scores: object
    length: object
    categories: object
    figures: dict = field(default_factory=dict)
    metrics: object = None

    def summary(self) -> str:
        """A few sentences answering "is there a seat advantage with these agents?"."""
        c, fp = self.config, self.first_player
        lines = [f"{c['game_id']}, {c['num_players']} players, {c['games']} games, "
                 f"line-up{'s' if len(c['lineups']) > 1 else ''} {' / '.join(c['lineups'])}."]
        for r in self.win_rates.itertuples():
            if r.seat >= c["num_players"]:
                lines.append(f"Seat {r.seat} (not a player: it plays itself): wins {r.rate:.1%} "
                             f"(95% CI {r.low:.1%}-{r.high:.1%}).")
                continue
            inside = r.low <= r.fair <= r.high
            lines.append(f"Seat {r.seat}: wins {r.rate:.1%} (95% CI {r.low:.1%}-{r.high:.1%}); fair share "
                         f"{r.fair:.1%} is {'inside' if inside else 'OUTSIDE'} the interval.")
        verdict = ("no evidence of a seat advantage" if not fp["chi2_p_value"] < 0.05
                   else "the player seats do not win equally often")
        lines.append(f"First player: {fp['advantage']:+.1%} against the other seats (binomial p = "
                     f"{fp['p_value']:.3g}); seats equal: chi-square p = {fp['chi2_p_value']:.3g} -> {verdict} "
                     "at the 5% level.")
        ln = self.length.set_index("measure")
        lines.append(f"Length: median {ln.loc['length', 'median']:.0f} actions "
                     f"({ln.loc['decisions', 'median']:.0f} decisions).")
        if self.metrics is not None:
            more = metrics_lines(self.metrics)
            if more:
                lines.append("Designer's metrics (with these agents):")
                lines += more
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return "\n\n".join(self.summary().splitlines())


def balance_report(table) -> BalanceReport:
    """Seat win rates with 95% Wilson intervals and first-player advantage, score distributions
    per seat and agent, game length and each breakdown category's share of the points, with a
    plotly figure each, and the designer's metrics (:func:`designer_metrics`, ``.metrics``),
    for a table of one game configuration (any line-ups). A table made before the designer's
    columns existed still reports: those metrics are NaN. Raises
    ValueError for an empty table or one that mixes configurations (:func:`config_of`);
    OptionError (a ValueError, field ``table``) for anything but a simulation table, e.g.
    None or a list ("balance_report takes a simulation table (a pandas DataFrame from
    hl.simulate), got list"); ImportError naming ``hotellab[sim]`` without pandas/scipy."""
    check_table(table, "balance_report")
    from ._figures import categories_figure, length_figure, scores_figure, win_rates_figure

    config = config_of(table)
    wr = win_rates(table)
    by_agent = win_rates(table, by=["seat", "agent"])
    cats = category_shares(table)
    figures = {
        "win_rates": win_rates_figure(wr, by_agent, config),
        "scores": scores_figure(seat_table(table), config),
        "length": length_figure(table, config),
    }
    if len(cats):
        figures["categories"] = categories_figure(cats, config)
    return BalanceReport(config=config, win_rates=wr, win_rates_by_agent=by_agent,
                         first_player=first_player_advantage(table), scores=score_distributions(table),
                         length=game_length(table), categories=cats, figures=figures,
                         metrics=designer_metrics(table))
