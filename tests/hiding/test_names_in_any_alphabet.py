"""Hidden by meaning, not by bytes: a name the group gave with ß, ſ, ﬁ, a Turkish İ or ı, a Greek
final sigma, Cyrillic letters or combining marks never reaches a reader the campaign hides it
from, however a page spells it (a board's label in capitals: "Große" is "GROSSE"), and no such
name breaks a page."""

from __future__ import annotations

import unicodedata

import pytest

from campaigns.board import add_territory
from campaigns.game.packets import open_packet
from campaigns.game.table import place_scar
from campaigns.hiding import Secrets
from legacy.models import AddedTerritory, ScarKind
from tests.support.games import EARNED_ANOTHER_WAY
from tests.support.hiding import api_client, page_client, read, text_of

pytestmark = pytest.mark.django_db

# Scar types a packet unlocked, each with an invented word in an alphabet's odd letters, and
# the territory it is placed on.
SCARS = {
    "Großwumpel Rage": "kamchatka",
    "İzmirquax Fever": "yakutsk",
    "Haſenquirl Rot": "irkutsk",
    "ﬁzzlewort Blight": "mongolia",
    "Σφυρίδας Curse": "afghanistan",
    "Ёжиквальд Plague": "middle-east",
    "Cafe\u0301dromel Ash": "new-guinea",  # a combining accent
    "Ox": "siberia",  # so short that only its own words can hide it
}
# Territories a packet added, drawn on the board with their names in capitals.
TERRITORIES = {"Großmarschen": "greenland", "Haſelgrund": "iceland", "Kıvrımköy": "egypt"}
WORDS = (
    "Großwumpel",
    "İzmirquax",
    "Haſenquirl",
    "ﬁzzlewort",
    "Σφυρίδας",
    "Ёжиквальд",
    "Cafe\u0301dromel",
    "Großmarschen",
    "Haſelgrund",
    "Kıvrımköy",
)


@pytest.fixture
def alphabets(hidden, owner):
    """The hiding campaign with scar types and added territories named in odd letters, all
    placed in game 2 (being played)."""
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=hidden,
        packet="pack-3",
        unlocked=[{"kind": "scar-type", "title": name, "text": "", "cards": 1} for name in SCARS],
        by=owner,
    )
    game = hidden.games.get(number=2)
    ada = hidden.players.get(name="Ada")
    for name, territory in SCARS.items():
        scar = ScarKind.objects.get(campaign=hidden, name=name)
        place_scar(
            game=game,
            scar=scar.slug,
            territory=territory,
            player=ada.pk,
            without_card=True,
            reason="Our event card",
            by=owner,
        )
    for name, joined in TERRITORIES.items():
        add_territory(
            campaign=hidden, game=2, name=name, continent="europe", connections=[joined], by=owner
        )
    return hidden


def fold(text: str) -> str:
    """A text as a reader tells its words apart: in any case, ß as ss, ſ as s, ﬁ as fi, without
    accents, a dotless i as i."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ı", "i")


def leaked(text: str) -> list[str]:
    """The words a text gives away, in any spelling: capitals, ß as ss, ſ as s..."""
    shown = fold(text)
    return [word for word in WORDS if fold(word) in shown]


def test_a_secret_is_found_in_capitals_and_in_compatibility_letters():
    secrets = Secrets({"Große Ebene": "territory", "Haſelgrund": "territory"}, {})
    assert secrets.scrub_text("GROSSE EBENE lies east") == "an added territory lies east"
    assert secrets.scrub_markup("<text>HASELGRUND</text>") == "<text>an added territory</text>"
    assert "ebene" not in secrets.scrub_text("große ebene, GROẞE EBENE").lower()
    turkish = Secrets({"İzmir": "scar", "ırmak": "scar", "ﬁeld": "scar", "Σίσυφος": "scar"}, {})
    assert turkish.scrub_text("IZMIR, izmir, IRMAK, FIELD, ΣΊΣΥΦΟΣ") == ", ".join(
        ["an unlocked scar"] * 5
    )


def test_the_odd_names_are_what_an_editor_reads(alphabets, editor):
    page = text_of(read(page_client(editor), f"/c/{alphabets.pk}/history/"))
    assert "Großwumpel Rage" in page and "Ёжиквальд Plague" in page


def test_a_share_link_reader_reads_no_odd_name_on_any_page_and_no_page_fails(alphabets):
    c, share = alphabets.pk, alphabets.share_token
    client = page_client()
    addresses = [
        f"/c/{c}/",
        f"/c/{c}/board.svg",
        f"/c/{c}/history/",
        f"/c/{c}/games/2/",
        *(f"/c/{c}/territories/{slug}/" for slug in set(SCARS.values())),
    ]
    found = {}
    for address in addresses:
        response = read(client, address, share)
        found[address] = leaked(text_of(response))
    assert {a: words for a, words in found.items() if words} == {}
    # An added territory's own page is, to this reader, a page that does not exist.
    for territory in AddedTerritory.objects.filter(campaign=c):
        assert read(client, f"/c/{c}/territories/{territory.slug}/", share).status_code == 404


def test_a_share_link_reader_reads_the_board_in_russian_without_them(alphabets):
    response = read(page_client(language="ru"), f"/c/{alphabets.pk}/", alphabets.share_token)
    assert leaked(text_of(response)) == []


def test_the_api_words_game_events_with_the_readers_hiding(alphabets):
    c, share = alphabets.pk, alphabets.share_token
    events = read(api_client(), f"/api/v1/campaigns/{c}/games/2/", share).json()["events"]
    summaries = [e["summary"] for e in events if e["kind"] == "scar-placed"]
    assert len(summaries) >= len(SCARS)
    assert leaked(" ".join(summaries)) == []
    # Even a name too short to be looked for inside a text is not in a summary.
    assert not [s for s in summaries if "Ox" in s.split()]
    for address in (f"/api/v1/campaigns/{c}/world/", f"/api/v1/campaigns/{c}/scar-types/"):
        assert leaked(text_of(read(api_client(), address, share))) == [], address
