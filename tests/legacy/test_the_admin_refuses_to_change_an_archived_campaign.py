"""An edit in the admin is a write like any other: while the campaign is archived its lock refuses
it, the "void marks" action included. Nothing is written and the operator is told why, in their
language."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from campaigns import members
from campaigns.models import Campaign
from legacy.models import City, Correction
from tests.support.admin import change_url, changelist, form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def archived_cairo(prepared_campaign, players, owner):
    cairo = City.objects.create(
        campaign=prepared_campaign,
        territory="egypt",
        kind="major",
        name="Cairo",
        placed_in_game=1,
        placed_by=players["Ada"],
    )
    members.set_archived(campaign=prepared_campaign, archived=True, by=owner)
    return cairo


def void(browser, cairo, language="en"):
    return browser.post(
        changelist(City),
        {"action": "void_marks", "_selected_action": [cairo.pk]},
        HTTP_ACCEPT_LANGUAGE=language,
        follow=True,
    )


def test_voiding_a_mark_of_an_archived_campaign_in_the_admin_voids_nothing_and_says_why(
    browser, archived_cairo
):
    before = Campaign.objects.values_list("world_version", flat=True).get(
        pk=archived_cairo.campaign_id
    )
    response = void(browser, archived_cairo)

    assert response.status_code == 200
    archived_cairo.refresh_from_db()
    assert not archived_cairo.voided
    assert not Correction.objects.exists()
    after = Campaign.objects.values_list("world_version", flat=True).get(
        pk=archived_cairo.campaign_id
    )
    assert after == before
    said = [str(m) for m in response.context["messages"]]
    assert any("archived" in m and "nothing was voided" in m.lower() for m in said), said
    assert not any("were voided" in m for m in said), said


def test_the_admin_says_in_russian_that_an_archived_campaign_keeps_its_marks(
    browser, archived_cairo
):
    with translation.override("ru"):
        response = void(browser, archived_cairo, language="ru")
    archived_cairo.refresh_from_db()
    assert not archived_cairo.voided
    said = " ".join(str(m) for m in response.context["messages"])
    assert "Ничего не аннулировано" in said and "в архиве" in said, said


def test_an_edit_to_a_mark_of_an_archived_campaign_in_the_admin_writes_nothing_and_says_why(
    browser, archived_cairo
):
    data = form_data(browser.get(change_url(archived_cairo)))
    data.update(name="Alexandria", correction_reason="It was Alexandria.")
    response = browser.post(change_url(archived_cairo), data, follow=True)

    assert response.status_code == 200
    archived_cairo.refresh_from_db()
    assert archived_cairo.name == "Cairo"
    assert not Correction.objects.exists()
    said = " ".join(str(m) for m in response.context["messages"])
    assert "Nothing was saved" in said and "archived" in said, said


def test_a_player_of_an_archived_campaign_is_not_added_in_the_admin(browser, archived_cairo):
    campaign = archived_cairo.campaign
    players = campaign.players.count()
    response = browser.post(
        reverse("admin:campaigns_player_add"),
        {"campaign": campaign.pk, "name": "Dora"},
        HTTP_ACCEPT_LANGUAGE="ru",
        follow=True,
    )
    assert response.status_code == 200
    assert campaign.players.count() == players
    said = " ".join(str(m) for m in response.context["messages"])
    assert "Ничего не сохранено" in said, said
