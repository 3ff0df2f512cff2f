"""The odds of a battle on a campaign's territory read what the campaign keeps now: the scar and
its type's effect on the dice, the fortification, the defender's starting HQ, the powers held."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from campaigns.game.table import place_scar
from campaigns.models import AuditEntry
from legacy import scar_effects
from legacy.models import FactionPower, ScarKind
from legacy.odds import battle_odds
from tests.support.api import client_for
from tests.support.dice_by_hand import conquest
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db


def odds_url(campaign, **query) -> str:
    params = "&".join(f"{k}={v}" for k, v in query.items())
    return f"/api/v1/campaigns/{campaign.pk}/odds/?{params}"


def unlock_quicksand(campaign, owner, effect=scar_effects.DEFENCE_DICE_DOWN):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/packets/",
        {
            "packet": "pocket-1",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "unlocked": [
                {"kind": "scar-type", "title": "Quicksand", "cards": 2, "dice_effect": effect}
            ],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()


@pytest.fixture
def quicksand_in_brazil(history, owner):
    unlock_quicksand(history, owner)
    game = history.games.get(number=2)
    place_scar(
        game=game, scar="quicksand", territory="brazil", without_card=True, reason="An event card"
    )
    return history


def test_an_unlocked_scar_changes_the_odds_by_exactly_what_the_dice_give(
    quicksand_in_brazil, owner
):
    client = client_for(owner)
    scarred = client.get(
        odds_url(quicksand_in_brazil, territory="brazil", attackers=7, defenders=4)
    )
    plain = client.get(odds_url(quicksand_in_brazil, territory="peru", attackers=7, defenders=4))
    assert scarred.status_code == plain.status_code == 200
    by_hand = float(conquest(7, 4, defence_dice=-1) - conquest(7, 4))
    assert by_hand > 0
    difference = scarred.json()["p_conquer"] - plain.json()["p_conquer"]
    assert difference == pytest.approx(by_hand, abs=1e-12)
    scar = scarred.json()["territory"]["scar"]
    assert scar == {
        "slug": "quicksand",
        "name": "Quicksand",
        "base": False,
        "dice_effect": scar_effects.DEFENCE_DICE_DOWN,
    }
    assert plain.json()["territory"]["scar"] is None


def test_an_editor_sets_a_scar_types_effect_later_and_the_odds_follow(
    quicksand_in_brazil, owner, editor
):
    url = f"/api/v1/campaigns/{quicksand_in_brazil.pk}/scar-types/quicksand/"
    response = client_for(editor).patch(
        url, {"dice_effect": scar_effects.ATTACKER_HIGHEST_UP}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["dice_effect"] == scar_effects.ATTACKER_HIGHEST_UP
    body = (
        client_for(owner)
        .get(odds_url(quicksand_in_brazil, territory="brazil", attackers=7, defenders=4))
        .json()
    )
    assert body["p_conquer"] == pytest.approx(float(conquest(7, 4, attacker_highest=1)), abs=1e-12)
    entry = AuditEntry.objects.get(action="scar-dice-effect")
    assert entry.user == editor and entry.data["was"] == scar_effects.DEFENCE_DICE_DOWN
    assert "Quicksand" not in entry.summary


def test_a_viewer_may_not_set_a_scar_types_effect(quicksand_in_brazil, viewer):
    url = f"/api/v1/campaigns/{quicksand_in_brazil.pk}/scar-types/quicksand/"
    response = client_for(viewer).patch(url, {"dice_effect": "none"}, format="json")
    assert response.status_code == 403
    kind = ScarKind.objects.get(campaign=quicksand_in_brazil, slug="quicksand")
    assert kind.dice_effect == scar_effects.DEFENCE_DICE_DOWN


def test_an_unknown_effect_or_scar_type_is_refused(quicksand_in_brazil, owner):
    base = f"/api/v1/campaigns/{quicksand_in_brazil.pk}/scar-types/"
    bad = client_for(owner).patch(base + "quicksand/", {"dice_effect": "plus-7"}, format="json")
    assert bad.status_code == 400 and "dice_effect" in bad.json()["error"]["fields"]
    missing = client_for(owner).patch(base + "mud/", {"dice_effect": "none"}, format="json")
    assert missing.status_code == 404


def test_a_hidden_campaign_does_not_name_the_unlocked_scar(quicksand_in_brazil, viewer):
    quicksand_in_brazil.hide_unlocked_content = True
    quicksand_in_brazil.save()
    client = client_for(viewer)
    response = client.get(
        odds_url(quicksand_in_brazil, territory="brazil", attackers=7, defenders=4)
    )
    assert response.status_code == 200
    assert "Quicksand" not in response.content.decode()
    assert "quicksand" not in response.content.decode()
    assert response.json()["territory"]["scar"]["slug"] is None
    listed = client.get(f"/api/v1/campaigns/{quicksand_in_brazil.pk}/scar-types/")
    assert "uicksand" not in listed.content.decode()
    assert {k["slug"] for k in listed.json()} == {"bunker", "ammo-shortage", None}


def test_the_box_scars_keep_their_effect(history, owner):
    game = history.games.get(number=2)
    place_scar(
        game=game, scar="bunker", territory="brazil", without_card=True, reason="An event card"
    )
    body = client_for(owner).get(odds_url(history, territory="brazil", attackers=9, defenders=3))
    assert body.json()["p_conquer"] == pytest.approx(battle_odds(9, 3, bunker=True).p_conquer)


def test_the_mechaniker_hq_is_fortified_only_while_it_holds_that_power(history, owner):
    # Game 2 seats Die Mechaniker at Greenland; every faction kept its power (a).
    query = {"territory": "greenland", "defender_faction": "die-mechaniker"}
    body = client_for(owner).get(odds_url(history, attackers=8, defenders=3, **query)).json()
    assert body["modifiers"]["mechaniker_hq"] is True
    assert body["territory"]["defender_hq"] is True
    assert body["powers_used"] == [{"faction": "die-mechaniker", "code": "a"}]
    assert body["p_conquer"] == pytest.approx(battle_odds(8, 3, mechaniker_hq=True).p_conquer)
    elsewhere = client_for(owner).get(
        odds_url(
            history, attackers=8, defenders=3, territory="peru", defender_faction="die-mechaniker"
        )
    )
    assert elsewhere.json()["modifiers"]["mechaniker_hq"] is False
    FactionPower.objects.filter(campaign=history, faction="die-mechaniker", code="a").update(
        removed_in_game=2, removed_reason="destroyed"
    )
    gone = client_for(owner).get(odds_url(history, attackers=8, defenders=3, **query)).json()
    assert gone["modifiers"]["mechaniker_hq"] is False
    assert gone["p_conquer"] == pytest.approx(battle_odds(8, 3).p_conquer)


def test_the_bears_lower_die_counts_on_its_first_attack_of_the_turn(history, owner):
    query = {"territory": "peru", "attacker_faction": "enclave-of-the-bear"}
    first = client_for(owner).get(odds_url(history, attackers=6, defenders=2, **query)).json()
    later = (
        client_for(owner)
        .get(odds_url(history, attackers=6, defenders=2, bear_first_attack="false", **query))
        .json()
    )
    assert first["modifiers"]["bear_lower_die"] is True
    assert later["modifiers"]["bear_lower_die"] is False
    assert first["p_conquer"] == pytest.approx(battle_odds(6, 2, bear_lower_die=True).p_conquer)
    assert later["p_conquer"] == pytest.approx(battle_odds(6, 2).p_conquer)
    # The power never chosen, (b), does nothing.
    assert first["modifiers"]["bear_three_of_a_kind"] is False


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"territory": "atlantis", "attackers": 5, "defenders": 2}, "territory"),
        ({"territory": "peru", "attackers": 1, "defenders": 2}, "attackers"),
        (
            {"territory": "peru", "attackers": 5, "defenders": 2, "attacker_faction": "x"},
            "attacker_faction",
        ),
        (
            {
                "territory": "peru",
                "attackers": 5,
                "defenders": 2,
                "attacker_faction": "die-mechaniker",
                "defender_faction": "die-mechaniker",
            },
            "defender_faction",
        ),
        (
            {"territory": "peru", "attackers": 5, "defenders": 2, "defender_missiles": 18},
            "defender_missiles",
        ),
        (
            {"territory": "peru", "attackers": 5, "defenders": 2, "defender_missiles": -3},
            "defender_missiles",
        ),
    ],
)
def test_bad_campaign_odds_requests_are_refused_in_the_error_shape(history, owner, query, field):
    response = client_for(owner).get(odds_url(history, **query))
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]


def test_the_defenders_missiles_count_in_a_campaigns_odds(history, owner):
    query = {"territory": "peru", "attackers": 7, "defenders": 3, "missiles": 1}
    without = client_for(owner).get(odds_url(history, **query)).json()
    response = client_for(owner).get(odds_url(history, **query, defender_missiles=2))
    assert response.status_code == 200
    body = response.json()
    assert body["defender_missiles"] == 2
    assert body["p_conquer"] == pytest.approx(
        battle_odds(7, 3, missiles=1, defender_missiles=2, **body["modifiers"]).p_conquer
    )
    assert body["p_conquer"] < without["p_conquer"]
    assert without["defender_missiles"] == 0


def test_the_anonymous_odds_take_a_scar_effect_too():
    from rest_framework.test import APIClient

    body = (
        APIClient()
        .get("/api/v1/odds/?attackers=7&defenders=4&scar_effect=attacker-highest-down")
        .json()
    )
    assert body["p_conquer"] == pytest.approx(float(conquest(7, 4, attacker_highest=-1)))
    assert body["modifiers"]["scar_effect"] == "attacker-highest-down"


def test_the_recruitment_rounds_up_for_balkania_only_while_it_holds_that_power(history, owner):
    ten = "siberia,peru,brazil,yakutsk,china,india,mongolia,ural,iceland,ontario"  # no city
    base = f"/api/v1/campaigns/{history.pk}/recruitment/?controlled={ten}"
    client = client_for(owner)
    assert client.get(base).json()["troops"] == 3
    assert client.get(base + "&faction=imperial-balkania").json()["troops"] == 4
    assert client.get(base + "&faction=khan-industries").json()["troops"] == 3
    FactionPower.objects.filter(campaign=history, faction="imperial-balkania", code="a").update(
        removed_in_game=2, removed_reason="destroyed"
    )
    assert client.get(base + "&faction=imperial-balkania").json()["troops"] == 3
    assert client.get(base + "&round_up=true").json()["troops"] == 4


def test_a_packet_with_an_unknown_effect_on_the_dice_is_refused_and_nothing_is_written(
    history, owner
):
    from campaigns.game.packets import open_packet
    from legacy.errors import RuleViolation
    from legacy.models import PacketOpening

    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/packets/",
        {
            "packet": "pocket-1",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "unlocked": [{"kind": "scar-type", "title": "Mud", "dice_effect": "plus-seven"}],
        },
        format="json",
    )
    assert response.status_code == 400
    with pytest.raises(RuleViolation) as refused:
        open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY,
            campaign=history,
            packet="pocket-1",
            unlocked=[{"kind": "scar-type", "title": "Mud", "dice_effect": "plus-seven"}],
        )
    assert refused.value.rule == "scar-dice-effect"
    assert not PacketOpening.objects.filter(campaign=history).exists()
    assert not ScarKind.objects.filter(campaign=history, slug="mud").exists()


def test_a_scar_type_named_in_cyrillic_with_punctuation_has_its_effect_set_by_its_slug(
    history, owner
):
    client = client_for(owner)
    response = client.post(
        f"/api/v1/campaigns/{history.pk}/packets/",
        {
            "packet": "pocket-1",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "unlocked": [{"kind": "scar-type", "title": "Зыбучий песок!", "cards": 1}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    listed = client.get(f"/api/v1/campaigns/{history.pk}/scar-types/").json()
    slug = next(k["slug"] for k in listed if k["name"] == "Зыбучий песок!")
    response = client.patch(
        f"/api/v1/campaigns/{history.pk}/scar-types/{quote(slug)}/",
        {"dice_effect": scar_effects.ATTACKER_HIGHEST_UP},
        format="json",
    )
    assert response.status_code == 200, response.content
    kind = ScarKind.objects.get(campaign=history, name="Зыбучий песок!")
    assert kind.dice_effect == scar_effects.ATTACKER_HIGHEST_UP
