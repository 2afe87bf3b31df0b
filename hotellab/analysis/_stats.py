"""Small statistics shared by the analyses (no pandas needed), and the check of a simulation
table argument (:func:`check_table`, which imports pandas only when called)."""

from __future__ import annotations

import math

from ..core.errors import OptionError

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a proportion ``successes / n``, both in
    [0, 1]. Unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or n.

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]

    The bounds are exact at the ends: 0 successes give a low bound of exactly 0.0, ``n``
    successes a high bound of exactly 1.0 (not float rounding dust such as 2.8e-17, which
    would put a fair share of 0 outside the interval), and both are clamped to [0, 1].

    ``n == 0`` gives ``(0.0, 1.0)`` (nothing is known). Raises ValueError when ``successes``
    is not in 0..n or ``confidence`` not in (0, 1).
    """
    if not 0 < confidence < 1:
        raise ValueError(f"wilson_interval: confidence must be between 0 and 1, got {confidence!r}")
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"wilson_interval: successes must be in 0..n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    if confidence == 0.95:
        z = Z95
    else:
        from statistics import NormalDist

        z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else min(1.0, max(0.0, center - half))
    high = 1.0 if successes == n else min(1.0, max(0.0, center + half))
    return (low, high)


TABLE_COLUMNS = ("game_id", "num_players", "seats", "win_0")
"""Columns every simulation table has (:func:`hotellab.simulate`); :func:`check_table` asks for them."""


def check_table(table, who: str, field: str = "table"):
    """Check that ``table`` is a simulation table: a pandas DataFrame (from
    :func:`hotellab.simulate`) with the columns of :data:`TABLE_COLUMNS`. Returns it; raises
    OptionError (a ValueError, ``field`` the argument's name) naming ``who`` (the function) and
    what was given instead, e.g. "balance_report takes a simulation table (a pandas DataFrame
    from hl.simulate), got list". An empty table passes (each analysis says what it needs)."""
    from ..sim import require

    pd = require("pandas", "sim", f"hotellab.analysis.{who}")
    if not isinstance(table, pd.DataFrame):
        raise OptionError(f"{who} takes a simulation table (a pandas DataFrame from hl.simulate), got "
                          f"{'None' if table is None else type(table).__name__}", field=field)
    missing = [c for c in TABLE_COLUMNS if c not in table.columns]
    if missing:
        raise OptionError(f"{who} takes a simulation table (a pandas DataFrame from hl.simulate); this "
                          f"DataFrame has no column{'s' if len(missing) > 1 else ''} {', '.join(missing)}",
                          field=field)
    return table
