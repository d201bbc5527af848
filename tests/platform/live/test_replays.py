"""Replays, records and verifiable deals of stored matches.

A replay is rebuilt from the seed and the action log with the rules alone, and equals
the stored match at every step; nobody can fetch one before the game is over; the seed
and salt reach no page and no frame before the end, and the commitment checks out after.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import orjson
import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import fairdeal, registry
from games.record import check, parse, states
from spacemission.live import fanout, snapshot
from spacemission.matches import audiences, decisions, records
from spacemission.matches.models import Match
from spacemission.matches.services import (
    Applied,
    answer_bot,
    apply_action,
    ask_bot,
    play_bot,
    replay,
)
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match, create_user

pytestmark = pytest.mark.django_db


def played_by_bots(game: str, bots: list[str]) -> tuple[Match, list[dict]]:
    """A match its bots play to the end, with the stored state after every action."""
    match = create_match(bots, game=game)
    stored = [current(Match.objects.get(pk=match.pk))]
    while play_bot(match.pk) is not None:
        stored.append(current(Match.objects.get(pk=match.pk)))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match, stored


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def secrets_of(match: Match) -> tuple[str, str]:
    return str(match.seed), match.salt


@pytest.mark.parametrize(
    ("game", "bots"),
    [("space-mission", ["greedy", "random", "greedy"]), ("jump-drive", ["greedy", "random"])],
)
def test_a_replay_equals_the_stored_match_at_every_step(game: str, bots: list[str]) -> None:
    match, stored = played_by_bots(game, bots)
    record = records.record_of(match)
    assert list(states(registry.get(game), record)) == stored
    verdict = records.verdict(match, record)
    assert verdict.ok
    # The page's views at a step are the rules' views of the stored state then.
    rules = registry.get(game)
    url = reverse("table-replay-views", args=[match.table.public_id])
    for step in (0, len(stored) // 2, len(stored) - 1):
        data = Client().get(url, {"step": step, "seat": "all"}).json()
        assert data["step"] == step
        assert [v["view"] for v in data["views"]] == [
            orjson.loads(orjson.dumps(rules.view(stored[step], seat))) for seat in range(len(bots))
        ]
    page = Client().get(
        reverse("table-replay", args=[match.table.public_id]), {"step": 3, "seat": 1}
    )
    assert page.status_code == 200
    config = page.context["config"]
    assert (config["step"], config["seat"], config["steps"]) == (3, 1, len(stored) - 1)
    assert config["rounds"][0] == {"round": 1, "step": 0}
    assert "✓" in page.content.decode()


def test_nobody_fetches_a_running_games_replay_or_record() -> None:
    ada = create_user("ada")
    match = create_match([ada, "greedy"], game="space-mission")
    table = match.table.public_id
    for client in (Client(), client_for(create_user("cy")), client_for(ada)):
        for name in ("table-replay", "table-replay-views", "table-record"):
            assert client.get(reverse(name, args=[table]), {"step": 0}).status_code == 404


def test_a_private_tables_replay_is_missing_to_strangers() -> None:
    ada = create_user("ada")
    match = create_match([ada, "random"], private=True, options={"cards_per_seat": 4})
    while play_bot(match.pk) is not None or _act_first(match, ada):
        pass
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    url = reverse("table-replay", args=[match.table.public_id])
    assert Client().get(url).status_code == 404
    assert client_for(create_user("cy")).get(url).status_code == 404
    assert Client().get(reverse("table-record", args=[match.table.public_id])).status_code == 404
    assert client_for(ada).get(url).status_code == 200
    invited = Client()
    invited.get(f"/t/{match.table.public_id}/", {"invite": match.table.invite_token})
    assert invited.get(url).status_code == 200


def _act_first(match: Match, user) -> bool:
    """The person's move (the first card), if it is theirs; False when the game is over."""
    match.refresh_from_db()
    if current(match)["turn"] != 0:
        return current(match)["turn"] is not None
    seen = audiences.current(match.view_versions, match.seat_count)[0]
    card = current(match)["hands"][0][0]
    apply_action(match.pk, 0, {"type": "play", "card": card}, seen, user=user)
    return True


@pytest.mark.parametrize(
    "query",
    [
        {"step": -1},
        {"step": 10_000},
        {"step": 1, "seat": 7},
        {"seat": "-1"},
    ],
)
def test_a_step_or_seat_outside_the_game_is_a_404(query: dict) -> None:
    """(One that is not a number at all is a bad request: ``test_bad_requests``.)"""
    match, _ = played_by_bots("toy", ["greedy", "random"])
    for name in ("table-replay", "table-replay-views"):
        assert Client().get(reverse(name, args=[match.table.public_id]), query).status_code == 404


def test_the_record_downloads_and_checks_out_offline() -> None:
    match, _ = played_by_bots("jump-drive", ["greedy", "greedy"])
    response = Client().get(reverse("table-record", args=[match.table.public_id]))
    assert response["Content-Disposition"] == (
        f'attachment; filename="jump-drive-table-{match.table.public_id}.json"'
    )
    data = json.loads(response.content)
    assert set(data) >= {"game", "version", "options", "seats", "seed", "salt", "actions"}
    outcome = check(parse(data))
    assert outcome.ok and outcome.final == current(match)
    assert data["commitment"] == fairdeal.commitment(match.seed, match.salt) == match.commitment


