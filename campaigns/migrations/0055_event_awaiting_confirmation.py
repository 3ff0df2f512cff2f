from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0054_event_made_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameevent",
            name="awaiting_confirmation",
            field=models.BooleanField(default=False),
        ),
    ]
