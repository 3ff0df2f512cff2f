"""Every address too long under /api/v1/ is refused in the API's one error shape by the shipped
server, however long: gunicorn (config/gunicorn.conf.py) leaves the request line to Django's own
limit (config/long_uris.py) and keeps its limits on header fields."""

from __future__ import annotations

import json

import pytest

from tests.support.servers import Gunicorn


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with Gunicorn({}, log) as running:
        yield running


@pytest.mark.parametrize("length", [9_000, 100_000])
def test_an_api_address_longer_than_gunicorns_old_limit_is_refused_in_json(server, length):
    status, content_type, body = server.get("/api/v1/campaigns/1/world/?x=" + "a" * length)
    assert (status, content_type) == (414, "application/json")
    assert json.loads(body)["error"]["code"] == "uri_too_long"


def test_a_long_page_address_is_refused_by_django_too(server):
    status, content_type, body = server.get("/c/1/?x=" + "a" * 9_000)
    assert status == 414 and content_type.startswith("text/plain")
    assert body == b"The address is too long."


def test_a_header_field_too_long_is_still_refused_by_gunicorn(server):
    status, _type, _body = server.get("/health/", headers={"X-Filler": "a" * 9_000})
    assert status == 431  # Request Header Fields Too Large
