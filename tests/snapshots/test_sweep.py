"""Sweeping away stored files that no row names any more (``manage.py sweep_snapshots``): an
amended game's old picture goes, a picture still shown stays, and so does a file a worker has
only just stored; chronicle PDFs, posters and photos no row names go the same way."""

from __future__ import annotations

import io
import os
import time

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import CommandError, call_command
from django.utils import timezone

from campaigns.game.finish import amend_game
from campaigns.models import (
    ChronicleExport,
    EndPoster,
    Game,
    GamePhoto,
    JobStatus,
    Snapshot,
)
from tests.support.games import play_first_game
from tests.support.snapshots import stored_files

pytestmark = pytest.mark.django_db


def age(path, hours: float) -> None:
    then = time.time() - hours * 3600
    os.utime(path, (then, then))


@pytest.fixture
def amended(prepared_campaign, players, media, django_capture_on_commit_callbacks):
    """Game 1 drawn, then amended and drawn again: two files, one of them shown."""
    with django_capture_on_commit_callbacks(execute=True):
        game = play_first_game(prepared_campaign, players)
    old = Snapshot.objects.get(campaign=prepared_campaign, game_number=1).image.name
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    with django_capture_on_commit_callbacks(execute=True):
        amend_game(
            game=game,
            revision=game.revision,
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
            controlled={boris.pk: ["japan"]},
            winner_reward={"kind": "major-city", "territory": "egypt", "name": "Alexandria"},
            held_on_rewards={boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}},
            reason="The city was Alexandria",
        )
    new = Snapshot.objects.get(campaign=prepared_campaign, game_number=1).image.name
    assert old != new and len(stored_files(media)) == 2
    return old, new


def sweep(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("sweep_snapshots", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_an_amended_games_old_picture_is_swept_and_its_new_one_kept(amended, media):
    old, new = amended
    for name in (old, new):
        age(media / name, hours=2)
    out, err = sweep()
    assert out.split() == [old]
    assert "Deleted 1 stored file" in err
    assert stored_files(media) == [new.rpartition("/")[2]]


def test_a_file_stored_a_moment_ago_is_kept(amended, media):
    old, _new = amended  # both files were written just now
    assert sweep() == ("", "Deleted 0 stored file(s).\n")
    assert len(stored_files(media)) == 2
    out, _ = sweep("--older-than-hours", "0")
    assert out.split() == [old]


def test_a_dry_run_deletes_nothing(amended, media):
    old, _new = amended
    age(media / old, hours=2)
    out, err = sweep("--dry-run")
    assert out.split() == [old] and "Would delete 1" in err
    assert len(stored_files(media)) == 2


def test_pictures_of_deleted_snapshots_are_swept(amended, media, prepared_campaign):
    Snapshot.objects.filter(campaign=prepared_campaign).delete()
    for path in (media / "snapshots").iterdir():
        age(path, hours=2)
    sweep()
    assert stored_files(media) == []


def test_pdfs_posters_and_photos_that_no_row_names_are_swept_and_the_named_ones_kept(
    amended, media, prepared_campaign
):
    kept = [
        "chronicles/campaign-1-2-en.pdf",
        "posters/named.png",
        "photos/kept.jpg",
        "photos/kept-web.webp",
        "photos/kept-thumb.webp",
    ]
    gone = ["chronicles/campaign-1-1-en.pdf", "posters/older.png", "photos/lost.jpg"]
    for name in kept + gone:
        assert default_storage.save(name, ContentFile(b"stored")) == name
        age(media / name, hours=2)
    for name in amended:
        age(media / name, hours=2)
    ChronicleExport.objects.create(
        campaign=prepared_campaign,
        language="en",
        status=JobStatus.DONE,
        file=kept[0],
        finished_at=timezone.now(),
    )
    EndPoster.objects.create(campaign=prepared_campaign, name=kept[1], status=JobStatus.DONE)
    GamePhoto.objects.create(
        game=Game.objects.get(campaign=prepared_campaign, number=1),
        status=JobStatus.DONE,
        original=kept[2],
        web=kept[3],
        thumbnail=kept[4],
        width=40,
        height=30,
    )
    out, err = sweep()
    assert sorted(out.split()) == sorted([*gone, amended[0]])
    assert "Deleted 4 stored file(s)." in err
    for name in kept:
        assert default_storage.exists(name), name
    for name in gone:
        assert not default_storage.exists(name), name


def test_nothing_stored_yet_sweeps_nothing(media):
    assert sweep() == ("", "Deleted 0 stored file(s).\n")


@pytest.mark.parametrize("hours", ["-1", "nan", "99999"])
def test_a_senseless_age_is_refused(hours):
    with pytest.raises(CommandError, match="between 0 and 8760"):
        sweep("--older-than-hours", hours)


def test_the_daily_task_sweeps_too(amended, media, settings):
    from campaigns.pictures.tasks import sweep_snapshot_files

    old, new = amended
    for name in (old, new):
        age(media / name, hours=2)
    assert (
        settings.CELERY_BEAT_SCHEDULE["sweep-snapshot-files"]["task"] == sweep_snapshot_files.name
    )
    assert sweep_snapshot_files.delay().get() == 1
    assert stored_files(media) == [new.rpartition("/")[2]]
