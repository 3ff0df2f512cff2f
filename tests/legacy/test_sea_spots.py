"""A territory a packet added is drawn as an island in the sea, never on the printed land, and
its sea lines cross no other territory's land where a spot nearby avoids it (issue #39:
"Atlantis" was drawn inside South America)."""

from __future__ import annotations

import math

import pytest

from legacy.drawing.picture import DrawnIsland, load_geometry
from legacy.drawing.sea import APART, SEA_SPOTS, SHORE, in_the_sea, land_at, land_crossed
from legacy.drawing.territories import ISLAND_RADIUS, island_centres

PRINTED = sorted(load_geometry().territories)


def anchor(slug: str) -> tuple[float, float]:
    x, y = load_geometry().territories[slug]["anchor"]
    return float(x), float(y)


def test_every_sea_spot_is_open_water_away_from_every_shore():
    assert [spot for spot in SEA_SPOTS if not in_the_sea(spot, SHORE)] == []


def test_the_land_of_the_printed_board_is_land_and_the_atlantic_is_not():
    assert land_at(anchor("brazil")) == "brazil"
    assert land_at((420.0, 330.0)) is None  # between Brazil and North Africa


def test_atlantis_joined_to_brazil_and_north_africa_is_drawn_in_the_atlantic():
    atlantis = DrawnIsland("atlantis", "Atlantis", "south-america", ("brazil", "north-africa"))
    centre = island_centres((atlantis,))["atlantis"]
    assert in_the_sea(centre, ISLAND_RADIUS)
    assert land_crossed(centre, anchor("brazil"), ["brazil"]) == 0
    assert land_crossed(centre, anchor("north-africa"), ["north-africa"]) == 0


@pytest.mark.parametrize("joined", PRINTED)
def test_an_island_joined_to_any_printed_territory_is_drawn_in_the_sea(joined):
    island = DrawnIsland("added", "Added", "asia", (joined,))
    assert in_the_sea(island_centres((island,))["added"], ISLAND_RADIUS)


def test_a_place_the_group_chose_in_the_sea_is_kept():
    mu = DrawnIsland("mu", "Mu", "asia", ("japan",), (0.97, 0.3))
    assert island_centres((mu,))["mu"] == (970.0, 0.3 * 515)


def test_a_place_the_group_chose_on_land_is_moved_to_the_sea_nearby():
    on_brazil = (anchor("brazil")[0] / 1000, anchor("brazil")[1] / 515)
    mu = DrawnIsland("mu", "Mu", "south-america", ("brazil",), on_brazil)
    centre = island_centres((mu,))["mu"]
    assert in_the_sea(centre, ISLAND_RADIUS)
    assert math.dist(centre, anchor("brazil")) < 150


def test_islands_joined_to_one_territory_each_have_a_spot_of_their_own():
    islands = tuple(DrawnIsland(f"isle-{i}", f"Isle {i}", "asia", ("japan",)) for i in range(5))
    centres = list(island_centres(islands).values())
    assert all(in_the_sea(c, ISLAND_RADIUS) for c in centres)
    for i, one in enumerate(centres):
        for other in centres[i + 1 :]:
            assert math.dist(one, other) >= APART
