"""The start scripts install the app only when its requirements changed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAKE_PYTHON = """#!/bin/sh
echo "$@" >> "$(dirname "$0")/../../calls"
"""


def ensure_venv(checkout: Path, extras: str) -> None:
    subprocess.run(
        ["bash", "-c", f'source "{ROOT}/scripts/lib/venv.sh" && ensure_venv {extras}'],
        cwd=checkout,
        env={**os.environ, "PYTHON": "python3"},
        check=True,
        timeout=60,
    )


def installs(checkout: Path) -> list[str]:
    calls = checkout / "calls"
    return calls.read_text().splitlines() if calls.exists() else []


def fake_venv(checkout: Path) -> None:
    (checkout / "pyproject.toml").write_text('[project]\nname = "x"\n')
    python = checkout / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)


def test_the_app_is_installed_again_only_when_pyproject_changes(tmp_path: Path) -> None:
    fake_venv(tmp_path)
    ensure_venv(tmp_path, "test")
    ensure_venv(tmp_path, "test")
    assert installs(tmp_path) == ["-m pip install --quiet --disable-pip-version-check -e .[test]"]

    (tmp_path / "pyproject.toml").write_text('[project]\nname = "y"\n')
    ensure_venv(tmp_path, "test")
    ensure_venv(tmp_path, "test")
    assert len(installs(tmp_path)) == 2
    assert not any("--upgrade" in call for call in installs(tmp_path))


def test_serve_after_test_installs_nothing(tmp_path: Path) -> None:
    """The test extras are a superset of what serving needs."""
    fake_venv(tmp_path)
    ensure_venv(tmp_path, "test")
    ensure_venv(tmp_path, "")
    ensure_venv(tmp_path, "test")
    assert len(installs(tmp_path)) == 1


def test_test_after_serve_adds_the_test_extras_once(tmp_path: Path) -> None:
    fake_venv(tmp_path)
    ensure_venv(tmp_path, "")
    ensure_venv(tmp_path, "test")
    ensure_venv(tmp_path, "")
    ensure_venv(tmp_path, "test")
    assert [call.split()[-1] for call in installs(tmp_path)] == [".", ".[test]"]
