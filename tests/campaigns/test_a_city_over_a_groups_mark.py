"""A city founded over a group's mark: by default the mark stays beside the city (the rulebook
names no such mark); a group that reads the city as covering it has the mark taken off, and
taking the city back lets the mark count again."""

from __future__ import annotations

import pytest

from campaigns.game.finish import amend_game, finish_game
from campaigns.game.packets import open_packet
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import found_capital, place_mark
from legacy.models import OtherMark
from legacy.rules.rewards import marks_a_city_covers
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY, start

pytestmark = pytest.mark.django_db

UNLOCKED = [
    {"kind": "mark-kind", "title": "Beacon"},
    {"kind": "world-capital", "title": "World Capitals", "text": "In our words."},
]


@pytest.fixture
def beacon_game(prepared_campaign, players):
    """Game 1 under way, once a packet unlocked a Beacon mark and World Capitals; a Beacon
    stands in India."""
    open_packet(
        campaign=prepared_campaign,
        packet="pack-2",
        unlocked=UNLOCKED,
        earned_otherwise=EARNED_ANOTHER_WAY,
    )
    game = start(prepared_campaign, players)
    place_mark(game=game, kind="beacon", territory="india")
    return game


def marks_in_india(game) -> tuple[str, ...]:
    return world_as_of(game.campaign_id).territories["india"].other_marks


def test_the_mark_stays_beside_a_city_founded_over_it_by_default(beacon_game):
    assert beacon_game.campaign.city_over_mark == "stays"
    found_capital(game=beacon_game, territory="india", name="Nova")
    assert marks_in_india(beacon_game) == ("beacon",)
    assert world_as_of(beacon_game.campaign_id).territories["india"].city.name == "Nova"


def test_a_city_founded_over_a_mark_covers_it_where_the_group_reads_so(beacon_game):
    campaign = beacon_game.campaign
    campaign.city_over_mark = "removed"
    campaign.save(update_fields=["city_over_mark"])
    entry = found_capital(game=beacon_game, territory="india", name="Nova")
    assert marks_in_india(beacon_game) == ()
    mark = OtherMark.objects.get(campaign=campaign)
    assert (mark.removed_in_game, mark.removed_reason) == (1, "covered")
    void_event(game=beacon_game, seq=entry.event.seq, reason="Founded by mistake")
    assert marks_in_india(beacon_game) == ("beacon",)


def test_the_rule_takes_off_every_mark_only_when_the_city_covers_them():
    assert marks_a_city_covers(["beacon", "flag"], city_covers_marks=False) == []
    assert marks_a_city_covers(["beacon", "flag"], city_covers_marks=True) == ["beacon", "flag"]


def test_a_major_city_the_winner_founds_over_a_mark_covers_it_until_the_end_is_amended(
    beacon_game, players
):
    campaign = beacon_game.campaign
    campaign.city_over_mark = "removed"
    campaign.save(update_fields=["city_over_mark"])
    ada, boris, chloe = (players[n] for n in ("Ada", "Boris", "Chloe"))
    results = {ada.pk: "won", boris.pk: "eliminated", chloe.pk: "eliminated"}
    finish_game(
        game=beacon_game,
        results=results,
        controlled={},
        winner_reward={"kind": "major-city", "territory": "india", "name": "Delhi"},
        held_on_rewards={},
    )
    assert marks_in_india(beacon_game) == ()
    amend_game(
        game=beacon_game,
        revision=1,
        reason="Ada named a continent instead",
        results=results,
        controlled={},
        winner_reward={"kind": "name-continent", "continent": "asia", "name": "Orient"},
        held_on_rewards={},
    )
    assert marks_in_india(beacon_game) == ("beacon",)
