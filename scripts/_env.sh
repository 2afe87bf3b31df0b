# Shared by scripts/lab.sh and scripts/test.sh (sourced, not run).
#
# ensure_venv          create .venv with python3 (>= 3.11) when it is missing or broken;
#                      on Debian, installs python3-venv when the venv module cannot bootstrap pip
# ensure_installed X   pip install -e ".[X]" (X empty: no extras), skipped when pyproject.toml,
#                      the extras and the checkout are the same as at the last install
# link_labextension   link hotellab's prebuilt JupyterLab extension into the venv (editable installs)
# apt_install PKG...   apt-get install, as root or through sudo; apt-get update only when needed
#
# Environment: PYTHON (default python3), HOTELLAB_VENV (default .venv in the checkout).

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${HOTELLAB_VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"

say() { printf '\033[1m[hotellab]\033[0m %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run: $* (install sudo or run as root)"
    fi
}

apt_install() {
    command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install $* by hand"
    say "installing $* with apt-get"
    local apt=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@")
    if ! as_root "${apt[@]}"; then
        say "apt-get install failed; running apt-get update and trying again"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
        as_root "${apt[@]}"
    fi
}

_base_python() {
    local py="${PYTHON:-python3}"
    command -v "$py" >/dev/null 2>&1 || die "$py not found; install Python 3.11 or newer (Debian: apt-get install python3)"
    "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "$py is Python $("$py" -c 'import platform; print(platform.python_version())'); hotellab needs 3.11 or newer"
    echo "$py"
}

ensure_venv() {
    if [ -x "$PY" ] && "$PY" -c 'import pip' >/dev/null 2>&1; then
        return 0
    fi
    local base
    base="$(_base_python)"
    say "creating $VENV with $("$base" -c 'import sys; print(sys.executable)')"
    rm -rf "$VENV"
    if ! "$base" -m venv "$VENV" >/dev/null 2>&1; then
        # Debian's python3 keeps ensurepip in a separate package.
        rm -rf "$VENV"
        apt_install python3-venv
        "$base" -m venv "$VENV"
    fi
}

_install_hash() {
    (cd "$ROOT" && { echo "$ROOT"; cat pyproject.toml; } | "$PY" -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
}

_stamp_ok() {  # _stamp_ok NAME HASH: the install recorded as NAME is current
    [ -f "$VENV/.hotellab-install.$1" ] && [ "$(cat "$VENV/.hotellab-install.$1")" = "$2" ]
}

ensure_installed() {
    local extras="${1:-}" name="${1:-base}" spec="." hash
    [ -n "$extras" ] && spec=".[$extras]"
    hash="$(_install_hash)"
    if { _stamp_ok "$name" "$hash" || { [ -z "$extras" ] && _stamp_ok test "$hash"; }; } \
        && (cd / && "$PY" -c "import hotellab, sys; sys.exit(not hotellab.__file__.startswith('$ROOT/'))") >/dev/null 2>&1; then
        link_labextension
        return 0  # already installed from this checkout with this pyproject.toml
    fi
    say "installing hotellab into $VENV: pip install -e '$spec' (a few minutes the first time)"
    (cd "$ROOT" && "$PY" -m pip install --disable-pip-version-check -q -e "$spec")
    echo "$hash" >"$VENV/.hotellab-install.$name"
    link_labextension
}

# An editable install does not install pyproject's data-files: JupyterLab (and the JupyterLite
# site build) find hotellab's prebuilt extension through a link in the venv instead.
link_labextension() {
    (cd "$ROOT" && "$PY" -m hotellab.widgets.labext --link >/dev/null)
}
