"""The world as of the end of any game, from marks placed and covered across games."""

import datetime

import pytest

from legacy.models import (
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    Fortification,
    PacketOpening,
    RemovedReason,
    Scar,
    ScarKind,
    Signature,
    WorldName,
)
from legacy.selectors import world_as_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(campaign, players):
    """Five games of history on one board, with marks placed, covered and corrected."""
    ada, boris = players["Ada"], players["Boris"]
    bunker = ScarKind.objects.get(campaign=campaign, slug="bunker")
    c = dict(campaign=campaign)
    Scar.objects.create(**c, kind=bunker, territory="egypt", placed_in_game=1)
    Signature.objects.create(
        **c, line=1, name="Ada", date=datetime.date(2026, 1, 1), placed_in_game=1, placed_by=ada
    )
    city = City.objects.create(
        **c, territory="egypt", kind="major", name="Cairo", placed_in_game=1, placed_by=ada
    )
    CoinSticker.objects.create(**c, territory="peru", coins_after=2, placed_in_game=1)
    # Game 2: the scar is cancelled, the city fortified, a continent named.
    Scar.objects.filter(campaign=campaign, territory="egypt").update(
        removed_in_game=2, removed_reason=RemovedReason.CANCELLED
    )
    Fortification.objects.create(**c, city=city, placed_in_game=2)
    ContinentName.objects.create(
        **c, continent="africa", name="Sahel", placed_in_game=2, placed_by=boris
    )
    Signature.objects.create(
        **c, line=2, name="Boris", date=datetime.date(2026, 1, 8), placed_in_game=2, placed_by=boris
    )
    # Game 3: a new scar on the same territory, a card destroyed, the bonus changed.
    Scar.objects.create(**c, kind=bunker, territory="egypt", placed_in_game=3)
    DestroyedCard.objects.create(**c, territory="china", placed_in_game=3)
    BonusChange.objects.create(**c, continent="asia", delta=-1, placed_in_game=3)
    CoinSticker.objects.create(**c, territory="peru", coins_after=3, placed_in_game=3)
    # A minor city entered by mistake in game 3, voided by a correction: it never counted.
    City.objects.create(
        **c, territory="peru", kind="minor", name="Oops", placed_in_game=3, voided=True
    )
    # Game 4: the fortification is replaced by a new one.
    Fortification.objects.filter(campaign=campaign).update(
        removed_in_game=4, removed_reason="replaced"
    )
    Fortification.objects.create(**c, city=city, placed_in_game=4, boxes_used=3)
    PacketOpening.objects.create(**c, packet="pack-3", placed_in_game=4)
    return campaign


def test_before_any_game_the_world_is_blank(history):
    world = world_as_of(history.pk, 0)
    assert not any(t.marked for t in world.territories.values())
    assert world.signatures == ()


def test_a_mark_counts_from_the_game_it_was_placed_in(history):
    world = world_as_of(history.pk, 1)
    egypt = world.territories["egypt"]
    assert egypt.city.name == "Cairo" and egypt.scar == "bunker" and not egypt.city.fortified
    assert world.territories["peru"].coins == 2
    assert [s.line for s in world.signatures] == [1]


def test_a_cancelled_scar_stops_counting_in_the_game_that_cancelled_it(history):
    world = world_as_of(history.pk, 2)
    assert world.territories["egypt"].scar is None
    assert world.territories["egypt"].city.fortified
    assert world.continents["africa"].name == "Sahel"
    assert world.stock_left["scar-cancels"] == 3
    assert world.signature_counts() == {
        history.players.get(name="Ada").pk: 1,
        history.players.get(name="Boris").pk: 1,
    }


def test_a_territory_can_be_scarred_again_after_a_cancel(history):
    world = world_as_of(history.pk, 3)
    assert world.territories["egypt"].scar == "bunker"
    assert world.territories["china"].card_destroyed
    assert world.continents["asia"].bonus == 6
    assert world.territories["peru"].coins == 3


def test_a_voided_mark_never_counted(history):
    for game in range(6):
        assert world_as_of(history.pk, game).territories["peru"].city is None
    assert world_as_of(history.pk).stock_left["minor-cities"] == 9


def test_a_replaced_fortification_gives_way_to_the_new_one(history):
    city = world_as_of(history.pk, 4).territories["egypt"].city
    assert city.fortified and city.boxes_used == 3
    assert world_as_of(history.pk, 4).stock_left["fortifications"] == 3
    assert world_as_of(history.pk, 4).packets_opened == {"pack-3"}


def test_the_current_world_is_the_world_after_the_last_game(history):
    WorldName.objects.create(campaign=history, name="Ashes", placed_in_game=5)
    now, past = world_as_of(history.pk), world_as_of(history.pk, 5)
    assert now.territories == past.territories and now.world_name == past.world_name == "Ashes"
    assert world_as_of(history.pk, 4).world_name is None


def test_reading_the_world_takes_the_same_queries_whatever_the_history(history, campaign):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as small:
        world_as_of(history.pk)
    for game, coins in zip(range(6, 11), range(2, 7), strict=True):
        CoinSticker.objects.create(
            campaign=campaign, territory="japan", coins_after=coins, placed_in_game=game
        )
        Signature.objects.create(
            campaign=campaign,
            line=game - 3,
            name="Ada",
            date=datetime.date(2026, 2, 1),
            placed_in_game=game,
        )
    with CaptureQueriesContext(connection) as big:
        world = world_as_of(history.pk)
    assert world.territories["japan"].coins == 6 and len(world.signatures) == 7
    assert len(big.captured_queries) == len(small.captured_queries)
