from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. Guests are real users with a generated name and no usable password."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    is_guest = models.BooleanField(_("guest"), default=False)

    def __str__(self) -> str:
        return self.shown_name

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username
