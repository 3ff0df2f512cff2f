"""Template filters for the names of the board and the box, in the reader's language.

The same functions the views use (``web.pages``), so a name reads the same on every page:
``{% load names %}{{ seat.hq|territory }}``, ``{{ slug|continent }}``, ``{{ slug|faction }}``,
``{{ opening.packet|packet }}``, ``{{ power|power_name }}``, ``{{ power|power_text }}``,
``{{ kind|scar }}`` (a ``ScarKind``). A group's own names stay as the group wrote them.
"""

from __future__ import annotations

from django import template

from legacy.box import FACTION_BY_SLUG
from web import pages
from web.names import continent_name, faction_name, power_words, scar_kind_name, territory_name

register = template.Library()


@register.filter
def territory(slug) -> str:
    return territory_name(slug)


@register.filter
def continent(slug) -> str:
    return continent_name(slug)


@register.filter
def faction_code(slug) -> str:
    """A faction's code for a class: the box's by its slug, any other "unlocked" (a group's
    slug spells its name, which may be hidden and may hold any character)."""
    return slug if slug in FACTION_BY_SLUG else "unlocked"


@register.filter
def faction(slug) -> str:
    return faction_name(slug)


@register.filter
def packet(slug) -> str:
    return pages.packet_name(slug)


@register.filter
def power_name(power) -> str:
    return power_words(power)[0]


@register.filter
def power_text(power) -> str:
    return power_words(power)[1]


@register.filter
def scar(kind) -> str:
    return scar_kind_name(kind)
