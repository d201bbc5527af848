"""Log in by username whatever its case: sign-up keeps usernames unique ignoring case."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from spacemission.accounts.models import User

USERNAME_MAX_LENGTH = User._meta.get_field("username").max_length


class UsernameAnyCaseBackend(ModelBackend):
    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        if username is None or password is None:
            return None
        # Never query with a name no account can have: an overlong pattern costs the
        # database (SQLite refuses it outright) and the login form does not bound it.
        too_long = len(username) > USERNAME_MAX_LENGTH
        matches = [] if too_long else list(User.objects.filter(username__iexact=username)[:2])
        # The exact spelling wins should two accounts older than the rule differ in case.
        user = next((u for u in matches if u.username == username), None)
        if user is None and len(matches) == 1:
            user = matches[0]
        if user is None:
            User().set_password(password)  # as slow as a real check: no timing hint
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
