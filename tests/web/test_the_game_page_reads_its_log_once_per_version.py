"""The game page of a long game: it lists its latest entries as rows, and reads the rest (each
seat's holdings, what the log decided) off the replay of the whole log, made once per version
of the campaign. What it shows stays what the whole log says after every kind of write."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest

from campaigns.game.entries.hq_taken import HqTaken
from campaigns.game.entries.recruitment import Recruitment
from campaigns.game.entries.red_star_bought import RedStarBought
from campaigns.game.holdings import holdings_of
from campaigns.game.late_entries import confirm_entry
from campaigns.game.table import buy_red_star, record_recruitment, use_missiles
from campaigns.game.taking_back import void_event
from campaigns.models import Campaign, EventKind, GameEvent
from campaigns.selectors import game_log
from tests.support.games import give
from tests.support.late_entries import entry
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


def test_the_page_replays_the_log_once_and_takes_it_on_through_new_entries(game, players, as_owner):
    buy_red_star(game=game, player=players["Ada"].pk)
    whole = mock.patch.object(game_log, "log_facts", side_effect=game_log.log_facts)
    on = mock.patch.object(game_log, "taken_on", side_effect=game_log.taken_on)
    with whole as replays, on as takes:
        as_owner.get(url(game.campaign, "games/1/"))
        as_owner.get(url(game.campaign, "games/1/"))
        assert (replays.call_count, takes.call_count) == (1, 0)
        bought = buy_red_star(game=game, player=players["Boris"].pk)
        as_owner.get(url(game.campaign, "games/1/"))
        assert (replays.call_count, takes.call_count) == (1, 1)
        void_event(game=game, seq=bought.event.seq, reason="entered by mistake")
        as_owner.get(url(game.campaign, "games/1/"))
        assert replays.call_count == 2  # taken back: the whole log again


def test_the_facts_read_after_each_write_are_the_whole_logs(game, players, as_owner):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    give(game, players["Ada"], missiles=3)

    writes = [
        lambda: entry(game, EventKind.HQ_TAKEN, HqTaken(player=ada, hq_of=boris), 1),
        lambda: use_missiles(game=game, player=ada, count=1),
        lambda: use_missiles(game=game, player=ada, count=1, roll=fired[0]),
        lambda: entry(game, EventKind.RED_STAR_BOUGHT, RedStarBought(player=chloe), 9),
        # Ada's phone was offline: her winning entry, made before Chloe's, arrives after it.
        lambda: entry(game, EventKind.HQ_TAKEN, HqTaken(player=ada, hq_of=chloe), 5),
        lambda: confirm_entry(game=game, seq=late[0]),
        lambda: void_event(game=game, seq=late[0], reason="entered by mistake"),
        lambda: record_recruitment(game=game, player=boris, troops=30),
    ]
    fired, late = [], []
    for n, write in enumerate(writes):
        done = write()
        if n == 1:
            fired.append(done.event.seq)
        if n == 4:
            late.append(done.seq)
        page = as_owner.get(url(game.campaign, "games/1/"))
        seats = list(game.seats.all())
        assert page.context["log"].facts == game_log.log_facts(game, seats), f"after write {n}"


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


def test_the_facts_read_after_any_write_cost_two_queries_whatever_the_log(game, players):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaigns.game.common import seats_of

    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    # The game started an hour ago: an entry made a second after its start is made before all.
    game.started_at -= timedelta(hours=1)
    game.save(update_fields=["started_at"])
    for _ in range(12):
        record_recruitment(game=game, player=boris, troops=30)
    seats = seats_of(game)

    def as_a_page_reads_it():
        return Campaign.objects.get(pk=game.campaign_id)  # its version now, not writing

    game_log.facts_of(as_a_page_reads_it(), game, seats)
    bought = buy_red_star(game=game, player=ada).event
    writes = {
        "a new entry": lambda: record_recruitment(game=game, player=chloe, troops=30),
        "an entry taken back": lambda: void_event(game=game, seq=bought.seq, reason="twice"),
        "an entry made earlier": lambda: entry(
            game, EventKind.RED_STAR_BOUGHT, RedStarBought(player=chloe), 1
        ),
    }
    for write, make in writes.items():
        make()
        campaign = as_a_page_reads_it()
        with CaptureQueriesContext(connection) as queries:
            facts = game_log.facts_of(campaign, game, seats)
        assert len(queries) == 2, (write, [q["sql"][:80] for q in queries.captured_queries])
        assert facts.replayed.holdings == holdings_of(game).holdings, write


def last_entry_of(game):
    campaign = Campaign.objects.get(pk=game.campaign_id)
    seats = list(game.seats.order_by("order"))
    return game_log.game_log(campaign, game, seats)


def test_the_last_entry_is_the_newest_standing_one_shown_without_reading_it_again(game, players):
    for _ in range(3):
        record_recruitment(game=game, player=players["Ada"].pk, troops=30)
    standing = record_recruitment(game=game, player=players["Boris"].pk, troops=31).event
    newest = record_recruitment(game=game, player=players["Chloe"].pk, troops=32).event
    void_event(game=game, seq=newest.seq, reason="entered by mistake")

    made = mock.patch.object(GameEvent, "from_db", side_effect=GameEvent.from_db)
    with made as rows:
        log = last_entry_of(game)
    assert log.last_entry.seq == standing.seq and log.last_entry in log.shown
    assert log.waiting == []
    assert rows.call_count == 5  # the rows shown, none read a second time


def test_an_entry_awaiting_the_table_from_before_the_rows_shown_is_still_found(game, players):
    ada, boris = players["Ada"].pk, players["Boris"].pk
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=ada, hq_of=boris), 1)
    entry(game, EventKind.RED_STAR_BOUGHT, RedStarBought(player=players["Chloe"].pk), 3)
    won = entry(game, EventKind.HQ_TAKEN, HqTaken(player=ada, hq_of=players["Chloe"].pk), 2)
    assert won.awaiting_confirmation
    for second in range(10, 12 + game_log.SHOWN):
        entry(game, EventKind.RECRUITMENT, Recruitment(player=boris, troops=30), second)

    log = last_entry_of(game)
    assert [e.seq for e in log.waiting] == [won.seq]
    assert won.seq not in {e.seq for e in log.shown}
    assert log.last_entry.seq == game.events.order_by("-seq").first().seq
