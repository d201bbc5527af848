"""One-click guests: real users with a generated name and no usable password."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction

from spacemission.accounts.models import User
from spacemission.accounts.names import name_key

PREFIX = "Guest-"


def guest_name(digits: int) -> str:
    return f"{PREFIX}{secrets.randbelow(9 * 10 ** (digits - 1)) + 10 ** (digits - 1)}"


def create_guest() -> User:
    """A new guest named like "Guest-4821"; longer numbers once short ones grow scarce."""
    for attempt in range(40):
        name = guest_name(4 + attempt // 8)
        if User.objects.filter(username__iexact=name).exists():
            continue
        user = User(username=name, is_guest=True)
        user.set_unusable_password()
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:
            continue  # someone took the name between the check and the save
        return user
    raise RuntimeError("no free guest name")


def is_guest_name(name: str) -> bool:
    """Names in the guests' pattern (or looking like it) are reserved, so nobody can pass
    for a guest."""
    return name_key(name).startswith(name_key(PREFIX))
