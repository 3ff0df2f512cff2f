"""A burst of corrections to one campaign draws each of its pictures once, not once for each
correction: eight corrections in a row used to queue 56 drawings of a campaign with seven
pictures, and another campaign's picture waited behind them."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.jobs import queue
from campaigns.models import JobStatus, Snapshot
from campaigns.pictures.snapshots import request_timeline
from legacy.models import City
from tests.support.games import play_first_game

pytestmark = pytest.mark.django_db


def test_eight_corrections_in_a_row_queue_one_drawing_per_picture(
    prepared_campaign, players, owner, monkeypatch, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = play_first_game(prepared_campaign, players)
        request_timeline(game.campaign_id)
    campaign = game.campaign
    pictures = Snapshot.objects.filter(campaign=campaign).count()
    assert pictures == 2  # game 1 and the timeline, both drawn

    queued = []

    def worker_that_keeps_up(job, countdown=None):
        """A drawing is queued; a worker with nothing else to do draws one due now at once, so
        that the next correction finds its picture drawn already."""
        queued.append(job.game_number)
        if not countdown:
            Snapshot.objects.filter(pk=job.pk).update(status=JobStatus.DONE)
        return True

    monkeypatch.setattr(queue, "send", worker_that_keeps_up)
    city = City.objects.filter(campaign=campaign).first()
    for n in range(8):
        with django_capture_on_commit_callbacks(execute=True):
            services.correct_mark(
                campaign=campaign,
                model=City,
                mark_id=city.pk,
                changes={"name": f"Typo {n}"},
                reason="A typo",
                by=owner,
            )
    assert sorted(queued) == [0, 1]
