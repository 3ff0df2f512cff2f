"""The marks keep every row when the database stops listing the box's 42 territories
(migration 0016): a mark on a printed territory reads the same after, and a mark may then name
a territory a packet added."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from legacy.models import City, Scar

BEFORE = ("legacy", "0015_board_grows")
AFTER = ("legacy", "0016_marks_on_added_territories")


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_marks_on_the_box_territories_stay_and_added_ones_may_be_marked():
    newest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        # Every other app as it is now: only the marks go back to before the change.
        others = [node for node in newest if node[0] != "legacy"]
        apps = migrate([*others, BEFORE])
        user = apps.get_model("auth", "User").objects.create(username="olga")
        campaign = apps.get_model("campaigns", "Campaign").objects.create(name="Earth", owner=user)
        kind = apps.get_model("legacy", "ScarKind").objects.create(
            campaign=campaign, slug="bunker", name="Bunker"
        )
        apps.get_model("legacy", "City").objects.create(
            campaign=campaign, territory="egypt", kind="major", name="Cairo", placed_in_game=1
        )
        apps.get_model("legacy", "Scar").objects.create(
            campaign=campaign, kind=kind, territory="peru", placed_in_game=1
        )
        migrate([*others, AFTER])
        migrate(newest)
        assert City.objects.get().territory == "egypt"
        assert Scar.objects.get().territory == "peru"
        City.objects.create(
            campaign_id=campaign.pk,
            territory="quillowmere",
            kind="minor",
            name="Quillport",
            placed_in_game=7,
        )
        assert City.objects.filter(territory="quillowmere").count() == 1
    finally:
        migrate(newest)
