"""What a snapshot shows: the world at the end of game N, turned into the drawing's picture."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.pictures.state import canonical_json, picture_for, picture_of_world, state_hash
from legacy.models import (
    BonusChange,
    City,
    ContinentName,
    DestroyedCard,
    Fortification,
    RemovedReason,
    Scar,
    ScarKind,
    Signature,
    WorldName,
)
from legacy.world import City as CityState
from legacy.world import ContinentState, TerritoryState, empty_world
from tests.support.games import play_first_game, play_naming_game


def territory(picture, slug):
    return next((t for t in picture.territories if t.slug == slug), None)


def continent(picture, slug):
    return next(c for c in picture.continents if c.slug == slug)


# --- The pure part: a hand-made world ------------------------------------------------------------


def hand_made_world():
    world = empty_world(coins={"brazil": 3, "egypt": 2, "peru": 4})
    territories = dict(world.territories)
    territories["egypt"] = TerritoryState(
        "egypt", city=CityState("capital", "Cairo", fortified=True, boxes_used=4), coins=2
    )
    territories["india"] = TerritoryState("india", scar="mercenaries")
    territories["brazil"] = TerritoryState("brazil", scar="ammo-shortage", coins=3)
    territories["peru"] = TerritoryState("peru", coins=4, card_destroyed=True)
    continents = dict(world.continents)
    continents["asia"] = ContinentState("asia", name="The Steppe", bonus_change=-1)
    continents["africa"] = ContinentState("africa", bonus_change=1)
    return dataclasses.replace(
        world,
        territories=territories,
        continents=continents,
        world_name="Pangaea",
    )


def test_every_kind_of_mark_reaches_the_picture():
    picture = picture_of_world(
        hand_made_world(),
        title="Our Earth \u2014 after game 3",
        scar_names={"mercenaries": "Mercenaries", "ammo-shortage": "Ammo Shortage"},
        winners=[(1, "Ada", "First!"), (2, "Boris", "")],
        hqs={"japan": "khan-industries"},
    )
    egypt = territory(picture, "egypt")
    assert (egypt.city_kind, egypt.city_name, egypt.fortified) == ("capital", "Cairo", True)
    assert egypt.fortification_boxes_used == 4 and egypt.coins == 2
    # A packet's scar type is a badge with its name; a base type is its own icon.
    assert (territory(picture, "india").scar, territory(picture, "india").scar_label) == (
        "mercenaries",
        "Mercenaries",
    )
    assert territory(picture, "brazil").scar_label is None
    assert territory(picture, "brazil").coins == 3
    # A destroyed card shows its "x" and no coins.
    assert (territory(picture, "peru").card_destroyed, territory(picture, "peru").coins) == (
        True,
        0,
    )
    assert territory(picture, "japan").hq_faction == "khan-industries"
    # Territories with nothing on them but the printed coin are left as printed.
    assert territory(picture, "siberia") is None
    asia, africa = continent(picture, "asia"), continent(picture, "africa")
    assert (asia.name, asia.bonus, asia.bonus_change) == ("The Steppe", 7, -1)
    assert (africa.name, africa.bonus, africa.bonus_change) == (None, 3, 1)
    assert list(picture.winners) == [(1, "Ada", "First!"), (2, "Boris", None)]
    assert picture.world_name == "Pangaea"
    assert picture.title == "Our Earth \u2014 after game 3"


def test_the_hash_follows_what_is_drawn_and_how():
    world = hand_made_world()
    a = picture_of_world(world, title="T")
    b = picture_of_world(world, title="T")
    assert canonical_json(a) == canonical_json(b)
    assert state_hash(a, width=2000) == state_hash(b, width=2000)
    assert state_hash(a, width=2000) != state_hash(a, width=1000)
    assert state_hash(a, width=2000) != state_hash(picture_of_world(world, title="U"), width=2000)
    assert len(state_hash(a)) == 64


# --- From the database ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_picture_for_reads_the_world_as_of_that_game(prepared_campaign, players):
    play_first_game(prepared_campaign, players)
    ada = players["Ada"]
    kind = ScarKind.objects.create(
        campaign=prepared_campaign, slug="mercenaries", name="Mercenaries", cards=2
    )
    c = {"campaign": prepared_campaign, "placed_in_game": 2}
    Scar.objects.create(**c, kind=kind, territory="mongolia")
    cairo = City.objects.get(campaign=prepared_campaign, territory="egypt")
    Fortification.objects.create(**c, city=cairo, boxes_used=3)
    DestroyedCard.objects.create(**c, territory="kamchatka")
    ContinentName.objects.create(**c, continent="asia", name="The Steppe", placed_by=ada)
    BonusChange.objects.create(**c, continent="asia", delta=-1)
    Signature.objects.create(
        **c, line=2, name="Ada", placed_by=ada, date=datetime.date(2025, 1, 2), slogan="Again"
    )
    WorldName.objects.create(**c, name="Pangaea", placed_by=ada)

    after_1 = picture_for(prepared_campaign.pk, 1)
    assert after_1.title == "Our Earth \u2014 after game 1"
    assert territory(after_1, "egypt").hq_faction == "khan-industries"
    assert territory(after_1, "mongolia") is None
    assert list(after_1.winners) == [(1, "Ada", "Veni, vidi")]
    assert continent(after_1, "asia").name is None and after_1.world_name is None

    after_2 = picture_for(prepared_campaign.pk, 2)  # no seats recorded for game 2: no HQs
    assert territory(after_2, "egypt").hq_faction is None
    assert (
        territory(after_2, "egypt").fortified and territory(after_2, "egypt").city_name == "Cairo"
    )
    assert territory(after_2, "egypt").fortification_boxes_used == 3
    assert territory(after_2, "mongolia").scar_label == "Mercenaries"
    assert territory(after_2, "kamchatka").card_destroyed
    assert (continent(after_2, "asia").name, continent(after_2, "asia").bonus_change) == (
        "The Steppe",
        -1,
    )
    assert [w[:2] for w in after_2.winners] == [(1, "Ada"), (2, "Ada")]
    assert after_2.world_name == "Pangaea"


@pytest.mark.django_db
def test_picture_for_asks_the_same_number_of_queries_after_one_game_or_four(
    prepared_campaign, players
):
    play_first_game(prepared_campaign, players)
    with CaptureQueriesContext(connection) as one:
        picture_for(prepared_campaign.pk, 1)
    for continent_slug, name, hqs in (
        ("asia", "The Steppe", ("argentina", "greenland", "india")),
        ("europe", "Old Europe", ("alaska", "madagascar", "ural")),
        ("africa", "Sahel", ("venezuela", "iceland", "indonesia")),
    ):
        play_naming_game(prepared_campaign, players, continent_slug, name, hqs)
    with CaptureQueriesContext(connection) as four:
        picture = picture_for(prepared_campaign.pk, 4)
    assert continent(picture, "africa").name == "Sahel"
    assert len(four) == len(one), [q["sql"] for q in four.captured_queries]
    assert len(one) <= 25


def test_the_hash_changes_with_the_reading_of_a_cancelled_scar():
    world = dataclasses.replace(
        hand_made_world(),
        territories={
            **hand_made_world().territories,
            "mongolia": TerritoryState("mongolia", scar_cancelled=True),
        },
    )
    unmarked = picture_of_world(world, title="T")
    marked = picture_of_world(dataclasses.replace(world, cancelled_scars_mark=True), title="T")
    assert territory(unmarked, "mongolia") is None
    assert territory(marked, "mongolia").scar_cancelled
    assert state_hash(unmarked, width=2000) != state_hash(marked, width=2000)


@pytest.mark.django_db
def test_picture_for_draws_a_cancelled_scar_as_the_campaign_reads_it(prepared_campaign, players):
    play_first_game(prepared_campaign, players)
    bunker = ScarKind.objects.get(campaign=prepared_campaign, slug="bunker")
    Scar.objects.create(
        campaign=prepared_campaign,
        kind=bunker,
        territory="mongolia",
        placed_in_game=1,
        removed_in_game=1,
        removed_reason=RemovedReason.CANCELLED,
    )
    unmarked = picture_for(prepared_campaign.pk, 1)
    assert territory(unmarked, "mongolia") is None
    prepared_campaign.cancelled_scar_territory = "marked"
    prepared_campaign.save(update_fields=["cancelled_scar_territory"])
    marked = picture_for(prepared_campaign.pk, 1)
    assert territory(marked, "mongolia").scar_cancelled
    assert territory(marked, "mongolia").scar is None
    assert state_hash(marked, format="png", width=2000) != state_hash(
        unmarked, format="png", width=2000
    )
