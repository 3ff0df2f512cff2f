"""Quotas: whether one more of something would take an account or a campaign past its limit.

One pure function over plain numbers; what is counted, and the limits (settings), are the
caller's (``campaigns.jobs.quotas``).
"""

from __future__ import annotations

from collections.abc import Iterable


def quota_reached(asks: Iterable[tuple[str, int, int, int]]) -> str | None:
    """The first quota that the request would take past its limit, or None when every one
    allows it. Each ask is ``(quota, used, adding, limit)``: ``used`` is held (or in flight)
    already, ``adding`` what the request adds; a ``limit`` of 0 means no limit."""
    for quota, used, adding, limit in asks:
        if limit > 0 and used + adding > limit:
            return quota
    return None
