"""Groups keep playing after game 15: a campaign of 100 games reads at the same cost in queries
as one of 15, on every page of the campaign and the world API.

The games after the fourth are added with bulk inserts (``bench.long.extend_with_games``:
copies of the last game's seats and log, with no rewards, as after game 15); the services
played the first four.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from bench.long import extend_with_games
from legacy.selectors import world_as_of
from tests.support.games import play, start_next_game
from tests.support.pages import BUDGETS, client_for, prepared

pytestmark = pytest.mark.django_db


def counts(owner, campaign) -> dict[str, int]:
    client = client_for(owner)
    api = APIClient()
    api.force_authenticate(owner)
    current = campaign.games.order_by("-number").first().number
    found = {}
    # The history shows fifteen games a page, newest first; its oldest page also shows what
    # was done before the first game, so that is the page compared (a page past the last
    # one is the last one).
    pages = [p.replace("history/", "history/?page=99") for p in BUDGETS]
    for page in pages:
        url = f"/c/{campaign.pk}/{page.format(current=current)}"
        assert client.get(url).status_code == 200, url  # a first visit may ask for a picture
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        found[page] = len(queries)
    api_paths = {
        "api: the world now": "world/",
        "api: the world after the last finished game": f"world/?as_of_game={current - 1}",
        "api: the game in progress": f"games/{current}/",
        "api: the games": "games/",
    }
    for label, path in api_paths.items():
        url = f"/api/v1/campaigns/{campaign.pk}/{path}"
        assert api.get(url).status_code == 200, url
        with CaptureQueriesContext(connection) as queries:
            assert api.get(url).status_code == 200, url
        found[label] = len(queries)
    with CaptureQueriesContext(connection) as queries:
        world_as_of(campaign.pk, current - 1)
    found["world_as_of"] = len(queries)
    return found


def long_campaign(owner, name: str, games: int):
    """Four games played, then finished games up to ``games``, then the next one started."""
    campaign = play(prepared(owner, name), 4)
    extend_with_games(campaign.pk, up_to=games)
    start_next_game(campaign)
    return campaign


def test_a_hundred_games_cost_the_same_queries_as_fifteen(owner):
    fifteen = counts(owner, long_campaign(owner, "Fifteen games", 15))
    long_war = long_campaign(owner, "A hundred games", 100)
    assert long_war.games.filter(status="finished").count() == 100
    hundred = counts(owner, long_war)
    grew = {k: (fifteen[k], hundred[k]) for k in fifteen if fifteen[k] != hundred[k]}
    assert not grew, f"queries after 15 games -> after 100: {grew}"


def test_the_history_of_a_long_campaign_reads_fifteen_games_a_page_newest_first(owner):
    campaign = long_campaign(owner, "A long war", 40)
    client = client_for(owner)
    newest = client.get(f"/c/{campaign.pk}/history/").content.decode()
    assert 'id="game-41"' in newest and 'id="game-27"' in newest
    assert 'id="game-26"' not in newest and 'id="game-0"' not in newest
    assert "?page=2" in newest
    oldest = client.get(f"/c/{campaign.pk}/history/?page=3").content.decode()
    assert 'id="game-11"' in oldest and 'id="game-1"' in oldest and 'id="game-0"' in oldest
    assert 'id="game-12"' not in oldest


def test_the_faction_cards_show_their_last_fifteen_games_unless_asked_for_all(owner):
    campaign = long_campaign(owner, "A long war", 40)
    client = client_for(owner)
    cut = client.get(f"/c/{campaign.pk}/factions/").content.decode()
    every = client.get(f"/c/{campaign.pk}/factions/?all=1").content.decode()
    assert "<td>41</td>" in cut and "<td>27</td>" in cut and "<td>26</td>" not in cut
    assert "?all=1" in cut
    assert "<td>1</td>" in every and "<td>41</td>" in every
