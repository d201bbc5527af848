"""Account forms: sign up, guest upgrade, display name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import UserCreationForm
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from spacemission.accounts.guests import is_guest_name
from spacemission.accounts.models import User
from spacemission.accounts.names import hidden_characters, name_key


def check_visible(name: str) -> None:
    if hidden_characters(name):
        raise forms.ValidationError(
            _("Names may not hold invisible or direction-changing characters.")
        )


def named_alike(name: str, exclude: int | None) -> bool:
    """Whether another account's username or display name looks like ``name``."""
    key = name_key(name)
    others = User.objects.exclude(pk=exclude) if exclude else User.objects.all()
    return others.filter(Q(username_key=key) | Q(display_key=key)).exists()


class DisplayNameMixin:
    """A display name is trimmed (inner whitespace collapsed; empty means "use the
    username") and never another player's name or one that looks like it, so nobody can
    pass for someone else."""

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name:
            return name
        check_visible(name)
        own = self.cleaned_data.get("username") or self.instance.username  # type: ignore[attr-defined]
        mine = name_key(name) == name_key(own)
        if named_alike(name, self.instance.pk) or (is_guest_name(name) and not mine):  # type: ignore[attr-defined]
            raise forms.ValidationError(_("Another player goes by that name."))
        return name


class UsernameMixin:
    """Usernames are unique ignoring case and look-alikes, and the guests' pattern is
    reserved."""

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        check_visible(username)
        if is_guest_name(username):
            raise forms.ValidationError(_("Names starting with “Guest-” are kept for guests."))
        taken = User.objects.filter(username__iexact=username)
        if self.instance.pk:  # type: ignore[attr-defined]
            taken = taken.exclude(pk=self.instance.pk)  # type: ignore[attr-defined]
        if taken.exists():
            raise forms.ValidationError(_("A user with that username already exists."))
        if named_alike(username, self.instance.pk):  # type: ignore[attr-defined]
            raise forms.ValidationError(_("Another player goes by that name."))
        return username


class SignUpForm(UsernameMixin, DisplayNameMixin, UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")
        help_texts = {"display_name": _("Shown to other players; your username if empty.")}


class ClaimGuestForm(UsernameMixin, forms.ModelForm):
    """A guest picks a username and a password and keeps everything it played."""

    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password confirmation"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    class Meta:
        model = User
        fields = ("username",)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two password fields didn’t match."))  # noqa: RUF001
        elif first:
            # Validate against the chosen username, not the generated guest name.
            candidate = User(username=cleaned.get("username", ""))
            try:
                password_validation.validate_password(first, candidate)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.set_password(self.cleaned_data["password1"])
        user.is_guest = False
        if commit:
            user.save()
        return user


class DisplayNameForm(DisplayNameMixin, forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name",)
        help_texts = {"display_name": _("Shown to other players; your username if empty.")}
