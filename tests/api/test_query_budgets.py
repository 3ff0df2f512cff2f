"""Reads cost a fixed number of queries, however many games the campaign has played."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from legacy.selectors import world_as_of
from tests.support.api import client_for, count_queries
from tests.support.games import BUDGET_HQS, finish_kwargs, play_games, seats

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "world/",
        "world/?as_of_game=1",
        "games/",
        "games/1/",
        "marks/scars/",
        "winners/",
        "faction-cards/",
        "standings/",
        "statistics/",
        "audit/",
        "odds/?territory=brazil&attacker_faction=enclave-of-the-bear"
        "&defender_faction=die-mechaniker&attackers=6&defenders=3",
        "scar-types/",
        "recruitment/?controlled=egypt,peru&faction=imperial-balkania",
        "packets/",
        "packets/components/",
        "rules/",
        "rules/?game=1",
        "rules/stickers/",
        "decks/",
    ],
)
def test_a_read_costs_the_same_for_one_game_and_for_many(crew, players, owner, path):
    client = client_for(owner)
    url = f"/api/v1/campaigns/{crew.pk}/{path}"
    play_games(crew, players, owner, 1)
    one = count_queries(client, url)
    play_games(crew, players, owner, 4)
    five = count_queries(client, url)
    assert one == five, f"{path}: {one} queries for 1 game, {five} for 5"


def test_the_world_endpoint_costs_the_selector_plus_two_queries(crew, players, owner):
    play_games(crew, players, owner, 3)
    with CaptureQueriesContext(connection) as selector:
        world_as_of(crew.pk)
    # The token and the campaign with the caller's role (one query), then the selector's own.
    api = count_queries(client_for(owner), f"/api/v1/campaigns/{crew.pk}/world/")
    assert api == len(selector) + 2


def test_the_game_list_stays_within_its_budget(crew, players, owner):
    play_games(crew, players, owner, 3)
    # token, access, count, games, seats with their players
    assert count_queries(client_for(owner), f"/api/v1/campaigns/{crew.pk}/games/") == 5


def post_recruitment(client, campaign, game, player) -> int:
    """A recruitment entered over the API (an entry a seat may make any number of times: red
    stars stop at the fourth, which wins)."""
    url = f"/api/v1/campaigns/{campaign.pk}/games/{game.number}/events/recruitment/"
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, {"player": player, "troops": 12}, format="json")
    assert response.status_code == 201, response.content[:300]
    return len(captured)


def test_an_entry_costs_the_same_at_the_first_and_the_fortieth_and_after_many_games(
    crew, players, owner
):
    client = client_for(owner)
    play_games(crew, players, owner, 1)
    game = start_game(game=setup_game(campaign=crew, seats=seats(players, BUDGET_HQS[0]), by=owner))
    ada = players["Ada"].pk
    first = post_recruitment(client, crew, game, ada)
    for _ in range(38):
        post_recruitment(client, crew, game, ada)
    fortieth = post_recruitment(client, crew, game, ada)
    assert first == fortieth, f"{first} queries for the first entry, {fortieth} for the 40th"
    kw = finish_kwargs(players)
    kw["winner_reward"] = {"kind": "destroy-card", "territory": "kamchatka"}
    kw["controlled"] = {players["Boris"].pk: ["japan"]}
    kw["held_on_rewards"] = {players["Boris"].pk: {"kind": "upgrade-card", "territory": "japan"}}
    finish_game(game=game, by=owner, **kw)
    play_games(crew, players, owner, 4)
    n = crew.games.count() + 1
    later = start_game(
        game=setup_game(campaign=crew, seats=seats(players, BUDGET_HQS[n % 2]), by=owner)
    )
    assert post_recruitment(client, crew, later, ada) == first
