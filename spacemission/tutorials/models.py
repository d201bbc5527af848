from django.db import models

from spacemission.lobby.models import Table


class GuidedTable(models.Model):
    """A table started as a guided first game: its page walks the player through it."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="guided")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"guided {self.table}"
