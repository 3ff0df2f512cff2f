"""A note of the game's story and the draft after Pack 1, written from a phone at 390x844, in
English and in Russian."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.game.packets import open_packet
from campaigns.models import GameNote, Seat
from legacy.box import FACTIONS
from tests.support.games import EARNED_ANOTHER_WAY, TWELVE_COINS, start_next_game
from tests.support.phones import fits_the_phone, speak

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SAID = {
    "en": {
        "add a note": "Add a note",
        "note": "Note",
        "save the note": "Save the note",
        "credit": "olga · ",
        "the draft": "The draft",
        "turn order": "{}: turn order",
        "placement order": "{}: placement order",
        "starting troops": "{}: starting troops",
        "starting coin cards": "{}: starting coin cards",
        "save the draft": "Save the draft",
        "drafted": "turn 2 · placement 3 · 12 troops · 1 coin cards",
    },
    "ru": {
        "add a note": "Добавить заметку",
        "note": "Заметка",
        "save the note": "Сохранить заметку",
        "credit": "olga · ",
        "the draft": "Драфт",
        "turn order": "{}: очередь хода",
        "placement order": "{}: очередь расстановки",
        "starting troops": "{}: стартовые войска",
        "starting coin cards": "{}: стартовые карты с монетами",
        "save the draft": "Сохранить драфт",
        "drafted": "ход 2 · расстановка 3 · войск: 12 · карт с монетами: 1",
    },
}


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


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_note_written_on_a_phone_keeps_its_line_breaks(
    language, table, phone, screenshots, serious_violations
):
    from playwright.sync_api import expect

    said = SAID[language]
    owner, campaign, game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/{game.number}/#notes")
    speak(page, language)
    page.locator("summary", has_text=said["add a note"]).click()
    page.get_by_role("textbox", name=said["note"]).fill("Boris betrayed Ada.\nShe will remember.")
    page.get_by_role("button", name=said["save the note"]).click()
    expect(page.locator(".note").first).to_contain_text("She will remember.")
    expect(page.locator(".note").first).to_contain_text(said["credit"])
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert page.locator(".note br").count() == 1
    assert fits_the_phone(page)
    screenshots(page, "note")
    assert serious_violations(page) == []
    assert GameNote.objects.get().text == "Boris betrayed Ada.\nShe will remember."


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_draft_is_entered_on_a_phone(language, table, phone, screenshots, serious_violations):
    from playwright.sync_api import expect

    said = SAID[language]
    owner, campaign, game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/{game.number}/")
    speak(page, language)
    page.locator("summary", has_text=said["the draft"]).click()
    picks = {"Ada": (2, 3, 12, 1), "Boris": (1, 2, 10, 2), "Chloe": (3, 1, 8, 0)}
    for name, (turn, placement, troops, coins) in picks.items():
        page.get_by_label(said["turn order"].format(name)).fill(str(turn))
        page.get_by_label(said["placement order"].format(name)).fill(str(placement))
        page.get_by_label(said["starting troops"].format(name)).fill(str(troops))
        page.get_by_label(said["starting coin cards"].format(name)).fill(str(coins))
    screenshots(page, "draft")
    # A phone closes its keyboard, leaving the last field, before the button is tapped.
    page.keyboard.press("Tab")
    with page.expect_navigation():
        page.get_by_role("button", name=said["save the draft"]).click()
    expect(page.get_by_text(said["drafted"])).to_be_visible()
    assert fits_the_phone(page)
    assert serious_violations(page) == []
    ada = Seat.objects.get(game=game, player__name="Ada")
    assert (ada.draft_turn, ada.starting_troops) == (2, 12)
