"""What a photo of the board becomes when it is added: only whole photos of the allowed kinds
are kept, as their pixels alone; everything else is refused with nothing stored (or, when only
decoding it shows it, the photo ends failed with the reason)."""

from __future__ import annotations

import io

import pytest
from django.core.files.storage import default_storage
from PIL import Image

from campaigns.models import AuditEntry, GamePhoto, JobStatus
from campaigns.photos.checks import HEIF, PhotoRefused
from campaigns.photos.service import add_photo, delete_photo
from tests.support import made
from tests.support.photos import stored_files

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def stored(name: str) -> bytes:
    with default_storage.open(name, "rb") as handle:
        return handle.read()


def add(game, owner, content: bytes, name="photo.jpg", caption="") -> GamePhoto:
    photo = add_photo(game=game, upload=made.upload(content, name), caption=caption, by=owner)
    photo.refresh_from_db()
    return photo


VALID = {
    "jpeg": made.jpeg_with_gps,
    "png": lambda: made.encoded("PNG"),
    "webp": lambda: made.encoded("WEBP"),
}
if HEIF:
    VALID["heic"] = made.heic


@pytest.mark.parametrize("kind", sorted(VALID))
def test_a_photo_of_each_allowed_kind_is_kept_with_its_copies(
    game, owner, kind, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, VALID[kind](), name=f"board.{kind}", caption="  After game 1 ")
    photo.refresh_from_db()
    assert photo.status == JobStatus.DONE
    assert photo.caption == "After game 1"
    assert (photo.width, photo.height) == (120, 80)
    with Image.open(io.BytesIO(stored(photo.web.name))) as web:
        assert web.format == "WEBP" and web.size == (120, 80)
    with Image.open(io.BytesIO(stored(photo.thumbnail.name))) as thumb:
        assert thumb.format == "WEBP" and max(thumb.size) <= 400
    assert AuditEntry.objects.filter(action="photo-added", data__photo=photo.pk).exists()


def test_heic_photos_are_taken_where_pillow_heif_is_installed():
    assert HEIF, "pillow-heif is a dependency: iPhones send HEIC"


def test_a_large_photo_gets_a_smaller_web_copy_and_thumbnail(
    game, owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, made.encoded("JPEG", size=(2000, 1500)))
    photo.refresh_from_db()
    with Image.open(io.BytesIO(stored(photo.web.name))) as web:
        assert web.size == (1600, 1200)
    with Image.open(io.BytesIO(stored(photo.thumbnail.name))) as thumb:
        assert thumb.size == (400, 300)


def test_a_phone_photo_keeps_no_exif_gps_or_comment_and_stands_upright(
    game, owner, django_capture_on_commit_callbacks
):
    original = made.jpeg_with_gps(orientation=6)  # taken with the phone turned
    with Image.open(io.BytesIO(original)) as sent:
        assert sent.getexif().get_ifd(made.GPS_IFD)  # the test's photo does carry a position
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, original)
    photo.refresh_from_db()
    for name in (photo.original.name, photo.web.name, photo.thumbnail.name):
        data = stored(name)
        with Image.open(io.BytesIO(data)) as kept:
            assert len(kept.getexif()) == 0
            assert "exif" not in kept.info and "xmp" not in kept.info
            assert "comment" not in kept.info and "icc_profile" not in kept.info
        for trace in (b"Exif\0\0", b"SpyPhone", b"secret comment"):
            assert trace not in data
    assert (photo.width, photo.height) == (80, 120)  # turned upright by its orientation
    with Image.open(io.BytesIO(stored(photo.original.name))) as kept:
        assert kept.size == (80, 120)


@pytest.mark.parametrize("payload", [made.zip_archive(), made.HTML], ids=["zip", "html"])
def test_a_photo_with_something_appended_is_kept_as_its_pixels_alone(
    game, owner, payload, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, made.jpeg_with_gps() + payload)
    photo.refresh_from_db()
    data = stored(photo.original.name)
    assert payload not in data
    for trace in (b"PK\x03\x04", b"<script", b"payload.html"):
        assert trace not in data
    assert data.endswith(b"\xff\xd9")  # a JPEG that ends where its image ends


