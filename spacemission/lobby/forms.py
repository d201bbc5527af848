"""Lobby forms, built from the game registry so a new game needs no form changes."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.clock import DEFAULT_PACE, PACES
from games.core import GameInfo, Option
from spacemission.lobby.botnames import kind_name
from spacemission.lobby.games import DEFAULT_LEVEL, available_games, bot_levels, game_choice
from spacemission.lobby.paces import pace_label

OPTION_PREFIX = "option_"


def game_limits(games: list[GameInfo]) -> str:
    """What each game allows, for the script that narrows the form to the chosen game:
    ``{"jump-drive": {"seats": [2, 3, 4], "usual": 2, "bots": ["easy", "normal"]}, ...}``."""
    return json.dumps(
        {
            g.id: {
                "seats": list(range(g.min_players, g.max_players + 1)),
                "usual": g.usual_players,
                "bots": list(bot_levels(g.id)),
            }
            for g in games
        },
        separators=(",", ":"),
    )


def seat_range(games: list[GameInfo]) -> range:
    return range(
        min(g.min_players for g in games),
        max(g.max_players for g in games) + 1,
    )


def option_field(game: GameInfo, option: Option) -> forms.Field:
    """A form field for a game option, typed after its default value.

    Never required: a value left out means the game's default (the services fill it in),
    and only the chosen game's options are used.
    """
    label = f"{game.name}: {gettext(option.label)}"  # a game marks its labels (gettext_noop)
    attrs = {"data-game": game.id}  # the script shows it only while this game is chosen
    if option.choices:
        kind = type(option.default)
        return forms.TypedChoiceField(
            label=label,
            widget=forms.Select(attrs=attrs),
            choices=[(c, str(c)) for c in option.choices],
            coerce=(lambda v: v == "True") if kind is bool else kind,
            initial=option.default,
            required=False,
            empty_value=None,
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(
            label=label,
            required=False,
            initial=option.default,
            widget=forms.CheckboxInput(attrs=attrs),
        )
    if isinstance(option.default, int):
        return forms.IntegerField(
            label=label,
            initial=option.default,
            required=False,
            widget=forms.NumberInput(attrs=attrs),
        )
    return forms.CharField(
        label=label,
        initial=option.default,
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs=attrs),
    )


class GameSizeForm(forms.Form):
    """A game and a number of players: what quick match asks, and where a table starts."""

    game = forms.ChoiceField(label=_("Game"))
    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = available_games()
        self.fields["game"].choices = [(g.id, game_choice(g)) for g in self.games]
        self.fields["game"].initial = self.games[0].id
        self.fields["game"].widget.attrs["data-games"] = game_limits(self.games)
        self.fields["seats"].choices = [(n, str(n)) for n in seat_range(self.games)]
        self.fields["seats"].initial = self.games[0].usual_players


class QuickMatchForm(GameSizeForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Both forms share the lobby page: distinct element ids.
        super().__init__(*args, auto_id="quick_%s", **kwargs)


class CreateTableForm(GameSizeForm):
    bots = forms.IntegerField(label=_("Bots"), min_value=0, initial=0)
    bot_kind = forms.ChoiceField(label=_("Bot level"), required=False)  # a level
    private = forms.BooleanField(
        label=_("Private (only people with the invite link)"), required=False
    )
    pace = forms.ChoiceField(
        label=_("Pace"),
        initial=DEFAULT_PACE,
        required=False,  # left out: the default pace
        help_text=_("No clock is for private tables only."),
    )
    rated = forms.BooleanField(
        label=_("Rated (the result changes ratings; signed-up players only)"),
        required=False,
        initial=False,  # a table is casual unless its host asks for ratings
    )
    bots_rated = forms.BooleanField(
        label=_("Rated, bots count (a rated table may seat bots, each rated at its level)"),
        required=False,
        initial=True,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="new_%s", **kwargs)
        kinds = list(dict.fromkeys(kind for g in self.games for kind in bot_levels(g.id)))
        self.fields["bot_kind"].choices = [(k, kind_name(k)) for k in kinds]
        self.fields["bot_kind"].initial = DEFAULT_LEVEL if DEFAULT_LEVEL in kinds else kinds[0]
        self.fields["bots"].max_value = max(g.max_players for g in self.games) - 1
        self.fields["bots"].widget.attrs["max"] = self.fields["bots"].max_value
        paces = dict.fromkeys(p for g in self.games for p in g.paces if p in PACES)
        self.fields["pace"].choices = [(p, pace_label(PACES[p])) for p in paces]
        for game in self.games:
            for option in game.options:
                self.fields[OPTION_PREFIX + option.name] = option_field(game, option)

    def clean_pace(self) -> str:
        return self.cleaned_data["pace"] or DEFAULT_PACE

    def options(self) -> dict[str, Any]:
        return {
            name.removeprefix(OPTION_PREFIX): value
            for name, value in self.cleaned_data.items()
            if name.startswith(OPTION_PREFIX) and value not in (None, "")
        }


MAX_SEAT_INDEX = 99  # beyond any game's seats; bounds the number before it is compared


class SeatField(forms.IntegerField):
    """A seat index; anything but a whole number from 0 is no seat (never "any seat")."""

    default_error_messages = {
        "invalid": _("There is no such seat."),
        "min_value": _("There is no such seat."),
        "max_value": _("There is no such seat."),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=0, max_value=MAX_SEAT_INDEX, required=False, **kwargs)


class BotForm(forms.Form):
    kind = forms.CharField(max_length=20)
    seat = SeatField()


class SeatForm(forms.Form):
    seat = SeatField()


def first_error(form: forms.Form) -> str:
    """The first thing wrong with a form, as one sentence for a message."""
    return next(str(error) for errors in form.errors.values() for error in errors)
