"""The automatic backup's task (see ``campaigns.backup.automatic``): written by a worker.

Its name is fixed (``campaigns.tasks.automatic_backup``) and it still takes the campaign's id
and the game's number, so that a message queued before an upgrade still finds it. It is a
background job (``campaigns.jobs``): its row, ``AutomaticBackupJob``, says how it stands; it is
acknowledged late, a transient error is retried, and one lost with its worker is delivered
again by the broker. Writing it twice only stores one more copy, and the oldest beyond the kept
number goes.
"""

from __future__ import annotations

from celery import shared_task

from campaigns.backup.automatic import TASK, write_for_job
from campaigns.jobs.tasks import RETRYING, JobTask, time_limits
from campaigns.models import AutomaticBackupJob


@shared_task(
    name=TASK,
    base=JobTask,
    job_model=AutomaticBackupJob,
    job_keys=("campaign_id", "game_number"),
    **time_limits("backup"),
    **RETRYING,
)
def automatic_backup(campaign_id: int, game_number: int) -> str:
    """Store the backup of campaign ``campaign_id`` after game ``game_number``."""
    return write_for_job(campaign_id, game_number)
