"""Rated tables seat bots only with "Rated, bots count": rated tables that seat bots
already count them, as they did."""

from django.db import migrations, models


def rated_tables_with_bots_count_them(apps, schema_editor):
    Table = apps.get_model("lobby", "Table")
    Table.objects.filter(rated=True).exclude(seats__bot="").update(bots_rated=True)


class Migration(migrations.Migration):
    dependencies = [("lobby", "0006_bot_levels")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="bots_rated",
            field=models.BooleanField(default=False, verbose_name="bots count"),
        ),
        migrations.RunPython(rated_tables_with_bots_count_them, migrations.RunPython.noop),
    ]
