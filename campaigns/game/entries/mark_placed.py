"""A mark of a kind the group unlocked (the one that opens Pack 4, among others)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.game.derived import campaign_factions
from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Guess, Said, Seating, Table, Written
from campaigns.models import EventKind, MarkChange
from campaigns.vocabulary import HIDDEN
from legacy.board import BOX
from legacy.models import MarkKind, OtherMark
from legacy.rules import table_rules
from legacy.words import Words


@dataclass(frozen=True)
class MarkPlaced:
    kind: str = fields.slug("The slug of a kind of mark the group unlocked.")
    territory: str | None = fields.text(32, optional=True)
    faction: str | None = fields.text(40, optional=True)
    label: str = fields.text(60, blank=True, default="")
    player: int | None = fields.player(optional=True)


def check(table: Table, params: MarkPlaced) -> None:
    campaign = table.campaign
    mark_kind = MarkKind.objects.filter(campaign=campaign, slug=params.kind).first()
    table_rules.mark_place(
        kind=params.kind,
        kind_known=mark_kind is not None,
        territory=params.territory,
        faction=params.faction,
        factions=campaign_factions(campaign.pk) if params.faction is not None else {},
        on=table.board() if params.territory is not None else BOX,
    )
    assert mark_kind is not None  # the rule refuses a kind the campaign does not have
    table.facts = mark_kind


def record(table: Table, params: MarkPlaced) -> Written:
    seat, label = table.seat, params.label[:60]
    placed = OtherMark.objects.create(
        campaign=table.campaign,
        kind=table.facts,
        territory=params.territory,
        faction=params.faction,
        label=label,
        placed_in_game=table.game.number,
        placed_by=seat.player if seat else None,
        entered_by=table.by,
    )
    data = {
        "mark_kind": params.kind,
        "territory": params.territory,
        "faction": params.faction,
        "label": label,
    }
    return Written(data, marks=((MarkChange.CREATED, placed),))


def words(said: Said) -> str:
    text = _("%(mark)s on %(where)s") % {
        "mark": said.words.marks.get(said.data.get("mark_kind", ""), str(HIDDEN)),
        "where": said.where,
    }
    return said.by(text)


def guess(g: Guess) -> None:
    rows = OtherMark.objects.filter(
        campaign_id=g.game.campaign_id,
        kind__slug=g.data.get("mark_kind"),
        placed_in_game=g.game.number,
        label=g.data.get("label", ""),
        **g.place,
    )
    g.take(MarkChange.CREATED, rows.order_by("pk"))


ENTRY = EntryKind(
    EventKind.MARK_PLACED,
    words,
    params=MarkPlaced,
    check=check,
    record=record,
    guess=guess,
    seating=Seating.OPTIONAL,
    what=Words(gettext_noop("mark")),
    needs="the kind must be unlocked, the player seated",
    path="mark",
    description="A mark of a kind the group unlocked.",
)
