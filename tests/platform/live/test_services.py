"""Stored matches: starting, applying actions, finishing, replaying, replacing players."""

from __future__ import annotations

import pytest
from django.db import connection

from games import registry
from games.core import IllegalAction
from spacemission.live.bots import cancel_all
from spacemission.lobby.models import Table
from spacemission.matches.models import Action, Match
from spacemission.matches.services import (
    apply_action,
    bot_to_move,
    play_bot,
    replace_with_bot,
    replay,
    start_match,
)
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)
TOY = registry.get("toy")


@pytest.fixture(autouse=True)
def bots_wait(settings):
    """Bots are moved by hand here: the drivers started on commit wait, then stop."""
    settings.BOT_DELAY = 3600
    yield
    cancel_all()


def first_legal(match: Match, seat: int) -> dict:
    return TOY.legal_actions(current(match), seat)[0]


def test_start_match_copies_the_table(users):
    ada, bob = users[:2]
    match = create_match([ada, "greedy", bob], options={"cards_per_seat": 4})
    match.refresh_from_db()
    assert match.game == "toy" and match.seat_count == 3 and match.version == 0
    assert match.options == {"cards_per_seat": 4}
    assert 0 <= match.seed < 2**63
    assert current(match) == TOY.setup(3, match.options, match.seed)
    assert [(s.index, s.user, s.bot, s.name) for s in match.seats.all()] == [
        (0, ada, "", "ada"),
        (1, None, "greedy", "Greedy bot"),
        (2, bob, "", "bob"),
    ]
    assert match.table.status == Table.Status.RUNNING


def test_start_match_refuses_a_table_with_an_empty_seat(users):
    from spacemission.lobby.models import Seat

    table = Table.objects.create(game="toy", host=users[0], seat_count=3)
    Seat.objects.create(table=table, index=0, user=users[0])
    Seat.objects.create(table=table, index=2, bot="random")
    with pytest.raises(ValueError):
        start_match(table)
    assert not Match.objects.exists()


