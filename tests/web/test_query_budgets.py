"""Every page costs the same number of queries after game 1 as after game 4.

Each page is asked twice per campaign (the first visit may ask for a snapshot, a one-off
write); the second visit is counted with ``CaptureQueriesContext``. A page's count must not grow
with the number of games, and stays under its budget.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.long import extend_with_games
from campaigns.game.table import buy_red_star
from tests.support.games import play, start_next_game
from tests.support.pages import BUDGETS, client_for, prepared

pytestmark = pytest.mark.django_db


def count(client, url) -> int:
    assert client.get(url).status_code == 200, url
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


@pytest.fixture
def short_and_long(owner):
    return play(prepared(owner, "One game"), 1, then_start=True), play(
        prepared(owner, "Four games"), 4, then_start=True
    )


def test_no_page_costs_more_after_four_games_than_after_one(owner, short_and_long):
    client = client_for(owner)
    problems = []
    for page, budget in BUDGETS.items():
        counts = []
        for campaign in short_and_long:
            current = campaign.games.order_by("-number").first().number
            counts.append(count(client, f"/c/{campaign.pk}/{page.format(current=current)}"))
        if counts[0] != counts[1]:
            problems.append(f"/{page}: {counts[0]} queries after 1 game, {counts[1]} after 4")
        elif counts[1] > budget:
            problems.append(f"/{page}: {counts[1]} queries, over its budget of {budget}")
    assert not problems, "\n".join(problems)


def test_setting_up_a_game_costs_the_same_after_one_game_and_after_four(owner):
    client = client_for(owner)
    counts = [
        count(client, f"/c/{play(prepared(owner, name), n).pk}/games/new/")
        for name, n in (("One", 1), ("Four", 4))
    ]
    assert counts[0] == counts[1] <= 30, counts


def test_the_home_page_costs_the_same_with_more_campaigns(owner):
    client = client_for(owner)
    prepared(owner, "First")
    before = count(client, "/")
    for n in range(3):
        prepared(owner, f"More {n}").__class__.objects.filter(name=f"More {n}").update(public=True)
    assert count(client, "/") == before


# What a phone on a poor network may cost the server: the game page in play, for its writers.
GAME_PAGE_BUDGET = 20


def test_the_game_page_takes_the_same_queries_at_game_1_and_at_game_16(owner):
    first = prepared(owner, "At game one")
    sixteenth = play(prepared(owner, "At game sixteen"), 4)
    extend_with_games(sixteenth.pk, up_to=15)
    counts = []
    for campaign in (first, sixteenth):
        game = start_next_game(campaign)
        ada = campaign.players.get(name="Ada")
        buy_red_star(game=game, player=ada.pk)
        counts.append(count(client_for(owner), f"/c/{campaign.pk}/games/{game.number}/"))
    assert sixteenth.games.order_by("-number").first().number == 16
    assert counts[0] == counts[1] <= GAME_PAGE_BUDGET, counts
