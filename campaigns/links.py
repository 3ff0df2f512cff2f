"""One-time links (an e-mail address confirmed): each works once, ever.

A signed link says what it may do and until when; whether it was followed already is not in
it. ``use_once`` remembers each followed link by the SHA-256 of its token, for as long as
such a link could still work, so that a link stays used even when the account comes back to
the state it was made for (an address removed, then the old one asked for again).
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.utils import timezone

from campaigns.models import UsedLink


def use_once(token: str, *, lifetime_seconds: int) -> bool:
    """Record the link ``token`` as followed: False when it was followed before. Links older
    than ``lifetime_seconds`` no longer work anyway: their rows are swept here."""
    UsedLink.objects.filter(
        used_at__lt=timezone.now() - timedelta(seconds=lifetime_seconds)
    ).delete()
    digest = hashlib.sha256(token.encode()).hexdigest()
    _row, made = UsedLink.objects.get_or_create(digest=digest)
    return made
