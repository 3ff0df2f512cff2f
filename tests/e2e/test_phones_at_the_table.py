"""Phones around the board, in a real browser at 390x844: an entry is confirmed where the eye is
(with its undo and the packet it makes due), taken back with one tap, and shows on the other
phones without a reload; every page a group uses at the table passes axe-core's checks."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.game.finish import finish_game
from campaigns.game.table import place_scar
from campaigns.models import GameEvent
from campaigns.vocabulary import VoidReason
from legacy.box import FACTIONS
from tests.support.games import TWELVE_COINS, play
from tests.support.phones import PHONE, in_view, saved_elsewhere

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BORIS = "Boris (Die Mechaniker)"
# Once a change is saved, the other open pages show it within this many milliseconds: a bounded
# wait for it, not a measure of speed.
WITHIN = 5_000


def log_three_missiles(page):
    page.locator("summary", has_text="Missiles on one roll").click()
    page.fill("#id_missiles-count", "3")
    page.select_option("#id_missiles-player", label=BORIS)
    page.locator("details[open]").get_by_role("button", name="Note it").click()


def test_an_entry_is_confirmed_in_view_with_the_packet_it_makes_due_and_undone(
    table, phone, screenshots
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    page = phone(owner)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"/c/{campaign.pk}/games/1/")
    # The quick log is the first thing under the game's header.
    in_view(page.get_by_role("heading", name="Quick log"))
    in_view(page.locator("summary", has_text="Missiles on one roll"))
    page.evaluate(
        "() => { window.stillThisPage = true;"
        " document.getElementById('log-status').dataset.sameRegion = 'yes'; }"
    )

    log_three_missiles(page)
    status = page.get_by_role("status").filter(has_text="Noted")
    expect(status).to_contain_text("Noted: 3 missile(s) on one roll — Boris")
    expect(status).to_contain_text("Pocket 1")  # the third missile on one roll: open it now
    in_view(status)
    in_view(status.get_by_role("button", name="Undo"))
    assert page.evaluate("() => window.stillThisPage === true")  # posted in place
    # The live region stayed in place (so it is read out), and the keyboard stays in the log.
    expect(page.locator("#log-status")).to_have_attribute("data-same-region", "yes")
    assert page.evaluate("() => document.activeElement.matches('#log summary')")
    expect(page.locator(".events")).to_contain_text("3 missile(s) on one roll — Boris")
    expect(page.locator(".seats-table")).to_contain_text("Boris")
    screenshots(page, "noted-in-view")

    status.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("status").filter(has_text="taken back")).to_contain_text(
        "Entry 1 is taken back."
    )
    expect(page.locator(".events li.voided")).to_contain_text("3 missile(s) on one roll")
    in_view(page.locator("#log-status"))
    screenshots(page, "undone")
    entry = GameEvent.objects.get(game=game, seq=1)
    assert entry.voided and entry.void_reason == VoidReason.ENTERED_BY_MISTAKE
    assert page.evaluate("() => window.stillThisPage === true")
    assert errors == [], errors


def test_without_scripts_the_entry_lands_back_on_the_quick_log_with_its_confirmation(table, phone):
    from playwright.sync_api import expect

    owner, campaign, _game = table
    page = phone(owner, javascript=False)
    page.goto(f"/c/{campaign.pk}/games/1/")
    log_three_missiles(page)
    page.wait_for_url("**/games/1/#log")
    status = page.locator("#log-status")
    expect(status).to_contain_text("Noted: 3 missile(s) on one roll — Boris")
    in_view(status)


def test_an_entry_on_one_phone_shows_on_another_without_a_reload(table, phone, screenshots):
    from playwright.sync_api import expect

    owner, campaign, game = table
    ada, boris, chloe = phone(owner), phone(owner), phone(owner)
    for page in (ada, boris):
        page.goto(f"/c/{campaign.pk}/games/1/")
    chloe.goto(f"/c/{campaign.pk}/history/")  # another page of the campaign
    boris.evaluate("() => { window.stillThisPage = true; }")
    expect(boris.locator("[data-live=events]")).not_to_contain_text("missile")

    log_three_missiles(ada)
    expect(ada.locator("#log-status")).to_contain_text("Noted: 3 missile(s)")
    # The other phone follows within WITHIN: a bounded wait, not a measure of speed.
    expect(boris.locator("[data-live=events]")).to_contain_text(
        "3 missile(s) on one roll — Boris", timeout=WITHIN
    )
    expect(boris.locator("[data-live=due]")).to_contain_text("Pocket 1", timeout=WITHIN)
    expect(boris.locator(".seats-table")).to_contain_text("Boris")
    expect(chloe.locator("#game-1")).to_contain_text("3 missile(s) on one roll", timeout=WITHIN)
    screenshots(boris, "the-other-phone")

    # A correction too: the entry taken back on one phone is struck out on the other.
    ada.locator("#log-status").get_by_role("button", name="Undo").click()
    expect(ada.locator("#log-status")).to_contain_text("Entry 1 is taken back.")  # saved
    expect(boris.locator(".events li.voided")).to_contain_text(
        "3 missile(s) on one roll", timeout=WITHIN
    )
    assert boris.evaluate("() => window.stillThisPage === true")  # never reloaded

    # The end of the game, saved elsewhere, turns the page into the finished game's.
    players = {p.name: p.pk for p in campaign.players.all()}
    saved_elsewhere(
        finish_game,
        game=game,
        results={players["Ada"]: "won", players["Boris"]: "held_on", players["Chloe"]: "held_on"},
        controlled={players["Boris"]: ["japan"], players["Chloe"]: ["peru"]},
        winner_reward={"kind": "major-city", "territory": "egypt", "name": "Cairo"},
        held_on_rewards={
            players["Boris"]: {"kind": "upgrade-card", "territory": "japan"},
            players["Chloe"]: {"kind": "upgrade-card", "territory": "peru"},
        },
    )
    expect(boris.locator("h1 .tag")).to_have_text("finished", timeout=WITHIN)
    expect(boris.locator("#log")).to_have_count(0)
    expect(boris.locator("[data-live=end]")).to_contain_text("Cairo")
    assert boris.evaluate("() => window.stillThisPage === true")


def players(campaign) -> dict[str, int]:
    return {p.name: p.pk for p in campaign.players.all()}


def test_what_the_other_phone_is_typing_is_kept_while_the_table_moves_on(table, phone):
    from playwright.sync_api import expect

    owner, campaign, game = table
    ada, boris = phone(owner), phone(owner)
    errors = []
    boris.on("pageerror", lambda e: errors.append(str(e)))
    for page in (ada, boris):
        page.goto(f"/c/{campaign.pk}/games/1/")
    boris.locator("summary", has_text="A big recruitment").click()
    boris.fill("#id_recruitment-troops", "31")

    expect(boris.locator("#id_scar-territory option[value=greenland]")).to_have_count(1)
    log_three_missiles(ada)
    expect(ada.locator("#log-status")).to_contain_text("Noted: 3 missile(s)")
    saved_elsewhere(
        place_scar, game=game, scar="bunker", territory="greenland", player=players(campaign)["Ada"]
    )
    expect(boris.locator("[data-live=events]")).to_contain_text(
        "Bunker on Greenland", timeout=WITHIN
    )
    expect(boris.locator("[data-live=events]")).to_contain_text("3 missile(s)")
    # The form being filled in is kept as it is; the others learn what changed.
    expect(boris.locator("#id_recruitment-troops")).to_have_value("31")
    expect(boris.locator("details", has_text="A big recruitment")).to_have_attribute("open", "")
    expect(boris.locator("#id_scar-territory option[value=greenland]")).to_have_count(0)
    assert errors == [], errors


def test_the_pages_used_at_the_table_pass_axe_on_a_phone(
    django_user_model, phone, serious_violations, screenshots
):
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    play(campaign, 1, then_start=True)
    page = phone(owner)
    problems = {}
    for name, address in (
        ("dashboard", ""),
        ("game", "games/2/"),
        ("finished-game", "games/1/"),
        ("finish", "games/2/finish/"),
        ("history", "history/"),
        ("territory", "territories/egypt/"),
        ("timeline", "timeline/"),
        ("statistics", "statistics/"),
        ("chronicle", "chronicle/"),
    ):
        page.goto(f"/c/{campaign.pk}/{address}")
        page.wait_for_load_state("load")
        found = serious_violations(page)
        if found:
            problems[name] = found
        screenshots(page, name)
    # The game page again, with an entry's confirmation and its undo beside the quick log.
    page.goto(f"/c/{campaign.pk}/games/2/")
    page.locator("summary", has_text="A big recruitment").click()
    page.select_option("#id_recruitment-player", label="Ada (Khan Industries)")
    page.fill("#id_recruitment-troops", "31")
    page.locator("details[open]").get_by_role("button", name="Note it").click()
    page.locator("#log-status").get_by_role("button", name="Undo").wait_for()
    found = serious_violations(page)
    if found:
        problems["game-with-a-confirmation"] = found
    assert problems == {}, problems
    # The check sees what it is there for: a picture without a text is a critical violation.
    page.evaluate(
        "() => document.querySelector('main').append(Object.assign("
        "document.createElement('img'), {src: '/static/img/earthbook.svg'}))"
    )
    assert any(line.startswith("image-alt (critical)") for line in serious_violations(page))


def test_the_timeline_steps_and_plays_game_by_game_across_a_phone(
    django_user_model, phone, screenshots
):
    from playwright.sync_api import expect

    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    play(campaign, 2)
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/timeline/")
    number = page.locator("[data-player-number]")
    expect(number).to_have_text("Game 2")  # the world as it is now
    frames = page.locator("[data-frame]")
    expect(frames.nth(1)).to_be_visible()
    expect(frames.nth(0)).to_be_hidden()
    box = page.locator("[data-player] img").nth(1).bounding_box()
    assert box and box["width"] >= PHONE["width"] - 4, box  # the width of the phone

    page.get_by_role("button", name="Previous game").click()
    expect(number).to_have_text("Game 1")
    expect(frames.nth(0)).to_be_visible()
    expect(frames.nth(1)).to_be_hidden()
    page.get_by_role("button", name="Next game").click()
    expect(number).to_have_text("Game 2")
    page.get_by_label("Game", exact=True).fill("1")
    expect(number).to_have_text("Game 1")
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    expect(number).to_have_text("Game 2", timeout=5_000)  # it moves on by itself
    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    screenshots(page, "timeline-player")


def test_a_page_whose_live_channel_fails_asks_for_a_reload(table, phone):
    from playwright.sync_api import expect

    owner, campaign, _game = table
    page = phone(owner)
    page.route("**/live/", lambda route: route.fulfill(status=503, body="down"))
    page.goto(f"/c/{campaign.pk}/games/1/")
    notice = page.get_by_role("status").filter(has_text="no longer follows the table")
    expect(notice).to_be_visible(timeout=10_000)
    expect(notice.get_by_role("link", name="Reload it to see the latest.")).to_be_visible()
    in_view(notice)
    # Once the channel answers again, the notice goes.
    page.unroute("**/live/")
    expect(notice).to_be_hidden(timeout=10_000)


def test_the_end_of_the_game_being_filled_in_is_kept_and_told_of_news(table, phone):
    from playwright.sync_api import expect

    owner, campaign, game = table
    boris = phone(owner)
    boris.goto(f"/c/{campaign.pk}/games/1/finish/")
    boris.fill("#id_slogan", "Not yet")

    # A scar saved elsewhere changes the rewards on offer (one may cancel it now).
    saved_elsewhere(
        place_scar, game=game, scar="bunker", territory="greenland", player=players(campaign)["Ada"]
    )
    notice = boris.get_by_role("status").filter(has_text="Something new was saved at the table")
    expect(notice).to_be_visible(timeout=WITHIN)
    expect(boris.locator("#id_slogan")).to_have_value("Not yet")


def first_load(page, address: str) -> tuple[int, list[str]]:
    """(the bytes a fresh page at ``address`` fetches until the network is quiet, headers
    included; the board pictures among them)."""
    responses = []
    page.on("response", lambda r: responses.append(r))
    page.goto(address)
    page.wait_for_load_state("networkidle")
    total = sum(
        # (No body: a redirect, or the live stream's 204 from a server that holds no streams.)
        (0 if r.status == 204 or 300 <= r.status < 400 else len(r.body()))
        + r.request.sizes()["responseHeadersSize"]
        for r in responses
    )
    return total, sorted(r.url.rsplit("/", 1)[-1] for r in responses if "/board/" in r.url)


def test_the_history_on_a_phone_fetches_the_pictures_in_view_and_grows_little_per_game(
    django_user_model, phone
):
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    loads = {}
    for games in (2, 4):
        play(campaign, games - campaign.games.count())
        loads[games] = first_load(phone(owner), f"/c/{campaign.pk}/history/")
    (before, pictures_before), (after, pictures_after) = loads[2], loads[4]
    # The newest games' pictures, near the screen, are fetched; the older ones wait for a scroll.
    assert "4.svg" in pictures_after and "1.svg" not in pictures_after, pictures_after
    assert len(pictures_before) == len(pictures_after), (pictures_before, pictures_after)
    assert 0 < (after - before) / 2 <= 20 * 1024, (before, after)


def test_the_game_page_says_a_packet_due_once_and_its_links_are_24px_tall(table, phone):
    from playwright.sync_api import expect

    owner, campaign, game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/1/")
    log_three_missiles(page)
    expect(page.get_by_role("status").filter(has_text="Noted")).to_contain_text("Pocket 1")
    expect(page.get_by_text("Open now:")).to_have_count(1)
    page.reload()
    expect(page.get_by_text("Open now:")).to_have_count(1)
    heights = page.evaluate(
        "() => Array.from(document.querySelectorAll('#game-live a')).filter(a =>"
        " !a.closest('svg') && a.offsetParent !== null).map(a =>"
        " [a.textContent.trim(), a.getBoundingClientRect().height])"
    )
    short = [(text, h) for text, h in heights if h < 24]
    assert short == [], short


def test_the_standings_pass_axe_on_a_phone(django_user_model, phone, serious_violations):
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    play(campaign, 1)
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/standings/")
    page.wait_for_load_state("load")
    assert serious_violations(page) == []
