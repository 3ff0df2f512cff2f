"""Hidden means hidden: a walk through every read of a campaign that hides what its packets
unlocked.

Every GET operation of the API (from its OpenAPI schema) and every page of a campaign (from the
URL conf) is read as a viewer, as a share-link reader and as a visitor of a public campaign, in
English and in Russian: none of the words the group entered for unlocked content appears in any
answer, a page, a fragment, the board's SVG, an event's summary or data, or the audit trail. An
editor reading the same addresses finds every one of them, so the seed is there to be hidden.

New endpoints and pages are walked as soon as they exist. A path or query parameter this walk
does not know how to fill fails the test by name: teach ``api_values``/``page_values`` it (in
``tests.support.hiding``).
"""

from __future__ import annotations

import re

import pytest
from drf_spectacular.generators import SchemaGenerator

from campaigns.models import GamePhoto
from tests.support.hiding import (
    SECRET_WORDS,
    api_addresses,
    api_client,
    found_by,
    leaks,
    page_addresses,
    page_client,
    read,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

# --- The walk ----------------------------------------------------------------------------------


READERS = ["viewer", "share link", "public"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("reader", READERS)
def test_no_read_gives_a_hidden_reader_what_the_packets_unlocked(drawn, viewer, reader, language):
    hidden = drawn
    share = None
    if reader == "public":
        hidden.public = True
        hidden.shared = False
        hidden.save(update_fields=["public", "shared"])
    elif reader == "share link":
        share = hidden.share_token
    user = viewer if reader == "viewer" else None
    found, answered = [], {}
    api = api_client(user, language)
    for address in api_addresses(hidden):
        response = read(api, address, share)
        answered[address] = response.status_code
        found += leaks(response, address)
    pages = page_client(user, language)
    if share:
        read(pages, f"/c/{hidden.pk}/", share)  # the token is kept in the reader's session
    for address in page_addresses(hidden):
        response = read(pages, address)
        answered[address] = response.status_code
        found += leaks(response, address)
    assert found == []
    # The reader was answered, with placeholders: a walk refused everywhere would find nothing.
    refused = {a: answered[a] for a in must_read(hidden) if answered[a] != 200}
    assert refused == {}


def must_read(campaign) -> list[str]:
    """Reads that show what the packets unlocked, which every reader of the campaign is given."""
    c, p = f"/api/v1/campaigns/{campaign.pk}/", f"/c/{campaign.pk}/"
    return [
        *(c + r for r in ("", "world/", "games/2/", "marks/scars/", "marks/other-marks/")),
        *(c + r for r in ("factions/", "powers/", "faction-cards/", "decks/", "rules/")),
        *(c + r for r in ("packets/", "packets/components/", "scar-types/", "standings/")),
        *(p + r for r in ("", "board.svg", "board/1.svg", "games/2/", "history/", "decks/")),
        *(p + r for r in ("factions/", "packets/", "rules/", "scar-types/", "standings/")),
        p + "territories/iceland/",
    ]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_editor_reads_every_word_the_walk_hides(hidden, editor, language):
    text = found_by(api_client(editor, language), api_addresses(hidden))
    text += found_by(page_client(editor, language), page_addresses(hidden))
    assert [w for w in SECRET_WORDS if w.lower() not in text] == []


def test_the_walk_reads_the_board_the_events_and_the_world(hidden):
    """The walk covers what it says it covers (a walk that read nothing would pass)."""
    api = api_addresses(hidden)
    pages = page_addresses(hidden)
    c = f"/api/v1/campaigns/{hidden.pk}/"
    for expected in ("world/", "games/2/", "marks/scars/", "audit/", "export/", "unlocked/"):
        assert c + expected in api
    assert any(a.startswith(c + "marks/other-marks/") and a[-2].isdigit() for a in api)
    for expected in ("board.svg", "board/2.svg", "games/2/", "history/", "territories/iceland/"):
        assert f"/c/{hidden.pk}/{expected}" in pages


def test_every_api_address_that_answers_a_get_is_in_the_schema_the_walk_reads():
    """The walk takes the API's reads from its schema: an address left out of the schema would
    be left out of the walk too."""
    from api import urls as api_urls

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    missing = []
    for entry in api_urls.urlpatterns:
        view = getattr(entry.callback, "cls", None)
        if view is None or not hasattr(view, "get") or entry.name in ("schema", "docs"):
            continue
        path = "/api/v1/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(entry.pattern))
        if "get" not in paths.get(path, {}):
            missing.append(path)
    assert missing == []


def test_the_walk_reads_the_photos_of_the_board(drawn, editor):
    """The photo's files are among the reads (a walk that skipped them would pass), and an
    editor is given them."""
    photo = GamePhoto.objects.get(game__campaign=drawn)
    api = [a for a in api_addresses(drawn) if f"/photos/{photo.pk}/" in a]
    pages = [a for a in page_addresses(drawn) if f"/photos/{photo.pk}/" in a]
    assert any(a.endswith("/web/") for a in api) and any(a.endswith("web.webp") for a in pages)
    client = page_client(editor)
    given = [
        a
        for a in pages
        if a.endswith((".webp", "/original")) and read(client, a).status_code == 200
    ]
    assert any(a.endswith("web.webp") for a in given) and any(
        a.endswith("/original") for a in given
    )
