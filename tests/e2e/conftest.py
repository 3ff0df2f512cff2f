"""The browser tests: Debian's Chromium driven by Playwright against a live server.

Outside CI, a machine without ``/usr/bin/chromium`` (or without the playwright package) skips
them with the reason; in CI (``CI=true``) they are required, so a missing browser fails loudly.
Screenshots of every step go to ``var/screenshots/e2e/`` (git-ignored).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

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
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots" / "e2e"


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
