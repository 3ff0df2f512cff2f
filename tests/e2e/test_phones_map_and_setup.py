"""A group at the table with phones (390x844, touch): the map zooms and opens a territory by a
tap, every tap target is at least 24 px, the tabs show where you are, and seating four players
in the setup wizard costs a small fragment per choice, not the page."""

from __future__ import annotations

import re

import pytest

from campaigns.models import Game
from tests.support.pages import client_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
FRAGMENT_BUDGET = 20 * 1024

# Everything a thumb may tap on a page: links and controls that are shown, with their size.
TAP_TARGETS = """(selector) => [...document.querySelectorAll(selector)]
    .filter(el => !el.closest('[hidden]') && el.getClientRects().length)
    .map(el => { const r = el.getBoundingClientRect();
                 return {what: (el.getAttribute('aria-label') || el.textContent || el.outerHTML)
                                 .trim().slice(0, 60),
                         w: r.width, h: r.height}; })"""


@pytest.fixture
def phone(browser, live_server, owner):
    """A touch phone whose owner is logged in; every page error and refused script is kept."""
    session = client_for(owner).cookies["sessionid"].value
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB", base_url=live_server.url
    )
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on(
        "console",
        lambda m: page.errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    yield page
    context.close()


# A form control's tap area: the control, or the label that answers for it when that is larger.
CONTROLS = """(selector) => [...document.querySelectorAll(selector)]
    .filter(el => el.type !== 'hidden' && !el.closest('[hidden]') && el.getClientRects().length)
    .map(el => { const label = el.closest('label')
                   || (el.id && document.querySelector(`label[for="${el.id}"]`));
                 const r = el.getBoundingClientRect();
                 const l = label ? label.getBoundingClientRect() : r;
                 return {what: (el.getAttribute('aria-label') || el.name || el.textContent)
                                 .trim().slice(0, 60),
                         w: Math.max(r.width, l.width), h: Math.max(r.height, l.height)}; })"""


def too_small(page, selector: str) -> list[dict]:
    targets = page.evaluate(TAP_TARGETS, selector)
    assert targets, f"nothing matches {selector}"
    return [t for t in targets if t["w"] < 24 or t["h"] < 24]


def map_width(page) -> float:
    return page.locator(".board-svg").bounding_box()["width"]


def test_on_a_phone_the_map_zooms_and_a_tapped_territory_shows_its_marks(
    phone, prepared_campaign, screenshots
):
    from playwright.sync_api import expect

    page = phone
    page.goto(f"/c/{prepared_campaign.pk}/")
    board = page.locator(".board-scroll")
    expect(page.locator("[data-board-tools]")).to_be_visible()

    # It opens zoomed in: the names are readable and every territory is a big enough target.
    opened = map_width(page)
    assert opened >= 1500, opened
    name_heights = page.eval_on_selector_all(
        ".board-svg #names text:not([aria-hidden])", "ts => ts.map(t => t.getBBox().height)"
    )
    scale = opened / 1000
    assert min(name_heights) * scale >= 9, min(name_heights) * scale
    assert too_small(page, ".board-svg a") == []
    assert too_small(page, "[data-board-tools] button, .legend summary") == []
    screenshots(page, "map-as-it-opens")

    # The + button, a pinch and a double tap each zoom in; "Whole map" shows it all.
    page.get_by_role("button", name="Zoom in").tap()
    assert map_width(page) == pytest.approx(opened * 1.5, rel=0.02)
    page.get_by_role("button", name="Zoom out").tap()
    assert map_width(page) == pytest.approx(opened, rel=0.02)

    box = board.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, spread: float):
        points = (
            [] if kind == "touchEnd" else [{"x": cx - spread, "y": cy}, {"x": cx + spread, "y": cy}]
        )
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 40)
    for spread in (50, 60, 70, 80):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    pinched = map_width(page)
    assert pinched == pytest.approx(opened * 2, rel=0.05), (opened, pinched)

    page.get_by_role("button", name="Whole map").tap()
    box = board.bounding_box()
    assert map_width(page) == pytest.approx(box["width"] - 2, abs=3)
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(cx, cy)
    page.touchscreen.tap(cx, cy)
    assert map_width(page) > board.bounding_box()["width"] * 1.8
    screenshots(page, "map-zoomed")

    # A tap on Iceland opens its marks (no page change); its history is one more tap away.
    page.get_by_role("button", name="Zoom in").tap()
    address = page.url
    page.locator("#t-iceland").tap()
    panel = page.locator("[data-territory-panel]")
    expect(panel).to_be_visible()
    expect(panel.locator("[data-panel-name]")).to_have_text("Iceland")
    expect(panel).to_contain_text("card: 2 coin(s)")
    assert page.url == address
    assert too_small(page, "[data-territory-panel] a, [data-territory-panel] button") == []
    screenshots(page, "iceland-tapped")
    panel.get_by_role("button", name="Close").tap()
    expect(panel).to_be_hidden()

    # ... and by the keyboard: Enter opens the panel and gives it the focus, Escape gives it back.
    page.locator(".board-svg a[data-name='Egypt']").focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    expect(panel.locator("[data-panel-name]")).to_have_text("Egypt")
    expect(panel).to_be_focused()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(page.locator(".board-svg a[data-name='Egypt']")).to_be_focused()

    # The key explains every mark the map draws.
    page.locator(".legend summary").tap()
    expect(page.locator(".legend-list li")).to_have_count(12)
    expect(page.locator(".legend-list")).to_contain_text("Coins on the territory card")
    screenshots(page, "map-key")

    # On a tablet or a laptop the map opens whole, or nearly, and still every territory is big
    # enough to tap or click.
    for width in (700, 1024, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.reload()
        assert map_width(page) <= max(width, 704 + 2), width
        assert too_small(page, ".board-svg a") == [], width
    assert page.errors == [], page.errors


def test_on_a_phone_the_tabs_show_the_current_section_and_that_there_are_more(
    phone, prepared_campaign, screenshots
):
    from playwright.sync_api import expect

    page = phone
    # Home, logged in: the group's own campaign is in the first screen, before any sales talk.
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your campaigns")
    mine = page.locator("main").get_by_role("link", name=prepared_campaign.name)
    expect(mine).to_be_in_viewport()
    assert too_small(page, ".cards a") == []
    expect(page.locator("main")).not_to_contain_text("The campaign keeper for Risk Legacy")
    mine.tap()
    tabs = page.locator("[data-tabs]").first
    # On the board, the first tab: more tabs wait to the right.
    expect(page).to_have_url(re.compile(rf"/c/{prepared_campaign.pk}/$"))
    nav = page.get_by_role("navigation", name="Campaign")
    assert nav.evaluate("n => n.scrollWidth > n.clientWidth")
    expect(tabs).to_have_class("tabs-wrap more-after")
    assert too_small(page, ".tabs a, .crumb a, header.site a, header.site button") == []
    # On the settings, the last tab: it is scrolled into view, and more wait to the left.
    page.goto(f"/c/{prepared_campaign.pk}/settings/")
    current = nav.locator("[aria-current='page']")
    expect(current).to_have_text("Settings")
    expect(current).to_be_in_viewport(ratio=0.99)
    box, bar = current.bounding_box(), nav.bounding_box()
    assert bar["x"] - 1 <= box["x"] and box["x"] + box["width"] <= bar["x"] + bar["width"] + 1
    assert bar["x"] + bar["width"] <= PHONE["width"] + 1, bar
    expect(tabs).to_have_class("tabs-wrap more-before")
    screenshots(page, "settings-tab")
    assert page.errors == [], page.errors


def test_seating_four_players_on_a_phone_fetches_a_small_fragment_per_choice(
    phone, prepared_campaign, players, screenshots
):
    from playwright.sync_api import expect

    page = phone
    page.goto(f"/c/{prepared_campaign.pk}/games/new/")
    assert too_small(page, "#seats select, .board-svg a") == []
    seats = (
        ("Ada", "khan-industries", "egypt"),
        ("Boris", "die-mechaniker", "japan"),
        ("Chloe", "enclave-of-the-bear", "peru"),
        ("Dmitri", "saharan-republic", "alaska"),
    )
    sizes, responses = [], []
    # Only the seats' own answers count: a stream or a kept page the browser opens
    # meanwhile is not part of a choice, and its body may be gone by the time it is read.
    page.on("response", lambda r: "/games/new/seats/" in r.url and responses.append(r))
    for i, (name, faction, hq) in enumerate(seats):
        for field, value in (
            ("player", str(players[name].pk)),
            ("faction", faction),
            ("hq", hq),
        ):
            responses.clear()
            with page.expect_response(lambda r: "/games/new/seats/" in r.url):
                page.select_option(f"#id_seat{i}_{field}", value)
            page.wait_for_function(
                "([s, v]) => document.querySelector(s).value === v",
                arg=[f"#id_seat{i}_{field}", value],
            )
            page.wait_for_timeout(50)  # htmx settles right after the swap
            # A redirect carries no body to count: its headers do.
            total = sum(
                (0 if 300 <= r.status < 400 else len(r.body()))
                + r.request.sizes()["responseHeadersSize"]
                for r in responses
            )
            sizes.append((f"seat {i + 1} {field}", total))
        # What this seat took is offered disabled to every other seat.
        other = (i + 1) % len(seats)
        expect(
            page.locator(f"#id_seat{other}_player option[value='{players[name].pk}']")
        ).to_be_disabled()
        expect(page.locator(f"#id_seat{other}_faction option[value='{faction}']")).to_be_disabled()
    over = [(what, size) for what, size in sizes if size > FRAGMENT_BUDGET]
    assert len(sizes) == 12 and over == [], sizes
    # The map outlines the HQs chosen and the legal starts still open, without being fetched.
    expect(page.locator(".board-svg .territory.chosen")).to_have_count(4)
    expect(page.locator(".board-svg .territory.legal[data-territory='egypt']")).to_have_count(0)
    expect(page.locator("#legal-title")).to_have_text("Where seat 5 may start")
    screenshots(page, "four-seated")

    page.get_by_role("button", name="Set up the game").tap()
    expect(page.get_by_role("heading", name="Game 1", exact=False).first).to_be_visible()
    game = Game.objects.get(campaign=prepared_campaign, number=1)
    assert [s.player.name for s in game.seats.order_by("order")] == [s[0] for s in seats]
    assert page.errors == [], page.errors


def test_every_control_of_the_pages_at_the_table_is_big_enough_for_a_thumb(
    phone, prepared_campaign
):
    from tests.support.games import play, start_next_game

    page = phone
    play(prepared_campaign, 1)
    start_next_game(prepared_campaign)
    small = {}
    for address in ("games/2/", "games/2/finish/", "", "territories/egypt/"):
        page.goto(f"/c/{prepared_campaign.pk}/{address}")
        # Every part of the quick log (and any other folded part) opened, to be measured too.
        page.evaluate("() => document.querySelectorAll('main details').forEach(d => d.open = true)")
        controls = page.evaluate(
            CONTROLS, "main button, main summary, main select, main input, main textarea"
        )
        assert controls, address
        found = [c for c in controls if c["w"] < 24 or c["h"] < 24]
        if found:
            small[address] = found
    assert small == {}, small
    assert page.errors == [], page.errors
