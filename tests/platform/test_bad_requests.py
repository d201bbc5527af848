"""Whatever a visitor puts in an address or an upload, the answer is a page, never a 500,
and the log holds one line for it, never a traceback: a malformed step or seat, a record
nested deeper than the parser goes, a body or a form too large."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from spacemission.logs import Formatter
from spacemission.matches.models import Match
from spacemission.matches.services import play_bot
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@dataclass(frozen=True)
class Finished:
    match: Match
    host: Client
    record: dict

    @property
    def table(self) -> str:
        return self.match.table.public_id


@pytest.fixture
def finished() -> Finished:
    """A public table whose match its bots played to the end, and its host signed in."""
    match = create_match(["greedy", "random"])
    while play_bot(match.pk) is not None:
        pass
    match.refresh_from_db()
    host = Client()
    host.force_login(match.table.host)
    record = json.loads(Client().get(reverse("table-record", args=[match.table.public_id])).content)
    return Finished(match, host, record)


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    """What the server's console log (``settings.LOGGING``) writes meanwhile."""
    [console] = [h for h in logging.getLogger().handlers if isinstance(h.formatter, Formatter)]
    written = io.StringIO()
    before = console.setStream(written)
    yield written
    console.setStream(before)


def refused(response, says: str) -> None:
    """A 400 whose page says what was wrong."""
    html = response.content.decode()
    assert response.status_code == 400, html
    assert says in html, html


def bad_request_page(response, says: str) -> None:
    refused(response, says)
    assert 'id="error-title"' in response.content.decode()  # the site's 400 page


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"seat": "9" * 4400}, "must be a seat number"),  # past int()'s 4,300 digits
        ({"seat": "²"}, "must be a seat number"),  # a Unicode digit int() refuses
        ({"seat": "x"}, "must be a seat number"),
        ({"step": "9" * 4400}, "must be a whole number"),
        ({"step": "2x"}, "must be a whole number"),
        ({"step": "٣"}, "must be a whole number"),  # a digit int() would take
    ],
)
def test_a_step_or_seat_that_is_no_number_is_a_bad_request(
    finished: Finished, log: io.StringIO, query: dict, says: str
) -> None:
    for name in ("table-replay", "table-replay-views"):
        url = reverse(name, args=[finished.table])
        bad_request_page(Client().get(url, {"step": "0", **query}), says)
    assert "Traceback" not in log.getvalue()
    assert log.getvalue().count("\n") == 2  # one line for each


def test_the_bad_request_page_says_what_was_wrong_in_the_visitors_language(
    finished: Finished,
) -> None:
    german = Client(headers={"accept-language": "de"})
    response = german.get(reverse("table-replay", args=[finished.table]), {"seat": "x"})
    bad_request_page(response, "Der Platz in der Adresse muss eine Platznummer")


def upload(content: bytes, client: Client | None = None):
    record = SimpleUploadedFile("record.json", content, content_type="application/json")
    return (client or Client()).post(reverse("record-check"), {"record": record})


def test_a_record_nested_deeper_than_the_parser_goes_is_refused(
    finished: Finished, log: io.StringIO
) -> None:
    deep = "[" * 1200 + "]" * 1200  # 2.4 KB
    refused(upload(deep.encode()), "nested deeper than a game record can be")
    spliced = json.dumps(finished.record).replace('"options": ', f'"options": {deep}, "x": ', 1)
    refused(upload(spliced.encode()), "nested deeper than a game record can be")
    assert "Traceback" not in log.getvalue()


def test_a_body_or_a_form_too_large_is_a_bad_request_in_one_line(log: io.StringIO) -> None:
    url = reverse("record-check")
    big = "a=" + "x" * 3_000_000
    too_big = Client().post(url, big, content_type="application/x-www-form-urlencoded")
    bad_request_page(too_big, "larger than this site accepts")
    bad_request_page(Client().post(url, {"a": "x" * 3_000_000}), "larger than this site accepts")
    many = "&".join(f"f{i}=1" for i in range(1500))
    too_many = Client().post(url, many, content_type="application/x-www-form-urlencoded")
    bad_request_page(too_many, "more fields than this site accepts")
    written = log.getvalue()
    assert "Traceback" not in written and written.count("\n") == 3, written
    assert "DATA_UPLOAD_MAX_MEMORY_SIZE" in written  # Django's own words, for the operator


def routes(patterns: list, namespace: str = "") -> Iterator[URLPattern]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue  # Django's own, staff only: anyone else is sent to its login
            yield from routes(pattern.url_patterns)
        else:
            yield pattern


ROUTES = sorted(routes(get_resolver().url_patterns), key=lambda p: p.name or "")
# The query parameters the views read, each there or not, and anything else.
PARAMS = ["step", "seat", "invite", "next", "page", "language", "game"]
NASTY = ["9" * 4400, "²", "٣", "\U0001d7d8", "-1", "all", "\x00", "%", "1e9", " 1"]
VALUES = st.one_of(st.sampled_from(NASTY), st.text(max_size=30), st.integers().map(str))
QUERIES = st.tuples(
    st.fixed_dictionaries({}, optional=dict.fromkeys(PARAMS, VALUES)),
    st.dictionaries(st.text(max_size=8), VALUES, max_size=2),
).map(lambda both: {**both[1], **both[0]})


def address(route: URLPattern, finished: Finished) -> str:
    """The route's URL with real objects in its path: the finished table and its host."""
    real = {
        "table_id": finished.table,
        "seat": 1,
        "game": "space-mission",
        "username": finished.match.table.host.username,
        "token": finished.match.table.invite_token or "no-such-token",
    }
    names = list(route.pattern.converters) or list(route.pattern.regex.groupindex)
    missing = set(names) - set(real)
    assert not missing, f"no real value for {route.name}'s {missing}: add one here"
    return reverse(route.name, kwargs={name: real[name] for name in names})


def test_every_route_is_reachable_with_real_objects(finished: Finished) -> None:
    """The fuzz below reaches each view with real objects, not a 404 on its path."""
    assert len(ROUTES) > 30 and all(route.name for route in ROUTES)
    for route in ROUTES:
        status = finished.host.get(address(route, finished)).status_code
        assert status in {200, 302, 405}, (route.name, status)


@FUZZ
@given(query=QUERIES, signed_in=st.booleans())
@example(query={"seat": "9" * 4400}, signed_in=False)  # past int()'s 4,300 digits
@example(query={"seat": "²", "step": "٣"}, signed_in=True)  # digits, but not ASCII ones
def test_no_query_on_any_address_is_a_server_error(
    finished: Finished, log: io.StringIO, query: dict, signed_in: bool
) -> None:
    client = finished.host if signed_in else Client()
    for route in ROUTES:
        response = client.get(address(route, finished), query)
        assert response.status_code < 500, (route.name, query)
    assert "Traceback" not in log.getvalue()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
FIELDS = st.sampled_from(
    ["game", "version", "options", "seats", "seed", "salt", "commitment", "actions", "result"]
)


@FUZZ
@given(changes=st.dictionaries(FIELDS, JSON, min_size=1, max_size=3), whole=JSON)
def test_no_uploaded_record_is_a_server_error(
    finished: Finished, log: io.StringIO, changes: dict, whole: object
) -> None:
    """A real record with fields replaced by anything, and anything as a record."""
    for data in ({**finished.record, **changes}, whole):
        response = upload(json.dumps(data).encode())
        assert response.status_code in {200, 400}
    assert "Traceback" not in log.getvalue()
