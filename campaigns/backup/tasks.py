"""The automatic backup's task (see ``campaigns.backup.automatic``): written by a worker.

Its name is fixed (``campaigns.tasks.automatic_backup``) so that a message queued before an
upgrade still finds it. Writing it twice (a message delivered again) only stores one more copy,
and the oldest beyond the kept number goes.
"""

from __future__ import annotations

from celery import shared_task

from campaigns.backup.automatic import TASK, write_quietly
from campaigns.jobs.tasks import time_limits


@shared_task(name=TASK, acks_late=True, reject_on_worker_lost=True, **time_limits("import"))
def automatic_backup(campaign_id: int, game_number: int) -> None:
    """Store the backup of campaign ``campaign_id`` after game ``game_number``."""
    write_quietly(campaign_id, game_number)
