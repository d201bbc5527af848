"""A match's changes are applied and announced one at a time per process."""

from __future__ import annotations

import asyncio

from spacemission.live import ordering


async def test_a_second_change_of_a_match_waits_for_the_first_to_be_announced() -> None:
    seen: list[str] = []

    async def change(name: str, match_id: int, hold: float) -> None:
        async with ordering.turn(match_id):
            seen.append(f"{name} applied")
            await asyncio.sleep(hold)  # the database thread, then the send
            seen.append(f"{name} announced")

    first = asyncio.create_task(change("a", 1, 0.05))
    await asyncio.sleep(0)
    await asyncio.gather(first, change("b", 1, 0), change("other match", 2, 0))
    assert seen.index("a announced") < seen.index("b applied")
    assert seen.index("other match announced") < seen.index("a announced")  # not held up


async def test_an_idle_match_keeps_no_lock() -> None:
    async with ordering.turn(7):
        assert 7 in ordering._locks
    assert 7 not in ordering._locks and 7 not in ordering._waiting
