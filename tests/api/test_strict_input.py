"""Input is taken strictly: text must be text, booleans booleans, numbers numbers; a query value
that is unknown or out of range is refused with the field named, and a refusal names the real
mistake."""

from __future__ import annotations

import pytest

from legacy.models import ScarKind
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def refusal(response, status=400):
    assert response.status_code == status, response.content[:300]
    return response.json()["error"]


def test_a_scar_for_an_unknown_player_says_that_player_is_not_seated(history, owner):
    ScarKind.objects.filter(campaign=history).update(cards=0)  # and no scar card is left
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/scar/",
        {"scar": "bunker", "territory": "brazil", "player": 999999},
        format="json",
    )
    error = refusal(response)
    assert error["message"] == "That player is not seated in this game."
    assert error["fields"] == {"player": ["That player is not seated in this game."]}


def test_destroying_a_city_on_an_unknown_territory_says_there_is_no_such_territory(history, owner):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/city-destroyed/",
        {"territory": "atlantis"},
        format="json",
    )
    error = refusal(response)
    assert error["rule"] == "unknown-territory"
    assert "no territory called 'atlantis'" in error["message"]


def test_a_player_name_must_be_text(history, owner):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/players/", {"name": 12345}, format="json"
    )
    error = refusal(response)
    assert error["fields"] == {"name": ["Must be text, not a number."]}
    assert not history.players.filter(name="12345").exists()


def test_a_campaign_setting_must_be_a_json_boolean(history, owner):
    response = client_for(owner).patch(
        f"/api/v1/campaigns/{history.pk}/", {"public": 1}, format="json"
    )
    assert refusal(response)["fields"] == {"public": ["Must be true or false."]}
    history.refresh_from_db()
    assert history.public is False


def test_a_count_in_a_body_must_be_a_number_not_a_string(history, owner, players):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/missiles/",
        {"count": "2", "player": players["Ada"].pk},
        format="json",
    )
    assert refusal(response)["fields"] == {"count": ["A valid integer is required."]}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("marks/cities/?counting=maybe", "counting"),
        ("marks/cities/?voided=1", "voided"),
        ("marks/cities/?placed_in_game=", "placed_in_game"),
        ("marks/cities/?as_of_game=1.0", "as_of_game"),
        ("games/?limit=-1", "limit"),
        ("games/?limit=101", "limit"),
        ("games/?offset=abc", "offset"),
        ("games/?number_min=1.5", "number_min"),
        ("games/?status=", "status"),
        ("audit/?since=", "since"),
        ("world/?as_of_game=", "as_of_game"),
        ("recruitment/?controlled=egypt&round_up=yes", "round_up"),
    ],
)
def test_a_query_value_that_is_unknown_or_out_of_range_is_refused_with_its_field_named(
    history, owner, query, field
):
    response = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/{query}")
    assert field in refusal(response)["fields"]


def test_the_usual_true_and_false_words_still_filter(history, owner):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{history.pk}/marks/cities/"
    assert api.get(base + "?counting=true").json()["count"] == 2
    assert api.get(base + "?counting=false").json()["count"] == 0


@pytest.mark.parametrize("query", ["world/?as_of_game=999", "marks/cities/?as_of_game=999"])
def test_the_world_as_of_a_game_beyond_the_last_is_not_found(history, owner, query):
    response = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/{query}")
    assert refusal(response, 404)["message"] == (
        "There is no game 999 in this campaign: the last is game 2."
    )


def test_the_schema_declares_the_page_limits_and_the_filters_types():
    schema = client_for().get("/api/v1/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/campaigns/{campaign_id}/marks/{mark_type}/"]["get"]
    params = {p["name"]: p["schema"] for p in operation["parameters"]}
    assert params["limit"] == {"type": "integer", "minimum": 1, "maximum": 100}
    assert params["offset"]["minimum"] == 0
    assert params["counting"] == {"type": "boolean"}
    assert params["as_of_game"]["maximum"] == 32767
    assert params["territory"]["maxLength"] == 32
