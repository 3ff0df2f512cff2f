"""Over the API: an attack with 3 troops marks a fortification box, the tenth wears it out, an
attack where no fortification works is refused and writes nothing, and taking it back restores
the box."""

import pytest

from legacy.models import City, Fortification
from legacy.selectors import world_as_of
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def attack(api, campaign, territory="egypt", **more):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/games/2/events/fortification-attacked/",
        {"territory": territory, **more},
        format="json",
    )


@pytest.fixture
def fortified(history):
    cairo = City.objects.current().get(campaign=history, territory="egypt")
    return Fortification.objects.create(campaign=history, city=cairo, placed_in_game=1)


def test_an_attack_over_the_api_marks_a_box(history, fortified, owner, players):
    response = attack(client_for(owner), history, player=players["Boris"].pk)
    assert response.status_code == 201
    assert response.json()["event"]["data"] == {
        "territory": "egypt",
        "boxes_used": 1,
        "worn_out": False,
    }
    assert world_as_of(history.pk).territories["egypt"].city.boxes_used == 1
    assert world_as_of(history.pk, 1).territories["egypt"].city.boxes_used == 0


def test_the_tenth_attack_over_the_api_wears_the_fortification_out(history, fortified, owner):
    api = client_for(owner)
    for _ in range(10):
        last = attack(api, history)
    assert last.json()["event"]["data"]["worn_out"] is True
    assert not world_as_of(history.pk).territories["egypt"].city.fortification_works
    again = attack(api, history)
    assert again.status_code == 400
    assert again.json()["error"]["rule"] == "no-working-fortification"


def test_an_attack_where_no_fortification_works_is_refused_over_the_api(history, owner):
    response = attack(client_for(owner), history)
    assert response.status_code == 400
    assert response.json()["error"]["rule"] == "no-working-fortification"
    assert not Fortification.objects.filter(campaign=history).exists()
    assert not history.games.get(number=2).events.exists()


def test_taking_the_attack_back_over_the_api_restores_the_box(history, fortified, owner):
    api = client_for(owner)
    seq = attack(api, history).json()["event"]["seq"]
    response = api.post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/{seq}/void/",
        {"reason": "Only two troops"},
        format="json",
    )
    assert response.status_code == 200
    assert world_as_of(history.pk).territories["egypt"].city.boxes_used == 0


def test_the_openapi_document_describes_the_attack_entry(owner):
    schema = client_for(owner).get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert any(path.endswith("/fortification-attacked/") for path in schema.json()["paths"])
