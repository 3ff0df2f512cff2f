"""Exact battle odds over HTTP: no login, the modifiers as query parameters."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from legacy.odds import battle_odds

pytestmark = pytest.mark.django_db


def test_the_odds_match_the_engine():
    body = APIClient().get("/api/v1/odds/?attackers=10&defenders=10").json()
    exact = battle_odds(10, 10)
    assert body["p_conquer"] == pytest.approx(exact.p_conquer)
    assert sum(body["attackers_left"].values()) == pytest.approx(1.0)
    assert body["expected_defender_losses"] == pytest.approx(exact.expected_defender_losses)


def test_modifiers_are_query_parameters():
    plain = APIClient().get("/api/v1/odds/?attackers=8&defenders=4").json()["p_conquer"]
    bunker = APIClient().get("/api/v1/odds/?attackers=8&defenders=4&bunker=true").json()
    assert bunker["p_conquer"] < plain and bunker["modifiers"]["bunker"] is True
    missiles = APIClient().get("/api/v1/odds/?attackers=8&defenders=4&missiles=2").json()
    assert missiles["p_conquer"] > plain and missiles["expected_missiles_used"] > 0


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("attackers=1&defenders=3", "attackers"),
        ("attackers=5&defenders=0", "defenders"),
        ("attackers=abc&defenders=3", "attackers"),
        ("attackers=5", "defenders"),
        ("attackers=5&defenders=3&bunker=true&ammo_shortage=true", "ammo_shortage"),
        ("attackers=5&defenders=3&fortified=maybe", "fortified"),
        ("attackers=99999999999999999999&defenders=3", "attackers"),
        ("attackers=5&defenders=3&stop_at=5", "stop_at"),
        ("attackers=5&defenders=3&missiles=18", "missiles"),
        ("attackers=5&defenders=3&defender_missiles=18", "defender_missiles"),
        ("attackers=5&defenders=3&defender_missiles=-1", "defender_missiles"),
        ("attackers=5&defenders=3&defender_missiles=two", "defender_missiles"),
        ("attackers=900&defenders=900&missiles=17&defender_missiles=17", "defender_missiles"),
        ("attackers=5&defenders=3&fortification_boxes=11", "fortification_boxes"),
    ],
)
def test_bad_odds_requests_get_the_error_shape(query, field):
    response = APIClient().get(f"/api/v1/odds/?{query}")
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]


def test_the_defenders_missiles_lower_the_odds_exactly_as_the_engine_plays_them():
    body = APIClient().get("/api/v1/odds/?attackers=8&defenders=4&missiles=1&defender_missiles=2")
    assert body.status_code == 200
    exact = battle_odds(8, 4, missiles=1, defender_missiles=2)
    data = body.json()
    assert data["p_conquer"] == pytest.approx(exact.p_conquer)
    assert data["p_conquer"] < battle_odds(8, 4, missiles=1).p_conquer
    assert data["defender_missiles"] == 2
    assert data["expected_defender_missiles_used"] == pytest.approx(
        exact.expected_defender_missiles_used
    )


def test_odds_without_the_defenders_missiles_say_the_defender_held_none():
    data = APIClient().get("/api/v1/odds/?attackers=8&defenders=4").json()
    assert data["defender_missiles"] == 0
    assert data["expected_defender_missiles_used"] == 0


def test_troops_needed():
    body = APIClient().get("/api/v1/odds/troops-needed/?defenders=5&target=0.8").json()
    assert body["troops"] is not None
    enough = battle_odds(body["troops"], 5).p_conquer
    fewer = battle_odds(body["troops"] - 1, 5).p_conquer
    assert enough >= 0.8 > fewer
    bad = APIClient().get("/api/v1/odds/troops-needed/?defenders=5&target=1.5")
    assert bad.status_code == 400 and "target" in bad.json()["error"]["fields"]


def test_an_unknown_token_does_not_stop_the_odds():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nope")
    assert client.get("/api/v1/odds/?attackers=3&defenders=1").status_code == 200


def test_a_bad_odds_request_is_refused_in_the_language_asked():
    response = APIClient().get(
        "/api/v1/odds/?attackers=1001&defenders=3", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["rule"] == "odds-attackers-limit"
    assert error["message"] == (
        "Шансы считаются не больше чем для 1000 войск на атакующей территории; 1001 — "
        "слишком много."
    )
    assert error["fields"] == {"attackers": [error["message"]]}
    english = APIClient().get("/api/v1/odds/?attackers=1001&defenders=3").json()["error"]
    assert english["message"].startswith("Odds can be worked out for at most 1000 troops")


def test_a_refusal_naming_an_input_names_it_in_russian():
    response = APIClient().get(
        "/api/v1/odds/?attackers=5&defenders=3&fortification_boxes=11&fortified=true",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["rule"] == "odds-fortification-boxes"
    assert "У укрепления 10 клеток" in error["message"] and "11" in error["message"]
