"""The table page's "Tutorial" link, and on a guided table the switch of its guide."""

from __future__ import annotations

from typing import Any

from django import template

from spacemission.lobby.models import Table
from spacemission.tutorials.services import is_guided

register = template.Library()


@register.inclusion_tag("tutorials/_table_link.html")
def tutorial_link(table: Table) -> dict[str, Any]:
    return {"game": table.game, "guide": {"game": table.game} if is_guided(table) else None}
