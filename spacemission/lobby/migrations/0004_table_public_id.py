from django.db import migrations, models

import spacemission.lobby.models


def fill_public_ids(apps, schema_editor):
    Table = apps.get_model("lobby", "Table")
    taken = set()
    for table in Table.objects.only("pk").iterator():
        public_id = spacemission.lobby.models.new_public_id()
        while public_id in taken:
            public_id = spacemission.lobby.models.new_public_id()
        taken.add(public_id)
        Table.objects.filter(pk=table.pk).update(public_id=public_id)


class Migration(migrations.Migration):

    dependencies = [
        ("lobby", "0003_table_rated"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="public_id",
            field=models.CharField(editable=False, max_length=8, null=True),
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="public_id",
            field=models.CharField(
                default=spacemission.lobby.models.new_public_id,
                editable=False,
                max_length=8,
                unique=True,
            ),
        ),
    ]
