"""The game page of a long game: it lists its latest entries as rows, and reads the rest (each
seat's holdings, what the log decided) off the replay of the whole log, made once per version
of the campaign. What it shows stays what the whole log says after every kind of write."""

from __future__ import annotations

from unittest import mock

import pytest

from campaigns.game.holdings import holdings_of
from campaigns.game.table import buy_red_star, record_recruitment, use_missiles
from campaigns.game.taking_back import void_event
from campaigns.models import GameEvent
from campaigns.selectors import game_log
from tests.support.games import give
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def page_holdings(client, game) -> dict:
    seats = client.get(url(game.campaign, "games/1/")).context["seats"]
    return {s.pk: s.holdings.as_dict() for s in seats}


def log_holdings(game) -> dict:
    return {seat: h.as_dict() for seat, h in holdings_of(game).holdings.items()}


def test_the_page_of_a_long_game_makes_rows_of_its_latest_entries_only(game, players, as_owner):
    for _ in range(2 * game_log.SHOWN):
        record_recruitment(game=game, player=players["Ada"].pk, troops=30)
    made = mock.patch.object(GameEvent, "from_db", side_effect=GameEvent.from_db)
    with made as rows:
        assert as_owner.get(url(game.campaign, "games/1/")).status_code == 200
    # The entries listed, the last to arrive and the one a confirmation may name: never all.
    assert rows.call_count <= game_log.SHOWN + 2


def test_the_page_replays_the_log_once_per_version_of_the_campaign(game, players, as_owner):
    buy_red_star(game=game, player=players["Ada"].pk)
    with mock.patch.object(game_log, "log_facts", side_effect=game_log.log_facts) as replays:
        as_owner.get(url(game.campaign, "games/1/"))
        as_owner.get(url(game.campaign, "games/1/"))
        assert replays.call_count == 1
        buy_red_star(game=game, player=players["Boris"].pk)
        as_owner.get(url(game.campaign, "games/1/"))
        assert replays.call_count == 2


def test_the_holdings_shown_follow_an_entry_taken_back(game, players, as_owner):
    before = page_holdings(as_owner, game)
    bought = buy_red_star(game=game, player=players["Ada"].pk)
    seat = bought.event.seat_id
    assert page_holdings(as_owner, game)[seat]["red_stars"] == before[seat]["red_stars"] + 1
    void_event(game=game, seq=bought.event.seq, reason="entered by mistake")
    shown = page_holdings(as_owner, game)
    assert shown == log_holdings(game) == before


def test_the_holdings_shown_are_the_whole_logs_in_a_long_game(game, players, as_owner):
    give(game, players["Ada"], missiles=2)
    for n in range(game_log.SHOWN + 5):
        who = ("Ada", "Boris", "Chloe")[n % 3]
        record_recruitment(game=game, player=players[who].pk, troops=30)
    buy_red_star(game=game, player=players["Chloe"].pk)
    use_missiles(game=game, player=players["Ada"].pk, count=1)
    assert page_holdings(as_owner, game) == log_holdings(game)


def test_the_open_roll_is_offered_after_a_long_log(game, players, as_owner):
    give(game, players["Ada"], missiles=2)
    for _ in range(game_log.SHOWN + 2):
        record_recruitment(game=game, player=players["Boris"].pk, troops=30)
    fired = use_missiles(game=game, player=players["Ada"].pk, count=1)
    page = as_owner.get(url(game.campaign, "games/1/"))
    facts = page.context["log"].facts
    assert facts.open_roll == fired.event.seq
    assert [seq for seq, _, _ in facts.rolls] == [fired.event.seq]


def test_a_start_set_again_is_read_at_once_whatever_the_version(game, players, as_owner):
    before = page_holdings(as_owner, game)
    give(game, players["Boris"], missiles=2)  # the seat's start, no write to the log
    shown = page_holdings(as_owner, game)
    assert shown == log_holdings(game) != before
