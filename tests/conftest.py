"""Suite-wide setup: service markers, an isolated test database and channel prefix.

Tests marked ``postgres``, ``redis``, ``browser``, ``gettext`` or ``hosts`` skip when what they need
is missing, unless ``REQUIRE_SERVICES=1`` (CI), when they fail instead.
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.fixtures import Settings

from spacemission.matches import actstore
from tests.hosts import machine as hosts
from tests.support import chromium

SERVICE_MARKERS = ("postgres", "redis", "browser", "gettext", "hosts")
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "") in {"1", "true", "yes"}
# Several runs may share one PostgreSQL and Redis: each gets its own names.
RUN_ID = f"{os.getpid()}"


@functools.cache
def postgres_missing() -> str | None:
    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        return "DATABASE_URL does not point to PostgreSQL"
    try:
        # The server, not the database: the test database does not exist yet.
        psycopg.connect(
            host=db["HOST"] or None,
            port=db["PORT"] or None,
            user=db["USER"] or None,
            password=db["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=3,
        ).close()
    except Exception as error:
        return f"PostgreSQL is not reachable: {error}"
    return None


@functools.cache
def redis_missing() -> str | None:
    url = os.environ.get("REDIS_URL")
    if not url:
        return "REDIS_URL is not set"
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except Exception as error:
        return f"Redis is not reachable: {error}"
    return None


@functools.cache
def browser_missing() -> str | None:
    # Both: most tests launch the headless shell, one the whole browser (full).
    if chromium.executable() is None or chromium.executable(full=True) is None:
        return "Chromium is not installed (set CHROMIUM or put chromium on PATH)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    return None


@functools.cache
def gettext_missing() -> str | None:
    if shutil.which("xgettext") is None:
        return "GNU gettext is not installed"
    return None


MISSING = {
    "postgres": postgres_missing,
    "redis": redis_missing,
    "browser": browser_missing,
    "gettext": gettext_missing,
    "hosts": functools.cache(hosts.missing),
}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for name in SERVICE_MARKERS:
        if item.get_closest_marker(name) is None:
            continue
        reason = MISSING[name]()
        if reason is None:
            continue
        if REQUIRE_SERVICES:
            pytest.fail(f"{name} required (REQUIRE_SERVICES=1): {reason}", pytrace=False)
        pytest.skip(reason)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last, the suite's own ones before those of ``tests/browser``.

    Playwright's sync API keeps an event loop running on the main thread while a browser
    is open (a session fixture holds one open to the end), and no asyncio test can run
    after that. The sort is stable, so every other order (pytest-django's) is kept.
    """

    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("browser") is None:
            return 0
        return 2 if "tests/browser/" in item.nodeid else 1

    items.sort(key=rank)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run that collected nothing is an error, never a silent pass (exit code 5)."""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line("error: no tests were collected", red=True)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """A test database of this run's own, so concurrent runs on one server never collide.

    SQLite's is a file, as the embedded default serves from: a writer then waits for the
    lock (IMMEDIATE transactions, the busy timeout) while a background thread reads, as
    in serving, where a shared in-memory database would refuse it at once ("database
    table is locked")."""
    from django.conf import settings

    for alias in settings.DATABASES.values():
        test = alias.setdefault("TEST", {})
        if alias["ENGINE"] == "django.db.backends.postgresql":
            test["NAME"] = f"{test.get('NAME') or 'test_' + alias['NAME']}_{RUN_ID}"
        elif alias["ENGINE"] == "django.db.backends.sqlite3" and not test.get("NAME"):
            test["NAME"] = str(Path(tempfile.gettempdir()) / f"spacemission-test-{RUN_ID}.sqlite3")


@pytest.fixture(autouse=True, scope="session")
def isolated_channel_layer() -> None:
    """This run's channel groups never meet another run's on a shared Redis.

    Only the Redis layers take a prefix; the in-memory layer is this process's own and
    refuses one.
    """
    from channels.layers import channel_layers
    from django.conf import settings

    config = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    if "prefix" in config:
        config["prefix"] = f"test{RUN_ID}"
        channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def loop_connections_closed() -> Iterator[None]:
    """The acts' event-loop connections are closed after each test, as Django's are: a
    test database cannot be dropped while one is open."""
    yield
    actstore.close_idle()


@pytest.fixture(autouse=True)
def test_settings(settings: Settings) -> None:
    """Templates resolve static URLs without a collected manifest; passwords hash fast
    (the real hasher costs a quarter of a second per user on a small machine); no limit
    on new accounts."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.NEW_ACCOUNTS_PER_HOUR = 0  # the throttle's own tests set a limit
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture
def redis_channel_layer(settings: Settings) -> Iterator[None]:
    """Channels over Redis (``REDIS_URL``) for this test, prefixed for this run."""
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]], "prefix": f"test{RUN_ID}r"},
        }
    }
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()
