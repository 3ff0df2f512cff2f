"""Talking to the API as a script would: a client holding a person's token, and the shape of an
answer the API refuses."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def client_for(user=None) -> APIClient:
    """An API client with ``user``'s token, or with none for ``None``."""
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def assert_error(response, status: int, code: str, **more):
    assert response.status_code == status, response.content[:400]
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert error["code"] == code and isinstance(error["message"], str) and error["message"]
    for key, value in more.items():
        assert error[key] == value
    return error


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return len(captured)
