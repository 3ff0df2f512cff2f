"""What a campaign that hides its packets' unlocked content holds, and how a walk reads it.

``seed_unlocked`` builds the content; each name or text it enters holds an invented word that
appears nowhere else, listed in ``SECRET_WORDS``. A new kind of unlocked content is added there,
with its own word: the walk (``tests/hiding/test_walk.py``) then checks it on every read.
"""

from __future__ import annotations

import itertools
from urllib.parse import urlencode

from django.test import Client
from django.urls import URLPattern, URLResolver
from drf_spectacular.generators import SchemaGenerator

from campaigns.backup.automatic import automatic_backups
from campaigns.chronicle.start import request_pdf
from campaigns.game.decks import add_card, draw_card
from campaigns.game.packets import open_packet
from campaigns.game.rulebook import add_sticker
from campaigns.game.sealed import add_component
from campaigns.game.table import place_scar
from campaigns.game.territory_entries import found_capital, place_mark
from campaigns.models import (
    GameEvent,
    GameNote,
    GamePhoto,
    Invitation,
    Membership,
)
from legacy.corrections import MARK_TYPES
from legacy.models import FactionPower, RuleSticker, ScarKind, SealedComponent
from tests.support.api import token_for
from tests.support.board import add_quillowmere
from tests.support.games import EARNED_ANOTHER_WAY
from web import urls as campaign_urls

# Every word the seed hides. Each is found by an editor somewhere, and by nobody else anywhere.
SECRET_WORDS = (
    "Zorblax",  # a scar type placed on a territory, in game
    "Blorptic",  # its text (first line)
    "Wuzzlewump",  # its text (second line)
    "Gnarlspire",  # a scar type for faction cards, placed on one
    "Frimbleton",  # its text
    "Vexmoor",  # a kind of mark, placed on a territory and on a faction card
    "Plinthavar",  # its text
    "Snorkelwick",  # the label written on a mark of that kind
    "Krandle",  # a power, placed on a faction card
    "Oomphalite",  # its text
    "Thrimble",  # a faction (unlocked content)
    "Quaffleton",  # an event card
    "Drizzlemoor",  # a mission card
    "Yarbleguff",  # a rule addition
    "Mumblecrust",  # something else
    "Skivvyhorn",  # the texts of those (one each, in the same word)
    "Quorvanth",  # the trigger the group wrote down when opening the packet
    "Glimmerquod",  # a sealed component the group found and named
    "Fennelwort",  # its trigger, as printed
    "Brambleknot",  # a rule sticker pasted into the rulebook
    "Pemberwick",  # its text
    "Zanzibrook",  # an event card added to the deck, drawn in game 2
    "Wobblethorn",  # its text
    "Quillowmere",  # a territory a packet added to the board in game 2
)


def seed_unlocked(campaign, by) -> None:
    """Open a packet in game 2 (being played) with content of every kind, each with a text, and
    use what can be used: the scar types, the kind of mark, the power."""
    text = "Skivvyhorn gathers."
    opening = open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=campaign,
        packet="pack-2",
        trigger="Quorvanth fell in the second round",
        unlocked=[
            {
                "kind": "scar-type",
                "title": "Zorblax Frenzy",
                "text": "Blorptic swarms come.\nWuzzlewump stays.",
                "cards": 2,
            },
            {
                "kind": "scar-type",
                "title": "Gnarlspire Hex",
                "text": "Frimbleton curse.",
                "cards": 1,
                "on_faction_card": True,
            },
            {"kind": "mark-kind", "title": "Vexmoor Beacon", "text": "Plinthavar shines."},
            {"kind": "power", "title": "Krandle Surge", "text": "Oomphalite doubles."},
            {"kind": "faction", "title": "Thrimble Clan", "text": text},
            {"kind": "event-card", "title": "Quaffleton Flood", "text": text},
            {"kind": "mission-card", "title": "Drizzlemoor March", "text": text},
            {"kind": "rule", "title": "Yarbleguff Clause", "text": text},
            {"kind": "other", "title": "Mumblecrust Token", "text": text},
        ],
        by=by,
    )
    game = campaign.games.get(number=2)
    players = {p.name: p for p in campaign.players.all()}
    place_scar(
        game=game,
        scar="zorblax-frenzy",
        territory="iceland",
        player=players["Ada"].pk,
        without_card=True,
        reason="Our event card",
        by=by,
    )
    place_scar(
        game=game,
        scar="gnarlspire-hex",
        faction="die-mechaniker",
        without_card=True,
        reason="Our event card",
        by=by,
    )
    place_mark(game=game, kind="vexmoor-beacon", territory="madagascar", label="Snorkelwick", by=by)
    place_mark(game=game, kind="vexmoor-beacon", faction="khan-industries", by=by)
    add_component(campaign=campaign, name="Glimmerquod Tin", trigger="When Fennelwort falls", by=by)
    add_sticker(
        campaign=campaign,
        section="object",
        game=2,
        title="Brambleknot Clause",
        text="Pemberwick rises.",
        packet="pack-2",
        by=by,
    )
    card = add_card(
        campaign=campaign,
        deck="event",
        title="Zanzibrook Storm",
        text="Wobblethorn winds.",
        packet="pack-2",
        by=by,
    )
    draw_card(game=game, card=card.pk, player=players["Ada"].pk, by=by)
    add_quillowmere(campaign, 2, by)
    FactionPower.objects.create(
        campaign=campaign,
        faction="enclave-of-the-bear",
        slot="unlocked",
        code="krandle",
        name="Krandle Surge",
        text="Oomphalite doubles.",
        unlocked_by=opening,
        placed_in_game=2,
        entered_by=by,
    )


