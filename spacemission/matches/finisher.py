"""A finished match's table and ratings: settled once, with the act that ended it or just
after it.

An act that ends a match in a worker thread (``services.apply_locked``: the thread's road,
the stand-ins' and the resignations' of ``absence``) finishes it in its own transaction.
On the event loop (``loopact``) the act's batch stores the match's end (its status, result,
time and last snapshot) as it stores any act, and ``finish`` follows the commit in a worker
thread: the finish reads and locks other rows (the ratings) and rates with openskill, work
the batch's round trips should not carry. A process that dies between the two leaves the
table running; ``left_over`` finds such matches, and any process's next deadline sweep
(``live.deadlines``) finishes them. The table's row lock makes every finish happen once.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from spacemission.lobby.broadcast import tables_changed
from spacemission.lobby.models import Table
from spacemission.matches import signals
from spacemission.matches.models import Match


def finish_locked(match: Match) -> None:
    """Mark the finished match's table finished and announce the finish (the ratings
    listen), in the caller's transaction; the lobby hears of it once that commits."""
    Table.objects.filter(pk=match.table_id).update(
        status=Table.Status.FINISHED, updated_at=timezone.now()
    )
    signals.match_finished.send(None, match=match)
    transaction.on_commit(tables_changed)


def finish(match_id: int) -> bool:
    """Finish a match whose end is stored, unless that is done already (by another
    thread, process or sweep): whether this call did it."""
    with transaction.atomic():
        match = Match.objects.select_related("table").defer("snapshot").filter(pk=match_id).first()
        if match is None or match.status != Match.Status.FINISHED:
            return False
        running = Table.objects.select_for_update().filter(
            pk=match.table_id, status=Table.Status.RUNNING
        )
        if not list(running.values_list("pk", flat=True)):
            return False
        finish_locked(match)
    return True


def left_over() -> list[int]:
    """The matches that ended while their table still runs: a finish a process did not
    live to do."""
    ended = Match.objects.filter(status=Match.Status.FINISHED, table__status=Table.Status.RUNNING)
    return list(ended.order_by("pk").values_list("pk", flat=True))
