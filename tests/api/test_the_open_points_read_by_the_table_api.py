"""The open points the table's entries read (a scar on an HQ's territory, a city founded over a
group's mark): the default is the rulebook's reading; the owner changes it, and the entry
follows."""

from __future__ import annotations

import pytest

from campaigns.models import GameEvent
from legacy.models import Scar
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def test_a_scar_on_an_hq_territory_is_placed_unless_the_campaign_refuses_it(game, owner):
    client = client_for(owner)
    campaign = f"/api/v1/campaigns/{game.campaign_id}/"
    ada = game.seats.get(player__name="Ada").player_id
    scar = {"scar": "bunker", "territory": "egypt", "player": ada}  # Ada's HQ stands in Egypt
    setting = client.patch(campaign, {"scar_on_hq_territory": "refused"}, format="json")
    assert setting.status_code == 200 and setting.json()["scar_on_hq_territory"] == "refused"
    refused = client.post(campaign + "games/1/events/scar/", scar, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["rule"] == "scar-on-an-hq"
    assert "territory" in refused.json()["error"]["fields"]
    assert not Scar.objects.filter(campaign_id=game.campaign_id).exists()
    assert not GameEvent.objects.filter(game=game).exists()
    client.patch(campaign, {"scar_on_hq_territory": "allowed"}, format="json")
    placed = client.post(campaign + "games/1/events/scar/", scar, format="json")
    assert placed.status_code == 201, placed.json()
    assert Scar.objects.get(campaign_id=game.campaign_id).territory == "egypt"
