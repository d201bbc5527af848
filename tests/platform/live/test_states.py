"""Event-sourced storage: an act appends its action and bumps the version; the state is
written as a snapshot every few acts and at the end; each process keeps its matches'
states in memory, used only at the version stored under the row lock."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import registry
from spacemission.live.bots import cancel_all
from spacemission.matches import states
from spacemission.matches.models import Match
from spacemission.matches.services import apply_action, replay
from tests.platform.live.conftest import create_match, spoil_snapshot

pytestmark = pytest.mark.django_db(transaction=True)
TOY = registry.get("toy")


@pytest.fixture(autouse=True)
def fresh_memory(settings):
    settings.BOT_DELAY = 3600
    states.forget_all()
    yield
    states.forget_all()
    cancel_all()


@pytest.fixture
def replays(monkeypatch):
    """Counts the loads that replay a match from its snapshot (each a cache miss)."""
    calls: list[int] = []
    real = states.replayed

    def counted(match: Match) -> dict:
        calls.append(match.version)
        return real(match)

    monkeypatch.setattr(states, "replayed", counted)
    return calls


def play(match_id: int, user, seat: int) -> None:
    """``seat`` plays its first card at its current view version."""
    match = Match.objects.get(pk=match_id)
    action = TOY.legal_actions(states.current(match), seat)[0]
    apply_action(match_id, seat, action, match.view_versions[seat], "", user)


def test_an_act_appends_and_leaves_the_snapshot_until_it_is_due(users, monkeypatch):
    monkeypatch.setattr(states, "SNAPSHOT_EVERY", 3)
    ada, bob = users[:2]
    match = create_match([ada, bob])
    start = states.current(match)
    for version, seat in ((1, 0), (2, 1)):
        play(match.pk, (ada, bob)[seat], seat)
        stored = Match.objects.get(pk=match.pk)
        assert (stored.version, stored.snapshot_version, stored.snapshot) == (version, 0, start)
    play(match.pk, ada, 0)
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == stored.snapshot_version == 3
    assert stored.snapshot == replay(stored) == states.replayed(stored)


def test_the_last_act_writes_the_final_state(users):
    ada, bob = users[:2]
    match = create_match([ada, bob], options={"cards_per_seat": 4})
    while Match.objects.get(pk=match.pk).status == Match.Status.RUNNING:
        stored = Match.objects.get(pk=match.pk)
        seat = TOY.active_seats(states.current(stored))[0]
        play(match.pk, (ada, bob)[seat], seat)
    final = Match.objects.get(pk=match.pk)
    assert final.snapshot_version == final.version > 0
    assert final.snapshot == replay(final) and TOY.result(final.snapshot) == final.result


def test_a_process_acts_on_its_kept_state_without_replaying(users, replays):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    play(match.pk, ada, 0)
    play(match.pk, bob, 1)
    play(match.pk, ada, 0)
    assert replays == []  # every act found the state of the version it locked
    assert states.current(Match.objects.get(pk=match.pk)) == replay(match)


def test_an_earlier_kept_state_is_caught_up_with_the_log_not_read_again(users, replays):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    play(match.pk, ada, 0)
    stored = Match.objects.get(pk=match.pk)
    action = TOY.legal_actions(replay(stored), 1)[0]
    # This process last saw version 0: another one made version 1 meanwhile.
    states.forget_all()
    states._keep((match.pk, match.seed), 0, TOY.setup(2, match.options, match.seed))
    spoil_snapshot(match)
    apply_action(match.pk, 1, action, stored.view_versions[1], "", bob)
    assert replays == []  # v0 and the action since, not the snapshot
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 2 and states.current(stored) == replay(stored)


def test_a_state_kept_from_before_the_snapshot_is_not_caught_up(users, replays, monkeypatch):
    monkeypatch.setattr(states, "SNAPSHOT_EVERY", 2)
    ada, bob = users[:2]
    match = create_match([ada, bob])
    play(match.pk, ada, 0)
    at_one = states.current(Match.objects.get(pk=match.pk))
    play(match.pk, bob, 1)  # writes the snapshot of version 2
    play(match.pk, ada, 0)
    stored = Match.objects.get(pk=match.pk)
    assert (stored.version, stored.snapshot_version) == (3, 2)
    # This process last saw version 1: the snapshot and one action are fewer to replay.
    states.forget_all()
    states._keep((match.pk, match.seed), 1, at_one)
    assert states.current(stored) == replay(stored)
    assert replays == [3]


def test_a_state_kept_at_a_later_version_than_the_one_read_is_not_used(users, replays):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    play(match.pk, ada, 0)
    read = Match.objects.get(pk=match.pk)  # version 1
    play(match.pk, bob, 1)  # this process now holds version 2
    assert states.current(read) == replay_to(read, 1)
    assert replays == [1]  # from the snapshot: a state cannot be played backwards


def test_an_act_rolled_back_is_never_kept(users, replays):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    with pytest.raises(RuntimeError), transaction.atomic():
        play(match.pk, ada, 0)
        raise RuntimeError("the transaction fails after the act")
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 0
    assert states._cached((match.pk, match.seed), 1) is None
    play(match.pk, ada, 0)  # the act applies afresh at version 0
    assert states.current(Match.objects.get(pk=match.pk)) == replay(match)


def test_a_process_keeps_a_bounded_number_of_matches(users, monkeypatch):
    monkeypatch.setattr(states, "KEPT", 2)
    ada, bob = users[:2]
    matches = [create_match([ada, bob]) for _ in range(3)]
    for match in matches:
        play(match.pk, ada, 0)
    assert states._cached((matches[0].pk, matches[0].seed), 1) is None
    for match in matches[1:]:
        assert states._cached((match.pk, match.seed), 1) is not None


def test_a_match_read_before_later_acts_is_replayed_to_its_own_version(users, replays):
    """A reader outside the row lock (a sync, a bot) reads the match, then its log: acts
    committed in between must not leak into the state it names with the version read."""
    ada, bob = users[:2]
    match = create_match([ada, bob])
    play(match.pk, ada, 0)
    read = Match.objects.get(pk=match.pk)  # version 1
    play(match.pk, bob, 1)  # version 2 commits before the reader loads the state
    states.forget_all()
    assert states.current(read) == TOY.apply(replay_to(read, 0), 0, first_action(read))[0]
    assert states.current(read) != states.current(Match.objects.get(pk=match.pk))


def test_a_snapshot_newer_than_the_version_read_is_not_used(users, monkeypatch):
    monkeypatch.setattr(states, "SNAPSHOT_EVERY", 1)  # every act writes the snapshot
    ada, bob = users[:2]
    match = create_match([ada, bob])
    play(match.pk, ada, 0)
    read = Match.objects.defer("snapshot").get(pk=match.pk)  # version 1, snapshot unread
    at_one = replay(read)
    play(match.pk, bob, 1)  # writes the snapshot of version 2
    states.forget_all()
    assert Match.objects.get(pk=match.pk).snapshot_version == 2
    assert states.current(read) == at_one


def replay_to(match: Match, version: int) -> dict:
    """The state after the first ``version`` actions, from the deal."""
    state = TOY.setup(match.seat_count, match.options, match.seed)
    for row in match.actions.order_by("version")[:version]:
        state = TOY.apply(state, row.seat, row.action)[0]
    return state


def first_action(match: Match) -> dict:
    return match.actions.get(version=1).action
