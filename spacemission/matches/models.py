from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from spacemission.lobby.models import Table


class Match(models.Model):
    """The stored game at a table: state = replay(setup(seed), actions)."""

    class Status(models.TextChoices):
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="match")
    game = models.CharField(max_length=40)
    seat_count = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status, default=Status.RUNNING)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} match {self.pk} v{self.version} ({self.status})"


class Action(models.Model):
    """One applied action: the append-only log a match is replayed from."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField(help_text="the version this action produced")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    client_id = models.CharField(max_length=64, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="one_action_per_version"),
            models.UniqueConstraint(
                fields=["match", "seat", "client_id"],
                name="one_action_per_client_id",
                condition=~models.Q(client_id=""),
            ),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} v{self.version} seat {self.seat}"
