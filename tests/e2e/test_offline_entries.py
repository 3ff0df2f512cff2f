"""Phones at the table without a network, in a real browser at 390x844: entries made offline are
kept on the phone as "waiting to be sent", sent in order once the network returns and recorded
once each; an entry the server refuses on its way back stays in the list with the refusal."""

from __future__ import annotations

import pytest

from campaigns.models import EventKind, GameEvent
from tests.support.phones import events_of, kept_on_the_phone, note, until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ADA = "Ada (Khan Industries)"
BORIS = "Boris (Die Mechaniker)"
CHLOE = "Chloe (Enclave of the Bear)"
# The network is back: the waiting entries are sent within this many milliseconds (the online
# event, else the retry every five seconds). A bounded wait, not a measure of speed.
SENT_WITHIN = 12_000


def test_two_entries_made_offline_are_sent_in_order_once_each_when_the_network_returns(
    table, phone, screenshots, serious_violations
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    ada, boris = phone(owner), phone(owner)
    errors = []
    ada.on("pageerror", lambda e: errors.append(str(e)))
    for page in (ada, boris):
        page.goto(f"/c/{campaign.pk}/games/1/")
    # The service worker keeps the page on the phone before the network goes.
    kept_on_the_phone(ada)

    note(boris, "A big recruitment", player=CHLOE, troops="31")
    expect(ada.locator("[data-live=events]")).to_contain_text("31", timeout=5_000)

    ada.context.set_offline(True)
    note(ada, "Missiles on one roll", count="2", player=BORIS)
    note(ada, "A red star bought", player=ADA)
    waiting = ada.get_by_role("region", name="Waiting to be sent")
    expect(waiting.locator("li")).to_have_count(2)
    expect(waiting.locator("li").nth(0)).to_contain_text("Missiles on one roll")
    expect(waiting.locator("li").nth(0)).to_contain_text("Boris")
    expect(waiting.locator("li").nth(1)).to_contain_text("A red star bought")
    screenshots(ada, "waiting-to-be-sent")
    assert serious_violations(ada) == []
    # Still offline, the page opens again from the phone's copy, with the entries waiting.
    ada.reload()
    expect(ada.get_by_role("heading", name="Quick log")).to_be_visible()
    expect(waiting.locator("li")).to_have_count(2)
    # ... and its stylesheet, from the phone too.
    style = "() => getComputedStyle(document.getElementById('offline-queue')).borderTopStyle"
    assert ada.evaluate(style) == "dashed"
    # Meanwhile the other phone, still online, goes on with the game.
    note(boris, "A big recruitment", player=ADA, troops="32")
    expect(boris.locator("[data-live=events]")).to_contain_text("32")
    assert GameEvent.objects.filter(game=game).count() == 2

    ada.context.set_offline(False)
    expect(waiting).to_be_hidden(timeout=SENT_WITHIN)
    kinds = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("kind", flat=True))
    assert kinds == [
        EventKind.RECRUITMENT,
        EventKind.RECRUITMENT,
        EventKind.MISSILES,
        EventKind.RED_STAR_BOUGHT,
    ]
    for page in (ada, boris):
        expect(page.locator("[data-live=events] .events li")).to_have_count(4, timeout=5_000)
    assert events_of(ada) == events_of(boris)
    # The log is in the order the entries were made: Ada's two before Boris's second.
    assert "Boris" in events_of(ada)[1] and "2 missile" in events_of(ada)[1]
    assert "32" in events_of(ada)[3]
    screenshots(ada, "all-sent")
    assert errors == [], errors


def test_entries_are_logged_in_the_order_made_whenever_they_arrive(table, phone):
    from playwright.sync_api import expect

    owner, campaign, game = table
    ada, boris = phone(owner), phone(owner)
    for page in (ada, boris):
        page.goto(f"/c/{campaign.pk}/games/1/")
    kept_on_the_phone(ada)

    ada.context.set_offline(True)
    note(ada, "Missiles on one roll", count="2", player=BORIS)  # A1
    waiting = ada.get_by_role("region", name="Waiting to be sent")
    expect(waiting.locator("li")).to_have_count(1)
    note(boris, "A big recruitment", player=CHLOE, troops="31")  # B1, made in between
    expect(boris.locator("[data-live=events] .events li")).to_have_count(1)
    note(ada, "A red star bought", player=ADA)  # A2
    expect(waiting.locator("li")).to_have_count(2)

    ada.context.set_offline(False)
    expect(waiting).to_be_hidden(timeout=SENT_WITHIN)
    arrived = list(
        GameEvent.objects.filter(game=game).order_by("seq").values_list("kind", flat=True)
    )
    assert arrived == [EventKind.RECRUITMENT, EventKind.MISSILES, EventKind.RED_STAR_BOUGHT]
    for page in (ada, boris):
        expect(page.locator("[data-live=events] .events li")).to_have_count(3, timeout=5_000)
        logged = events_of(page)
        assert "2 missile" in logged[0], logged  # A1
        assert "31" in logged[1], logged  # B1
        assert "red star" in logged[2], logged  # A2


