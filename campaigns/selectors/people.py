"""The people of a campaign as the doors read them: its roster (players), its members and their
invitations, the campaigns an account belongs to or may find listed.

Each function is the one read the pages or the API make, in the same number of queries.
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from campaigns.models import Campaign, Invitation, Membership, Player


def campaign(campaign_id: int) -> Campaign:
    return Campaign.objects.get(pk=campaign_id)


def public_campaigns(limit: int = 20) -> QuerySet[Campaign]:
    """The newest campaigns listed for anyone to read."""
    return Campaign.objects.filter(public=True).order_by("-created_at")[:limit]


def no_campaigns() -> QuerySet[Campaign]:
    """No campaign at all: what a listing view describes itself by."""
    return Campaign.objects.none()


def campaigns_of(user) -> QuerySet[Campaign]:
    """The campaigns ``user`` is a member of, newest first, each with their ``my_role`` in it
    and its owner; the ids are read first from the memberships' own index (joined instead,
    PostgreSQL scans every campaign of the service to find a user's few)."""
    return (
        Campaign.objects.filter(pk__in=campaign_ids_of(user))
        .select_related("owner")
        .annotate(
            my_role=Subquery(
                Membership.objects.filter(campaign=OuterRef("pk"), user=user).values("role")[:1]
            )
        )
        .order_by("-created_at", "-id")
    )


def campaign_ids_of(user) -> list[int]:
    """The ids of the campaigns ``user`` is a member of, from the memberships' own index."""
    return list(Membership.objects.filter(user=user).values_list("campaign_id", flat=True))


def players(campaign_id: int) -> list[Player]:
    """The roster in the order the players were entered."""
    return list(Player.objects.filter(campaign_id=campaign_id).order_by("id"))


def roster(campaign_id: int) -> QuerySet[Player]:
    """The roster as the API lists it (the model's own order)."""
    return Player.objects.filter(campaign_id=campaign_id)


def roster_with_accounts(campaign_id: int) -> list[Player]:
    """The roster by name, with the account each name is linked to or claimed by."""
    return list(
        Player.objects.filter(campaign_id=campaign_id)
        .select_related("user", "claimed_by")
        .order_by("name")
    )


def player_names(campaign_id: int) -> dict[int, str]:
    return dict(Player.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))


def on_roster(campaign_id: int, player_id: int) -> bool:
    return Player.objects.filter(campaign_id=campaign_id, pk=player_id).exists()


def members(campaign_id: int) -> list[Membership]:
    """The members with their accounts, in the order they joined."""
    return list(
        Membership.objects.filter(campaign_id=campaign_id).select_related("user").order_by("id")
    )


def member(campaign_id: int, member_id: int) -> Membership | None:
    return Membership.objects.filter(campaign_id=campaign_id, pk=member_id).first()


def membership_of(campaign_id: int, user) -> Membership | None:
    return Membership.objects.filter(campaign_id=campaign_id, user=user).first()


def live_invitations(campaign_id: int, ttl_days: int) -> list[Invitation]:
    """The links that work now, newest first: not withdrawn, not expired, not a single-use
    link already used."""
    return list(
        Invitation.objects.filter(
            campaign_id=campaign_id,
            revoked_at__isnull=True,
            created_at__gt=timezone.now() - timedelta(days=ttl_days),
        )
        .exclude(single_use=True, uses__gt=0)
        .order_by("-id")
    )


def invitation(token: str) -> Invitation | None:
    """The invitation of a link, with its campaign."""
    return Invitation.objects.select_related("campaign").filter(token=token).first()
