"""The installable app on the server as shipped: gunicorn with DEBUG off and the static files
collected by the shipped storage (hashed names). A phone logs in, its service worker installs
and keeps the game page, and the page opens again with the network gone."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from tests.support.phones import PHONE
from tests.support.servers import Gunicorn
from tests.support.workers import database_url

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The worker installs (its static files fetched) and takes charge, then keeps the page it was
# opened on. A bounded wait, not a measure of speed.
KEPT_WITHIN = 30.0
# The worker active. A page whose load was under way while it took charge may stay out of its
# charge (clients.claim() takes the pages there are, not one still loading); the worker keeps
# it all the same when it asks (offline.js), and the next load of it is in the worker's charge.
ACTIVE = "async () => Boolean((await navigator.serviceWorker.ready).active)"
IN_CHARGE = "() => navigator.serviceWorker.controller !== null"
IS_KEPT = "async () => Boolean(await caches.match(location.href))"


def until(page, check: str) -> None:
    deadline = time.monotonic() + KEPT_WITHIN
    while not page.evaluate(check):
        assert time.monotonic() < deadline, f"still not so after {KEPT_WITHIN}s: {check}"
        page.wait_for_timeout(100)


def test_on_the_shipped_server_the_worker_installs_and_keeps_the_game_page(
    browser, table, collected_static, tmp_path
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    # The tests hash passwords with a fast hasher the shipped settings do not read.
    owner.password = PBKDF2PasswordHasher().encode("pw-olga-123", "a-salt-of-the-test")
    owner.save(update_fields=["password"])
    env = {"DATABASE_URL": database_url(), "STATIC_ROOT": str(collected_static)}
    with Gunicorn(env, tmp_path / "web.log") as web:
        status, kind, _body = web.get("/sw.js")
        assert status == 200 and kind.startswith("application/javascript"), web.log()
        context = browser.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{web.port}")
        context.set_default_timeout(15_000)
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto("/accounts/login/")
            page.fill("input[name=username]", "olga")
            page.fill("input[name=password]", "pw-olga-123")
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url("**/")
            page.goto(f"/c/{campaign.pk}/games/{game.number}/")
            until(page, ACTIVE)
            until(page, IS_KEPT)
            page.reload()
            until(page, IN_CHARGE)
            assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL").endswith(
                "/sw.js"
            )
            context.set_offline(True)
            page.reload()
            expect(page.get_by_role("heading", name="Quick log")).to_be_visible()
            assert errors == [], errors
        finally:
            context.close()
