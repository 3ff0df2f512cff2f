"""The end of a game over the API agrees with the log, and held-on players choose a reward."""

from __future__ import annotations

import pytest
from django.db.models import F

from campaigns.game.table import eliminate_faction
from campaigns.models import Campaign
from legacy.box import Stock
from legacy.models import City, StockAllowance
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


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
            "reason": "The log says Chloe ends the game eliminated: wiped out and not back in "
            f"the war at entry {out.seq}.",
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


def test_a_held_on_player_with_a_legal_reward_cannot_take_no_reward_over_the_api(
    game, players, api
):
    refused = api.post(
        base(game) + "finish/",
        body(
            players, {"Ada": "won", "Boris": "held_on", "Chloe": "eliminated"}, held_on_rewards={}
        ),
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["rule"] == "held-on-must-choose"
    assert not City.objects.exists()


def test_a_player_who_controlled_nothing_eligible_gets_none_and_the_answer_says_why(
    game, players, api
):
    boris = players["Boris"].pk
    done = api.post(
        base(game) + "finish/",
        body(
            players,
            {"Ada": "won", "Boris": "held_on", "Chloe": "eliminated"},
            controlled={str(boris): []},
            held_on_rewards={},
        ),
        format="json",
    )
    assert done.status_code == 200, done.json()
    assert done.json()["no_held_on_rewards"] == [
        {
            "player": boris,
            "reason": "Boris held on and gets no reward: they controlled no territory without a "
            "city and no territory whose card can take another coin at the end.",
        }
    ]


def test_the_house_rule_is_in_the_campaign_detail_and_the_owner_changes_it(game, players, api):
    campaign = f"/api/v1/campaigns/{game.campaign_id}/"
    assert api.get(campaign).json()["held_on_rewards_end_together"] is False
    changed = api.patch(campaign, {"held_on_rewards_end_together": True}, format="json")
    assert changed.status_code == 200 and changed.json()["held_on_rewards_end_together"] is True
    assert (
        api.patch(campaign, {"held_on_rewards_end_together": "maybe"}, format="json").status_code
        == 400
    )
    StockAllowance.objects.filter(campaign=game.campaign, stock=Stock.HELD_ON_COINS).update(
        quantity=0
    )
    Campaign.objects.filter(pk=game.campaign_id).update(world_version=F("world_version") + 1)
    boris = players["Boris"].pk
    refused = api.post(
        base(game) + "finish/",
        body(players, {"Ada": "won", "Boris": "held_on", "Chloe": "eliminated"}),
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["rule"] == "held-on-rewards-ended"
    done = api.post(
        base(game) + "finish/",
        body(
            players, {"Ada": "won", "Boris": "held_on", "Chloe": "eliminated"}, held_on_rewards={}
        ),
        format="json",
    )
    assert done.status_code == 200
    assert done.json()["no_held_on_rewards"][0]["player"] == boris
    assert "either stock runs out" in done.json()["no_held_on_rewards"][0]["reason"]


def test_only_the_owner_changes_the_house_rule(game, editor):
    from campaigns.models import Membership, Role

    Membership.objects.create(campaign=game.campaign, user=editor, role=Role.EDITOR)
    campaign = f"/api/v1/campaigns/{game.campaign_id}/"
    answer = client_for(editor).patch(
        campaign, {"held_on_rewards_end_together": True}, format="json"
    )
    assert answer.status_code == 403
    game.campaign.refresh_from_db()
    assert game.campaign.held_on_rewards_end_together is False


def test_the_openapi_document_describes_the_results_from_the_log_and_the_house_rule(client):
    schemas = client.get("/api/v1/schema/?format=json").json()["components"]["schemas"]
    assert "results_from_log" in schemas["GameDetail"]["properties"]
    assert "no_held_on_rewards" in schemas["FinishResult"]["properties"]
    for name in ("Campaign", "CampaignUpdateRequest"):
        rule = schemas[name]["properties"]["held_on_rewards_end_together"]
        assert "either stock" in rule["description"]
