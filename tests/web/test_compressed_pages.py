"""Pages travel gzipped to a browser that accepts it, and the CSRF token in them differs from
one answer to the next (masked per request), so the compressed length leaks nothing."""

from __future__ import annotations

import gzip
import re

import pytest
from django.http import HttpResponse

from edge.compression import TextGZipMiddleware
from tests.support.pages import client_for, prepared

pytestmark = pytest.mark.django_db


def test_a_page_is_gzipped_for_a_browser_that_accepts_it(owner):
    campaign = prepared(owner, "Compressed")
    client = client_for(owner)
    plain = client.get(f"/c/{campaign.pk}/")
    zipped = client.get(f"/c/{campaign.pk}/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert len(zipped.content) < len(plain.content) / 3
    assert campaign.name in gzip.decompress(zipped.content).decode()


def test_a_page_without_gzip_in_the_request_is_sent_plain(owner):
    campaign = prepared(owner, "Plain")
    response = client_for(owner).get(f"/c/{campaign.pk}/")
    assert not response.has_header("Content-Encoding")


def test_the_csrf_token_in_a_page_is_masked_afresh_on_every_answer(owner):
    campaign = prepared(owner, "Masked")
    client = client_for(owner)
    url = f"/c/{campaign.pk}/settings/"
    tokens = [
        re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get(url).content.decode())[
            1
        ]
        for _ in range(2)
    ]
    assert tokens[0] != tokens[1]


def test_a_picture_is_sent_as_it_is_even_to_a_browser_that_accepts_gzip(rf):
    picture = HttpResponse(b"\x89PNG" + bytes(range(256)) * 4, content_type="image/png")
    sent = TextGZipMiddleware(lambda request: picture)(rf.get("/", HTTP_ACCEPT_ENCODING="gzip"))
    assert not sent.has_header("Content-Encoding")


def test_a_board_drawn_as_svg_is_gzipped(rf):
    board = HttpResponse(b"<svg>" + b"<g/>" * 200 + b"</svg>", content_type="image/svg+xml")
    sent = TextGZipMiddleware(lambda request: board)(rf.get("/", HTTP_ACCEPT_ENCODING="gzip"))
    assert sent["Content-Encoding"] == "gzip"
