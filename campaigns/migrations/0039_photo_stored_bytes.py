"""Each photo says how many bytes its files take, for the photo quotas; the photos already
stored are measured once, from their files."""

from django.core.files.storage import default_storage
from django.db import migrations, models


def measure(apps, schema_editor):
    GamePhoto = apps.get_model("campaigns", "GamePhoto")
    for photo in GamePhoto.objects.only("pk", "original", "web", "thumbnail").iterator():
        size = 0
        for name in (photo.original.name, photo.web.name, photo.thumbnail.name):
            if not name:
                continue
            try:
                size += default_storage.size(name)
            except OSError:  # a file already gone counts nothing
                continue
        if size:
            GamePhoto.objects.filter(pk=photo.pk).update(stored_bytes=size)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0038_claim_your_name"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamephoto",
            name="stored_bytes",
            field=models.PositiveBigIntegerField(
                default=0,
                help_text="Bytes its files take: the upload until its copies are made, then the "
                "original, the web copy and the thumbnail (what the photo quotas count).",
            ),
        ),
        migrations.RunPython(measure, migrations.RunPython.noop),
    ]
