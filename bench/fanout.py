"""Fan-out cost per action: views, diffs and encoding for every audience of a match.

Plays a whole 4-seat Space Mission game with bots (rules only, no database) and, for
every action, builds what the live layer sends: each seat's and the spectators' patch
(from the view parts the act changed). Compares diffing the whole view with ``jsonpatch``
against the log-as-appends diff of whole views.

    .venv/bin/python -m bench.fanout [seed]
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spacemission.settings")

import django

django.setup()

import jsonpatch  # noqa: E402
import orjson  # noqa: E402

from games import registry  # noqa: E402
from spacemission.live import fanout  # noqa: E402
from spacemission.matches.audiences import changes, initial  # noqa: E402
from spacemission.matches.patches import view_patch  # noqa: E402
from spacemission.matches.services import Applied  # noqa: E402

GAME = registry.get("space-mission")
SEATS = 4


def play(seed: int) -> tuple[list[dict], list[list[dict]]]:
    """Every state of one greedy game, and the events of each act."""
    state = GAME.setup(SEATS, GAME.info.default_options(), seed)
    states, events = [state], []
    while GAME.active_seats(state):
        seat = GAME.active_seats(state)[0]
        action = GAME.bot_action("greedy", GAME.view(state, seat), seed + len(states))
        state, logged = GAME.apply(state, seat, action)
        states.append(state)
        events.append(logged)
    return states, events


def timed(fn, *args) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn(*args)
    return (time.perf_counter() - start) * 1000, out


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    states, events = play(seed)
    audiences = [*range(SEATS), None]
    rows: dict[str, list[float]] = {k: [] for k in ("views", "full", "appends", "encode", "all")}
    sizes: dict[str, list[int]] = {"full": [], "appends": [], "view": []}
    for (before, after), logged in zip(itertools.pairwise(states), events, strict=True):
        views_ms = full_ms = appends_ms = encode_ms = 0.0
        for seat in audiences:
            ms_old, old = timed(GAME.view, before, seat)
            ms_new, new = timed(GAME.view, after, seat)
            views_ms += ms_old + ms_new
            ms, full = timed(lambda o, n: jsonpatch.make_patch(o, n).patch, old, new)
            full_ms += ms
            ms, ops = timed(view_patch, old, new)
            appends_ms += ms
            ms, text = timed(orjson.dumps, {"t": "patch", "v": 1, "ops": ops})
            encode_ms += ms
            sizes["full"].append(len(orjson.dumps(full)))
            sizes["appends"].append(len(text))
            sizes["view"].append(len(orjson.dumps(new)))
        actor = GAME.active_seats(before)[0]
        versions = initial(SEATS)
        changes_ms, changed = timed(changes, GAME, before, after, actor, versions, logged)
        applied = Applied(
            1, GAME.info.id, SEATS, 1, before=before, after=after, changes=tuple(changed)
        )
        ms, _ = timed(fanout.patch_messages, applied)
        rows["all"].append(changes_ms + ms)
        rows["views"].append(views_ms)
        rows["full"].append(full_ms)
        rows["appends"].append(appends_ms)
        rows["encode"].append(encode_ms)

    print(f"{len(states) - 1} actions, {len(audiences)} audiences, seed {seed}")
    print(f"view size: mean {statistics.mean(sizes['view']):.0f} B, last {sizes['view'][-1]} B")
    labels = {
        "views": "2 views per audience",
        "full": "jsonpatch.make_patch on whole views",
        "appends": "view_patch (log as appends)",
        "encode": "orjson encode of the patch frames",
        "all": "changes + patch_messages (what ships)",
    }
    for key, label in labels.items():
        values = rows[key]
        p95 = sorted(values)[int(len(values) * 0.95)]
        print(f"{label:40s} mean {statistics.mean(values):6.2f} ms  p95 {p95:6.2f} ms  /action")
    for key in ("full", "appends"):
        print(f"patch bytes ({key}): mean {statistics.mean(sizes[key]):.0f}")


if __name__ == "__main__":
    main()
