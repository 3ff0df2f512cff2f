"""Sending a job's task: after the transaction commits, or the reason it could not be sent.

Never earlier: a worker could otherwise look for a row, or a game's marks, that are not there
yet. A broker that cannot be reached leaves the job failed with ``JobFailure.NOT_QUEUED`` (which
the recovery loop sends again), never a row that waits for ever.
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
)


def task_of(job: BackgroundJob):
    for module in TASK_MODULES:
        import_module(module)
    return current_app.tasks[job.task_name()]


def send(job: BackgroundJob) -> bool:
    """Send the task of ``job`` now; False, with the reason on its row, when it could not be."""
    try:
        task_of(job).apply_async(args=job.task_args(), queue=settings.EARTHBOOK_JOB_QUEUE)
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
