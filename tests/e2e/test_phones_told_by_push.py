"""Two phones at the table, served by the ASGI server as the streams are in production: an entry
saved on one phone is pushed to the other, whose polls never say anything changed."""

from __future__ import annotations

import pytest

from tests.support.phones import phone_on

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BORIS = "Boris (Die Mechaniker)"
# Once a change is saved, the other phone shows it within this many milliseconds: a bounded
# wait for it, not a measure of speed.
WITHIN = 3_000


def test_an_entry_is_pushed_to_the_other_phone_whose_polls_say_nothing_changed(
    browser, asgi_server, table
):
    from playwright.sync_api import expect

    owner, campaign, _game = table
    ada_context = phone_on(browser, asgi_server, owner)
    boris_context = phone_on(browser, asgi_server, owner)
    try:
        ada, boris = ada_context.new_page(), boris_context.new_page()
        polls = []

        def nothing_changed(route):
            polls.append(route.request.url)
            route.fulfill(status=304, headers={"ETag": '"0"'})

        # Boris's polls always answer "nothing changed": only the push can bring the news.
        boris.route("**/live/", nothing_changed)
        with boris.expect_response(lambda r: "/live/stream/" in r.url) as stream:
            boris.goto(f"/c/{campaign.pk}/games/1/")
        assert stream.value.status == 200
        assert stream.value.headers["content-type"] == "text/event-stream"
        expect(boris.locator("[data-live=events]")).not_to_contain_text("missile")
        boris.evaluate("() => { window.stillThisPage = true; }")

        ada.goto(f"/c/{campaign.pk}/games/1/")
        ada.locator("summary", has_text="Missiles on one roll").click()
        ada.fill("#id_missiles-count", "3")
        ada.select_option("#id_missiles-player", label=BORIS)
        ada.locator("details[open]").get_by_role("button", name="Note it").click()
        expect(ada.locator("#log-status")).to_contain_text("Noted: 3 missile(s)")

        expect(boris.locator("[data-live=events]")).to_contain_text(
            "3 missile(s) on one roll — Boris", timeout=WITHIN
        )
        assert boris.evaluate("() => window.stillThisPage === true")  # never reloaded
        assert polls == []  # while the stream was open, the page never polled
    finally:
        ada_context.close()
        boris_context.close()


def test_a_page_whose_stream_opens_late_waits_for_it_instead_of_asking(browser, asgi_server, table):
    from playwright.sync_api import expect

    owner, campaign, _game = table
    context = phone_on(browser, asgi_server, owner)
    try:
        boris = context.new_page()
        polls = []
        boris.route("**/live/", lambda route: (polls.append(route.request.url), route.continue_()))

        def late(route):
            boris.wait_for_timeout(2_500)  # a busy server: the stream opens after 2.5 s
            route.continue_()

        boris.route("**/live/stream/**", late)
        with boris.expect_response(lambda r: "/live/stream/" in r.url, timeout=10_000) as stream:
            boris.goto(f"/c/{campaign.pk}/games/1/")
        assert stream.value.status == 200
        expect(boris.locator("[data-live=events]")).to_be_attached()
        boris.wait_for_timeout(500)
        assert polls == []  # the page asked nothing while its stream was on its way
    finally:
        context.close()
