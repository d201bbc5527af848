from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from spacemission.accounts.names import name_key

KEY_LENGTH = 255  # NFKC may lengthen a name


class Motion(models.TextChoices):
    """How the table shows other players' moves (the device may ask for less motion)."""

    ANIMATED = "animated", _("Animated, one move after another")
    STILL = "still", _("Highlighted one after another, without motion")
    AT_ONCE = "at-once", _("Highlighted at once, without waiting")


class User(AbstractUser):
    """A player. Guests are real users with a generated name and no usable password."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    is_guest = models.BooleanField(_("guest"), default=False)
    # "Your turn" notices (accounts/notices.py): what the table page and the mailer do.
    notice_sound = models.BooleanField(_("play a sound"), default=False)
    notice_browser = models.BooleanField(_("browser notifications"), default=True)
    notice_email = models.BooleanField(_("e-mail at turn-based tables"), default=True)
    # At the table (accounts/preferences.py): how other players' moves are shown, and
    # which steps are asked about first.
    move_motion = models.CharField(
        _("moves shown"), max_length=8, choices=Motion.choices, default=Motion.ANIMATED
    )
    confirm_turn_end = models.BooleanField(_("ask before ending a turn"), default=False)
    confirm_leave = models.BooleanField(_("ask before resigning or leaving"), default=True)
    # Every action sent with ``end_turn`` (games.turnend): the last one ends the turn.
    end_turn_with_last = models.BooleanField(_("end the turn with its last action"), default=False)
    # The language the user last saved their settings in: their e-mails are written in it.
    language = models.CharField(_("language"), max_length=10, blank=True)
    # Keys of look-alike names (``names.name_key``), kept with every save: no two
    # accounts' names may share one.
    username_key = models.CharField(
        max_length=KEY_LENGTH, db_index=True, editable=False, default=""
    )
    display_key = models.CharField(max_length=KEY_LENGTH, db_index=True, editable=False, default="")

    def save(self, *args: object, **kwargs: object) -> None:
        self.username_key = name_key(self.username)[:KEY_LENGTH]
        self.display_key = name_key(self.display_name)[:KEY_LENGTH]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "username_key", "display_key"}
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return self.shown_name

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username
