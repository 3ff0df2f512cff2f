"""Every page a group meets, on a phone (390x844), in English and in Russian: axe-core finds
nothing critical or serious. The pages are found by walking the links and forms from the
campaign's page (one address per kind of page), so a page added later is checked too."""

from __future__ import annotations

import pytest

from campaigns.game.table import record_recruitment
from tests.support.games import play
from tests.support.pages import client_for
from tests.support.phones import PHONE
from tests.support.walk import walk

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Never walked: leaving the site, the API and its documents, the admin, files.
OUTSIDE = ("/accounts/logout", "/api/", "/admin/", "/static/", "/media/", "/i18n/")


def pages_of(campaign, owner) -> dict[str, str]:
    """One address per kind of page (URL name) a reader reaches from the campaign's page."""
    client = client_for(owner)
    found: dict[str, str] = {}
    for path, name, response in walk(
        client,
        ["/", f"/c/{campaign.pk}/"],
        patterns=[],
        values={},
        inside=lambda path: path.startswith("/") and not path.startswith(OUTSIDE),
        language="en",
        per_pattern=1,
        limit=250,
    ):
        # A whole page, not a fragment that htmx puts into one.
        page = response.get("Content-Type", "").startswith("text/html") and (
            b"<html" in response.content[:300]
        )
        if response.status_code == 200 and page and name not in found:
            found[name] = path
    return found


@pytest.mark.parametrize("language", ["en-GB", "ru-RU"])
def test_every_page_passes_axe_on_a_phone(
    language, browser, live_server, prepared_campaign, players, owner, axe_source
):
    play(prepared_campaign, 2, then_start=True)
    game = prepared_campaign.games.get(number=3)
    record_recruitment(game=game, player=players["Ada"].pk, troops=31)
    pages = pages_of(prepared_campaign, owner)
    assert {"campaigns:game", "campaigns:standings", "campaigns:game_finish"} <= pages.keys()
    assert len(pages) >= 30, sorted(pages)

    context = browser.new_context(viewport=PHONE, locale=language, base_url=live_server.url)
    session = client_for(owner).cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    problems = {}
    for name, path in sorted(pages.items()):
        page.goto(path)
        page.wait_for_load_state("load")
        if not page.evaluate("() => Boolean(window.axe)"):
            page.evaluate(axe_source)
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        found = [
            f"{v['id']} ({v['impact']}) at "
            + ", ".join(" ".join(n["target"]) for n in v["nodes"][:3])
            for v in result["violations"]
            if v["impact"] in ("critical", "serious")
        ]
        if found:
            problems[f"{name} {path}"] = found
    assert page.evaluate("() => document.documentElement.lang").startswith(language[:2])
    context.close()
    assert problems == {}, problems
