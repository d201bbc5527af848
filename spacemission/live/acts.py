"""One act, a person's or a bot's, applied and made into its frames.

Both take the same road: on the event loop (``matches.loopact``, over PostgreSQL or
SQLite), else in a worker thread (``services.apply_action``): a PostgreSQL site without a
pool, a batch that could not be written. The act that ends the match is stored on the
loop too; its table and ratings follow in a worker thread (``matches.finisher``), before
the facts that tell of them. Refusals are the rules' and the services' (``IllegalAction``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError

from games.core import Action
from spacemission.live import fanout
from spacemission.live.threads import db
from spacemission.matches import finisher, loopact
from spacemission.matches.services import Applied, apply_action

Messages = list[tuple[str, fanout.Message]]
log = logging.getLogger(__name__)


async def apply(
    match_id: int, seat: int, action: Action, version: int, client_id: str, user: Any
) -> tuple[Applied, Messages]:
    """Apply ``seat``'s act at its view ``version`` (``user`` None: the seat's bot) and
    build its patches."""
    if loopact.available():
        # A batch applies the act whether or not this caller waits for it to the end: one
        # that gives up before its batch begins leaves it unapplied.
        applied = await loopact.apply_action(match_id, seat, action, version, client_id, user)
        if applied is not None and applied.finished:
            return applied, await db(finished)(applied)
        if applied is not None:
            return applied, fanout.patch_messages(applied)
    return await db(in_thread)(match_id, seat, action, version, client_id, user)


def in_thread(
    match_id: int, seat: int, action: Action, version: int, client_id: str, user: Any
) -> tuple[Applied, Messages]:
    """``apply`` in one worker thread (it may read the database to build the patches)."""
    applied = apply_action(match_id, seat, action, version, client_id, user)
    return applied, fanout.patch_messages(applied)


def finished(applied: Applied) -> Messages:
    """The table and ratings of the match ``applied`` ended on the loop, then its patches
    and the facts of its end. A finish that fails is left to the deadline sweep: the act
    is stored, and its patches go out all the same."""
    try:
        finisher.finish(applied.match_id)
    except DatabaseError:
        log.exception("match %s: its finish is left to the next sweep", applied.match_id)
    return fanout.patch_messages(applied)
