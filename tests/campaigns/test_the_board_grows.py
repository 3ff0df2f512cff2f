"""A packet adds a territory to the board: from its game on every rule, count and picture reads
it; before, it does not exist."""

from __future__ import annotations

import pytest
from PIL import ImageColor

from bench.long import extend_with_games
from campaigns.board import add_connection, add_territory
from campaigns.pictures.state import picture_for
from campaigns.selectors.statistics import _coins
from legacy import drawing, rules
from legacy.errors import RuleViolation
from legacy.selectors import world_as_of
from tests.support.games import play
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def seven_games(prepared_campaign):
    """Two games played, then five more like the second."""
    play(prepared_campaign, 2)
    extend_with_games(prepared_campaign.pk, 7)
    return prepared_campaign


@pytest.fixture
def atlantis(seven_games, owner):
    return add_territory(
        campaign=seven_games,
        game=7,
        name="Atlantis",
        continent="africa",
        connections=["brazil", "north-africa"],
        coins=2,
        by=owner,
    )


def test_a_territory_added_in_game_7_is_on_the_board_from_game_7_on(seven_games, atlantis):
    now = world_as_of(seven_games.pk)
    assert atlantis.slug == "atlantis"
    assert now.territories["atlantis"].name == "Atlantis"
    assert now.board.neighbors("atlantis") == {"brazil", "north-africa"}
    assert "atlantis" in now.board.neighbors("brazil")
    assert "atlantis" in world_as_of(seven_games.pk, 7).territories


def test_as_of_game_6_the_added_territory_does_not_exist(seven_games, atlantis):
    before = world_as_of(seven_games.pk, 6)
    assert "atlantis" not in before.territories
    assert "atlantis" not in before.board.neighbors("brazil")
    assert len(before.territories) == 42


def test_the_added_territory_is_a_legal_start_and_not_next_to_an_hq(seven_games, atlantis):
    world = world_as_of(seven_games.pk)
    assert "atlantis" in rules.legal_starting_territories(world, player=None)
    assert "atlantis" not in rules.legal_starting_territories(world, player=None, hqs=["brazil"])
    assert "atlantis" not in rules.legal_starting_territories(
        world_as_of(seven_games.pk, 6), player=None
    )


def test_holding_all_of_africa_takes_the_added_territory_too(seven_games, atlantis):
    world = world_as_of(seven_games.pk)
    africa = list(world.board.territories_of("africa"))
    assert "atlantis" in africa
    without = [t for t in africa if t != "atlantis"]
    bonus = world.continents["africa"].bonus
    # Six territories and no continent, against seven territories and Africa's bonus.
    assert rules.recruitment(world, player=None, controlled=without) == 3
    assert rules.recruitment(world, player=None, controlled=africa) == 3 + bonus


def test_the_added_card_counts_with_its_coins_from_its_game_on(seven_games, atlantis):
    cards, over = _coins(seven_games.pk, (1, 2, 3, 4, 5, 6, 7))
    assert {"territory": "atlantis", "coins": 2, "destroyed": False} in cards
    by_game = {row["game"]: row for row in over}
    assert by_game[7]["cards"] == by_game[6]["cards"] + 1
    assert by_game[7]["coins"] == by_game[6]["coins"] + 2


def test_a_name_already_on_the_board_is_refused(seven_games, atlantis):
    with pytest.raises(RuleViolation) as refused:
        add_territory(
            campaign=seven_games, game=7, name="atlantis", continent="asia", connections=["japan"]
        )
    assert refused.value.rule == "territory-name-taken"
    with pytest.raises(RuleViolation) as refused:
        add_territory(
            campaign=seven_games, game=7, name="Peru", continent="asia", connections=["japan"]
        )
    assert refused.value.rule == "territory-name-taken"


def test_a_connection_to_a_territory_added_later_is_refused(seven_games, atlantis):
    with pytest.raises(RuleViolation) as refused:
        add_territory(
            campaign=seven_games, game=6, name="Mu", continent="asia", connections=["atlantis"]
        )
    assert refused.value.rule == "unknown-territory"


