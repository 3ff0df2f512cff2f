"""The rulebook's open points are campaign settings: the owner chooses each reading over the
API, and the odds follow the campaign's readings (the anonymous odds take them as parameters)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaigns.models import AuditEntry, Campaign
from legacy.models import FactionPower
from legacy.odds import battle_odds
from tests.support.api import client_for

pytestmark = pytest.mark.django_db

READINGS = {
    "missiles_at_setup": ("per-signature", "per-game-won"),
    "bear_first_attack": ("whole-battle", "first-roll"),
    "bear_three_of_a_kind": ("natural-only", "as-rolled"),
    "missile_six_natural": ("not-natural", "natural"),
    "missile_order": ("as-declared", "defender-first"),
    "defence_dice_clamp": ("add-then-clamp", "clamp-each"),
    "defence_clamp_order": ("scar-fortification-power", "penalties-first"),
    "dice_order_after_modifiers": ("resort", "as-rolled"),
    "cancelled_scar_territory": ("unmarked", "marked"),
    "scar_on_hq_territory": ("allowed", "refused"),
    "city_over_mark": ("stays", "removed"),
}


def campaign_url(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/"


def odds_url(campaign, **query) -> str:
    params = "&".join(f"{k}={v}" for k, v in query.items())
    return f"/api/v1/campaigns/{campaign.pk}/odds/?{params}"


def test_every_open_point_reads_its_default_until_the_owner_changes_it(history, owner):
    client = client_for(owner)
    body = client.get(campaign_url(history)).json()
    assert {name: body[name] for name in READINGS} == {
        name: default for name, (default, _) in READINGS.items()
    }
    for name, (_, other) in READINGS.items():
        response = client.patch(campaign_url(history), {name: other}, format="json")
        assert response.status_code == 200, response.json()
        assert response.json()[name] == other
    history.refresh_from_db()
    assert {name: getattr(history, name) for name in READINGS} == {
        name: other for name, (_, other) in READINGS.items()
    }
    assert AuditEntry.objects.filter(campaign=history, data__setting="defence_dice_clamp").exists()


def test_an_unknown_reading_is_refused_and_nothing_is_written(history, owner):
    response = client_for(owner).patch(
        campaign_url(history),
        {"dice_order_after_modifiers": "shuffled", "bear_first_attack": "first-roll"},
        format="json",
    )
    assert response.status_code == 400
    assert "dice_order_after_modifiers" in response.json()["error"]["fields"]
    history.refresh_from_db()
    assert history.bear_first_attack == "whole-battle"


def test_only_the_owner_changes_a_reading(history, editor):
    response = client_for(editor).patch(
        campaign_url(history), {"bear_three_of_a_kind": "as-rolled"}, format="json"
    )
    assert response.status_code == 403
    assert Campaign.objects.get(pk=history.pk).bear_three_of_a_kind == "natural-only"


def test_the_campaign_odds_follow_its_reading_of_the_dice_order(history, owner):
    query = {"territory": "peru", "attacker_faction": "enclave-of-the-bear", "missiles": 2}
    sorted_again = client_for(owner).get(odds_url(history, attackers=6, defenders=3, **query))
    client_for(owner).patch(
        campaign_url(history), {"dice_order_after_modifiers": "as-rolled"}, format="json"
    )
    as_rolled = client_for(owner).get(odds_url(history, attackers=6, defenders=3, **query))
    assert sorted_again.status_code == as_rolled.status_code == 200
    exact = battle_odds(6, 3, missiles=2, bear_lower_die=True).p_conquer
    unsorted = battle_odds(6, 3, missiles=2, bear_lower_die=True, resort=False).p_conquer
    assert exact != pytest.approx(unsorted, abs=1e-9)
    assert sorted_again.json()["p_conquer"] == pytest.approx(exact, abs=1e-12)
    assert as_rolled.json()["p_conquer"] == pytest.approx(unsorted, abs=1e-12)
    assert as_rolled.json()["modifiers"]["resort"] is False


def test_the_campaign_odds_follow_its_reading_of_the_bears_three_of_a_kind(history, owner):
    FactionPower.objects.filter(campaign=history, faction="enclave-of-the-bear").update(code="b")
    query = {"territory": "peru", "attacker_faction": "enclave-of-the-bear", "missiles": 2}
    natural = client_for(owner).get(odds_url(history, attackers=10, defenders=8, **query))
    client_for(owner).patch(
        campaign_url(history), {"bear_three_of_a_kind": "as-rolled"}, format="json"
    )
    as_rolled = client_for(owner).get(odds_url(history, attackers=10, defenders=8, **query))
    strict = battle_odds(10, 8, missiles=2, bear_three_of_a_kind=True).p_conquer
    loose = battle_odds(
        10, 8, missiles=2, bear_three_of_a_kind=True, missile_six_is_natural=True
    ).p_conquer
    assert loose > strict
    assert natural.json()["p_conquer"] == pytest.approx(strict, abs=1e-12)
    assert as_rolled.json()["p_conquer"] == pytest.approx(loose, abs=1e-12)


def test_the_bears_reading_does_not_move_a_battle_the_bear_is_not_in(history, owner):
    """«Если ваша оборона выбросила две натуральных 6-ки (без бонусов), то эта территория не
    может быть атакована еще раз до конца хода.» Khan Industries attacks a Die Mechaniker
    holding its double six, 10 against 6, the defender holding 2 missiles: how the Bear's three
    of a kind is read changes nothing; only the campaign's own reading of a missile's 6 does."""
    FactionPower.objects.filter(campaign=history, faction="die-mechaniker").update(code="b")
    client = client_for(owner)
    query = {
        "territory": "peru",
        "attacker_faction": "khan-industries",
        "defender_faction": "die-mechaniker",
        "defender_missiles": 2,
    }
    client.patch(campaign_url(history), {"bear_three_of_a_kind": "as-rolled"}, format="json")
    bear_as_rolled = client.get(odds_url(history, attackers=10, defenders=6, **query)).json()
    expected = battle_odds(10, 6, defender_missiles=2, mechaniker_double_six=True).p_conquer
    assert expected == pytest.approx(0.2808, abs=1e-4)
    assert bear_as_rolled["p_conquer"] == pytest.approx(expected, abs=1e-12)
    assert bear_as_rolled["modifiers"]["missile_six_is_natural"] is False
    client.patch(campaign_url(history), {"missile_six_natural": "natural"}, format="json")
    natural = client.get(odds_url(history, attackers=10, defenders=6, **query)).json()
    assert natural["p_conquer"] == pytest.approx(0.0, abs=1e-12)


def test_the_campaign_odds_refuse_a_reading_in_the_query_string(history, owner):
    response = client_for(owner).get(
        odds_url(history, territory="peru", attackers=6, defenders=3, resort="false")
    )
    assert response.status_code == 400
    assert "resort" in response.json()["error"]["fields"]


@pytest.mark.parametrize(
    ("query", "modifiers"),
    [
        ("resort=false&bunker=true&bear_lower_die=true", {"resort": False, "bunker": True}),
        (
            "missile_six_is_natural=true&bear_three_of_a_kind=true",
            {"missile_six_is_natural": True},
        ),
        ("clamp_each=true&fortified=true&bear_lower_die=true", {"clamp_each": True}),
    ],
    ids=["no-resort", "bear-b-as-rolled", "clamp-each"],
)
def test_the_anonymous_odds_honour_every_reading_in_the_query_string(query, modifiers):
    url = f"/api/v1/odds/?attackers=7&defenders=5&missiles=2&{query}"
    body = APIClient().get(url).json()
    given = dict(pair.split("=") for pair in query.split("&"))
    exact = battle_odds(7, 5, missiles=2, **{k: v == "true" for k, v in given.items()})
    assert body["p_conquer"] == pytest.approx(exact.p_conquer, abs=1e-12)
    for name, value in modifiers.items():
        assert body["modifiers"][name] is value


def test_the_campaign_odds_count_the_bears_power_a_on_the_first_roll_only_when_it_reads_so(
    history, owner
):
    query = {"territory": "peru", "attacker_faction": "enclave-of-the-bear"}
    client_for(owner).patch(
        campaign_url(history), {"bear_first_attack": "first-roll"}, format="json"
    )
    body = client_for(owner).get(odds_url(history, attackers=6, defenders=3, **query)).json()
    first = battle_odds(6, 3, bear_lower_die=True, bear_first_roll_only=True).p_conquer
    assert body["modifiers"]["bear_first_roll_only"] is True
    assert body["p_conquer"] == pytest.approx(first, abs=1e-12)
    assert battle_odds(6, 3).p_conquer < first < battle_odds(6, 3, bear_lower_die=True).p_conquer


def test_the_troops_needed_count_the_bears_power_a_on_the_first_roll_only_when_asked():
    query = "defenders=6&target=0.7&bear_lower_die=true&bear_first_roll_only=true"
    response = APIClient().get(f"/api/v1/odds/troops-needed/?{query}")
    assert response.status_code == 200
    troops = response.json()["troops"]
    first = {"bear_lower_die": True, "bear_first_roll_only": True}
    assert battle_odds(troops, 6, **first).p_conquer >= 0.7
    assert battle_odds(troops - 1, 6, **first).p_conquer < 0.7
