"""Shared helpers of the benchmark scripts (not a test module)."""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"

if str(ROOT) not in sys.path:  # run from a checkout without installing
    # appended, not inserted first: PYTHONPATH=<another checkout> then measures that checkout
    # (e.g. a baseline beside this one with the same scripts)
    sys.path.append(str(ROOT))


def percentile(values, q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation; values need not be sorted."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    if len(xs) == 1:
        return float(xs[0])
    k = (len(xs) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(values) -> dict:
    return {
        "n": len(values),
        "mean": statistics.fmean(values),
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "max": max(values),
    }


def machine() -> dict:
    return {"python": platform.python_version(), "platform": platform.platform(), "time": time.strftime("%Y-%m-%dT%H:%M:%S")}


def save(name: str, data: dict) -> Path:
    """Write ``bench/results/<name>.json`` (with the machine description) and return its path."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps({"machine": machine(), **data}, indent=1) + "\n", "utf-8")
    return path
