"""The browser tests: Debian's Chromium driven by Playwright against a live server.

Outside CI, a machine without ``/usr/bin/chromium`` (or without the playwright package) skips
them with the reason; in CI (``CI=true``) they are required, so a missing browser fails loudly.
Screenshots of every step go to ``var/screenshots/e2e/`` (git-ignored).

The accessibility checks inject axe-core from ``node_modules/`` (``npm ci``, run by ``make test``
from package.json and package-lock.json); without it they skip, except in CI, where they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from campaigns import services
from legacy.box import FACTIONS
from tests.support.games import TWELVE_COINS, give, start_next_game
from tests.support.phones import PHONE

# Playwright's sync API keeps an event loop in this thread; the ORM calls the test makes around
# it (fixtures, assertions) are plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("EARTHBOOK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "var" / "screenshots" / "e2e"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI runs the browser tests: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def screenshots(request):
    """``shot(page, name)`` saves a numbered full-page screenshot of the step."""
    folder = SCREENSHOTS / request.node.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    count = iter(range(1, 100))

    def shot(page, name: str) -> Path:
        path = folder / f"{next(count):02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shot


@pytest.fixture
def eager_snapshots():
    """Draw the snapshots in-process, as the embedded default does, even when a broker is
    configured: the test watches the picture appear without running a worker of its own."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.is_file():
        _unavailable(f"axe-core is not installed at {AXE} (make browser-checks runs npm ci)")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def serious_violations(axe_source):
    """``serious_violations(page)``: what axe-core finds critical or serious on the page, one
    line per rule with the elements it names (an empty list when the page passes)."""

    def check(page) -> list[str]:
        # Through the browser's debugging protocol, so the page's Content-Security-Policy, which
        # allows only this server's scripts, does not refuse it.
        if not page.evaluate("() => Boolean(window.axe)"):
            page.evaluate(axe_source)
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        return [
            f"{v['id']} ({v['impact']}): {v['help']} at "
            + ", ".join(" ".join(n["target"]) for n in v["nodes"][:5])
            for v in result["violations"]
            if v["impact"] in ("critical", "serious")
        ]

    return check


# The live server answers each request in a thread of its own, named after this function.
REQUEST_THREAD = "process_request_thread"
AT_REST_WITHIN = 10


@pytest.fixture(autouse=True)
def _live_server_at_rest(request):
    """After a browser test, its pages closed, and before its database is emptied (by
    pytest-django's own helper, set up before this one, so torn down after): the live server's
    requests still running are let finish. A page closed mid-request once left one holding its
    locks while the tables were emptied: PostgreSQL failed the emptying as a deadlock, and the
    next test on that worker found the last one's rows."""
    yield
    if "live_server" not in request.fixturenames:
        return
    deadline = time.monotonic() + AT_REST_WITHIN
    while time.monotonic() < deadline and any(
        REQUEST_THREAD in thread.name for thread in threading.enumerate()
    ):
        time.sleep(0.05)


@pytest.fixture
def phone(browser, live_server):
    """``phone(user)``: a new page in its own browser context at 390x844, logged in as ``user``
    (with a session made by Django's test client), on the live server; ``javascript=False``
    for a browser without scripts."""
    from django.conf import settings
    from django.test import Client

    contexts = []

    def open_page(user, *, javascript: bool = True):
        client = Client()
        client.force_login(user)
        context = browser.new_context(
            viewport=PHONE,
            locale="en-GB",
            base_url=live_server.url,
            java_script_enabled=javascript,
        )
        context.set_default_timeout(15_000)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": live_server.url,
                }
            ]
        )
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def table(django_user_model):
    """A group with its campaign ready and game 1 under way; Boris holds three missiles."""
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(
        owner=owner, name="Friday Earth", players=["Ada", "Boris", "Chloe"]
    )
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    game = start_next_game(campaign)
    give(game, campaign.players.get(name="Boris"), missiles=3)
    return owner, campaign, game


@pytest.fixture
def asgi_server(settings):
    """The whole application under uvicorn (``config.asgi``, static files from the finders) in a
    thread of this process, on the test database; its base address."""
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from config.asgi import application

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            ASGIStaticFilesHandler(application),
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="off",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
