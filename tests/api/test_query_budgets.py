"""Reads cost a fixed number of queries, however many games the campaign has played."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar, use_missiles
from legacy.selectors import world_as_of
from tests.api.conftest import client_for, finish_kwargs, seats

pytestmark = pytest.mark.django_db


def next_game_number(campaign) -> int:
    return campaign.games.count() + 1


HQS = [("egypt", "japan", "peru"), ("argentina", "greenland", "india")]


def play(campaign, players, owner, count: int) -> None:
    """``count`` more finished games, each with a scar placed during play and rewards."""
    scars = ["brazil", "ural", "siberia", "alberta", "iceland", "ontario"]
    for _ in range(count):
        n = next_game_number(campaign)
        g = start_game(
            game=setup_game(campaign=campaign, seats=seats(players, HQS[n % 2]), by=owner)
        )
        if n > 1:  # Ada signed every game before: she holds a missile
            use_missiles(game=g, count=1, player=players["Ada"].pk)
        if n <= len(scars) and g.scar_cards_dealt:
            scar = "ammo-shortage" if n % 2 else "bunker"  # the box has 3 cards of each
            place_scar(game=g, scar=scar, territory=scars[n - 1], player=players["Boris"].pk)
        kw = finish_kwargs(players)
        kw["winner_reward"] = {"kind": "destroy-card", "territory": scars[n - 1]}
        boris_hq = HQS[n % 2][1]
        kw["controlled"] = {players["Boris"].pk: [boris_hq]}
        kw["held_on_rewards"] = {
            players["Boris"].pk: {"kind": "upgrade-card", "territory": boris_hq}
        }
        finish_game(game=g, by=owner, **kw)


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return len(captured)


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
    play(crew, players, owner, 1)
    one = count_queries(client, url)
    play(crew, players, owner, 4)
    five = count_queries(client, url)
    assert one == five, f"{path}: {one} queries for 1 game, {five} for 5"


def test_the_world_endpoint_costs_the_selector_plus_two_queries(crew, players, owner):
    play(crew, players, owner, 3)
    with CaptureQueriesContext(connection) as selector:
        world_as_of(crew.pk)
    # The token and the campaign with the caller's role (one query), then the selector's own.
    api = count_queries(client_for(owner), f"/api/v1/campaigns/{crew.pk}/world/")
    assert api == len(selector) + 2


def test_the_game_list_stays_within_its_budget(crew, players, owner):
    play(crew, players, owner, 3)
    # token, access, count, games, seats with their players
    assert count_queries(client_for(owner), f"/api/v1/campaigns/{crew.pk}/games/") == 5


def post_red_star(client, campaign, game, player) -> int:
    url = f"/api/v1/campaigns/{campaign.pk}/games/{game.number}/events/red-star/"
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, {"player": player}, format="json")
    assert response.status_code == 201, response.content[:300]
    return len(captured)


def test_an_entry_costs_the_same_at_the_first_and_the_fortieth_and_after_many_games(
    crew, players, owner
):
    client = client_for(owner)
    play(crew, players, owner, 1)
    game = start_game(game=setup_game(campaign=crew, seats=seats(players, HQS[0]), by=owner))
    ada = players["Ada"].pk
    first = post_red_star(client, crew, game, ada)
    for _ in range(38):
        post_red_star(client, crew, game, ada)
    fortieth = post_red_star(client, crew, game, ada)
    assert first == fortieth, f"{first} queries for the first entry, {fortieth} for the 40th"
    kw = finish_kwargs(players)
    kw["winner_reward"] = {"kind": "destroy-card", "territory": "kamchatka"}
    kw["controlled"] = {players["Boris"].pk: ["japan"]}
    kw["held_on_rewards"] = {players["Boris"].pk: {"kind": "upgrade-card", "territory": "japan"}}
    finish_game(game=game, by=owner, **kw)
    play(crew, players, owner, 4)
    n = next_game_number(crew)
    later = start_game(game=setup_game(campaign=crew, seats=seats(players, HQS[n % 2]), by=owner))
    assert post_red_star(client, crew, later, ada) == first
