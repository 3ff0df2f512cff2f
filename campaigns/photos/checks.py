"""Reading an uploaded photo: cheaply in the request, then every pixel in its task.

A file is judged by its content, never by its name or the content type the client sent: Pillow
opens it, restricted to the allowed formats (JPEG, PNG, WebP, and HEIF/HEIC when pillow-heif is
installed). In the request (``check_upload``) only what is cheap is read: its size in bytes,
its header (its size in pixels, refused above ``settings.PHOTO_MAX_PIXELS``; Pillow's own
decompression-bomb check is made an error too) and, for a JPEG, the number of its scans (a
progressive JPEG is decoded once per scan over the whole image: more than ``JPEG_MAX_SCANS``
is refused). No pixel is decoded there.

Every pixel is decoded in the photo's task (``clean_photo``, under the task's time limits),
which refuses a truncated or damaged file (``ImageFile.LOAD_TRUNCATED_IMAGES`` stays off): the
photo then ends failed, with the reason.

What is stored is never the uploaded bytes: the pixels, turned upright by their EXIF
orientation, are encoded again into a fresh image with no metadata at all. EXIF (with any GPS
position), XMP, comments, the ICC colour profile (dropped: the pixels are kept as they are) and
anything appended after the image (an HTML page, a ZIP archive) are left behind.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from django.conf import settings
from PIL import Image, ImageFile, ImageOps

from campaigns import said
from legacy.errors import RuleViolation
from legacy.refusals import ServiceRule

try:  # HEIF/HEIC (iPhone photos), when pillow-heif is installed
    from pillow_heif import register_heif_opener
except ImportError:  # pragma: no cover - the formats without it are still taken
    HEIF = False
else:
    register_heif_opener()
    HEIF = True


FORMATS = ("JPEG", "PNG", "WEBP", *(("HEIF",) if HEIF else ()))


# A progressive JPEG is decoded once per scan, each over the whole image; a camera writes about
# ten. The markers are counted in the bytes (each scan starts with one SOS, 0xFFDA; inside the
# coded data a 0xFF byte is always followed by 0x00), at most this many and one more.
JPEG_MAX_SCANS = 64
SOS = b"\xff\xda"

# Quality of the re-encoded original (JPEG); a photo with transparency is kept as PNG.
JPEG_QUALITY = 90


class PhotoRefused(RuleViolation):
    """An upload that is not a photo this product takes; nothing was stored."""


@dataclass(frozen=True)
class CleanPhoto:
    """A photo's pixels, encoded again: the bytes to store, their extension, its size."""

    content: bytes
    extension: str
    width: int
    height: int


def megabytes(size: int) -> str:
    value = size / (1024 * 1024)
    return f"{value:g}" if value >= 1 else f"{value:.2f}".rstrip("0").rstrip(".")


def refuse_type() -> PhotoRefused:
    kinds = ["JPEG", "PNG", "WebP", *(["HEIC"] if HEIF else [])]
    return PhotoRefused(
        ServiceRule.PHOTO_TYPE, field="file", kinds=said.listed(kinds, last_word=said.OR)
    )


def refuse_size() -> PhotoRefused:
    return PhotoRefused(
        ServiceRule.PHOTO_TOO_LARGE, field="file", limit=megabytes(settings.PHOTO_MAX_BYTES)
    )


def refuse_pixels() -> PhotoRefused:
    millions = f"{settings.PHOTO_MAX_PIXELS / 1_000_000:g}"
    return PhotoRefused(ServiceRule.PHOTO_TOO_MANY_PIXELS, field="file", limit=millions)


def refuse_damaged() -> PhotoRefused:
    return PhotoRefused(ServiceRule.PHOTO_DAMAGED, field="file")


def refuse_scans() -> PhotoRefused:
    return PhotoRefused(ServiceRule.PHOTO_TOO_MANY_SCANS, field="file", limit=JPEG_MAX_SCANS)


@dataclass(frozen=True)
class CheckedUpload:
    """An upload whose header was read and found within the limits; no pixel decoded yet."""

    content: bytes
    width: int
    height: int


def jpeg_scans(data: bytes, limit: int = JPEG_MAX_SCANS) -> int:
    """How many scans (SOS markers) ``data`` holds, counted up to ``limit + 1`` at most."""
    count = 0
    at = data.find(SOS)
    while at != -1 and count <= limit:
        count += 1
        at = data.find(SOS, at + 2)
    return count


def read_upload(upload) -> bytes:
    """The uploaded file's bytes, refused above the size limit without reading further."""
    limit = settings.PHOTO_MAX_BYTES
    size = getattr(upload, "size", None)
    if size is not None and size > limit:
        raise refuse_size()
    upload.seek(0)
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise refuse_size()
    if not data:
        raise refuse_type()
    return data


def _open(data: bytes) -> Image.Image:
    """The image in ``data``, its header read (no pixel decoded yet)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=FORMATS)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise refuse_pixels() from None
    except Exception:  # not an image of an allowed format, whatever else Pillow thought of it
        raise refuse_type() from None
    if image.format not in FORMATS:
        raise refuse_type()
    width, height = image.size
    if width < 1 or height < 1:
        raise refuse_damaged()
    if width * height > settings.PHOTO_MAX_PIXELS:
        raise refuse_pixels()
    return image


def _decoded(image: Image.Image) -> Image.Image:
    """Every pixel decoded, upright; refused when the file ends before its pixels do."""
    if ImageFile.LOAD_TRUNCATED_IMAGES:
        # Never read a truncated file as if it were whole, whoever turned this on.
        ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image.load()
            upright = ImageOps.exif_transpose(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise refuse_pixels() from None
    except Exception:  # truncated, broken stream, bad chunk, bad EXIF
        raise refuse_damaged() from None
    return upright if upright is not None else image


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        image.mode == "P" and "transparency" in image.info
    )


def check_upload(upload) -> CheckedUpload:
    """What the request checks of an uploaded photo, without decoding a pixel: its size, its
    kind and size in pixels from its header, and a JPEG's number of scans; a ``PhotoRefused``
    naming the rule otherwise."""
    data = read_upload(upload)
    with _open(data) as image:
        kind = image.format
        width, height = image.size
    if kind == "JPEG" and jpeg_scans(data) > JPEG_MAX_SCANS:
        raise refuse_scans()
    return CheckedUpload(data, width, height)


def clean_photo(data: bytes) -> CleanPhoto:
    """Decode every pixel of a photo checked in its request and encode them again, with no
    metadata; a ``PhotoRefused`` naming the rule when it is not a whole photo of an allowed
    kind. Run by the photo's task, never in a request."""
    with _open(data) as image:
        if image.format == "JPEG" and jpeg_scans(data) > JPEG_MAX_SCANS:
            raise refuse_scans()
        upright = _decoded(image)
        alpha = _has_alpha(upright)
        mode = "RGBA" if alpha else "RGB"
        try:
            pixels = upright.convert(mode)
        except Exception:
            raise refuse_type() from None
    # A fresh image holds the pixels and nothing else: no info (EXIF, XMP, ICC, comments).
    fresh = Image.new(mode, pixels.size)
    fresh.paste(pixels)
    out = io.BytesIO()
    if alpha:
        fresh.save(out, format="PNG", optimize=False)
        extension = "png"
    else:
        fresh.save(out, format="JPEG", quality=JPEG_QUALITY)
        extension = "jpg"
    return CleanPhoto(out.getvalue(), extension, fresh.width, fresh.height)
