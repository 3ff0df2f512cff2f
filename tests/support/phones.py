"""The phone the browser tests hold: its screen, in CSS pixels; its language menu; a write
made as another device at the table would make it; and the game page's quick log and log as a
phone uses them, its copy kept for reading offline."""

from __future__ import annotations

import time

from django.db import OperationalError, connection, transaction

PHONE = {"width": 390, "height": 844}


def saved_elsewhere(service, **kwargs):
    """Call ``service`` from the test, as another device would save. Should SQLite still refuse
    the write as locked once its busy timeout is over (the live server's threads and the test
    share one database file), try again shortly, as a device's retry would. Each try is one
    transaction, as a device's request is: its news goes out once all of it is committed, and
    nothing of it is kept when it is refused."""
    for tries_left in reversed(range(51)):
        try:
            with transaction.atomic():
                return service(**kwargs)
        except OperationalError as error:
            if not tries_left or connection.vendor != "sqlite" or "locked" not in str(error):
                raise
            time.sleep(0.1)


def speak(page, language: str) -> None:
    """Switch the page to ``language`` with the language menu (kept for the next pages)."""
    from playwright.sync_api import expect

    if language != "en":
        page.select_option("#language-select", language)
    expect(page.locator("html")).to_have_attribute("lang", language)


def fits_the_phone(page) -> bool:
    """Nothing on the page runs wider than the phone's screen."""
    return page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


# A scroll the page makes on a tap (a form opened in place, brought into view down to its button)
# runs in the page's next task, after the tap has returned: a bounded wait for it, not a measure.
IN_VIEW_WITHIN = 2.0


def in_view(locator, *, above: float = PHONE["height"]) -> dict:
    """The element's box lies within the phone's screen (and above ``above``, the top of a bar
    fixed at the bottom), once the page has brought it there."""
    deadline = time.monotonic() + IN_VIEW_WITHIN
    box = locator.bounding_box()
    while not _on_screen(box, above) and time.monotonic() < deadline:
        locator.page.wait_for_timeout(50)
        box = locator.bounding_box()
    assert _on_screen(box, above), box
    return box


def _on_screen(box: dict | None, above: float) -> bool:
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= above
        and box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["width"]
    )


def phone_on(browser, base_url: str, user, *, locale: str = "en-GB"):
    """A browser context at 390x844 on ``base_url``, logged in as ``user``, in ``locale``."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=PHONE, locale=locale, base_url=base_url)
    context.set_default_timeout(15_000)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": base_url,
            }
        ]
    )
    return context


# The first page a phone opens comes before its service worker: once the worker has installed
# (its static files fetched) and taken charge, it fetches that page again to keep it. A bounded
# wait, not a measure of speed.
KEPT_WITHIN = 30.0
IN_CHARGE = (
    "async () => Boolean((await navigator.serviceWorker.ready).active)"
    " && navigator.serviceWorker.controller !== null"
)
IS_KEPT = "async () => Boolean(await caches.match(location.href))"


def until(page, check: str, within: float = KEPT_WITHIN) -> None:
    """Wait until the page's ``check`` (an async function) answers true. Not ``wait_for_function``:
    it takes the promise an async function returns for a true answer at once."""
    deadline = time.monotonic() + within
    while not page.evaluate(check):
        assert time.monotonic() < deadline, f"still not so after {within}s: {check}"
        page.wait_for_timeout(100)


def kept_on_the_phone(page) -> None:
    """Wait until the page the phone shows is kept on it for reading offline: the worker in
    charge of the page first, then the page in its cache."""
    until(page, IN_CHARGE)
    until(page, IS_KEPT)


def note(page, title: str, **fields) -> None:
    """Open the quick log's form ``title``, fill in ``fields`` (selects by their label) and send."""
    details = page.locator("#log details", has=page.locator("summary", has_text=title))
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = details.locator("form")
    for selector, value in fields.items():
        field = form.locator(f"[name$='-{selector}']")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(label=value)
        else:
            field.fill(value)
    form.get_by_role("button", name="Note it").click()


def events_of(page) -> list[str]:
    return page.locator("[data-live=events] .events li").evaluate_all(
        "items => items.map(li =>"
        " li.textContent.replace(/take back/, '').replace(/\\s+/g, ' ').trim())"
    )


# A point of a territory on the map a thumb can reach: the map swiped so the territory is at the
# top (a swipe is no tap), then a point inside its outline that nothing covers (a sheet over the
# foot of the screen, the sea around a thin coast). None when there is none.
TERRITORY_POINT = """(slug) => {
    const shape = document.getElementById('t-' + slug);
    const link = shape && shape.closest('a');
    if (!link) return null;
    shape.scrollIntoView({block: 'start', inline: 'center'});
    const box = shape.getBoundingClientRect();
    const steps = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
    for (const fy of steps) for (const fx of steps) {
        const x = box.left + box.width * fx, y = box.top + box.height * fy;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && link.contains(hit)) return {x, y};
    }
    return null;
}"""


def territory_point(page, slug: str) -> tuple[float, float]:
    """Where a thumb taps ``slug`` on the page's map (see ``TERRITORY_POINT``)."""
    point = page.evaluate(TERRITORY_POINT, slug)
    assert point, f"{slug} cannot be tapped on the map"
    return point["x"], point["y"]
