"""What a stored match tells the layers above it, which decide how to make it known.

``matches`` stores changes and never speaks to clients: a change that happened outside an
act (a match started, a seat handed to a bot) is reported here once its transaction
commits, and the live layer, which listens (``spacemission.live.apps``), announces it.
A match that finishes says so inside the transaction that finishes its table
(``matches.finisher``), so the ratings, which listen (``spacemission.ratings.apps``), change
with it or not at all.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# Sent after the commit with ``match_id`` and ``seats_changed`` (who plays a seat changed).
match_changed = Signal()
# Sent inside the transaction that finishes a match's table, with ``match``.
match_finished = Signal()


def after_commit(match_id: int, *, seats_changed: bool) -> None:
    """Report a change of ``match_id`` once the caller's transaction commits."""
    transaction.on_commit(
        lambda: match_changed.send(None, match_id=match_id, seats_changed=seats_changed)
    )
