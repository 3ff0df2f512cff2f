"""Talking to the API as a script would: a client holding a person's token, and the shape of an
answer the API refuses."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from api.tokens import issue_token


def token_for(user) -> str:
    """A new token of ``user`` (one more signed-in device): its secret."""
    return issue_token(user)[1]


def client_for(user=None) -> APIClient:
    """An API client with a token of ``user``, or with none for ``None``."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
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


def play_game_over_the_api(api: APIClient, campaign: str, seats: list[dict], ending, during=None):
    """One game of the campaign at ``campaign`` (its API address) set up, started and finished
    over the API: ``during(game_address)`` logs what happens at the table, and ``ending`` is
    the finish body, or a function of the game's address that returns it (for an ending that
    reads what was logged). Returns the finish answer's body."""
    made = api.post(campaign + "games/", {"seats": seats}, "json")
    assert made.status_code == 201, made.json()
    game = campaign + f"games/{made.json()['number']}/"
    started = api.post(game + "start/")
    assert started.status_code == 200, started.json()
    if during is not None:
        during(game)
    body = ending(game) if callable(ending) else ending
    finished = api.post(game + "finish/", body, "json")
    assert finished.status_code == 200, finished.json()
    return finished.json()
