"""Production settings pass Django's deployment checks."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean() -> None:
    done = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        HTTPS="1",
        ALLOWED_HOSTS="example.com",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues (0 silenced)" in done.stdout
    assert "WARNING" not in done.stdout + done.stderr


def test_production_refuses_to_run_without_a_secret_key() -> None:
    env = {"DEBUG": "0", "HTTPS": "1", "ALLOWED_HOSTS": "example.com", "SECRET_KEY": ""}
    done = manage("check", **env)
    assert done.returncode != 0
    assert "Set SECRET_KEY" in done.stderr


def test_an_empty_database_url_means_the_default() -> None:
    done = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DATABASES['default'])",
        DATABASE_URL="",
    )
    assert done.returncode == 0, done.stderr
    assert "django.db.backends.sqlite3" in done.stdout
    assert "db.sqlite3" in done.stdout
