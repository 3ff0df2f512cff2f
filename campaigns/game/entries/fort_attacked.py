"""An attack with 3 troops (3 dice) on a fortified city: one box of its fortification is marked
once the roll is made. The tenth box wears it out: it stops working."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Guess, Said, Seating, Table, Written
from campaigns.models import EventKind, MarkChange
from campaigns.vocabulary import CorrectionReason
from legacy import corrections
from legacy.models import Fortification
from legacy.rules import table_rules
from legacy.words import Words


@dataclass(frozen=True)
class FortAttacked:
    territory: str = fields.text(32, "The territory of the fortified city attacked.")
    player: int | None = fields.player("The attacker, if you say who.", optional=True)


def check(table: Table, params: FortAttacked) -> None:
    territory = params.territory
    name = table_rules.require_territory(territory, on=table.board())
    fort = (
        Fortification.objects.current()
        .filter(campaign=table.campaign, city__territory=territory, city__voided=False)
        .filter(city__removed_in_game__isnull=True)
        .first()
    )
    worn_out = table_rules.fortification_box(
        name, fortified=fort is not None, boxes_used=fort.boxes_used if fort else 0
    )
    table.facts = (fort, worn_out)


def record(table: Table, params: FortAttacked) -> Written:
    fort, worn_out = table.facts
    game, by = table.game, table.by
    before = corrections.snapshot(fort)
    key = str(game.number)
    fort.boxes_used += 1
    fort.boxes_marked_in = {**fort.boxes_marked_in, key: fort.boxes_marked_in.get(key, 0) + 1}
    fort.save(update_fields=["boxes_used", "boxes_marked_in"])

    def corrected(event) -> None:
        corrections.record_correction(
            mark=fort,
            before=before,
            reason="",
            by=by,
            framed=(CorrectionReason.BOX_MARKED.value, {"game": game.number, "seq": event.seq}),
        )

    data = {"territory": params.territory, "boxes_used": fort.boxes_used, "worn_out": worn_out}
    return Written(data, marks=((MarkChange.BOX_MARKED, fort),), after=corrected)


def words(said: Said) -> str:
    text = _("%(where)s attacked with 3 troops: box %(n)s of 10 marked") % {
        "where": said.where,
        "n": said.data.get("boxes_used"),
    }
    if said.data.get("worn_out"):
        text += _(", the fortification is worn out")
    return said.by(text)


def guess(g: Guess) -> None:
    forts = Fortification.objects.filter(
        campaign_id=g.game.campaign_id, city__territory=g.data.get("territory")
    ).order_by("-pk")
    fort = next(
        (f for f in forts if (f.boxes_marked_in or {}).get(str(g.game.number), 0) > 0), None
    )
    if fort is not None:
        # Several attacks mark boxes of one fortification: each entry links it.
        g.link(MarkChange.BOX_MARKED, fort)


ENTRY = EntryKind(
    EventKind.FORTIFICATION_ATTACKED,
    words,
    params=FortAttacked,
    check=check,
    record=record,
    guess=guess,
    seating=Seating.OPTIONAL,
    what=Words(gettext_noop("attack")),
    needs="the territory's city is fortified",
    path="fortification-attacked",
    description="An attack with 3 troops on a fortified city: one box of its fortification is "
    "marked; the tenth wears it out. Refused (400) where no fortification works.",
)
