"""Time of ``import hotellab`` in a fresh interpreter.

    .venv/bin/python bench/import_time.py [--runs N]

Runs ``python -c "import hotellab"`` N times in fresh subprocesses and reports the median of
(import time measured inside the process with perf_counter) and of the whole process
(interpreter start-up included, for comparison with ``python -c pass``). Then prints the
slowest modules from ``python -X importtime`` and checks that plotly, networkx, anywidget
and ipywidgets are not imported eagerly. Target: import hotellab <= 0.3 s.
Results also go to bench/results/import_time.json.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from _common import ROOT, save

TARGET_S = 0.3
HEAVY = ("plotly", "networkx", "anywidget", "ipywidgets", "pydantic", "numpy", "pandas")

INNER = (
    "import time, sys; t = time.perf_counter(); import hotellab; d = time.perf_counter() - t; "
    "print(d); print(','.join(m for m in %r if m in sys.modules))" % (HEAVY,)
)


def run(code: str) -> tuple[float, str]:
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - t, out.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()

    run(INNER)  # warm the file-system cache and .pyc files
    inner, whole, bare = [], [], []
    loaded = ""
    for _ in range(args.runs):
        w, out = run(INNER)
        lines = out.splitlines()
        inner.append(float(lines[0]))
        loaded = lines[1] if len(lines) > 1 else ""
        whole.append(w)
        bare.append(run("pass")[0])
    med_inner, med_whole, med_bare = (statistics.median(x) for x in (inner, whole, bare))
    print(f"import hotellab, median of {args.runs} fresh interpreters:")
    print(f"  in-process import time  {med_inner * 1000:7.1f} ms  (min {min(inner) * 1000:.1f}, max {max(inner) * 1000:.1f})")
    print(f"  whole process           {med_whole * 1000:7.1f} ms  (python -c pass: {med_bare * 1000:.1f} ms)")
    print(f"  heavy modules loaded by the import: {loaded or 'none'}")

    # the slowest modules by cumulative time (python -X importtime writes to stderr)
    res = subprocess.run([sys.executable, "-X", "importtime", "-c", "import hotellab"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    rows = []
    for line in res.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        # "import time:   self_us |  cumulative_us | module"
        self_us, cum_us, name = line[len("import time:"):].split("|")
        rows.append((int(cum_us), int(self_us), name))
    top = sorted(rows, reverse=True)[:12]
    print("  slowest imports (cumulative, -X importtime):")
    for cum, self_t, name in top:
        print(f"    {cum / 1000:7.1f} ms  {name.strip()}")

    verdict = "meets" if med_inner <= TARGET_S else "MISSES"
    print(f"{verdict} the target of {TARGET_S * 1000:.0f} ms")
    path = save("import_time", {"runs": args.runs, "median_import_s": med_inner, "median_process_s": med_whole,
                                "median_bare_python_s": med_bare, "heavy_modules_loaded": loaded.split(",") if loaded else [],
                                "top_imports_ms": [[n.strip(), c / 1000] for c, _, n in top], "target_s": TARGET_S})
    print(f"written {path}")


if __name__ == "__main__":
    main()
