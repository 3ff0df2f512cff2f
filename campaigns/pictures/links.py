"""Signed picture links: an address that opens exactly one stored picture, for a while.

A link names the campaign, the game (0 for the animated timeline), the hash of the state the
picture shows, and when it stops working; ``django.core.signing`` signs all of it with the
server's secret key. It opens that picture and nothing else: no other game, no page of the
campaign, and not the same game's picture once an amendment changed what it shows. The
campaign's share token is never in it, so an image address passed on does not open the
campaign.

The expiry is rounded up to a step (a quarter of ``PICTURE_LINK_TTL_MINUTES``), so that the same
picture keeps the same address for a while and browsers can keep their copy.
"""

from __future__ import annotations

import enum
import time

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare

from campaigns.access import ServedPicture, picture_to_serve
from campaigns.models import JobStatus

SALT = "earthbook.pictures.link"


class Check(enum.Enum):
    GOOD = "good"
    BAD = "bad"  # tampered with, malformed, or made for another picture
    EXPIRED = "expired"


def _value(
    campaign_id: int,
    game_number: int,
    state_hash: str,
    expires: int,
    hides: bool = False,
    through: str = "",
) -> str:
    value = f"{campaign_id}/{game_number}/{state_hash}/{expires}"
    value = f"{value}/hides" if hides else value
    return f"{value}/through/{through}" if through else value


def through(campaign, is_member: bool) -> str:
    """What lets a reader see the campaign's pictures, when it is not their membership: the
    campaign being public, or its share link (the token as it is now). A link signed for such a
    reader stops opening the picture once that is gone: the campaign made private, sharing
    turned off, or a new share link made."""
    if is_member:
        return ""
    return "public" if campaign.public else f"share:{campaign.share_token}"


def throughs(campaign) -> list[str]:
    """Every ``through`` a link may have been signed with that still lets its reader in."""
    found = [""]
    if campaign.public:
        found.append("public")
    if campaign.shared:
        found.append(f"share:{campaign.share_token}")
    return found


def sign(
    campaign_id: int,
    game_number: int,
    state_hash: str,
    now: float | None = None,
    *,
    hides: bool = False,
    through: str = "",
) -> str:
    """The ``sig`` of a link to this picture: ``<expires>.<signature>``.

    ``hides``: the campaign hides what its packets unlocked (so the link is made for one of its
    editors). A link made while the campaign did not hide it stops working once it does: the
    picture names the unlocked scar types, and such a link may be in a visitor's hands.
    ``through``: what lets a reader who is not a member in (``through()``)."""
    ttl = settings.PICTURE_LINK_TTL_MINUTES * 60
    step = max(60, ttl // 4)
    moment = int(time.time() if now is None else now)
    expires = (moment + ttl + step - 1) // step * step
    value = _value(campaign_id, game_number, state_hash, expires, hides, through)
    signature = signing.Signer(salt=SALT).sign(value).rpartition(signing.Signer().sep)[2]
    return f"{expires}.{signature}"


def check(
    sig: str,
    campaign_id: int,
    game_number: int,
    state_hash: str,
    now: float | None = None,
    *,
    hides: bool = False,
    throughs: list[str] | tuple[str, ...] = ("",),
) -> Check:
    """Does ``sig`` open the picture of ``game_number`` in this campaign, as it is now, for a
    reader let in by one of ``throughs``?"""
    if not isinstance(sig, str) or not state_hash:
        return Check.BAD
    expires, dot, signature = sig.partition(".")
    if not dot or not expires.isascii() or not expires.isdigit() or len(expires) > 12:
        return Check.BAD
    if not any(
        _signed(_value(campaign_id, game_number, state_hash, int(expires), hides, way), signature)
        for way in throughs
    ):
        return Check.BAD
    if int(expires) < (time.time() if now is None else now):
        return Check.EXPIRED
    return Check.GOOD


def _signed(value: str, signature: str) -> bool:
    try:
        unsigned = signing.Signer(salt=SALT).unsign(f"{value}{signing.Signer().sep}{signature}")
    except signing.BadSignature:
        return False
    return constant_time_compare(unsigned, value)


def signed_picture(
    campaign_id: int, game_number: int, sig: str
) -> tuple[Check, ServedPicture | None]:
    """The snapshot row a signed link opens, with the outcome of its check: ``(GOOD, row)``, or
    ``(BAD | EXPIRED, None)``. A picture not drawn (or redrawn since) is ``BAD``: the link was
    made for another picture."""
    row = None
    if 0 < campaign_id < 2**63 and 0 <= game_number < 2**15:
        # The picture's row with its campaign, in the one query every picture fetch uses.
        row = picture_to_serve(campaign_id, game_number, None)
        if row is not None and row.status != JobStatus.DONE:
            row = None
    outcome = check(
        sig,
        campaign_id,
        game_number,
        row.state_hash if row is not None else "",
        hides=row is not None and row.campaign.hide_unlocked_content,
        throughs=throughs(row.campaign) if row is not None else ("",),
    )
    return outcome, (row if outcome is Check.GOOD else None)
