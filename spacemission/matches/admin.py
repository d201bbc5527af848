from django.contrib import admin

from spacemission.matches.models import Action, ChatLine, Match, MatchSeat


class ReadOnlyInline(admin.TabularInline):
    """The history of a match is never edited by hand."""

    extra = 0
    can_delete = False
    show_change_link = False

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        return list(self.fields)

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = MatchSeat
    fields = ["index", "name", "user", "bot"]


class ActionInline(ReadOnlyInline):
    model = Action
    fields = ["version", "seat", "action", "view_versions", "client_id", "user", "created_at"]
    ordering = ["version"]


class ChatInline(ReadOnlyInline):
    model = ChatLine
    fields = ["created_at", "seat", "name", "text"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "table", "seat_count", "version", "status", "created_at"]
    list_filter = ["status", "game"]
    search_fields = ["id", "table__id", "seats__name"]
    readonly_fields = [
        "table",
        "game",
        "seat_count",
        "options",
        "seed",
        "snapshot",
        "snapshot_version",
        "version",
        "view_versions",
        "status",
        "result",
        "created_at",
        "updated_at",
        "finished_at",
    ]
    inlines = [SeatInline, ActionInline, ChatInline]

    def has_add_permission(self, request) -> bool:
        return False
