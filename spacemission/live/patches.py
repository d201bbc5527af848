"""RFC 6902 patches between two views of one seat.

The view's ``log`` only grows, and it is the longest part of a late-game view. Diffing it
with ``jsonpatch`` costs time proportional to its length on every action, so new log
entries become ``add /log/-`` ops and only the rest of the view is diffed.
"""

from __future__ import annotations

from typing import Any

import jsonpatch

from games.core import View

Ops = list[dict[str, Any]]
LOG = "log"


def view_patch(old: View, new: View) -> Ops:
    """Ops turning ``old`` into ``new`` (a correct RFC 6902 patch in every case)."""
    old_log, new_log = old.get(LOG), new.get(LOG)
    if not _appended(old_log, new_log):
        return jsonpatch.make_patch(old, new).patch
    ops: Ops = jsonpatch.make_patch(_without_log(old), _without_log(new)).patch
    ops.extend({"op": "add", "path": f"/{LOG}/-", "value": e} for e in new_log[len(old_log) :])
    return ops


def _appended(old_log: Any, new_log: Any) -> bool:
    """Whether ``new_log`` is ``old_log`` with entries added at its end."""
    return (
        isinstance(old_log, list)
        and isinstance(new_log, list)
        and len(new_log) >= len(old_log)
        and new_log[: len(old_log)] == old_log
    )


def _without_log(view: View) -> View:
    return {key: value for key, value in view.items() if key != LOG}
