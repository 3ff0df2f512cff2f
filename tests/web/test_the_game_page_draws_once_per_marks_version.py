"""The game page's board and quick log are drawn once per marks version of the campaign: an
entry that places no mark (a recruitment, a red star) leaves both as drawn, so the page read
first after it costs little; an entry that places one (a scar) draws both again, and the page
shows it. The missile rolls the quick log offers are drawn again when a roll is entered."""

from __future__ import annotations

from unittest import mock

import pytest

from campaigns.game.table import buy_red_star, place_scar, record_recruitment, use_missiles
from tests.support.games import give
from tests.support.pages import url
from web.views import quick_log, table

pytestmark = pytest.mark.django_db


def drawings(client, game) -> tuple[int, int, str]:
    """How many times the board and the quick log's forms were drawn for one read of the game
    page, and the page."""
    board = mock.patch.object(table, "interactive_board", side_effect=table.interactive_board)
    forms = mock.patch.object(quick_log, "drawn_fields", side_effect=quick_log.drawn_fields)
    with board as boards, forms as fields:
        page = client.get(url(game.campaign, "games/1/")).content.decode()
    return boards.call_count, fields.call_count, page


def test_an_entry_that_places_no_mark_leaves_the_board_and_the_forms_drawn(game, players, as_owner):
    drawings(as_owner, game)
    record_recruitment(game=game, player=players["Ada"].pk, troops=12)
    buy_red_star(game=game, player=players["Boris"].pk)
    boards, fields, _page = drawings(as_owner, game)
    assert boards == 0
    assert fields == 0


def test_a_scar_placed_draws_the_board_and_the_forms_again(game, players, as_owner):
    drawings(as_owner, game)
    place_scar(
        game=game, scar="bunker", territory="iceland", without_card=True, reason="An event card"
    )
    boards, fields, page = drawings(as_owner, game)
    assert boards == 1 and fields > 1
    assert 'data-territory="iceland"' in page and "Bunker" in page


def test_a_missile_roll_entered_is_offered_at_once(game, players, as_owner):
    give(game, players["Ada"], missiles=3)
    drawings(as_owner, game)
    used = use_missiles(game=game, player=players["Ada"].pk, count=1)
    _boards, fields, page = drawings(as_owner, game)
    assert fields > 1
    assert f"Entry {used.event.seq}: Ada" in page
