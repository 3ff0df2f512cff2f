"""The admin: an operator can look at everything, and can fix the world only the ledger's way.

Every change to a mark needs a reason and leaves a ``Correction``; nothing is ever deleted; a
mark entered by mistake is voided and stops counting in every game.
"""

from __future__ import annotations

import datetime

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from campaigns.models import AuditEntry, Campaign, Player
from legacy.models import (
    MARK_MODELS,
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    Correction,
    DestroyedCard,
    FactionPower,
    Fortification,
    MarkKind,
    OtherMark,
    PacketOpening,
    Scar,
    ScarKind,
    Signature,
    StockAllowance,
    TradeRate,
    WorldName,
)
from legacy.selectors import world_as_of
from tests.support.admin import change_url, changelist, form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def cairo(prepared_campaign, players):
    return City.objects.create(
        campaign=prepared_campaign,
        territory="egypt",
        kind="major",
        name="Cairo",
        placed_in_game=1,
        placed_by=players["Ada"],
    )


@pytest.fixture
def a_marked_world(prepared_campaign, players, cairo):
    """One row of every kind of mark, so each changelist has something to show."""
    c = dict(campaign=prepared_campaign)
    ada = players["Ada"]
    bunker = ScarKind.objects.get(campaign=prepared_campaign, slug="bunker")
    Scar.objects.create(**c, kind=bunker, territory="peru", placed_in_game=1)
    Scar.objects.create(**c, kind=bunker, faction="khan-industries", placed_in_game=1)
    Fortification.objects.create(**c, city=cairo, placed_in_game=2, boxes_used=4)
    DestroyedCard.objects.create(**c, territory="china", placed_in_game=2)
    ContinentName.objects.create(**c, continent="africa", name="Sahel", placed_in_game=2)
    BonusChange.objects.create(**c, continent="asia", delta=-1, placed_in_game=2)
    PacketOpening.objects.create(**c, packet="pack-3", placed_in_game=3)
    Signature.objects.create(
        **c, line=1, name="Ada", date=datetime.date(2026, 1, 1), placed_in_game=1, placed_by=ada
    )
    WorldName.objects.create(**c, name="Ashes", placed_in_game=15, placed_by=ada)
    beacon = MarkKind.objects.create(**c, slug="beacon", name="Beacon")
    OtherMark.objects.create(**c, kind=beacon, territory="india", placed_in_game=3)
    return prepared_campaign


# The marks the ``a_marked_world`` fixture writes one row of.
MARKS_WITH_A_ROW = (
    City,
    Scar,
    Fortification,
    CoinSticker,
    DestroyedCard,
    ContinentName,
    BonusChange,
    FactionPower,
    PacketOpening,
    Signature,
    WorldName,
    OtherMark,
)


def test_every_list_in_the_admin_opens(browser, a_marked_world):
    registered = set(admin.site._registry)
    expected = {
        Campaign,
        Player,
        AuditEntry,
        *MARK_MODELS,
        ScarKind,
        StockAllowance,
        TradeRate,
        Correction,
        *apps.get_app_config("legacy").get_models(),
    }
    missing = sorted(m.__name__ for m in expected - registered)
    assert not missing, f"not in the admin: {missing}"
    for model in registered:
        response = browser.get(changelist(model))
        assert response.status_code == 200, model.__name__


def test_every_mark_and_the_campaign_open_on_their_own_page(browser, a_marked_world):
    for model in MARKS_WITH_A_ROW:
        mark = model.objects.filter(campaign=a_marked_world).first()
        assert mark is not None, model.__name__
        assert browser.get(change_url(mark)).status_code == 200, model.__name__
    assert browser.get(change_url(a_marked_world)).status_code == 200


def test_a_second_city_on_a_territory_with_a_city_is_refused_and_writes_nothing(
    browser, prepared_campaign, players, cairo
):
    before = (City.objects.count(), Correction.objects.count())
    response = browser.post(
        reverse("admin:legacy_city_add"),
        {
            "campaign": prepared_campaign.pk,
            "placed_in_game": 2,
            "placed_by": players["Boris"].pk,
            "removed_in_game": "",
            "removed_reason": "",
            "removed_note": "",
            "territory": "egypt",
            "kind": "minor",
            "name": "Alexandria",
            "correction_reason": "Forgot to enter it after game 2.",
        },
    )
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert "That territory already has a city." in str(form.errors)
    assert (City.objects.count(), Correction.objects.count()) == before
    assert world_as_of(prepared_campaign.pk).territories["egypt"].city.name == "Cairo"


def test_moving_a_city_onto_a_territory_with_a_city_is_refused_and_writes_nothing(
    browser, prepared_campaign, players, cairo
):
    lima = City.objects.create(
        campaign=prepared_campaign, territory="peru", kind="minor", name="Lima", placed_in_game=2
    )
    data = form_data(browser.get(change_url(lima)))
    data.update(territory="egypt", correction_reason="It was founded in Egypt.")
    response = browser.post(change_url(lima), data)
    assert response.status_code == 200
    assert "That territory already has a city." in str(response.context["adminform"].form.errors)
    lima.refresh_from_db()
    assert lima.territory == "peru"
    assert not Correction.objects.exists()


