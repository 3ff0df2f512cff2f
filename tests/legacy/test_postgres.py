"""On PostgreSQL, the production database: the constraints hold and the campaign lock works.

The services check the rules first; these tests go around them, straight to the rows, to prove
the database itself refuses a world that cannot exist. Skipped without PostgreSQL outside CI.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import IntegrityError, connection, transaction

from campaigns import services
from campaigns.models import AuditEntry
from legacy.box import FACTIONS
from legacy.errors import RuleViolation
from legacy.models import City, CoinSticker, FactionPower, Signature
from legacy.selectors import world_as_of
from tests.support.games import TWELVE_COINS

pytestmark = pytest.mark.postgres

ALL_A = {f.slug: "a" for f in FACTIONS}


@pytest.mark.django_db
def test_the_database_is_postgresql():
    assert connection.vendor == "postgresql"


@pytest.mark.django_db
def test_two_counting_cities_on_one_territory_are_refused(campaign):
    City.objects.create(
        campaign=campaign, territory="egypt", kind="major", name="Cairo", placed_in_game=1
    )
    with pytest.raises(IntegrityError, match="one_city_per_territory"), transaction.atomic():
        City.objects.create(
            campaign=campaign, territory="egypt", kind="minor", name="Giza", placed_in_game=2
        )
    assert City.objects.filter(campaign=campaign).count() == 1


@pytest.mark.django_db
def test_a_city_may_follow_one_that_was_voided_or_removed(campaign):
    City.objects.create(
        campaign=campaign,
        territory="egypt",
        kind="major",
        name="Oops",
        placed_in_game=1,
        voided=True,
    )
    City.objects.create(
        campaign=campaign,
        territory="egypt",
        kind="major",
        name="Cairo",
        placed_in_game=1,
        removed_in_game=3,
        removed_reason="destroyed",
    )
    City.objects.create(
        campaign=campaign, territory="egypt", kind="minor", name="Giza", placed_in_game=4
    )
    assert world_as_of(campaign.pk, 2).territories["egypt"].city.name == "Cairo"
    assert world_as_of(campaign.pk).territories["egypt"].city.name == "Giza"


@pytest.mark.django_db
def test_a_card_never_carries_seven_coins(campaign):
    with pytest.raises(IntegrityError, match="card_coins_2_to_6"), transaction.atomic():
        CoinSticker.objects.create(
            campaign=campaign, territory="peru", coins_after=7, placed_in_game=3
        )
    assert not CoinSticker.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_the_same_coin_value_cannot_be_stuck_twice_on_one_card(campaign):
    CoinSticker.objects.create(campaign=campaign, territory="peru", coins_after=2, placed_in_game=1)
    with pytest.raises(IntegrityError, match="one_sticker_per_coin_value"), transaction.atomic():
        CoinSticker.objects.create(
            campaign=campaign, territory="peru", coins_after=2, placed_in_game=2
        )


@pytest.mark.django_db
def test_the_winners_section_has_no_sixteenth_line(campaign, players):
    with pytest.raises(IntegrityError, match="signature_line_1_to_15"), transaction.atomic():
        Signature.objects.create(
            campaign=campaign,
            line=16,
            name="Ada",
            date=datetime.date(2026, 5, 1),
            placed_in_game=15,
            placed_by=players["Ada"],
        )
    assert not Signature.objects.filter(campaign=campaign).exists()


@pytest.mark.django_db
def test_a_mark_cannot_stop_counting_before_it_was_placed(campaign):
    with pytest.raises(IntegrityError, match="city_removed_after_placed"), transaction.atomic():
        City.objects.create(
            campaign=campaign,
            territory="peru",
            kind="minor",
            name="Lima",
            placed_in_game=5,
            removed_in_game=4,
        )


@pytest.mark.django_db
def test_the_world_as_of_any_game_reads_the_same_on_postgresql(prepared_campaign, players):
    City.objects.create(
        campaign=prepared_campaign,
        territory="egypt",
        kind="major",
        name="Cairo",
        placed_in_game=1,
        placed_by=players["Ada"],
    )
    Signature.objects.create(
        campaign=prepared_campaign,
        line=1,
        name="Ada",
        date=datetime.date(2026, 1, 1),
        placed_in_game=1,
        placed_by=players["Ada"],
    )
    before, after = world_as_of(prepared_campaign.pk, 0), world_as_of(prepared_campaign.pk, 1)
    assert before.territories["egypt"].city is None and before.signatures == ()
    assert after.territories["egypt"].city.name == "Cairo"
    assert after.signature_counts() == {players["Ada"].pk: 1}
    assert after.territories["alaska"].coins == 3
    assert sum(t.coins for t in after.territories.values()) == 42 + 12
    assert after.stock_left["major-cities"] == 4


def race_to_prepare(campaign, owner) -> list[object]:
    """Two threads, each with its own connection, prepare the same campaign at the same moment."""
    start = threading.Barrier(2, timeout=30)
    outcomes: list[object] = []
    guard = threading.Lock()

    def prepare():
        try:
            start.wait()
            services.prepare_first_game(
                campaign=campaign, powers=ALL_A, coins=TWELVE_COINS, by=owner
            )
            result: object = "prepared"
        except Exception as error:  # the outcome is what the test checks
            result = error
        finally:
            connection.close()
        with guard:
            outcomes.append(result)

    threads = [threading.Thread(target=prepare) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_two_people_preparing_the_first_game_at_once_set_it_up_exactly_once(owner):
    """Two requests race: the campaign lock makes the second wait, then see it is done.

    The race is run on three campaigns: without the lock, a single race is sometimes won
    cleanly by chance, three in a row hardly ever.
    """
    for n in range(3):
        campaign = services.create_campaign(owner=owner, name=f"Race {n}", players=["Ada"])
        outcomes = race_to_prepare(campaign, owner)

        assert outcomes.count("prepared") == 1, outcomes
        refusals = [o for o in outcomes if isinstance(o, RuleViolation)]
        assert len(refusals) == 1, outcomes
        assert refusals[0].rule == "first-game-setup-once" and refusals[0].conflict
        assert CoinSticker.objects.filter(campaign=campaign).count() == 12
        assert FactionPower.objects.filter(campaign=campaign).count() == 10
        setups = AuditEntry.objects.filter(campaign=campaign, action="first-game-setup")
        assert setups.count() == 1
        assert world_as_of(campaign.pk, 0).stock_left["first-game-coins"] == 0


@pytest.mark.django_db
def test_a_mark_may_name_a_territory_a_packet_added_but_only_in_a_slugs_shape(campaign):
    """Which territories exist is the rules' to say (the board as of the game); the database
    still refuses a territory that is no slug at all, and holds the longest slug a name makes."""
    long_slug = "the-quillowmere-marshes-of-the-far-south"  # 40 letters, as long as a slug gets
    CoinSticker.objects.create(
        campaign=campaign, territory="quillowmere", coins_after=2, placed_in_game=7
    )
    City.objects.create(
        campaign=campaign, territory=long_slug, kind="minor", name="Far", placed_in_game=7
    )
    for odd in ("", "Quillowmere", "quill owmere"):
        with pytest.raises(IntegrityError, match="coin_territory_slug"), transaction.atomic():
            CoinSticker.objects.create(
                campaign=campaign, territory=odd, coins_after=3, placed_in_game=7
            )
