"""A process and its services: ``/healthz`` follows Redis down and back up, and a Redis
that does not answer at start-up stops the process with the reason, instead of a server
that serves pages but relays no move."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest

from tests.support.servers import ServerError, free_port, fresh_database, start_server

pytestmark = [pytest.mark.slow]
WAIT = 30.0


def health(server) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"{server.url}/healthz", timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def until_health(server, status: int) -> str:
    """The body of the first answer with ``status`` (the process notices in its own time)."""
    deadline = time.monotonic() + WAIT
    while (answer := health(server))[0] != status:
        assert time.monotonic() < deadline, f"/healthz still answers {answer}"
        time.sleep(0.1)
    return answer[1]


@pytest.fixture
def sqlite_database():
    db = fresh_database("sqlite")
    yield db
    db.drop()


def test_healthz_answers_503_while_redis_is_down_and_200_once_it_is_back(
    sqlite_database, servers, private_redis
):
    server = servers(sqlite_database, private_redis.url)
    assert health(server) == (200, "ok")
    private_redis.kill()
    body = until_health(server, 503)
    assert "Redis" in body and "REDIS_URL" in body
    private_redis.start()
    assert until_health(server, 200) == "ok"


def test_a_redis_url_nothing_answers_stops_the_process_at_start_with_the_reason(
    sqlite_database,
):
    url = f"redis://:hunter2@127.0.0.1:{free_port()}/0"
    with pytest.raises(ServerError) as failed:
        start_server(sqlite_database, url)
    message = str(failed.value)
    assert "exited with 1" in message
    assert "cannot start: Redis at redis://:***@127.0.0.1" in message and "REDIS_URL" in message
    assert "hunter2" not in message
