"""The board pictures with the real parts: PostgreSQL, Redis and a ``celery worker`` process.

Eager mode hides what only a real worker shows (a task sent before its rows are committed, a
message lost with its worker), so these tests start real workers as subprocesses
(``start_worker``, ``tests.support.workers``): each reads the test's own pair of queues, the
interactive one and the bulk one, as the shipped workers do.
"""

from __future__ import annotations

import io
import time

import pytest
from django.conf import settings
from PIL import Image

from campaigns.jobs.work import TEST_DELAY_ENV
from campaigns.models import JobFailure, JobStatus, Snapshot
from tests.support.games import play_first_game
from tests.support.snapshots import stored_files
from tests.support.workers import VISIBILITY_TIMEOUT, sent_elsewhere

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

RENDER_TIMEOUT = 60


def wait_for(campaign, game: int, done, what: str, timeout: float = RENDER_TIMEOUT, logs=()):
    deadline = time.monotonic() + timeout
    while True:
        row = Snapshot.objects.filter(campaign=campaign, game_number=game).first()
        if row is not None and done(row):
            return row
        if time.monotonic() > deadline:
            state = (row.status, row.attempts, row.error) if row else "no row"
            tails = "\n".join(w.log()[-3000:] for w in logs)
            pytest.fail(f"{what} not seen in {timeout} s (snapshot: {state})\n{tails}")
        time.sleep(0.2)


def assert_one_intact_png(media, row) -> None:
    assert stored_files(media) == [f"{row.state_hash}.png"]
    with Image.open(io.BytesIO((media / row.image.name).read_bytes())) as image:
        image.load()
        assert image.format == "PNG" and image.width == settings.SNAPSHOT_WIDTH


def test_a_real_worker_draws_the_picture_of_a_finished_game(
    start_worker, prepared_campaign, players, media
):
    worker = start_worker()
    play_first_game(prepared_campaign, players)  # commits; the request goes out on commit
    row = wait_for(
        prepared_campaign,
        1,
        lambda r: r.status in (JobStatus.DONE, JobStatus.FAILED),
        "the end of the render",
        logs=[worker],
    )
    assert row.status == JobStatus.DONE, row.error
    assert row.attempts == 1
    assert_one_intact_png(media, row)
    assert "campaigns.tasks.render_snapshot" in worker.log()


def test_a_render_killed_with_its_worker_is_delivered_again_and_stored_once(
    start_worker, prepared_campaign, players, media
):
    doomed = start_worker(**{TEST_DELAY_ENV: "120"})
    play_first_game(prepared_campaign, players)
    wait_for(
        prepared_campaign,
        1,
        lambda r: r.status == JobStatus.RUNNING,
        "the render starting",
        logs=[doomed],
    )
    doomed.kill()  # mid-render: the message was never acknowledged
    row = Snapshot.objects.get(campaign=prepared_campaign, game_number=1)
    assert (row.status, row.attempts) == (JobStatus.RUNNING, 1)
    assert stored_files(media) == []

    rescuer = start_worker()
    row = wait_for(
        prepared_campaign,
        1,
        lambda r: r.status in (JobStatus.DONE, JobStatus.FAILED),
        "the render delivered again",
        timeout=RENDER_TIMEOUT + VISIBILITY_TIMEOUT,
        logs=[doomed, rescuer],
    )
    assert row.status == JobStatus.DONE, row.error
    assert row.attempts == 2  # the killed one, and the one delivered again
    assert_one_intact_png(media, row)
    assert "campaigns.tasks.render_snapshot" in rescuer.log()


# --- Every kind of background job, killed with its worker -----------------------------------------


def a_poster(campaign, owner, players, settings):
    from campaigns.pictures.poster_requests import request_poster
    from tests.support.statistics_world import name_it, play_fifteen_and_name

    with sent_elsewhere(settings):
        play_fifteen_and_name(campaign, owner)
        name_it(campaign, owner)
    # The naming asked for it, on a queue no worker reads: asked again while that one is still
    # queued, past the campaign's quota of posters being drawn.
    settings.EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_CAMPAIGN = 0
    return request_poster(campaign.pk, again=True)


