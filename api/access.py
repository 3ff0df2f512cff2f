"""The API's side of access: the caller's standing in a campaign, as DRF refusals.

The decision itself (levels, share links, public campaigns) is ``campaigns.access``, shared with
the pages. A request that may not read the campaign gets 404, so a private campaign's existence
is not given away; one that may read it but not do what it asks gets 401 when nobody is logged
in (a login might help) and 403 otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied

from campaigns.access import (
    Level,
    ServedCampaign,
    access_level,
    campaign_with_role,
    sees_unlocked,
    with_my_role,
)
from campaigns.models import Campaign

# Ids in URLs and bodies are bounded so that no database is asked about a number it cannot hold.
MAX_ID = 2**63 - 1


@dataclass(frozen=True)
class Access:
    campaign: Campaign
    role: str | None
    level: Level

    @property
    def is_member(self) -> bool:
        return self.level >= Level.MEMBER

    @property
    def sees_unlocked(self) -> bool:
        """May the caller see what the opened packets unlocked (``campaigns.access``)?"""
        return sees_unlocked(self.campaign, self.level)


def _share_token(request) -> str:
    token = request.query_params.get("share", "")
    return token if isinstance(token, str) else ""


def campaign_access(request, campaign_id: int, need: Level, *, with_owner: bool = False) -> Access:
    """The campaign and the caller's standing in it, in one query; refuses below ``need``.
    ``with_owner`` reads the owner's account in the same query (only the campaign's own
    answer names its owner; every other read does without the join)."""
    if not 0 < campaign_id <= MAX_ID:
        raise NotFound("There is no such campaign.")
    if with_owner:
        queryset = with_my_role(Campaign.objects.select_related("owner"), request.user)
        campaign = queryset.filter(pk=campaign_id).first()
    else:
        campaign = campaign_with_role(campaign_id, request.user)
    if campaign is None:
        raise NotFound("There is no such campaign.")
    return decide(request, campaign, getattr(campaign, "my_role", None), need)


def standing(request, campaign: Campaign | ServedCampaign, role: str | None, need: Level) -> Level:
    """The caller's level in a campaign already read (with their ``role`` in it, from
    ``with_my_role``); refuses below ``need``."""
    level = access_level(campaign, role, _share_token(request))
    if level == Level.NONE:
        raise NotFound("There is no such campaign.")
    if level < need:
        if not request.user.is_authenticated:
            raise NotAuthenticated("Log in to do that.")
        raise PermissionDenied(_refusal(need))
    return level


def decide(request, campaign: Campaign, role: str | None, need: Level) -> Access:
    """The caller's ``standing`` in a campaign already read, as the ``Access`` a view works
    with. (A change to an archived campaign is refused by the campaign's lock,
    ``campaigns.services.CampaignArchived``: 409 in ``api.errors``.)"""
    access = Access(campaign=campaign, role=role, level=standing(request, campaign, role, need))
    # The answer is then shaped for this reader (``ApiView.finalize_response``): what the
    # campaign hides from them is replaced by placeholders (``campaigns.hiding``).
    request.campaign_reader = access
    return access


def require_unlocked(request, access: Access, message: str) -> Access:
    """Refuse (401 without a login, else 403) a caller from whom the campaign hides what its
    packets unlocked (``campaigns.access.sees_unlocked``)."""
    refuse_hidden(request, access.sees_unlocked, message)
    return access


def refuse_hidden(request, sees: bool, message: str) -> None:
    """``require_unlocked`` for a caller whose ``sees`` (``campaigns.access.sees_unlocked``)
    is known."""
    if not sees:
        if not request.user.is_authenticated:
            raise NotAuthenticated(message)
        raise PermissionDenied(message)


def _refusal(need: Level) -> str:
    return {
        Level.MEMBER: "Only the campaign's members may see this.",
        Level.EDIT: "Only the campaign's editors and its owner may change it.",
        Level.OWN: "Only the campaign's owner may do that.",
    }.get(need, "You may not do that here.")
