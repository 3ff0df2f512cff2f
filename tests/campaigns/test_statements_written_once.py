"""The statements an entry runs on every tap, written out once, read and write exactly what the
querysets they replace would: the same rows, the same values, the same numbering."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.common import game_by_number, locked_game, log_event, seats_of
from campaigns.game.holdings import OUT_KINDS, entries_of
from campaigns.game.packets import pack4_mark_placed, packets_to_open
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import buy_red_star, eliminate_faction, rejoin_faction
from campaigns.models import EventKind, Game, GameEvent, Seat
from legacy.models import MarkKind, OtherMark

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, players):
    # Seated out of the order the players were made in, so that seating order shows.
    seats = [
        {"player": players["Chloe"].pk, "faction": "enclave-of-the-bear", "hq": "peru"},
        {"player": players["Ada"].pk, "faction": "khan-industries", "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "die-mechaniker", "hq": "japan"},
    ]
    return start_game(game=setup_game(campaign=prepared_campaign, seats=seats))


def test_a_game_is_read_by_its_number_as_the_orm_reads_it(game, prepared_campaign):
    read = game_by_number(prepared_campaign.pk, game.number)
    assert read == Game.objects.get(pk=game.pk)
    for field in Game._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(game, field.attname), field.name
    assert game_by_number(prepared_campaign.pk, game.number + 1) is None


def test_a_locked_game_is_its_row_read_afresh(game):
    Game.objects.filter(pk=game.pk).update(revision=7)
    campaign, read = locked_game(game)
    assert read.revision == 7 and read.campaign_id == campaign.pk


def test_the_seats_come_in_seating_order_with_their_players_read(game, players):
    seats = seats_of(game)
    assert seats == list(Seat.objects.filter(game=game).order_by("order"))
    with CaptureQueriesContext(connection) as queries:
        names = [s.player.name for s in seats]
    assert names == ["Chloe", "Ada", "Boris"] and len(queries) == 0
    fields = [f.attname for f in Seat._meta.concrete_fields]
    by_orm = Seat.objects.filter(game=game).order_by("order")
    assert [[getattr(s, f) for f in fields] for s in seats] == [
        [getattr(s, f) for f in fields] for s in by_orm
    ]


def test_an_entry_is_numbered_one_past_the_last_and_stored_as_it_is_returned(game, players, owner):
    ada = next(s for s in seats_of(game) if s.player_id == players["Ada"].pk)
    first = log_event(game, EventKind.RED_STAR_BOUGHT, owner, ada)
    second = log_event(game, EventKind.MISSILES, None, None, count=2, note="ünïcode")
    assert (first.seq, second.seq) == (1, 2)
    stored = GameEvent.objects.get(pk=second.pk)
    assert stored.seq == 2 and stored.kind == EventKind.MISSILES
    assert stored.data == {"count": 2, "note": "ünïcode"}
    assert stored.entered_by_id is None and stored.seat_id is None and not stored.voided
    assert stored.at == second.at and stored.at is not None
    assert GameEvent.objects.get(pk=first.pk).entered_by == owner
    assert GameEvent.objects.get(pk=first.pk).seat == ada


def test_voided_entries_still_hold_their_number(game, players):
    event = buy_red_star(game=game, player=players["Ada"].pk).event
    GameEvent.objects.filter(pk=event.pk).update(voided=True)
    assert buy_red_star(game=game, player=players["Ada"].pk).event.seq == 2


def test_an_entry_costs_two_statements_its_number_then_its_row(game, players):
    with CaptureQueriesContext(connection) as queries:
        log_event(game, EventKind.RED_STAR_BOUGHT, None)
    assert len(queries) == 2 and queries[1]["sql"].startswith("INSERT INTO")


def test_the_entries_of_some_kinds_are_the_standing_ones_in_order(game, players):
    chloe, ada = players["Chloe"].pk, players["Ada"].pk
    eliminate_faction(game=game, player=chloe, can_rejoin=True)
    buy_red_star(game=game, player=ada)
    rejoin_faction(game=game, player=chloe, territory="argentina")
    eliminate_faction(game=game, player=ada, can_rejoin=False)
    GameEvent.objects.filter(game=game, seq=4).update(voided=True)
    read = entries_of(game.pk, OUT_KINDS)
    assert [(e.seq, e.kind) for e in read] == [(1, "eliminated"), (3, "rejoined")]
    assert read[0].data == {"can_rejoin": True}


def test_a_pack_four_mark_counts_only_standing_on_a_territory(prepared_campaign, owner):
    kind = MarkKind.objects.create(
        campaign=prepared_campaign, slug="beacon", name="Beacon", opens_pack_4=True
    )
    assert not pack4_mark_placed(prepared_campaign.pk)
    OtherMark.objects.create(  # on a faction card: not on the board
        campaign=prepared_campaign, kind=kind, faction="saharan", placed_in_game=0
    )
    assert not pack4_mark_placed(prepared_campaign.pk)
    on_board = OtherMark.objects.create(
        campaign=prepared_campaign, kind=kind, territory="peru", placed_in_game=0
    )
    assert pack4_mark_placed(prepared_campaign.pk)
    assert "pack-4" in packets_to_open(prepared_campaign.pk)
    OtherMark.objects.filter(pk=on_board.pk).update(voided=True)
    assert not pack4_mark_placed(prepared_campaign.pk)
