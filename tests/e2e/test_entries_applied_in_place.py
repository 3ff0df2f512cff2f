"""Two phones at the table: an entry saved on one comes to the other as the game page's changed
parts, applied in place (the page is never fetched again), and the phone that wrote takes its
confirmation the same way. A stream that drops catches up, once back, from the last event it
saw."""

from __future__ import annotations

import pytest

from campaigns.game.table import record_recruitment
from campaigns.live import hub
from tests.support.phones import phone_on, saved_elsewhere

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BORIS = "Boris (Die Mechaniker)"
# A bounded wait for what the other phone shows, not a measure of speed.
WITHIN = 5_000


def game_path(campaign) -> str:
    return f"/c/{campaign.pk}/games/1/"


def test_an_entry_comes_to_the_other_phone_in_place_without_fetching_the_page(
    browser, asgi_server, table
):
    from playwright.sync_api import expect

    owner, campaign, _game = table
    ada_context = phone_on(browser, asgi_server, owner)
    boris_context = phone_on(browser, asgi_server, owner)
    try:
        ada, boris = ada_context.new_page(), boris_context.new_page()
        with boris.expect_response(lambda r: "/live/stream/" in r.url):
            boris.goto(game_path(campaign))
        asked = []
        boris.on("request", lambda r: asked.append(r.url.split(asgi_server, 1)[-1]))

        ada.goto(game_path(campaign))
        ada.locator("summary", has_text="Missiles on one roll").click()
        ada.fill("#id_missiles-count", "3")
        ada.select_option("#id_missiles-player", label=BORIS)
        page_again = asgi_server + game_path(campaign)
        with ada.expect_response(
            lambda r: r.url == page_again and r.request.method == "GET"
        ) as answer:
            ada.locator("details[open]").get_by_role("button", name="Note it").click()
        expect(ada.locator("#log-status")).to_contain_text("Noted: 3 missile(s)")
        # The writer's answer was the page's parts, not the page.
        assert answer.value.headers["content-type"] == "application/json"

        expect(boris.locator("[data-live=events]")).to_contain_text(
            "3 missile(s) on one roll — Boris", timeout=WITHIN
        )
        assert game_path(campaign) not in [path.split("?")[0] for path in asked]
        assert any(path.startswith(game_path(campaign) + "live/?since=") for path in asked)
        # The forms brought in place post as the page's own (its CSRF token put in them).
        boris.locator("summary", has_text="A big recruitment").click()
        boris.fill("#id_recruitment-troops", "37")
        boris.select_option("#id_recruitment-player", label=BORIS)
        boris.locator("details[open]").get_by_role("button", name="Note it").click()
        expect(boris.locator("#log-status")).to_contain_text("Noted:")
        expect(boris.locator("#log-status")).to_contain_text("37")
        expect(ada.locator("[data-live=events]")).to_contain_text("37", timeout=WITHIN)
    finally:
        ada_context.close()
        boris_context.close()


def test_a_dropped_stream_catches_up_from_the_last_event_it_saw(browser, asgi_server, table):
    from playwright.sync_api import expect

    owner, campaign, game = table
    boris_player = campaign.players.get(name="Boris").pk
    context = phone_on(browser, asgi_server, owner)
    try:
        boris = context.new_page()
        # Polls always answer "nothing changed": only the stream brings the news.
        boris.route("**/live/", lambda route: route.fulfill(status=304, headers={"ETag": '"0"'}))
        with boris.expect_response(lambda r: "/live/stream/" in r.url):
            boris.goto(game_path(campaign))
        saved_elsewhere(record_recruitment, game=game, player=boris_player, troops=41)
        expect(boris.locator("[data-live=events]")).to_contain_text("41", timeout=WITHIN)

        # The stream drops, and cannot come back for a while.
        boris.route("**/live/stream/**", lambda route: route.abort())
        hub.deliver(0, None)
        saved_elsewhere(record_recruitment, game=game, player=boris_player, troops=42)
        boris.wait_for_timeout(1_500)
        expect(boris.locator("[data-live=events]")).not_to_contain_text("42")

        with boris.expect_response(lambda r: "/live/stream/" in r.url, timeout=15_000) as again:
            boris.unroute("**/live/stream/**")
        assert again.value.status == 200
        expect(boris.locator("[data-live=events]")).to_contain_text("42", timeout=WITHIN)
        expect(boris.locator("[data-live=events]")).to_contain_text("41")
    finally:
        context.close()
