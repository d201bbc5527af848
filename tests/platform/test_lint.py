"""The tree is as ruff wants it (rules in pyproject.toml): the check ``scripts/lint`` makes
and CI runs first, here too so a plain test run finds a slip before CI does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", [["check"], ["format", "--check", "--diff"]])
def test_the_tree_passes_ruff(command: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
