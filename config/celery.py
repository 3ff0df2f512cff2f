"""The Celery app. Without a broker configured, tasks run in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("earthbook")
app.config_from_object("django.conf:settings", namespace="CELERY")
# The tasks live with what they serve: the board pictures, the imports, the photos and the
# chronicle.
app.autodiscover_tasks(
    ["campaigns.pictures", "campaigns.imports", "campaigns.photos", "campaigns.chronicle"]
)
app.autodiscover_tasks(["campaigns.pictures"], related_name="recovery")
