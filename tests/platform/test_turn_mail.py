""" "Your move" e-mails at turn-based tables: who gets one, when, once, from one process."""

from __future__ import annotations

import threading

import pytest
from django.core import mail
from django.db import connection

from games import registry
from spacemission.accounts.guests import create_guest
from spacemission.accounts.models import User
from spacemission.live.bots import cancel_all
from spacemission.matches import turnmail
from spacemission.matches.models import Match, TurnMail
from spacemission.matches.services import apply_action
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)
TOY = registry.get("toy")


@pytest.fixture(autouse=True)
def bots_wait(settings):
    settings.BOT_DELAY = 3600
    settings.SITE_URL = "https://play.example.com"
    yield
    cancel_all()


def player(name: str, **fields) -> User:
    return User.objects.create_user(name, email=f"{name}@example.com", **fields)


def play(match: Match, seat: int, user: User | None) -> None:
    match.refresh_from_db()
    action = TOY.legal_actions(current(match), seat)[0]
    apply_action(match.pk, seat, action, match.view_versions[seat], "", user)


def sent() -> list[mail.EmailMessage]:
    turnmail.wait_idle()
    return list(mail.outbox)


def test_the_turn_passing_at_a_turn_based_table_mails_the_next_player_once():
    ada, bob = player("ada"), player("bob", language="de")
    match = create_match([ada, bob], pace="day")
    [first] = sent()  # the match starts with ada to move
    assert first.to == ["ada@example.com"]
    assert first.subject == f"Your move at Toy cards table {match.table.public_id}"
    assert f"https://play.example.com/t/{match.table.public_id}/" in first.body
    assert "against bob" in first.body and "https://play.example.com/account/" in first.body
    assert "Your time runs out at" in first.body  # a day from now, as the clock has it
    mail.outbox.clear()
    play(match, 0, ada)
    [second] = sent()
    assert second.to == ["bob@example.com"]  # not ada, who just moved
    assert second.subject == f"Du bist am Zug: Toy cards, Tisch {match.table.public_id}"
    # The same turn again (a repeat, another process) sends nothing more.
    assert not turnmail.send(match.pk, 1, 1)
    assert len(sent()) == 1
    assert TurnMail.objects.filter(match=match).count() == 2


def test_no_mail_at_real_time_tables_nor_to_those_who_do_not_want_one():
    ada, bob = player("ada"), player("bob")
    realtime = create_match([ada, bob], pace="normal")
    play(realtime, 0, ada)
    assert sent() == []
    guest = create_guest()  # no address
    quiet = player("cy", notice_email=False)
    match = create_match([guest, quiet, "greedy"], pace="3days")
    turnmail.wait_idle()
    play(match, 0, guest)
    # A seat a stand-in bot plays for its absent person: the bot moves, nobody is mailed.
    dee, eve = player("dee"), player("eve")
    away = create_match([dee, eve], pace="day")
    turnmail.wait_idle()  # the start's mail, to dee, first
    away.seats.filter(index=1).update(away=True, bot="greedy")
    play(away, 0, dee)
    assert [m.to for m in sent()] == [["dee@example.com"]]  # the start's, to dee
    assert TurnMail.objects.count() == 1


def test_one_mail_for_one_turn_however_many_senders_race():
    ada, bob = player("ada"), player("bob")
    match = create_match([bob, ada], pace="day")
    sent()
    mail.outbox.clear()
    results: list[bool] = []
    barrier = threading.Barrier(4)

    def race() -> None:
        barrier.wait()
        try:
            results.append(turnmail.send(match.pk, 7, 1))
        finally:
            connection.close()

    threads = [threading.Thread(target=race) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    assert [m.to for m in sent()] == [["ada@example.com"]]


def test_the_seats_a_turn_hands_over():
    state = TOY.setup(3, {"cards_per_seat": 4}, 1)
    after, _ = TOY.apply(state, 0, TOY.legal_actions(state, 0)[0])
    assert turnmail.newly_waiting(TOY, None, state, None) == [0]
    assert turnmail.newly_waiting(TOY, state, after, 0) == [1]
    assert turnmail.newly_waiting(TOY, after, after, 1) == []
