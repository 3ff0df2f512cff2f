"""Gzip for what gains from it: pages, JSON, SVG, text. Pictures, photos, PDFs and archives are
compressed already; gzipping them again costs the server time and the phone nothing saved."""

from __future__ import annotations

from django.middleware.gzip import GZipMiddleware

# Content types sent as they are (the start of the header, before any parameter).
ALREADY_COMPRESSED = (
    "image/png",
    "image/jpeg",
    "image/webp",
    "image/gif",
    "application/pdf",
    "application/zip",
    "application/gzip",
    # Not compressed, but never to be held back: each event of the live table's stream goes out
    # as it is made (a gzip stream keeps small writes until it has enough to send).
    "text/event-stream",
)


class TextGZipMiddleware(GZipMiddleware):
    """Django's ``GZipMiddleware`` (with its random bytes against BREACH), skipping content
    types that are compressed already."""

    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith(ALREADY_COMPRESSED):
            return response
        return super().process_response(request, response)
