"""Hostile and broken frames against the match consumer, in process: each one is refused
with an error frame, never a server error, and never changes the stored match.

Frames go out over a pool of connections that each send fewer than the burst of the
rate limit (and far fewer than the flood limit) before the next one takes over.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from channels.layers import channel_layers
from django.db import transaction
from django.test import Client as HttpClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from spacemission.live.frames import MAX_FRAME_BYTES
from spacemission.matches.states import current
from tests.platform.live.wsclient import Client

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
GAME = registry.get("space-mission")
FRAMES_PER_CONNECTION = 12  # under the burst of 20 and the 50 refusals that close a socket
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
CLIENT_TYPES = {"sync", "act", "chat", "ping", "back", "resign", "vote"}


# The match and its sockets ---------------------------------------------------------------


@dataclass
class Arena:
    """A running 4-seat Space Mission match and a pool of sockets per kind of sender."""

    match_id: int
    active: int  # the seat to move
    cookies: dict[str, str | None]  # "active", "idle" (another seat), "spectator"
    loop: asyncio.AbstractEventLoop
    sockets: dict[str, tuple[Client, int]]

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)

    def stored(self) -> tuple[Any, ...]:
        from spacemission.matches.models import Action, Match

        match = Match.objects.get(pk=self.match_id)
        seats = list(match.seats.values_list("bot", "away", "timeouts", "resigned", "votes"))
        actions = Action.objects.filter(match=match).count()
        return match.version, current(match), actions, match.events, match.clock, seats

    def view(self) -> dict:
        from spacemission.matches.models import Match

        return GAME.view(current(Match.objects.get(pk=self.match_id)), self.active)

    async def socket(self, sender: str) -> Client:
        """An open socket of ``sender`` with room for one more frame under the limits."""
        client, sent = self.sockets.get(sender, (None, FRAMES_PER_CONNECTION))
        if client is None or sent >= FRAMES_PER_CONNECTION:
            if client is not None:
                await client.close()
            client = Client(self.match_id, self.cookies[sender])
            await client.open()
            sent = 0
        self.sockets[sender] = (client, sent + 1)
        return client

    def refused(self, sender: str, text: str | None = None, data: bytes | None = None) -> dict:
        """Send one frame; the error frame it got. Fails on a state change, a server error,
        an ack or patch, or a closed socket."""
        before = self.stored()
        error = self.run(self._exchange(sender, text, data))
        assert self.stored() == before, f"the match changed after {text or data!r}"[:300]
        assert error["code"] != "server_error", text
        return error

    async def _exchange(self, sender: str, text: str | None, data: bytes | None) -> dict:
        client = await self.socket(sender)
        # The raw ASGI message: the communicator's helper refuses an empty frame.
        message = {"type": "websocket.receive", "text": text}
        if data is not None:
            message = {"type": "websocket.receive", "bytes": data}
        await client.ws.send_input(message)
        while True:
            frame = await client.recv()
            assert frame["t"] not in {"ack", "patch", "closed"}, frame
            if frame["t"] == "error":
                return frame

    def close(self) -> None:
        for client, _ in self.sockets.values():
            self.run(client.close())
        self.loop.close()


def create_arena() -> tuple[int, int, dict[str, str | None]]:
    from spacemission.accounts.models import User
    from spacemission.lobby.models import Seat, Table
    from spacemission.matches.services import start_match

    users = [User.objects.create_user(f"fuzz{i}") for i in range(5)]
    with transaction.atomic():
        table = Table.objects.create(game="space-mission", host=users[0], seat_count=4)
        for index, user in enumerate(users[:4]):
            Seat.objects.create(table=table, index=index, user=user)
        match = start_match(table)
    active = GAME.active_seats(current(match))[0]

    def cookie(user: Any) -> str:
        http = HttpClient()
        http.force_login(user)
        return http.cookies["sessionid"].value

    cookies = {
        "active": cookie(users[active]),
        "idle": cookie(users[(active + 1) % 4]),
        "spectator": cookie(users[4]),
    }
    return match.pk, active, cookies


@pytest.fixture
def arena(settings) -> Iterator[Arena]:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.BOT_DELAY = 3600
    channel_layers.backends.clear()
    match_id, active, cookies = create_arena()
    arena = Arena(match_id, active, cookies, asyncio.new_event_loop(), {})
    yield arena
    arena.close()
    channel_layers.backends.clear()


# What hostile clients send ---------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=16,
)
wrong_ids = scalars.filter(lambda x: not (isinstance(x, str) and 1 <= len(x) <= 64)) | st.text(
    min_size=65, max_size=100
)
wrong_versions = scalars.filter(
    lambda x: not (isinstance(x, int) and not isinstance(x, bool) and x >= 0)
)


def is_frame(value: Any) -> bool:
    """A frame the server would answer without an error (ping, sync, chat, a valid act)."""
    return isinstance(value, dict) and value.get("t") in CLIENT_TYPES


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@st.composite
def mutated_actions(draw: st.DrawFn, legal: list[dict]) -> dict:
    """A legal action with one field dropped, retyped, or set to a strange value, or with
    an unknown type: never an action the rules should take."""
    action = dict(draw(st.sampled_from(legal)))
    keys = sorted(action)
    how = draw(st.sampled_from(["drop", "retype", "type"]))
    if how == "type":
        action["type"] = draw(st.text(max_size=30) | st.sampled_from(["Jump", "undo ", "jump\x00"]))
    elif how == "drop" and len(keys) > 1:
        del action[draw(st.sampled_from([k for k in keys if k != "type"]))]
    else:
        key = draw(st.sampled_from(keys))
        value = action[key]
        action[key] = draw(json_values.filter(lambda x: type(x) is not type(value)))
    return action


# The properties --------------------------------------------------------------------------


@FUZZ
@given(text=st.text(max_size=300))
def test_random_text_is_refused(arena, text):
    try:
        frame = json.loads(text)
    except ValueError:
        frame = None
    if is_frame(frame):
        return  # a well-formed frame by chance; it is answered, not refused
    arena.refused("active", text)


@FUZZ
@given(value=json_values)
def test_json_that_is_no_frame_is_refused(arena, value):
    if is_frame(value):
        return
    error = arena.refused("active", dump(value))
    assert error["code"] in {"bad_json", "bad_frame", "unknown_type"}


@FUZZ
@given(
    frame_id=st.text(min_size=1, max_size=64) | wrong_ids,
    version=st.integers(min_value=0, max_value=10) | wrong_versions,
    action=json_values,
    extra=st.dictionaries(st.text(max_size=8), json_values, max_size=3),
)
def test_acts_with_wrong_fields_are_refused(arena, frame_id, version, action, extra):
    frame = {**extra, "t": "act", "id": frame_id, "v": version, "action": action}
    arena.refused("active", dump(frame))


@FUZZ
@given(data=st.data())
def test_malformed_actions_of_the_seat_to_move_are_refused(arena, data):
    view = arena.view()
    action = data.draw(mutated_actions(view["legal"]))
    if action in view["legal"]:
        return
    frame = {"t": "act", "id": "fuzz", "v": 0, "action": action}
    error = arena.refused("active", dump(frame))
    assert error["code"] not in {"stale_version", "not_your_turn"}


@FUZZ
@given(version=st.integers(min_value=1, max_value=2**63 - 1), data=st.data())
def test_stale_versions_are_refused_and_followed_by_a_sync(arena, version, data):
    action = data.draw(st.sampled_from(arena.view()["legal"]))
    frame = {"t": "act", "id": "stale", "v": version, "action": action}
    assert arena.refused("active", dump(frame))["code"] == "stale_version"
    client, _ = arena.sockets["active"]
    sync = arena.run(client.expect("sync"))
    assert sync["v"] == 0


@FUZZ
@given(sender=st.sampled_from(["idle", "spectator"]), data=st.data())
def test_acts_for_another_seat_are_refused(arena, sender, data):
    action = data.draw(st.sampled_from(arena.view()["legal"]))
    frame = {"t": "act", "id": "theirs", "v": 0, "action": action}
    error = arena.refused(sender, dump(frame))
    assert error["code"] == ("spectator" if sender == "spectator" else "not_your_turn")


@FUZZ
@given(depth=st.integers(min_value=1, max_value=MAX_FRAME_BYTES // 2 - 40), wrap=st.booleans())
def test_deeply_nested_json_is_refused(arena, depth, wrap):
    nested = "[" * depth + "]" * depth
    if wrap:  # deep inside an otherwise well-formed act
        nested = '{"t":"act","id":"deep","v":0,"action":{"type":"jump","planet":' + nested + "}}"
    if len(nested.encode()) > MAX_FRAME_BYTES:
        return
    arena.refused("active", nested)


@FUZZ
@given(
    size=st.integers(min_value=MAX_FRAME_BYTES + 1, max_value=4 * MAX_FRAME_BYTES),
    fill=st.sampled_from(["a", "é", "🚀"]),
)
def test_oversized_frames_are_refused(arena, size, fill):
    text = '{"t":"chat","text":"' + fill * size + '"}'
    assert arena.refused("active", text)["code"] == "frame_too_large"


@FUZZ
@given(data=st.binary(max_size=200))
def test_binary_frames_are_refused(arena, data):
    assert arena.refused("active", data=data)["code"] == "bad_json"


@FUZZ
@given(text=json_values.filter(lambda x: not isinstance(x, str)) | st.just("   \n\t"))
def test_chat_lines_of_the_wrong_kind_are_refused(arena, text):
    error = arena.refused("active", dump({"t": "chat", "text": text}))
    assert error["code"] in {"bad_frame", "chat_empty"}


# Seat frames: "I'm back", resign, the vote ------------------------------------------------


@pytest.mark.parametrize(
    ("sender", "frame", "code"),
    [
        ("spectator", {"t": "resign"}, "spectator"),
        ("spectator", {"t": "back"}, "spectator"),
        ("spectator", {"t": "vote", "seat": 0}, "spectator"),
        ("idle", {"t": "back", "seat": "me"}, "bad_frame"),
        ("idle", {"t": "vote", "seat": -1}, "bad_frame"),
        ("idle", {"t": "vote"}, "bad_frame"),
        ("idle", {"t": "vote", "seat": 7}, "clock_decides"),  # a table with a clock
    ],
)
def test_seat_frames_from_the_wrong_sender_are_refused(arena, sender, frame, code):
    assert arena.refused(sender, dump(frame))["code"] == code


@pytest.mark.parametrize("frame_id", ["nul\x00", "tab\there", "line\nbreak", "\u200b\u2028"])
def test_act_ids_of_unprintable_characters_are_refused(arena, frame_id):
    action = arena.view()["legal"][0]
    frame = {"t": "act", "id": frame_id, "v": 0, "action": action}
    assert arena.refused("active", dump(frame))["code"] == "bad_frame"


def test_i_am_back_for_another_seat_is_refused(arena):
    error = arena.refused("idle", dump({"t": "back", "seat": arena.active}))
    assert error["code"] == "not_your_seat"


@FUZZ
@given(seat=json_values.filter(lambda x: not (isinstance(x, int) and not isinstance(x, bool))))
def test_seat_fields_of_the_wrong_kind_are_refused(arena, seat):
    error = arena.refused("idle", dump({"t": "vote", "seat": seat}))
    assert error["code"] == "bad_frame"


def test_resigning_after_the_end_is_refused(arena):
    from spacemission.matches.models import Match

    Match.objects.filter(pk=arena.match_id).update(status=Match.Status.FINISHED)
    assert arena.refused("active", dump({"t": "resign"}))["code"] == "match_over"
