import secrets
from datetime import datetime

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.clock import DEFAULT_PACE
from spacemission.lobby.botnames import bot_label


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


PUBLIC_ID_LENGTH = 8


def new_public_id() -> str:
    """A table's id in URLs and frames: random (48 bits), so tables cannot be counted or
    guessed in sequence; the numeric key stays inside the server."""
    return secrets.token_urlsafe(PUBLIC_ID_LENGTH * 3 // 4)


class Table(models.Model):
    """A table in the lobby: seats to fill, then one match played at it."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    game = models.CharField(_("game"), max_length=40)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_tables"
    )
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    private = models.BooleanField(_("private"), default=False)
    public_id = models.CharField(
        max_length=PUBLIC_ID_LENGTH, unique=True, default=new_public_id, editable=False
    )
    # Rated tables change their players' ratings and seat signed-up accounts only.
    rated = models.BooleanField(_("rated"), default=False)
    # A rated table seats bots only with this on ("Rated, bots count"): each bot is rated
    # at its level's rating, and the people's ratings move by it.
    bots_rated = models.BooleanField(_("bots count"), default=False)
    # A preset of games.clock.PACES: the time control of the table's match.
    pace = models.CharField(_("pace"), max_length=12, default=DEFAULT_PACE)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "private"])]

    def __str__(self) -> str:
        return f"{self.game} table {self.public_id} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.public_id])

    @property
    def stamp(self) -> str:
        """The time of the last change, to tell whether a page shows the table as it is."""
        return stamp(self.updated_at)

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Seat(models.Model):
    """One seat at a table, held by a user or by a bot (or still empty)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(
                fields=["table", "user"],
                name="one_seat_per_user",
                condition=models.Q(user__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"

    @property
    def taken(self) -> bool:
        return self.user_id is not None or bool(self.bot)

    @property
    def name(self) -> str:
        """The name shown for this seat: the player's, the bot's kind, or nothing."""
        if self.user_id is None:
            return seat_name(self.bot, None, "")
        return seat_name("", self.user.username, self.user.display_name)


def stamp(moment: datetime) -> str:
    """A time as the waiting room compares it (microseconds, as the database keeps it)."""
    return f"{moment.timestamp():.6f}"


def seat_name(bot: str, username: str | None, display_name: str) -> str:
    """A seat's shown name from its raw fields (the lobby list reads them as values)."""
    if username is not None:
        return display_name or username
    return bot_label(bot) if bot else ""


class Launch(models.Model):
    """One press of a "Play against bots" form, by the token the form carried: a second
    press of the same form (a double tap, two requests racing) lands on the table the
    first one made instead of making another."""

    token = models.CharField(max_length=32, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    made_guest = models.BooleanField(default=False)  # the press made its player
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"launch of table {self.table_id} by user {self.user_id}"
