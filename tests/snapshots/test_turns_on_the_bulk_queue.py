"""One campaign's burst on the bulk queue never holds up another campaign's job for longer than
one of the burst's jobs: each campaign's bulk jobs run one at a time (``campaigns.jobs.turns``),
and a job whose campaign has no turn free goes back to the queue's tail, where the other
campaign's job passes it.

With the real parts: PostgreSQL, Redis and two ``celery worker`` processes on the bulk queue (as
``make worker-bulk`` runs two processes)."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from campaigns import services
from campaigns.jobs.work import TEST_DELAY_ENV
from campaigns.models import GamePhoto, JobStatus
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

BURST = 6
# Each job takes at least this long on its worker: the burst keeps both workers busy for seconds.
JOB_SECONDS = 1
WAIT = 120  # a bounded wait for what must come, not a measure of speed


def a_game_of_a_new_account(settings, name: str):
    account = get_user_model().objects.create_user(username=name, password=f"pw-{name}-123")
    campaign = services.create_campaign(
        owner=account, name=f"{name} campaign", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=account
    )
    with sent_elsewhere(settings):
        game = play_first_game(campaign, {p.name: p for p in campaign.players.all()})
    return account, game


def photo(game, by) -> GamePhoto:
    return add_photo(game=game, upload=upload(jpeg_with_gps()), by=by)


def all_ended(rows: list[GamePhoto]) -> list[GamePhoto]:
    deadline = time.monotonic() + WAIT
    while True:
        now = list(GamePhoto.objects.filter(pk__in=[r.pk for r in rows]))
        if all(r.status in (JobStatus.DONE, JobStatus.FAILED) for r in now):
            return now
        if time.monotonic() > deadline:
            pytest.fail(f"not every photo was made in {WAIT} s: {[r.status for r in now]}")
        time.sleep(0.2)


def test_another_campaigns_photo_is_made_before_a_burst_sent_first_is_done(start_worker, settings):
    settings.EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = BURST
    busy, busy_game = a_game_of_a_new_account(settings, "bursty")
    other, other_game = a_game_of_a_new_account(settings, "patient")
    for _ in range(2):
        start_worker(lanes=["bulk"], **{TEST_DELAY_ENV: str(JOB_SECONDS)})

    burst = [photo(busy_game, busy) for _ in range(BURST)]
    theirs = photo(other_game, other)  # sent after every photo of the burst

    ended = all_ended([*burst, theirs])
    assert {r.status for r in ended} == {JobStatus.DONE}
    theirs = next(r for r in ended if r.pk == theirs.pk)
    burst_ends = sorted(r.finished_at for r in ended if r.pk != theirs.pk)
    done_before_theirs = [end for end in burst_ends if end < theirs.finished_at]
    # The burst's first job had its turn; the other campaign's photo was made beside it, not
    # after the whole burst.
    assert len(done_before_theirs) <= 2, f"{len(done_before_theirs)} of the burst went first"
    assert theirs.finished_at < burst_ends[-1]
