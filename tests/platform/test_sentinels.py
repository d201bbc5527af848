"""``REDIS_SENTINELS``: read as host:port pairs; a malformed one, or one naming no
Sentinel that answers, is refused with a message naming the setting."""

from __future__ import annotations

import pytest

from spacemission import sentinels
from tests.support.servers import free_port


def test_the_setting_is_read_as_host_and_port_pairs():
    setting = "10.0.0.1:26379, sentinel-b:26380,[::1]:26381,"
    assert sentinels.parse(setting) == [
        ("10.0.0.1", 26379),
        ("sentinel-b", 26380),
        ("::1", 26381),
    ]
    assert sentinels.parse("") == []


@pytest.mark.parametrize("setting", ["sentinel-a", "sentinel-a:port", ":26379"])
def test_a_malformed_entry_is_named(setting):
    with pytest.raises(sentinels.SentinelError, match=r"REDIS_SENTINELS: .* is not host:port"):
        sentinels.parse(setting)


def test_no_sentinel_that_answers_is_an_error_at_once_not_a_hang():
    nobody = [("127.0.0.1", free_port())]
    with pytest.raises(sentinels.SentinelError, match="no Sentinel of REDIS_SENTINELS"):
        sentinels.check(nobody, "mymaster")
    with pytest.raises(sentinels.SentinelError, match="names no Sentinel"):
        sentinels.check([], "mymaster")
