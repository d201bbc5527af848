from django.contrib import admin

from spacemission.lobby.models import Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "bot")
    raw_id_fields = ("user",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "host", "seat_count", "private", "status", "created_at")
    list_filter = ("status", "private", "game")
    search_fields = ("host__username", "host__display_name", "invite_token")
    raw_id_fields = ("host",)
    readonly_fields = ("created_at", "updated_at")
    inlines = [SeatInline]
