"""Background jobs: one shape for every piece of work a Celery task does away from a request.

The board pictures (``Snapshot``), the end poster (``EndPoster``), a photo's copies
(``GamePhoto``), the chronicle's PDF (``ChronicleExport``) and a backup's import (``ImportJob``)
are each a small subclass of ``campaigns.models.BackgroundJob``: one status enum (``JobStatus``),
one table of allowed moves (``JOB_TRANSITIONS``), one list of failure reasons (``JobFailure``,
worded when read). This package is the machinery they share:

* ``queue``: send a job's task once the transaction has committed (Celery routes it to its
  queue: ``interactive`` for a game's picture, ``bulk`` for the rest, ``CELERY_TASK_ROUTES``),
  or record on its row why it could not be sent (the broker was down);
* ``quotas``: refuse, before anything is written, a request that would take an account or a
  campaign past what it may keep or have in flight (``EARTHBOOK_QUOTA_*``);
* ``work``: what a task does with its row: claim it (``running``, one attempt more; a delivery
  again after a lost worker is counted, and ends the job ``failed`` once too many), and end it
  ``done`` or ``failed`` with a reason;
* ``tasks``: ``JobTask``, the Celery task base every job's task uses (acknowledged late and
  given back when its worker is lost, so the broker delivers it again; retried on a transient
  error; the row failed with a reason on the final failure), and the beat task of the recovery;
* ``recovery``: the loop that sends again the jobs an outage failed (what no broker can give
  back), and which jobs in the making nobody makes any more (``stale``).

Settings: ``EARTHBOOK_JOB_*`` and ``EARTHBOOK_QUOTA_*`` (``config/settings.py``).
"""
