"""The calculators read what the campaign keeps now: scars and their effect on the dice, the
fortification, the defender's starting HQ and the powers held; scar types' effects are set by
the group."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.game.packets import open_packet
from campaigns.game.table import place_scar
from campaigns.models import AuditEntry
from legacy import scar_effects
from legacy.models import FactionPower, ScarKind
from legacy.odds import battle_odds
from tests.support.dice_by_hand import conquest
from tests.support.games import EARNED_ANOTHER_WAY
from tests.support.pages import url

pytestmark = pytest.mark.django_db


@pytest.fixture
def quicksand(game, owner):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=game.campaign,
        packet="pocket-1",
        unlocked=[
            {
                "kind": "scar-type",
                "title": "Quicksand",
                "cards": 2,
                "dice_effect": scar_effects.DEFENCE_DICE_DOWN,
            }
        ],
        by=owner,
    )
    place_scar(
        game=game, scar="quicksand", territory="brazil", without_card=True, reason="An event card"
    )
    return game.campaign


def test_the_odds_page_counts_an_unlocked_scar_by_exactly_what_the_dice_give(quicksand, as_viewer):
    scarred = as_viewer.get(
        url(quicksand, "tools/odds/"), {"territory": "brazil", "attackers": 7, "defenders": 4}
    )
    plain = as_viewer.get(
        url(quicksand, "tools/odds/"), {"territory": "venezuela", "attackers": 7, "defenders": 4}
    )
    difference = scarred.context["result"].p_conquer - plain.context["result"].p_conquer
    assert difference == pytest.approx(float(conquest(7, 4, defence_dice=-1) - conquest(7, 4)))
    page = scarred.content.decode()
    assert "Quicksand" in page and "−1 to both defence dice" in page


def test_a_hidden_campaign_does_not_name_the_unlocked_scar_on_the_odds_page(quicksand, as_viewer):
    quicksand.hide_unlocked_content = True
    quicksand.save()
    response = as_viewer.get(
        url(quicksand, "tools/odds/"), {"territory": "brazil", "attackers": 7, "defenders": 4}
    )
    page = response.content.decode()
    assert "Quicksand" not in page and "hidden by the campaign" in page
    assert response.context["result"] is not None
    listed = as_viewer.get(url(quicksand, "scar-types/")).content.decode()
    assert "Quicksand" not in listed and "Bunker" in listed


def test_the_mechaniker_hq_is_read_from_the_game_and_the_power_held(game, as_viewer):
    query = {
        "territory": "japan",
        "defender_faction": "die-mechaniker",
        "attackers": 8,
        "defenders": 3,
    }
    response = as_viewer.get(url(game.campaign, "tools/odds/"), query)
    assert response.context["result"].p_conquer == pytest.approx(
        battle_odds(8, 3, mechaniker_hq=True).p_conquer
    )
    assert response.context["reading"]["defender_hq"] is True
    assert "starting HQ" in response.content.decode()
    FactionPower.objects.filter(faction="die-mechaniker", code="a").update(
        removed_in_game=1, removed_reason="destroyed"
    )
    after = as_viewer.get(url(game.campaign, "tools/odds/"), query)
    assert after.context["result"].p_conquer == pytest.approx(battle_odds(8, 3).p_conquer)


def test_only_the_powers_held_now_are_offered(game, as_viewer):
    form = as_viewer.get(url(game.campaign, "tools/odds/")).context["form"]
    assert "mechaniker_hq" in form.fields and "bear_lower_die" in form.fields
    # Power (b) of each was never chosen: nothing to switch on.
    assert "mechaniker_double_six" not in form.fields
    assert "bear_three_of_a_kind" not in form.fields
    FactionPower.objects.filter(faction="enclave-of-the-bear", code="a").update(
        removed_in_game=1, removed_reason="destroyed"
    )
    form = as_viewer.get(url(game.campaign, "tools/odds/")).context["form"]
    assert "bear_lower_die" not in form.fields and "bear_first_attack" not in form.fields


def test_what_if_uses_the_switches_instead_of_the_campaign(quicksand, as_viewer):
    query = {"territory": "brazil", "attackers": 7, "defenders": 4}
    what_if = as_viewer.get(
        url(quicksand, "tools/odds/"),
        {**query, "what_if": "on", "scar_effect": scar_effects.ATTACKER_HIGHEST_UP},
    )
    assert what_if.context["result"].p_conquer == pytest.approx(
        float(conquest(7, 4, attacker_highest=1))
    )
    assert what_if.context["what_if"] is True
    assert "What if" in what_if.content.decode()


def test_an_editor_sets_a_scar_types_effect_on_the_page(quicksand, editor, as_editor, as_viewer):
    response = as_editor.post(
        url(quicksand, "scar-types/"),
        {"scar": "quicksand", "dice_effect": scar_effects.DEFENDER_HIGHEST_UP},
    )
    assert response.status_code == 302
    kind = ScarKind.objects.get(campaign=quicksand, slug="quicksand")
    assert kind.dice_effect == scar_effects.DEFENDER_HIGHEST_UP
    assert AuditEntry.objects.filter(action="scar-dice-effect", user=editor).exists()
    refused = as_viewer.post(
        url(quicksand, "scar-types/"), {"scar": "quicksand", "dice_effect": "none"}
    )
    assert refused.status_code == 403
    kind.refresh_from_db()
    assert kind.dice_effect == scar_effects.DEFENDER_HIGHEST_UP


def test_a_packet_opened_on_the_page_keeps_the_scars_effect(game, as_owner):
    response = as_owner.post(
        url(game.campaign, "packets/open/"),
        {
            "packet": "pocket-1",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "item0_kind": "scar-type",
            "item0_title": "Fallout",
            "item0_cards": "2",
            "item0_dice_effect": scar_effects.ATTACKER_HIGHEST_DOWN,
        },
    )
    assert response.status_code == 302
    kind = ScarKind.objects.get(campaign=game.campaign, slug="fallout")
    assert kind.dice_effect == scar_effects.ATTACKER_HIGHEST_DOWN


def test_balkania_rounds_up_only_while_it_holds_that_power(game, as_viewer):
    # 10 territories and no city: 10 / 3 is 3 rounded down, 4 rounded up.
    ten = [
        "egypt",
        "peru",
        "brazil",
        "japan",
        "china",
        "india",
        "mongolia",
        "ural",
        "iceland",
        "ontario",
    ]
    query = {"controlled": ten}
    plain = as_viewer.get(url(game.campaign, "tools/recruitment/"), query)
    balkania = as_viewer.get(
        url(game.campaign, "tools/recruitment/"), {**query, "faction": "imperial-balkania"}
    )
    assert plain.context["result"]["troops"] == 3
    assert balkania.context["result"]["troops"] == 4
    FactionPower.objects.filter(faction="imperial-balkania", code="a").update(
        removed_in_game=1, removed_reason="destroyed"
    )
    gone = as_viewer.get(
        url(game.campaign, "tools/recruitment/"), {**query, "faction": "imperial-balkania"}
    )
    assert gone.context["result"]["troops"] == 3
    what_if = as_viewer.get(url(game.campaign, "tools/recruitment/"), {**query, "round_up": "on"})
    assert what_if.context["result"]["troops"] == 4


def test_every_effect_has_words_in_both_languages():
    from django.utils import translation

    from web.pages import dice_effect_label

    assert tuple(scar_effects.LABELS) == scar_effects.CODES
    with translation.override("ru"):
        russian = [str(dice_effect_label(code)) for code in scar_effects.CODES]
    assert russian == [
        "Не влияет на кубики",
        "+1 к старшему кубику защитника",
        "−1 к старшему кубику защитника",
        "+1 к обоим кубикам защиты",
        "−1 к обоим кубикам защиты",
        "+1 к старшему кубику атакующего",
        "−1 к старшему кубику атакующего",
    ]


def test_the_odds_page_reads_the_campaign_in_russian(quicksand, as_viewer):
    page = as_viewer.get(
        url(quicksand, "tools/odds/"),
        {"territory": "brazil", "attackers": 7, "defenders": 4},
        HTTP_ACCEPT_LANGUAGE="ru",
    ).content.decode()
    assert "Что кампания хранит здесь сейчас" in page
    assert "Шрам: Quicksand (−1 к обоим кубикам защиты)" in page


def test_an_impossible_battle_is_refused_in_russian_on_a_russian_page(game, as_viewer):
    response = as_viewer.get(
        url(game.campaign, "tools/odds/"),
        {"attackers": 5, "defenders": 2, "bunker": "on", "ammo_shortage": "on"},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.context["result"] is None
    page = response.content.decode()
    assert "На территории не больше одного шрама" in page
    assert "at most one scar" not in page


def test_a_player_seated_as_balkania_rounds_up_without_naming_the_faction(game, players, as_viewer):
    from campaigns.models import Seat

    Seat.objects.filter(game=game, player=players["Ada"]).update(faction="imperial-balkania")
    ten = [
        "egypt",
        "peru",
        "brazil",
        "japan",
        "china",
        "india",
        "mongolia",
        "ural",
        "iceland",
        "ontario",
    ]
    for name, troops in (("Ada", 4), ("Boris", 3)):
        response = as_viewer.get(
            url(game.campaign, "tools/recruitment/"),
            {"controlled": ten, "player": players[name].pk},
        )
        assert response.context["result"]["troops"] == troops, name


def test_the_odds_page_takes_as_many_missiles_as_the_box_holds(game, as_viewer):
    asked = {"territory": "peru", "attackers": 9, "defenders": 6}
    twelve = as_viewer.get(url(game.campaign, "tools/odds/"), {**asked, "missiles": 12})
    assert twelve.context["result"].p_conquer == pytest.approx(
        battle_odds(9, 6, missiles=12).p_conquer, abs=1e-12
    )
    too_many = as_viewer.get(url(game.campaign, "tools/odds/"), {**asked, "missiles": 18})
    assert too_many.context["result"] is None


def test_the_odds_page_counts_the_defenders_missiles_and_refuses_more_than_the_box_holds(
    game, as_viewer
):
    asked = {"territory": "peru", "attackers": 9, "defenders": 4, "missiles": 1}
    page = as_viewer.get(url(game.campaign, "tools/odds/"), {**asked, "defender_missiles": 2})
    result = page.context["result"]
    assert result.p_conquer == pytest.approx(
        battle_odds(9, 4, missiles=1, defender_missiles=2).p_conquer, abs=1e-12
    )
    assert result.p_conquer < battle_odds(9, 4, missiles=1).p_conquer
    assert "Defender's missiles used, at most on average" in page.content.decode()
    nine_bars = [bar for bar in page.context["chart"] if bar["attackers"] == 9]
    assert nine_bars[0]["pct"] == round(100 * result.p_conquer, 1)
    too_many = as_viewer.get(url(game.campaign, "tools/odds/"), {**asked, "defender_missiles": 18})
    assert too_many.context["result"] is None
    assert "defender_missiles" in too_many.context["form"].errors


def test_the_odds_page_asks_for_the_defenders_missiles_in_russian(game, viewer):
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.force_login(viewer)
    asked = {"territory": "peru", "attackers": 9, "defenders": 4, "defender_missiles": 1}
    page = russian.get(url(game.campaign, "tools/odds/"), asked).content.decode()
    assert "Ракет у защищающегося" in page
    assert "Ракет защищающегося потрачено, в среднем не больше" in page


def test_the_odds_page_follows_the_campaigns_reading_of_the_dice_order(game, as_viewer):
    asked = {"territory": "peru", "attackers": 6, "defenders": 3, "missiles": 2}
    game.campaign.dice_order_after_modifiers = "as-rolled"
    game.campaign.save(update_fields=["dice_order_after_modifiers"])
    page = as_viewer.get(url(game.campaign, "tools/odds/"), asked)
    assert page.context["result"].p_conquer == pytest.approx(
        battle_odds(6, 3, missiles=2, resort=False).p_conquer, abs=1e-12
    )


def test_the_odds_page_reads_a_missiles_six_as_natural_only_by_its_own_setting(game, as_viewer):
    """«Если ваша оборона выбросила две натуральных 6-ки (без бонусов), то эта территория не
    может быть атакована еще раз до конца хода.» The Bear's reading does not decide whether a
    defender's missile 6 makes a Die Mechaniker's double six: the campaign's own setting does."""
    campaign = game.campaign
    FactionPower.objects.filter(campaign=campaign, faction="die-mechaniker").update(code="b")
    campaign.bear_three_of_a_kind = "as-rolled"
    campaign.save(update_fields=["bear_three_of_a_kind"])
    asked = {
        "territory": "peru",
        "attacker_faction": "khan-industries",
        "defender_faction": "die-mechaniker",
        "attackers": 10,
        "defenders": 6,
        "defender_missiles": 2,
    }
    page = as_viewer.get(url(campaign, "tools/odds/"), asked)
    assert page.context["result"].p_conquer == pytest.approx(
        battle_odds(10, 6, defender_missiles=2, mechaniker_double_six=True).p_conquer, abs=1e-12
    )
    campaign.missile_six_natural = "natural"
    campaign.save(update_fields=["missile_six_natural"])
    page = as_viewer.get(url(campaign, "tools/odds/"), asked)
    assert page.context["result"].p_conquer == pytest.approx(0.0, abs=1e-12)


