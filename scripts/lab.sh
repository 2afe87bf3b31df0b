#!/usr/bin/env bash
# Quick start, explorer: bash scripts/lab.sh
#
# Creates .venv when it is missing, installs hotellab into it (pip install -e .), then runs
# `hotellab lab`: JupyterLab opened on notebooks/hostil_hostal.ipynb. Arguments are passed
# on to `hotellab lab` (e.g. --no-browser, --port 8899). Quick when all is installed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

ensure_venv
ensure_installed ""
cd "$ROOT"
exec "$VENV/bin/hotellab" lab "$@"
