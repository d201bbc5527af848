"""Whether a user is written to when a turn-based table waits for them (the settings page,
accounts/preferences.py, sets it)."""

from __future__ import annotations

from spacemission.accounts.models import User


def wants_turn_mail(user: User) -> bool:
    """An address to write to and the wish to be written to."""
    return bool(user.is_active and user.notice_email and user.email)