def test_apply_action_stores_the_action_and_the_new_state(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    action = first_legal(match, 0)
    applied = apply_action(match.pk, 0, action, 0, "c1", ada)
    match.refresh_from_db()
    assert applied.version == 1 and not applied.repeated and not applied.finished
    assert match.version == 1
    assert current(match) == TOY.apply(applied.before, 0, action)[0] == applied.after
    row = match.actions.get()
    assert (row.version, row.seat, row.action, row.client_id, row.user) == (1, 0, action, "c1", ada)


@pytest.mark.postgres
def test_an_acts_statements_are_prepared_on_postgresql(users):
    """Parsed and planned once per connection, not on every act."""
    ada, bob = users[:2]
    match = create_match([ada, bob])
    apply_action(match.pk, 0, first_legal(match, 0), 0, "c1", ada)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("FOR UPDATE OF m" in text for text in prepared)
    assert any("WITH appended AS" in text for text in prepared)
    assert not any("django_" in text for text in prepared)  # the ORM's queries are not


def test_an_applied_action_says_whether_a_bot_plays_at_the_match(users):
    ada, bob = users[:2]
    people = create_match([ada, bob])
    assert not apply_action(people.pk, 0, first_legal(people, 0), 0, "p1", ada).bots
    with_bot = create_match([ada, "greedy"])
    assert apply_action(with_bot.pk, 0, first_legal(with_bot, 0), 0, "b1", ada).bots


def test_a_stale_version_changes_nothing(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    apply_action(match.pk, 0, first_legal(match, 0), 0, "c1", ada)
    match.refresh_from_db()
    with pytest.raises(IllegalAction) as refused:
        apply_action(match.pk, 1, first_legal(match, 1), 0, "c2", bob)
    assert refused.value.code == "stale_version"
    assert Match.objects.get(pk=match.pk).version == 1 and Action.objects.count() == 1


def test_an_illegal_action_changes_nothing(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    bob_card = current(match)["hands"][1][0]
    with pytest.raises(IllegalAction) as refused:
        apply_action(match.pk, 0, {"type": "play", "card": bob_card}, 0, "c1", ada)
    assert refused.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as refused:
        apply_action(match.pk, 1, first_legal(match, 0), 0, "c1", bob)
    assert refused.value.code == "not_your_turn"
    assert Match.objects.get(pk=match.pk).version == 0 and not Action.objects.exists()


def test_a_malformed_action_is_refused_not_crashed(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    with pytest.raises(IllegalAction) as refused:
        apply_action(match.pk, 0, {"type": "play", "card": ["not", "hashable", {}]}, 0, "", ada)
    assert refused.value.code in {"bad_action", "card_not_in_hand"}


def test_only_the_seated_user_plays_a_seat(users):
    ada, bob, cy = users[:3]
    match = create_match([ada, bob])
    for user, seat in ((bob, 0), (cy, 0), (None, 0)):
        with pytest.raises(IllegalAction) as refused:
            apply_action(match.pk, seat, first_legal(match, 0), 0, "c1", user)
        assert refused.value.code == "not_your_seat"


def test_the_same_client_id_applies_once(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    action = first_legal(match, 0)
    first = apply_action(match.pk, 0, action, 0, "same", ada)
    again = apply_action(match.pk, 0, action, 0, "same", ada)
    assert again.repeated and again.version == first.version == 1
    assert again.before is None and again.after is None
    assert Match.objects.get(pk=match.pk).version == 1 and Action.objects.count() == 1
    # The id belongs to the seat: the other seat may use the same string.
    match.refresh_from_db()
    assert not apply_action(match.pk, 1, first_legal(match, 1), 1, "same", bob).repeated


def test_a_whole_game_finishes_the_match_and_table_and_replays(users):
    ada = users[0]
    match = create_match([ada, "random", "greedy"], options={"cards_per_seat": 4})
    while match.status == Match.Status.RUNNING:
        if bot_to_move(match):
            assert play_bot(match.pk) is not None
        else:
            apply_action(match.pk, 0, first_legal(match, 0), match.version, "", ada)
        match.refresh_from_db()
    assert match.version == 12 and match.actions.count() == 12
    assert match.result == TOY.result(current(match)) and match.result["winners"]
    assert match.finished_at is not None
    assert match.table.status == Table.Status.FINISHED
    assert replay(match) == current(match)
    with pytest.raises(IllegalAction) as refused:
        apply_action(match.pk, 0, {"type": "play", "card": "k000"}, match.version, "", ada)
    assert refused.value.code == "match_over"


def test_replay_detects_a_tampered_log(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    apply_action(match.pk, 0, first_legal(match, 0), 0, "", ada)
    match.refresh_from_db()
    apply_action(match.pk, 1, first_legal(match, 1), 1, "", bob)
    match.refresh_from_db()
    played = current(match)
    assert replay(match) == played
    Action.objects.filter(match=match, version=2).delete()
    assert replay(match) != played


def test_play_bot_moves_only_a_bot_whose_turn_it_is(users):
    ada = users[0]
    match = create_match([ada, "greedy"])
    assert play_bot(match.pk) is None  # ada is to move
    apply_action(match.pk, 0, first_legal(match, 0), 0, "", ada)
    applied = play_bot(match.pk)
    assert applied is not None and applied.version == 2
    row = Action.objects.get(match=match, version=2)
    assert row.seat == 1 and row.user is None
    assert row.action == {
        "type": "play",
        "card": max(applied.before["hands"][1], key=lambda c: int(c[1:]) % 4),
    }


def test_replace_with_bot_hands_the_seat_to_a_bot(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    seat = replace_with_bot(match, 0)
    # The seat stays ada's (contract 1): resigned, played out by the bot.
    assert (seat.user, seat.bot, seat.name, seat.resigned) == (ada, "easy", "Easy bot", True)
    assert match.table.seats.get(index=0).bot == "easy"
    assert match.table.seats.get(index=0).user is None
    with pytest.raises(IllegalAction):
        apply_action(match.pk, 0, first_legal(match, 0), 0, "", ada)
    assert play_bot(match.pk) is not None
    with pytest.raises(ValueError):
        replace_with_bot(match, 1, bot="clairvoyant")


def test_the_admin_shows_a_match_with_its_action_log_read_only(users, client):
    from spacemission.accounts.models import User

    ada, bob = users[:2]
    match = create_match([ada, bob])
    apply_action(match.pk, 0, first_legal(match, 0), 0, "client-77", ada)
    admin = User.objects.create_superuser("root", "root@example.com", "pw-not-used")
    client.force_login(admin)
    page = client.get(f"/admin/matches/match/{match.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "client-77" in html and "actions-0-version" not in html  # shown, not editable
    assert client.get("/admin/matches/match/add/").status_code == 403
    listing = client.get("/admin/matches/match/")
    assert listing.status_code == 200 and str(match.pk) in listing.content.decode()
