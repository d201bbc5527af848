# Sourced by scripts/serve and scripts/test: make .venv with Python >= 3.11 and install
# the app into it (with the extras named in $1, e.g. "test").
ensure_venv() {
    local python="${PYTHON:-python3}" extras="${1:-}"
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "Space Mission Online needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)." >&2
        exit 1
    fi
    [ -x .venv/bin/python ] || "$python" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
}
