"""Automatic backups: once a game is finished, the campaign's backup is stored, the last N kept.

The backup is the document ``export_campaign`` gives (the one an owner downloads by hand), stored
through Django's storage API (``STORAGES["default"]``, so on the disk or S3 alike) as
``automatic-backups/<campaign id>/game-<NNN>-<UTC time>.json``. After each one, only the newest
``EARTHBOOK_AUTOMATIC_BACKUPS_KEPT`` of the campaign are kept. Only the campaign's owner lists and
downloads them (the page of settings, and ``GET /api/v1/campaigns/{id}/backups/``): they hold
everything the campaign hides and the members' usernames.

It is a background job (``campaigns.jobs``, its row ``AutomaticBackupJob``): asked for in the
finish's transaction (``after_finish_on_commit``) and written by its task once that has
committed, by a worker when there is one, in-process otherwise. A backup that could not be
written is recorded failed on its row and never undoes the finish; one lost with its worker is
delivered again by the broker, one failed by an outage (the broker, the database or the storage
out of reach) is sent again by the recovery loop.
"""

from __future__ import annotations

import datetime
import logging
import re
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from campaigns.backup.export import dumps, export_campaign
from campaigns.jobs.queue import enqueue_on_commit
from campaigns.jobs.work import claim, finish
from campaigns.models import IN_THE_MAKING, AutomaticBackupJob, Campaign

logger = logging.getLogger(__name__)

FOLDER = "automatic-backups"
STAMP = "%Y%m%dT%H%M%S%fZ"
# A stored name: its game, the time it was made, and the suffix a storage may add to keep it apart.
NAME = re.compile(r"^game-(?P<game>\d{3,})-(?P<at>\d{8}T\d{12}Z)(?:_[A-Za-z0-9]+)?\.json$")
TASK = "campaigns.tasks.automatic_backup"


@dataclass(frozen=True)
class AutomaticBackup:
    """One stored automatic backup of a campaign."""

    name: str  # the file's name within the campaign's folder
    game: int  # the game whose finish it follows
    made_at: datetime.datetime

    @property
    def filename(self) -> str:
        """The name a download is saved under."""
        return f"earthbook-campaign-game-{self.game}-{self.made_at:%Y%m%d-%H%M%S}.json"


def folder_of(campaign_id: int) -> str:
    return f"{FOLDER}/{campaign_id}"


def _read_name(name: str) -> AutomaticBackup | None:
    found = NAME.match(name)
    if found is None:
        return None
    made_at = datetime.datetime.strptime(found["at"], STAMP).replace(tzinfo=datetime.UTC)
    return AutomaticBackup(name=name, game=int(found["game"]), made_at=made_at)


def automatic_backups(campaign_id: int) -> list[AutomaticBackup]:
    """The campaign's automatic backups, newest first."""
    try:
        _folders, files = default_storage.listdir(folder_of(campaign_id))
    except (FileNotFoundError, NotADirectoryError):
        return []
    found = [b for b in map(_read_name, files) if b is not None]
    return sorted(found, key=lambda b: (b.made_at, b.name), reverse=True)


def find_automatic_backup(campaign_id: int, name: str) -> AutomaticBackup | None:
    """The campaign's backup called ``name``, if it is one of its automatic backups (a name
    that is not one, such as a path, never reaches the storage)."""
    return next((b for b in automatic_backups(campaign_id) if b.name == name), None)


def read_automatic_backup(campaign_id: int, kept: AutomaticBackup) -> bytes:
    with default_storage.open(f"{folder_of(campaign_id)}/{kept.name}", "rb") as file:
        return file.read()


def write_automatic_backup(campaign_id: int, game_number: int) -> AutomaticBackup:
    """Store the campaign's backup now, after game ``game_number``; keep only the newest
    ``EARTHBOOK_AUTOMATIC_BACKUPS_KEPT``."""
    text = dumps(export_campaign(campaign_id))
    name = f"game-{game_number:03d}-{timezone.now():{STAMP}}.json"
    stored = default_storage.save(
        f"{folder_of(campaign_id)}/{name}", ContentFile(text.encode("utf-8"))
    )
    kept = _read_name(stored.rsplit("/", 1)[-1])
    assert kept is not None, stored  # a storage only ever adds a suffix of letters and digits
    prune(campaign_id)
    return kept


def prune(campaign_id: int) -> list[str]:
    """Delete the campaign's automatic backups beyond the newest kept; returns their names."""
    keep = max(1, settings.EARTHBOOK_AUTOMATIC_BACKUPS_KEPT)
    gone = [b.name for b in automatic_backups(campaign_id)[keep:]]
    for name in gone:
        default_storage.delete(f"{folder_of(campaign_id)}/{name}")
    return gone


def write_for_job(campaign_id: int, game_number: int) -> str:
    """The task's work: write the backup its row (``AutomaticBackupJob``) asks for, saying how it
    stands there; how it ended: "written", "skipped" (another run has it, or it is done) or
    "gone" (the campaign was deleted). A failure is raised (the task records it on the row, once
    it is not retried)."""
    rows = AutomaticBackupJob.objects.filter(campaign_id=campaign_id, game_number=game_number)
    row = rows.filter(status__in=IN_THE_MAKING).order_by("-pk").first()
    if row is None:
        if rows.exists():  # done, or failed for a person to ask again
            return "skipped"
        if not Campaign.objects.filter(pk=campaign_id).exists():
            return "gone"
        # A message sent before backups had their rows.
        row = AutomaticBackupJob.objects.create(campaign_id=campaign_id, game_number=game_number)
    attempt = claim(row)
    if attempt is None:
        return "skipped"
    kept = write_automatic_backup(campaign_id, game_number)
    return "written" if finish(AutomaticBackupJob, row.pk, attempt, name=kept.name) else "skipped"


def request_automatic_backup(campaign_id: int, game_number: int) -> AutomaticBackupJob:
    """Ask for the backup in the caller's transaction (the finish): its row now, its task once
    that has committed (by a worker when there is one, here otherwise); a broker out of reach
    leaves it failed "not queued", and the recovery loop sends it again."""
    job = AutomaticBackupJob.objects.create(campaign_id=campaign_id, game_number=game_number)
    enqueue_on_commit(job)
    return job


def after_finish_on_commit(campaign_id: int, game_number: int) -> None:
    """Once the finish of game ``game_number`` is committed, back the campaign up."""
    request_automatic_backup(campaign_id, game_number)
