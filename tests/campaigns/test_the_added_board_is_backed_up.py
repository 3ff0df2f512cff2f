"""A backup carries what packets added to the board: the copy has the same board as of every
game, and exports to the same bytes."""

from __future__ import annotations

import pytest

from campaigns import backup
from campaigns.board import add_connection, add_territory
from legacy.selectors import world_as_of
from tests.support.games import play

pytestmark = pytest.mark.django_db


def test_an_added_territory_and_connection_survive_export_and_import(prepared_campaign, owner):
    campaign = play(prepared_campaign, 2)
    add_territory(
        campaign=campaign,
        game=2,
        name="Atlantis",
        continent="africa",
        connections=["brazil", "north-africa"],
        coins=3,
        x=0.4,
        y=0.6,
        by=owner,
    )
    add_connection(campaign=campaign, game=2, a="atlantis", b="peru", by=owner)
    text = backup.dumps(backup.export_campaign(campaign.pk))
    copy_ = backup.import_campaign(backup.loads(text), owner=owner)
    board = world_as_of(copy_.pk).board
    atlantis = board.territory_by_slug["atlantis"]
    assert (atlantis.name, atlantis.continent, atlantis.coins, atlantis.added_in) == (
        "Atlantis",
        "africa",
        3,
        2,
    )
    assert atlantis.position == (0.4, 0.6)
    assert board.neighbors("atlantis") == {"brazil", "north-africa", "peru"}
    assert "atlantis" not in world_as_of(copy_.pk, 1).territories
    assert backup.dumps(backup.export_campaign(copy_.pk)) == text
