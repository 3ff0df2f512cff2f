"""The game page's map sits below the first screen: on a phone it is drawn, and the outlines'
file fetched, when the reader scrolls to it, not with the page; the live table's new map is drawn
at once where the old one was; without scripts the map is a picture."""

from __future__ import annotations

import pytest

from campaigns.game.entries.recruitment import Recruitment
from campaigns.game.table import place_scar
from campaigns.models import EventKind
from tests.support.late_entries import entry
from tests.support.phones import PHONE, saved_elsewhere

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MAP = "section.drawn-board"
SHAPES = "/static/board/shapes"


def test_the_map_is_fetched_when_the_reader_scrolls_to_it_not_with_the_page(table, phone):
    from playwright.sync_api import expect

    owner, campaign, game = table
    # An evening under way: its entries stand between the quick log and the map.
    boris = campaign.players.get(name="Boris").pk
    for second in range(1, 7):
        entry(game, EventKind.RECRUITMENT, Recruitment(player=boris, troops=10 + second), second)
    page = phone(owner)
    fetched, errors = [], []
    page.on("request", lambda request: fetched.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/c/{campaign.pk}/games/1/")
    page.wait_for_load_state("networkidle")
    assert page.locator(f"{MAP}").bounding_box()["y"] > PHONE["height"]
    assert page.locator(f"{MAP} .board-svg").count() == 0
    assert not [url for url in fetched if SHAPES in url]

    page.locator(f"{MAP} [data-board-scroll]").scroll_into_view_if_needed()
    expect(page.locator(f"{MAP} .board-svg use.territory")).to_have_count(42)
    expect(page.locator(f"{MAP} [data-board-tools]")).to_be_visible()
    page.locator(f"{MAP} #t-egypt").click()
    expect(page.locator(f"{MAP} [data-panel-name]")).to_have_text("Egypt")
    assert [url for url in fetched if SHAPES in url]
    assert errors == [], errors


def test_a_scar_placed_from_another_phone_is_drawn_on_the_map_in_view(table, phone):
    from playwright.sync_api import expect

    owner, campaign, game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/1/")
    page.locator(f"{MAP} [data-board-scroll]").scroll_into_view_if_needed()
    expect(page.locator(f"{MAP} .board-svg use.territory")).to_have_count(42)

    ada = campaign.players.get(name="Ada").pk
    saved_elsewhere(place_scar, game=game, scar="bunker", territory="greenland", player=ada)
    expect(page.locator(f"{MAP} #t-greenland title")).to_contain_text("Bunker", timeout=2_000)
    assert page.locator(f"{MAP} template").count() == 0
    expect(page.locator(f"{MAP} [data-board-tools]")).to_be_visible()


def test_without_scripts_the_game_pages_map_is_a_picture_of_the_board(table, phone):
    from playwright.sync_api import expect

    owner, campaign, _game = table
    page = phone(owner, javascript=False)
    page.goto(f"/c/{campaign.pk}/games/1/")
    picture = page.locator(f"{MAP} img.board-svg")
    picture.scroll_into_view_if_needed()
    expect(picture).to_be_visible()
    page.wait_for_function(
        "() => document.querySelector('section.drawn-board img.board-svg').naturalWidth > 0"
    )
    assert picture.get_attribute("src") == f"/c/{campaign.pk}/board.svg"
