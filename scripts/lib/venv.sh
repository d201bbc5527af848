# Sourced by scripts/serve and scripts/test: make .venv with Python >= 3.11 and install
# the app into it (with the extras named in $1, e.g. "test"). The install runs only when
# pyproject.toml or the extras changed since the last one that succeeded: .venv/installed
# holds their hash.
ensure_venv() {
    local python="${PYTHON:-python3}" extras="${1:-}" stamp=.venv/installed wanted
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "Space Mission Online needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)." >&2
        exit 1
    fi
    [ -x .venv/bin/python ] || "$python" -m venv .venv
    wanted="$( (cat pyproject.toml; echo "extras=$extras") | sha256sum | cut -d' ' -f1)"
    [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ] && return 0
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
    echo "$wanted" >"$stamp"
}
