"""Table chat: plain text lines, stored, limited per user across every connection."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from spacemission.live import frames
from spacemission.live.frames import ClientError
from spacemission.live.snapshot import chat_frame
from spacemission.matches.models import ChatLine

# At most LINES lines per user and match within WINDOW.
LINES = 5
WINDOW = timedelta(seconds=10)


def post(match_id: int, seat: int | None, user: AbstractBaseUser, text: str) -> frames.Frame:
    """Store one line and return its frame; ClientError when over the limit.

    The limit is counted in the database so a user's several connections (and server
    processes) share it.
    """
    if not user.is_authenticated:
        raise ClientError("login_required", "sign in to chat")
    since = timezone.now() - WINDOW
    recent = ChatLine.objects.filter(match_id=match_id, user_id=user.pk, created_at__gte=since)
    if recent.count() >= LINES:
        seconds = int(WINDOW.total_seconds())
        raise ClientError("chat_rate_limited", f"at most {LINES} lines per {seconds} seconds")
    line = ChatLine.objects.create(
        match_id=match_id, seat=seat, user=user, name=user.shown_name, text=text
    )
    return chat_frame(line)
