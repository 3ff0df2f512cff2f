"""The Celery app. Without a broker configured, tasks run in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("earthbook")
app.config_from_object("django.conf:settings", namespace="CELERY")
# The tasks live with what they serve: the board pictures and the poster, the imports, the
# photos, the chronicle and the automatic backups; the background jobs' shared recovery loop
# lives in campaigns.jobs.
app.autodiscover_tasks(
    [
        "campaigns.jobs",
        "campaigns.pictures",
        "campaigns.imports",
        "campaigns.photos",
        "campaigns.chronicle",
        "campaigns.backup",
    ]
)
