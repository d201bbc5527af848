"""The suite's own rules: missing services skip, or fail under REQUIRE_SERVICES=1; a run
that selects nothing fails instead of exiting with pytest's "no tests" code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REDIS_TEST = "tests/platform/test_lobby_socket.py::test_list_travels_through_redis"


def pytest_run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "REQUIRE_SERVICES"}}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_missing_service_skips() -> None:
    done = pytest_run(REDIS_TEST)
    assert done.returncode == 0, done.stdout
    assert "1 skipped" in done.stdout and "REDIS_URL is not set" in done.stdout


@pytest.mark.slow
def test_missing_service_fails_when_required() -> None:
    done = pytest_run(REDIS_TEST, REQUIRE_SERVICES="1")
    assert done.returncode == 1, done.stdout
    assert "redis required (REQUIRE_SERVICES=1)" in done.stdout


@pytest.mark.slow
def test_selecting_no_tests_fails() -> None:
    done = pytest_run("tests/platform/test_deploy.py", "-k", "no_test_has_this_name")
    assert done.returncode == 1, done.stdout
    assert "no tests were collected" in done.stdout
