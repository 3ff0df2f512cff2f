"""Hidden means hidden whatever the name: a group's names with ``& < > " '`` or in Cyrillic
never reach a reader the campaign hides its unlocked content from, not even through a class of
the board's SVG; nor does a World Capital's kind or an unlocked faction's own colour."""

from __future__ import annotations

import pytest

from tests.support.hiding import (
    ODD_WORDS,
    OWN_COLOUR,
    page_client,
    read,
    seed_odd_names,
    text_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def odd(hidden, owner):
    seed_odd_names(hidden, owner)
    return hidden


def shown(client, address, share=None) -> str:
    return text_of(read(client, address, share)).lower()


def test_a_hidden_scar_type_named_with_markup_characters_is_not_in_the_boards_classes(odd):
    text = shown(page_client(), f"/c/{odd.pk}/", odd.share_token)
    assert [w for w in ODD_WORDS if w.lower() in text] == []
    assert 'class="mark scar-other"' in text


def test_an_editor_sees_the_odd_names_escaped(odd, editor):
    text = shown(page_client(editor), f"/c/{odd.pk}/scar-types/")
    assert "qwib &amp; &lt;zeph&gt;" in text


def test_a_share_link_reader_sees_no_unlocked_factions_own_colour(odd):
    client = page_client()
    found = shown(client, f"/c/{odd.pk}/factions/", odd.share_token)
    found += shown(client, f"/api/v1/campaigns/{odd.pk}/factions/", odd.share_token)
    assert OWN_COLOUR not in found
