"""A decided fact reaches every open game page at once, on phones at 390x844 served as in
production (streams through the ASGI server): the war won (a banner naming the winner, the quick
log closed but for the end and taking the winning entry back), a faction out for good, the game
ended or cancelled on another phone. The other phone's reader may be filling in a form: the
banner comes all the same, and what they typed stays."""

from __future__ import annotations

import pytest

from campaigns.game.setup import cancel_game
from campaigns.game.table import eliminate_faction, take_hq
from tests.support.games import finish
from tests.support.phones import phone_on, saved_elsewhere

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Once a fact is decided, the other phone shows it within this many milliseconds: a bounded wait
# for it, not a measure of speed.
WITHIN = 3_000
ADA = "Ada (Khan Industries)"
CHLOE = "Chloe (Enclave of the Bear)"


def follows_the_table(page, address: str) -> None:
    with page.expect_response(lambda r: "/live/stream/" in r.url):
        page.goto(address)


def test_a_war_won_on_one_phone_is_shown_on_the_other_at_once(browser, asgi_server, table):
    from playwright.sync_api import expect

    owner, campaign, game = table
    players = {p.name: p.pk for p in campaign.players.all()}
    ada_phone = phone_on(browser, asgi_server, owner)
    boris_phone = phone_on(browser, asgi_server, owner)
    try:
        ada, boris = ada_phone.new_page(), boris_phone.new_page()
        address = f"/c/{campaign.pk}/games/1/"
        saved_elsewhere(take_hq, game=game, player=players["Ada"], hq_of=players["Boris"])
        follows_the_table(ada, address)
        follows_the_table(boris, address)
        # Boris is in the middle of an entry of his own.
        boris.locator("summary", has_text="Missiles on one roll").click()
        boris.fill("#id_missiles-count", "2")

        # Ada takes Chloe's HQ: her fourth red star.
        ada.locator("summary", has_text="An HQ is taken").click()
        ada.select_option("#id_hqtaken-player", label=ADA)
        ada.select_option("#id_hqtaken-hq_of", label=CHLOE)
        ada.locator("details[open]").get_by_role("button", name="Note it").click()

        banner = "Ada has 4 red stars"
        expect(ada.locator("#decided")).to_contain_text(banner)
        # The quick log is closed but for the end and taking the winning entry back.
        expect(ada.locator("summary", has_text="Missiles on one roll")).to_have_count(0)
        expect(ada.locator("#decided").get_by_role("link", name="Record the end of the game"))
        expect(boris.locator("#decided")).to_contain_text(banner, timeout=WITHIN)
        end = boris.locator("#decided").get_by_role("link", name="Record the end of the game")
        expect(end).to_be_visible()
        expect(boris.locator("#id_missiles-count")).to_have_value("2")

        # Ada takes the winning entry back: the war goes on, on both phones.
        ada.locator("#decided").get_by_role("button", name="back").click()
        expect(ada.locator("#decided")).not_to_contain_text(banner)
        expect(ada.locator("summary", has_text="Missiles on one roll")).to_be_visible()
        expect(boris.locator("#decided")).not_to_contain_text(banner, timeout=WITHIN)
        expect(boris.locator("#id_missiles-count")).to_have_value("2")
    finally:
        ada_phone.close()
        boris_phone.close()


def test_a_faction_out_for_good_and_the_end_reach_the_other_phone(browser, asgi_server, table):
    from playwright.sync_api import expect

    owner, campaign, game = table
    players = {p.name: p for p in campaign.players.all()}
    boris_phone = phone_on(browser, asgi_server, owner, locale="ru-RU")
    try:
        boris = boris_phone.new_page()
        follows_the_table(boris, f"/c/{campaign.pk}/games/1/")
        boris.evaluate("() => { window.stillThisPage = true; }")
        saved_elsewhere(eliminate_faction, game=game, player=players["Chloe"].pk, can_rejoin=False)
        expect(boris.locator("#decided")).to_contain_text(
            "Chloe: выбывает из войны навсегда", timeout=WITHIN
        )
        saved_elsewhere(finish, game=game, players=players)
        expect(boris.locator("#decided")).to_contain_text(
            "Игра 1 окончена. Победа: Ada.", timeout=WITHIN
        )
        assert boris.evaluate("() => window.stillThisPage === true")  # never reloaded
    finally:
        boris_phone.close()


def test_a_game_cancelled_on_another_phone_takes_this_one_to_the_campaign(
    browser, asgi_server, table
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    boris_phone = phone_on(browser, asgi_server, owner)
    try:
        boris = boris_phone.new_page()
        follows_the_table(boris, f"/c/{campaign.pk}/games/1/")
        saved_elsewhere(cancel_game, game=game, reason="Set up by mistake")
        expect(boris).to_have_url(f"{asgi_server}/c/{campaign.pk}/", timeout=WITHIN)
    finally:
        boris_phone.close()
