"""Names for the reader: the box's printed names in the reader's language, the group's as written.

Territories, continents, factions, powers and scar types; a campaign's factions and their
colours in one query; the unlocked ones named by a placeholder when the campaign hides them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from django.utils.translation import get_language

from campaigns.game import derived
from campaigns.vocabulary import UNLOCKED_FACTION
from legacy import names
from legacy.board import TERRITORY_BY_SLUG
from legacy.box import FACTION_BY_SLUG
from legacy.models import (
    AddedTerritory,
    FactionPower,
    ScarKind,
)

if TYPE_CHECKING:
    from web.access import Access


# Printed names in the reader's language (``legacy.names``); a group's own names stay as written.


class _AddedNames:
    """The names of the territories a campaign's packets added, read once (one query) the first
    time a page asks for a territory the box does not have."""

    def __init__(self, campaign_id: int):
        self.campaign_id = campaign_id
        self.found: dict[str, str] | None = None

    def get(self, slug: str) -> str | None:
        if self.found is None:
            self.found = dict(
                AddedTerritory.objects.filter(campaign_id=self.campaign_id, voided=False)
                .order_by("placed_in_game", "pk")
                .values_list("slug", "name")
            )
        return self.found.get(slug)


# The campaign a page is about, while it is drawn: its added territories are named from it.
_reading: ContextVar[_AddedNames | None] = ContextVar("territory_names_of", default=None)


@contextmanager
def reading_campaign(campaign_id: int) -> Iterator[None]:
    """While a page of campaign ``campaign_id`` is drawn, a territory its packets added is
    named in the group's words (a reader the campaign hides them from gets the page scrubbed,
    ``campaigns.hiding``)."""
    token = _reading.set(_AddedNames(campaign_id))
    try:
        yield
    finally:
        _reading.reset(token)


def territory_name(slug: str | None) -> str:
    """A territory's name: the box's printed one in the reader's language; one a packet added
    to the campaign being read, in the group's words; any other by its slug."""
    if slug and slug not in TERRITORY_BY_SLUG:
        added = _reading.get()
        found = added.get(slug) if added is not None else None
        if found is not None:
            return found
    return names.territory(slug or "", get_language())


def continent_name(slug: str | None) -> str:
    return names.continent(slug or "", get_language())


def faction_name(slug: str | None, factions: dict[str, str] | None = None) -> str:
    if slug in FACTION_BY_SLUG:
        return names.faction(slug, get_language())
    if factions and slug in factions:
        return factions[slug]
    return slug or ""


def is_box_power(power: FactionPower) -> bool:
    """One of the box's starting powers (its words are the box's, in each language)."""
    return power.unlocked_by_id is None and power.slot == "starting"


def power_words(power: FactionPower) -> tuple[str, str]:
    """(name, text) of a power on a faction card, in the reader's language when it is one of
    the box's starting powers; a power a packet added keeps the group's words."""
    if is_box_power(power):
        return names.power(power.faction, power.code, power.name, power.text, get_language())
    return power.name, power.text


class FactionNames(dict):
    """Faction slug -> name for the reader; ``colours`` holds the unlocked factions' colours
    (the box's five have theirs in the style sheet), read in the same query."""

    colours: dict[str, str]


def campaign_faction_names(campaign_id: int, sees_unlocked: bool = True) -> FactionNames:
    """The campaign's factions (one query), the box's named in the reader's language, and the
    unlocked ones by a placeholder when the campaign hides them from the reader."""
    found = derived.factions_of(campaign_id)
    names = FactionNames(
        (
            slug,
            faction_name(slug)
            if slug in FACTION_BY_SLUG
            else (f.name if sees_unlocked else str(UNLOCKED_FACTION)),
        )
        for slug, f in found.items()
    )
    # An unlocked faction's own colour is unlocked content too.
    names.colours = (
        {slug: f.colour for slug, f in found.items() if f.unlocked} if sees_unlocked else {}
    )
    return names


def unlocked_factions_among(access: Access, slugs) -> dict[str, derived.FactionInfo]:
    """The unlocked factions among ``slugs`` (no query when there are none), named for the
    reader: a placeholder when the campaign hides its unlocked content from them."""
    found = derived.unlocked_among(access.campaign.pk, slugs)
    if not access.sees_unlocked:
        found = {
            s: dataclasses.replace(f, name=str(UNLOCKED_FACTION), text="", colour="")
            for s, f in found.items()
        }
    return found


def scar_kind_name(kind: ScarKind) -> str:
    """A scar type's name: the box's two in the reader's language, a group's as written."""
    return names.base_scar(kind.slug, kind.name, get_language()) if kind.base else kind.name


def scar_names(campaign_id: int, sees_unlocked: bool, kinds=None) -> dict[str, str]:
    """Each scar type's name for this reader ("?" for a hidden one), by slug; ``kinds``: the
    campaign's ``ScarKind`` rows, when the caller has read them."""
    found = {}
    language = get_language()
    rows = (
        [(k.slug, k.name, k.base) for k in kinds]
        if kinds is not None
        else ScarKind.objects.filter(campaign_id=campaign_id).values_list("slug", "name", "base")
    )
    for slug, name, base in rows:
        if base:
            found[slug] = names.base_scar(slug, name, language)
        else:
            found[slug] = name if sees_unlocked else "?"
    return found
