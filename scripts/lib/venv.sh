# Sourced by scripts/serve and scripts/test: make .venv with Python >= 3.11 and install
# the app into it (with the extras named in $1, e.g. "test"). .venv/installed records the
# hash of pyproject.toml and the extras installed with it: nothing is installed while that
# hash holds and the extras asked for are among those, so `serve` after `test` installs
# nothing. Otherwise the union of both sets of extras is installed.
ensure_venv() {
    local python="${PYTHON:-python3}" asked="${1:-}" stamp=.venv/installed
    local hash had="" extras
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "Space Mission Online needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)." >&2
        exit 1
    fi
    [ -x .venv/bin/python ] || "$python" -m venv .venv
    hash="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    if [ "$(head -n1 "$stamp" 2>/dev/null)" = "$hash" ]; then
        had="$(sed -n 2p "$stamp")"
        case ",$had," in *",$asked,"*) return 0 ;; esac
        [ -z "$asked" ] && return 0
    fi
    extras="$(printf '%s\n' ${had//,/ } $asked | sort -u | paste -sd, -)"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
    printf '%s\n%s\n' "$hash" "$extras" >"$stamp"
}
