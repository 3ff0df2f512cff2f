"""Hidden means hidden whatever the name: a group's names with ``& < > " '`` or in Cyrillic
never reach a reader the campaign hides its unlocked content from, not even through a class of
the board's SVG; nor does a World Capital's kind or an unlocked faction's own colour."""

from __future__ import annotations

import pytest

from tests.support.hiding import (
    CAPITAL_HOLDING,
    CAPITAL_MARKS,
    CAPITAL_TERRITORY,
    ODD_WORDS,
    OWN_COLOUR,
    api_client,
    page_client,
    read,
    text_of,
)

pytestmark = pytest.mark.django_db


def shown(client, address, share=None) -> str:
    return text_of(read(client, address, share)).lower()


def test_a_hidden_scar_type_named_with_markup_characters_is_not_in_the_boards_classes(odd):
    text = shown(page_client(), f"/c/{odd.pk}/", odd.share_token)
    assert [w for w in ODD_WORDS if w.lower() in text] == []
    assert 'class="mark scar-other"' in text


def test_an_editor_sees_the_odd_names_escaped(odd, editor):
    text = shown(page_client(editor), f"/c/{odd.pk}/scar-types/")
    assert "qwibbleth &amp; &lt;zephyrax&gt;" in text


def test_a_share_link_reader_sees_no_unlocked_factions_own_colour(odd):
    client = page_client()
    found = shown(client, f"/c/{odd.pk}/factions/", odd.share_token)
    found += shown(client, f"/api/v1/campaigns/{odd.pk}/factions/", odd.share_token)
    assert OWN_COLOUR not in found


def test_a_share_link_reader_sees_a_world_capital_as_an_ordinary_city(odd):
    client = page_client()
    found = shown(client, f"/c/{odd.pk}/", odd.share_token)
    found += shown(client, f"/c/{odd.pk}/territories/{CAPITAL_TERRITORY}/", odd.share_token)
    found += shown(client, f"/api/v1/campaigns/{odd.pk}/world/", odd.share_token)
    assert [m for m in CAPITAL_MARKS if m in found] == []
    assert "glorptown" in found  # a city is there, under its name


def test_a_viewer_reads_a_world_capitals_founding_as_a_citys(odd, viewer):
    api = api_client(viewer)
    c = f"/api/v1/campaigns/{odd.pk}/"
    cities = api.get(c + "marks/cities/").json()
    assert {x["details"]["kind"] for x in cities["results"]} <= {"minor", "major"}
    events = api.get(c + "games/2/").json()["events"]
    assert "the city Glorptown founded in Brazil — Ada" in [e["summary"] for e in events]
    kinds = [e["kind"] for e in events]
    assert "city-founded" in kinds and "capital-founded" not in kinds
    audit = api.get(c + "audit/").json()["results"]
    assert [e for e in audit if e["action"] == "world-capital-founded"] == []
    page = text_of(read(page_client(viewer), f"/c/{odd.pk}/history/")).lower()
    assert "city founded" in page and "world capital" not in page


def test_an_editor_reads_a_world_capitals_founding_as_one(odd, editor):
    events = api_client(editor).get(f"/api/v1/campaigns/{odd.pk}/games/2/").json()["events"]
    assert "capital-founded" in [e["kind"] for e in events]


def troops(api_reader, page_reader, campaign, share=None) -> tuple[int, str]:
    """The troops of ``CAPITAL_HOLDING`` in the API and the population the recruitment page
    counts for it."""
    query = "?controlled=" + ",".join(CAPITAL_HOLDING)
    api = read(api_reader, f"/api/v1/campaigns/{campaign.pk}/recruitment/{query}", share)
    page = text_of(
        read(
            page_reader,
            f"/c/{campaign.pk}/tools/recruitment/?controlled="
            + "&controlled=".join(CAPITAL_HOLDING),
            share,
        )
    )
    return api.json()["troops"], page.split("data-troops>")[1].split("<")[0]


def test_a_share_link_reader_recruits_from_a_world_capital_as_from_a_minor_city(odd, editor):
    # 8 territories: with a World Capital's 5 people 4 troops, with a minor city's 1, 3.
    assert troops(api_client(editor), page_client(editor), odd) == (4, "4")
    assert troops(page_client(), page_client(), odd, odd.share_token) == (3, "3")


def test_a_world_capital_its_founder_may_start_on_is_no_start_to_a_hidden_reader(odd, editor):
    odd.world_capital_is_a_start = True
    odd.save(update_fields=["world_capital_is_a_start"])
    ada = odd.players.get(name="Ada").pk
    address = f"/api/v1/campaigns/{odd.pk}/legal-starts/?player={ada}"
    assert CAPITAL_TERRITORY in read(api_client(editor), address).json()["territories"]
    hidden = read(page_client(), address, odd.share_token).json()["territories"]
    assert hidden and CAPITAL_TERRITORY not in hidden


def test_the_board_an_editor_reads_with_the_odd_names_is_well_formed_svg(odd, editor):
    from xml.etree import ElementTree

    client = page_client(editor)
    for address in (f"/c/{odd.pk}/board.svg", f"/c/{odd.pk}/board/2.svg"):
        svg = read(client, address).content
        root = ElementTree.fromstring(svg)  # a name unescaped would break the document
        words = " ".join(root.itertext())
        assert "Zephyrax" in words or "Glorptown" in words, address
