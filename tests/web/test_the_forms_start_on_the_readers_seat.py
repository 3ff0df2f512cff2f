"""The quick log's forms start on the reader's own seat (the roster name they claimed), and on
nobody for a reader without a seat at this game: a hurried entry is never credited to the first
seat by default."""

from __future__ import annotations

import re

import pytest

from campaigns.models import Player
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db


def chosen(page: str, field: str) -> str | None:
    """The option a ``<select>`` of the page starts on (None: its first)."""
    select = re.search(rf'<select name="{field}".*?</select>', page, re.S)
    assert select, field
    found = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(0))
    return found.group(1) if found else None


def test_the_forms_start_on_the_seat_of_the_readers_claimed_name(game, players, owner, editor):
    Player.objects.filter(pk=players["Chloe"].pk).update(user=editor)
    page = client_for(editor).get(url(game.campaign, "games/1/")).content.decode()
    for field in ("missiles-player", "redstar-player", "hqtaken-player", "eliminated-player"):
        assert chosen(page, field) == str(players["Chloe"].pk), field


def test_a_reader_without_a_seat_starts_on_nobody(game, players, owner, editor):
    Player.objects.filter(pk=players["Chloe"].pk).update(user=editor)
    client_for(editor).get(url(game.campaign, "games/1/"))  # drawn for Chloe first
    page = client_for(owner).get(url(game.campaign, "games/1/")).content.decode()
    for field in ("missiles-player", "redstar-player", "hqtaken-player", "hqtaken-hq_of"):
        assert chosen(page, field) in (None, ""), field
        first = re.search(rf'<select name="{field}"[^>]*>\s*<option value="([^"]*)"', page)
        assert first and first.group(1) == "", field


def test_an_entry_without_a_seat_chosen_is_refused_and_writes_nothing(game, players, as_owner):
    response = as_owner.post(
        url(game.campaign, "games/1/log/missiles/"), {"missiles-count": "1", "missiles-player": ""}
    )
    assert response.status_code == 200
    assert not game.events.exists()
