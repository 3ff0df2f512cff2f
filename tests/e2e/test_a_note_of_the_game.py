"""A note of the game's story and the draft after Pack 1, written from a phone at 390x844."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.game.packets import open_packet
from campaigns.models import GameNote, Seat
from legacy.box import FACTIONS
from tests.support.games import EARNED_ANOTHER_WAY, TWELVE_COINS, start_next_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(django_user_model):
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=campaign, packet="pack-1", by=owner)
    return owner, campaign, start_next_game(campaign)


def test_a_note_written_on_a_phone_keeps_its_line_breaks(
    table, phone, screenshots, serious_violations
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/{game.number}/#notes")
    page.locator("summary", has_text="Add a note").click()
    page.get_by_role("textbox", name="Note").fill("Boris betrayed Ada.\nShe will remember.")
    page.get_by_role("button", name="Save the note").click()
    expect(page.locator(".note").first).to_contain_text("She will remember.")
    assert page.locator(".note br").count() == 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshots(page, "note")
    assert serious_violations(page) == []
    assert GameNote.objects.get().text == "Boris betrayed Ada.\nShe will remember."


def test_the_draft_is_entered_on_a_phone(table, phone, screenshots, serious_violations):
    from playwright.sync_api import expect

    owner, campaign, game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/{game.number}/")
    page.locator("summary", has_text="The draft").click()
    picks = {"Ada": (2, 3, 12, 1), "Boris": (1, 2, 10, 2), "Chloe": (3, 1, 8, 0)}
    for name, (turn, placement, troops, coins) in picks.items():
        page.get_by_label(f"{name}: turn order").fill(str(turn))
        page.get_by_label(f"{name}: placement order").fill(str(placement))
        page.get_by_label(f"{name}: starting troops").fill(str(troops))
        page.get_by_label(f"{name}: starting coin cards").fill(str(coins))
    screenshots(page, "draft")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_text("turn 2 · placement 3 · 12 troops · 1 coin cards")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious_violations(page) == []
    ada = Seat.objects.get(game=game, player__name="Ada")
    assert (ada.draft_turn, ada.starting_troops) == (2, 12)
