"""The designer's metrics of a simulation table (issue 21): one row per metric with its value,
a 95% interval and its definition, after Browne's criteria as Ludii measures them and TAG's
game metrics (the sources are listed in docs/simulate.md, "Designer's metrics").

Per-game columns come from :func:`hotellab.simulate` (``branching``, ``forced_share``,
``lead_changes``, ``decisive_at``, ``drama``, see
:func:`hotellab.sim._worker.trajectory_measures`); a table made before they existed gives NaN
for the metrics that need them.
"""

from __future__ import annotations

import math

from ..sim import require
from ._stats import check_table, wilson_interval

BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 0

# name, source, definition (the interval method is set where the value is computed)
METRICS = (
    ("first_seat_advantage", "Browne 2008; Ludii: Balance / first-player advantage",
     "seat 0's win rate minus the mean win rate of the other player seats (-1..1; 0: no advantage)"),
    ("draw_rate", "Browne 2008; Ludii: Drawishness",
     "share of games won by more than one player seat (a shared win, every tied seat winning)"),
    ("no_winner_rate", "Ludii: Drawishness (a game without a winner)",
     "share of games that no player seat wins (everyone loses, or only a seat that plays itself "
     "such as Hostil Hostal's automata wins)"),
    ("length", "Browne 2008; Ludii: Duration; TAG: game length",
     "mean actions per game, chance outcomes included"),
    ("length_cv", "Browne 2008: Duration (its spread)",
     "coefficient of variation of the length: standard deviation over mean"),
    ("decisions", "Ludii: Duration (moves); TAG: decisions per game",
     "mean decisions per game (actions a player seat chose)"),
    ("decisions_cv", "Browne 2008: Duration (its spread)",
     "coefficient of variation of the decisions per game"),
    ("lead_changes", "Browne 2008; Ludii: Lead Change",
     "mean times per game that a player seat other than the last sole leader (highest score "
     "among the player seats, sampled after each decision) takes the lead alone; ties leave the "
     "lead where it was"),
    ("decisiveness", "Browne 2008; Ludii: Decisiveness; TAG",
     "mean fraction of a game's decisions (0..1) after which a winner is among the leaders for "
     "good (column decisive_at), over the games a player seat wins; lower: decided earlier"),
    ("drama", "Browne 2008; Ludii: Drama",
     "mean of the winners' worst score deficit to the leader during the game (column drama, in "
     "the game's score units), over the games a player seat wins; 0: the winner always led"),
    ("branching", "Ludii: Branching Factor; TAG: action space size",
     "mean legal actions per decision (each game's mean, games weighted equally)"),
    ("forced_share", "TAG: action space size 1 (forced moves)",
     "mean share of a game's decisions with a single legal action"),
)

RANGES = {
    "first_seat_advantage": (-1.0, 1.0), "draw_rate": (0.0, 1.0), "no_winner_rate": (0.0, 1.0),
    "length": (0.0, math.inf), "length_cv": (0.0, math.inf), "decisions": (0.0, math.inf),
    "decisions_cv": (0.0, math.inf), "lead_changes": (0.0, math.inf), "decisiveness": (0.0, 1.0),
    "drama": (0.0, math.inf), "branching": (1.0, math.inf), "forced_share": (0.0, 1.0),
}
"""Each metric's range ``(low, high)``: its value lies in it, and its 95% interval is clipped
to it (a t interval of few games can reach past it, e.g. a first-seat advantage of -2)."""


def _range_text(name: str) -> str:
    lo, hi = RANGES[name]
    what = f"{lo:g} to {hi:g}" if hi < math.inf else f">= {lo:g}"
    return f"; range {what} (its 95% interval is clipped to it)"


COLUMNS = ["metric", "value", "low", "high", "interval", "games", "source", "definition"]


