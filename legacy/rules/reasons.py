"""A reason the group gives for what the rules would otherwise refuse: a packet opened before
its trigger fired ("earned otherwise"), a scar placed without a scar card. The history keeps
it, so it says something: a few words, not a tap or the packet's name again."""

from __future__ import annotations

import re
from collections.abc import Iterable

from legacy.errors import RuleViolation
from legacy.refusals import Refusal

LEAST_REASON = 10  # characters, once trimmed: a few words


def _plain(text: str) -> str:
    """Text as compared with a name: lower-case letters and digits, single spaces."""
    return " ".join(re.findall(r"[^\W_]+", text.casefold()))


def reason_in_words(reason: str, *, rule: Refusal, field: str, names: Iterable[str] = ()) -> str:
    """The reason trimmed, when it says something in a few words: at least ``LEAST_REASON``
    characters once trimmed, and not just one of ``names`` (the packet's name, in any case or
    spacing). Otherwise refused with ``rule`` on ``field``."""
    text = (reason or "").strip()
    if len(text) < LEAST_REASON or _plain(text) in {_plain(n) for n in names if n}:
        raise RuleViolation(rule, field=field, least=LEAST_REASON)
    return text
