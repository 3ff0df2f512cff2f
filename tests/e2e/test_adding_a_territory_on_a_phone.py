"""On a phone (390x844), in English and in Russian, a writer enters the territory a packet
added on the packets page; it is listed at once, and the page passes axe."""

from __future__ import annotations

import pytest

from legacy.selectors import world_as_of
from tests.support.games import play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def add_territory(page, *, name: str, connections: list[str], game: str) -> None:
    page.locator("#board-additions-title ~ details > summary").click()
    page.fill("#id_board-name", name)
    page.select_option("#id_board-continent", "africa")
    page.select_option("#id_board-connections", connections)
    page.fill("#id_board-coins", "2")
    page.fill("#id_board-game", game)
    page.locator("#board-additions-title ~ details button[type=submit]").click()


def test_on_a_phone_a_territory_is_added_in_english_and_in_russian(
    phone, prepared_campaign, owner, screenshots, serious_violations
):
    from playwright.sync_api import expect

    campaign = play(prepared_campaign, 2)
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/packets/")
    add_territory(page, name="Atlantis", connections=["brazil", "north-africa"], game="2")
    expect(page.locator(".added-territories")).to_contain_text("Atlantis")
    expect(page.locator("body")).to_contain_text("The territory is on the board from its game on.")
    screenshots(page, "added-in-english")
    assert serious_violations(page) == []

    page.select_option("#language-select", "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    add_territory(page, name="Лемурия", connections=["madagascar"], game="2")
    expect(page.locator(".added-territories")).to_contain_text("Лемурия")
    expect(page.locator("body")).to_contain_text("Территория на поле начиная с её игры.")
    screenshots(page, "added-in-russian")
    assert serious_violations(page) == []

    board = world_as_of(campaign.pk).board
    assert {t.name for t in board.added} == {"Atlantis", "Лемурия"}
    assert board.neighbors("lemuriya") == {"madagascar"}
