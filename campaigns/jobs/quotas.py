"""Quotas: how much one account, and one campaign, may keep or have in the making at once.

A request that would pass one is refused with ``QuotaReached`` (a ``RuleViolation`` of the
state of things: the API answers 409, a page shows the sentence) before anything is written.
Each ``check_*`` counts what is held or in flight (under the lock its caller holds: the
campaign's, and the account's row taken here, so that two requests at once cannot both take the
last place) and asks the one rule, ``legacy.quotas.quota_reached``. The limits are settings,
``EARTHBOOK_QUOTA_*`` (0: no limit).

What counts:

* photos: the photos an account uploaded (anywhere), and a campaign's photos, by number and by
  the bytes their files take: a ready photo's copies (``GamePhoto.stored_bytes``: the original
  encoded again, the web copy and the thumbnail), and a photo being prepared
  ``PHOTO_RESERVE`` times its upload, what its copies will take (a burst of uploads cannot end
  past the quota once they are made);
* photos in flight: an account's photos waiting or being prepared (a burst of uploads holds
  the bulk queue no longer than so many photos take);
* imports in flight: an account's imports waiting or running;
* chronicle PDFs in flight: those an account asked for, and a campaign's, waiting or being made;
* board pictures in flight: those waiting or being drawn of the campaigns an account owns. Only
  a member's explicit ask for a picture not already waiting counts against it (the page's
  "draw again", ``POST .../snapshots/``); the redraws a campaign asks for itself (a game
  finished, a correction) are one per picture and never refused;
* posters in flight: the posters waiting or being drawn of the campaigns an account owns (anyone
  reading a campaign may ask for its poster: its owner answers for it), and a campaign's. Only an
  explicit "ask again" is a new request; reading the poster, or naming the world, asks for it
  once and is never refused.

A job in the making that nobody makes any more (``campaigns.jobs.recovery.stale``) holds no place.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import BigIntegerField, Case, Count, F, Q, Sum, When
from django.db.models.functions import Coalesce

from campaigns.jobs.recovery import stale
from campaigns.models import (
    IN_THE_MAKING,
    Campaign,
    ChronicleExport,
    EndPoster,
    GamePhoto,
    ImportJob,
    Snapshot,
)
from legacy.errors import RuleViolation
from legacy.quotas import quota_reached
from legacy.refusals import Refusal, ServiceRule

MEGABYTE = 1024 * 1024
# A photo being prepared counts this many times its upload: its original encoded again takes
# about as much as the upload, its web copy and thumbnail (smaller pictures) much less. Once it
# is ready, what its copies really take counts instead.
PHOTO_RESERVE = 2

# Each quota: its rule (``legacy.refusals``, whose sentence says the limit) and its setting.
QUOTAS: dict[Refusal, str] = {
    ServiceRule.QUOTA_PHOTOS_PER_ACCOUNT: "EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT",
    ServiceRule.QUOTA_PHOTO_BYTES_PER_ACCOUNT: "EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT",
    ServiceRule.QUOTA_PHOTOS_PER_CAMPAIGN: "EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN",
    ServiceRule.QUOTA_PHOTO_BYTES_PER_CAMPAIGN: "EARTHBOOK_QUOTA_PHOTO_BYTES_PER_CAMPAIGN",
    ServiceRule.QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT: "EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT",
    ServiceRule.QUOTA_IMPORTS_PER_ACCOUNT: "EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT",
    ServiceRule.QUOTA_PDFS_PER_ACCOUNT: "EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_ACCOUNT",
    ServiceRule.QUOTA_PDFS_PER_CAMPAIGN: "EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_CAMPAIGN",
    ServiceRule.QUOTA_POSTERS_PER_ACCOUNT: "EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_ACCOUNT",
    ServiceRule.QUOTA_PICTURES_PER_ACCOUNT: "EARTHBOOK_QUOTA_PICTURES_IN_FLIGHT_PER_ACCOUNT",
    ServiceRule.QUOTA_POSTERS_PER_CAMPAIGN: "EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_CAMPAIGN",
}
IN_BYTES = {ServiceRule.QUOTA_PHOTO_BYTES_PER_ACCOUNT, ServiceRule.QUOTA_PHOTO_BYTES_PER_CAMPAIGN}


class QuotaReached(RuleViolation):
    """A request that would take an account or a campaign past a quota; nothing was written.
    Its rule's sentence says the limit (in megabytes for the bytes)."""

    def __init__(self, quota: str):
        limit = limit_of(quota)
        shown = f"{limit / MEGABYTE:.0f}" if quota in IN_BYTES else str(limit)
        super().__init__(rule_of(quota), conflict=True, limit=shown)
        self.quota = quota


def rule_of(quota: str) -> Refusal:
    return next(rule for rule in QUOTAS if rule == quota)


