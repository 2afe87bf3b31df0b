#!/usr/bin/env bash
# Rebuild hotellab's prebuilt JupyterLab extensions: labextension/ -> hotellab/labextension/
# (saved players), labextension/lite-plotly/ -> hotellab/publish/lite_plotly/ (the site's
# plotly renderer).
#
#     bash scripts/build_labextension.sh
#
# Needed only after a change to labextension/index.js or to the front-end modules it bundles
# (hotellab/widgets/gameview.js, lesson.js and their CSS): the built extension is committed, so
# installing or testing hotellab needs no Node.js. Needs node and npm (Debian: apt-get install
# -y nodejs npm) and the venv with JupyterLab (its staging package.json pins the shared
# packages). tests/test_labextension.py fails, naming this script, when the build is older
# than its sources.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

command -v npm >/dev/null 2>&1 || die "npm not found: apt-get install -y nodejs npm"
core="$("$PY" -c 'import jupyterlab, os; print(os.path.join(os.path.dirname(jupyterlab.__file__), "staging"))' 2>/dev/null)" \
    || die "JupyterLab is not installed in $VENV: bash scripts/lab.sh --no-browser (or pip install -e \".[lab]\")"

cd "$ROOT/labextension"
say "npm ci (labextension/node_modules)"
npm ci --no-audit --no-fund --loglevel=error
rm -rf "$ROOT/hotellab/labextension"
say "building the extension into hotellab/labextension"
node node_modules/@jupyterlab/builder/lib/build-labextension.js --core-path "$core" . >/dev/null
# the JupyterLite site's plotly renderer (plotly.js loaded on the first figure), from the
# same node_modules
ln -sfn ../node_modules lite-plotly/node_modules
rm -rf "$ROOT/hotellab/publish/lite_plotly"
say "building the site's plotly renderer into hotellab/publish/lite_plotly"
(cd lite-plotly && node ../node_modules/@jupyterlab/builder/lib/build-labextension.js --core-path "$core" . >/dev/null)
"$PY" -m hotellab.widgets.labext --write-stamp
say "built: $(du -sh "$ROOT/hotellab/labextension" | cut -f1) + $(du -sh "$ROOT/hotellab/publish/lite_plotly" | cut -f1); commit labextension/, hotellab/labextension/ and hotellab/publish/lite_plotly/"
