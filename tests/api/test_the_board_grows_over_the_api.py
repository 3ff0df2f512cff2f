"""Over the API a packet's territory is added with its connections, answered with its slug, and
read in the world from its game on; refusals come in the API's one error shape."""

from __future__ import annotations

import pytest

from bench.long import extend_with_games
from tests.support.api import assert_error, client_for
from tests.support.games import play

pytestmark = pytest.mark.django_db

ATLANTIS = {
    "name": "Atlantis",
    "continent": "africa",
    "connections": ["brazil", "north-africa"],
    "coins": 2,
    "game": 7,
}


@pytest.fixture
def seven(crew):
    play(crew, 2)
    extend_with_games(crew.pk, 7)
    return crew


def api(campaign, tail: str) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/{tail}"


def slugs(response) -> list[str]:
    assert response.status_code == 200, response.content[:300]
    return [t["slug"] for t in response.json()["territories"]]


def test_a_territory_added_in_game_7_is_in_the_world_from_game_7_on(seven, owner):
    client = client_for(owner)
    made = client.post(api(seven, "board/territories/"), ATLANTIS, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["slug"] == "atlantis"
    assert "atlantis" in slugs(client.get(api(seven, "world/?as_of_game=7")))
    assert "atlantis" in slugs(client.get(api(seven, "world/")))
    assert "atlantis" not in slugs(client.get(api(seven, "world/?as_of_game=6")))
    row = next(
        t for t in client.get(api(seven, "world/")).json()["territories"] if t["slug"] == "atlantis"
    )
    assert (row["name"], row["continent"], row["coins"], row["added_in_game"]) == (
        "Atlantis",
        "africa",
        2,
        7,
    )


def test_the_added_territory_is_a_legal_start_counts_in_recruitment_and_has_odds(seven, owner):
    client = client_for(owner)
    client.post(api(seven, "board/territories/"), ATLANTIS, format="json")
    starts = client.get(api(seven, "legal-starts/")).json()["territories"]
    assert "atlantis" in starts
    assert (
        "atlantis" not in client.get(api(seven, "legal-starts/?hqs=brazil")).json()["territories"]
    )
    africa = "north-africa,egypt,east-africa,central-africa,south-africa,madagascar"
    without = client.get(api(seven, f"recruitment/?controlled={africa}")).json()["troops"]
    whole = client.get(api(seven, f"recruitment/?controlled={africa},atlantis")).json()["troops"]
    assert whole > without
    odds = client.get(api(seven, "odds/?territory=atlantis&attackers=5&defenders=2"))
    assert odds.status_code == 200, odds.content
    assert odds.json()["territory"]["slug"] == "atlantis"


def test_a_connection_alone_is_added_and_refused_twice(seven, owner):
    client = client_for(owner)
    body = {"a": "peru", "b": "south-africa", "game": 7}
    made = client.post(api(seven, "board/connections/"), body, format="json")
    assert made.status_code == 201, made.content
    assert made.json() == {"a": "peru", "b": "south-africa", "game": 7}
    again = client.post(api(seven, "board/connections/"), body, format="json")
    assert_error(again, 400, "rule", rule="connection-once")


def test_a_taken_name_an_unknown_neighbour_or_a_game_not_played_is_refused(seven, owner):
    client = client_for(owner)
    for change, rule in (
        ({"name": "Peru"}, "territory-name-taken"),
        ({"connections": ["nowhere"]}, "unknown-territory"),
        ({"game": 9}, "unknown-game"),
        ({"continent": "oceania"}, "unknown-continent"),
    ):
        refused = client.post(
            api(seven, "board/territories/"), {**ATLANTIS, **change}, format="json"
        )
        assert_error(refused, 400, "rule", rule=rule)
    assert "atlantis" not in slugs(client.get(api(seven, "world/")))


def test_a_viewer_may_not_add_a_territory(seven, viewer):
    refused = client_for(viewer).post(api(seven, "board/territories/"), ATLANTIS, format="json")
    assert refused.status_code == 403
    assert set(refused.json()) == {"error"}


def test_a_share_link_reader_of_a_hiding_campaign_never_reads_the_added_name(seven, owner):
    client_for(owner).post(
        api(seven, "board/territories/"), {**ATLANTIS, "name": "Quixmorrow"}, format="json"
    )
    seven.hide_unlocked_content = True
    seven.shared = True
    seven.save(update_fields=["hide_unlocked_content", "shared"])
    reader = client_for(None)
    world = reader.get(api(seven, f"world/?share={seven.share_token}"))
    assert world.status_code == 200, world.content[:300]
    assert "quixmorrow" not in world.content.decode().lower()
    assert "quixmorrow" in client_for(owner).get(api(seven, "world/")).content.decode().lower()