def limit_of(quota: str) -> int:
    return int(getattr(settings, QUOTAS[rule_of(quota)]))


def _refuse_past(asks: list[tuple[str, int, int]]) -> None:
    """Raise ``QuotaReached`` for the first ``(quota, used, adding)`` the request would pass."""
    reached = quota_reached((quota, used, adding, limit_of(quota)) for quota, used, adding in asks)
    if reached is not None:
        raise QuotaReached(reached)


def lock_account(account) -> None:
    """Hold the account's row until the transaction ends: its quotas are counted once at a
    time. A caller holding a campaign's lock takes it first, then this one."""
    get_user_model()._default_manager.select_for_update().filter(pk=account.pk).first()


def _in_flight(model) -> Q:
    """Waiting or being made, by a worker still alive."""
    return Q(status__in=IN_THE_MAKING) & ~stale(model)


def _is_person(account) -> bool:
    return account is not None and getattr(account, "is_authenticated", False)


def _photos(rows) -> tuple[int, int]:
    """How many photos, and the bytes they take or will take once prepared."""
    kept = Case(
        When(status__in=IN_THE_MAKING, then=F("stored_bytes") * PHOTO_RESERVE),
        default=F("stored_bytes"),
        output_field=BigIntegerField(),
    )
    found = rows.aggregate(
        count=Count("pk"), size=Coalesce(Sum(kept), 0, output_field=BigIntegerField())
    )
    return found["count"] or 0, found["size"] or 0


def check_photo(*, campaign_id: int, account, size: int) -> None:
    """Refused when one more photo uploaded in ``size`` bytes would pass a photo quota of
    ``account`` (its uploads anywhere, and those it has being prepared) or of the campaign. The
    caller holds the campaign's lock."""
    asks: list[tuple[str, int, int]] = []
    will_take = size * PHOTO_RESERVE
    if _is_person(account):
        lock_account(account)
        uploaded = GamePhoto.objects.filter(uploaded_by=account)
        count, stored = _photos(uploaded)
        preparing = uploaded.filter(_in_flight(GamePhoto)).count()
        asks += [
            ("quota-photos-in-flight-per-account", preparing, 1),
            ("quota-photos-per-account", count, 1),
            ("quota-photo-bytes-per-account", stored, will_take),
        ]
    count, stored = _photos(GamePhoto.objects.filter(game__campaign_id=campaign_id))
    asks += [
        ("quota-photos-per-campaign", count, 1),
        ("quota-photo-bytes-per-campaign", stored, will_take),
    ]
    _refuse_past(asks)


def check_import(*, account) -> None:
    """Refused when ``account`` has as many imports waiting or running as it may."""
    lock_account(account)
    running = ImportJob.objects.filter(_in_flight(ImportJob), owner=account).count()
    _refuse_past([("quota-imports-per-account", running, 1)])


def check_pdf(*, campaign: Campaign, account) -> None:
    """Refused when a new chronicle PDF would pass what ``account`` (or, for a reader who is
    not signed in, the campaign's owner) or the campaign may have in the making. The caller
    holds the campaign's lock."""
    made = ChronicleExport.objects.filter(_in_flight(ChronicleExport))
    asker = account if _is_person(account) else campaign.owner
    lock_account(asker)
    by_asker = made.filter(
        Q(requested_by=asker) | Q(requested_by__isnull=True, campaign__owner=asker)
    )
    _refuse_past(
        [
            ("quota-pdfs-per-account", by_asker.count(), 1),
            ("quota-pdfs-per-campaign", made.filter(campaign=campaign).count(), 1),
        ]
    )


def check_poster(*, campaign_id: int) -> None:
    """Refused when asking again for the campaign's poster would pass what the campaign, or
    the campaigns of its owner, may have being drawn."""
    campaign = Campaign.objects.select_related("owner").get(pk=campaign_id)
    owner = campaign.owner_id
    lock_account(campaign.owner)
    drawing = EndPoster.objects.filter(_in_flight(EndPoster))
    _refuse_past(
        [
            ("quota-posters-per-campaign", drawing.filter(campaign_id=campaign_id).count(), 1),
            ("quota-posters-per-account", drawing.filter(campaign__owner_id=owner).count(), 1),
        ]
    )


def check_picture(*, campaign_id: int) -> None:
    """Refused when one more board picture asked for would pass what the campaigns of the
    campaign's owner may have waiting or being drawn."""
    campaign = Campaign.objects.select_related("owner").get(pk=campaign_id)
    lock_account(campaign.owner)
    drawing = Snapshot.objects.filter(_in_flight(Snapshot), campaign__owner_id=campaign.owner_id)
    _refuse_past([("quota-pictures-per-account", drawing.count(), 1)])