def t_interval(values) -> tuple[float, float, float, int]:
    """``(mean, low, high, n)`` of the finite ``values``: the mean and its 95% Student t
    interval (``mean ± t(0.975, n - 1) · sd / sqrt(n)``). NaN bounds for fewer than 2 values,
    NaN everything for none."""
    stats = require("scipy.stats", "sim", "hotellab.analysis")
    xs = [float(v) for v in values if v == v and not math.isinf(float(v))]
    n = len(xs)
    if not n:
        return (math.nan, math.nan, math.nan, 0)
    mean = sum(xs) / n
    if n < 2:
        return (mean, math.nan, math.nan, n)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = float(stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return (mean, mean - half, mean + half, n)


def cv_interval(values) -> tuple[float, float, float, int]:
    """``(cv, low, high, n)``: the coefficient of variation (sample standard deviation over
    the mean) of ``values`` and its 95% percentile bootstrap interval (1,000 resamples of the
    games, generator seeded with 0, so the same table gives the same interval). NaN when the
    mean is 0 or there are fewer than 2 values."""
    np = require("numpy", "sim", "hotellab.analysis")
    x = np.asarray([float(v) for v in values if v == v], dtype=float)
    n = len(x)
    if n < 2 or x.mean() == 0:
        return (math.nan, math.nan, math.nan, n)
    cv = float(x.std(ddof=1) / x.mean())
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    out = []
    chunk = max(1, min(BOOTSTRAP_RESAMPLES, 2_000_000 // n))  # at most ~2M indices at a time
    left = BOOTSTRAP_RESAMPLES
    while left:
        m = min(chunk, left)
        s = x[rng.integers(0, n, size=(m, n))]
        out.append(s.std(axis=1, ddof=1) / s.mean(axis=1))
        left -= m
    boot = np.concatenate(out)
    lo, hi = np.nanpercentile(boot, [2.5, 97.5])
    return (cv, float(lo), float(hi), n)


def clip_interval(name: str, low: float, high: float) -> tuple[float, float]:
    """``(low, high)`` clipped to the range of metric ``name`` (:data:`RANGES`); NaN stays NaN."""
    lo, hi = RANGES[name]
    return (low if low != low else min(max(low, lo), hi), high if high != high else min(max(high, lo), hi))


def designer_metrics(table):
    """The designer's metrics of a table of one game configuration (see :func:`hotellab.simulate`):
    a pandas DataFrame with one row per metric, in this order: ``first_seat_advantage``,
    ``draw_rate``, ``no_winner_rate``, ``length``, ``length_cv``, ``decisions``,
    ``decisions_cv``, ``lead_changes``, ``decisiveness``, ``drama``, ``branching``,
    ``forced_share``.

    Columns: ``metric``; ``value``; ``low``/``high`` its 95% interval; ``interval`` how it is
    computed ("t": Student t interval of a mean over the games; "Wilson": Wilson score
    interval of a proportion of games; "bootstrap": percentile bootstrap, 1,000 resamples of
    the games, seeded), each interval clipped to the metric's range (:data:`RANGES`, also
    said at the end of its ``definition``: first_seat_advantage -1..1; draw_rate,
    no_winner_rate, decisiveness and forced_share 0..1; branching >= 1; the others >= 0);
    ``games`` the games it is computed over (decisiveness and drama: the
    games a player seat wins); ``source`` (Browne 2008, Ludii's metrics, TAG); ``definition``.

    A metric whose column the table lacks (a table made before hotellab recorded it, e.g. an
    older Parquet file) has NaN values and 0 games; so has one with no game to measure
    (decisiveness when no player seat ever wins). Raises ValueError for an empty table;
    OptionError (field ``table``) for anything but a simulation table.
    """
    pd = require("pandas", "sim", "hotellab.analysis")
    check_table(table, "designer_metrics")
    if len(table) == 0:
        raise ValueError("the table has no games")
    players = int(table["num_players"].iloc[0])
    n = len(table)
    nan = math.nan
    cols = set(table.columns)
    got: dict = {}

    wins = [table[f"win_{s}"].to_numpy(dtype=bool) for s in range(players)]
    if players > 1:
        others = sum(w.astype(float) for w in wins[1:]) / (players - 1)
        got["first_seat_advantage"] = (*t_interval(wins[0].astype(float) - others)[:3], "t", n)
    winning = sum(w.astype(int) for w in wins)  # player seats that won, per game
    shared = int((winning > 1).sum())
    nobody = int((winning == 0).sum())
    for name, k in (("draw_rate", shared), ("no_winner_rate", nobody)):
        lo, hi = wilson_interval(k, n)
        got[name] = (k / n, lo, hi, "Wilson", n)  # exact 0 / 1 at the ends
    for col in ("length", "decisions"):
        if col in cols:
            v, lo, hi, k = t_interval(table[col])
            got[col] = (v, lo, hi, "t", k)
            v, lo, hi, k = cv_interval(table[col])
            got[f"{col}_cv"] = (v, lo, hi, "bootstrap", k)
    for metric, col in (("lead_changes", "lead_changes"), ("decisiveness", "decisive_at"), ("drama", "drama"),
                        ("branching", "branching"), ("forced_share", "forced_share")):
        if col in cols:
            v, lo, hi, k = t_interval(pd.to_numeric(table[col], errors="coerce"))
            got[metric] = (v, lo, hi, "t", k)
    rows = []
    for name, source, definition in METRICS:
        v, lo, hi, how, k = got.get(name, (nan, nan, nan, "", 0))
        lo, hi = clip_interval(name, lo, hi)
        rows.append({"metric": name, "value": v, "low": lo, "high": hi, "interval": how if k else "",
                     "games": int(k), "source": source, "definition": definition + _range_text(name)})
    return pd.DataFrame(rows, columns=COLUMNS)


def metrics_lines(metrics) -> list[str]:
    """The metrics that have a value, one sentence each, for a report's summary."""
    pct = {"first_seat_advantage", "draw_rate", "no_winner_rate", "forced_share"}
    words = {
        "first_seat_advantage": "First-seat advantage (seat 0's win rate minus the others')",
        "draw_rate": "Draw rate (games won by more than one player seat)",
        "no_winner_rate": "No winner (games no player seat wins)",
        "length": "Length (actions per game)",
        "length_cv": "Length's coefficient of variation",
        "decisions": "Decisions per game",
        "decisions_cv": "Decisions' coefficient of variation",
        "lead_changes": "Lead changes per game",
        "decisiveness": "Decisiveness (share of the decisions after which the winner leads for good)",
        "drama": "Drama (the winner's worst deficit, in score units)",
        "branching": "Branching factor (legal actions per decision)",
        "forced_share": "Forced decisions (a single legal action)",
    }
    out = []
    for r in metrics.itertuples():
        if not r.value == r.value:
            continue

        def f(x, name=r.metric):
            if not x == x:
                return "n/a"
            return f"{x:+.1%}" if name == "first_seat_advantage" else f"{x:.1%}" if name in pct else f"{x:.3g}"

        ci = f" (95% CI {f(r.low)} to {f(r.high)}, {r.interval})" if r.low == r.low else ""
        out.append(f"- {words.get(r.metric, r.metric)}: {f(r.value)}{ci}.")
    return out


def icc1(data) -> dict:
    """The one-way random-effects intraclass correlation ICC(1) (Shrout & Fleiss 1979, ICC(1,1))
    of ``data``: ``n`` groups (rows) of ``k`` measurements each (a 2-D array-like, ``n >= 2``,
    ``k >= 2``, finite numbers), the share of the variance that lies between the groups:

        ICC(1) = (MSB - MSW) / (MSB + (k - 1) MSW)

    with MSB and MSW the between- and within-group mean squares of the one-way ANOVA. Near 1:
    the group decides the value (all of the variance is between groups); near 0: it does not
    (it can fall below 0, down to ``-1 / (k - 1)``, by chance).

    Returns a dict: ``icc``, ``low``/``high`` (its 95% interval from the F distribution,
    McGraw & Wong 1996, case 1), ``f`` (MSB / MSW), ``p_value`` (one-sided F test that the
    groups differ), ``msb``, ``msw``, ``groups`` (n), ``per_group`` (k), ``mean``. With no
    variance at all every value but the mean is NaN; with none within the groups but some
    between them, ICC = 1 (interval 1 to 1, p = 0).

    Raises ValueError for a ragged, non-numeric or too small array.

    >>> round(icc1([[1, 1], [0, 0], [1, 1], [0, 0]])["icc"], 3)
    1.0
    >>> round(icc1([[1, 0], [0, 1], [1, 0], [0, 1]])["icc"], 3)
    -1.0
    """
    np = require("numpy", "sim", "hotellab.analysis.icc1")
    stats = require("scipy.stats", "sim", "hotellab.analysis.icc1")
    try:
        x = np.asarray(data, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"icc1: data must be n groups of k numbers each (a 2-D array), got {exc}") from None
    if x.ndim != 2 or x.shape[0] < 2 or x.shape[1] < 2:
        raise ValueError(f"icc1: data must be at least 2 groups of at least 2 numbers each, got shape {x.shape}")
    if not np.isfinite(x).all():
        raise ValueError("icc1: data holds NaN or infinite values")
    n, k = x.shape
    grand = float(x.mean())
    means = x.mean(axis=1)
    msb = float(k * ((means - grand) ** 2).sum() / (n - 1))
    msw = float(((x - means[:, None]) ** 2).sum() / (n * (k - 1)))
    nan = math.nan
    out = {"icc": nan, "low": nan, "high": nan, "f": nan, "p_value": nan, "msb": msb, "msw": msw,
           "groups": n, "per_group": k, "mean": grand}
    tol = 1e-12 * max(1.0, grand * grand)  # rounding of constant values is not variance
    if msb <= tol and msw <= tol:
        return out
    if msw <= tol:
        out.update(icc=1.0, low=1.0, high=1.0, f=math.inf, p_value=0.0)
        return out
    df1, df2 = n - 1, n * (k - 1)
    f = msb / msw
    fl = f / float(stats.f.ppf(0.975, df1, df2))
    fu = f * float(stats.f.ppf(0.975, df2, df1))
    out.update(icc=(msb - msw) / (msb + (k - 1) * msw), low=(fl - 1) / (fl + k - 1), high=(fu - 1) / (fu + k - 1),
               f=f, p_value=float(stats.f.sf(f, df1, df2)))
    return out
