"""The end of a game over the API agrees with the log, and held-on players choose a reward."""

from __future__ import annotations

import pytest

from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import eliminate_faction
from legacy.models import City
from tests.api.conftest import client_for, seats

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, players):
    return start_game(game=setup_game(campaign=prepared_campaign, seats=seats(players)))


@pytest.fixture
def api(owner):
    return client_for(owner)


def base(game):
    return f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/"


def body(players, results, **extra):
    ada, boris = players["Ada"].pk, players["Boris"].pk
    data = {
        "results": {str(players[n].pk): r for n, r in results.items()},
        "controlled": {str(boris): ["japan"]},
        "winner_reward": {"kind": "major-city", "territory": "egypt", "name": "Cairo"},
        "held_on_rewards": {
            str(boris): {"kind": "minor-city", "territory": "japan", "name": "Edo"}
        },
    }
    data.update(extra)
    assert ada
    return data


def test_the_game_detail_gives_the_results_the_log_decides(game, players, api):
    chloe = players["Chloe"].pk
    out = eliminate_faction(game=game, player=chloe, can_rejoin=True).event
    detail = api.get(base(game)).json()
    assert detail["results_from_log"] == [
        {
            "player": chloe,
            "result": "eliminated",
            "entry": out.seq,
            "for_good": False,
            "reason": f"Chloe was wiped out (entry {out.seq}) and did not rejoin: Chloe ends the "
            "game eliminated.",
        }
    ]


def test_finishing_a_wiped_out_seat_as_held_on_is_refused_and_eliminated_calls_pack_2(
    game, players, api
):
    chloe = players["Chloe"].pk
    out = eliminate_faction(game=game, player=chloe, can_rejoin=True).event
    refused = api.post(
        base(game) + "finish/",
        body(players, {"Ada": "won", "Boris": "held_on", "Chloe": "held_on"}),
        format="json",
    )
    assert refused.status_code == 400
    assert f"entry {out.seq}" in refused.json()["error"]["message"]
    assert refused.json()["error"]["rule"] == "out-at-the-end"
    assert not City.objects.exists()
    done = api.post(
        base(game) + "finish/",
        body(players, {"Ada": "won", "Boris": "held_on", "Chloe": "eliminated"}),
        format="json",
    )
    assert done.status_code == 200, done.json()
    assert "pack-2" in done.json()["packets_to_open"]
