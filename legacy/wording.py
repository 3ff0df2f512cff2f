"""A refusal in the reader's language: the rule's one sentence, translated when read, with
the names it speaks of put in."""

from __future__ import annotations

from django.utils.translation import gettext

from legacy.errors import RuleViolation


def said(refusal: RuleViolation) -> str:
    """The refusal's sentence in the active language (the reader's: the API follows
    ``Accept-Language``, the pages the session's language)."""
    if refusal.template is None:
        return refusal.message
    sentence = gettext(refusal.template)
    return sentence % refusal.params if refusal.params else sentence
