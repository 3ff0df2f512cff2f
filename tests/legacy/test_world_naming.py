"""When the world is named, as one pure rule."""

import pytest

from legacy.box import CAMPAIGN_GAMES
from legacy.rules.starting import world_named_before
from legacy.rules.world_naming import world_may_be_named, world_to_be_named


@pytest.mark.parametrize(("last", "may"), [(0, False), (14, False), (15, True), (18, True)])
def test_the_world_may_be_named_from_the_end_of_the_fifteenth_game(last, may):
    assert world_may_be_named(last) is may


@pytest.mark.parametrize(
    ("last", "name", "waits"),
    [(14, None, False), (15, None, True), (15, "", True), (15, "Pangaea", False), (17, None, True)],
)
def test_the_world_waits_for_its_name_until_it_has_one(last, name, waits):
    assert world_to_be_named(last, name) is waits


@pytest.mark.parametrize("name", [None, "Pangaea"])
@pytest.mark.parametrize("last", range(CAMPAIGN_GAMES - 1, CAMPAIGN_GAMES + 3))
def test_the_next_game_is_set_up_exactly_when_no_name_is_awaited(last, name):
    assert world_named_before(last + 1, name) is not world_to_be_named(last, name)
