"""Hidden means hidden: a walk through every read of a campaign that hides what its packets
unlocked.

Every GET operation of the API (from its OpenAPI schema) and every page of a campaign (from the
URL conf) is read as a viewer, as a share-link reader and as a visitor of a public campaign, in
English and in Russian: none of the words the group entered for unlocked content appears in any
answer, a page, a fragment, the board's SVG, an event's summary or data, or the audit trail. An
editor reading the same addresses finds every one of them, so the seed is there to be hidden.

New endpoints and pages are walked as soon as they exist. A path or query parameter this walk
does not know how to fill fails the test by name: teach ``api_values``/``page_values`` it.
"""

from __future__ import annotations

import itertools
import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authtoken.models import Token

from campaigns.chronicle.start import request_pdf
from campaigns.models import GameEvent, GamePhoto, Invitation, Membership
from legacy.corrections import MARK_TYPES
from legacy.models import RuleSticker, SealedComponent
from tests.hiding.conftest import SECRET_WORDS
from web import urls as campaign_urls

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

IMAGE_TYPES = ("image/png", "image/webp", "image/jpeg")
# A PDF (the chronicle) cannot be searched for words either: one given to a reader gives away
# whatever it prints.
DOCUMENT_TYPES = ("application/pdf",)


# --- What to read ------------------------------------------------------------------------------


def mark_ids(campaign) -> dict[str, list[int]]:
    return {
        slug: list(model.objects.filter(campaign=campaign).values_list("pk", flat=True))
        for slug, model in MARK_TYPES.items()
    }


def api_values(campaign) -> dict[str, list]:
    """Every value each parameter takes in the walk (path parameters, and the query parameters
    an operation requires)."""
    return {
        "campaign_id": [campaign.pk],
        "number": list(campaign.games.values_list("number", flat=True)),
        "job_id": [1],
        "as_of_game": [1],
        "controlled": ["iceland,madagascar"],
        "attackers": [3],
        "defenders": [2],
        "target": [1],
        # The campaign's odds read a territory: the ones an unlocked scar or mark is on.
        "territory": ["iceland", "madagascar"],
        **group_ids(campaign),
    }


def api_addresses(campaign) -> list[str]:
    """Every GET operation of the API's schema, each path parameter filled with every value
    the campaign has for it (every mark of every type, every game)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    values = api_values(campaign)
    ids = mark_ids(campaign)
    addresses = []
    for path, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        parameters = operations["get"].get("parameters", [])
        path_names = [p["name"] for p in parameters if p["in"] == "path"]
        required = [p["name"] for p in parameters if p["in"] == "query" and p.get("required")]
        choices = {}
        for name in path_names + required:
            if name == "mark_type":
                choices[name] = list(MARK_TYPES)
            elif name == "mark_id":
                choices[name] = [None]  # filled per mark type below
            else:
                assert name in values, f"the walk does not know how to fill {name!r} ({path})"
                choices[name] = values[name]
        for combination in itertools.product(*(choices[n] for n in path_names + required)):
            filled = dict(zip(path_names + required, combination, strict=True))
            for mark_id in ids[filled["mark_type"]] if "mark_id" in filled else [None]:
                if mark_id is not None:
                    filled["mark_id"] = mark_id
                address = path
                for name in path_names:
                    address = address.replace("{" + name + "}", str(filled[name]))
                query = {name: filled[name] for name in required}
                addresses.append(address + (f"?{urlencode(query)}" if query else ""))
    return addresses


def _patterns(resolver, prefix=""):
    for entry in resolver:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def group_ids(campaign) -> dict[str, list]:
    """The sealed components and rule stickers the group entered, by the name of their id."""
    return {
        "component_id": list(
            SealedComponent.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        "sticker_id": list(
            RuleSticker.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        "photo_id": list(
            GamePhoto.objects.filter(game__campaign=campaign).values_list("pk", flat=True)
        ),
    }


def page_values(campaign) -> dict[str, list]:
    events = GameEvent.objects.filter(game__campaign=campaign)
    invitation = Invitation.objects.create(campaign=campaign, created_by=campaign.owner)
    return {
        "pk": [campaign.pk],
        "number": list(campaign.games.values_list("number", flat=True)),
        "player": list(campaign.players.values_list("pk", flat=True)),
        "seq": list(events.values_list("seq", flat=True)),
        "kind": ["scar", "mark"],
        "slug": ["iceland", "madagascar", "egypt"],
        "invitation_id": [invitation.pk],
        # The chronicle's PDF, made for the owner: a hidden reader must not fetch it.
        "job_id": [request_pdf(campaign=campaign, by=campaign.owner)[0].pk],
        "membership_id": list(
            Membership.objects.filter(campaign=campaign).values_list("pk", flat=True)
        ),
        **group_ids(campaign),
    }


def page_addresses(campaign) -> list[str]:
    """Every page of a campaign (``web.urls``, under /c/), its parameters filled with every value
    the campaign has; and the home page, which lists public campaigns."""
    values = page_values(campaign)
    ids = mark_ids(campaign)
    addresses = ["/"]
    for pattern in _patterns(campaign_urls.urlpatterns):
        parts = pattern.replace(">", "<").split("<")
        names = [p.split(":")[-1] for p in parts[1::2]]
        if "pk" not in names:
            continue  # not a campaign's page (a new campaign)
        choices = []
        for name in names:
            if name == "mark_type":
                choices.append(list(MARK_TYPES))
            elif name == "mark_id":
                choices.append([None])
            else:
                assert name in values, f"the walk does not know how to fill {name!r} ({pattern})"
                choices.append(values[name])
        for combination in itertools.product(*choices):
            filled = dict(zip(names, combination, strict=True))
            for mark_id in ids[filled["mark_type"]] if "mark_id" in filled else [None]:
                if mark_id is not None:
                    filled["mark_id"] = mark_id
                address = parts[0]
                for i, name in enumerate(names):
                    address += str(filled[name]) + parts[2 * i + 2]
                addresses.append("/c/" + address)
    return addresses


# --- Who reads ---------------------------------------------------------------------------------


def api_client(user=None, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.defaults["HTTP_AUTHORIZATION"] = f"Token {token.key}"
    return client


def page_client(user=None, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def read(client, address: str, share: str | None = None):
    if share:
        address += ("&" if "?" in address else "?") + urlencode({"share": share})
    response = client.get(address, follow=True)
    assert response.status_code < 500, address
    return response


def text_of(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode(errors="replace")
    return response.content.decode(errors="replace")


def leaks(response, address: str) -> list[str]:
    """The secret words an answer gives away. A stored picture (PNG, WebP) cannot be searched
    for words: one given to a reader gives away the scar types it draws."""
    if response["Content-Type"].startswith(IMAGE_TYPES) and response.status_code == 200:
        return [f"a picture at {address}"]
    if response["Content-Type"].startswith(DOCUMENT_TYPES) and response.status_code == 200:
        return [f"a PDF at {address}"]
    text = text_of(response).lower()
    return [f"{word} at {address}" for word in SECRET_WORDS if word.lower() in text]


def found_by(client, addresses, share=None) -> str:
    return "\n".join(text_of(read(client, a, share)) for a in addresses).lower()


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
