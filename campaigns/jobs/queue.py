"""Sending a job's task: after the transaction commits, or the reason it could not be sent.

Never earlier: a worker could otherwise look for a row, or a game's marks, that are not there
yet. A broker that cannot be reached leaves the job failed with ``JobFailure.NOT_QUEUED`` (which
the recovery loop sends again), never a row that waits for ever.

Each task goes to its queue (``queue_of``): a game's picture to the interactive queue, the bulk
work (imports, PDFs, photos' copies, posters) to the other, each read by a worker of its own, so
that one account's bulk work never holds up another campaign's picture.
"""

from __future__ import annotations

import logging
from functools import partial
from importlib import import_module

from celery import current_app
from django.conf import settings
from django.db import transaction

from campaigns.jobs.work import describe, fail
from campaigns.models import BackgroundJob, JobFailure

logger = logging.getLogger(__name__)

# Where the jobs' tasks live; imported before a task is looked up by its name.
TASK_MODULES = (
    "campaigns.pictures.tasks",
    "campaigns.photos.tasks",
    "campaigns.chronicle.tasks",
    "campaigns.imports.tasks",
    "campaigns.backup.tasks",
)


def task_of(job: BackgroundJob):
    for module in TASK_MODULES:
        import_module(module)
    return current_app.tasks[job.task_name()]


def queue_of(task_name: str) -> str:
    """The Celery queue a task goes to: its route in ``CELERY_TASK_ROUTES`` (the interactive
    queue for a game's picture, the bulk queue for the rest), else ``CELERY_TASK_DEFAULT_QUEUE``.
    Read when the task is sent, so that the settings in force then decide."""
    route = settings.CELERY_TASK_ROUTES.get(task_name) or {}
    return route.get("queue") or settings.CELERY_TASK_DEFAULT_QUEUE


def send(job: BackgroundJob) -> bool:
    """Send the task of ``job`` now, to its queue; False, with the reason on its row, when it
    could not be."""
    try:
        task = task_of(job)
        task.apply_async(args=job.task_args(), queue=queue_of(task.name))
    except Exception as exc:
        logger.exception("%s %s could not be queued", job.KIND, job.pk)
        fail(type(job), JobFailure.NOT_QUEUED, describe(exc, job.NOT_QUEUED_DETAIL), pk=job.pk)
        return False
    return True


def enqueue_on_commit(job: BackgroundJob, *, at_once_in_process: bool = False) -> None:
    """Send the task of ``job`` once the transaction has committed (at once outside one).

    ``at_once_in_process``: with Celery in-process (eager, the embedded default) run it now,
    in this connection, so that the caller is given the job as it ended."""
    if at_once_in_process and task_of(job).app.conf.task_always_eager:
        send(job)
        return
    transaction.on_commit(partial(send, job), robust=True)
