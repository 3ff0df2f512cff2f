"""A photo of the real board, taken from a phone at 390x844: chosen in the file input (the
camera or the gallery), uploaded with a caption, prepared, and shown beside the drawn board."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.models import GamePhoto, JobStatus
from legacy.box import FACTIONS
from tests.support import made
from tests.support.games import TWELVE_COINS, start_next_game
from tests.support.phones import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(django_user_model, settings, tmp_path, eager_snapshots):
    settings.MEDIA_ROOT = tmp_path / "media"
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    return owner, campaign, start_next_game(campaign)


def test_a_photo_taken_on_a_phone_is_shown_beside_the_drawn_board(
    table, phone, screenshots, serious_violations, tmp_path
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    picture = tmp_path / "IMG_0001.jpg"
    picture.write_bytes(made.jpeg_with_gps(size=(800, 600)))
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/{game.number}/#photos")
    expect(page.get_by_role("heading", name="Photos of the board")).to_be_visible()
    page.locator("summary", has_text="Add a photo of the board").click()
    file_input = page.locator('input[type="file"]')
    assert file_input.get_attribute("accept") == "image/*"
    file_input.set_input_files(str(picture))
    page.get_by_label("Caption").fill("Europe after the Bear's push")
    screenshots(page, "chosen")
    page.get_by_role("button", name="Add the photo").click()

    shown = page.locator("img[data-photo-ready]")
    expect(shown).to_be_visible()
    expect(page.locator(".photo-caption")).to_contain_text("Europe after the Bear's push")
    expect(page.locator(".photo-caption")).to_contain_text("by olga")
    # The browser decoded the prepared copy, and it fits the phone's width.
    assert (
        page.evaluate("() => document.querySelector('img[data-photo-ready]').naturalWidth") == 800
    )
    box = shown.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # At phone width the photos sit under the drawn board, not squeezed beside it.
    board = page.locator("section.drawn-board").bounding_box()
    photos = page.locator("section.board-photos").bounding_box()
    assert photos["y"] >= board["y"] + board["height"] - 1
    screenshots(page, "shown")
    assert serious_violations(page) == []
    photo = GamePhoto.objects.get()
    assert photo.status == JobStatus.DONE and photo.caption == "Europe after the Bear's push"
