"""A group that has never seen Earthbook, in a real browser: it signs up, creates its campaign,
does 'before the first game', records game 1 with its rewards, sees the picture of its world,
browses the history and switches to Russian. Every step leaves a screenshot."""

from __future__ import annotations

import re

import pytest

from campaigns.models import Campaign, Game, GameStatus
from legacy.selectors import world_as_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "table-top-secret-42"


def choose(page, selector: str, value: str, *, waits_for: str):
    """Pick an option that redraws part of the page (htmx), and wait for the redraw."""
    with page.expect_response(lambda r: waits_for in r.url and r.request.method == "POST"):
        page.select_option(selector, value)
    page.wait_for_function(
        "([s, v]) => document.querySelector(s) && document.querySelector(s).value === v",
        arg=[selector, value],
    )


UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter(el => el.type !== 'hidden' && !el.closest('[hidden]'))
    .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                  && !(el.tagName === 'BUTTON' && el.textContent.trim()))
    .map(el => el.outerHTML.slice(0, 120))"""


def check(page, locator, *, waits_for: str):
    with page.expect_response(lambda r: waits_for in r.url and r.request.method == "POST"):
        locator.check()
    page.wait_for_timeout(50)  # htmx swaps right after the response


def test_a_new_group_records_its_first_game_and_browses_its_world(
    live_server, browser, screenshots, eager_snapshots
):
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-GB", base_url=live_server.url
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Every page keeps to its Content-Security-Policy: Chromium reports each refused script, style
    # or image as a console error.
    page.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )

    def step(name: str):
        """Every control on the page has a label; then the screenshot."""
        assert page.evaluate(UNLABELLED) == [], name
        screenshots(page, name)

    # The home page says what Earthbook is.
    page.goto("/")
    expect(page.get_by_role("heading", name="Earthbook", level=1)).to_be_visible()
    expect(page.locator("main")).to_contain_text("Risk Legacy")
    step("home")

    # Sign up.
    page.get_by_role("link", name="Sign up and start a campaign").click()
    page.fill("#id_username", "tabletop")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    step("sign-up")
    page.locator("main").get_by_role("button", name="Sign up").click()

    # Signing up answers the same whether the name was free: the new account then logs in.
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    step("log-in")
    page.fill("#id_username", "tabletop")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Log in").click()

    # Create the campaign.
    expect(page.get_by_role("heading", name="A new campaign")).to_be_visible()
    page.fill("#id_name", "Tuesday Earth")
    page.fill("#id_players", "Ada\nBoris\nChloe\nDmitri")
    step("new-campaign")
    page.get_by_role("button", name="Create the campaign").click()
    campaign = Campaign.objects.get(name="Tuesday Earth")

    # Before the first game: a power per faction, 12 coin stickers (at most 2 on a card).
    expect(page.get_by_role("heading", name="Before the first game", level=1)).to_be_visible()
    for faction, code in (
        ("die-mechaniker", "a"),
        ("enclave-of-the-bear", "b"),
        ("imperial-balkania", "a"),
        ("khan-industries", "b"),
        ("saharan-republic", "a"),
    ):
        page.check(f"input[name='power_{faction}'][value='{code}']")
    for territory in ("alaska", "brazil", "iceland", "china", "india", "madagascar"):
        page.fill(f"#id_coins_{territory}", "2")
    expect(page.locator("[data-coin-placed]")).to_have_text("12")
    step("before-the-first-game")
    page.get_by_role("button", name="Save: before the first game is done").click()
    expect(page.locator("#messages")).to_contain_text("Before the first game: done")
    step("before-the-first-game-done")

    # Set up game 1: only legal starts are offered, and they are outlined on the map.
    page.get_by_role("link", name="Set up the next game").click()
    expect(page.locator(".board-svg .territory.legal")).to_have_count(42)
    new_game = "/games/new/"
    choose(page, "#id_seat0_player", str(campaign.players.get(name="Ada").pk), waits_for=new_game)
    choose(page, "#id_seat0_faction", "khan-industries", waits_for=new_game)
    choose(page, "#id_seat0_hq", "egypt", waits_for=new_game)
    # Egypt's neighbours are no longer offered to the next seat.
    expect(page.locator("#id_seat1_hq option[value='middle-east']")).to_have_count(0)
    expect(page.locator("#id_seat1_hq option[value='japan']")).to_have_count(1)
    expect(page.locator(".board-svg .territory.legal")).to_have_count(
        42 - 1 - 4  # Egypt and its four neighbours
    )
    choose(page, "#id_seat1_player", str(campaign.players.get(name="Boris").pk), waits_for=new_game)
    choose(page, "#id_seat1_faction", "die-mechaniker", waits_for=new_game)
    choose(page, "#id_seat1_hq", "japan", waits_for=new_game)
    choose(page, "#id_seat2_player", str(campaign.players.get(name="Chloe").pk), waits_for=new_game)
    choose(page, "#id_seat2_faction", "enclave-of-the-bear", waits_for=new_game)
    choose(page, "#id_seat2_hq", "peru", waits_for=new_game)
    step("set-up-game-1")
    page.get_by_role("button", name="Set up the game").click()

    expect(page.get_by_role("heading", name=re.compile("Game 1"))).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#messages")).to_contain_text("Game 1 has begun")

    # The quick log: a missile nobody holds in game 1 is refused where it was entered; then a
    # red star bought and a scar from Ada's scar card, each without a reload.
    page.locator("summary", has_text="Missiles on one roll").click()
    page.fill("#id_missiles-count", "1")
    page.select_option("#id_missiles-player", label="Boris (Die Mechaniker)")
    page.locator("details[open]").get_by_role("button", name="Note it").click()
    expect(page.locator("details[open]")).to_contain_text("Boris holds 0 missile(s)")
    page.locator("details[open] summary").click()
    page.locator("summary", has_text="A red star bought with 4 cards").click()
    page.select_option("#id_redstar-player", label="Boris (Die Mechaniker)")
    page.locator("details[open]").get_by_role("button", name="Note it").click()
    expect(page.locator(".events")).to_contain_text("Boris buys a red star with 4 cards")
    expect(page.locator(".seats-table")).to_contain_text("3 red stars, 1 HQ, a scar card")
    page.locator("summary", has_text="A scar is placed").click()
    page.select_option("#id_scar-scar", "bunker")
    page.select_option("#id_scar-territory", "greenland")
    page.select_option("#id_scar-player", label="Ada (Khan Industries)")
    page.locator("details[open]").get_by_role("button", name="Note it").click()
    expect(page.locator(".events")).to_contain_text("Bunker on Greenland")
    step("game-1-quick-log")

    # A mis-tap: the entry just noted is undone with a reason, and stays in the log struck out.
    page.locator("#log-status").get_by_role("link", name="undo with a reason").click()
    page.get_by_role("button", name="Take it back").click()
    expect(page.locator(".events li.voided")).to_contain_text("Bunker on Greenland")
    page.locator("summary", has_text="A scar is placed").click()
    page.select_option("#id_scar-scar", "bunker")
    page.select_option("#id_scar-territory", "greenland")
    page.select_option("#id_scar-player", label="Ada (Khan Industries)")
    page.locator("details[open]").get_by_role("button", name="Note it").click()
    expect(page.locator(".events li:not(.voided)", has_text="Bunker on Greenland")).to_have_count(1)

    # On a phone the quick log is in the first screen; each seat's holdings sit in its row.
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    for thing in (
        page.get_by_role("heading", name="Quick log"),
        page.locator("summary", has_text="A scar is placed"),
    ):
        expect(thing).to_be_visible()
        box = thing.bounding_box()
        assert box and box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390, box
    # The undo of the last entry and the end of the game wait in the bar at the bottom.
    game_bar = page.get_by_role("navigation", name="The game")
    expect(game_bar.get_by_role("link", name=re.compile(r"^Undo ?: Bunker"))).to_be_in_viewport()
    expect(game_bar.get_by_role("link", name="The end of the game")).to_be_in_viewport()
    for holdings in (page.locator(".holdings-inline").first, page.locator(".holdings-inline").last):
        expect(holdings).to_be_visible()
        box = holdings.bounding_box()
        assert box and box["x"] + box["width"] <= 390, box
    step("game-1-on-a-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    # The end of the game: results, a refusal in the players' words, then the rewards.
    page.get_by_role("link", name="The end of the game").click()
    finish = "/finish/"
    check(
        page,
        page.get_by_role("group", name="Ada (Khan Industries)").get_by_label("Won"),
        waits_for=finish,
    )
    check(
        page,
        page.get_by_role("group", name="Boris (Die Mechaniker)").get_by_label("Held on"),
        waits_for=finish,
    )
    check(
        page,
        page.get_by_role("group", name="Chloe (Enclave of the Bear)").get_by_label("Eliminated"),
        waits_for=finish,
    )
    # Only Boris held on, so only he is offered a held-on reward.
    expect(page.locator(".held-row")).to_have_count(1)
    page.fill("#id_slogan", "First blood")
    page.get_by_role("button", name="Record the end of the game").click()
    expect(page.locator(".refusal")).to_contain_text("Ada won and chooses one reward.")
    assert Game.objects.get(campaign=campaign, number=1).status == GameStatus.IN_PROGRESS
    step("game-1-refused")

    page.get_by_label("Found a major city").check()
    page.select_option("#id_w_major-city_target", "egypt")
    page.fill("#id_w_major-city_name", "Cairo")
    boris = page.locator(".held-row", has_text="Boris")
    boris.get_by_label("Boris's reward for holding on").select_option("upgrade-card")
    boris.locator(".for-upgrade-card select").select_option("japan")
    step("game-1-end")
    page.get_by_role("button", name="Record the end of the game").click()

    # The game is in the book; Chloe's elimination tells the table to open Pack 2 now.
    expect(page.locator("#messages")).to_contain_text("Game 1 is in the book.")
    expect(page.locator(".alert")).to_contain_text("Pack 2")
    # The board shows once, as the map; its drawn picture is a link.
    expect(page.locator("#snapshot a[data-snapshot=ready]")).to_be_visible()
    expect(page.locator("main svg.board-svg")).to_have_count(1)
    picture = page.request.get(page.locator("#snapshot a").get_attribute("href"))
    assert picture.ok and picture.headers["content-type"] == "image/png"
    step("game-1-finished-with-its-picture")
    world = world_as_of(campaign.pk, 1)
    assert world.territories["egypt"].city.name == "Cairo"
    assert world.territories["japan"].coins == 2
    assert world.signatures[0].slogan == "First blood"

    # The board: hovering a territory shows its marks.
    page.get_by_role("link", name="Board", exact=True).click()
    page.locator(".board-svg [data-territory='egypt']").hover()
    expect(page.locator("[data-territory-panel]")).to_contain_text("Cairo")
    # ... and so does the keyboard: every territory is a link reached with Tab.
    page.locator(".board-svg a").first.focus()
    page.keyboard.press("Tab")
    expect(page.locator("[data-territory-panel] [data-panel-name]")).to_have_text(
        "Northwest Territory"
    )
    step("dashboard")

    # The history: game 1 with its picture and what changed; a territory's page.
    page.get_by_role("link", name="History", exact=True).click()
    expect(page.locator("#game-1")).to_contain_text("Major city Cairo founded")
    page.locator("#game-1 img").scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const i = document.querySelector('#game-1 img');"
        " return i && i.complete && i.naturalWidth > 0; }"
    )
    step("history")
    page.locator("#game-1 .marks").get_by_role("link", name="Egypt").click()
    expect(page.get_by_role("heading", name=re.compile("Egypt"))).to_be_visible()
    expect(page.locator(".marks")).to_contain_text("Major city Cairo founded")
    step("territory-egypt")

    # A name misspelt at the table is fixed from its mark, with a reason.
    page.locator(".marks li", has_text="Cairo").get_by_role("link", name="fix").click()
    page.fill("#id_fix-name", "Al-Qahira")
    page.fill("#id_fix-reason", "Misspelt at the table")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#messages")).to_contain_text("Corrected.")
    expect(page.locator(".corrections")).to_contain_text("Misspelt at the table")
    step("mark-fixed")
    assert world_as_of(campaign.pk, 1).territories["egypt"].city.name == "Al-Qahira"

    # The end of game 1 is amended: the slogan was another, and the form holds the rest.
    page.goto(f"{live_server.url}/c/{campaign.pk}/games/1/")
    page.get_by_role("link", name="Amend the end of this game").click()
    expect(page.locator("#id_w_major-city_name")).to_have_value("Al-Qahira")
    page.fill("#id_slogan", "Second thoughts")
    page.fill("#id_reason", "The slogan was misheard")
    step("game-1-amend")
    page.get_by_role("button", name="Record the amendment").click()
    expect(page.locator("#messages")).to_contain_text("Game 1 is in the book, as amended.")
    assert world_as_of(campaign.pk, 1).signatures[0].slogan == "Second thoughts"
    assert world_as_of(campaign.pk, 1).territories["egypt"].city.name == "Al-Qahira"

    # A calculator answers without a reload.
    page.get_by_role("link", name="Calculators").click()
    page.fill("#id_attackers", "10")
    page.fill("#id_defenders", "3")
    page.get_by_role("button", name="Work out the odds").click()
    expect(page.locator("#odds-result")).to_contain_text("chance to conquer")
    step("battle-odds")

    # On a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("link", name="Standings").click()
    expect(page.locator(".bars").first).to_contain_text("Ada")
    # The bars take their length from the stylesheet, not from a style attribute.
    lengths = page.eval_on_selector_all(
        ".bars .bar", "bars => bars.map(b => getComputedStyle(b).getPropertyValue('--pct'))"
    )
    assert lengths and all(length.endswith("%") for length in lengths), lengths
    step("standings-on-a-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    # Switch to Russian.
    page.get_by_role("link", name="History", exact=True).click()
    page.select_option("#language-select", "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("heading", level=1)).to_have_text("История вашей Земли")
    step("history-in-russian")
    page.get_by_role("link", name="Доска", exact=True).click()
    expect(page.locator(".alert")).to_contain_text("Откройте сейчас")
    step("dashboard-in-russian")

    # The API's Swagger UI (drf-spectacular's page, its controls its own), under the same policy,
    # draws the operations.
    page.goto("/api/v1/docs/")
    # The docs page draws the whole schema in the browser: a bounded wait, not a measure of speed
    # (a busy machine took longer than expect's five seconds).
    expect(page.locator(".opblock").first).to_be_visible(timeout=30_000)
    screenshots(page, "api-docs")

    assert errors == [], errors
    context.close()
