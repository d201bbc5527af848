from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from spacemission.lobby.models import Table


class Match(models.Model):
    """The stored game at a table: its state is replay(setup(seed), actions), kept as a
    snapshot plus the actions since."""

    class Status(models.TextChoices):
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="match")
    game = models.CharField(max_length=40)
    seat_count = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    # The seed and its salt stay on the server until the match is over; the commitment
    # SHA-256(salt ‖ seed) is public from the start (games.fairdeal, docs/fair-deals.md).
    seed = models.BigIntegerField()
    salt = models.CharField(max_length=64, blank=True)
    commitment = models.CharField(max_length=64, blank=True)
    # The state after the first ``snapshot_version`` actions: the current state is this
    # plus the actions since (``matches.states``), rewritten every few actions and at the end.
    snapshot = models.JSONField()
    snapshot_version = models.PositiveIntegerField(default=0)
    # The count of applied actions: replay order, bot seeds. Never sent to a client, as
    # it counts the secret actions of every seat too.
    version = models.PositiveIntegerField(default=0)
    # Per audience (seat 0..n-1, then the spectators): how many times its view changed.
    # A client holds its audience's view version (docs/protocol.md).
    view_versions = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.RUNNING)
    # The time control (a games.clock.PACES id, the table's at the start), the clock's
    # state (games.clock), and its earliest deadline in epoch milliseconds (None: no
    # clock runs), kept with every act so the deadline worker finds what is due.
    pace = models.CharField(max_length=12, default="none")
    clock = models.JSONField(null=True, blank=True)
    deadline = models.BigIntegerField(null=True, blank=True, db_index=True)
    # What happened to the seats, for everyone's log: a bot stood in, a player came back,
    # resigned, was voted away (spacemission.matches.absence).
    events = models.JSONField(default=list, blank=True)
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
    # Every audience's view version once this action applied: the ack a resent client
    # id gets again, and which action a client's view version stands for.
    view_versions = models.JSONField(default=list, blank=True)
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


class MatchSeat(models.Model):
    """A seat of a match: whose it is (``user``; None for a seat a bot was given at the
    table) and who plays it now (``bot``; "" when the user plays). A bot that stands in for
    a user keeps the user here: the seat stays theirs, and ranks last if a bot ends it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="match_seats",
    )
    bot = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=60)
    # A stand-in bot plays for the absent user until they say they are back.
    away = models.BooleanField(default=False)
    timeouts = models.PositiveSmallIntegerField(default=0, help_text="in a row")
    # The user gave the game up (resigned, or left the table): a bot plays it out.
    resigned = models.BooleanField(default=False)
    # When the seat's last connection closed (epoch ms; None while connected), and which
    # seats voted to hand it to a bot (a table without a clock).
    gone_since = models.BigIntegerField(null=True, blank=True)
    votes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_match_seat_per_index"),
            models.UniqueConstraint(
                fields=["match", "user"],
                name="one_match_seat_per_user",
                condition=models.Q(user__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of match {self.match_id}: {self.name}"


class ChatLine(models.Model):
    """One line of table chat: plain text, stored as typed, escaped by whoever displays it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    name = models.CharField(max_length=60)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at", "id"]
        indexes = [models.Index(fields=["match", "user", "created_at"])]

    def __str__(self) -> str:
        return f"{self.name}: {self.text[:40]}"


class Rematch(models.Model):
    """An offer, once a match has ended, to play again at a new table with the same
    players and options. One per match at a time: a new offer replaces a closed one."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for answers")
        STARTED = "started", _("started")
        DECLINED = "declined", _("declined")
        EXPIRED = "expired", _("timed out")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="rematch")
    offered_by = models.PositiveSmallIntegerField(help_text="the seat that offered")
    # The seats whose people are asked (bots accept by themselves), and their answers
    # by seat: {"0": "accept", "2": "decline"}.
    asked = models.JSONField(default=list)
    answers = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    expires_at = models.DateTimeField()
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"rematch of match {self.match_id} ({self.status})"


class TurnMail(models.Model):
    """A "your move" e-mail claimed for one seat and turn: the row is taken before the
    mail goes, so however many processes see the turn pass, one of them sends it, once."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="turn_mails")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField(help_text="the match version that passed the turn")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seat", "version"], name="one_turn_mail_per_turn"
            )
        ]

    def __str__(self) -> str:
        return f"turn mail to seat {self.seat} of match {self.match_id} at v{self.version}"
