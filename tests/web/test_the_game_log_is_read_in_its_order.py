"""The game page reads its latest entries off an index in the log's order (``event_log_order``):
it does not sort every entry of the game to find the last thirty, so its time does not grow with
the game's entries."""

from __future__ import annotations

import pytest
from django.db import connection

from campaigns.game.table import record_recruitment
from campaigns.models import GameEvent
from campaigns.selectors import game_log

pytestmark = pytest.mark.django_db


def test_the_latest_entries_are_read_without_sorting_the_games_every_entry(game, players):
    record_recruitment(game=game, player=players["Ada"].pk, troops=3)
    rows = GameEvent.objects.filter(game=game).order_by("-made_at", "-seq")[: game_log.SHOWN]
    sql, params = rows.query.sql_with_params()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A table this small would be read whole: ask the plan a large one would have.
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("EXPLAIN " + sql, params)
            plan = " ".join(row[0] for row in cursor.fetchall())
            assert "event_log_order" in plan and "Sort" not in plan
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            plan = " ".join(str(row[-1]) for row in cursor.fetchall())
            assert "event_log_order" in plan and "TEMP B-TREE" not in plan
