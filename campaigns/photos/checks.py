"""Reading an uploaded photo, in the request, before anything is stored.

A file is judged by its content, never by its name or the content type the client sent: Pillow
opens it, restricted to the allowed formats (JPEG, PNG, WebP, and HEIF/HEIC when pillow-heif is
installed). Its size in pixels is read from the header and refused above
``settings.PHOTO_MAX_PIXELS`` before any pixel is decoded; Pillow's own decompression-bomb
check is made an error too. Then every pixel is decoded (``load()``), which refuses a truncated
or damaged file (``ImageFile.LOAD_TRUNCATED_IMAGES`` stays off).

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

from legacy.errors import RuleViolation

try:  # HEIF/HEIC (iPhone photos), when pillow-heif is installed
    from pillow_heif import register_heif_opener
except ImportError:  # pragma: no cover - the formats without it are still taken
    HEIF = False
else:
    register_heif_opener()
    HEIF = True


FORMATS = ("JPEG", "PNG", "WEBP", *(("HEIF",) if HEIF else ()))


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
    kinds = "JPEG, PNG, WebP or HEIC" if HEIF else "JPEG, PNG or WebP"
    return PhotoRefused(
        f"Only {kinds} photos are taken: this file is not one.", rule="photo-type", field="file"
    )


def refuse_size() -> PhotoRefused:
    return PhotoRefused(
        f"This photo is larger than {megabytes(settings.PHOTO_MAX_BYTES)} MB.",
        rule="photo-too-large",
        field="file",
    )


def refuse_pixels() -> PhotoRefused:
    millions = f"{settings.PHOTO_MAX_PIXELS / 1_000_000:g}"
    return PhotoRefused(
        f"This photo has more than {millions} million pixels.",
        rule="photo-too-many-pixels",
        field="file",
    )


def refuse_damaged() -> PhotoRefused:
    return PhotoRefused(
        "This file is damaged or incomplete: it could not be read to the end.",
        rule="photo-damaged",
        field="file",
    )


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


def clean_photo(upload) -> CleanPhoto:
    """Check an uploaded photo and encode its pixels again, with no metadata; a
    ``PhotoRefused`` naming the rule when it is not a whole photo of an allowed kind."""
    data = read_upload(upload)
    with _open(data) as image:
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
