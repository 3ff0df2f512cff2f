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

from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from campaigns.models import Campaign
from campaigns.services import may_cache

T = TypeVar("T")

# A drawing is worth keeping only until the campaign's next write, which at a table comes within
# minutes: an hour spares the cache the drawings of a long game night.
TIMEOUT_SECONDS = 3600


def version_key(campaign: Campaign, what: str, *parts: object) -> str:
    """The cache key of ``what`` for ``campaign`` at its world version, told apart by
    ``parts``."""
    return ":".join(
        [
            "earthbook",
            what,
            str(campaign.pk),
            campaign.share_token,
            str(campaign.world_version),
            *(str(p) for p in parts),
        ]
    )


def cached_read(campaign: Campaign, what: str, parts: tuple, read: Callable[[], T]) -> T:
    """``read()``, kept under the campaign's world version and ``parts`` (see the module). Not
    stored while a write holds the campaign's row (``may_cache``): what it read may be rolled
    back."""
    key = version_key(campaign, what, *parts)
    found = cache.get(key)
    if found is not None:
        return found[0]
    value = read()
    if may_cache(campaign):
        cache.set(key, (value,), timeout=TIMEOUT_SECONDS)
    return value
