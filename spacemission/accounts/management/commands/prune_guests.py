"""Delete guest accounts nobody has used for a while and that never finished a game."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Q
from django.utils import timezone

from spacemission.accounts.models import User
from spacemission.lobby.models import Table


class Command(BaseCommand):
    help = "Delete idle guests without finished games (run daily, e.g. from cron)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30, help="idle for this many days")
        parser.add_argument("--dry-run", action="store_true", help="only count them")

    def handle(self, *args: Any, days: int, dry_run: bool, **options: Any) -> None:
        cutoff = timezone.now() - timedelta(days=days)
        idle = Q(last_login__lt=cutoff) | Q(last_login__isnull=True, date_joined__lt=cutoff)
        # Anyone who played or hosts a started table stays: deleting a host would take the
        # table and its match (everyone's game) with it. Open tables of the deleted go too.
        started = ~Q(status=Table.Status.OPEN)
        keep = Q(seats__table__in=Table.objects.filter(started)) | Q(
            hosted_tables__in=Table.objects.filter(started)
        )
        guests = User.objects.filter(idle, is_guest=True).exclude(
            pk__in=User.objects.filter(keep).values("pk")
        )
        count = guests.count()
        if not dry_run:
            guests.delete()
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(f"{verb} {count} idle guest(s)")
