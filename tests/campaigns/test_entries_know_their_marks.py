"""An entry of the log knows the marks it put on the board: taking it back undoes exactly
those, however many marks alike the game holds."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from campaigns import backup
from campaigns.game.packets import open_packet
from campaigns.game.setup import setup_game, start_game
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import place_mark
from campaigns.models import EventMark, GameEvent
from legacy.models import OtherMark
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, players):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-1",
        unlocked=[{"kind": "mark-kind", "title": "Beacon"}],
    )
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    g = setup_game(
        campaign=prepared_campaign,
        seats=[
            {"player": ada.pk, "faction": "khan-industries", "hq": "egypt"},
            {"player": boris.pk, "faction": "die-mechaniker", "hq": "japan"},
            {"player": chloe.pk, "faction": "enclave-of-the-bear", "hq": "peru"},
        ],
    )
    return start_game(game=g)


def beacons(campaign) -> dict[str, bool]:
    """Who placed each beacon on India, and whether it still counts."""
    return {
        m.placed_by.name: not m.voided
        for m in OtherMark.objects.filter(campaign=campaign, territory="india")
    }


def test_taking_back_the_first_of_two_identical_marks_leaves_the_second_players_mark(game, players):
    first = place_mark(game=game, kind="beacon", territory="india", player=players["Ada"].pk)
    place_mark(game=game, kind="beacon", territory="india", player=players["Boris"].pk)

    void_event(game=game, seq=first.event.seq, reason="Ada's beacon went on Siam.")

    assert beacons(game.campaign) == {"Ada": False, "Boris": True}


def test_taking_back_the_second_leaves_the_first(game, players):
    place_mark(game=game, kind="beacon", territory="india", player=players["Ada"].pk)
    second = place_mark(game=game, kind="beacon", territory="india", player=players["Boris"].pk)

    void_event(game=game, seq=second.event.seq, reason="Boris placed none.")

    assert beacons(game.campaign) == {"Ada": True, "Boris": False}


def test_a_backup_carries_what_each_entry_put_on_the_board(game, players):
    place_mark(game=game, kind="beacon", territory="india", player=players["Ada"].pk)
    place_mark(game=game, kind="beacon", territory="india", player=players["Boris"].pk)
    owner = get_user_model().objects.create_user(username="rita", password="pw-rita-123")
    document = backup.export_campaign(game.campaign_id)
    events = document["games"][0]["events"]
    assert [e["marks"] for e in events if e["kind"] == "mark-placed"] == [
        [["OtherMark", 1, "created"]],
        [["OtherMark", 2, "created"]],
    ]

    copy_ = backup.import_campaign(document, owner=owner)

    restored = GameEvent.objects.filter(game__campaign=copy_, kind="mark-placed").order_by("seq")
    placed_by = [
        OtherMark.objects.get(pk=EventMark.objects.get(event=e).mark_id).placed_by.name
        for e in restored
    ]
    assert placed_by == ["Ada", "Boris"]


def test_an_older_backup_without_the_links_gets_them_again_by_what_each_entry_says(game, players):
    place_mark(game=game, kind="beacon", territory="india", player=players["Ada"].pk)
    place_mark(game=game, kind="beacon", territory="japan", player=players["Boris"].pk)
    owner = get_user_model().objects.create_user(username="rita", password="pw-rita-123")
    document = backup.export_campaign(game.campaign_id)
    for event in document["games"][0]["events"]:
        del event["marks"]

    copy_ = backup.import_campaign(document, owner=owner)

    restored = GameEvent.objects.filter(game__campaign=copy_, kind="mark-placed").order_by("seq")
    where = [
        OtherMark.objects.get(pk=EventMark.objects.get(event=e).mark_id).territory for e in restored
    ]
    assert where == ["india", "japan"]


def test_entries_written_before_the_links_are_linked_oldest_mark_first(game, players):
    migration = importlib.import_module("campaigns.migrations.0026_entries_know_their_marks")
    first = place_mark(game=game, kind="beacon", territory="india", player=players["Ada"].pk)
    second = place_mark(game=game, kind="beacon", territory="india", player=players["Boris"].pk)
    EventMark.objects.all().delete()

    migration.link_existing_entries(apps, None)

    linked = {
        link.event.seq: OtherMark.objects.get(pk=link.mark_id).placed_by.name
        for link in EventMark.objects.select_related("event")
    }
    assert linked == {first.event.seq: "Ada", second.event.seq: "Boris"}
