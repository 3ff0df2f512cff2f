"""Every page costs the same number of queries after game 1 as after game 4.

Each page is asked twice per campaign (the first visit may ask for a snapshot, a one-off
write); the second visit is counted with ``CaptureQueriesContext``. A page's count must not grow
with the number of games, and stays under its budget.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import services
from legacy.box import FACTIONS
from tests.conftest import TWELVE_COINS
from tests.web.conftest import client_for, play

pytestmark = pytest.mark.django_db

# Page -> the most queries it may take (sessions and auth included).
BUDGETS = {
    "": 60,
    "board.svg": 26,
    "board/1.svg": 28,
    "history/": 28,  # with where each reward is now: its marks and their corrections
    "territories/egypt/": 36,
    "factions/": 11,
    "standings/": 8,
    "statistics/": 16,
    "poster/": 8,
    "audit/": 7,
    "packets/": 32,
    "packets/open/": 31,
    "rules/": 9,
    "decks/": 8,
    "world-capitals/": 20,
    "players/": 6,
    "settings/": 7,
    "before-the-first-game/": 7,
    "games/1/": 35,
    "games/1/snapshot/": 7,
    "timeline/": 7,
    "games/{current}/": 61,
    "games/{current}/finish/": 27,
    "tools/recruitment/?controlled=egypt&controlled=peru&controlled=brazil&trade_coins=4": 26,
    "tools/starts/?hqs=japan": 26,
    "tools/odds/?attackers=9&defenders=4&bunker=on": 24,
    "tools/odds/?territory=egypt": 24,
    "tools/odds/?territory=greenland&attacker_faction=enclave-of-the-bear"
    "&defender_faction=die-mechaniker&attackers=9&defenders=4": 12,
    "tools/recruitment/?controlled=egypt&controlled=peru&faction=imperial-balkania": 24,
    "scar-types/": 6,
}


def prepared(owner, name):
    campaign = services.create_campaign(
        owner=owner, name=name, players=["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    return campaign


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
