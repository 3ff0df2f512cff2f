"""Under /api/v1/ every answer that is not a success is JSON in the one error shape, whatever
refused the request: the URL resolver, Django's CSRF check, the body-size limit, an uncaught bug.
Nowhere else do these rules change the pages."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.test import Client, RequestFactory, override_settings
from django.urls import get_resolver
from django.utils.module_loading import import_string

from api.views import board
from tests.support.api import client_for

pytestmark = pytest.mark.django_db

UNKNOWN = "/api/v1/no/such/thing/"
WRITE_METHODS = ("post", "put", "patch", "delete")


def assert_shape(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = json.loads(response.content)
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["code"] == code and isinstance(error["message"], str) and error["message"]
    return error


def _session_client(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


@pytest.mark.parametrize("method", WRITE_METHODS)
def test_an_unknown_api_path_answers_404_json_for_every_write_method(owner, method):
    clients = {
        "anonymous": Client(enforce_csrf_checks=True),
        "token": client_for(owner),
        "session": _session_client(owner),
    }
    token_and_session = _session_client(owner)
    token_and_session.defaults["HTTP_AUTHORIZATION"] = client_for(owner)._credentials[
        "HTTP_AUTHORIZATION"
    ]
    clients["token and session"] = token_and_session
    for who, client in clients.items():
        for body, content_type in (
            (b'{"a": 1}', "application/json"),
            (b"a=1", "application/x-www-form-urlencoded"),
            (b"", "text/plain"),
        ):
            response = getattr(client, method)(UNKNOWN, body, content_type=content_type)
            assert_shape(response, 404, "not_found"), (who, content_type)


def test_a_csrf_failure_under_the_api_answers_403_json_and_on_a_page_html(owner):
    # DRF's views check CSRF themselves; Django's failure view answers for any other view.
    failure = import_string(settings.CSRF_FAILURE_VIEW)
    api_request = RequestFactory().post("/api/v1/campaigns/")
    error = assert_shape(failure(api_request, reason="CSRF cookie not set."), 403, "forbidden")
    assert "CSRF" in error["message"]
    page = failure(RequestFactory().post("/accounts/login/"), reason="CSRF cookie not set.")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")


def test_a_form_post_to_a_page_without_the_csrf_token_is_still_the_html_page(owner):
    response = _session_client(owner).post("/accounts/password/", {"old_password": "x"})
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_a_json_body_over_the_limit_is_413_json(history, owner):
    big = b'{"name": "' + b"x" * 4096 + b'"}'
    url = f"/api/v1/campaigns/{history.pk}/players/"
    assert_shape(
        client_for(owner).post(url, big, content_type="application/json"), 413, "too_large"
    )
    assert_shape(
        client_for(owner).post(UNKNOWN, big, content_type="application/json"), 404, "not_found"
    )


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_a_form_body_over_the_limit_to_an_unknown_api_path_is_404_json(owner):
    client = _session_client(owner)
    token = client.get("/admin/login/").cookies["csrftoken"].value
    big = {"name": "x" * 4096}
    assert_shape(client.post(UNKNOWN, big, HTTP_X_CSRFTOKEN=token), 404, "not_found")
    assert_shape(client.post(UNKNOWN, big), 404, "not_found")


@pytest.mark.parametrize(
    ("exception", "status", "code"),
    [
        (RequestDataTooBig("too big"), 413, "too_large"),
        (TooManyFieldsSent("too many"), 413, "too_large"),
        (SuspiciousOperation("odd"), 400, "bad_request"),
    ],
)
def test_django_refusing_a_body_under_the_api_is_json_and_on_a_page_html(exception, status, code):
    handler = import_string(get_resolver().urlconf_module.handler400)
    assert_shape(handler(RequestFactory().post("/api/v1/campaigns/"), exception), status, code)
    page = handler(RequestFactory().post("/accounts/login/"), exception)
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")


def test_a_body_over_the_limit_met_inside_an_api_view_is_413_in_the_shape():
    from api.errors import exception_handler  # noqa: PLC0415

    response = exception_handler(RequestDataTooBig("too big"), {})
    assert response.status_code == 413 and response.data["error"]["code"] == "too_large"


def test_a_wrong_content_type_is_415_json(history, owner):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/players/", b"<name>Zed</name>", content_type="text/xml"
    )
    assert_shape(response, 415, "unsupported_media_type")


def test_a_wrong_method_is_405_json(history, owner):
    response = client_for(owner).put("/api/v1/board/", b"{}", content_type="application/json")
    assert_shape(response, 405, "method_not_allowed")


def test_an_uncaught_error_under_the_api_is_a_500_in_the_shape(monkeypatch):
    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(board.BoardView, "get", broken)
    response = Client(raise_request_exception=False).get("/api/v1/board/")
    error = assert_shape(response, 500, "server_error")
    assert "a bug" not in error["message"]


def test_a_bad_request_under_the_api_is_a_400_in_the_shape():
    response = Client().get("/api/v1/board/", HTTP_HOST="bad host")
    assert_shape(response, 400, "bad_request")


def test_a_bad_request_on_a_page_is_still_html():
    response = Client().get("/", HTTP_HOST="bad host")
    assert response.status_code == 400
    assert not response["Content-Type"].startswith("application/json")
