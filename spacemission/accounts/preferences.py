"""One place for what a user sets about playing: the "your turn" notices (a sound, a
browser notification, an e-mail at turn-based tables) and the table's own manners (how
other players' moves are shown, what is asked before it is done). The settings page saves
them; every table page reads them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from spacemission.accounts.models import Motion, User

TURN_FIELDS = ("email", "notice_sound", "notice_browser", "notice_email")
TABLE_FIELDS = ("move_motion", "confirm_turn_end", "end_turn_with_last", "confirm_leave")
FIELDS = TURN_FIELDS + TABLE_FIELDS

# What a table page does for a visitor who has no account (a spectator).
ANONYMOUS = {
    "sound": False,
    "browser": False,
    "motion": Motion.ANIMATED.value,
    "confirm_turn_end": False,
    "end_turn_with_last": False,
    "confirm_leave": True,
}


class SettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = FIELDS
        labels = {
            "email": _("E-mail address"),
            "notice_sound": _("Play a sound when it is my turn"),
            "notice_browser": _("Show a browser notification when the tab is in the background"),
            "notice_email": _("E-mail me when it is my move at a turn-based table"),
            "move_motion": _("Other players' moves"),
            "confirm_turn_end": _("Ask before ending my turn"),
            "end_turn_with_last": _("End my turn with its last action (no undo after it)"),
            "confirm_leave": _("Ask before resigning or leaving a table"),
        }
        help_texts = {
            "email": _("Only for your move at turn-based tables; never shown to anyone."),
            "move_motion": _(
                "The last move stays marked until you act. A device set to reduce motion "
                "gets no animation either way."
            ),
            "end_turn_with_last": _(
                "Nothing to confirm: the action that completes your turn passes it at once, "
                "without asking first. “Ask before ending my turn” then asks only when you "
                "end a turn with its button."
            ),
        }
        widgets = {"move_motion": forms.RadioSelect}

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip()

    def turn_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in TURN_FIELDS]

    def table_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in TABLE_FIELDS]

    def save_in(self, language: str) -> User:
        """Save, remembering the page's language for the e-mails."""
        user = self.save(commit=False)
        user.language = language
        user.save(update_fields=[*FIELDS, "language"])
        return user


def table_settings(user: Any) -> dict[str, Any]:
    """What the table page's scripts do: on a turn, with other players' moves, before a
    step that cannot be taken back (the defaults for anonymous visitors)."""
    if not user.is_authenticated:
        return dict(ANONYMOUS)
    return {
        "sound": user.notice_sound,
        "browser": user.notice_browser,
        "motion": user.move_motion,
        "confirm_turn_end": user.confirm_turn_end,
        "end_turn_with_last": user.end_turn_with_last,
        "confirm_leave": user.confirm_leave,
    }
