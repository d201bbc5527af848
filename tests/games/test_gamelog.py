"""The log a viewer may read (``games.gamelog.visible_log``), and what it knows of how one
filtered log was made from another (``extends``)."""

from __future__ import annotations

from games import gamelog


def grown(log: gamelog.Log, count: int, start: int) -> gamelog.Log:
    return gamelog.append(
        log,
        [
            gamelog.private(0, "drew", n=n) if n % 3 == 0 else gamelog.public(1, "flew", n=n)
            for n in range(start, start + count)
        ],
    )


def test_a_seat_reads_public_lines_and_its_own_private_ones():
    log = grown([], 9, 0)
    assert [e["args"]["n"] for e in gamelog.visible_log(log, 0)] == list(range(9))
    assert [e["args"]["n"] for e in gamelog.visible_log(log, 1)] == [1, 2, 4, 5, 7, 8]
    assert gamelog.visible_log(log, None) == gamelog.visible_log(log, 1)


def test_a_filtered_log_is_known_to_extend_the_one_it_was_made_from():
    first = grown([], 70, 0)  # past a chunk
    second = grown(first, 5, 70)
    before, after = gamelog.visible_log(first, 1), gamelog.visible_log(second, 1)
    assert after[: len(before)] == before and len(after) > len(before)
    assert gamelog.extends(after, before)
    assert not gamelog.extends(before, after)
    assert not gamelog.extends(list(after), before)  # a copy: not known, though it does
    assert not gamelog.extends(after, list(before))
    # Another seat's filtered logs are their own.
    assert not gamelog.extends(gamelog.visible_log(second, 0), before)


def test_an_unchanged_log_is_the_same_list_and_no_extension():
    log = grown([], 5, 0)
    once, again = gamelog.visible_log(log, 1), gamelog.visible_log(log, 1)
    assert once is again
    assert not gamelog.extends(again, once)