HOSTILE = {
    "a PDF": (made.pdf(), "board.pdf", "photo-type"),
    "a script named .jpg": (made.SCRIPT, "board.jpg", "photo-type"),
    "an HTML page named .png": (made.HTML, "board.png", "photo-type"),
    "a GIF (not a kind taken)": (made.encoded("GIF"), "board.jpg", "photo-type"),
    "a GIF that is also a script": (
        b"GIF89a/*" + made.encoded("GIF")[8:] + b"*/=alert(1);",
        "x.gif",
        "photo-type",
    ),
    "an HTML page with a photo appended": (
        made.HTML + made.jpeg_with_gps(),
        "board.jpg",
        "photo-type",
    ),
    "a ZIP archive with a photo inside": (made.zip_archive(), "board.jpg", "photo-type"),
    "a 100-megapixel bomb": (made.png_bomb(), "board.png", "photo-too-many-pixels"),
    "a progressive JPEG of 15,000 scans": (
        made.progressive_jpeg(scans=15_000),
        "board.jpg",
        "photo-too-many-scans",
    ),
    "an empty file": (b"", "board.jpg", "photo-type"),
}


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_anything_but_a_whole_photo_is_refused_and_nothing_is_stored(game, owner, media, what):
    content, name, rule = HOSTILE[what]
    with pytest.raises(PhotoRefused) as refused:
        add_photo(game=game, upload=made.upload(content, name), by=owner)
    assert refused.value.rule == rule
    assert GamePhoto.objects.count() == 0
    assert stored_files(media) == []
    assert not AuditEntry.objects.filter(action="photo-added").exists()


def test_an_ordinary_progressive_jpeg_is_taken(game, owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, made.progressive_jpeg())
    photo.refresh_from_db()
    assert photo.status == JobStatus.DONE


def test_the_request_decodes_no_pixel_of_a_photo(game, owner, monkeypatch):
    def decoded(*args, **kwargs):
        raise AssertionError("a pixel was decoded inside the request")

    content = made.progressive_jpeg(size=(640, 480))
    monkeypatch.setattr(Image.Image, "load", decoded)
    monkeypatch.setattr("PIL.ImageFile.ImageFile.load", decoded)
    photo = add(game, owner, content)
    assert photo.status == JobStatus.QUEUED


def test_a_truncated_photo_ends_failed_with_the_reason_and_nothing_served(
    game, owner, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, made.truncated_jpeg())
    photo.refresh_from_db()
    assert photo.status == JobStatus.FAILED
    assert photo.failure == "refused"
    assert "photo-damaged" in photo.error
    assert not photo.web and not photo.thumbnail


def test_a_photo_that_takes_too_long_to_decode_ends_failed_as_too_long(
    game, owner, monkeypatch, django_capture_on_commit_callbacks
):
    from celery.exceptions import SoftTimeLimitExceeded

    def too_long(data):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr("campaigns.photos.tasks.clean_photo", too_long)
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, made.encoded("PNG"))
    photo.refresh_from_db()
    assert photo.status == JobStatus.FAILED
    assert photo.failure == "too-long"


def test_the_bomb_is_refused_from_its_header_even_under_a_higher_limit(
    game, owner, settings, media
):
    settings.PHOTO_MAX_PIXELS = 10**9  # Pillow's own decompression-bomb check still holds
    with pytest.raises(PhotoRefused) as refused:
        add_photo(game=game, upload=made.upload(made.png_bomb(20_000, 20_000)), by=owner)
    assert refused.value.rule == "photo-too-many-pixels"
    assert stored_files(media) == []


def test_a_photo_over_the_byte_limit_is_refused(game, owner, settings, media):
    content = made.encoded("PNG")
    settings.PHOTO_MAX_BYTES = len(content) - 1
    with pytest.raises(PhotoRefused) as refused:
        add_photo(game=game, upload=made.upload(content, "board.png"), by=owner)
    assert refused.value.rule == "photo-too-large"
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []


def test_a_photo_over_the_pixel_limit_is_refused(game, owner, settings, media):
    settings.PHOTO_MAX_PIXELS = 120 * 80 - 1
    with pytest.raises(PhotoRefused) as refused:
        add_photo(game=game, upload=made.upload(made.encoded("PNG")), by=owner)
    assert refused.value.rule == "photo-too-many-pixels"
    assert stored_files(media) == []


def test_deleting_a_photo_removes_its_files_and_is_audited(
    game, owner, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add(game, owner, made.encoded("PNG"))
    assert len(stored_files(media)) == 3
    with django_capture_on_commit_callbacks(execute=True):
        delete_photo(photo=photo, by=owner)
    assert stored_files(media) == []
    assert not GamePhoto.objects.exists()
    assert AuditEntry.objects.filter(action="photo-deleted", data__photo=photo.pk).exists()


def test_a_photo_being_prepared_is_not_done_until_its_task_has_run(game, owner):
    photo = add(game, owner, made.encoded("PNG"))  # the task is sent once the add commits
    assert photo.status == JobStatus.QUEUED
    assert not photo.web and not photo.thumbnail


def test_a_photo_deleted_twice_at_once_is_deleted_and_audited_once(game, owner):
    photo = add(game, owner, made.encoded("PNG"))
    seen_by_the_second = GamePhoto.objects.get(pk=photo.pk)
    assert delete_photo(photo=photo, by=owner) is True
    assert delete_photo(photo=seen_by_the_second, by=owner) is False
    assert AuditEntry.objects.filter(action="photo-deleted", data__photo=photo.pk).count() == 1
