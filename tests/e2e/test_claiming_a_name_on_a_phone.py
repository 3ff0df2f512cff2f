"""On a phone (390x844), in English and in Russian: a member claims a roster name, the owner
confirms it, and the member's campaigns then show the player's seat and record; what the member
enters in the game's log is credited to the player."""

from __future__ import annotations

import pytest

from campaigns.game.table import record_recruitment
from campaigns.models import Membership, Player, Role
from tests.support.phones import fits_the_phone, saved_elsewhere, speak

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SAID = {
    "en": {
        "this is me": "This is me",
        "claimed": "You claimed Ada: the owner confirms.",
        "claimed by": "claimed by eve",
        "confirm": "Confirm",
        "confirmed": "The claim is confirmed.",
        "linked": "Ada (eve)",
        "record": "You are Ada: 0 wins in 0 games",
        "seat": "Your seat in game 1, now: Khan Industries",
        "entered by": "entered by Ada",
    },
    "ru": {
        "this is me": "Это я",
        "claimed": "Вы заявили имя Ada: владелец подтверждает.",
        "claimed by": "заявлено: eve",
        "confirm": "Подтвердить",
        "confirmed": "Заявка подтверждена.",
        "linked": "Ada (eve)",
        "record": "Вы — Ada: 0 побед в 0 партиях",
        "seat": "Ваше место в партии 1, сейчас: Индустриальные ханы",
        "entered by": "автор записи: Ada",
    },
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_member_claims_ada_the_owner_confirms_and_the_member_sees_her_seat_and_record(
    language, table, django_user_model, phone, screenshots, serious_violations
):
    from playwright.sync_api import expect

    said = SAID[language]
    owner, campaign, game = table
    eve = django_user_model.objects.create_user(username="eve", password="pw-eve-123")
    Membership.objects.create(campaign=campaign, user=eve, role=Role.EDITOR)
    players = f"/c/{campaign.pk}/players/"

    member = phone(eve)
    member.goto(players)
    speak(member, language)
    ada = member.locator(".cards li", has_text="Ada")
    ada.get_by_role("button", name=said["this is me"]).click()
    expect(member.locator("body")).to_contain_text(said["claimed"])
    expect(member.locator(".cards li", has_text="Ada")).to_contain_text(said["claimed by"])
    assert fits_the_phone(member)
    screenshots(member, "claimed")
    assert serious_violations(member) == []

    keeper = phone(owner)
    keeper.goto(players)
    speak(keeper, language)
    claim = keeper.locator(".cards li", has_text=said["claimed by"])
    claim.get_by_role("button", name=said["confirm"]).click()
    expect(keeper.locator("body")).to_contain_text(said["confirmed"])
    expect(keeper.locator(".cards")).to_contain_text(said["linked"])
    screenshots(keeper, "confirmed")
    assert serious_violations(keeper) == []
    assert Player.objects.get(campaign=campaign, name="Ada").user == eve

    member.goto("/")
    mine = member.locator(".cards li", has_text=campaign.name)
    expect(mine).to_contain_text(said["record"])
    expect(mine).to_contain_text(said["seat"])
    assert fits_the_phone(member)
    screenshots(member, "my-campaigns")
    assert serious_violations(member) == []

    boris = Player.objects.get(campaign=campaign, name="Boris")
    saved_elsewhere(record_recruitment, game=game, player=boris.pk, troops=12, by=eve)
    keeper.goto(f"/c/{campaign.pk}/games/{game.number}/")
    expect(keeper.locator("ol.events")).to_contain_text(said["entered by"])
    screenshots(keeper, "credited")
