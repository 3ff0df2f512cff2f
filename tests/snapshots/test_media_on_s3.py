"""Media on S3: with EARTHBOOK_MEDIA_S3_BUCKET set, the pictures a worker draws, the photos of the
real board and the chronicle's PDF are kept in that bucket (a local S3-compatible server started
for these tests), never on the machine's own disk, and are served from it through the signed
links and the access rules as from a folder."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from campaigns.backup.automatic import automatic_backups, folder_of, read_automatic_backup
from campaigns.chronicle.start import request_pdf
from campaigns.models import GamePhoto, JobStatus, Snapshot
from campaigns.photos.service import add_photo
from campaigns.pictures.storage import sweep_files
from tests.support.games import play_first_game
from tests.support.made import encoded
from tests.support.s3 import MotoServer, s3_storages

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def moto(tmp_path_factory):
    with MotoServer(tmp_path_factory.mktemp("moto") / "moto.log") as server:
        yield server


@pytest.fixture
def bucket(moto, settings):
    name = moto.bucket()
    settings.STORAGES = s3_storages(settings.STORAGES, moto, name)
    return name


def test_the_bucket_setting_puts_the_media_on_s3_with_private_files(moto):
    options = s3_storages({}, moto, "pictures")["default"]
    assert options["BACKEND"] == "storages.backends.s3.S3Storage"
    assert options["OPTIONS"]["bucket_name"] == "pictures"
    assert options["OPTIONS"]["endpoint_url"] == moto.endpoint
    assert options["OPTIONS"]["default_acl"] is None


def test_a_drawn_picture_is_kept_in_the_bucket_and_served_by_its_signed_link(
    moto, bucket, media, prepared_campaign, players, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    row = Snapshot.objects.get(campaign=prepared_campaign, game_number=1)
    assert row.status == JobStatus.DONE
    assert row.image.name in moto.keys(bucket)
    assert not media.exists() or not any(media.rglob("*.png"))  # nothing on the local disk
    prepared_campaign.shared = True
    prepared_campaign.save(update_fields=["shared"])
    api = f"/api/v1/campaigns/{prepared_campaign.pk}/snapshots/"
    status = APIClient().get(f"{api}?as_of_game=1&share={prepared_campaign.share_token}").json()
    picture = APIClient().get(status["image_url"].removeprefix("http://testserver"))
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    assert b"".join(picture.streaming_content) == moto.read(bucket, row.image.name)
    again = APIClient().get(
        status["image_url"].removeprefix("http://testserver"), HTTP_IF_NONE_MATCH=picture["ETag"]
    )
    assert again.status_code == 304


def test_a_photo_and_its_copies_are_kept_in_the_bucket(
    moto, bucket, prepared_campaign, players, owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = play_first_game(prepared_campaign, players)
        add_photo(
            game=game,
            upload=SimpleUploadedFile("board.png", encoded("PNG"), "image/png"),
            caption="The board tonight",
            by=owner,
        )
    photo = GamePhoto.objects.get(game=game)
    assert photo.status == JobStatus.DONE
    keys = moto.keys(bucket)
    assert {photo.original.name, photo.web.name, photo.thumbnail.name} <= set(keys)


def test_a_chronicle_pdf_is_kept_in_the_bucket_and_downloaded_from_it(
    moto, bucket, prepared_campaign, players, owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
        job, _new = request_pdf(campaign=prepared_campaign, by=owner)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.file.name in moto.keys(bucket)
    client = Client()
    client.force_login(owner)
    pdf = client.get(f"/c/{prepared_campaign.pk}/chronicle/pdf/{job.pk}.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content) == moto.read(bucket, job.file.name)


def test_the_sweep_deletes_from_the_bucket_only_the_files_no_row_names(
    moto, bucket, prepared_campaign, players, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    named = Snapshot.objects.get(campaign=prepared_campaign, game_number=1).image.name
    orphan = default_storage.save("snapshots/nobodys.png", ContentFile(b"old picture"))
    assert sweep_files(older_than=timedelta(0)) == [orphan]
    # What is left: the picture a row names, and the game's automatic backup (never swept).
    kept = moto.keys(bucket)
    assert named in kept and orphan not in kept
    backups = [k for k in kept if k != named]
    assert len(backups) == 1 and backups[0].startswith(folder_of(prepared_campaign.pk) + "/")


def test_the_automatic_backup_is_kept_in_the_bucket_listed_and_read_from_it(
    moto, bucket, prepared_campaign, players, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    (kept,) = automatic_backups(prepared_campaign.pk)
    assert kept.game == 1
    key = f"{folder_of(prepared_campaign.pk)}/{kept.name}"
    assert key in moto.keys(bucket)
    assert read_automatic_backup(prepared_campaign.pk, kept) == moto.read(bucket, key)