def test_a_territory_without_connections_or_in_no_game_is_refused(seven_games):
    for kwargs, rule in (
        ({"connections": []}, "territory-connected"),
        ({"connections": ["japan"], "continent": "atlantis"}, "unknown-continent"),
        ({"connections": ["japan"], "game": 8}, "unknown-game"),
        ({"connections": ["japan"], "name": "  "}, "name-required"),
    ):
        with pytest.raises(RuleViolation) as refused:
            add_territory(
                campaign=seven_games,
                **{"game": 7, "name": "Mu", "continent": "asia", **kwargs},
            )
        assert refused.value.rule == rule


def test_a_connection_alone_joins_two_territories_from_its_game_on(seven_games, atlantis):
    add_connection(campaign=seven_games, game=7, a="atlantis", b="western-europe")
    assert world_as_of(seven_games.pk).board.are_adjacent("western-europe", "atlantis")
    with pytest.raises(RuleViolation) as refused:
        add_connection(campaign=seven_games, game=7, a="western-europe", b="atlantis")
    assert refused.value.rule == "connection-once"
    with pytest.raises(RuleViolation) as refused:
        add_connection(campaign=seven_games, game=6, a="atlantis", b="peru")
    assert refused.value.rule == "unknown-territory"


def test_the_png_draws_the_added_island_with_its_sea_lines_from_game_7(seven_games, atlantis):
    picture = picture_for(seven_games.pk, 7)
    assert [i.slug for i in picture.islands] == ["atlantis"]
    lines = {p.ref for p in drawing.layout(picture) if isinstance(p, drawing.Line)}
    assert {"atlantis:brazil", "atlantis:north-africa"} <= lines
    image = drawing.render_image(picture, width=1000)
    africa = ImageColor.getrgb(drawing.CONTINENT_COLORS["africa"])
    assert image.getpixel(tuple(round(v) for v in island_centre(picture))) == africa
    before = picture_for(seven_games.pk, 6)
    assert not before.islands
    assert not any(
        p.ref and "atlantis" in p.ref for p in drawing.layout(before) if isinstance(p, drawing.Line)
    )


def island_centre(picture):
    from legacy.drawing.territories import island_centres

    return island_centres(tuple(picture.islands))["atlantis"]


def test_the_island_sits_where_the_group_placed_it(seven_games, owner):
    add_territory(
        campaign=seven_games,
        game=7,
        name="Mu",
        continent="asia",
        connections=["japan"],
        x=0.97,
        y=0.3,
        by=owner,
    )
    assert island_centre_of(picture_for(seven_games.pk, 7), "mu") == (970.0, 154.5)


def test_an_island_the_group_placed_on_land_is_drawn_in_the_sea(seven_games, owner):
    from legacy.drawing.sea import in_the_sea
    from legacy.drawing.territories import ISLAND_RADIUS

    add_territory(
        campaign=seven_games,
        game=7,
        name="Mu",
        continent="asia",
        connections=["japan"],
        x=0.74,  # in China
        y=0.48,
        by=owner,
    )
    assert in_the_sea(island_centre_of(picture_for(seven_games.pk, 7), "mu"), ISLAND_RADIUS)


def island_centre_of(picture, slug):
    from legacy.drawing.territories import island_centres

    return island_centres(tuple(picture.islands))[slug]


def test_the_page_svg_draws_the_island_named_with_its_sea_lines(seven_games, atlantis, owner):
    page = client_for(owner).get(f"/c/{seven_games.pk}/board.svg").content.decode()
    assert ">ATLANTIS</text>" in page
    assert 'data-connection="atlantis:brazil"' in page
    assert 'data-connection="atlantis:north-africa"' in page
    before = client_for(owner).get(f"/c/{seven_games.pk}/board/6.svg").content.decode()
    assert "ATLANTIS" not in before


def test_game_8_may_start_an_hq_on_the_added_territory(seven_games, atlantis, owner):
    from campaigns.game.setup import setup_game
    from tests.support.games import seats

    players = {p.name: p for p in seven_games.players.all()}
    game = setup_game(
        campaign=seven_games, seats=seats(players, ("atlantis", "japan", "peru")), by=owner
    )
    assert game.number == 8
    assert game.seats.get(player=players["Ada"]).hq == "atlantis"
