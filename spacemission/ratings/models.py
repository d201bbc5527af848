from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from spacemission.matches.models import Match
from spacemission.ratings import scale


class Rating(models.Model):
    """One player's rating at one game: a user's, or one bot kind's."""

    game = models.CharField(_("game"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="ratings",
    )
    bot = models.CharField(max_length=20, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"], name="one_rating_per_user", condition=Q(user__isnull=False)
            ),
            models.UniqueConstraint(
                fields=["game", "bot"], name="one_rating_per_bot", condition=~Q(bot="")
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False, bot="") | Q(user__isnull=True) & ~Q(bot=""),
                name="rating_of_a_user_or_a_bot",
            ),
        ]
        indexes = [models.Index(fields=["game", "-mu"])]

    def __str__(self) -> str:
        return f"{self.game} rating of {self.user_id or self.bot}: {self.shown}"

    @property
    def shown(self) -> int:
        return scale.shown(self.mu)

    @property
    def provisional(self) -> bool:
        return scale.is_provisional(self.games)


class RatingChange(models.Model):
    """What one finished rated match did to the rating of one of its seats."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.PositiveSmallIntegerField()
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    rank = models.PositiveSmallIntegerField(help_text="1 = first; resigned seats rank last")
    mu_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games_after = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_rating_change_per_seat"),
        ]
        indexes = [models.Index(fields=["rating", "created_at"])]

    def __str__(self) -> str:
        return f"match {self.match_id} seat {self.seat}: {self.before} -> {self.after}"

    @property
    def before(self) -> int:
        return scale.shown(self.mu_before)

    @property
    def after(self) -> int:
        return scale.shown(self.mu_after)

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def provisional(self) -> bool:
        return scale.is_provisional(self.games_after)
