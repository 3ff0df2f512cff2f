"""The task base every job's task uses, and the beat task of the outage recovery.

A job's task takes ids, never rows, and is safe to run twice (``campaigns.jobs.work``), so it is
acknowledged late: a worker that dies mid-job leaves the message to be delivered again
(``acks_late``; ``reject_on_worker_lost`` for a pool process killed under a live worker; the
Redis visibility timeout for a whole worker lost). A transient error (storage or network
``OSError``, a database connection lost) is retried with exponential backoff; anything else, the
last retry, or a time limit (the soft one, or the hard one: Celery calls ``on_failure`` for it
too) ends the job ``failed`` with the reason, on its row. Never silently.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError

from campaigns.jobs import turns
from campaigns.jobs.work import back_in_queue, describe, fail
from campaigns.models import BackgroundJob, JobFailure

logger = logging.getLogger(__name__)

# Worth another try: the storage or the database may be back in a moment.
TRANSIENT_ERRORS = (OSError, OperationalError, InterfaceError)
MAX_RETRIES = 5

RETRYING: dict[str, Any] = {
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": 2,  # 2, 4, 8 ... seconds
    "retry_backoff_max": 120,
    "retry_jitter": True,
    "max_retries": MAX_RETRIES,
}


def time_limits(kind: str, margin: int = 10) -> dict:
    """The hard and soft time limits of a kind of job (``EARTHBOOK_JOB_TIME_LIMITS``)."""
    hard = settings.EARTHBOOK_JOB_TIME_LIMITS[kind]
    return {"time_limit": hard, "soft_time_limit": max(1, hard - margin)}


class JobTask(Task):
    """A job's task: finds its row from its arguments and, once it is not retried any more,
    writes there that it failed and why.

    Given, per task: ``job_model`` (the ``BackgroundJob`` subclass), ``job_keys`` (the names of
    its positional arguments, that find the row) and ``job_defaults`` (what an argument left out
    means).
    """

    abstract = True
    acks_late = True
    reject_on_worker_lost = True
    job_model = None
    job_keys: tuple[str, ...] = ("pk",)
    job_defaults: dict = {}

    def apply(self, *args, **kwargs):
        """In-process (eager, the embedded default) a job ends as under a worker: retried, then
        recorded on its row; it is not raised into the request that asked for it. Retries run
        at once, without backoff."""
        kwargs.setdefault("throw", False)
        return super().apply(*args, **kwargs)

    def __call__(self, *args, **kwargs):
        """The task, on the bulk queue in a turn of its campaign (``campaigns.jobs.turns``):
        with none free, it is sent again to the queue's tail and this delivery ends."""
        request = self.request
        if not turns.takes_turns(self.name, bool(request.is_eager)):
            return super().__call__(*args, **kwargs)
        owner = self.turn_owner(args, kwargs)
        seconds = (self.time_limit or settings.CELERY_TASK_TIME_LIMIT) + turns.TURN_MARGIN
        turn = turns.take(owner, request.id, seconds) if owner else turns.NO_TURN
        if turn is None:
            try:
                self.apply_async(
                    args=args, kwargs=kwargs, countdown=turns.TURN_WAIT, retries=request.retries
                )
                return turns.WAITING
            except Exception:  # the broker lost since it delivered: run now, without a turn
                logger.warning("%s task %s could not wait for its turn", self.name, request.id)
                turn = turns.NO_TURN
        try:
            return super().__call__(*args, **kwargs)
        finally:
            turn.give_back()

    def turn_owner(self, args, kwargs) -> str:
        """Whose turn the job takes ("campaign-7", "account-3"); "" when its row is gone."""
        model: type[BackgroundJob] | None = self.job_model
        if model is None:
            return ""
        kind, field = model.TURN_OF
        lookup = self.job_lookup(args, kwargs)
        value = lookup.get(field)
        if value is None:
            rows = model._default_manager.filter(**lookup)
            value = rows.values_list(field, flat=True).first()
        return f"{kind}-{value}" if value is not None else ""

    def job_lookup(self, args, kwargs) -> dict:
        given = {**dict(zip(self.job_keys, args, strict=False)), **(kwargs or {})}
        lookup = {key: given.get(key, self.job_defaults.get(key)) for key in self.job_keys}
        return lookup

    def failure_of(self, exc) -> tuple[str, str]:
        """The reason (a ``JobFailure``) and the detail of ``exc``, the task's last error."""
        if isinstance(exc, SoftTimeLimitExceeded):
            return JobFailure.TOO_LONG, f"It took longer than {self.soft_time_limit} seconds."
        if isinstance(exc, TimeLimitExceeded):
            return JobFailure.TOO_LONG, f"It was stopped after {self.time_limit} seconds."
        detail = describe(exc)
        retries = self.request.retries if self.request else 0
        if retries:
            detail = f"{detail} (after {retries} retries)"
        code = JobFailure.OUTAGE if isinstance(exc, TRANSIENT_ERRORS) else JobFailure.STOPPED
        return code, detail

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        code, detail = self.failure_of(exc)
        logger.warning("%s task %s failed: %s", self.job_model.KIND, task_id, detail)
        try:
            fail(self.job_model, code, detail, **self.job_lookup(args, kwargs))
        except Exception:  # the database itself may be what failed; the log still has it
            logger.exception("Could not record the failure of task %s", task_id)

    def on_retry(self, exc, task_id, args, kwargs, einfo):
        try:
            back_in_queue(self.job_model, describe(exc), **self.job_lookup(args, kwargs))
        except Exception:
            logger.exception("Could not record the retry of task %s", task_id)


@shared_task(name="campaigns.tasks.recover_jobs", soft_time_limit=50, time_limit=60)
def recover_jobs() -> int:
    """Run by ``celery beat`` every ``EARTHBOOK_JOB_RECOVER_INTERVAL`` seconds: sends again the
    jobs failed by an outage (``campaigns.jobs.recovery``); returns how many."""
    from campaigns.jobs.recovery import recover_outages

    return recover_outages()


@shared_task(name="campaigns.tasks.recover_snapshots", soft_time_limit=50, time_limit=60)
def recover_snapshots() -> int:
    """The recovery's name before every job shared it: a beat of an older release may still
    send it, for one release."""
    return recover_jobs()
