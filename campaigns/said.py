"""Names a refusal speaks of (its ``params``), said in the reader's language when it is read.

A refusal is raised in one language and read in another (``legacy.wording.said``): a name of the
box, or a list of names, is kept here as a lazy string that is worded only when the sentence is
put together for its reader. The group's own names stay as they wrote them.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import lazy
from django.utils.text import get_text_list
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from legacy import names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG

AND, OR = _("and"), _("or")


def listed(items: Iterable, *, last_word=AND):
    """``items`` as a sentence lists them ("Ada, Boris and Chloe")."""
    return lazy(get_text_list, str)(list(items), last_word)


def _faction(slug: str) -> str:
    return names.faction(slug, get_language())


def _packet(slug: str) -> str:
    return names.packet(slug, get_language())


def faction(slug: str, name: str):
    """A faction: the box's by its name in the reader's language, a group's by ``name``."""
    return lazy(_faction, str)(slug) if slug in FACTION_BY_SLUG else name


def packet(slug: str, name: str | None = None):
    """A packet: the box's by its name in the reader's language, a group's sealed component by
    ``name``, anything else by the slug asked for."""
    if slug in PACKET_BY_SLUG:
        return lazy(_packet, str)(slug)
    return name if name is not None else repr(slug)
