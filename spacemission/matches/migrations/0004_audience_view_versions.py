"""View versions become per-audience counters of view changes (docs/protocol.md).

Each stored match is recounted by replaying its action log with the rules; a match whose
log no longer replays starts every audience afresh at 0 (its clients resync anyway).
"""

from django.db import migrations, models

from games import registry
from spacemission.matches import audiences


def recount(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Action = apps.get_model("matches", "Action")
    for match in Match.objects.iterator():
        rows = list(Action.objects.filter(match=match).order_by("version"))
        counts = _replayed(match, rows)
        for row, versions in zip(rows, counts, strict=True):
            row.view_versions = versions
        Action.objects.bulk_update(rows, ["view_versions"], batch_size=500)
        match.view_versions = counts[-1] if counts else audiences.initial(match.seat_count)
        match.save(update_fields=["view_versions"])


def _replayed(match, rows) -> list[list[int]]:
    fresh = audiences.initial(match.seat_count)
    try:
        game = registry.get(match.game)
        start = game.setup(match.seat_count, match.options, match.seed)
        actions = [(row.seat, row.action) for row in rows]
        return audiences.recount(game, start, match.seat_count, actions)
    except Exception:  # a log the rules no longer replay: start afresh
        return [fresh for _ in rows]


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0003_match_view_versions"),
    ]

    operations = [
        migrations.AddField(
            model_name="action",
            name="view_versions",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(recount, migrations.RunPython.noop),
    ]
