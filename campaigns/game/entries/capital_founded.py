"""A World Capital founded during the game, as the box places it: on the board at once, within
the World Capitals the campaign allows; Pack 4 is due if the group's World Capital is the mark
that opens it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from campaigns.capitals import place_world_capital
from campaigns.city_marks import cover_marks_under_a_city
from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.models import EventKind, MarkChange
from legacy.words import Words


@dataclass(frozen=True)
class CapitalFounded:
    territory: str = fields.text(32, "A territory with no city.")
    name: str = fields.text(60, "The World Capital's name.")
    player: int | None = fields.player("Who founds it, if you say who.", optional=True)


def record(table: Table, params: CapitalFounded) -> Written:
    seat = table.seat
    city = place_world_capital(
        table.campaign,
        territory=params.territory,
        name=params.name,
        game=table.game.number,
        founder=seat.player if seat else None,
        by=table.by,
    )
    covered = cover_marks_under_a_city(table.campaign, params.territory, table.game.number)
    return Written(
        {"territory": params.territory, "name": city.name},
        marks=((MarkChange.CREATED, city), *((MarkChange.REMOVED, m) for m in covered)),
    )


def words(said: Said) -> str:
    if not said.words.sees_unlocked:  # unlocked content: a reader it is hidden from reads a city
        text = _("the city %(name)s founded in %(where)s") % {
            "name": said.data.get("name", ""),
            "where": said.where,
        }
    else:
        text = _("the World Capital %(name)s founded in %(where)s") % {
            "name": said.data.get("name", ""),
            "where": said.where,
        }
    return said.by(text)


ENTRY = EntryKind(
    EventKind.WORLD_CAPITAL_FOUNDED,
    words,
    params=CapitalFounded,
    record=record,
    hidden_label=gettext_lazy("City founded"),
    seating=Seating.OPTIONAL,
    what=Words(gettext_noop("World Capital")),
    needs="a packet must allow it, a seated founder",
    path="capital-founded",
    description="A World Capital founded during the game: on the board at once, within the "
    "campaign's world_capitals_allowed (409 beyond), once an opened packet allows them.",
)
