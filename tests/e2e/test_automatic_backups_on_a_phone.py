"""On a phone (390x844) the owner finds the automatic backups on the settings page, in both
languages, taps one and gets the file; the section passes axe and its links are big enough."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from campaigns.backup import automatic
from tests.support.games import play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TAP_SIZES = """() => [...document.querySelectorAll('section[aria-labelledby="backups-title"] a')]
    .map(el => { const r = el.getBoundingClientRect(); return {w: r.width, h: r.height}; })"""


@pytest.mark.parametrize(
    ("language", "title", "link"),
    [
        ("en", "Automatic backups", "After game 1"),
        ("ru", "Автоматические резервные копии", "После игры 1"),
    ],
)
def test_the_owner_downloads_an_automatic_backup_on_a_phone(
    phone, media, eager_tasks, prepared_campaign, owner, serious_violations, language, title, link
):
    play(prepared_campaign, 1)  # committed: its backup is written once the finish is
    (kept,) = automatic.automatic_backups(prepared_campaign.pk)
    page = phone(owner)
    page.goto("/")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": page.url}]
    )
    page.goto(f"/c/{prepared_campaign.pk}/settings/")
    section = page.locator('section[aria-labelledby="backups-title"]')
    assert title in section.inner_text()
    sizes = page.evaluate(TAP_SIZES)
    assert sizes and all(s["w"] >= 24 and s["h"] >= 24 for s in sizes)
    assert serious_violations(page) == []
    with page.expect_download() as downloading:
        section.get_by_text(link).click()
    saved = downloading.value.path()
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document["format"] == "earthbook-campaign"
    assert [g["number"] for g in document["games"]] == [kept.game]
