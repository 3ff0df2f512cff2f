"""The end poster of a world a packet grew: the territory added in game 7 (Quillowmere, with
the city founded there and the coin on its card) is on the poster's board as on the board
picture of the last game, a small island with its name and its sea lines."""

from __future__ import annotations

import dataclasses
import io

import pytest
from django.core.files.storage import default_storage
from PIL import Image, ImageChops

from bench.long import extend_with_games
from campaigns.board import add_territory
from campaigns.game.finish import finish_game
from campaigns.pictures.poster import draw_poster, poster_of
from campaigns.pictures.state import picture_for
from legacy.drawing import render_image
from legacy.poster import render_poster
from legacy.selectors import world_as_of
from tests.support.board import quillowmere_in_game_7

pytestmark = pytest.mark.django_db

WIDTH = 800


@pytest.fixture
def grown_and_named(prepared_campaign, owner, media):
    """Quillowmere added in game 7, Ada founds Quillport there and Boris holds on with a coin on
    its card; the games up to the fifteenth are played and the world is named."""
    game_7 = quillowmere_in_game_7(prepared_campaign, owner)
    people = {p.name: p for p in prepared_campaign.players.all()}
    ada, boris, chloe = people["Ada"], people["Boris"], people["Chloe"]
    finish_game(
        game=game_7,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        controlled={boris.pk: ["quillowmere", "china"]},
        winner_reward={"kind": "major-city", "territory": "quillowmere", "name": "Quillport"},
        held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "quillowmere"}},
        by=owner,
    )
    extend_with_games(prepared_campaign.pk, 15)
    return prepared_campaign


def board_band(poster_png: bytes, board: Image.Image) -> Image.Image:
    """The part of the poster under its heading band, as tall as the board."""
    top = round(round(WIDTH / 100 * 5) * 2.2)
    poster = Image.open(io.BytesIO(poster_png)).convert("RGB")
    return poster.crop((0, top, WIDTH, top + board.height))


def test_the_poster_of_a_grown_world_draws_the_added_territory_as_the_board_picture_does(
    grown_and_named,
):
    there = world_as_of(grown_and_named.pk).territories["quillowmere"]
    assert there.city is not None and there.city.name == "Quillport" and there.coins == 2

    poster = poster_of(grown_and_named.pk)
    assert poster is not None
    board = picture_for(grown_and_named.pk, 15)
    assert poster.picture == board
    assert [i.slug for i in poster.picture.islands] == ["quillowmere"]
    island = poster.picture.islands[0]
    assert island.name == "Quillowmere" and island.continent == "africa"
    assert set(island.connections) == {"madagascar", "south-africa"}

    drawn = render_image(board, WIDTH).convert("RGB")
    band = board_band(render_poster(poster.picture, poster.text, WIDTH), drawn)
    assert ImageChops.difference(band, drawn).getbbox() is None
    without = render_image(without_islands(board), WIDTH).convert("RGB")
    assert ImageChops.difference(band, without).getbbox() is not None  # the island is drawn


def without_islands(picture):
    """The same board without the territories packets added, nor the marks on them."""
    added = {i.slug for i in picture.islands}
    return dataclasses.replace(
        picture,
        islands=(),
        territories=tuple(t for t in picture.territories if t.slug not in added),
    )


def test_the_poster_of_a_grown_world_is_drawn_and_stored(grown_and_named):
    assert draw_poster(grown_and_named.pk) == "drawn"
    poster = poster_of(grown_and_named.pk)
    with default_storage.open(poster.name) as stored:
        image = Image.open(stored)
        image.load()
    assert image.width == 2400


def test_a_russian_poster_draws_an_island_named_in_cyrillic_joined_to_another_island(
    grown_and_named, owner
):
    grown_and_named.language = "ru"
    grown_and_named.save(update_fields=["language"])
    add_territory(
        campaign=grown_and_named,
        game=9,
        name="Остров Ветров",
        continent="asia",
        connections=["quillowmere", "japan"],
        x=0.9,
        y=0.2,
        by=owner,
    )
    poster = poster_of(grown_and_named.pk)
    assert poster is not None and poster.text.heading.startswith("Мир")
    assert [i.name for i in poster.picture.islands] == ["Quillowmere", "Остров Ветров"]
    assert poster.picture == picture_for(grown_and_named.pk, 15)
    drawn = render_image(poster.picture, WIDTH).convert("RGB")
    band = board_band(render_poster(poster.picture, poster.text, WIDTH), drawn)
    assert ImageChops.difference(band, drawn).getbbox() is None
