"""On a phone (390x844) the owner brings in a campaign of two games, in both languages: a game
from the winners' section's row, another pasted, a city on the board, then "done"; the page fits
the phone, its buttons are big enough to tap, and it passes axe."""

from __future__ import annotations

import pytest
from django.conf import settings

from campaigns import services
from tests.support.phones import fits_the_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every control shown, with its tap area: the control, or the label it sits in (a radio's pill).
TAP_SIZES = """() => [...document.querySelectorAll('main button, main select, main input')]
    .filter(el => el.type !== 'hidden' && el.getClientRects().length)
    .map(el => { const r = (el.closest('label') || el).getBoundingClientRect();
                 return {w: r.width, h: r.height}; })"""


@pytest.mark.parametrize(
    ("language", "title", "done"),
    [
        ("en", "Bring in your campaign", "Set up game 3"),
        ("ru", "Перенесите вашу кампанию", "3"),
    ],
)
def test_the_owner_brings_in_two_games_on_a_phone(
    phone, owner, serious_violations, language, title, done
):
    from playwright.sync_api import expect

    campaign = services.create_campaign(
        owner=owner, name="Old Earth", players=["Ada", "Boris", "Chloe"], brought_in_games=2
    )
    page = phone(owner)
    page.goto("/")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": page.url}]
    )
    page.goto(f"/c/{campaign.pk}/")
    page.locator(f'a[href="/c/{campaign.pk}/bring-in/"]').click()
    assert title in page.locator("h1").inner_text()
    assert fits_the_phone(page)
    sizes = page.evaluate(TAP_SIZES)
    assert sizes and all(s["h"] >= 24 for s in sizes)
    assert serious_violations(page) == []

    page.select_option("#id_game-number", "1")
    page.select_option("#id_game-winner", "Ada")
    page.select_option("#id_game-faction", "khan-industries")
    page.locator('#game form:has(input[value="game"]) button[type="submit"]').click()
    page.fill("#id_pasted-lines", "2, Boris, Die Mechaniker")
    page.locator('#pasted button[type="submit"]').click()
    page.select_option("#id_open-territory", "egypt")
    page.locator('#mark form[method="get"] button[type="submit"]').click()
    page.fill("#id_mark-name", "Giza")
    page.locator("#territory-slot [data-save]").click()
    expect(page.locator("#brought-marks")).to_contain_text("Giza")
    assert serious_violations(page) == []

    page.locator('#done button[type="submit"]').click()
    assert done in page.locator(".next-step").inner_text()
    assert list(campaign.games.values_list("number", flat=True)) == [1, 2]
