"""One account's bulk work never holds up another campaign's board picture: the picture goes to
the interactive queue, which a worker of its own reads, and the imports, photos' copies, PDFs
and posters to the bulk queue (``CELERY_TASK_ROUTES``), read by another, as ``make worker`` and
``docker/compose.yaml`` run them.

With the real parts: PostgreSQL, Redis and two ``celery worker`` processes."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from campaigns import backup, services
from campaigns.imports.start import start_import
from campaigns.jobs.work import TEST_DELAY_ENV
from campaigns.models import GamePhoto, ImportJob, JobStatus, Snapshot
from campaigns.photos.service import add_photo
from legacy.box import FACTIONS
from tests.support.games import TWELVE_COINS, play_first_game
from tests.support.made import jpeg_with_gps, upload
from tests.support.workers import sent_elsewhere

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

# What the issue asks: another campaign's picture is done within this many seconds.
PICTURE_WITHIN = 5
# Each bulk job takes at least this long on the bulk worker, as a large import does: the thirty
# of them keep that worker busy for half a minute, far past the picture's few seconds.
BULK_JOB_SECONDS = 1


def ran(worker, task: str) -> bool:
    """Whether ``worker`` was given a ``campaigns.tasks.<task>`` to run."""
    return f"Task campaigns.tasks.{task}[" in worker.log()


def a_busy_account(settings):
    """An account with a campaign at game 1, whose pictures are drawn nowhere."""
    busy = get_user_model().objects.create_user(username="bulky", password="pw-bulky-123")
    campaign = services.create_campaign(
        owner=busy, name="Many Uploads", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=busy
    )
    with sent_elsewhere(settings):
        game = play_first_game(campaign, {p.name: p for p in campaign.players.all()})
    return busy, campaign, game


def test_one_accounts_ten_imports_and_twenty_photos_leave_another_campaigns_picture_done_in_5_s(
    start_worker, settings, prepared_campaign, players
):
    settings.EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT = 10
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT = 20
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN = 20
    settings.EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = 20
    busy, campaign, game = a_busy_account(settings)
    document = backup.dumps(backup.export_campaign(campaign.pk)).encode()

    pictures = start_worker(lanes=["interactive"])
    bulk = start_worker(lanes=["bulk"], **{TEST_DELAY_ENV: str(BULK_JOB_SECONDS)})

    imports = [start_import(owner=busy, payload=document) for _ in range(10)]
    photos = [add_photo(game=game, upload=upload(jpeg_with_gps()), by=busy) for _ in range(20)]
    bulk_jobs = [*imports, *photos]
    assert all(job.status == JobStatus.QUEUED for job in bulk_jobs)

    played = play_first_game(prepared_campaign, players)  # its picture is asked for on commit
    asked = time.monotonic()
    while True:
        row = Snapshot.objects.get(campaign=prepared_campaign, game_number=played.number)
        if row.status in (JobStatus.DONE, JobStatus.FAILED):
            seen = time.monotonic() - asked
            break
        if time.monotonic() - asked > 60:
            pytest.fail(f"the picture was not drawn in 60 s\n{pictures.log()[-3000:]}")
        time.sleep(0.1)
    bulk_left = ImportJob.objects.filter(owner=busy).exclude(status=JobStatus.DONE).count()
    bulk_left += GamePhoto.objects.filter(game=game).exclude(status=JobStatus.DONE).count()

    assert row.status == JobStatus.DONE, row.error
    waited = (row.finished_at - row.created_at).total_seconds()
    assert waited <= PICTURE_WITHIN, f"the picture took {waited:.1f} s"
    assert seen <= PICTURE_WITHIN, f"the picture was seen done after {seen:.1f} s"
    assert bulk_left > 10, "the bulk work was not still waiting: nothing was overtaken"
    assert ran(pictures, "render_snapshot") and not ran(bulk, "render_snapshot")
    assert ran(bulk, "import_backup") and not ran(pictures, "import_backup")
    assert not ran(pictures, "prepare_photo")
