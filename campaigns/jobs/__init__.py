"""Background jobs: one shape for every piece of work a Celery task does away from a request.

The board pictures (``Snapshot``), the end poster (``EndPoster``), a photo's copies
(``GamePhoto``), the chronicle's PDF (``ChronicleExport``) and a backup's import (``ImportJob``)
are each a small subclass of ``campaigns.models.BackgroundJob``: one status enum (``JobStatus``),
one table of allowed moves (``JOB_TRANSITIONS``), one list of failure reasons (``JobFailure``,
worded when read). This package is the machinery they share:

* ``queue``: send a job's task, to its queue (``interactive`` for a game's picture, ``bulk``
  for the rest: ``CELERY_TASK_ROUTES``), once the transaction has committed, or record on its
  row why it could not be sent (the broker was down);
* ``quotas``: refuse, before anything is written, a request that would take an account or a
  campaign past what it may keep or have in flight (``EARTHBOOK_QUOTA_*``);
* ``work``: what a task does with its row: claim it (``running``, one attempt more), keep its
  heartbeat while it works, and end it ``done`` or ``failed`` with a reason;
* ``tasks``: ``JobTask``, the Celery task base every job's task uses (acknowledged late,
  retried on a transient error, the row failed with a reason on the final failure), and the
  beat task that runs the recovery loop;
* ``recovery``: the one loop that sends again, or fails with a reason, the jobs a lost worker
  or an outage left behind, so that no job stays "running" for ever.

Settings: ``EARTHBOOK_JOB_*`` and ``EARTHBOOK_QUOTA_*`` (``config/settings.py``).
"""
