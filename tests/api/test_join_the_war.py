"""Join the War over the API: where a wiped-out faction may come back, and the entry that says
where it did."""

from __future__ import annotations

import pytest

from campaigns.models import GameEvent
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def starts(campaign, user, **query):
    response = client_for(user).get(f"/api/v1/campaigns/{campaign.pk}/legal-starts/", query)
    assert response.status_code == 200, response.json()
    return response.json()


def test_occupied_territories_are_not_legal_but_do_not_close_their_neighbours(history, owner):
    answer = starts(history, owner, occupied="middle-east")
    assert "middle-east" not in answer["territories"] and "north-africa" in answer["territories"]


def test_an_hq_in_setup_closes_its_neighbours(history, owner):
    answer = starts(history, owner, hqs="middle-east")
    assert "middle-east" not in answer["territories"]
    assert "afghanistan" not in answer["territories"]


def test_a_player_joining_the_war_is_not_kept_away_from_hqs(history, owner, players):
    answer = starts(history, owner, player=players["Chloe"].pk, hqs="middle-east", joining="true")
    assert answer["joining"] and not answer["eliminated"]
    assert "afghanistan" in answer["territories"] and "middle-east" not in answer["territories"]
    assert "egypt" not in answer["territories"]  # Cairo is Ada's, not Chloe's


def test_with_no_legal_start_the_joining_player_is_eliminated(history, owner):
    everywhere = client_for(owner).get("/api/v1/board/").json()
    slugs = ",".join(t["slug"] for t in everywhere["territories"])
    answer = starts(history, owner, occupied=slugs, joining="true")
    assert answer == {
        "player": None,
        "joining": True,
        "territories": [],
        "eliminated": True,
        "troops": 4,
    }


def test_an_unknown_occupied_territory_is_refused(history, owner):
    response = client_for(owner).get(
        f"/api/v1/campaigns/{history.pk}/legal-starts/", {"occupied": "atlantis"}
    )
    assert response.status_code == 400 and "occupied" in str(response.json())


def test_the_schema_documents_occupied_and_joining(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    path = schema["paths"]["/api/v1/campaigns/{campaign_id}/legal-starts/"]["get"]
    names = {p["name"] for p in path["parameters"]}
    assert {"occupied", "joining", "hqs"} <= names
    rejoin = schema["components"]["schemas"]["RejoinEventRequest"]["properties"]
    assert {"territory", "occupied"} <= set(rejoin)


def rejoin(campaign, user, body):
    return client_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/games/2/events/rejoin/", body, format="json"
    )


def wipe_out(campaign, user, player):
    response = client_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/games/2/events/elimination/",
        {"player": player.pk, "can_rejoin": True},
        format="json",
    )
    assert response.status_code == 201


def test_a_rejoin_on_a_legal_territory_is_recorded(history, owner, players):
    wipe_out(history, owner, players["Chloe"])
    response = rejoin(history, owner, {"player": players["Chloe"].pk, "territory": "brazil"})
    assert response.status_code == 201, response.json()
    assert response.json()["event"]["data"] == {"territory": "brazil"}


def test_a_rejoin_on_a_marked_territory_is_refused_and_writes_nothing(history, owner, players):
    wipe_out(history, owner, players["Chloe"])
    count = GameEvent.objects.count()
    response = rejoin(history, owner, {"player": players["Chloe"].pk, "territory": "japan"})
    assert response.status_code == 400
    assert "marked" in str(response.json())
    assert GameEvent.objects.count() == count


def test_a_rejoin_needs_a_territory(history, owner, players):
    wipe_out(history, owner, players["Chloe"])
    count = GameEvent.objects.count()
    response = rejoin(history, owner, {"player": players["Chloe"].pk})
    assert response.status_code == 400 and "territory" in str(response.json())
    assert GameEvent.objects.count() == count
