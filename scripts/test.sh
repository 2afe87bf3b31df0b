#!/usr/bin/env bash
# Quick start, tests: bash scripts/test.sh
#
# Creates .venv when it is missing, installs hotellab with its test extras
# (pip install -e .[test]), installs Debian's chromium for the browser tests when
# /usr/bin/chromium is missing and Debian's nodejs/npm when npm is missing, fetches axe-core
# with npm (once, cached) for the accessibility checks, registers the venv's Python as the
# "python3" Jupyter kernel when another one would be used, then runs the whole suite:
#     python -m pytest -n 2 --dist loadgroup --durations=15 tests/
# Arguments are passed to pytest (e.g. `bash scripts/test.sh -k cli -n 0`).
# --quick runs the quick tier while you work (about 3 minutes on 2 cores): every test but those
# marked slow, browser or notebook (pytest -m "not slow and not browser and not notebook");
# every module of hotellab is still tested. CI runs everything.
# HOTELLAB_TEST_WORKERS sets the number of pytest-xdist workers (default 2; 0 = no xdist).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

ensure_venv
ensure_installed test

# The browser tests drive Debian's chromium through playwright (never `playwright install`).
if [ ! -x /usr/bin/chromium ]; then
    apt_install chromium fonts-liberation
fi
export HOTELLAB_CHROMIUM="${HOTELLAB_CHROMIUM:-/usr/bin/chromium}"

# npm: the site test fetches the Pyodide core with it (once, cached), and the accessibility
# checks run axe-core from npm in the browser
if ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
fi
AXE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/hotellab/axe-core"
if [ ! -f "$AXE_DIR/node_modules/axe-core/axe.min.js" ]; then
    say "fetching axe-core with npm into $AXE_DIR (once)"
    npm install --silent --no-audit --no-fund --prefix "$AXE_DIR" axe-core@4 >/dev/null \
        || say "could not fetch axe-core: the accessibility checks will be skipped"
fi
export HOTELLAB_AXE="${HOTELLAB_AXE:-$AXE_DIR/node_modules/axe-core/axe.min.js}"

# Notebook tests start the "python3" kernel: it must be this venv's Python.
if ! "$PY" - <<'PYEOF' >/dev/null 2>&1
import os, shutil, sys
from jupyter_client.kernelspec import KernelSpecManager
spec = KernelSpecManager().get_kernel_spec("python3")
exe = spec.argv[0]
if exe in ("python", "python3", "python%d.%d" % sys.version_info[:2]):
    sys.exit(0)  # jupyter_client runs these as the calling Python (this venv's)
where = os.path.dirname(os.path.abspath(shutil.which(exe) or exe))
sys.exit(where != os.path.dirname(os.path.abspath(sys.executable)))
PYEOF
then
    say "registering $PY as the python3 Jupyter kernel (--sys-prefix)"
    "$PY" -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (hotellab)" >/dev/null
fi

cd "$ROOT"
args=()
marks=()
for a in "$@"; do
    if [ "$a" = "--quick" ]; then
        marks=(-m "not slow and not browser and not notebook")
    else
        args+=("$a")
    fi
done
workers="${HOTELLAB_TEST_WORKERS:-2}"
xdist=()
if [ "$workers" != 0 ] && [ "$workers" != 1 ]; then
    xdist=(-n "$workers" --dist loadgroup)
fi
say "running pytest ${xdist[*]} ${marks[*]} ${args[*]}"
# the 15 slowest tests are listed at the end: the whole run must stay well under 20 minutes
exec "$PY" -m pytest "${xdist[@]}" "${marks[@]}" --durations=15 "${args[@]}"
