"""One error shape for every refusal; tokens, sessions with CSRF, and the login throttle."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings
from django.utils import timezone
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def assert_error(response, status: int, code: str, **more):
    assert response.status_code == status, response.content[:400]
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert error["code"] == code and isinstance(error["message"], str) and error["message"]
    for key, value in more.items():
        assert error[key] == value
    return error


def test_a_bad_field_is_400_with_the_field_named(history, owner, players):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/missiles/",
        {"count": "many", "player": players["Ada"].pk},
        format="json",
    )
    error = assert_error(response, 400, "invalid")
    assert error["fields"] == {"count": ["A valid integer is required."]}


def test_a_broken_rule_is_400_with_the_rule_named(history, owner, players):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/missiles/",
        {"count": 9, "player": players["Ada"].pk},
        format="json",
    )
    assert_error(response, 400, "rule", rule="missiles-per-roll")
    assert response.json()["error"]["fields"] == {"count": [response.json()["error"]["message"]]}


def test_a_conflict_is_409(history, owner):
    response = client_for(owner).post(f"/api/v1/campaigns/{history.pk}/games/1/start/")
    assert_error(response, 409, "conflict", rule="game-status")


def test_nested_field_errors_are_flattened(history, owner):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/",
        {"seats": [{"player": 1, "faction": "x"}]},
        format="json",
    )
    error = assert_error(response, 400, "invalid")
    assert error["fields"] == {"seats.0.hq": ["This field is required."]}


def test_not_found_unauthenticated_and_not_allowed_share_the_shape(history, owner, viewer):
    assert_error(client_for(owner).get("/api/v1/campaigns/999999/world/"), 404, "not_found")
    assert_error(
        client_for(owner).get(f"/api/v1/campaigns/{history.pk}/games/99/"), 404, "not_found"
    )
    assert_error(client_for(owner).get("/api/v1/no/such/thing/"), 404, "not_found")
    assert_error(client_for(owner).get("/api/v1/campaigns/1" + "0" * 40 + "/"), 404, "not_found")
    unauthenticated = client_for().get("/api/v1/auth/me/")
    assert_error(unauthenticated, 401, "not_authenticated")
    assert unauthenticated["WWW-Authenticate"] == "Token"
    assert_error(
        client_for(viewer).post(
            f"/api/v1/campaigns/{history.pk}/players/", {"name": "Zed"}, format="json"
        ),
        403,
        "forbidden",
    )
    assert_error(
        client_for(owner).delete(f"/api/v1/campaigns/{history.pk}/world/"),
        405,
        "method_not_allowed",
    )
    bad_token = APIClient()
    bad_token.credentials(HTTP_AUTHORIZATION="Token nope")
    assert_error(bad_token.get("/api/v1/auth/me/"), 401, "not_authenticated")


def test_malformed_json_and_other_media_types_are_refused_in_shape(history, owner):
    url = f"/api/v1/campaigns/{history.pk}/players/"
    broken = client_for(owner).post(url, '{"name": ', content_type="application/json")
    assert_error(broken, 400, "parse_error")
    form = client_for(owner).post(url, {"name": "Zed"})  # multipart
    assert_error(form, 415, "unsupported_media_type")


def test_a_token_is_given_for_a_right_password_only(owner):
    client = APIClient()
    good = client.post(
        "/api/v1/auth/token/", {"username": "olga", "password": "pw-olga-123"}, format="json"
    )
    assert good.status_code == 200 and len(good.json()["token"]) == 64  # knox: 32 random bytes
    again = client.post(
        "/api/v1/auth/token/", {"username": "olga", "password": "pw-olga-123"}, format="json"
    )
    assert again.json()["token"] != good.json()["token"]  # one token per device signed in
    wrong = client.post(
        "/api/v1/auth/token/", {"username": "olga", "password": "guess"}, format="json"
    )
    assert_error(wrong, 400, "rule", rule="credentials")
    client.credentials(HTTP_AUTHORIZATION=f"Token {good.json()['token']}")
    assert client.get("/api/v1/auth/me/").json() == {"id": owner.pk, "username": "olga"}


def _rates(**rates):
    return override_settings(
        REST_FRAMEWORK={**api_settings.user_settings, "DEFAULT_THROTTLE_RATES": rates}
    )


def _token(username, password, **extra):
    return APIClient().post(
        "/api/v1/auth/token/", {"username": username, "password": password}, format="json", **extra
    )


def _after_the_cool_down():
    aged = timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=aged)


def test_wrong_passwords_lock_the_token_login_until_the_cool_down_is_over(owner):
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        assert_error(_token("olga", "x"), 400, "rule", rule="credentials")
    assert_error(_token("olga", "x"), 429, "throttled")
    blocked = _token("olga", "pw-olga-123")
    assert_error(blocked, 429, "throttled")
    assert int(blocked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert _token("sam", "x").status_code == 400  # another account is not locked

    _after_the_cool_down()
    assert _token("olga", "pw-olga-123").status_code == 200


def test_a_new_forwarded_for_on_every_token_request_does_not_escape_the_limits(owner):
    for n in range(settings.AXES_FAILURE_LIMIT):
        _token("olga", "x", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    assert_error(_token("olga", "pw-olga-123", HTTP_X_FORWARDED_FOR="10.9.9.9"), 429, "throttled")
    with _rates(login="2/min"):
        cache.clear()
        for n in range(2):
            assert _token("sam", "x", HTTP_X_FORWARDED_FOR=f"10.1.0.{n}").status_code == 400
        assert_error(_token("sam", "x", HTTP_X_FORWARDED_FOR="10.1.0.9"), 429, "throttled")


def test_a_token_lockout_from_an_attackers_address_leaves_the_owner_free_at_home(owner):
    for _ in range(settings.AXES_FAILURE_LIMIT + 2):
        _token("olga", "x", REMOTE_ADDR="203.0.113.66")
    assert_error(_token("olga", "pw-olga-123", REMOTE_ADDR="203.0.113.66"), 429, "throttled")
    assert _token("olga", "pw-olga-123", REMOTE_ADDR="198.51.100.7").status_code == 200


def test_too_many_token_requests_from_one_address_are_throttled(owner):
    with _rates(login="2/min"):
        for _ in range(2):
            ok = APIClient().post(
                "/api/v1/auth/token/",
                {"username": "olga", "password": "pw-olga-123"},
                format="json",
            )
            assert ok.status_code == 200
        assert_error(
            APIClient().post(
                "/api/v1/auth/token/",
                {"username": "olga", "password": "pw-olga-123"},
                format="json",
            ),
            429,
            "throttled",
        )


def test_session_writes_need_the_csrf_token(history, owner):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    url = f"/api/v1/campaigns/{history.pk}/players/"
    assert client.get(url).status_code == 200
    refused = client.post(url, {"name": "Zed"}, format="json")
    error = assert_error(refused, 403, "forbidden")
    assert "CSRF" in error["message"]
    page = client.get("/admin/login/")  # any page that sets the CSRF cookie
    token = page.cookies["csrftoken"].value
    allowed = client.post(url, {"name": "Zed"}, format="json", HTTP_X_CSRFTOKEN=token)
    assert allowed.status_code == 201


def test_the_schema_and_the_docs_are_served_locally(client):
    schema = client.get("/api/v1/schema/?format=json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/v1/campaigns/{campaign_id}/world/" in paths
    for operations in paths.values():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert codes & {"200", "201", "202", "204"}, (method, operation["operationId"])
            if method in ("post", "patch", "delete") and "campaign_id" in str(operation):
                assert {"400", "401", "403", "404", "409"} <= codes, operation["operationId"]
    docs = client.get("/api/v1/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html and "cdn" not in html.lower()


def test_the_schema_generates_without_warnings(tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", file=str(tmp_path / "s.yaml"))
    assert (tmp_path / "s.yaml").read_text().startswith("openapi: 3")


def test_options_is_refused_in_shape_not_a_crash(history, owner):
    for url in ("/api/v1/campaigns/", f"/api/v1/campaigns/{history.pk}/games/", "/api/v1/board/"):
        assert_error(client_for(owner).options(url), 405, "method_not_allowed")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_wrong_passwords_sent_together_on_many_workers_get_no_more_checks_than_the_limit(
    owner, monkeypatch
):
    """Ten guesses at once, each password check as slow as a real hasher's: only as many are
    checked as the limit allows before the lockout; the rest are refused without a check."""
    from django.contrib.auth.backends import ModelBackend
    from django.db import connection

    checks = []
    real = ModelBackend.authenticate

    def slow(self, request, username=None, password=None, **kwargs):
        checks.append(username)
        time.sleep(0.3)
        return real(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", slow)
    start = threading.Barrier(10)
    statuses = []

    def guess():
        try:
            start.wait()
            statuses.append(_token("olga", "x").status_code)
        finally:
            connection.close()

    with _rates(login="100/min"):
        threads = [threading.Thread(target=guess) for _ in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    limit = settings.AXES_FAILURE_LIMIT
    assert len(checks) == limit
    assert sorted(statuses) == [400] * (limit - 1) + [429] * (10 - limit + 1)
