"""The books of which audiences no other process listens to (``live.listeners``): a
channel is quiet only on a reply that nothing since its publish could have changed."""

from __future__ import annotations

from spacemission.live.listeners import Listeners

SEAT, WATCHERS = b"match-1-seat-0", b"match-1-spectators"


def subscribed(*channels: bytes) -> Listeners:
    books = Listeners()
    for channel in channels:
        books.subscribed(channel)
    return books


def test_a_channel_only_this_hub_heard_is_quiet_and_one_another_hears_is_not():
    books = subscribed(SEAT)
    books.publishing(SEAT)(1)
    assert books.quiet(SEAT)
    books.publishing(SEAT)(2)  # a publish sent before it went quiet: another listens now
    assert not books.quiet(SEAT)


def test_a_channel_this_hub_does_not_listen_to_is_never_quiet():
    """It would not hear another process's hello there."""
    books = subscribed(SEAT)
    books.publishing(WATCHERS)(0)
    assert not books.quiet(WATCHERS)


def test_a_hello_makes_a_channel_loud_and_voids_the_replies_of_earlier_publishes():
    books = subscribed(SEAT)
    books.publishing(SEAT)(1)
    assert books.quiet(SEAT)
    sent_before = books.publishing(SEAT)  # reached Redis before the newcomer subscribed
    books.hello(SEAT)
    assert not books.quiet(SEAT)
    sent_before(1)
    assert not books.quiet(SEAT)
    books.publishing(SEAT)(2)
    assert not books.quiet(SEAT)


def test_a_subscription_made_or_dropped_while_a_reply_was_on_its_way_voids_it():
    books = Listeners()
    before = books.publishing(SEAT)  # not subscribed yet: Redis may or may not count it
    books.subscribed(SEAT)
    before(1)
    assert not books.quiet(SEAT)
    during = books.publishing(SEAT)
    books.unsubscribed(SEAT)
    books.subscribed(SEAT)
    during(1)  # the one it reached may have been another process, this hub unsubscribed
    assert not books.quiet(SEAT)


def test_unsubscribing_or_losing_the_connection_forgets_the_quiet_channels():
    books = subscribed(SEAT, WATCHERS)
    books.publishing(SEAT)(1)
    books.publishing(WATCHERS)(1)
    books.unsubscribed(SEAT)
    assert not books.quiet(SEAT) and books.quiet(WATCHERS)
    books.deaf()
    assert not books.quiet(WATCHERS)
    books.publishing(WATCHERS)(1)  # not subscribed again yet
    assert not books.quiet(WATCHERS)


def test_the_oldest_quiet_channel_is_published_to_again_beyond_the_limit():
    books = Listeners(kept=3)
    channels = [f"match-{n}-seat-0".encode() for n in range(4)]
    for channel in channels:
        books.subscribed(channel)
        books.publishing(channel)(1)
    assert [books.quiet(c) for c in channels] == [False, True, True, True]


def test_what_no_reply_on_its_way_needs_is_forgotten_and_the_rest_kept():
    books = Listeners(kept=2)
    books.subscribed(SEAT)
    books.publishing(SEAT)(1)
    on_its_way = books.publishing(SEAT)
    books.hello(SEAT)  # after that publish: its reply must stay void
    for n in range(10):  # enough changes elsewhere to forget what is no longer needed
        books.hello(f"match-{n}-seat-1".encode())
    on_its_way(1)
    assert not books.quiet(SEAT)
    books.publishing(SEAT)(1)
    assert books.quiet(SEAT)
    books.hello(b"match-99-seat-1")
    assert len(books._changed_at) <= 2 * books.kept
