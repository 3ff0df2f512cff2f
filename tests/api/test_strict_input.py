"""Input is taken strictly: text must be text, booleans booleans, numbers numbers; a query value
that is unknown or out of range is refused with the field named, and a refusal names the real
mistake."""

from __future__ import annotations

import pytest

from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


def refusal(response, status=400):
    assert response.status_code == status, response.content[:300]
    return response.json()["error"]


def test_a_scar_for_an_unknown_player_says_that_player_is_not_seated(
    history, owner, monkeypatch
):
    monkeypatch.setattr("campaigns.game.table.scar_cards_available", lambda campaign: 0)
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/scar/",
        {"scar": "bunker", "territory": "brazil", "player": 999999},
        format="json",
    )
    error = refusal(response)
    assert error["message"] == "That player is not seated in this game."
    assert error["fields"] == {"player": ["That player is not seated in this game."]}


def test_destroying_a_city_on_an_unknown_territory_says_there_is_no_such_territory(
    history, owner
):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/city-destroyed/",
        {"territory": "atlantis"},
        format="json",
    )
    error = refusal(response)
    assert error["rule"] == "unknown-territory"
    assert "no territory called 'atlantis'" in error["message"]
