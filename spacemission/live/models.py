from django.conf import settings
from django.db import models

from spacemission.matches.models import Match


class Connection(models.Model):
    """One open match websocket, in whichever server process holds it.

    Presence is counted from these rows so every process sees the same numbers. A process
    that dies cannot delete its rows; they stop counting once their heartbeat is stale.
    """

    channel_name = models.CharField(max_length=200, unique=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="connections")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True
    )
    seen_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["match", "seen_at"])]

    def __str__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"{who} on match {self.match_id}"
