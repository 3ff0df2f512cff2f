"""Entries of a game's log stored, before, with an English sentence beside their data: the
migration that drops the sentence completes their data from it, and they read in any language."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from campaigns.game.event_words import EventWords, event_text
from campaigns.game.setup import setup_game, start_game
from campaigns.models import EventKind, GameEvent

BEFORE = [("campaigns", "0023_orderings_by_column")]


def migrate(to) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(to)
    return executor


@pytest.mark.django_db(transaction=True)
def test_an_older_entry_reads_after_the_migration_with_what_its_sentence_told(
    prepared_campaign, players
):
    seats = [
        {"player": players["Ada"].pk, "faction": "khan-industries", "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "die-mechaniker", "hq": "japan"},
        {"player": players["Chloe"].pk, "faction": "enclave-of-the-bear", "hq": "peru"},
    ]
    game = start_game(game=setup_game(campaign=prepared_campaign, seats=seats))
    chloe = game.seats.get(player=players["Chloe"]).pk
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = migrate(BEFORE).loader.project_state(BEFORE).apps.get_model("campaigns", "GameEvent")
        for seq, kind, summary, data in [
            (1, "rejoined", "Chloe joins the war again in Brazil.", {}),
            (2, "rejoined", "Chloe joins the war again.", {}),
            (3, "missiles", "Chloe plays 1 missile(s) on one roll.", {"count": 1}),
            (
                4,
                "scar-placed",
                "Bunker placed on Iceland.",
                {"scar": "bunker", "territory": "iceland"},
            ),
        ]:
            old.objects.create(
                game_id=game.pk, seq=seq, kind=kind, summary=summary, seat_id=chloe, data=data
            )
    finally:
        migrate(latest)
    entries = list(GameEvent.objects.filter(game=game).select_related("seat__player"))
    assert [e.data for e in entries] == [
        {"territory": "brazil"},  # named in its sentence
        {},  # nothing to tell where: its words leave it out
        {"count": 1, "roll": 3},  # on its own roll
        {"scar": "bunker", "territory": "iceland", "with_card": True},
    ]
    words = EventWords(game.campaign_id, sees_unlocked=True)
    assert [event_text(e, words) for e in entries] == [
        "Chloe joins the war again in Brazil",
        "Chloe joins the war again",
        "1 missile(s) on one roll — Chloe",
        "Bunker on Iceland — Chloe",
    ]
    with translation.override("ru"):
        words = EventWords(game.campaign_id, sees_unlocked=True)
        assert event_text(entries[3], words) == "Бункер: Исландия — Chloe"
    assert all(e.kind in EventKind.values for e in entries)