def a_photo(campaign, owner, players, settings):
    from campaigns.game.setup import setup_game
    from campaigns.photos.service import add_photo
    from tests.support.made import jpeg_with_gps, upload

    seats = [
        {"player": players["Ada"].pk, "faction": "khan-industries", "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "die-mechaniker", "hq": "japan"},
        {"player": players["Chloe"].pk, "faction": "enclave-of-the-bear", "hq": "peru"},
    ]
    game = setup_game(campaign=campaign, seats=seats, by=owner)
    return add_photo(game=game, upload=upload(jpeg_with_gps()), by=owner)


def a_chronicle(campaign, owner, players, settings):
    from campaigns.chronicle.start import request_pdf

    with sent_elsewhere(settings):
        play_first_game(campaign, players)
    job, _made = request_pdf(campaign=campaign, by=owner)
    return job


def an_import(campaign, owner, players, settings):
    from campaigns import backup
    from campaigns.imports.start import start_import

    with sent_elsewhere(settings):
        play_first_game(campaign, players)
    document = backup.dumps(backup.export_campaign(campaign.pk)).encode()
    return start_import(owner=owner, payload=document)


def a_timeline(campaign, owner, players, settings):
    from campaigns.pictures.snapshots import request_timeline

    with sent_elsewhere(settings):
        play_first_game(campaign, players)
    return request_timeline(campaign.pk)


def a_snapshot(campaign, owner, players, settings):
    play_first_game(campaign, players)
    return Snapshot.objects.get(campaign=campaign, game_number=1)


def an_automatic_backup(campaign, owner, players, settings):
    from campaigns.jobs.queue import send
    from campaigns.models import AutomaticBackupJob

    # The finish asks for it on a queue no worker reads; it is sent again to the workers here.
    with sent_elsewhere(settings):
        play_first_game(campaign, players)
    job = AutomaticBackupJob.objects.get(campaign=campaign, game_number=1)
    assert job.status == JobStatus.QUEUED
    assert send(job)
    return job


JOBS = {
    "board picture": a_snapshot,
    "timeline": a_timeline,
    "end poster": a_poster,
    "photo of the board": a_photo,
    "chronicle pdf": a_chronicle,
    "backup import": an_import,
    "automatic backup": an_automatic_backup,
}
# The kind of job (``KIND`` of its row) each of them makes.
KINDS = {
    "board picture": "snapshot",
    "timeline": "snapshot",
    "end poster": "poster",
    "photo of the board": "photo",
    "chronicle pdf": "chronicle",
    "backup import": "import",
    "automatic backup": "backup",
}


def test_every_kind_of_background_job_is_killed_with_its_worker_here():
    """A new kind of job gets its kill -9 test below as soon as it exists."""
    from campaigns.models import JOB_MODELS

    assert set(KINDS) == set(JOBS)
    assert set(KINDS.values()) == {model.KIND for model in JOB_MODELS}


def wait_for_job(job, done, what: str, timeout: float = RENDER_TIMEOUT, logs=()):
    deadline = time.monotonic() + timeout
    model = type(job)
    while True:
        row = model.objects.filter(pk=job.pk).first()
        if row is not None and done(row):
            return row
        if time.monotonic() > deadline:
            state = (row.status, row.attempts, row.failure) if row else "gone"
            tails = "\n".join(w.log()[-3000:] for w in logs)
            pytest.fail(f"{what} not seen in {timeout} s ({model.KIND}: {state})\n{tails}")
        time.sleep(0.2)


@pytest.mark.parametrize("kind", list(JOBS))
def test_a_job_killed_with_its_worker_is_done_with_nobody_asking(
    kind, start_worker, prepared_campaign, players, owner, settings
):
    """Whatever the job, a worker killed -9 mid-job leaves it "running" and its message
    unacknowledged: the broker gives the message to another worker (once the visibility timeout
    has passed), which finishes the job. No loop of ours asks for it."""
    doomed = start_worker(**{TEST_DELAY_ENV: "120"})
    job = JOBS[kind](prepared_campaign, owner, players, settings)
    assert KINDS[kind] == type(job).KIND
    wait_for_job(job, lambda r: r.status == JobStatus.RUNNING, "the job starting", logs=[doomed])
    doomed.kill()
    killed_at = time.monotonic()
    assert type(job).objects.get(pk=job.pk).status == JobStatus.RUNNING

    rescuer = start_worker()
    row = wait_for_job(
        job,
        lambda r: r.status in (JobStatus.DONE, JobStatus.FAILED),
        "the lost job delivered again",
        timeout=120,
        logs=[doomed, rescuer],
    )
    assert time.monotonic() - killed_at < 120
    assert row.status == JobStatus.DONE, (row.failure, row.failure_text)
    assert row.attempts == 2  # the killed one, and the one delivered again
    assert row.auto_retries == 0
    assert "campaigns.tasks.recover_jobs[" not in rescuer.log()  # no loop of ours ran


@pytest.mark.parametrize("kind", list(JOBS))
def test_a_job_killed_again_and_again_ends_failed_with_the_reason(
    kind, start_worker, prepared_campaign, players, owner, settings
):
    """A job whose every worker dies is not delivered for ever: once started again as often
    as allowed, the next delivery ends it failed, saying so, for a person to ask again."""
    job = JOBS[kind](prepared_campaign, owner, players, settings)
    once = {"EARTHBOOK_JOB_AUTO_RETRIES": "0"}  # the first loss is the last
    doomed = start_worker(**once, **{TEST_DELAY_ENV: "120"})
    wait_for_job(job, lambda r: r.status == JobStatus.RUNNING, "the job starting", logs=[doomed])
    doomed.kill()
    rescuer = start_worker(**once)
    row = wait_for_job(
        job,
        lambda r: r.status in (JobStatus.DONE, JobStatus.FAILED),
        "the lost job failed",
        timeout=60,
        logs=[doomed, rescuer],
    )
    assert row.status == JobStatus.FAILED
    assert row.failure == JobFailure.LOST
    assert "started again and again" in row.failure_text
    assert row.attempts == 1  # never started again
