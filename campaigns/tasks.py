"""The campaigns app's Celery tasks, where Celery's autodiscovery looks for them
(``app.autodiscover_tasks()`` imports ``<app>.tasks`` of every installed app): each lives with
what it serves, and is named ``campaigns.tasks.<name>`` wherever it lives."""

from campaigns.backup import tasks as backup_tasks
from campaigns.chronicle import tasks as chronicle_tasks
from campaigns.imports import tasks as import_tasks
from campaigns.jobs import tasks as job_tasks
from campaigns.photos import tasks as photo_tasks
from campaigns.pictures import tasks as picture_tasks

__all__ = [
    "backup_tasks",
    "chronicle_tasks",
    "import_tasks",
    "job_tasks",
    "photo_tasks",
    "picture_tasks",
]
