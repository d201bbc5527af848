from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter, reverse_lazy
from django.views.i18n import JavaScriptCatalog

from spacemission import errors
from spacemission.accounts import views as accounts
from spacemission.health import healthz
from spacemission.lobby import rules
from spacemission.lobby import views as lobby
from spacemission.lobby.urls import TableIdConverter
from spacemission.matches import views as matches
from spacemission.pages.mygames import my_games
from spacemission.ratings import views as ratings

register_converter(TableIdConverter, "table")
handler400 = errors.bad_request

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("tables/new/", lobby.create_table, name="table-create"),
    path("quick/", lobby.quick_match, name="quick-match"),
    path("play/<slug:game>/", lobby.play_now, name="play-now"),
    path("resume/", lobby.resume, name="resume"),
    path("rules/<slug:game>/", rules.rules, name="rules"),
    path("games/", my_games, name="my-games"),
    path("", include("spacemission.tutorials.urls")),
    path("t/<table:table_id>/", lobby.table, name="table"),
    path("t/<table:table_id>/state/", lobby.table_state, name="table-state"),
    path("t/<table:table_id>/join/", lobby.join, name="table-join"),
    path("t/<table:table_id>/leave/", lobby.leave, name="table-leave"),
    path("t/<table:table_id>/start/", lobby.start, name="table-start"),
    path("t/<table:table_id>/bots/", lobby.add_bot, name="table-bot-add"),
    path("t/<table:table_id>/fill/", lobby.fill_with_bots, name="table-fill"),
    path("t/<table:table_id>/bots/<int:seat>/remove/", lobby.remove_bot, name="table-bot-remove"),
    path("t/<table:table_id>/replay/", matches.replay, name="table-replay"),
    path("t/<table:table_id>/replay/views/", matches.replay_views, name="table-replay-views"),
    path("t/<table:table_id>/record.json", matches.record, name="table-record"),
    path("records/check/", matches.check_record, name="record-check"),
    path("join/<str:token>/", lobby.invite, name="invite"),
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("guest/", accounts.guest, name="guest"),
    path("account/", accounts.account, name="account"),
    path("settings/", accounts.settings, name="settings"),
    path("account/claim/", accounts.claim, name="claim"),
    path(
        "account/password/",
        auth_views.PasswordChangeView.as_view(
            template_name="accounts/password_change.html", success_url=reverse_lazy("account")
        ),
        name="password-change",
    ),
    path("u/<str:username>/", accounts.profile, name="profile"),
    path("leaderboard/", ratings.leaderboard, name="leaderboard"),
    path("leaderboard/<str:game>/", ratings.leaderboard, name="leaderboard-game"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("games.css", lobby.game_styles, name="game-styles"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
]