def test_a_city_added_in_the_admin_records_who_added_it_and_why(
    browser, operator, prepared_campaign, players
):
    response = browser.post(
        reverse("admin:legacy_city_add"),
        {
            "campaign": prepared_campaign.pk,
            "placed_in_game": 2,
            "placed_by": players["Boris"].pk,
            "territory": "peru",
            "kind": "minor",
            "name": "Lima",
            "correction_reason": "Forgot to enter it after game 2.",
        },
    )
    assert response.status_code == 302, response.context and response.context["errors"]
    lima = City.objects.get(campaign=prepared_campaign, territory="peru")
    assert lima.entered_by == operator
    correction = Correction.objects.get(added_id=lima.pk, mark_type="City")
    assert correction.voided_id is None and correction.before == {}
    assert correction.after["name"] == "Lima" and correction.made_by == operator
    assert world_as_of(prepared_campaign.pk, 2).territories["peru"].city.name == "Lima"
    assert world_as_of(prepared_campaign.pk, 1).territories["peru"].city is None


def test_renaming_a_city_without_a_reason_is_refused(browser, cairo):
    data = form_data(browser.get(change_url(cairo)))
    data.update(name="Al-Qahira", correction_reason="")
    response = browser.post(change_url(cairo), data)
    assert response.status_code == 200
    assert "correction_reason" in response.context["adminform"].form.errors
    cairo.refresh_from_db()
    assert cairo.name == "Cairo"
    assert not Correction.objects.exists()


def test_renaming_a_city_records_the_correction_with_before_after_and_who(browser, operator, cairo):
    data = form_data(browser.get(change_url(cairo)))
    data.update(name="Al-Qahira", correction_reason="Ada spelt it her way on the board.")
    response = browser.post(change_url(cairo), data)
    assert response.status_code == 302
    cairo.refresh_from_db()
    assert cairo.name == "Al-Qahira"
    correction = Correction.objects.get()
    assert correction.campaign_id == cairo.campaign_id
    assert correction.mark_type == "City"
    assert correction.reason == "Ada spelt it her way on the board."
    assert correction.made_by == operator
    assert correction.before["name"] == "Cairo" and correction.after["name"] == "Al-Qahira"
    assert correction.voided_id == correction.added_id == cairo.pk
    assert world_as_of(cairo.campaign_id).territories["egypt"].city.name == "Al-Qahira"


def test_no_mark_can_be_deleted_from_the_admin(browser, a_marked_world):
    for model in MARKS_WITH_A_ROW:
        mark = model.objects.filter(campaign=a_marked_world).first()
        url = reverse(f"admin:legacy_{model._meta.model_name}_delete", args=[mark.pk])
        assert browser.get(url).status_code == 403, model.__name__
        assert browser.post(url, {"post": "yes"}).status_code == 403, model.__name__
        assert model.objects.filter(pk=mark.pk).exists()


def test_the_bulk_delete_action_is_not_offered_for_marks(browser, cairo):
    response = browser.get(changelist(City))
    actions = [value for value, _ in response.context["action_form"].fields["action"].choices]
    assert "void_marks" in actions
    assert "delete_selected" not in actions


def test_voiding_a_city_takes_it_off_the_world_in_every_game_and_records_why(
    browser, operator, cairo
):
    assert world_as_of(cairo.campaign_id, 1).territories["egypt"].city is not None
    response = browser.post(
        changelist(City), {"action": "void_marks", "_selected_action": [cairo.pk]}
    )
    assert response.status_code == 302
    cairo.refresh_from_db()
    assert cairo.voided
    correction = Correction.objects.get()
    assert correction.voided_id == cairo.pk and correction.added_id is None
    assert correction.made_by == operator and correction.reason
    assert correction.before["name"] == "Cairo" and correction.after == {}
    for game in (1, 2, None):
        assert world_as_of(cairo.campaign_id, game).territories["egypt"].city is None
    assert world_as_of(cairo.campaign_id).stock_left["major-cities"] == 5


def test_voiding_an_already_voided_mark_records_nothing_more(browser, cairo):
    data = {"action": "void_marks", "_selected_action": [cairo.pk]}
    browser.post(changelist(City), data)
    browser.post(changelist(City), data)
    assert Correction.objects.count() == 1


def test_a_voided_city_leaves_room_for_the_right_one(browser, prepared_campaign, players, cairo):
    browser.post(changelist(City), {"action": "void_marks", "_selected_action": [cairo.pk]})
    response = browser.post(
        reverse("admin:legacy_city_add"),
        {
            "campaign": prepared_campaign.pk,
            "placed_in_game": 1,
            "placed_by": players["Ada"].pk,
            "territory": "egypt",
            "kind": "minor",
            "name": "Cairo",
            "correction_reason": "It was a minor city, not a major one.",
        },
    )
    assert response.status_code == 302
    city = world_as_of(prepared_campaign.pk, 1).territories["egypt"].city
    assert (city.name, city.kind) == ("Cairo", "minor")


def test_the_coin_stickers_placed_before_the_first_game_are_listed(browser, prepared_campaign):
    response = browser.get(changelist(CoinSticker))
    assert response.context["cl"].result_count == CoinSticker.objects.count() == 12
    assert FactionPower.objects.filter(campaign=prepared_campaign).count() == 10
