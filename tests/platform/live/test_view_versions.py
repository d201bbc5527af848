"""Versions per audience: each audience counts the changes to its own view, an action
reaches only the audiences whose view it changed (and its actor), and an act is stale
only when its seat's own view changed after it was made.

Jump Drive's seats decide at once and in secret (J15); Space Mission's take turns.
"""

from __future__ import annotations

import importlib

import orjson
import pytest

from games import registry
from games.core import IllegalAction
from spacemission.live.fanout import patch_messages, seat_group
from spacemission.live.snapshot import sync_frame
from spacemission.matches import audiences
from spacemission.matches.models import Match
from spacemission.matches.services import Applied, apply_action
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db
JUMP_DRIVE = registry.get("jump-drive")
SPACE_MISSION = registry.get("space-mission")
SPECTATORS = 2  # the spectators' place in a two-seat match's view versions


def jump_drive(users) -> Match:
    return create_match(users[:2], game="jump-drive")


def act(match: Match, seat: int, action: dict, version: int) -> Applied:
    applied = apply_action(match.pk, seat, action, version, user=match.seats.get(index=seat).user)
    match.refresh_from_db()
    return applied


def draft(match: Match, seat: int) -> dict:
    """A step of the seat's secret decision (J10: a card picked to discard), not a commit."""
    return next(a for a in JUMP_DRIVE.legal_actions(current(match), seat) if a["type"] != "commit")


def decide(match: Match, seat: int) -> Applied:
    """Draft until the seat may commit, then commit; each act at its own view version."""
    while {"type": "commit"} not in JUMP_DRIVE.legal_actions(current(match), seat):
        act(match, seat, draft(match, seat), match.view_versions[seat])
    return act(match, seat, {"type": "commit"}, match.view_versions[seat])


def test_a_draft_moves_only_its_own_seats_view_version_and_reaches_no_one_else(users):
    match = jump_drive(users)
    assert match.view_versions == [0, 0, 0]
    applied = act(match, 0, draft(match, 0), 0)
    assert match.version == 1 and match.view_versions == [1, 0, 0]  # J15
    assert [(c.seat, c.version) for c in applied.changes] == [(0, 1)]
    assert applied.seen == 1
    messages = patch_messages(applied)
    assert [group for group, _ in messages] == [seat_group(match.pk, 0)]
    assert messages[0][1]["text"].startswith('{"t":"patch","v":1,"ops":')
    # A sync tells each audience its own view version.
    assert [sync_frame(match.pk, seat)["v"] for seat in (0, 1, None)] == [1, 0, 0]


def test_seats_drafting_at_once_do_not_make_each_other_stale(users):
    match = jump_drive(users)
    act(match, 0, draft(match, 0), 0)
    act(match, 1, draft(match, 1), 0)  # made from seat 1's view of version 0
    act(match, 0, draft(match, 0), 1)
    assert match.version == 3 and match.view_versions == [2, 1, 0]


def test_a_commit_reaches_everyone_and_makes_older_acts_of_the_others_stale(users):
    match = jump_drive(users)
    act(match, 1, draft(match, 1), 0)
    applied = decide(match, 0)
    version, own = match.version, match.version - 1  # seat 0's acts, its commit included
    # J15: the commit shows who has committed; each audience counts only its own changes.
    assert match.view_versions == [own, 2, 1]
    assert [(c.seat, c.version) for c in applied.changes] == [(0, own), (1, 2), (None, 1)]
    with pytest.raises(IllegalAction) as refused:
        act(match, 1, draft(match, 1), 1)  # seat 1's view changed at the commit
    assert refused.value.code == "stale_version"
    assert match.version == version and match.actions.count() == version
    act(match, 1, draft(match, 1), 2)


def test_a_commit_that_stops_a_clock_sends_each_audience_one_frame_carrying_it(users):
    """The commit changes whose clock runs: the clock travels in every audience's patch,
    and no frame of its own follows."""
    match = jump_drive(users)
    applied = decide(match, 0)
    assert applied.clock is not None
    messages = patch_messages(applied)
    groups = [seat_group(match.pk, seat) for seat in (0, 1, None)]
    assert [group for group, _ in messages] == groups
    for _, message in messages:
        frame = orjson.loads(message["text"])
        assert frame["t"] == "patch" and frame["now"] == applied.clock["now"]
        assert frame["clock"] == {k: v for k, v in applied.clock.items() if k != "now"}
        assert frame["clock"]["until"][0] is None  # the committed seat's clock stands