# Names a group may give that markup must escape, and one in Cyrillic; each holds a word of its
# own (``ODD_WORDS``) that appears nowhere else, long enough that no random token on a page (a
# CSRF token is 64 letters and digits) spells one by chance. A World Capital and an unlocked
# faction's own colour are unlocked content too (``CAPITAL_MARKS``, ``OWN_COLOUR``).
ODD_SCAR = """Qwibbleth & <Zephyrax> "Vornacle" 'Tuskavore'"""
ODD_FACTION = """Жмурбург & <Ко> "Ёжик" 'Щуп'"""
ODD_WORDS = ("Qwibbleth", "Zephyrax", "Vornacle", "Tuskavore", "Жмурбург", "Ёжик", "Щуп")
OWN_COLOUR = "#1b7e5a"
CAPITAL_NAME = "Glorptown"
CAPITAL_TERRITORY = "brazil"
# How a World Capital shows itself: its kind in the API and the board's classes, its words.
CAPITAL_MARKS = (
    '"kind":"capital"',
    '"kind": "capital"',
    "city-capital",
    "legend-capital",
    "world capital glorptown",
    "мировая столица glorptown",
    "всемирная столица glorptown",
    "world capital founded",
    "основана всемирная столица",
    # The kind of the entry that founded it, in an API answer.
    '"kind":"capital-founded"',
    '"kind": "capital-founded"',
)
# Seven territories without a city and the World Capital's: 8 territories and a World Capital's
# population of 5 recruit 4 troops; with a minor city's population of 1, 3. A calculator asked
# about them tells a World Capital by its answer (``CAPITAL_COUNTED``).
CAPITAL_HOLDING = (
    CAPITAL_TERRITORY,
    "alaska",
    "alberta",
    "ontario",
    "greenland",
    "iceland",
    "great-britain",
    "scandinavia",
)
CAPITAL_COUNTED = ('"troops":4', "data-troops>4<")


def seed_odd_names(campaign, by) -> None:
    """Open a second packet in game 2 (being played) with a scar type and a faction named with
    ``& < > " '`` and in Cyrillic, and World Capitals; place the scar, found a World Capital."""
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=campaign,
        packet="pack-3",
        unlocked=[
            {"kind": "scar-type", "title": ODD_SCAR, "text": "", "cards": 1},
            {"kind": "faction", "title": ODD_FACTION, "text": "", "colour": OWN_COLOUR},
            {"kind": "world-capital", "title": "Capitals", "text": ""},
        ],
        by=by,
    )
    game = campaign.games.get(number=2)
    ada = campaign.players.get(name="Ada")
    scar = ScarKind.objects.get(campaign=campaign, name=ODD_SCAR)
    place_scar(
        game=game,
        scar=scar.slug,
        territory="peru",
        player=ada.pk,
        without_card=True,
        reason="Our event card",
        by=by,
    )
    found_capital(game=game, territory=CAPITAL_TERRITORY, name=CAPITAL_NAME, player=ada.pk, by=by)


# What no hidden reader finds anywhere: the seeds' words, the World Capital, the own colour.
HIDDEN_FROM_READERS = (*SECRET_WORDS, *ODD_WORDS, *CAPITAL_MARKS, OWN_COLOUR)


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
        # A holding with the World Capital in it: a calculator must count it as a minor city.
        "controlled": ["iceland,madagascar", ",".join(CAPITAL_HOLDING)],
        "attackers": [3],
        "defenders": [2],
        "target": [1],
        # The campaign's odds read a territory: the ones an unlocked scar or mark is on.
        "territory": ["iceland", "madagascar"],
        "name": backup_names(campaign),
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
        "note_id": list(
            GameNote.objects.filter(game__campaign=campaign).values_list("pk", flat=True)
        ),
        "player_id": list(campaign.players.values_list("pk", flat=True)),
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
        "name": backup_names(campaign),
        **group_ids(campaign),
    }


def backup_names(campaign) -> list[str]:
    """The campaign's automatic backups (the owner's only), or a name it does not have."""
    return [b.name for b in automatic_backups(campaign.pk)] or [
        "game-001-20260101T000000000000Z.json"
    ]


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
    return addresses + calculator_questions(campaign)


def calculator_questions(campaign) -> list[str]:
    """The calculators' pages asked about the World Capital's territory: the troops of a
    holding with it (``CAPITAL_HOLDING``), where a player may start, the odds of attacking it."""
    ada = campaign.players.get(name="Ada").pk
    tools = f"/c/{campaign.pk}/tools/"
    holding = urlencode({"player": ada, "controlled": CAPITAL_HOLDING}, doseq=True)
    battle = urlencode({"territory": CAPITAL_TERRITORY, "attackers": 3, "defenders": 2})
    return [
        f"{tools}recruitment/?{holding}",
        f"{tools}starts/?player={ada}",
        f"{tools}odds/?{battle}",
    ]


# --- Who reads ---------------------------------------------------------------------------------


def api_client(user=None, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.defaults["HTTP_AUTHORIZATION"] = f"Token {token_for(user)}"
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
    words = HIDDEN_FROM_READERS
    if f"controlled={CAPITAL_TERRITORY}" in address:
        words += CAPITAL_COUNTED
    return [f"{word} at {address}" for word in words if word.lower() in text]


def found_by(client, addresses, share=None) -> str:
    return "\n".join(text_of(read(client, a, share)) for a in addresses).lower()
