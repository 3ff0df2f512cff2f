"""The table in one thumb, on a phone (390x844): the game page's first screen holds the seats and
the entries a table makes most, each entry takes three taps at most plus typing, a choice made
while the setup wizard or the end of a game redraws is kept, and a phone left on the wizard or
on the campaign page follows to the game another phone set up."""

from __future__ import annotations

import re

import pytest

from campaigns.game.setup import setup_game
from campaigns.game.table import use_missiles
from campaigns.models import Game, GameEvent
from tests.support.games import give, seats
from tests.support.phones import PHONE, in_view, saved_elsewhere

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The page follows the table within this many milliseconds: a bounded wait, not a measure (a
# page without a stream polls about once a second; on a loaded 2-core machine 5 s fell short).
WITHIN = 10_000
FREQUENT = (
    "Missiles on one roll",
    "A red star bought with 4 cards",
    "A scar is placed",
    "A faction is wiped out",
    "An HQ is taken",
    "A fortified city is attacked with 3 troops",
    "A big recruitment (30+ troops)",
)
# Each request that redraws a form as it is filled in leaves 400 ms late, as on a slow network:
# a second choice made 100 ms after the first falls in the middle of the redraw.
SLOW_REDRAWS = """(() => {
  const open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.earthbookUrl = String(url); return open.apply(this, arguments); };
  XMLHttpRequest.prototype.send = function () {
    const args = arguments, xhr = this;
    if (/seats\\/$|finish\\/$/.test(xhr.earthbookUrl)) {
      setTimeout(() => send.apply(xhr, args), 400); return; }
    return send.apply(this, args); };
})();"""


@pytest.fixture
def phones(browser, live_server, owner):
    """``phones()``: a touch phone whose owner is logged in, each in its own browser context;
    every page error is kept in ``page.errors``."""
    from tests.support.pages import client_for

    contexts = []

    def open_phone():
        session = client_for(owner).cookies["sessionid"].value
        context = browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB", base_url=live_server.url
        )
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(phones):
    return phones()


def above_the_bar(page) -> float:
    return page.locator(".table-bar").bounding_box()["y"]


def entry_button(page, title: str):
    return page.locator("#log summary", has_text=title)


def counting_taps(page) -> list:
    """Every tap (a click or a chosen option) the page gets from now on."""
    page.evaluate(
        "() => { if (!window.taps) { document.addEventListener('click', e =>"
        " window.taps.push(e.target.tagName), true); document.addEventListener('change', e =>"
        " e.target.tagName === 'SELECT' && window.taps.push('SELECT'), true); }"
        " window.taps = []; }"
    )
    return lambda: page.evaluate("() => window.taps")


def test_the_first_screen_holds_the_seats_the_frequent_entries_and_the_games_bar(
    phone, game, cairo, players, screenshots
):
    give(game, players["Boris"], missiles=1)
    use_missiles(game=game, count=1, player=players["Boris"].pk)
    page = phone
    page.goto(f"/c/{game.campaign_id}/games/1/")
    bar = above_the_bar(page)
    for row in page.locator(".seat-row").all():
        in_view(row, above=bar)
    holdings = page.locator(".seat-row", has_text="Boris").locator(".holdings")
    assert "1 HQ" in holdings.inner_text()
    assert in_view(page.locator(".seat-row").first)["height"] <= 56  # its name, its holdings below
    for title in FREQUENT:
        box = in_view(entry_button(page, title), above=bar)
        assert box["height"] >= 44, (title, box)  # a large button
    # The end of the game, the undo and the packets: in reach without scrolling.
    game_bar = page.get_by_role("navigation", name="The game")
    screenshots(page, "first-screen")
    for name in ("The end of the game", re.compile(r"^Undo\b"), "Packets"):
        box = in_view(game_bar.get_by_role("link", name=name))
        assert box["height"] >= 24, (name, box)
    # The others, one tap away.
    page.locator("#log summary", has_text="Other entries").tap()
    in_view(entry_button(page, "A faction joins the war again"), above=bar)
    screenshots(page, "other-entries")
    assert page.errors == [], page.errors


def test_the_same_roll_is_one_tap_off_until_ticked_on_a_phone(phone, game, cairo, players):
    from playwright.sync_api import expect

    give(game, players["Boris"], missiles=1)
    give(game, players["Ada"], missiles=1)
    first = use_missiles(game=game, count=1, player=players["Boris"].pk).event
    page = phone
    page.goto(f"/c/{game.campaign_id}/games/1/")
    entry_button(page, "Missiles on one roll").tap()
    page.fill("#id_missiles-count", "1")
    page.select_option("#id_missiles-player", label="Ada (Khan Industries)")
    same = page.locator("details[open]").get_by_text(f"Same roll as entry {first.seq}")
    expect(page.locator("#id_missiles-same_roll")).not_to_be_checked()
    assert in_view(same, above=above_the_bar(page))["height"] >= 24  # a tap target
    same.tap()
    expect(page.locator("#id_missiles-same_roll")).to_be_checked()
    page.locator("details[open]").get_by_role("button", name="Note it").tap()
    expect(page.locator("#log-status")).to_contain_text("Noted: 1 missile(s) on one roll")
    joined = GameEvent.objects.exclude(pk=first.pk).get(game=game)
    assert joined.data["roll"] == first.seq
    assert page.errors == [], page.errors