def test_an_audience_the_clock_changing_act_did_not_patch_gets_the_clock_alone():
    clock = {"pace": "normal", "left": [1, 2], "until": [None, 9], "now": 5}
    changes = (audiences.ViewChange(0, 3, []),)
    applied = Applied(7, "toy", 2, version=4, seen=3, changes=changes, clock=clock)
    sent = [(group, orjson.loads(m["text"])) for group, m in patch_messages(applied)]
    assert [(group, frame["t"]) for group, frame in sent] == [
        (seat_group(7, 0), "patch"),
        (seat_group(7, 1), "clock"),
        (seat_group(7, None), "clock"),
    ]
    assert all(frame["now"] == 5 and frame["clock"]["until"] == [None, 9] for _, frame in sent)


def test_an_act_beyond_the_seats_view_version_is_stale(users):
    match = jump_drive(users)
    with pytest.raises(IllegalAction) as refused:
        act(match, 0, draft(match, 0), 1)
    assert refused.value.code == "stale_version"
    assert match.version == 0 and match.view_versions == [0, 0, 0]


def test_a_repeated_client_id_is_acknowledged_with_its_version_after_others_acted(users):
    match = jump_drive(users)
    ada = match.seats.get(index=0).user
    act(match, 1, draft(match, 1), 0)
    first = apply_action(match.pk, 0, draft(match, 0), 0, "c1", ada)
    act(match, 1, draft(match, 1), 1)
    act(match, 0, draft(match, 0), 1)
    again = apply_action(match.pk, 0, draft(match, 0), 0, "c1", ada)
    assert again.repeated and not again.changes
    assert (again.version, again.seen) == (first.version, first.seen) == (2, 1)
    assert list(match.actions.values_list("view_versions", flat=True)) == [
        [0, 1, 0],
        [1, 1, 0],
        [1, 2, 0],
        [2, 2, 0],
    ]


def test_a_match_stored_without_view_versions_starts_every_audience_afresh():
    assert audiences.current([], 2) == [0, 0, 0]
    assert audiences.current([3, 7, 5], 2) == [3, 7, 5]


def test_the_log_recounts_the_view_versions_it_produced(users):
    """What the data migration does for stored matches: replay the log, count changes."""
    match = jump_drive(users)
    act(match, 1, draft(match, 1), 0)
    decide(match, 0)
    rows = list(match.actions.values_list("seat", "action", "view_versions"))
    start = JUMP_DRIVE.setup(2, match.options, match.seed)
    recounted = audiences.recount(JUMP_DRIVE, start, 2, [(s, a) for s, a, _ in rows])
    assert recounted == [views for _, _, views in rows]
    assert recounted[-1] == match.view_versions


def test_space_mission_players_hear_of_every_action_as_before():
    """Taking turns, every action shows in every view: each audience gets each version."""
    state = SPACE_MISSION.setup(4, SPACE_MISSION.info.default_options(), 11)
    versions = audiences.initial(4)
    for version in range(1, 41):
        seat = SPACE_MISSION.active_seats(state)[0]
        view = SPACE_MISSION.view(state, seat)
        after, _ = SPACE_MISSION.apply(state, seat, SPACE_MISSION.bot_action("greedy", view, 3))
        changes = audiences.changes(SPACE_MISSION, state, after, seat, versions)
        assert [(c.seat, c.version) for c in changes] == [(s, version) for s in [0, 1, 2, 3, None]]
        versions, state = audiences.bumped(versions, changes), after
    assert versions == [40] * 5


def test_the_data_migration_recounts_stored_matches_from_their_logs(users):
    from django.apps import apps

    migration = importlib.import_module(
        "spacemission.matches.migrations.0004_audience_view_versions"
    )
    match = jump_drive(users)
    act(match, 1, draft(match, 1), 0)
    decide(match, 0)
    counted = list(match.actions.values_list("view_versions", flat=True)), match.view_versions
    match.actions.update(view_versions=[])  # as stored before the counters
    Match.objects.filter(pk=match.pk).update(view_versions=[match.version] * 3)
    migration.recount(apps, None)
    match.refresh_from_db()
    assert (
        list(match.actions.values_list("view_versions", flat=True)),
        match.view_versions,
    ) == counted
