"""A city destroyed by unlocked content: it stops counting from this game on, and its
fortification with it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Guess, Said, Table, Written
from campaigns.models import EventKind, MarkChange
from legacy.models import City, Fortification, RemovedReason
from legacy.rules import table_rules


@dataclass(frozen=True)
class CityDestroyed:
    territory: str = fields.text(32)


def record(table: Table, params: CityDestroyed) -> Written:
    game, territory = table.game, params.territory
    table_rules.require_territory(territory, on=table.board())
    city = City.objects.current().filter(campaign=table.campaign, territory=territory).first()
    table_rules.city_destroyed(has_city=city is not None)
    assert city is not None  # the rule refuses a territory with no city
    city.removed_in_game = game.number
    city.removed_reason = RemovedReason.DESTROYED
    city.save(update_fields=["removed_in_game", "removed_reason"])
    walls = list(Fortification.objects.current().filter(city=city))
    Fortification.objects.filter(pk__in=[w.pk for w in walls]).update(
        removed_in_game=game.number, removed_reason=RemovedReason.DESTROYED
    )
    return Written({"territory": territory}, marks=((MarkChange.REMOVED, city, *walls),))


def words(said: Said) -> str:
    return _("a city destroyed in %(where)s") % {"where": said.where}


def guess(g: Guess) -> None:
    gone = dict(removed_in_game=g.game.number, removed_reason=RemovedReason.DESTROYED)
    city = (
        City.objects.filter(
            campaign_id=g.game.campaign_id, territory=g.data.get("territory"), **gone
        )
        .order_by("pk")
        .first()
    )
    if city is not None:
        g.take(MarkChange.REMOVED, [city])
        walls = Fortification.objects.filter(city=city, **gone).order_by("pk")
        g.take(MarkChange.REMOVED, walls, limit=-1)


ENTRY = EntryKind(
    EventKind.CITY_DESTROYED,
    words,
    params=CityDestroyed,
    record=record,
    guess=guess,
    needs="the territory must be on the board",
    path="city-destroyed",
    description="A city destroyed by unlocked content.",
)
