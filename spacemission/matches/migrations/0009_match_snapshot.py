from django.db import migrations, models


def snapshot_at_version(apps, schema_editor):
    """Every stored state so far is the state at the match's version."""
    Match = apps.get_model("matches", "Match")
    Match.objects.update(snapshot_version=models.F("version"))


class Migration(migrations.Migration):
    dependencies = [("matches", "0008_match_deal_commitment")]

    operations = [
        migrations.RenameField("match", "state", "snapshot"),
        migrations.AddField(
            model_name="match",
            name="snapshot_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(snapshot_at_version, migrations.RunPython.noop),
    ]
