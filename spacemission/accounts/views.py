"""Sign-up, guests, the account page and public profiles. Log in/out are Django's views."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from spacemission.accounts.forms import ClaimGuestForm, DisplayNameForm, SignUpForm
from spacemission.accounts.guests import create_guest
from spacemission.accounts.models import User
from spacemission.accounts.preferences import SettingsForm
from spacemission.accounts.throttle import allow_new_account
from spacemission.lobby.broadcast import tables_changed
from spacemission.lobby.games import game_name
from spacemission.lobby.models import Table
from spacemission.pages.history import finished_games, finished_seats, totals
from spacemission.ratings.standings import history, ratings_of

BACKEND = "spacemission.accounts.backends.UsernameAnyCaseBackend"
GAMES_PER_PAGE = 25


def next_url(request: HttpRequest) -> str:
    """Where to go after signing in: a safe ``next`` of this site, else the lobby."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else reverse("lobby")


class LoginView(auth_views.LoginView):
    """Django's login; someone signed in already goes straight on to ``next`` (a guest
    made on the login page, say), and a ``next`` back to this page counts as none."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get_redirect_url(self) -> str:
        target = super().get_redirect_url()
        return "" if urlsplit(target).path == self.request.path else target


def too_many_accounts(request: HttpRequest) -> HttpResponse:
    message = _("Too many new accounts from your address. Please try again in an hour.")
    return render(request, "accounts/refused.html", {"message": message}, status=429)


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        if request.GET.get("next"):  # signed in on the way (as a guest): go on
            return HttpResponseRedirect(next_url(request))
        return redirect("claim" if request.user.is_guest else "lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not allow_new_account(request):
            return too_many_accounts(request)
        user = form.save()
        login(request, user, backend=BACKEND)
        messages.success(request, _("Welcome, %(name)s!") % {"name": user.shown_name})
        return HttpResponseRedirect(next_url(request))
    return render(request, "accounts/signup.html", {"form": form, "next": next_url(request)})


@require_POST
def guest(request: HttpRequest) -> HttpResponse:
    """Play at once: a fresh guest account, signed in."""
    if not request.user.is_authenticated:
        if not allow_new_account(request):
            return too_many_accounts(request)
        user = create_guest()
        login(request, user, backend=BACKEND)
        messages.info(
            request,
            _("You play as %(name)s. Choose a username and password any time to keep your games.")
            % {"name": user.username},
        )
    return HttpResponseRedirect(next_url(request))


@login_required
def account(request: HttpRequest) -> HttpResponse:
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        transaction.on_commit(tables_changed)  # the lobby's lists name the player anew
        messages.success(request, _("Your display name is saved."))
        return redirect("account")
    return render(request, "accounts/account.html", {"form": form})


@login_required
def settings(request: HttpRequest) -> HttpResponse:
    """Sound, notifications, how moves are shown and what is asked first: one form."""
    form = SettingsForm(request.POST or None, instance=request.user)
    # Opened from a table (its gear): saving goes back there.
    back = next_url(request) if (request.POST.get("next") or request.GET.get("next")) else ""
    context = {"form": form, "next": back}
    if request.method == "POST":
        if form.is_valid():
            form.save_in(request.LANGUAGE_CODE)
            messages.success(request, _("Your settings are saved."))
            return redirect(back or "settings")
        return render(request, "accounts/settings.html", context, status=400)
    return render(request, "accounts/settings.html", context)


@login_required
def claim(request: HttpRequest) -> HttpResponse:
    """A guest becomes a full account; same user, so its games and seats stay."""
    if not request.user.is_guest:
        return redirect("account")
    form = ClaimGuestForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        transaction.on_commit(tables_changed)  # the lobby's lists name the player anew
        messages.success(request, _("Your account is ready, %(name)s.") % {"name": user.username})
        return redirect("profile", username=user.username)
    return render(request, "accounts/claim.html", {"form": form})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username=username, is_active=True)
    own = request.user.pk == player.pk
    seats = finished_seats(player, include_private=own)
    page = Paginator(seats, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    playing = Table.objects.filter(seats__user=player, status=Table.Status.RUNNING)
    if not own:
        playing = playing.filter(private=False)
    ratings = ratings_of(player.pk)
    per_game = [
        {"totals": entry, "rating": ratings.get(entry.game)} for entry in totals(player, own)
    ]
    context = {
        "player": player,
        "per_game": per_game,
        "rating_history": [
            {"game": game, "game_name": game_name(game), "points": points}
            for game, points in history(player.pk, include_private=own).items()
        ],
        "page": page,
        "games": finished_games(list(page.object_list)),
        "playing": [
            {"table": table, "game_name": game_name(table.game)}
            for table in playing.order_by("-created_at")
        ],
        "own": own,
    }
    return render(request, "accounts/profile.html", context)
