"""docker-compose.yml runs what the README recommends: nginx hashing match sockets over
scalable `web` replicas, PostgreSQL, Redis, and migrations run once before any replica.

No container engine runs here: the file is checked against the Compose Specification's
JSON schema (vendored in tests/data/compose, see its README), by `docker compose config`
too where that client is installed, and nginx's configuration against the README's
example."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "tests" / "data" / "compose" / "compose-spec.json"
NGINX = ROOT / "deploy" / "nginx.conf"


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def validator() -> jsonschema.Draft7Validator:
    """The schema's own draft (its ``$schema`` names draft 7 without the trailing ``#``)."""
    return jsonschema.Draft7Validator(json.loads(SCHEMA.read_text()))


def readme_nginx() -> str:
    readme = (ROOT / "README.md").read_text()
    return readme.split("```nginx\n", 1)[1].split("```", 1)[0]


def block(config: str, opening: str) -> list[str]:
    """The directives (one per line, comments dropped) of the block ``opening {``."""
    body = config.split(opening + " {", 1)[1].split("}", 1)[0]
    lines = (line.split("#", 1)[0].strip() for line in body.splitlines())
    return [re.sub(r"\s+", " ", line) for line in lines if line]


def test_the_compose_file_follows_the_compose_specification() -> None:
    validator().validate(compose())


def test_the_schema_check_catches_a_misspelt_key() -> None:
    broken = compose()
    broken["services"]["web"]["depends_onn"] = ["redis"]
    with pytest.raises(jsonschema.ValidationError):
        validator().validate(broken)


@pytest.mark.skipif(
    shutil.which("docker") is None
    or subprocess.run(["docker", "compose", "version"], capture_output=True).returncode != 0,
    reason="the docker compose client is not installed",
)
def test_docker_compose_reads_the_file() -> None:
    done = subprocess.run(
        ["docker", "compose", "config", "--quiet"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_web_scales_behind_nginx_without_a_host_port() -> None:
    services = compose()["services"]
    assert "ports" not in services["web"]  # `--scale web=3` would clash on a fixed one
    assert services["web"]["expose"] == ["8000"]
    assert services["nginx"]["ports"] == ["${HTTP_PORT:-8000}:80"]
    assert "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" in services["nginx"]["volumes"]
    assert services["nginx"]["depends_on"]["web"]["condition"] == "service_healthy"
    upstream = block(NGINX.read_text(), "upstream spacemission")
    # Every replica, found again through Docker's DNS as replicas come and go.
    assert "server web:8000 resolve max_fails=1 fail_timeout=10s;" in upstream
    assert "resolver 127.0.0.11 valid=5s ipv6=off;" in NGINX.read_text()


def test_migrations_run_once_before_any_replica_starts() -> None:
    services = compose()["services"]
    migrate, web = services["migrate"], services["web"]
    assert migrate["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert migrate["restart"] == "no" and migrate["image"] == web["image"]
    assert web["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    # The image itself serves only: a replica never migrates.
    cmd = (ROOT / "Dockerfile").read_text().split("\nCMD ", 1)[1]
    assert "daphne" in cmd and "migrate" not in cmd


def test_the_balancer_routes_as_the_readme_example_does() -> None:
    ours, readme = NGINX.read_text(), readme_nginx()
    hashing = "hash $request_uri consistent;"
    assert hashing in block(ours, "upstream spacemission")
    assert hashing in block(readme, "upstream spacemission")
    assert block(ours, "map $http_upgrade $connection_upgrade") == block(
        readme, "map $http_upgrade $connection_upgrade"
    )
    # Every directive of the README's location is ours too (ours adds a connect timeout).
    location = block(ours, "location /")
    assert all(line in location for line in block(readme, "location /"))
    assert "proxy_pass http://spacemission;" in location
