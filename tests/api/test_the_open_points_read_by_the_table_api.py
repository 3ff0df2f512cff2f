"""The open points the table and the odds read (a scar on an HQ's territory, the order clamp
after each takes the modifiers in): the default is the rulebook's reading; the owner changes it,
and the entry or the odds follow."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaigns.models import GameEvent
from legacy.models import Scar
from legacy.odds import battle_odds
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def test_a_scar_on_an_hq_territory_is_placed_unless_the_campaign_refuses_it(game, owner):
    client = client_for(owner)
    campaign = f"/api/v1/campaigns/{game.campaign_id}/"
    ada = game.seats.get(player__name="Ada").player_id
    scar = {"scar": "bunker", "territory": "egypt", "player": ada}  # Ada's HQ stands in Egypt
    setting = client.patch(campaign, {"scar_on_hq_territory": "refused"}, format="json")
    assert setting.status_code == 200 and setting.json()["scar_on_hq_territory"] == "refused"
    refused = client.post(campaign + "games/1/events/scar/", scar, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["rule"] == "scar-on-an-hq"
    assert "territory" in refused.json()["error"]["fields"]
    assert not Scar.objects.filter(campaign_id=game.campaign_id).exists()
    assert not GameEvent.objects.filter(game=game).exists()
    client.patch(campaign, {"scar_on_hq_territory": "allowed"}, format="json")
    placed = client.post(campaign + "games/1/events/scar/", scar, format="json")
    assert placed.status_code == 201, placed.json()
    assert Scar.objects.get(campaign_id=game.campaign_id).territory == "egypt"


def test_the_campaign_odds_take_the_modifiers_in_the_order_the_campaign_reads(history, owner):
    client = client_for(owner)
    campaign = f"/api/v1/campaigns/{history.pk}/"
    odds = campaign + "odds/?territory=peru&attackers=6&defenders=3"
    client.patch(campaign, {"defence_dice_clamp": "clamp-each"}, format="json")
    as_they_come = client.get(odds).json()
    assert as_they_come["modifiers"]["clamp_order"] == "scar-fortification-power"
    setting = client.patch(campaign, {"defence_clamp_order": "penalties-first"}, format="json")
    assert setting.json()["defence_clamp_order"] == "penalties-first"
    penalties_first = client.get(odds).json()
    assert penalties_first["modifiers"]["clamp_order"] == "penalties-first"
    exact = battle_odds(6, 3, **penalties_first["modifiers"]).p_conquer
    assert penalties_first["p_conquer"] == pytest.approx(exact, abs=1e-12)
    refused = client.get(odds + "&clamp_order=bonuses-first")
    assert refused.status_code == 400 and "clamp_order" in refused.json()["error"]["fields"]


def test_the_anonymous_odds_take_the_clamp_order_as_a_parameter():
    query = "attackers=5&defenders=3&fortified=true&bear_lower_die=true&clamp_each=true"
    body = APIClient().get(f"/api/v1/odds/?{query}&clamp_order=penalties-first").json()
    assert body["modifiers"]["clamp_order"] == "penalties-first"
    exact = battle_odds(
        5, 3, fortified=True, bear_lower_die=True, clamp_each=True, clamp_order="penalties-first"
    )
    assert body["p_conquer"] == pytest.approx(exact.p_conquer, abs=1e-12)


def test_the_campaign_odds_show_both_missile_orders_until_the_group_fixes_one(history, owner):
    client = client_for(owner)
    campaign = f"/api/v1/campaigns/{history.pk}/"
    odds = campaign + "odds/?territory=peru&attackers=8&defenders=5&missiles=2&defender_missiles=2"
    held = {"missiles": 2, "defender_missiles": 2}
    declared = client.get(odds).json()
    attacker_first = battle_odds(8, 5, **held).p_conquer
    defender_first = battle_odds(8, 5, **held, defender_missiles_first=True).p_conquer
    assert declared["missile_orders"] == pytest.approx(
        {"attacker-first": attacker_first, "defender-first": defender_first}, abs=1e-12
    )
    assert declared["p_conquer"] == pytest.approx(attacker_first, abs=1e-12)
    client.patch(campaign, {"missile_order": "defender-first"}, format="json")
    fixed = client.get(odds).json()
    assert fixed["missile_orders"] == pytest.approx({"defender-first": defender_first}, abs=1e-12)
    assert fixed["p_conquer"] == pytest.approx(defender_first, abs=1e-12)
    assert fixed["modifiers"]["defender_missiles_first"] is True
    without = client.get(odds.replace("defender_missiles=2", "defender_missiles=0")).json()
    assert without["missile_orders"] == {}
