"""The game page's list of its latest entries: each standing entry with its own undo, a taken-back
one struck out with who took it back and why, credits with the names in them in the reader's
language, and a group's names shown as they typed them (never as markup)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.game.table import record_recruitment
from campaigns.game.taking_back import void_event
from tests.support.pages import client_for, url
from web.views.common import each_address

pytestmark = pytest.mark.django_db


def test_each_standing_entry_links_its_own_undo_and_a_taken_back_one_none(
    game, players, owner, as_owner
):
    for troops in (3, 4, 5):
        record_recruitment(game=game, player=players["Ada"].pk, troops=troops, by=owner)
    void_event(game=game, seq=2, reason="Ada had four, not three", by=owner)
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    listed = page[page.index('id="events-title"') :]
    assert url(game.campaign, "games/1/entries/1/void/") in listed
    assert url(game.campaign, "games/1/entries/3/void/") in listed
    assert url(game.campaign, "games/1/entries/2/void/") not in listed
    assert "taken back by olga: Ada had four, not three" in listed
    assert listed.count("entered by olga") == 3


def test_the_list_reads_in_russian_with_the_names_in_it(game, players, owner):
    record_recruitment(game=game, player=players["Ada"].pk, troops=3, by=owner)
    void_event(game=game, seq=1, reason="ошибка", by=owner)
    page = client_for(owner, "ru").get(url(game.campaign, "games/1/")).content.decode()
    assert "автор записи: olga" in page
    assert "отменено (olga): ошибка" in page


def test_a_name_with_markup_is_listed_as_text(game, players, owner, as_owner):
    players["Ada"].name = '<b onclick="x()">Ada</b>'
    players["Ada"].save(update_fields=["name"])
    record_recruitment(game=game, player=players["Ada"].pk, troops=3, by=owner)
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert '<b onclick="x()">' not in page
    assert "&lt;b onclick=&quot;x()&quot;&gt;Ada&lt;/b&gt;" in page


def test_an_address_per_entry_is_the_one_django_reverses_whatever_the_campaigns_number():
    for campaign in (1, 987654321, 19876543210):
        address = each_address("campaigns:game_void", campaign, 16)
        for seq in (1, 42, 987654321):
            assert address(seq) == reverse("campaigns:game_void", args=[campaign, 16, seq])
