"""The suite's own rules: missing services skip, or fail under REQUIRE_SERVICES=1; a run
that selects nothing fails instead of exiting with pytest's "no tests" code; the Chromium
the browser tests look for is the one they launch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import chromium

ROOT = Path(__file__).resolve().parents[2]
REDIS_TEST = "tests/platform/test_lobby_socket.py::test_list_travels_through_redis"
GETTEXT_TEST = "tests/platform/test_catalogues.py::test_every_marked_string_is_in_each_catalogue"


def pytest_run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "REQUIRE_SERVICES"}}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n0", *args],
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


@pytest.mark.slow
def test_missing_gettext_fails_the_catalogue_check_when_required(tmp_path: Path) -> None:
    """Without xgettext on PATH the check skips, but never silently in CI."""
    no_gettext = str(tmp_path)  # an empty directory as the whole PATH
    skipped = pytest_run(GETTEXT_TEST, PATH=no_gettext)
    assert skipped.returncode == 0, skipped.stdout
    assert "GNU gettext is not installed" in skipped.stdout
    failed = pytest_run(GETTEXT_TEST, PATH=no_gettext, REQUIRE_SERVICES="1")
    assert failed.returncode == 1, failed.stdout
    assert "gettext required (REQUIRE_SERVICES=1)" in failed.stdout


def test_the_chromium_launched_is_the_one_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = tmp_path / "my-chromium"
    own.write_text("#!/bin/sh\n")
    own.chmod(0o755)
    monkeypatch.setenv("CHROMIUM", str(own))
    assert chromium.executable() == str(own)

    monkeypatch.delenv("CHROMIUM")
    (tmp_path / "chromium").write_text("#!/bin/sh\n")
    (tmp_path / "chromium").chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert chromium.executable() == str(tmp_path / "chromium")
    # The headless shell, where it is installed, unless the whole browser is asked for.
    (tmp_path / chromium.SHELL).write_text("#!/bin/sh\n")
    (tmp_path / chromium.SHELL).chmod(0o755)
    assert chromium.executable() == str(tmp_path / chromium.SHELL)
    assert chromium.executable(full=True) == str(tmp_path / "chromium")
    # The shell alone is not enough: one test needs the whole browser.
    (tmp_path / "chromium").unlink()
    assert chromium.executable() == str(tmp_path / chromium.SHELL)
    assert chromium.executable(full=True) is None

    monkeypatch.setenv("CHROMIUM", str(tmp_path / "absent"))
    assert chromium.executable() is None


GROUPED = """
import os
import pytest

@pytest.mark.xdist_group("one")
@pytest.mark.parametrize("i", range(6))
def test_grouped(i):
    print(os.environ["PYTEST_XDIST_WORKER"], file=open(os.environ["WORKERS_FILE"], "a"))
"""


@pytest.mark.slow
def test_tests_of_one_xdist_group_run_in_one_worker(tmp_path: Path) -> None:
    """The suite's groups (--dist=loadgroup) keep tests that share a resource, or a costly
    fixture, in one worker; a pytest that drops xdist's group mark must not slip in."""
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    workers = tmp_path / "workers"
    module, config = str(tmp_path / "test_grouped.py"), str(ROOT / "pyproject.toml")
    done = pytest_run(module, "-c", config, "-n", "2", WORKERS_FILE=str(workers))
    assert done.returncode == 0, done.stdout
    assert len(workers.read_text().split()) == 6
    assert len(set(workers.read_text().split())) == 1
