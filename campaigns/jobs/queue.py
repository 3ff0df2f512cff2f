"""Sending a job's task: after the transaction commits, or the reason it could not be sent.

Never earlier: a worker could otherwise look for a row, or a game's marks, that are not there
yet. A broker that cannot be reached leaves the job failed with ``JobFailure.NOT_QUEUED`` (which
the recovery loop sends again once the broker is back), never a row that waits for ever.

Celery routes each task to its queue by its name (``task_routes``: ``CELERY_TASK_ROUTES``): a
game's picture to the interactive queue, the bulk work (imports, PDFs, photos' copies, posters)
to the other, each read by a worker of its own, so that one account's bulk work never holds up
another campaign's picture. The tasks are found by Celery's autodiscovery (``campaigns.tasks``).
"""

from __future__ import annotations

import logging
from functools import partial

from celery import current_app
from celery.app.task import Task
from django.db import transaction

from campaigns.jobs.work import describe, fail
from campaigns.models import BackgroundJob, JobFailure

logger = logging.getLogger(__name__)


def task_of(job: BackgroundJob) -> Task:
    """The Celery task of ``job``, by its name; the tasks are imported by Celery's own
    autodiscovery the first time one is looked for in this process."""
    name = job.task_name()
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[name]


def send(job: BackgroundJob, countdown: float | None = None) -> bool:
    """Send the task of ``job`` now (Celery routes it to its queue), to start ``countdown``
    seconds later when given; False, with the reason on its row, when it could not be."""
    try:
        task = task_of(job)
        if countdown is None:
            task.apply_async(args=job.task_args())
        else:
            task.apply_async(args=job.task_args(), countdown=countdown)
    except Exception as exc:
        logger.exception("%s %s could not be queued", job.KIND, job.pk)
        fail(type(job), JobFailure.NOT_QUEUED, describe(exc, job.NOT_QUEUED_DETAIL), pk=job.pk)
        return False
    return True


def enqueue_on_commit(
    job: BackgroundJob, *, at_once_in_process: bool = False, countdown: float | None = None
) -> None:
    """Send the task of ``job`` once the transaction has committed (at once outside one).

    ``at_once_in_process``: with Celery in-process (eager, the embedded default) run it now,
    in this connection, so that the caller is given the job as it ended. ``countdown``: the
    task starts that many seconds after it is sent (in-process it runs at once)."""
    if at_once_in_process and task_of(job).app.conf.task_always_eager:
        send(job)
        return
    transaction.on_commit(partial(send, job, countdown), robust=True)
