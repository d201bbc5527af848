"""The lobby page, the table page (waiting room, then the match) and table actions.

Every action is a plain POST form that redirects, so the site works without JavaScript;
the lobby script only keeps the lists live.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.clock import PACES, QUICK_MATCH_PACE
from games.core import GameInfo
from spacemission.accounts.guests import create_guest
from spacemission.accounts.models import User
from spacemission.accounts.preferences import table_settings
from spacemission.accounts.throttle import allow_new_account
from spacemission.accounts.views import BACKEND
from spacemission.lobby import services
from spacemission.lobby.access import can_watch, remember_invite
from spacemission.lobby.botnames import bot_label, bot_numbers, kind_name
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
from spacemission.matches import playnow, tables

View = Callable[..., HttpResponse]
# How long a host waits for people before bots are offered for the empty seats.
FILL_AFTER = timedelta(seconds=30)
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
    context = {
        "open_tables": frame["open"],
        "running_tables": frame["running"],
        "quick_waiting": quick_waiting(frame["open"]),
        "quick_pace": QUICK_MATCH_PACE,
        "my_tables": mine,
        "mine": [t.public_id for t in mine],
        "my_entries": [
            {"table": t, "game": t.game, "game_name": game_name(t.game), **game_mark(t.game)}
            for t in mine
        ],
        # A new table starts from the defaults (casual among them), never from the last.
        "create_form": create_form
        or CreateTableForm(initial=prefilled(CreateTableForm, request.GET)),
        "quick_form": QuickMatchForm(initial=prefilled(QuickMatchForm, request.GET)),
        "games": [play_card(g) for g in available_games()],
    }
    return render(request, "lobby/lobby.html", context, status=400 if create_form else 200)


def play_card(info: GameInfo) -> dict[str, Any]:
    """A game as the landing page offers it: "Play against bots" at its usual size."""
    return {
        "id": info.id,
        "name": info.name,
        "players": players_label(info),
        "opponents": [
            bot_label(playnow.bot_kind(info), number) for number in range(1, info.usual_players)
        ],
        "pace": pace_label(PACES[playnow.PLAY_NOW_PACE]),
        "launch": playnow.new_token(),  # tells a second press of this form from a new one
        **game_mark(info.id),
    }


def quick_waiting(open_tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The open tables a quick match would seat someone at: who waits, for which game."""
    return [
        entry
        for entry in open_tables
        if entry["pace"]["id"] == QUICK_MATCH_PACE and len(entry["taken"]) < entry["seats"]
    ]


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
    """POST only; anonymous visitors are sent to log in (or sign up, or play as a guest)
    first, and what they asked for is done on their return (``resume``)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return sign_in_first(request, kwargs.get("table_id"))
        return view(request, *args, **kwargs)

    return require_POST(wrapper)


# The actions a visitor may ask for before signing in, kept until they are back.
RESUMABLE = {"table-create", "quick-match", "table-join"}
PENDING_KEY = "pending_action"


def sign_in_first(request: HttpRequest, table_id: str | None) -> HttpResponse:
    """To the login page, keeping the action asked for in the session (the POST passed
    its CSRF check here; the session is the visitor's own, so no other page can plant
    one). Anything else goes back to the table, or the lobby, once signed in."""
    if request.resolver_match and request.resolver_match.url_name in RESUMABLE:
        request.session[PENDING_KEY] = {"path": request.path, "data": chosen(request.POST)}
        return redirect_to_login(reverse("resume"))
    return redirect_to_login(reverse("table", args=[table_id]) if table_id else reverse("lobby"))


@login_required
def resume(request: HttpRequest) -> HttpResponse:
    """Do what the visitor asked for before signing in: open the table they filled in,
    find their quick match, sit them at the table they chose."""
    pending = request.session.pop(PENDING_KEY, None)
    if not isinstance(pending, dict):
        return redirect("lobby")
    try:
        match = resolve(str(pending.get("path", "")))
    except Resolver404:
        return redirect("lobby")
    if match.url_name not in RESUMABLE:
        return redirect("lobby")
    request.method = "POST"
    request.POST = QueryDict(mutable=True)
    request.POST.update(pending.get("data") or {})
    return match.func(request, *match.args, **match.kwargs)


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


@require_POST
def play_now(request: HttpRequest, game: str) -> HttpResponse:
    """ "Play against bots": a started table of ``game``, for a guest made at once if the
    visitor has no account; a second press of the same form lands on the same table."""
    user = request.user if request.user.is_authenticated else None

    def new_guest() -> User:
        if not allow_new_account(request):
            raise LobbyError(
                _("Too many new accounts from your address. Please try again in an hour.")
            )
        return create_guest()

    token = request.POST.get("launch", "")[:40]
    try:
        launched = playnow.play_against_bots(token, user, game, new_guest)
    except LobbyError as error:
        return refused(request, error)
    if user is None:
        login(request, launched.player, backend=BACKEND)
    return redirect(launched.table)


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
        "bots": [(level, kind_name(level)) for level in bot_levels(table.game)],
        "default_bot": default_level(table.game),
        # When the host is offered to fill the empty seats with bots (ms since the epoch).
        "fill_at": int((table.created_at + FILL_AFTER).timestamp() * 1000),
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
        "settings": table_settings(user),
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
        left = tables.leave(request.user, table.pk)
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
        tables.start(request.user, table.pk)
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
def fill_with_bots(request: HttpRequest, table_id: str) -> HttpResponse:
    table = visible_table(request, table_id)
    info = game_info(table.game)
    try:
        if info is None:
            raise LobbyError(_("There is no such game."))
        tables.fill_with_bots(request.user, table.pk, playnow.bot_kind(info))
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
