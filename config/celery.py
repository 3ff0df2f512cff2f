"""The Celery app. Without a broker configured, tasks run in-process (see settings)."""

import os

from celery import Celery
from django.core.signals import setting_changed

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("earthbook")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Celery's own discovery: the ``tasks`` module of every installed app (``campaigns.tasks`` names
# them all: the board pictures and the poster, the imports, the photos, the chronicle, the
# automatic backups and the jobs' recovery loop).
app.autodiscover_tasks()


def follow_routes(setting: str, value=None, **kwargs) -> None:
    """Celery reads Django's settings as they are, but keeps the routes it was made with: a
    change of ``CELERY_TASK_ROUTES`` (``override_settings``) is handed to it, and Celery makes
    its router again."""
    if setting == "CELERY_TASK_ROUTES":
        app.conf.update(task_routes=value)


setting_changed.connect(follow_routes, dispatch_uid="config.celery.follow_routes")
