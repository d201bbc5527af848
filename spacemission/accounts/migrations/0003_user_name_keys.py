from django.db import migrations, models

from spacemission.accounts.names import name_key


def fill_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username", "display_name").iterator():
        User.objects.filter(pk=user.pk).update(
            username_key=name_key(user.username)[:255],
            display_key=name_key(user.display_name)[:255],
        )


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_user_notices"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=models.CharField(db_index=True, default="", editable=False, max_length=255),
        ),
        migrations.AddField(
            model_name="user",
            name="display_key",
            field=models.CharField(db_index=True, default="", editable=False, max_length=255),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
