"""The rows of every background job keep their meaning when the five jobs become one shape
(migration 0024): a job that was rendering, processing or drawing is running, and a job that
had failed says why as a code."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaigns.models import (
    ChronicleExport,
    EndPoster,
    GamePhoto,
    ImportJob,
    JobFailure,
    JobStatus,
    Snapshot,
)

BEFORE = [("campaigns", "0023_orderings_by_column")]
AFTER = [("campaigns", "0024_background_jobs_share_one_shape")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_every_jobs_rows_say_the_same_thing_in_the_one_shape():
    newest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        apps = migrate(BEFORE)
        user = apps.get_model("auth", "User").objects.create(username="olga")
        campaign = apps.get_model("campaigns", "Campaign").objects.create(name="Earth", owner=user)
        game = apps.get_model("campaigns", "Game").objects.create(campaign=campaign, number=1)
        old = {m: apps.get_model("campaigns", m) for m in ("Snapshot", "GamePhoto", "EndPoster")}
        old["Snapshot"].objects.create(campaign=campaign, game_number=1, status="rendering")
        old["Snapshot"].objects.create(
            campaign=campaign,
            game_number=2,
            status="failed",
            error="The render could not be queued: OperationalError: Connection refused.",
        )
        old["Snapshot"].objects.create(
            campaign=campaign, game_number=3, status="failed", error="ValueError: no ink"
        )
        old["GamePhoto"].objects.create(
            game=game, status="processing", original="photos/a.webp", width=1, height=1
        )
        old["EndPoster"].objects.create(campaign=campaign, name="posters/a.png", status="drawing")
        apps.get_model("campaigns", "ChronicleExport").objects.create(
            campaign=campaign, language="en", status="failed", error="not-rendered"
        )
        apps.get_model("campaigns", "ImportJob").objects.create(
            owner=user, status="failed", error={"code": "invalid_backup", "message": "No."}
        )

        migrate(AFTER)
        # Read with today's models, which the later migrations' columns must be there for.
        migrate(newest)

        pictures = {s.game_number: s for s in Snapshot.objects.all()}
        assert pictures[1].status == JobStatus.RUNNING
        assert pictures[1].public_status == "rendering"
        assert (pictures[2].status, pictures[2].failure) == (
            JobStatus.FAILED,
            JobFailure.NOT_QUEUED,
        )
        assert pictures[3].failure == JobFailure.STOPPED
        photo = GamePhoto.objects.get()
        assert (photo.status, photo.public_status) == (JobStatus.RUNNING, "processing")
        assert EndPoster.objects.get().public_status == "drawing"
        assert ChronicleExport.objects.get().failure == JobFailure.NOT_RENDERED
        assert ImportJob.objects.get().failure == JobFailure.REFUSED
    finally:
        migrate(newest)
