"""The paces a table may have (``games.clock.PACES``), as the lobby offers and shows them.

A pace is named from its numbers, so the form, the lists and the table page say the
same, and a new preset needs no new words. ``frontend/static/js/pace.js`` words it alike.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.clock import HOUR, MINUTE, NONE, PACES, REALTIME, SECOND, Pace
from games.core import GameInfo

KINDS = {REALTIME: _("Real time"), "turn": _("Turn-based"), NONE: _("No clock")}


def duration(ms: int) -> str:
    """ "5 min", "30 s", "24 h", "3 days"."""
    if ms >= 48 * HOUR and ms % (24 * HOUR) == 0:
        return gettext("%(count)d days") % {"count": ms // (24 * HOUR)}
    if ms >= HOUR and ms % HOUR == 0:
        return gettext("%(count)d h") % {"count": ms // HOUR}
    if ms >= MINUTE and ms % MINUTE == 0:
        return gettext("%(count)d min") % {"count": ms // MINUTE}
    return gettext("%(count)d s") % {"count": ms // SECOND}


def pace_label(pace: Pace) -> str:
    """E.g. "Real time: 5 min + 30 s per turn", "Turn-based: 24 h per move", "No clock"."""
    if pace.kind == REALTIME:
        words = gettext("%(bank)s + %(increment)s per turn") % {
            "bank": duration(pace.bank),
            "increment": duration(pace.increment),
        }
    elif pace.kind == "turn":
        words = gettext("%(time)s per move") % {"time": duration(pace.bank)}
    else:
        return str(KINDS[NONE])
    return f"{KINDS[pace.kind]}: {words}"


def offered(info: GameInfo, *, private: bool) -> list[Pace]:
    """The paces a table of this game may have: no clock only at a private table."""
    return [PACES[p] for p in info.paces if p in PACES and (private or PACES[p].kind != NONE)]


def public(pace_id: str) -> dict[str, Any]:
    """A pace as scripts get it (they word it in the reader's language)."""
    pace = PACES.get(pace_id, PACES["none"])
    return {"id": pace.id, "kind": pace.kind, "bank": pace.bank, "increment": pace.increment}
