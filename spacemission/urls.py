from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, reverse_lazy
from django.views.i18n import JavaScriptCatalog

from spacemission.accounts import views as accounts
from spacemission.health import healthz
from spacemission.lobby import rules
from spacemission.lobby import views as lobby

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("tables/new/", lobby.create_table, name="table-create"),
    path("quick/", lobby.quick_match, name="quick-match"),
    path("rules/<slug:game>/", rules.rules, name="rules"),
    path("t/<int:pk>/", lobby.table, name="table"),
    path("t/<int:pk>/state/", lobby.table_state, name="table-state"),
    path("t/<int:pk>/join/", lobby.join, name="table-join"),
    path("t/<int:pk>/leave/", lobby.leave, name="table-leave"),
    path("t/<int:pk>/start/", lobby.start, name="table-start"),
    path("t/<int:pk>/bots/", lobby.add_bot, name="table-bot-add"),
    path("t/<int:pk>/bots/<int:seat>/remove/", lobby.remove_bot, name="table-bot-remove"),
    path("join/<str:token>/", lobby.invite, name="invite"),
    path("signup/", accounts.signup, name="signup"),
    path(
        "login/",
        auth_views.LoginView.as_view(template_name="accounts/login.html"),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("guest/", accounts.guest, name="guest"),
    path("account/", accounts.account, name="account"),
    path("account/claim/", accounts.claim, name="claim"),
    path(
        "account/password/",
        auth_views.PasswordChangeView.as_view(
            template_name="accounts/password_change.html", success_url=reverse_lazy("account")
        ),
        name="password-change",
    ),
    path("u/<str:username>/", accounts.profile, name="profile"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
]
