"""What a user wants to hear when a table waits for them: a sound, a browser notification,
an e-mail at turn-based tables. The account page sets it; the table page reads it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from spacemission.accounts.models import User

FIELDS = ("email", "notice_sound", "notice_browser", "notice_email")


class NoticeForm(forms.ModelForm):
    class Meta:
        model = User
        fields = FIELDS
        labels = {
            "email": _("E-mail address"),
            "notice_sound": _("Play a sound when it is my turn"),
            "notice_browser": _("Show a browser notification when the tab is in the background"),
            "notice_email": _("E-mail me when it is my move at a turn-based table"),
        }
        help_texts = {
            "email": _("Only for your move at turn-based tables; never shown to anyone."),
        }

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip()

    def save_in(self, language: str) -> User:
        """Save, remembering the page's language for the e-mails."""
        user = self.save(commit=False)
        user.language = language
        user.save(update_fields=[*FIELDS, "language"])
        return user


def page_settings(user: Any) -> dict[str, bool]:
    """What the table page's script does on a turn (nothing for anonymous visitors)."""
    if not user.is_authenticated:
        return {"sound": False, "browser": False}
    return {"sound": user.notice_sound, "browser": user.notice_browser}


def wants_turn_mail(user: User) -> bool:
    """An address to write to and the wish to be written to."""
    return bool(user.is_active and user.notice_email and user.email)
