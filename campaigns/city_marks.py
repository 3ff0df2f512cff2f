"""A city founded over a group's mark: the mark stays, or the city covers it, as the campaign
reads that open point (``legacy.rules.rewards.marks_a_city_covers``)."""

from __future__ import annotations

from campaigns.vocabulary import CityOverMark
from legacy.models import OtherMark, RemovedReason
from legacy.rules.rewards import marks_a_city_covers


def cover_marks_under_a_city(campaign, territory: str, game: int) -> list[OtherMark]:
    """Take off the board the group's marks on ``territory`` a city founded there in game
    ``game`` covers, as the campaign reads it; the marks taken off, for the caller to remember
    (an entry's links, a reward's details) so that undoing the city lets them count again."""
    standing = OtherMark.objects.current().filter(campaign=campaign, territory=territory)
    covered = marks_a_city_covers(
        standing.order_by("pk"),
        city_covers_marks=campaign.city_over_mark == CityOverMark.REMOVED,
    )
    for mark in covered:
        mark.removed_in_game, mark.removed_reason = game, RemovedReason.COVERED
        mark.save(update_fields=["removed_in_game", "removed_reason"])
    return covered
