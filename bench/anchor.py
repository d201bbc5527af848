"""The boardgame.io anchor benchmark (``../shared/anchors/bgio``): a writable copy with its
packages installed, and one bounded run of its own ``run_one.sh``.

The copy lives in the temporary directory under a digest of the anchor's files, so
``npm install`` runs once per version of the anchor, and nothing is written into the
anchor (which may be read-only) or into this checkout.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIR = ROOT.parent / "shared" / "anchors" / "bgio"
SKIP = {"node_modules", "results"}  # what installing and running it add
INSTALL_TIMEOUT = 600
RUN_SLACK = 300  # seconds a run may take beyond its warm-up and window (setup, drain)


def moves_per_turn(anchor: Path) -> int:
    """The moves of a turn of the anchor's game, read from ``game.js``: its ``turn`` sets
    ``minMoves`` and ``maxMoves`` alike (boardgame.io ends the turn after that many). A
    turn of any other shape is an error, not a guess."""
    text = (anchor / "game.js").read_text()
    turn = text[text.find("turn:") :] if "turn:" in text else ""
    found = [re.search(rf"\b{key}:\s*(\d+)", turn) for key in ("minMoves", "maxMoves")]
    counts = {int(m.group(1)) for m in found if m}
    if None in found or len(counts) != 1:
        raise ValueError(f"{anchor / 'game.js'}: the game's turn has no fixed number of moves")
    return counts.pop()


def sources(anchor: Path) -> list[Path]:
    """The anchor's own files, relative to it, in a stable order."""
    found = (p.relative_to(anchor) for p in anchor.rglob("*") if p.is_file())
    return sorted(p for p in found if not SKIP & set(p.parts))


def digest(anchor: Path) -> str:
    """A digest of the anchor's files: names and contents."""
    h = hashlib.sha256()
    for path in sources(anchor):
        h.update(str(path).encode() + b"\0" + (anchor / path).read_bytes() + b"\0")
    return h.hexdigest()


def prepared(anchor: Path) -> Path:
    """A writable copy of ``anchor`` with its packages installed (made once, then reused)."""
    home = Path(tempfile.gettempdir()) / f"bgio-anchor-{digest(anchor)[:16]}"
    if (home / "node_modules").is_dir():
        return home
    staging = Path(tempfile.mkdtemp(prefix="bgio-anchor-staging-"))
    for path in sources(anchor):  # files only: the anchor's read-only modes stay behind
        (staging / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(anchor / path, staging / path)
    subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund"],
        cwd=staging,
        check=True,
        capture_output=True,
        timeout=INSTALL_TIMEOUT,
    )
    try:
        staging.rename(home)
    except OSError:  # another call installed it meanwhile
        shutil.rmtree(staging, ignore_errors=True)
    return home


def run_one(
    home: Path,
    label: str,
    *,
    matches: int,
    spectators: int,
    seconds: int,
    warmup: int,
    port: int,
    spectator_mode: str,
) -> tuple[dict[str, Any], int]:
    """One run of the anchor's ``run_one.sh`` (a new server process and its load
    generator): the generator's JSON, and the count of ``ERROR`` lines the server logged."""
    command = [
        "bash",
        "run_one.sh",
        label,
        str(matches),
        str(spectators),
        str(seconds),
        str(warmup),
        str(port),
        spectator_mode,
    ]
    done = subprocess.run(
        command, cwd=home, capture_output=True, text=True, timeout=seconds + warmup + RUN_SLACK
    )
    results = home / "results"
    out = results / f"{label}.json"
    if not out.exists():
        log = results / f"{label}.loadgen.log"
        detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise RuntimeError(
            f"anchor run {label} wrote no figures:\n{done.stdout}{done.stderr}{detail}"
        )
    figures = json.loads(out.read_text())
    errors_file = results / f"{label}.server_errors"
    server_errors = int(errors_file.read_text().strip() or 0) if errors_file.exists() else 0
    for leftover in results.glob(f"{label}.*"):
        leftover.unlink()
    return figures, server_errors
