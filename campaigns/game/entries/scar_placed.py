"""A scar from the scar card a seat holds: on a territory, or a faction scar on a faction card.
``without_card`` is for a scar that unlocked content places with no card (say why)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.game.derived import campaign_factions
from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Guess, Said, Seating, Table, Written
from campaigns.game.entries.state import Step
from campaigns.models import EventKind, MarkChange
from campaigns.vocabulary import ScarOnHqTerritory
from legacy.board import BOX
from legacy.models import Scar, ScarKind
from legacy.rules import table_rules
from legacy.words import Words


@dataclass(frozen=True)
class ScarPlaced:
    scar: str = fields.slug("The scar type's slug, e.g. bunker.")
    territory: str | None = fields.text(32, optional=True)
    faction: str | None = fields.text(40, optional=True)
    player: int | None = fields.player(
        "Who plays the scar card (needed unless without_card).", optional=True
    )
    without_card: bool = fields.flag(
        "Placed by unlocked content without a scar card; say which rule in reason."
    )
    reason: str = fields.text(200, blank=True, default="")


def check(table: Table, params: ScarPlaced) -> None:
    campaign, territory, faction = table.campaign, params.territory, params.faction
    found = ScarKind.objects.filter(campaign=campaign, slug=params.scar).first()
    kind = (
        table_rules.ScarType(found.slug, found.name, found.on_faction_card, found.cards)
        if found
        else None
    )
    counting = Scar.objects.current().filter(campaign=campaign)
    spot = table_rules.ScarSpot(
        territory=territory,
        faction=faction,
        territory_scarred=territory is not None and counting.filter(territory=territory).exists(),
        faction_scarred=faction is not None and counting.filter(faction=faction).exists(),
        hq_there=territory is not None and table.game.seats.filter(hq=territory).exists(),
    )
    factions = campaign_factions(campaign.pk) if territory is None else {}
    table_rules.scar_place(
        kind,
        spot,
        asked=params.scar,
        factions=factions,
        on=table.board() if territory else BOX,
        scars_on_hqs=campaign.scar_on_hq_territory == ScarOnHqTerritory.ALLOWED,
    )
    assert kind is not None and found is not None  # the rule refuses an unknown scar
    table.facts = (kind, found)


def record(table: Table, params: ScarPlaced) -> Written:
    kind, found = table.facts
    seat, game, campaign = table.seat, table.game, table.campaign
    reason = (params.reason or "").strip()
    holder = None
    if seat is not None and game.scar_cards_dealt:
        assert table.replayed is not None
        held = table.replayed.holdings[seat.pk]
        holder = table_rules.ScarCardHolder(seat.player.name, held.scar_cards, held.scar_card_kind)
    table_rules.scar_card_played(
        kind,
        without_card=params.without_card,
        reason=reason,
        game_number=game.number,
        scar_cards_dealt=game.scar_cards_dealt,
        holder=holder,
        played=Scar.objects.filter(campaign=campaign, kind=found, voided=False).count(),
    )
    placed = Scar.objects.create(
        campaign=campaign,
        kind=found,
        territory=params.territory,
        faction=params.faction,
        placed_in_game=game.number,
        placed_by=seat.player if seat else None,
        entered_by=table.by,
    )
    data = {
        "scar": params.scar,
        "territory": params.territory,
        "faction": params.faction,
        "with_card": not params.without_card,
        **({"reason": reason[:200]} if params.without_card else {}),
    }
    return Written(data, marks=((MarkChange.CREATED, placed),))


def replay(step: Step) -> None:
    held = step.held
    if held is not None and step.data.get("with_card", True) and held.scar_cards:
        held.scar_cards -= 1
        held.scar_card_kind = ""


def words(said: Said) -> str:
    data = said.data
    text = _("%(scar)s on %(where)s") % {
        "scar": said.words.scars.get(data.get("scar", ""), data.get("scar")),
        "where": said.where,
    }
    if data.get("with_card") is False:
        text += _(", without a scar card (%(why)s)") % {"why": data.get("reason", "")}
    return said.by(text)


def guess(g: Guess) -> None:
    rows = Scar.objects.filter(
        campaign_id=g.game.campaign_id,
        kind__slug=g.data.get("scar"),
        placed_in_game=g.game.number,
        **g.place,
    )
    g.take(MarkChange.CREATED, rows.order_by("pk"))


def older(data: dict, seq: int, summary: str) -> None:
    """Scars placed before a scar could be placed without a card were all placed with one."""
    data.setdefault("with_card", True)


ENTRY = EntryKind(
    EventKind.SCAR_PLACED,
    words,
    params=ScarPlaced,
    check=check,
    record=record,
    replay=replay,
    guess=guess,
    older=older,
    reads_whole_log=True,
    seating=Seating.OPTIONAL,
    what=Words(gettext_noop("scar")),
    while_wiped_out=True,
    needs="the scar type and territory must exist",
    path="scar",
    description="A scar placed from a scar card (it is permanent).",
)
