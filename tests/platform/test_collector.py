"""The serving process's garbage collector (``spacemission.collector``), as the ASGI
entry point leaves it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = "import gc, json{app}; print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))"


def served_collector(threshold: str | None, app: bool = True) -> tuple[list[int], int]:
    """The collector's thresholds and frozen object count once the app is imported
    (``app=False``: of this Python without the app, its own defaults)."""
    env = {k: v for k, v in os.environ.items() if k != "GC_THRESHOLD"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if threshold is not None:
        env["GC_THRESHOLD"] = threshold
    probe = PROBE.format(app=", spacemission.asgi" if app else "")
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    thresholds, frozen = json.loads(out.stdout.strip().splitlines()[-1])
    return thresholds, frozen


def test_the_server_freezes_what_start_up_built_and_collects_less_often():
    thresholds, frozen = served_collector(None)
    assert thresholds == [20000, 20, 50]
    assert frozen > 10_000  # Django, the apps and the rules' data


def test_zero_leaves_pythons_collector_as_it_is():
    """Whatever this Python's defaults are (3.11's 700, 10, 10 differ from 3.13's)."""
    thresholds, frozen = served_collector("0")
    assert (thresholds, frozen) == served_collector(None, app=False) and frozen == 0
