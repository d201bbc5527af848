"""``{% pace_name id %}``: a table's pace in the reader's language."""

from django import template

from games.clock import PACES
from spacemission.lobby.paces import pace_label

register = template.Library()


@register.simple_tag
def pace_name(pace_id: str) -> str:
    return pace_label(PACES.get(pace_id, PACES["none"]))
