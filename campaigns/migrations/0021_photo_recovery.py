import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0020_chronicle_pdf"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamephoto",
            name="auto_retries",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="Times its task was sent again with nobody asking (a lost task, an "
                "outage); back to 0 once its copies are made.",
            ),
        ),
        migrations.AddField(
            model_name="gamephoto",
            name="updated_at",
            field=models.DateTimeField(
                auto_now=True,
                default=django.utils.timezone.now,
                help_text="When its status last moved (a photo waiting too long is lost).",
            ),
            preserve_default=False,
        ),
    ]
