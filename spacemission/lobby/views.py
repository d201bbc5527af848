"""The lobby page, the table page (waiting room, then the match) and table actions.

Every action is a plain POST form that redirects, so the site works without JavaScript;
the lobby script only keeps the lists live.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.clock import PACES
from spacemission.accounts.notices import page_settings
from spacemission.lobby import services
from spacemission.lobby.access import can_watch, remember_invite
from spacemission.lobby.botnames import bot_label, bot_numbers
from spacemission.lobby.forms import (
    BotForm,
    CreateTableForm,
    QuickMatchForm,
    SeatForm,
    first_error,
)
from spacemission.lobby.games import (
    available_games,
    bot_levels,
    default_level,
    game_info,
    game_mark,
    game_name,
    players_label,
)
from spacemission.lobby.listing import tables_frame
from spacemission.lobby.models import Seat, Table
from spacemission.lobby.paces import pace_label
from spacemission.lobby.services import LobbyError

View = Callable[..., HttpResponse]
MAX_TOKEN = Table._meta.get_field("invite_token").max_length


def lobby(request: HttpRequest, create_form: CreateTableForm | None = None) -> HttpResponse:
    mine = []
    if request.user.is_authenticated:
        mine = list(
            Table.objects.filter(seats__user=request.user)
            .exclude(status=Table.Status.FINISHED)
            .order_by("-created_at")
        )
    frame = tables_frame()
    may_play_rated = request.user.is_authenticated and not request.user.is_guest
    context = {
        "open_tables": frame["open"],
        "running_tables": frame["running"],
        "my_tables": mine,
        "mine": [t.public_id for t in mine],
        "my_entries": [
            {"table": t, "game": t.game, "game_name": game_name(t.game), **game_mark(t.game)}
            for t in mine
        ],
        "create_form": create_form
        or CreateTableForm(
            initial={"rated": may_play_rated, **prefilled(CreateTableForm, request.GET)}
        ),
        "quick_form": QuickMatchForm(initial=prefilled(QuickMatchForm, request.GET)),
        "games": [
            {"id": g.id, "name": g.name, "players": players_label(g)} for g in available_games()
        ],
    }
    return render(request, "lobby/lobby.html", context, status=400 if create_form else 200)


def game_styles(request: HttpRequest) -> HttpResponse:
    """Each game's badge colour (``game_mark``), as a stylesheet: pages need no inline
    style for it (Content-Security-Policy), and a new game needs no CSS of its own."""
    rules = [
        f'.game-mark[data-game="{game.id}"] {{ background: hsl({hue} 45% 38%); }}'
        for game in available_games()
        if (hue := game_mark(game.id)["hue"]) is not None
    ]
    return HttpResponse(
        "\n".join(rules) + "\n",
        content_type="text/css; charset=utf-8",
        headers={"Cache-Control": "public, max-age=300"},
    )


def player_action(view: View) -> View:
    """POST only; anonymous visitors are sent to log in, then back to the table, or to the
    lobby with the settings they chose still filled in (a new table, a quick match)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            if "table_id" in kwargs:
                return redirect_to_login(reverse("table", args=[kwargs["table_id"]]))
            return redirect_to_login(f"{reverse('lobby')}?{urlencode(chosen(request.POST))}")
        return view(request, *args, **kwargs)

    return require_POST(wrapper)


def chosen(data: QueryDict) -> dict[str, str]:
    """The settings a visitor chose in a lobby form (bounded: they travel in a URL)."""
    return {k: v[:40] for k, v in list(data.items())[:20] if k != "csrfmiddlewaretoken"}


def prefilled(form_class: type[forms.Form], data: QueryDict) -> dict[str, str]:
    """The initial values of a lobby form from the settings carried through a login."""
    fields = form_class().fields
    return {k: v for k, v in chosen(data).items() if k in fields}


def refused(request: HttpRequest, error: LobbyError, table: Table | None = None) -> HttpResponse:
    messages.error(request, str(error))
    if table is not None and Table.objects.filter(pk=table.pk).exists():
        return redirect(table)
    return redirect("lobby")


@player_action
def create_table(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if not form.is_valid():
        return lobby(request, create_form=form)
    data = form.cleaned_data
    try:
        table = services.create_table(
            request.user,
            data["game"],
            data["seats"],
            bots=data["bots"],
            bot_kind=data["bot_kind"],
            private=data["private"],
            rated=data["rated"],
            bots_rated=data["bots_rated"],
            options=form.options(),
            pace=data["pace"],
        )
    except LobbyError as error:
        form.add_error("pace" if isinstance(error, services.PaceError) else None, str(error))
        return lobby(request, create_form=form)
    return redirect(table)


@player_action
def quick_match(request: HttpRequest) -> HttpResponse:
    form = QuickMatchForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.errors.as_text())
        return redirect("lobby")
    try:
        table = services.quick_match(
            request.user, form.cleaned_data["game"], form.cleaned_data["seats"]
        )
    except LobbyError as error:
        return refused(request, error)
    return redirect(table)


def visible_table(request: HttpRequest, table_id: str) -> Table:
    """The table if this visitor may see it. Every table URL asks this first: a private
    table is a 404 to strangers, exactly like a table that does not exist, in every mode
    (``DEBUG``'s page shows the exception's text, and both answers vary on the session
    cookie, which refusing a stranger reads)."""
    request.session.accessed = True
    table = Table.objects.select_related("host").filter(public_id=table_id).first()
    if table is None:
        raise Http404
    token = request.GET.get("invite")
    if token and token == table.invite_token:
        remember_invite(request.session, table)
    if not can_watch(request.user, request.session, table):
        raise Http404
    return table


