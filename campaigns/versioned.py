"""Reads kept in the cache under the campaign's world version.

Every write to a campaign bumps its world version first (``campaigns.services.lock_campaign``,
admin edits too: ``campaigns.admin.told``), so whatever a page reads of a campaign and draws from
it may be kept under that version: the next write leaves it behind and the next read draws it
again. A page read the campaign's row (and its version) before anything else, so what it stores
under a version is never older than that version.

The key holds the campaign's random share token too (a reused id never meets another campaign's
reads), and the caller adds everything else the read depends on: the game, the reader's kind
(``sees_unlocked``: a reader from whom unlocked content is hidden never gets what the owner
sees), the language when the read holds words.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

from campaigns.models import Campaign

T = TypeVar("T")

# A drawing is worth keeping only until the campaign's next write, which at a table comes within
# minutes: an hour spares the cache the drawings of a long game night.
TIMEOUT_SECONDS = 3600


def may_cache(campaign: Campaign) -> bool:
    """May what was just read for ``campaign`` be cached under its versions? Not while a write
    holds its row in a transaction (what it read may be rolled back); once that write has
    committed, what it reads is committed and at least as new as the versions it holds."""
    return not (campaign.writing and transaction.get_connection().in_atomic_block)


def version_key(
    campaign: Campaign, what: str, *parts: object, versions: tuple[int, ...] | None = None
) -> str:
    """The cache key of ``what`` for ``campaign`` at its ``versions`` (its world version unless
    the read depends on fewer writes: the marks version for the world), told apart by
    ``parts``."""
    return ":".join(
        [
            "earthbook",
            what,
            str(campaign.pk),
            campaign.share_token,
            *(str(v) for v in ((campaign.world_version,) if versions is None else versions)),
            *(_key_part(p) for p in parts),
        ]
    )


def _key_part(part: object) -> str:
    """A part as it goes into a key: a word or a number as it is, anything else (the seats'
    HQs, a list of rolls) by a digest of its text, so that a key holds no space or other
    character a cache server refuses."""
    text = str(part)
    if (
        text.isascii()
        and text.replace("-", "").replace("_", "").replace("/", "").replace(".", "").isalnum()
    ):
        return text
    return hashlib.blake2b(repr(part).encode(), digest_size=12).hexdigest()


def cached_read(
    campaign: Campaign,
    what: str,
    parts: tuple,
    read: Callable[[], T],
    *,
    versions: tuple[int, ...] | None = None,
    timeout: int = TIMEOUT_SECONDS,
) -> T:
    """``read()``, kept under the campaign's ``versions`` and ``parts`` (see the module and
    ``version_key``). Not stored while a write holds the campaign's row (``may_cache``): what
    it read may be rolled back."""
    key = version_key(campaign, what, *parts, versions=versions)
    found = cache.get(key)
    if found is not None:
        return found[0]
    value = read()
    if may_cache(campaign):
        cache.set(key, (value,), timeout=timeout)
    return value
