"""The table part of the site's URLs: tables are named by their public id."""

from __future__ import annotations

from spacemission.lobby.models import PUBLIC_ID_LENGTH


class TableIdConverter:
    """A table's public id (URL-safe base64): bounded before any query sees it."""

    regex = f"[A-Za-z0-9_-]{{{PUBLIC_ID_LENGTH}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