def test_the_odds_chart_counts_the_bears_power_a_on_the_first_roll_only_when_it_reads_so(
    game, as_viewer
):
    campaign = game.campaign
    campaign.bear_first_attack = "first-roll"
    campaign.save(update_fields=["bear_first_attack"])
    query = {
        "territory": "peru",
        "attacker_faction": "enclave-of-the-bear",
        "bear_first_attack": "on",
        "attackers": 6,
        "defenders": 3,
    }
    response = as_viewer.get(url(campaign, "tools/odds/"), query)
    first_roll = {"bear_lower_die": True, "bear_first_roll_only": True}
    assert response.context["result"].p_conquer == pytest.approx(
        battle_odds(6, 3, **first_roll).p_conquer
    )
    chart = {point["attackers"]: point["pct"] for point in response.context["chart"]}
    for attackers in (2, 6, 12):
        exact = battle_odds(attackers, 3, **first_roll).p_conquer
        assert chart[attackers] == round(100 * exact, 1)
    assert chart[12] < round(100 * battle_odds(12, 3, bear_lower_die=True).p_conquer, 1)


def test_the_odds_page_shows_both_missile_orders_while_the_table_declares_them(game, as_viewer):
    asked = {"territory": "peru", "attackers": 8, "defenders": 5, "missiles": 2}
    page = as_viewer.get(url(game.campaign, "tools/odds/"), {**asked, "defender_missiles": 2})
    held = {"missiles": 2, "defender_missiles": 2}
    first = round(100 * battle_odds(8, 5, **held).p_conquer, 1)
    answering = round(100 * battle_odds(8, 5, **held, defender_missiles_first=True).p_conquer, 1)
    assert [pct for _words, pct in page.context["missile_orders"]] == [first, answering]
    html = page.content.decode()
    assert f"If the defender chooses its missiles first: {answering}%" in html
    game.campaign.missile_order = "attacker-first"
    game.campaign.save(update_fields=["missile_order"])
    fixed = as_viewer.get(url(game.campaign, "tools/odds/"), {**asked, "defender_missiles": 2})
    assert 'id="missile-orders"' not in fixed.content.decode()
