"""Production settings pass Django's deployment checks."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import yaml

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


def readme_settings() -> set[str]:
    """The variables of the README's configuration table."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|", section, re.M)
    return {name for row in rows for name in re.findall(r"`([A-Z_]+)`", row)}


def web_environment() -> dict[str, str]:
    """The web service's ``environment`` in docker-compose.yml: name -> value as written
    (empty for a name listed without a value)."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return {name: value or "" for name, value in compose["services"]["web"]["environment"].items()}


def test_every_setting_of_the_readme_can_be_set_for_the_docker_container() -> None:
    """A variable in .env reaches the container only if the compose file names it: passed
    on as it is (no value) or as the value ``${NAME…}`` interpolates from .env."""
    settings, environment = readme_settings(), web_environment()
    assert len(settings) > 20 and "LOG_LEVEL" in settings
    for name in settings:
        assert name in environment, f"{name} never reaches the container"
        value = environment[name]
        assert value == "" or value.startswith(f"${{{name}:-"), f"{name} is fixed: {value}"