def test_an_entry_refused_on_its_way_back_stays_in_the_list_with_the_refusal(
    table, phone, screenshots, serious_violations
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    ada, boris = phone(owner), phone(owner)
    for page in (ada, boris):
        page.goto(f"/c/{campaign.pk}/games/1/")
    ada.evaluate("() => navigator.serviceWorker.ready")

    # Boris is wiped out on the other phone: from now on his missile can no longer be played.
    # (An entry made before that would take its place before it: checked where it was made.)
    note(boris, "A faction is wiped out", player=BORIS)
    expect(boris.locator("#log-status")).to_contain_text("Noted")
    expect(ada.locator("[data-live=events] .events li")).to_have_count(1)

    # Ada has not looked up: the network fails under her entry as it is sent (no "offline"
    # from the phone): kept too.
    ada.route("**/log/**", lambda route: route.abort("internetdisconnected"))
    note(ada, "Missiles on one roll", count="1", player=BORIS)
    waiting = ada.get_by_role("region", name="Waiting to be sent")
    expect(waiting.locator("li")).to_have_count(1)
    expect(waiting).to_contain_text("Missiles on one roll")

    # Back on the network, the first try meets "still being worked on" (409): tried again later.
    conflicts = []

    def once_in_flight(route):
        if conflicts:
            route.continue_()
        else:
            conflicts.append(route.request.headers.get("idempotency-key"))
            route.fulfill(status=409, content_type="text/plain", body="Still being worked on.")

    ada.unroute("**/log/**")
    ada.route("**/log/**", once_in_flight)
    expect(waiting).to_contain_text("will be sent again shortly", timeout=SENT_WITHIN)
    assert waiting.locator("[data-offline-refusal]").count() == 0
    refusal = waiting.locator("[data-offline-refusal]")
    expect(refusal).to_contain_text("Refused by the server:", timeout=SENT_WITHIN)
    expect(refusal).to_contain_text("Boris was eliminated from this game")
    assert conflicts and conflicts[0]  # the entry's key, made on the phone
    expect(waiting.locator("li")).to_have_count(1)
    assert not GameEvent.objects.filter(game=game, kind=EventKind.MISSILES).exists()
    screenshots(ada, "refused")
    assert serious_violations(ada) == []
    discard = waiting.get_by_role("button", name="Discard")
    box = discard.bounding_box()
    assert box["height"] >= 24 and box["width"] >= 24

    # Nothing goes unseen: it is still there after a reload (here in Russian), until the reader
    # discards it.
    ada.context.add_cookies([{"name": "django_language", "value": "ru", "url": ada.url}])
    ada.reload()
    waiting = ada.get_by_role("region", name="Ждут отправки")
    expect(waiting.locator("[data-offline-refusal]")).to_contain_text("Сервер отказал:")
    assert serious_violations(ada) == []
    waiting.get_by_role("button", name="Отбросить").click()
    expect(waiting).to_be_hidden()
    assert GameEvent.objects.filter(game=game).count() == 1


KEPT_PAGES = (
    "async () => { const urls = [];"
    " for (const name of await caches.keys()) {"
    "  if (!name.startsWith('earthbook-pages-')) continue;"
    "  for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);"
    " } return urls; }"
)


def test_the_phone_keeps_the_accounts_pages_never_the_api_and_forgets_them_on_logout(table, phone):
    owner, campaign, _game = table
    page = phone(owner)
    page.goto(f"/c/{campaign.pk}/games/1/")  # before the worker: kept once it takes charge
    kept_on_the_phone(page)
    page.goto(f"/c/{campaign.pk}/history/")  # now through the worker: kept as it is read
    kept_on_the_phone(page)
    page.goto(f"/c/{campaign.pk}/games/1/")  # the game page again, through the worker
    kept_on_the_phone(page)
    # A page that is no page (not found here) keeps nothing and forgets nothing.
    page.goto(f"/c/{campaign.pk}/games/99/")
    page.goto(f"/c/{campaign.pk}/history/")
    kept_on_the_phone(page)
    assert f"/c/{campaign.pk}/games/1/" in page.evaluate(KEPT_PAGES)
    # The API answers with the account's data, read from the page or opened as a page: not kept.
    page.evaluate(f"() => fetch('/api/v1/campaigns/{campaign.pk}/').then(r => r.text())")
    page.goto(f"/api/v1/campaigns/{campaign.pk}/")
    page.goto(f"/c/{campaign.pk}/")
    kept_on_the_phone(page)
    kept = page.evaluate(KEPT_PAGES)
    assert f"/c/{campaign.pk}/games/1/" in kept and f"/c/{campaign.pk}/history/" in kept
    assert not [url for url in kept if url.startswith("/api/")]

    page.get_by_role("button", name="Log out").click()
    until(page, f"async () => ({KEPT_PAGES})().then(urls => urls.length === 0)")


def test_a_page_opened_before_the_worker_is_kept_when_it_takes_charge_even_unasked(table, phone):
    owner, campaign, _game = table
    page = phone(owner)
    # The page's own request to be kept never reaches the worker (the phone left it too soon).
    page.add_init_script(
        "const post = ServiceWorker.prototype.postMessage;"
        "ServiceWorker.prototype.postMessage = function (data) {"
        " if (data && data.keep) return; return post.apply(this, arguments); };"
    )
    page.goto(f"/c/{campaign.pk}/games/1/")
    kept_on_the_phone(page)
    assert page.evaluate(KEPT_PAGES) == [f"/c/{campaign.pk}/games/1/"]
