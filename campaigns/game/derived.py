"""What the services read off the games rather than write: the factions a campaign can seat, the
scar cards left to deal and the next game's number. Each reads a fixed number of queries, whatever
the number of games. Reads the pages and the API share (the faction cards' backs, the standings)
are in ``campaigns.selectors``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, Sum

from legacy.box import FACTION_BY_SLUG
from legacy.drawing import FACTION_COLORS
from legacy.models import (
    Scar,
    ScarKind,
    UnlockedFaction,
)


@dataclass(frozen=True)
class FactionInfo:
    """One faction of a campaign: the box's, or one the group unlocked (``unlocked``)."""

    slug: str
    name: str
    colour: str
    unlocked: bool = False
    appeared_in_game: int = 0
    text: str = ""
    pk: int | None = None


BOX_FACTIONS = tuple(
    FactionInfo(f.slug, f.name, FACTION_COLORS.get(f.slug, "#8a8a8a"))
    for f in FACTION_BY_SLUG.values()
)


def unlocked_factions(campaign_id: int):
    """The factions the group unlocked (a voided packet opening takes its factions with it)."""
    return UnlockedFaction.objects.filter(campaign_id=campaign_id).filter(
        Q(unlocked_by__isnull=True) | Q(unlocked_by__voided=False)
    )


def factions_of(campaign_id: int, game: int | None = None) -> dict[str, FactionInfo]:
    """The campaign's factions, in one query: the box's five, then the unlocked ones in the
    order they appeared. With ``game``, only those that existed at the end of that game."""
    rows = unlocked_factions(campaign_id)
    if game is not None:
        rows = rows.filter(appeared_in_game__lte=game)
    found = {f.slug: f for f in BOX_FACTIONS}
    for row in rows.order_by("appeared_in_game", "id"):
        found.setdefault(
            row.slug,
            FactionInfo(
                row.slug, row.name, row.colour, True, row.appeared_in_game, row.text, row.pk
            ),
        )
    return found


def campaign_factions(campaign_id: int) -> dict[str, str]:
    """The factions this campaign can seat: the box's five and any the group unlocked."""
    return {slug: f.name for slug, f in factions_of(campaign_id).items()}


def unlocked_among(campaign_id: int, slugs) -> dict[str, FactionInfo]:
    """The unlocked factions among ``slugs``; asks the database only when there are some."""
    wanted = {s for s in slugs if s and s not in FACTION_COLORS}
    if not wanted:
        return {}
    return {
        row.slug: FactionInfo(
            row.slug, row.name, row.colour, True, row.appeared_in_game, row.text, row.pk
        )
        for row in unlocked_factions(campaign_id).filter(slug__in=wanted)
    }


def faction_colours(campaign_id: int, slugs) -> dict[str, str]:
    """The colour of each faction in ``slugs``; asks the database only for unlocked ones."""
    colours = {slug: FACTION_COLORS[slug] for slug in slugs if slug in FACTION_COLORS}
    colours.update({s: f.colour for s, f in unlocked_among(campaign_id, slugs).items()})
    return colours


def scar_cards_available(campaign_id: int) -> int:
    """Scar cards left to deal: the cards of every scar type minus the scars already stuck."""
    total = ScarKind.objects.filter(campaign_id=campaign_id).aggregate(n=Sum("cards"))["n"] or 0
    used = Scar.objects.filter(campaign_id=campaign_id, voided=False).count()
    return max(0, total - used)
