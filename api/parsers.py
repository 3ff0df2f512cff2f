"""The one parser of the API: JSON, with limits that DRF's own parser lacks.

DRF reads the request stream itself, so Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` never applies,
and a deeply nested document makes ``json`` raise ``RecursionError``, which DRF's parser does
not catch (a 500). Both become refusals here.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import BaseParser, JSONParser, MultiPartParser


class TooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        try:
            if length and limit is not None and int(length) > limit:
                raise TooLarge()
        except ValueError:
            raise exceptions.ParseError("Content-Length is not a number.") from None
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from None


class BackupUploadParser(BaseParser):
    """A backup, taken as the bytes it arrived as (at most ``BACKUP_UPLOAD_MAX_BYTES``, the one
    limit: the API's documentation says it from the same setting): it is read and checked by
    the import task, not by the web worker.

    Not a ``JSONParser``: DRF reads the whole body of one through Django's ``request.body``,
    which refuses anything past ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB) before this limit is
    asked. This one reads the request stream itself, at most one byte past the limit."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.BACKUP_UPLOAD_MAX_BYTES
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        try:
            if length and int(length) > limit:
                raise TooLarge(f"The backup is larger than {limit} bytes.")
        except ValueError:
            raise exceptions.ParseError("Content-Length is not a number.") from None
        body = stream.read(limit + 1) if stream is not None else b""
        if len(body) > limit:
            raise TooLarge(f"The backup is larger than {limit} bytes.")
        return body


class PhotoUploadParser(MultiPartParser):
    """A photo of the board, as a multipart form (``file`` and ``caption``): a body much larger
    than ``PHOTO_MAX_BYTES`` is refused before it is read."""

    MARGIN = 64 * 1024  # the caption and the form's own lines

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.PHOTO_MAX_BYTES + self.MARGIN
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        try:
            if length and int(length) > limit:
                raise TooLarge(
                    f"This photo is larger than {settings.PHOTO_MAX_BYTES // (1024 * 1024)} MB."
                )
        except ValueError:
            raise exceptions.ParseError("Content-Length is not a number.") from None
        return super().parse(stream, media_type, parser_context)