def test_an_entry_takes_three_taps_at_most_plus_typing_its_button_in_view(
    phone, game, cairo, players, screenshots
):
    from playwright.sync_api import expect

    give(game, players["Boris"], missiles=2)
    page = phone
    page.goto(f"/c/{game.campaign_id}/games/1/")
    taps = counting_taps(page)
    entry_button(page, "Missiles on one roll").tap()
    page.fill("#id_missiles-count", "2")
    page.select_option("#id_missiles-player", label="Boris (Die Mechaniker)")
    note = page.locator("details[open]").get_by_role("button", name="Note it")
    in_view(note, above=above_the_bar(page))
    note.tap()
    expect(page.locator("#log-status")).to_contain_text("Noted: 2 missile(s) on one roll — Boris")
    assert len(taps()) <= 3, taps()
    # The longest of the frequent forms opens with its button in view too.
    entry_button(page, "A scar is placed").tap()
    in_view(
        page.locator("details[open]").get_by_role("button", name="Note it"),
        above=above_the_bar(page),
    )
    screenshots(page, "scar-form-open")
    # A red star: the button, the player, the note.
    taps = counting_taps(page)
    entry_button(page, "A red star bought with 4 cards").tap()
    expect(page.locator("details[open]")).to_have_count(1)  # one form open at a time
    page.select_option("#id_redstar-player", label="Ada (Khan Industries)")
    note = page.locator("details[open]").get_by_role("button", name="Note it")
    in_view(note, above=above_the_bar(page))
    note.tap()
    expect(page.locator("#log-status")).to_contain_text("Noted: Ada buys a red star")
    assert len(taps()) <= 3, taps()
    assert GameEvent.objects.filter(game=game, voided=False).count() == 2
    assert page.errors == [], page.errors


def wizard_value(page, field: str) -> str:
    return page.locator(f"#id_{field}").input_value()


def test_a_wizard_choice_made_100_ms_after_another_survives_the_redraw(
    phone, prepared_campaign, players
):
    from playwright.sync_api import expect

    page = phone
    page.add_init_script(SLOW_REDRAWS)
    page.goto(f"/c/{prepared_campaign.pk}/games/new/")
    ada, boris = str(players["Ada"].pk), str(players["Boris"].pk)
    with page.expect_response(lambda r: "/games/new/seats/" in r.url) as first:
        page.select_option("#id_seat0_player", ada)
        page.wait_for_timeout(100)
        # Ada's choice redraws the other seats' players: Boris is chosen meanwhile.
        page.select_option("#id_seat1_player", boris)
    assert first.value.ok
    # The redraw of the first choice, then that of the second, have come back.
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(600)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert wizard_value(page, "seat0_player") == ada
    assert wizard_value(page, "seat1_player") == boris
    expect(page.locator(f"#id_seat1_player option[value='{ada}']")).to_be_disabled()
    expect(page.locator(f"#id_seat0_player option[value='{boris}']")).to_be_disabled()

    # A player, then at once his HQ: the HQ the redraw would reset is kept.
    with page.expect_response(lambda r: "/games/new/seats/" in r.url):
        page.select_option("#id_seat2_player", str(players["Chloe"].pk))
        page.wait_for_timeout(100)
        page.select_option("#id_seat2_hq", "peru")
    page.wait_for_timeout(600)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert wizard_value(page, "seat2_hq") == "peru"
    for i, (faction, hq) in enumerate(
        (("khan-industries", "egypt"), ("die-mechaniker", "japan"), ("enclave-of-the-bear", None))
    ):
        page.select_option(f"#id_seat{i}_faction", faction)
        page.wait_for_timeout(100)
        if hq:
            page.select_option(f"#id_seat{i}_hq", hq)
            page.wait_for_timeout(100)
    page.wait_for_timeout(900)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.get_by_role("button", name="Set up the game").tap()
    expect(page.locator(".seat-row")).to_have_count(3)
    game = Game.objects.get(campaign=prepared_campaign, number=1)
    assert [(s.player.name, s.faction, s.hq) for s in game.seats.order_by("order")] == [
        ("Ada", "khan-industries", "egypt"),
        ("Boris", "die-mechaniker", "japan"),
        ("Chloe", "enclave-of-the-bear", "peru"),
    ]
    assert page.errors == [], page.errors


def test_the_end_of_the_game_keeps_what_is_typed_while_a_result_redraws_it(phone, game, players):
    page = phone
    page.add_init_script(SLOW_REDRAWS)
    page.goto(f"/c/{game.campaign_id}/games/1/finish/")
    with page.expect_response(lambda r: "/finish/" in r.url and r.request.method == "POST"):
        page.get_by_role("group", name="Ada (Khan Industries)").get_by_label("Won").check()
        page.wait_for_timeout(100)
        page.fill("#id_slogan", "First blood")
    page.wait_for_timeout(300)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert page.locator("#id_slogan").input_value() == "First blood"
    assert page.get_by_role("group", name="Ada (Khan Industries)").get_by_label("Won").is_checked()
    assert page.errors == [], page.errors


def test_phones_on_the_wizard_and_the_campaign_page_follow_to_the_game_another_sets_up(
    phones, prepared_campaign, players, owner, screenshots
):
    from playwright.sync_api import expect

    wizard, home = phones(), phones()
    wizard.goto(f"/c/{prepared_campaign.pk}/games/new/")
    wizard.select_option("#id_seat0_player", str(players["Dmitri"].pk))  # being filled in
    home.goto(f"/c/{prepared_campaign.pk}/")
    wizard.wait_for_timeout(1_200)  # both pages have asked the table once at least

    saved_elsewhere(setup_game, campaign=prepared_campaign, seats=seats(players), by=owner)
    for page in (wizard, home):
        game_page = re.compile(rf"/c/{prepared_campaign.pk}/games/1/$")
        expect(page).to_have_url(game_page, timeout=WITHIN)
        expect(page.locator(".seat-row")).to_have_count(3)
        expect(page.locator(".seats-table")).to_contain_text("Chloe")
        assert page.errors == [], page.errors
    screenshots(wizard, "followed-to-the-game")
