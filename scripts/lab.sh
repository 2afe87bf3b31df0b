#!/usr/bin/env bash
# Quick start, explorer: bash scripts/lab.sh
#
# Creates .venv when it is missing, installs hotellab with JupyterLab into it
# (pip install -e ".[lab]") with hotellab's JupyterLab extension (saved game views and lessons
# play before the kernel runs, trusted or not), trusts the bundled notebooks (their other HTML
# outputs show unsanitised), then runs `hotellab lab`: JupyterLab opened on
# notebooks/hostil_hostal.ipynb. Arguments are passed on to `hotellab lab` (e.g. --no-browser,
# --port 8899). Quick when all is installed.
#
# The `hotellab` command lives in .venv/bin: run it as .venv/bin/hotellab, or first
# `source .venv/bin/activate` to put it on the PATH of your shell.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

ensure_venv
ensure_installed lab
cd "$ROOT"
# the bundled tutorials are ours: mark them trusted (their HTML outputs are shown unsanitised;
# the saved game views and lessons play either way)
"$VENV/bin/jupyter" trust notebooks/*.ipynb >/dev/null 2>&1 || say "could not mark the notebooks trusted (they still open and play)"
say "the hotellab command is $VENV/bin/hotellab (or: source .venv/bin/activate)"
exec "$VENV/bin/hotellab" lab "$@"
