from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. Guests are real users with a generated name and no usable password."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    is_guest = models.BooleanField(_("guest"), default=False)
    # "Your turn" notices (accounts/notices.py): what the table page and the mailer do.
    notice_sound = models.BooleanField(_("play a sound"), default=False)
    notice_browser = models.BooleanField(_("browser notifications"), default=True)
    notice_email = models.BooleanField(_("e-mail at turn-based tables"), default=True)
    # The language the user last saved their settings in: their e-mails are written in it.
    language = models.CharField(_("language"), max_length=10, blank=True)

    def __str__(self) -> str:
        return self.shown_name

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username
