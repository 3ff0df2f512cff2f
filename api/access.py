"""Who may do what with a campaign, decided in one place.

Levels, each including the ones below it:

* ``READ``: anyone who may read the campaign: its members, anybody when the campaign is
  public (listed on the home page), and anybody holding its share link (``?share=<token>``)
  while sharing is on.
* ``MEMBER``: a member of the campaign, in any role (viewer and up). Members see what a share
  link does not: who the members are, the audit trail, the export, and the unlocked content of a
  campaign that hides it.
* ``EDIT``: editors and the owner: they record games and edit the world.
* ``OWN``: the owner alone: the campaign's settings and its members. The owner records games
  too; nobody deletes anything of the world (a correction voids a mark and says why).

A request that may not read the campaign gets 404, so a private campaign's existence is not
given away; one that may read it but not do what it asks gets 401 when nobody is logged in (a
login might help) and 403 otherwise.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import IntEnum

from django.db.models import OuterRef, Subquery
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied

from campaigns.models import Campaign, Membership, Role


class Level(IntEnum):
    NONE = 0
    READ = 1
    MEMBER = 2
    EDIT = 3
    OWN = 4


ROLE_LEVEL = {Role.VIEWER: Level.MEMBER, Role.EDITOR: Level.EDIT, Role.OWNER: Level.OWN}

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


def _share_token(request) -> str:
    token = request.query_params.get("share", "")
    return token if isinstance(token, str) else ""


def access_level(campaign: Campaign, role: str | None, share: str) -> Level:
    if role in ROLE_LEVEL:
        return ROLE_LEVEL[role]
    if campaign.public:
        return Level.READ
    # Bytes, not str: compare_digest refuses a str holding anything but ASCII.
    if (
        campaign.shared
        and share
        and secrets.compare_digest(share.encode(errors="replace"), campaign.share_token.encode())
    ):
        return Level.READ
    return Level.NONE


def campaign_access(request, campaign_id: int, need: Level) -> Access:
    """The campaign and the caller's standing in it, in one query; refuses below ``need``."""
    if not 0 < campaign_id <= MAX_ID:
        raise NotFound("There is no such campaign.")
    user = request.user
    queryset = Campaign.objects.select_related("owner")
    if user.is_authenticated:
        queryset = queryset.annotate(
            my_role=Subquery(
                Membership.objects.filter(campaign=OuterRef("pk"), user=user).values("role")[:1]
            )
        )
    campaign = queryset.filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound("There is no such campaign.")
    role = getattr(campaign, "my_role", None)
    level = access_level(campaign, role, _share_token(request))
    if level == Level.NONE:
        raise NotFound("There is no such campaign.")
    if level < need:
        if not user.is_authenticated:
            raise NotAuthenticated("Log in to do that.")
        raise PermissionDenied(_refusal(need))
    return Access(campaign=campaign, role=role, level=level)


def _refusal(need: Level) -> str:
    return {
        Level.MEMBER: "Only the campaign's members may see this.",
        Level.EDIT: "Only the campaign's editors and its owner may change it.",
        Level.OWN: "Only the campaign's owner may do that.",
    }.get(need, "You may not do that here.")