def test_an_uploaded_record_is_checked_and_a_malformed_one_refused(tmp_path) -> None:
    match, _ = played_by_bots("toy", ["greedy", "random"])
    data = json.loads(Client().get(reverse("table-record", args=[match.table.public_id])).content)
    url = reverse("record-check")

    def upload(content: bytes):
        path = tmp_path / "record.json"
        path.write_bytes(content)
        with path.open("rb") as handle:
            return Client().post(url, {"record": handle})

    fine = upload(json.dumps(data).encode())
    assert fine.status_code == 200 and fine.context["outcome"].ok
    committed = data["commitment"]
    data["commitment"] = fairdeal.commitment(data["seed"] + 1, data["salt"])
    tampered = upload(json.dumps(data).encode())
    assert tampered.status_code == 200 and not tampered.context["outcome"].commitment_ok
    assert "do not hash to the commitment" in tampered.content.decode()
    data["commitment"], data["seed"] = committed, data["seed"] + 1  # another deal
    refused = upload(json.dumps(data).encode())
    assert refused.status_code == 400 and "refused by the rules" in refused.content.decode()
    for bad, says in [
        (b"{oops", "not JSON"),
        (b"[]", "a record is a JSON object"),
        (b"\xff", "not JSON"),
    ]:
        response = upload(bad)
        assert response.status_code == 400 and says in response.content.decode()
    assert Client().post(url, {}).status_code == 400


def acts_to_the_end(match: Match, ada: AbstractBaseUser) -> Iterator[Applied]:
    """Each act of ada's match (ada at seat 0, a bot's seat played here) until it ends."""
    while True:
        match.refresh_from_db()
        turn = current(match)["turn"]
        if turn is None:
            return
        seen = audiences.current(match.view_versions, match.seat_count)[turn]
        card = {"type": "play", "card": current(match)["hands"][turn][0]}
        yield apply_action(match.pk, turn, card, seen, user=ada if turn == 0 else None)


def test_the_seed_and_salt_are_secret_until_the_end_and_then_revealed() -> None:
    ada = create_user("ada")
    match = create_match([ada, "greedy"], options={"cards_per_seat": 4})
    seed, salt = secrets_of(match)
    assert match.commitment == fairdeal.commitment(match.seed, match.salt)
    for seat in (0, None):
        frame = snapshot.sync_frame(match.pk, seat)
        text = orjson.dumps(frame).decode()
        assert frame["match"]["commitment"] == match.commitment
        assert seed not in text and salt not in text and "end" not in frame["match"]
    page = client_for(ada).get(f"/t/{match.table.public_id}/").content.decode()
    assert match.commitment in page and seed not in page and salt not in page

    for applied in acts_to_the_end(match, ada):
        messages = fanout.patch_messages(applied)
        texts = [message["text"] for _group, message in messages]
        if not applied.finished:
            assert not any(seed in t or salt in t for t in texts)
    # The last action's messages end with the revealed facts, for the whole match group.
    group, message = messages[-1]
    assert group == fanout.match_group(match.pk)
    final = orjson.loads(message["text"])
    assert final["t"] == "match" and final["match"]["end"]["seed"] == seed
    assert final["match"]["end"]["salt"] == salt
    assert final["match"]["end"]["replay"] == f"/t/{match.table.public_id}/replay/"
    assert snapshot.sync_frame(match.pk, None)["match"]["end"]["seed"] == seed


def test_the_facts_at_the_end_are_told_without_reading_the_state() -> None:
    """The match's last messages need no state: its snapshot (the largest column of a
    finished match) is not even read."""
    ada = create_user("ada")
    match = create_match([ada, "greedy"], options={"cards_per_seat": 4})
    *_, last = acts_to_the_end(match, ada)
    assert last.finished
    with CaptureQueriesContext(connection) as read:
        messages = fanout.patch_messages(last)
    assert orjson.loads(messages[-1][1]["text"])["match"]["end"]
    assert read.captured_queries
    assert not any('"snapshot"' in query["sql"] for query in read.captured_queries)


def test_acts_flagged_to_end_the_turn_are_stored_so_and_replay_to_the_same_match() -> None:
    """O2 waived by the player (``games.turnend``): the stored action keeps its
    ``end_turn`` flag, so the replay, the record's check and the recount of view versions
    take the same steps as the match did."""
    game = "space-mission"
    rules = registry.get(game)
    match = create_match(["greedy", "random", "greedy"], game=game)
    stored = [current(Match.objects.get(pk=match.pk))]
    while (question := ask_bot(match.pk)) is not None:
        choice = decisions.decide(question)
        if len(stored) % 2:
            choice = {**choice, "end_turn": True}
        assert answer_bot(question, choice) is not None
        stored.append(current(Match.objects.get(pk=match.pk)))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    rows = list(match.actions.order_by("version").values_list("seat", "action", "view_versions"))
    flagged = [a for _, a, _ in rows if a.get("end_turn") is True]
    assert flagged and any(a["type"] != "confirm" for a in flagged)
    record = records.record_of(match)
    assert [a for _, a in record.actions] == [a for _, a, _ in rows]
    assert list(states(rules, record)) == stored
    assert records.verdict(match, record).ok
    uploaded = parse(json.loads(json.dumps(record.as_json())))  # a downloaded record
    assert check(uploaded).ok
    assert replay(match) == current(match)
    start = rules.setup(match.seat_count, match.options, match.seed)
    recounted = audiences.recount(rules, start, match.seat_count, [(s, a) for s, a, _ in rows])
    assert recounted == [versions for *_, versions in rows]
