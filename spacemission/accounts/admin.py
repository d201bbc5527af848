from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from spacemission.accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("username", "display_name", "email", "is_guest", "is_staff", "date_joined")
    list_filter = ("is_guest", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (_("Player"), {"fields": ("display_name", "is_guest")}),
    )
