"""Outages: Redis down, the cache fails soft (the API reads the world from the database, logins
go through, nothing answers a 500), and the health check names what is down. A dependency is
"down" here by pointing its setting at a closed port, or by a connection that refuses."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from rest_framework.test import APIClient

from campaigns import health

pytestmark = pytest.mark.django_db

CLOSED_PORT = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": CLOSED_PORT,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }


def test_a_cache_read_is_a_miss_and_a_write_is_dropped_while_redis_is_down(redis_down):
    from django.core.cache import cache

    assert cache.get("anything", "missing") == "missing"
    cache.set("anything", 1)
    assert cache.get_many(["anything"]) == {}
    assert cache.add("anything", 1) is False


def test_the_world_is_read_from_the_database_while_redis_is_down(redis_down, campaign, owner):
    client = APIClient()
    client.force_authenticate(owner)
    response = client.get(f"/api/v1/campaigns/{campaign.pk}/world/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "territories" in response.json()


def test_a_token_login_works_while_redis_is_down(redis_down, owner):
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "olga", "password": "pw-olga-123"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["token"]


def test_a_wrong_password_is_still_refused_in_the_one_error_shape_while_redis_is_down(
    redis_down, owner
):
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "olga", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["rule"] == "credentials"


def test_the_health_check_says_degraded_but_answers_200_while_redis_is_down(redis_down, client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["cache"]["status"] == "down"
    assert body["database"] == {"status": "ok"}


def test_the_health_check_says_degraded_while_the_broker_is_down(settings, client):
    settings.CELERY_BROKER_URL = CLOSED_PORT
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["status"] == "degraded"
    assert response.json()["broker"]["status"] == "down"


def test_the_health_check_answers_503_while_the_database_is_down(monkeypatch, client):
    class Unreachable:
        def ensure_connection(self):
            raise OperationalError("could not connect to server")

    monkeypatch.setattr(health, "connection", Unreachable())
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["status"] == "down"
    assert response.json()["database"] == {"status": "down", "error": "OperationalError"}


def test_the_health_check_finds_a_connection_that_no_longer_answers(monkeypatch, client):
    class Silent:
        def ensure_connection(self):
            pass

        def is_usable(self):
            return False

    monkeypatch.setattr(health, "connection", Silent())
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["database"] == {"status": "down", "error": "DatabaseError"}


def test_a_sign_up_goes_through_while_redis_is_down(redis_down):
    from django.contrib.auth import get_user_model
    from django.test import Client

    response = Client().post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="newbie").exists()


def test_a_password_reset_is_answered_while_redis_is_down(redis_down, owner):
    from django.test import Client

    response = Client().post("/accounts/password/reset/", {"email": "olga@example.com"})
    assert response.status_code == 302
