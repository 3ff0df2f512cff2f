"""The game page keeps its drawn board and quick log for the next views, until the campaign's
next write: a mark placed, an entry made, a fix shows at the next read, never the old drawing.
A page asked in another language is drawn in it."""

from __future__ import annotations

import re

import pytest

from campaigns.game.table import place_scar, use_missiles
from campaigns.models import EventKind
from tests.support.games import give
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db


def board_marks(html: str, territory: str) -> str:
    """What the drawn board says of a territory's marks."""
    found = re.search(rf'<a [^>]*data-name="{territory}"[^>]*data-marks="([^"]*)"', html)
    assert found, f"{territory} is not on the board"
    return found.group(1)


def log_fields(response, kind: str) -> str:
    """The drawn fields of one form of the quick log."""
    return next(e for e in response.context["log_forms"] if e["kind"] == kind)["fields"]


def test_a_scar_placed_after_a_view_shows_on_the_board_and_leaves_the_scar_form(game, as_owner):
    page = url(game.campaign, "games/1/")
    before = as_owner.get(page)
    assert "scar" not in board_marks(before.content.decode(), "Greenland")
    assert 'value="greenland"' in log_fields(before, EventKind.SCAR_PLACED)
    as_owner.get(page)  # read again: the drawing kept is the one given
    place_scar(
        game=game, scar="bunker", territory="greenland", without_card=True, reason="An event card"
    )
    after = as_owner.get(page)
    assert "scar: Bunker" in board_marks(after.content.decode(), "Greenland")
    assert 'value="greenland"' not in log_fields(after, EventKind.SCAR_PLACED)


def test_missiles_used_after_a_view_are_offered_as_a_roll_at_the_next_view(game, players, as_owner):
    page = url(game.campaign, "games/1/")
    give(game, players["Ada"], missiles=1)
    assert "Entry 1: Ada" not in log_fields(as_owner.get(page), EventKind.MISSILES)
    use_missiles(game=game, count=1, player=players["Ada"].pk)
    assert "Entry 1: Ada" in log_fields(as_owner.get(page), EventKind.MISSILES)


def test_an_entry_through_the_quick_log_shows_in_the_page_it_leads_back_to(game, players, as_owner):
    page = url(game.campaign, "games/1/")
    as_owner.get(page)
    noted = as_owner.post(
        url(game.campaign, "games/1/log/scar/"),
        {
            "scar-player": str(players["Ada"].pk),
            "scar-scar": "bunker",
            "scar-territory": "greenland",
        },
    )
    assert noted.status_code == 302
    html = as_owner.get(page).content.decode()
    assert "scar: Bunker" in board_marks(html, "Greenland")


def test_the_board_and_the_quick_log_are_drawn_in_the_language_asked_for(game, owner):
    page = url(game.campaign, "games/1/")
    english = client_for(owner, "en").get(page).content.decode()
    russian = client_for(owner, "ru").get(page).content.decode()
    assert 'aria-label="The board now"' in english
    assert 'aria-label="Доска сейчас"' in russian
    assert 'aria-label="The board now"' not in russian
    assert ">Note it<" in english and ">Note it<" not in russian
