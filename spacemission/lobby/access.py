"""Who may see a table: public tables are open to all; private ones need a reason."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser

from spacemission.lobby.models import Table

# Session key holding the ids of private tables whose invite link this visitor opened.
INVITES_KEY = "table_invites"
MAX_INVITES = 100  # the newest are kept; a session is no archive


def remember_invite(session: Any, table: Table) -> None:
    """Let this session see ``table`` from now on (it presented the invite token)."""
    invites = [pk for pk in session.get(INVITES_KEY, []) if pk != table.pk]
    session[INVITES_KEY] = [*invites, table.pk][-MAX_INVITES:]


def has_invite(session: Any, table: Table) -> bool:
    return session is not None and table.pk in session.get(INVITES_KEY, [])


def is_seated(user: AbstractBaseUser | AnonymousUser, table: Table) -> bool:
    return user.is_authenticated and table.seats.filter(user_id=user.pk).exists()


def can_watch(user: AbstractBaseUser | AnonymousUser, session: Any, table: Table) -> bool:
    """Whether this visitor may see ``table`` and watch its match.

    Private tables: only seated users, the host, and sessions that opened the invite link.
    ``session`` may be a Django session or the dict-like scope session of Channels.
    """
    if not table.private:
        return True
    if user.is_authenticated and table.host_id == user.pk:
        return True
    return has_invite(session, table) or is_seated(user, table)
