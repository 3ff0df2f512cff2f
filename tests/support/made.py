"""Photos and hostile files made in the tests themselves, with Pillow: nothing is downloaded."""

from __future__ import annotations

import io
import struct
import zlib

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

# A spot in the Thames, as a phone would write it into a photo's EXIF.
GPS = {1: "N", 2: (51.0, 30.0, 12.5), 3: "W", 4: (0.0, 7.0, 39.0)}
GPS_IFD = 0x8825
ORIENTATION = 0x0112
MAKE = 0x010F


def board_picture(size=(120, 80), mode="RGB") -> Image.Image:
    """A small picture with a red left half and a blue right half (so that turning it upright
    shows)."""
    image = Image.new(mode, size, "blue")
    image.paste("red", (0, 0, size[0] // 2, size[1]))
    return image


def jpeg_with_gps(size=(120, 80), orientation: int | None = None) -> bytes:
    exif = Image.Exif()
    exif[MAKE] = "SpyPhone"
    exif.get_ifd(GPS_IFD).update(GPS)
    if orientation:
        exif[ORIENTATION] = orientation
    out = io.BytesIO()
    board_picture(size).save(out, format="JPEG", exif=exif, comment=b"secret comment")
    return out.getvalue()


def encoded(fmt: str, size=(120, 80), mode="RGB", **params) -> bytes:
    out = io.BytesIO()
    board_picture(size, mode).save(out, format=fmt, **params)
    return out.getvalue()


def heic() -> bytes:
    from pillow_heif import register_heif_opener

    register_heif_opener()
    return encoded("HEIF")


def png_bomb(width=10_000, height=10_000) -> bytes:
    """A PNG of a few kilobytes whose header declares 100 million pixels."""
    raw = zlib.compress(b"\0" * (width // 8 + 1) * 64, 9)  # a few rows; the rest is missing

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1-bit greyscale
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def pdf() -> bytes:
    return (
        b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
        b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
    )


SCRIPT = b"#!/bin/sh\necho 'I am not a photo'\nrm -rf /tmp/nothing\n"
HTML = b"<html><body><script>alert('polyglot')</script></body></html>"


def zip_archive() -> bytes:
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("payload.html", HTML)
    return out.getvalue()


def truncated_jpeg() -> bytes:
    whole = encoded("JPEG", size=(400, 300), quality=95)
    return whole[: len(whole) // 2]


def progressive_jpeg(size=(120, 80), scans: int = 0) -> bytes:
    """A progressive JPEG; with ``scans``, its last scan written again until it holds that
    many (each scan is decoded over the whole image: the shape of a slow-decoding attack)."""
    data = encoded("JPEG", size=size, progressive=True)
    if not scans:
        return data
    end = data.rindex(b"\xff\xd9")
    last = data.rindex(b"\xff\xda")
    have = data.count(b"\xff\xda")
    return data[:end] + data[last:end] * max(0, scans - have) + data[end:]


def upload(content: bytes, name="photo.jpg", content_type="image/jpeg") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type=content_type)
