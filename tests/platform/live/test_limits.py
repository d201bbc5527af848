"""Per-connection limits and frame parsing, apart from any socket."""

from __future__ import annotations

import pytest

from spacemission.live import frames
from spacemission.ratelimit import FloodGuard, TokenBucket, Window


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bucket_serves_a_burst_then_the_rate():
    clock = Clock()
    bucket = TokenBucket(10, 20, clock)
    assert all(bucket.take() for _ in range(20))
    assert not bucket.take()
    clock.now += 0.35  # 3.5 tokens
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 60
    assert sum(bucket.take() for _ in range(30)) == 20  # never more than the burst


def test_a_sockets_frame_limit_comes_from_the_settings(settings):
    """FRAMES_PER_SECOND and FRAME_BURST (benchmarks raise them) size every socket's bucket."""
    clock = Clock()
    settings.FRAMES_PER_SECOND, settings.FRAME_BURST = 2.0, 3
    guard = FloodGuard(clock)
    assert [guard.admit() for _ in range(4)] == [True, True, True, False]
    clock.now += 1.0  # two tokens
    assert [guard.admit() for _ in range(3)] == [True, True, False]


def test_the_window_fills_only_with_recent_events():
    clock = Clock()
    window = Window(3, 10, clock)
    assert not window.add() and not window.add()
    clock.now += 10.5
    assert not window.add()  # the first two have left the window
    clock.now += 1
    assert not window.add()
    assert window.add()


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ('{"t": "sync"}', {"t": "sync"}),
        ('{"t": "ping", "extra": 1}', {"t": "ping"}),
        (
            '{"t": "act", "id": "k3f9", "v": 12, "action": {"type": "confirm"}}',
            {"t": "act", "id": "k3f9", "v": 12, "action": {"type": "confirm"}},
        ),
        ('{"t": "chat", "text": "  gl hf \\n"}', {"t": "chat", "text": "gl hf"}),
        ('{"t": "chat", "text": "' + "a" * 500 + '"}', {"t": "chat", "text": "a" * 500}),
    ],
)
def test_good_frames_parse(text, frame):
    assert frames.parse(text) == frame


def test_the_size_limit_counts_bytes_not_characters():
    body = '{"t": "chat", "text": "' + "é" * 4100 + '"}'
    assert len(body) < frames.MAX_FRAME_BYTES < len(body.encode())
    with pytest.raises(frames.ClientError) as refused:
        frames.parse(body)
    assert refused.value.code == "frame_too_large"
