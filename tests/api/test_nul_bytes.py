"""A NUL byte in a name is refused with a 400 that names the field, and nothing is written:
PostgreSQL cannot store one, so letting it through would be a 500 there."""

from __future__ import annotations

import pytest

from campaigns.models import Campaign, Player
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def _refused(response, field: str) -> dict:
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert field in error["fields"], error
    return error


def test_a_nul_byte_in_a_player_name_is_400_and_adds_no_player(history, owner):
    before = Player.objects.count()
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/players/", {"name": "Za\u0000d"}, format="json"
    )
    _refused(response, "name")
    assert Player.objects.count() == before


def test_a_nul_byte_in_a_campaign_name_is_400_and_creates_no_campaign(owner):
    before = Campaign.objects.count()
    created = client_for(owner).post("/api/v1/campaigns/", {"name": "Ou\u0000r"}, format="json")
    _refused(created, "name")
    assert Campaign.objects.count() == before


@pytest.mark.parametrize(
    ("where", "field"),
    [
        (("campaign", "name"), "campaign, name"),
        (("players", 0, "name"), "players #1, name"),
    ],
)
def test_a_nul_byte_in_an_imported_backup_is_400_naming_the_field_and_writes_nothing(
    history, owner, stranger, where, field, celery_mode
):
    celery_mode(eager=True)  # without a worker the refusal is the answer itself
    document = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/export/").json()
    node = document
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = "Cai\u0000ro"
    campaigns, players = Campaign.objects.count(), Player.objects.count()
    response = client_for(stranger).post("/api/v1/campaigns/import/", document, format="json")
    error = _refused(response, field)
    assert error["code"] == "invalid_backup" and "NUL" in error["message"]
    assert (Campaign.objects.count(), Player.objects.count()) == (campaigns, players)


def test_a_nul_byte_deep_inside_an_imported_backup_is_400(history, owner, stranger, celery_mode):
    celery_mode(eager=True)  # without a worker the refusal is the answer itself
    document = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/export/").json()
    city = document["marks"]["City"][0]
    city["name"] = "Cai\u0000ro"
    campaigns = Campaign.objects.count()
    response = client_for(stranger).post("/api/v1/campaigns/import/", document, format="json")
    assert response.status_code == 400 and "NUL" in response.json()["error"]["message"]
    assert Campaign.objects.count() == campaigns
