"""The cached world is never stale: every write bumps the campaign's world version."""

import pytest

from campaigns import services
from campaigns.game.table import place_scar
from legacy.errors import RuleViolation

pytestmark = pytest.mark.django_db


def test_a_scar_placed_after_a_read_shows_in_the_next_read(game):
    campaign = game.campaign
    campaign.refresh_from_db()
    assert services.cached_world(campaign).territories["india"].scar is None
    place_scar(
        game=game, scar="bunker", territory="india", without_card=True, reason="An event card"
    )
    campaign.refresh_from_db()
    assert services.cached_world(campaign).territories["india"].scar == "bunker"


def test_a_refused_write_leaves_the_version_and_the_cache_as_they_were(game):
    campaign = game.campaign
    campaign.refresh_from_db()
    version = campaign.world_version
    with pytest.raises(RuleViolation):
        place_scar(
            game=game,
            scar="bunker",
            territory="atlantis",
            without_card=True,
            reason="An event card",
        )
    campaign.refresh_from_db()
    assert campaign.world_version == version


def test_an_admin_edit_leaves_the_cached_world_behind(game, admin_client):
    from legacy.models import City

    campaign = game.campaign
    campaign.refresh_from_db()
    assert services.cached_world(campaign).territories["india"].city is None
    response = admin_client.post(
        "/admin/legacy/city/add/",
        {
            "campaign": campaign.pk,
            "placed_in_game": 1,
            "territory": "india",
            "kind": "minor",
            "name": "Delhi",
            "entered_at_0": "2026-11-22",
            "entered_at_1": "10:00:00",
            "correction_reason": "Forgot to enter it",
        },
    )
    assert response.status_code == 302, response.content[:2000]
    assert City.objects.filter(campaign=campaign, name="Delhi").exists()
    campaign.refresh_from_db()
    assert services.cached_world(campaign).territories["india"].city.name == "Delhi"


def test_a_red_star_bought_tells_open_pages_but_keeps_the_cached_world(game, players):
    from campaigns.game.table import buy_red_star

    campaign = game.campaign
    campaign.refresh_from_db()
    world = services.cached_world(campaign)
    before = (campaign.world_version, campaign.marks_version)
    buy_red_star(game=game, player=players["Ada"].pk)
    campaign.refresh_from_db()
    assert campaign.world_version == before[0] + 1  # something changed: pages refresh
    assert campaign.marks_version == before[1]  # but not the board
    assert services.cached_world(campaign) == world


def test_a_world_read_inside_a_write_is_not_stored_for_later(game):
    from django.core.cache import cache
    from django.db import transaction

    campaign = game.campaign
    cache.clear()

    class Refused(Exception):
        pass

    with pytest.raises(Refused), transaction.atomic():
        locked = services.lock_campaign(campaign)
        from legacy.models import Scar, ScarKind

        Scar.objects.create(
            campaign=campaign,
            kind=ScarKind.objects.get(campaign=campaign, slug="bunker"),
            territory="india",
            placed_in_game=1,
        )
        assert services.cached_world(locked).territories["india"].scar == "bunker"
        raise Refused
    # The next write that counts takes the same version number the refused one had taken.
    place_scar(
        game=game, scar="bunker", territory="peru", without_card=True, reason="An event card"
    )
    campaign.refresh_from_db()
    world = services.cached_world(campaign)
    assert world.territories["peru"].scar == "bunker"
    assert world.territories["india"].scar is None
