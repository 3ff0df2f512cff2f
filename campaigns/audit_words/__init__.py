"""The audit trail in the reader's language.

An audit entry stores what happened as an action and its parameters (``AuditEntry.data``); the
sentence is made here when the entry is read, in the language active then. Entries written
before that keep the English summary they were stored with, shown as written.

Each ``AuditAction`` has one small function that words it, registered with ``words_for``; a
test checks that none is missing, so a new action cannot be recorded without its sentence.
The sentences live by subject: ``games`` (the games and what they add), ``members`` (the
campaign and its people) and ``world`` (the world's changes outside a game's entries), over
``common``, what they share.

Names of the box (territories, factions, packets) come from ``legacy.names``; the group's own
names (players, cities, a faction a packet added) stay as the group wrote them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# The modules of sentences register theirs in ``WORDS`` when imported.
from campaigns.audit_words import bring_in, games, members, world  # noqa: F401
from campaigns.audit_words.common import (
    MARK_TYPE_LABELS,
    OWN_NAME,
    WORDS,
    own_name,
    role_label,
    words_for,
)
from campaigns.vocabulary import OWN_COMPONENT

__all__ = [
    "MARK_TYPE_LABELS",
    "OWN_COMPONENT",
    "OWN_NAME",
    "WORDS",
    "audit_text",
    "role_label",
    "words_for",
]


def audit_text(entry, components: Iterable = ()) -> str:
    """What an audit entry says, in the active language: made from its action and data, or
    the English summary an older entry was stored with. ``components`` are the group's own
    sealed components the reader may read the names of: an entry about one names it."""
    if entry.summary:
        return entry.summary
    data = entry.data if isinstance(entry.data, Mapping) else {}
    own = own_name(data, components) if components else ""
    if own:
        data = {**data, OWN_NAME: own}
    words = WORDS.get(entry.action)
    try:
        text = words(data) if words else None
    except (TypeError, ValueError):  # data of another shape (an imported backup): its action
        text = None
    if text is None:
        return entry.action
    return text[:1].upper() + text[1:]
