"""Who may read a campaign's pages, and what they may do there.

``campaign_access`` finds the campaign and the reader's role, or answers 404 to anyone who may not
read it; a visitor who came with the share link is remembered in their session.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from campaigns import access
from campaigns.audit_words import role_label
from campaigns.models import Campaign, Role

# --- Access --------------------------------------------------------------------------------------

SHARE_SESSION_KEY = "earthbook_shares"


@dataclass
class Access:
    """Who is looking at a campaign, and what they may do.

    ``role`` is the member's role, or None for a visitor who reads through the share link or
    because the campaign is listed publicly.
    """

    campaign: Campaign
    role: str | None

    @property
    def is_member(self) -> bool:
        return self.role is not None

    @property
    def can_write(self) -> bool:
        return self.role in (Role.OWNER, Role.EDITOR)

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER

    @property
    def role_label(self) -> str:
        return role_label(self.role)

    @property
    def sees_unlocked(self) -> bool:
        level = access.ROLE_LEVEL.get(self.role, access.Level.READ)
        return access.sees_unlocked(self.campaign, level)


def campaign_access(request, pk: int) -> Access:
    """The campaign and the reader's role, or 404 for anyone who may not read it.

    A stranger reads a campaign only when it is listed publicly, or when it is shared and they
    came with its share link (``?share=<token>``, remembered in their session after that).
    """
    campaign = access.campaign_with_role(pk, request.user)
    if campaign is None:
        raise Http404
    role = getattr(campaign, "my_role", None)
    if role is None:
        shares = request.session.get(SHARE_SESSION_KEY, {})
        token = request.GET.get("share") or shares.get(str(campaign.pk))
        if access.access_level(campaign, role, token) == access.Level.NONE:
            raise Http404
        if access.share_matches(campaign, token) and shares.get(str(campaign.pk)) != token:
            request.session[SHARE_SESSION_KEY] = {**shares, str(campaign.pk): token}
    return Access(campaign=campaign, role=role)


async def acampaign_access(request, pk: int) -> Access:
    """``campaign_access`` for an async view, by the async ORM: the same readers (members, the
    public listing, the share link remembered in the session or given in the address), the same
    404 for everyone else. It remembers nothing in the session."""
    campaign = await access.acampaign_with_role(pk, await request.auser())
    if campaign is None:
        raise Http404
    role = getattr(campaign, "my_role", None)
    if role is None:
        shares = await request.session.aget(SHARE_SESSION_KEY, {})
        token = request.GET.get("share") or shares.get(str(campaign.pk))
        if access.access_level(campaign, role, token) == access.Level.NONE:
            raise Http404
    return Access(campaign=campaign, role=role)
