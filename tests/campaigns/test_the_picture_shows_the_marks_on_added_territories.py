"""The board picture draws the marks on a territory a packet added (Quillowmere, added in game 7)
on its island, as it draws a printed territory's: the city founded there, a scar, a
fortification, an HQ, a coin on its card. A reader the campaign hides unlocked content from
sees on the island what they would see on a printed territory, and nothing more."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import ImageChops

from bench.long import extend_with_games
from campaigns.game.finish import finish_game
from campaigns.game.packets import open_packet
from campaigns.game.table import place_scar
from campaigns.game.territory_entries import found_capital, place_mark
from campaigns.pictures.poster import poster_of
from campaigns.pictures.state import picture_for
from legacy import drawing
from legacy.drawing.territories import ISLAND_RADIUS, island_centres
from legacy.poster import render_poster
from tests.support.board import quillowmere_in_game_7
from tests.support.games import EARNED_ANOTHER_WAY, start
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db

WIDTH = 1000


@pytest.fixture
def game_7(prepared_campaign, owner):
    """The seventh game at the table, Quillowmere added to Africa in it."""
    return quillowmere_in_game_7(prepared_campaign, owner)


def people(campaign):
    found = {p.name: p for p in campaign.players.all()}
    return found["Ada"], found["Boris"], found["Chloe"]


def finish_on_quillowmere(game, winner=None):
    """Ada wins and founds Quillport (a major city) on Quillowmere; Boris holds on and puts a
    coin on its card."""
    ada, boris, chloe = people(game.campaign)
    return finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        controlled={boris.pk: ["quillowmere", "china"]},
        winner_reward=winner
        or {"kind": "major-city", "territory": "quillowmere", "name": "Quillport"},
        held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "quillowmere"}},
    )


def on_the_island(picture) -> drawing.DrawnTerritory:
    (drawn,) = [t for t in picture.territories if t.slug == "quillowmere"]
    return drawn


def icons_on_the_island(picture) -> set[str]:
    return {
        p.kind
        for p in drawing.layout(picture)
        if isinstance(p, drawing.Icon) and p.ref == "quillowmere"
    }


def island_box(picture) -> tuple[int, int, int, int]:
    """The island and the room around it its marks take, in pixels of a WIDTH-wide picture."""
    x, y = island_centres(tuple(picture.islands))["quillowmere"]
    scale = WIDTH / drawing.load_geometry().width
    r = ISLAND_RADIUS * 2.2
    return (
        round((x - r) * scale),
        round((y - r) * scale),
        round((x + r) * scale),
        round((y + r) * scale),
    )


def island_changes(picture, without) -> bool:
    """Do the pixels around the island differ between two pictures?"""
    box = island_box(picture)
    one = drawing.render_image(picture, WIDTH).convert("RGB").crop(box)
    other = drawing.render_image(without, WIDTH).convert("RGB").crop(box)
    return ImageChops.difference(one, other).getbbox() is not None


def unmarked(picture):
    """The same board, with nothing on the island."""
    return dataclasses.replace(
        picture, territories=tuple(t for t in picture.territories if t.slug != "quillowmere")
    )


def test_the_city_founded_on_quillowmere_is_drawn_on_its_island(game_7):
    finish_on_quillowmere(game_7)
    picture = picture_for(game_7.campaign_id, 7)
    there = on_the_island(picture)
    assert (there.city_kind, there.city_name, there.coins) == ("major", "Quillport", 2)
    assert {"city-major", "coins"} <= icons_on_the_island(picture)
    texts = [p.text for p in drawing.layout(picture) if isinstance(p, drawing.Text)]
    assert "Quillport" in texts
    assert island_changes(picture, unmarked(picture))


def test_a_scar_on_quillowmere_is_drawn_on_its_island(game_7):
    ada, _, _ = people(game_7.campaign)
    place_scar(
        game=game_7,
        scar="bunker",
        territory="quillowmere",
        player=ada.pk,
        without_card=True,
        reason="Our event card",
    )
    picture = picture_for(game_7.campaign_id, 7)
    assert on_the_island(picture).scar == "bunker"
    assert "scar-bunker" in icons_on_the_island(picture)
    assert island_changes(picture, unmarked(picture))


def test_the_fortification_and_the_hq_of_game_8_are_drawn_on_the_island(game_7):
    campaign = game_7.campaign
    finish_on_quillowmere(game_7)
    ada, boris, chloe = people(campaign)
    game_8 = start(campaign, (ada, boris, chloe), hqs=("quillowmere", "japan", "peru"))
    finish_on_quillowmere(game_8, winner={"kind": "fortify-city", "territory": "quillowmere"})
    picture = picture_for(campaign.pk, 8)
    there = on_the_island(picture)
    assert there.fortified and there.hq_faction == game_8.seats.get(player=ada).faction
    kinds = icons_on_the_island(picture)
    assert {"fortification", "city-major"} <= kinds
    assert any(kind.startswith("hq ") for kind in kinds)
    game_7_picture = picture_for(campaign.pk, 7)
    assert island_changes(picture, dataclasses.replace(game_7_picture, winners=picture.winners))


def test_the_end_poster_draws_the_island_with_its_city(game_7, media):
    finish_on_quillowmere(game_7)
    extend_with_games(game_7.campaign_id, 15)
    poster = poster_of(game_7.campaign_id)
    assert poster is not None
    assert on_the_island(poster.picture).city_name == "Quillport"
    assert render_poster(poster.picture, poster.text, 800) != render_poster(
        unmarked(poster.picture), poster.text, 800
    )


def test_an_unmarked_island_adds_nothing_to_the_pictures_state(game_7):
    picture = picture_for(game_7.campaign_id, 7)
    assert [i.slug for i in picture.islands] == ["quillowmere"]
    assert all(t.slug != "quillowmere" for t in picture.territories)


@pytest.fixture
def capital_on_quillowmere(game_7, owner, viewer):
    """A packet opened in game 7 allows World Capitals, a scar type and a kind of mark of the
    group's; Ada founds a World Capital on Quillowmere, scars it with the group's scar and puts
    the group's mark on it. The campaign hides unlocked content."""
    campaign = game_7.campaign
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=campaign,
        packet="pack-3",
        unlocked=[
            {"kind": "world-capital", "title": "Capitals", "text": ""},
            {"kind": "scar-type", "title": "Glibberfen Rot", "text": "", "cards": 1},
            {"kind": "mark-kind", "title": "Wibblestone Beacon", "text": ""},
        ],
        by=owner,
    )
    ada, _, _ = people(campaign)
    found_capital(game=game_7, territory="quillowmere", name="Quillport", player=ada.pk, by=owner)
    place_scar(
        game=game_7,
        scar="glibberfen-rot",
        territory="quillowmere",
        player=ada.pk,
        without_card=True,
        reason="Our event card",
        by=owner,
    )
    place_mark(game=game_7, kind="wibblestone-beacon", territory="quillowmere", by=owner)
    campaign.hide_unlocked_content = True
    campaign.save(update_fields=["hide_unlocked_content"])
    return campaign


def test_a_hidden_reader_sees_no_world_capital_and_no_unlocked_name_on_the_island(
    capital_on_quillowmere, owner, viewer
):
    campaign = capital_on_quillowmere
    address = f"/c/{campaign.pk}/board.svg"
    owners = client_for(owner).get(address).content.decode()
    assert "city-capital" in owners and "Glibberfen" in owners and "Quillport" in owners
    assert "Wibblestone" in owners  # the key names the kind of mark drawn on the island
    readers = client_for(viewer).get(address).content.decode()
    assert "city-capital" not in readers and "legend-capital" not in readers
    assert "Glibberfen" not in readers and "Wibblestone" not in readers
    # What a printed territory shows them: a city under its name, a scar and a mark, unnamed.
    assert "city-minor" in readers and "Quillport" in readers and "scar-other" in readers
    assert "unlocked-mark" in readers