def table(request: HttpRequest, table_id: str) -> HttpResponse:
    """The waiting room while the table is open, then its match (running or finished)."""
    table = visible_table(request, table_id)
    seats = list(table.seats.select_related("user").order_by("index"))
    user = request.user
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    viewer = Viewer(seat=mine, is_host=user.is_authenticated and table.host_id == user.pk)
    if table.is_open:
        return waiting_room(request, table, seats, viewer)
    return match_page(request, table, seats, viewer)


@dataclass(frozen=True)
class Viewer:
    """Who looks at a table page: their seat there, if any, and whether they host it."""

    seat: Seat | None
    is_host: bool


def waiting_room(
    request: HttpRequest, table: Table, seats: list[Seat], viewer: Viewer
) -> HttpResponse:
    info = game_info(table.game)
    filled = sum(s.taken for s in seats)
    needed = services.players_needed(info) if info else services.MIN_TO_START
    context = {
        "table": table,
        "seats": list(zip(seats, shown_names(seats), strict=True)),
        "game_name": game_name(table.game),
        "pace_name": pace_label(PACES.get(table.pace, PACES["none"])),
        "my_seat": viewer.seat,
        "is_host": viewer.is_host,
        "filled": filled,
        "empty": len(seats) - filled,
        "needed": needed,
        "can_start": info is not None and filled >= needed,
        "bots": [(level, bot_label(level)) for level in bot_levels(table.game)],
        "default_bot": default_level(table.game),
        "invite_url": request.build_absolute_uri(reverse("invite", args=[table.invite_token])),
    }
    return render(request, "lobby/table.html", context)


def shown_names(seats: list[Seat]) -> list[str]:
    """Each seat's name in the waiting room: the person's, or the bot's, numbered apart."""
    people = [seat.user.shown_name if seat.user_id else "" for seat in seats]
    numbers = bot_numbers((seat.bot, name) for seat, name in zip(seats, people, strict=True))
    return [
        bot_label(seat.bot, number) if seat.bot else name
        for seat, name, number in zip(seats, people, numbers, strict=True)
    ]


def match_page(
    request: HttpRequest, table: Table, seats: list[Seat], viewer: Viewer
) -> HttpResponse:
    match = table.match
    user = request.user
    match_config = {
        "table": table.public_id,
        "match": match.pk,
        "game": table.game,
        "game_name": game_name(table.game),
        "ws": f"/ws/match/{match.pk}/",
        "seat": viewer.seat.index if viewer.seat else None,
        "user": user.username if user.is_authenticated else None,
        "is_host": viewer.is_host,
        "private": table.private,
        "lobby_url": reverse("lobby"),
        "leave_url": reverse("table-leave", args=[table.public_id]),
        "notices": page_settings(user),
    }
    context = {
        "match_config": match_config,
        "table": table,
        "match": match,
        "seats": seats,
        "pace_name": pace_label(PACES.get(match.pace, PACES["none"])),
    }
    return render(request, "match/table.html", context)


def table_state(request: HttpRequest, table_id: str) -> JsonResponse:
    """A table's status and last change: what the waiting room polls while its socket is
    down (the ``table`` frame carries the same)."""
    table = visible_table(request, table_id)
    return JsonResponse(
        {"status": table.status, "updated": table.stamp},
        headers={"Cache-Control": "no-store"},
    )


def invite(request: HttpRequest, token: str) -> HttpResponse:
    if len(token) > MAX_TOKEN:
        raise Http404
    table = get_object_or_404(Table, invite_token=token)
    remember_invite(request.session, table)
    return redirect(table)


@player_action
def join(request: HttpRequest, table_id: str) -> HttpResponse:
    table = visible_table(request, table_id)
    form = SeatForm(request.POST)
    if not form.is_valid():
        return refused(request, LobbyError(first_error(form)), table)
    try:
        services.join(request.user, table.pk, form.cleaned_data["seat"])
    except LobbyError as error:
        return refused(request, error, table)
    return redirect(table)


@player_action
def leave(request: HttpRequest, table_id: str) -> HttpResponse:
    table = visible_table(request, table_id)
    try:
        left = services.leave(request.user, table.pk)
    except LobbyError as error:
        return refused(request, error, table)
    # Back to the waiting room only if this visitor may still see it: a host who hands a
    # private table on, without the invite link, may not.
    if left is None or not left.is_open or not can_watch(request.user, request.session, left):
        return redirect("lobby")
    return redirect(left)


@player_action
def start(request: HttpRequest, table_id: str) -> HttpResponse:
    table = visible_table(request, table_id)
    try:
        services.start(request.user, table.pk)
    except LobbyError as error:
        return refused(request, error, table)
    return redirect(table)


@player_action
def add_bot(request: HttpRequest, table_id: str) -> HttpResponse:
    table = visible_table(request, table_id)
    form = BotForm(request.POST)
    if not form.is_valid():
        return refused(request, LobbyError(first_error(form)), table)
    try:
        data = form.cleaned_data
        services.add_bot(request.user, table.pk, data["kind"], data["seat"])
    except LobbyError as error:
        return refused(request, error, table)
    return redirect(table)


@player_action
def remove_bot(request: HttpRequest, table_id: str, seat: int) -> HttpResponse:
    table = visible_table(request, table_id)
    try:
        services.remove_bot(request.user, table.pk, seat)
    except LobbyError as error:
        return refused(request, error, table)
    return redirect(table)
