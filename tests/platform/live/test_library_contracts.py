"""The library interfaces the relay drives directly (``spacemission.live.relay``): a
release that changes one fails here, by name, before any frame goes astray. pyproject.toml
pins redis-py to the major release these pass on."""

from __future__ import annotations

import inspect

import pytest
from channels.layers import channel_layers
from channels_redis import utils
from redis.asyncio.connection import AbstractConnection, ConnectionPool
from redis.asyncio.sentinel import SentinelConnectionPool, SentinelManagedConnection

from spacemission.live import relay


def parameters(function: object) -> set[str]:
    return set(inspect.signature(function).parameters)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("method", "needs"),
    [
        ("connect", set()),
        ("send_command", set()),
        ("read_response", {"timeout"}),
        ("pack_commands", {"commands"}),
        ("send_packed_command", {"command", "check_health"}),
        ("disconnect", {"nowait"}),
    ],
)
def test_redis_connections_take_what_the_relay_passes(method, needs):
    assert inspect.iscoroutinefunction(getattr(AbstractConnection, method)) == (
        method != "pack_commands"
    )
    assert needs <= parameters(getattr(AbstractConnection, method))


def test_redis_connections_say_whether_they_are_connected_and_have_a_socket_timeout():
    assert isinstance(inspect.getattr_static(AbstractConnection, "is_connected"), property)
    assert "socket_timeout" in parameters(AbstractConnection.__init__)
    assert issubclass(SentinelManagedConnection, AbstractConnection)


@pytest.mark.parametrize("pool", [ConnectionPool, SentinelConnectionPool])
def test_pools_make_connections_one_at_a_time(pool):
    assert callable(pool.make_connection)
    assert parameters(pool.make_connection) == {"self"}


def test_channels_redis_builds_pools_from_its_hosts_setting():
    url, sentinel = "redis://127.0.0.1:1/0", {"sentinels": [("h", 1)], "master_name": "m"}
    assert utils.decode_hosts([url, sentinel]) == [{"address": url}, sentinel]
    assert isinstance(utils.create_pool({"address": url}), ConnectionPool)
    assert isinstance(utils.create_pool(dict(sentinel)), SentinelConnectionPool)


def test_the_relay_finds_its_layers_configuration(settings):
    config = {"hosts": ["redis://127.0.0.1:1/0"], "prefix": "contract"}
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": config}
    }
    layer = channel_layers["default"]
    assert relay._config_of(layer) == config
