"""The end of a game on two phones at 390x844, served as in production (streams through the ASGI
server): the phone that records the end is told "Game N is in the book", in its reader's
language, however the other phone's open end page follows the table; the other phone is taken
to the game saying the same."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from django.utils import translation

from campaigns.models import Game, GameStatus
from legacy.models import Signature
from tests.support.phones import phone_on

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Once the end is saved, the other phone shows it within this many milliseconds: a bounded wait
# for it, not a measure of speed.
WITHIN = 3_000


def choose(page, selector: str) -> None:
    """Tick a result: the form is drawn again (who holds on, and in which order)."""
    with page.expect_response(lambda r: "/finish/" in r.url and r.request.method == "POST"):
        page.locator(selector).check()
    page.wait_for_timeout(50)  # htmx swaps right after the response


def fill_in_the_end(page, players) -> None:
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    choose(page, f"input[name=result_{ada}][value=won]")
    choose(page, f"input[name=result_{boris}][value=held_on]")
    choose(page, f"input[name=result_{chloe}][value=eliminated]")
    page.locator("#winner-kind-major-city").check()
    page.select_option("#id_w_major-city_target", "egypt")
    page.fill("#id_w_major-city_name", "Cairo")
    page.select_option(f"select[name=h{boris}_kind]", "upgrade-card")
    page.select_option(f"select[name='h{boris}_upgrade-card_target']", "japan")


def words(language: str) -> dict[str, str]:
    """What the pages say of game 1's end, in ``language``."""
    with translation.override(language):
        return {
            "kept": translation.gettext("Game %(n)s is in the book.") % {"n": 1},
            "amended": translation.gettext("Game %(n)s is in the book, as amended.") % {"n": 1},
            "refused": translation.gettext("Only a game being played can be finished."),
        }


@contextmanager
def two_phones(browser, asgi_server, owner, language: str):
    """The writer's page and the other phone's, each of its own session, in ``language``."""
    locale = "ru-RU" if language == "ru" else "en-GB"
    writer = phone_on(browser, asgi_server, owner, locale=locale)
    other = phone_on(browser, asgi_server, owner, locale=locale)
    try:
        yield writer.new_page(), other.new_page()
    finally:
        writer.close()
        other.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_end_says_it_is_in_the_book_on_both_phones(browser, asgi_server, table, language):
    from playwright.sync_api import expect

    owner, campaign, game = table
    players = {p.name: p for p in campaign.players.all()}
    said = words(language)
    in_the_book, refused = said["kept"], said["refused"]
    with two_phones(browser, asgi_server, owner, language) as (mine, theirs):
        finish = f"/c/{campaign.pk}/games/1/finish/"
        # Both phones have the end page open and follow the table's stream.
        for page in (mine, theirs):
            with page.expect_response(lambda r: "/live/stream/" in r.url):
                page.goto(finish)
        fill_in_the_end(mine, players)
        mine.locator("#finish-form button[type=submit].primary").click()

        expect(mine.locator("#messages")).to_contain_text(in_the_book)
        expect(mine.locator("#messages")).not_to_contain_text(refused)
        # The other phone follows the table to the game, which says the same.
        expect(theirs.locator("#messages")).to_contain_text(in_the_book, timeout=WITHIN)
        expect(theirs.locator("#messages")).not_to_contain_text(refused)
        # The writer reading the page again is told the same.
        mine.reload()
        expect(mine.locator("#messages")).to_contain_text(in_the_book)
        assert Game.objects.get(pk=game.pk).status == GameStatus.FINISHED
        assert Signature.objects.filter(campaign=campaign).count() == 1


# With the first end, ten ends in each language: twenty in all, as a table might amend a game.
AMENDMENTS = 9


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_end_amended_with_the_other_phone_open_says_it_is_in_the_book(
    browser, asgi_server, table, language
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    players = {p.name: p for p in campaign.players.all()}
    kept, amended, refused = words(language).values()
    with two_phones(browser, asgi_server, owner, language) as (mine, theirs):
        with theirs.expect_response(lambda r: "/live/stream/" in r.url):
            theirs.goto(f"/c/{campaign.pk}/games/1/")
        mine.goto(f"/c/{campaign.pk}/games/1/finish/")
        fill_in_the_end(mine, players)
        mine.locator("#finish-form button[type=submit].primary").click()
        said = [mine.locator("#messages").inner_text()]
        for n in range(AMENDMENTS):
            mine.goto(f"/c/{campaign.pk}/games/1/amend/")
            mine.fill("#id_slogan", f"Slogan {n}")
            mine.fill("#id_reason", f"Amended for the {n}th time")
            mine.locator("#finish-form button[type=submit].primary").click()
            expect(mine.locator("#messages")).to_contain_text(amended)
            said.append(mine.locator("#messages").inner_text())
        # The end was said kept every time, while the other phone followed the table.
        assert kept in said[0] and all(amended in text for text in said[1:]), said
        expect(theirs).to_have_url(re.compile(rf"/c/{campaign.pk}/games/1/"))
        expect(theirs.locator("#messages")).not_to_contain_text(refused)
        standing = Signature.objects.filter(campaign=campaign).current()
        assert [s.slogan for s in standing] == [f"Slogan {AMENDMENTS - 1}"]
