"""Replays of finished games, their downloadable records, and checking a record.

A replay is built from the stored seed and action log through the rules' own ``setup``,
``apply`` and ``view`` (``matches.records``). Only finished matches have one: a running
match's replay, a private table's to a stranger, and a step outside the game are all 404,
exactly as a table that does not exist. A step or seat that is not a number at all is a
bad request (400), and so is a record nested deeper than Python's parser goes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.record import Check, Record, RecordError, check, parse
from spacemission.lobby.games import game_name
from spacemission.lobby.views import visible_table
from spacemission.matches import places, records
from spacemission.matches.models import Match

ALL = "all"  # every seat's view at once: the game is over, nothing is hidden now (O8)
MAX_RECORD_BYTES = 2 * 1024 * 1024
# A step or seat in the address: ASCII digits, no more than any game has steps (int()
# would also take Unicode digits, and refuse thousands of digits with a ValueError).
NUMBER = re.compile(r"-?[0-9]{1,9}")


def finished_match(request: HttpRequest, table_id: str) -> Match:
    """The table's finished match, if this visitor may see the table; else 404."""
    table = visible_table(request, table_id)
    match = Match.objects.filter(table=table, status=Match.Status.FINISHED).first()
    if match is None:
        raise Http404
    return match


def chosen_step(raw: str | None, steps: int) -> int:
    """``?step=N`` (0: the dealt start; missing: the end); outside 0..steps is a 404, not
    a number a 400."""
    if raw is None:
        return steps
    step = number(raw, _("The step in the address must be a whole number."))
    if not 0 <= step <= steps:
        raise Http404
    return step


def chosen_seats(raw: str | None, seat_count: int, default: int) -> tuple[str | int, list[int]]:
    """``?seat=K`` (one seat's point of view) or ``?seat=all``; another seat is a 404,
    anything else a 400."""
    if raw is None:
        return default, [default]
    if raw == ALL:
        return ALL, list(range(seat_count))
    seat = number(raw, _("The seat in the address must be a seat number or “all”."))
    if not 0 <= seat < seat_count:
        raise Http404
    return seat, [seat]


def number(raw: str, error: str) -> int:
    """A number of the address's query; BadRequest(error) if it is not one."""
    if NUMBER.fullmatch(raw) is None:
        raise BadRequest(error)
    return int(raw)


def viewer_seat(request: HttpRequest, match: Match) -> int:
    """The seat this visitor played, else the first."""
    if request.user.is_authenticated:
        mine = match.seats.filter(user_id=request.user.pk).values_list("index", flat=True)
        return mine.first() or 0
    return 0


def replay(request: HttpRequest, table_id: str) -> HttpResponse:
    match = finished_match(request, table_id)
    record = records.record_of(match)
    steps = len(record.actions)
    step = chosen_step(request.GET.get("step"), steps)
    seat, _ = chosen_seats(request.GET.get("seat"), match.seat_count, viewer_seat(request, match))
    verdict = records.verdict(match, record)
    config = {
        "table": table_id,
        "game": match.game,
        "steps": steps,
        "step": step,
        "seat": seat,
        "seats": records.public_seats(record),
        # The end screen names the winners the match page and the profile name.
        "end": places.standing(match.result or {}, match.seats.all(), match.seat_count),
        "actors": [actor for actor, _ in record.actions],
        "rounds": records.rounds(record),
        "views_url": reverse("table-replay-views", args=[table_id]),
        "commitment": match.commitment,
        "seed": str(match.seed),
        "salt": match.salt,
    }
    context = {
        "table": match.table,
        "match": match,
        "game_name": game_name(match.game),
        "config": config,
        "verdict": verdict,
        "record_url": reverse("table-record", args=[table_id]),
    }
    return render(request, "match/replay.html", context)


def replay_views(request: HttpRequest, table_id: str) -> JsonResponse:
    """The views at one step: ``{"step": N, "views": [{"seat": K, "view": {...}}, ...]}``."""
    match = finished_match(request, table_id)
    record = records.record_of(match)
    step = chosen_step(request.GET.get("step"), len(record.actions))
    _chosen, seats = chosen_seats(request.GET.get("seat"), match.seat_count, 0)
    views = records.views_at(record, step, seats)
    return JsonResponse(
        {"step": step, "views": [{"seat": s, "view": v} for s, v in zip(seats, views, strict=True)]}
    )


def record(request: HttpRequest, table_id: str) -> HttpResponse:
    """The game record as a JSON file to download (docs/fair-deals.md)."""
    match = finished_match(request, table_id)
    body = json.dumps(records.record_of(match).as_json(), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = f"{match.game}-table-{table_id}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class RecordForm(forms.Form):
    record = forms.FileField(label=gettext_lazy("Game record (JSON)"))


def read_record(upload: Any) -> Record:
    """A record from an uploaded file; RecordError says, in the reader's language, what
    is wrong with it (the rules core's own reason is in English)."""
    if upload.size > MAX_RECORD_BYTES:
        raise RecordError(_("The file is larger than a game record can be."))
    try:
        data = json.loads(upload.read().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RecordError(_("The file is not JSON.")) from None
    except RecursionError:
        raise RecordError(_("The file is nested deeper than a game record can be.")) from None
    try:
        return parse(data)
    except RecordError as error:
        raise RecordError(unreadable(error)) from None


def replayed(upload: Any) -> tuple[Record, Check]:
    """The uploaded record and what replaying it showed; RecordError as read_record."""
    record = read_record(upload)
    try:
        return record, check(record)
    except RecordError as error:
        raise RecordError(unreadable(error)) from None


def unreadable(error: RecordError) -> str:
    return _("This is not a game record that can be replayed: %(reason)s") % {"reason": error}


def check_record(request: HttpRequest) -> HttpResponse:
    """Upload a downloaded record: replayed here through the rules and checked."""
    form = RecordForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form}
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            record, outcome = replayed(form.cleaned_data["record"])
        except RecordError as error:
            form.add_error("record", str(error))
            status = 400
        else:
            context.update(record=record, outcome=outcome, game_name=game_name(record.game))
    elif request.method == "POST":
        status = 400
    return render(request, "match/check_record.html", context, status=status)
