"""Small statistics shared by the analyses (no pandas needed)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a proportion ``successes / n``, both in
    [0, 1]. Unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or n.

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]

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
    return (max(0.0, center - half), min(1.0, center + half))
