"""A wiped-out faction joins the war again: half its starting troops (4, or half of what it
drafted: ``legacy.rules.joining_troops``), no HQ, on a legal start.

Keepers do not track troops, so the entry checks what it can know: the territory must be
unmarked (or a major city this player founded), not an HQ territory of this game (an HQ stays
on the board, so its territory is occupied), and not among ``occupied``, the territories the
table says are occupied now. HQs do not close their neighbours to a joining player.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step
from campaigns.models import EventKind
from legacy import board, rules
from legacy.rules import table_rules
from legacy.selectors import world_as_of


@dataclass(frozen=True)
class Rejoined:
    player: int | None = fields.player()
    territory: str = fields.text(
        32,
        "Where the faction places half its starting troops (4 of the 8; after Pack 1's draft, "
        "half of what it drafted), no HQ: a legal start, that is unoccupied, and unmarked or a "
        "major city this player founded. HQs do not close their neighbours to a joining player.",
    )
    occupied: Iterable[str] = fields.slugs(
        32,
        42,
        "Territory slugs occupied now, as the table sees them; the HQ territories of this game "
        "count as occupied without being listed.",
    )


def record(table: Table, params: Rejoined) -> Written:
    seat, replayed, game = table.seat, table.replayed, table.game
    assert seat is not None and replayed is not None
    held = replayed.holdings[seat.pk]
    occupied = list(params.occupied or ())
    table_rules.rejoining(
        seat.player.name,
        out=held.out,
        out_for_good=held.out_for_good,
        out_at=held.out_at,
        territory=params.territory,
        occupied=occupied,
        on=table.board(),
    )
    hqs = set(game.seats.values_list("hq", flat=True))
    refusal = rules.joining_refusal(
        world_as_of(table.campaign.pk),
        params.territory,
        player=seat.player_id,
        occupied={*occupied, *hqs},
        capital_starts=table.campaign.world_capital_is_a_start,
    )
    table_rules.join_refused(seat.player.name, refusal)
    return Written({"territory": params.territory})


def replay(step: Step) -> None:
    if step.held is not None and not step.held.out_for_good:
        step.held.out = False
        step.held.out_at = None


def words(said: Said) -> str:
    if said.data.get("territory"):  # entries from before the territory was recorded have none
        return _("%(who)s joins the war again in %(where)s") % {
            "who": said.who,
            "where": said.where,
        }
    return _("%(who)s joins the war again") % {"who": said.who}


# "Ada joins the war again in Western Australia." : the territory the sentence named.
_REJOINED_IN = re.compile(r" joins the war again in (?P<where>.+)\.$")


def older(data: dict, seq: int, summary: str) -> None:
    """A rejoin from before the territory was stored names it in its sentence."""
    if data.get("territory"):
        return
    found = _REJOINED_IN.search(summary or "")
    slug = _territory_named(found.group("where")) if found else None
    if slug:
        data["territory"] = slug


def _territory_named(name: str) -> str | None:
    wanted = name.strip().casefold()
    return next((t.slug for t in board.TERRITORIES if t.name.casefold() == wanted), None)


ENTRY = EntryKind(
    EventKind.REJOINED,
    words,
    params=Rejoined,
    record=record,
    replay=replay,
    older=older,
    marks=False,
    seating=Seating.REQUIRED,
    decisive=True,
    moves_out=True,
    needs="the player must be seated and eliminated",
    path="rejoin",
    description="A wiped-out faction joins the war again: half its starting troops (4, or half "
    "of what it drafted), no HQ, on a legal start. A faction with no legal start left is "
    "eliminated for this game instead.",
)
