"""A hidden name that holds another hidden territory's slug ("Kelpiq vorn", beside a territory
"vorn") is hidden whole on the territory page a share-link reader reads: the slug is not
replaced first, which would leave the rest of the name ("Kelpiq") to be read."""

from __future__ import annotations

import pytest

from campaigns.board import add_territory
from tests.support.hiding import page_client, read, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def nested(hidden, owner):
    for name in ("vorn", "Kelpiq vorn"):
        add_territory(
            campaign=hidden, game=2, name=name, continent="africa", connections=["madagascar"]
        )
    return hidden


def test_a_share_link_reader_reads_neither_name_on_the_territory_page(nested):
    page = text_of(
        read(page_client(), f"/c/{nested.pk}/territories/madagascar/", nested.share_token)
    ).lower()
    assert "kelpiq" not in page
    assert "vorn" not in page
    assert "an added territory" in page


def test_an_editor_reads_both_names_on_the_territory_page(nested, editor):
    page = text_of(read(page_client(editor), f"/c/{nested.pk}/territories/madagascar/"))
    assert "Kelpiq vorn" in page and ">vorn<" in page
