"""The pages and the API name a territory a packet added as the group wrote it, take marks on it
from its game on, and hide it from a reader the campaign hides its packets' content from."""

from __future__ import annotations

import pytest

from campaigns.game.table import place_scar
from campaigns.models import Campaign
from legacy.models import Scar
from tests.support.api import client_for as api_client_for
from tests.support.board import quillowmere_in_game_7
from tests.support.games import finish
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_7(prepared_campaign, owner):
    """The seventh game at the table; a packet opened in it adds Quillowmere to Africa."""
    return quillowmere_in_game_7(prepared_campaign, owner)


def scar_there(game):
    place_scar(
        game=game,
        scar="bunker",
        territory="quillowmere",
        player=game.campaign.players.get(name="Ada").pk,
        without_card=not game.scar_cards_dealt,
        reason="" if game.scar_cards_dealt else "Our event card",
    )


def test_statistics_and_history_name_the_added_territory_as_the_group_wrote_it(game_7, owner):
    scar_there(game_7)
    pk = game_7.campaign_id
    for language in ("en", "ru"):
        statistics = client_for(owner, language).get(f"/c/{pk}/statistics/").content.decode()
        history = client_for(owner, language).get(f"/c/{pk}/history/").content.decode()
        territory = client_for(owner, language).get(f"/c/{pk}/territories/quillowmere/")
        assert "Quillowmere" in statistics and "quillowmere</" not in statistics
        assert "Quillowmere" in history and "quillowmere</" not in history
        assert "Quillowmere" in territory.content.decode()


def test_the_game_page_offers_the_added_territory_for_a_scar(game_7, owner):
    page = client_for(owner).get(f"/c/{game_7.campaign_id}/games/7/").content.decode()
    assert '<option value="quillowmere">Quillowmere</option>' in page


def test_a_reader_the_packets_are_hidden_from_never_reads_the_added_territory(
    game_7, owner, viewer
):
    scar_there(game_7)
    Campaign.objects.filter(pk=game_7.campaign_id).update(hide_unlocked_content=True)
    pk = game_7.campaign_id
    for address in (f"/c/{pk}/statistics/", f"/c/{pk}/history/", f"/c/{pk}/games/7/"):
        assert "quillowmere" not in client_for(viewer).get(address).content.decode().lower()
        assert "Quillowmere" in client_for(owner).get(address).content.decode()


def test_the_api_places_a_scar_on_the_added_territory_from_its_game(game_7, owner):
    url = f"/api/v1/campaigns/{game_7.campaign_id}/games/7/events/scar/"
    scar = {
        "scar": "bunker",
        "territory": "quillowmere",
        "player": game_7.campaign.players.get(name="Ada").pk,
        "without_card": not game_7.scar_cards_dealt,
        "reason": "Our event card",
    }
    made = api_client_for(owner).post(url, scar, format="json")
    assert made.status_code == 201, made.content[:300]
    assert made.json()["event"]["summary"].startswith("Bunker on Quillowmere")
    assert Scar.objects.filter(territory="quillowmere", placed_in_game=7).count() == 1


def test_the_api_refuses_a_mark_on_a_territory_the_board_does_not_have(game_7, owner):
    url = f"/api/v1/campaigns/{game_7.campaign_id}/games/7/events/scar/"
    scar = {
        "scar": "bunker",
        "territory": "lemuria",
        "player": game_7.campaign.players.get(name="Ada").pk,
        "without_card": True,
        "reason": "A card",
    }
    refused = api_client_for(owner).post(url, scar, format="json")
    assert refused.status_code == 400
    body = refused.json()["error"]
    assert body["rule"] == "unknown-territory"
    assert "no territory called 'lemuria'" in body["message"]
    assert not Scar.objects.filter(territory="lemuria").exists()


def test_the_api_refuses_moving_a_mark_to_a_game_before_its_territory(game_7, owner):
    scar_there(game_7)
    scar = Scar.objects.get(territory="quillowmere")
    url = f"/api/v1/campaigns/{game_7.campaign_id}/marks/scars/{scar.pk}/"
    refused = api_client_for(owner).patch(
        url, {"placed_in_game": 6, "reason": "Wrong game"}, format="json"
    )
    assert refused.status_code == 400, refused.content[:300]
    assert refused.json()["error"]["rule"] == "unknown-territory"
    scar.refresh_from_db()
    assert scar.placed_in_game == 7


def test_the_chronicles_pdf_names_the_added_territory_as_the_group_wrote_it(game_7):
    """The PDF is drawn by a worker, outside any page's request: it names the territory too."""
    from web.views.chronicle import pdf_html

    scar_there(game_7)
    players = {p.name: p for p in game_7.campaign.players.all()}
    finish(
        game_7,
        players,
        winner_reward={"kind": "major-city", "territory": "quillowmere", "name": "Qwell"},
        held_on_rewards={players["Boris"].pk: {"kind": "upgrade-card", "territory": "china"}},
    )
    for language in ("en", "ru"):
        printed = pdf_html(game_7.campaign_id, language, lambda done, of: None)
        assert "Quillowmere" in printed and "quillowmere" not in printed


def test_the_heat_map_draws_the_added_territory_with_its_marks_for_those_who_may_see_it(
    game_7, owner, viewer
):
    scar_there(game_7)
    pk = game_7.campaign_id
    page = client_for(owner).get(f"/c/{pk}/statistics/").content.decode()
    assert "<circle" in page and 'data-territory="quillowmere" data-count="1"' in page
    Campaign.objects.filter(pk=pk).update(hide_unlocked_content=True)
    hidden = client_for(viewer).get(f"/c/{pk}/statistics/").content.decode()
    assert 'data-territory="quillowmere"' not in hidden
