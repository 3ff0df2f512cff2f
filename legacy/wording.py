"""A refusal in the reader's language: the rule's one sentence, translated when read, with
the names it speaks of put in."""

from __future__ import annotations

from django.utils.translation import gettext

from legacy.errors import RuleViolation
from legacy.words import Words


def said(refusal: RuleViolation) -> str:
    """The refusal's sentence in the active language (the reader's: the API follows
    ``Accept-Language``, the pages the session's language)."""
    sentence = gettext(refusal.template)
    if not refusal.params:
        return sentence
    return sentence % {name: _in_words(value) for name, value in refusal.params.items()}


def _in_words(value: object) -> object:
    """A name as it is; the box's own words, and a refusal inside another (a player's refused
    choice), in the reader's language too."""
    if isinstance(value, RuleViolation):
        return said(value)
    if isinstance(value, Words):
        return gettext(value)
    return value
