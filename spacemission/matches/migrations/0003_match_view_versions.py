from django.db import migrations, models


def fill(apps, schema_editor):
    """Every audience of an existing match holds the match's current version."""
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.only("pk", "version", "seat_count").iterator():
        match.view_versions = [match.version] * (match.seat_count + 1)
        match.save(update_fields=["view_versions"])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0002_chatline_matchseat"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="view_versions",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
