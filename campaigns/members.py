"""Services for the people around a campaign: invitations, members' roles, sharing.

Like every service, each function is keyword-only, runs in one transaction, locks the campaign
row first and refuses with a ``RuleViolation`` (a message for the players) before writing.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from campaigns import live
from campaigns.claims import link
from campaigns.models import Campaign, Invitation, Membership, Player, Role, new_share_token
from campaigns.pictures.snapshots import refresh_on_commit
from campaigns.services import audit, check_language, lock_campaign
from campaigns.vocabulary import READINGS, AuditAction
from legacy.errors import RuleViolation
from legacy.refusals import ServiceRule

INVITED_ROLES = (Role.EDITOR, Role.VIEWER)


def _require_owner(campaign: Campaign, by) -> None:
    if not Membership.objects.filter(campaign=campaign, user=by, role=Role.OWNER).exists():
        raise RuleViolation(ServiceRule.OWNER_ONLY, conflict=True)


@transaction.atomic
def create_invitation(
    *, campaign: Campaign, role: str, single_use: bool = False, player: int | None = None, by
) -> Invitation:
    """A new invitation link with a role (editor or viewer). It works for
    ``settings.INVITATION_TTL_DAYS`` days until revoked; a single-use link lets one person in.
    ``player``: the roster name whoever joins by it is linked to (the inviter's choice)."""
    campaign = lock_campaign(campaign)
    _require_owner(campaign, by)
    if role not in INVITED_ROLES:
        raise RuleViolation(ServiceRule.INVITATION_ROLE, field="role")
    roster = None
    if player is not None:
        roster = Player.objects.filter(campaign=campaign, pk=player, user__isnull=True).first()
        if roster is None:
            raise RuleViolation(ServiceRule.INVITATION_PLAYER, field="player")
    invitation = Invitation.objects.create(
        campaign=campaign, role=role, single_use=bool(single_use), created_by=by, player=roster
    )
    audit(campaign, by, AuditAction.INVITATION_CREATED, role=role, single_use=invitation.single_use)
    return invitation


@transaction.atomic
def revoke_invitation(*, invitation: Invitation, by) -> Invitation:
    campaign = lock_campaign(invitation.campaign_id)
    _require_owner(campaign, by)
    invitation = Invitation.objects.get(pk=invitation.pk)
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit(campaign, by, AuditAction.INVITATION_REVOKED)
    return invitation


@transaction.atomic
def accept_invitation(*, token: str, user) -> tuple[Membership, bool]:
    """Join the campaign of an invitation; returns the membership and whether it is new.

    A member who opens a link keeps their role: a link never demotes nor promotes anyone.
    """
    campaign_id = (
        Invitation.objects.filter(token=token).values_list("campaign_id", flat=True).first()
    )
    if campaign_id is None:
        raise RuleViolation(ServiceRule.INVITATION_UNKNOWN)
    # Joining leaves what the campaign keeps as it is: an archived campaign may be joined, to
    # be read.
    campaign = lock_campaign(campaign_id, archived_ok=True)
    invitation = Invitation.objects.get(token=token)
    if invitation.revoked_at is not None:
        raise RuleViolation(ServiceRule.INVITATION_REVOKED, conflict=True)
    if invitation.is_expired:
        raise RuleViolation(ServiceRule.INVITATION_EXPIRED, conflict=True)
    existing = Membership.objects.filter(campaign=campaign, user=user).first()
    if existing:
        return existing, False
    if invitation.is_used_up:
        raise RuleViolation(ServiceRule.INVITATION_USED, conflict=True)
    membership = Membership.objects.create(
        campaign=campaign, user=user, role=invitation.role, invitation=invitation
    )
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    audit(
        campaign,
        user,
        AuditAction.MEMBER_JOINED,
        username=user.get_username(),
        role=invitation.role,
    )
    # The inviter chose the roster name this link is for: whoever joins by it is that player.
    roster = None
    if invitation.player_id is not None:
        roster = Player.objects.filter(pk=invitation.player_id, user__isnull=True).first()
    if roster is not None and not Player.objects.filter(campaign=campaign, user=user).exists():
        link(roster, user, user)
    return membership, True


@transaction.atomic
def set_role(*, campaign: Campaign, membership: Membership, role: str, by) -> Membership:
    campaign = lock_campaign(campaign)
    _require_owner(campaign, by)
    membership = Membership.objects.select_related("user").get(pk=membership.pk, campaign=campaign)
    if membership.role == Role.OWNER:
        raise RuleViolation(
            ServiceRule.OWNER_STAYS,
            field="role",
            conflict=True,
            member=membership.user.get_username(),
        )
    if role not in INVITED_ROLES:
        raise RuleViolation(ServiceRule.MEMBER_ROLE, field="role")
    if membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
        audit(
            campaign,
            by,
            AuditAction.MEMBER_ROLE,
            username=membership.user.get_username(),
            role=role,
        )
    return membership


@transaction.atomic
def remove_member(*, campaign: Campaign, membership: Membership, by) -> None:
    """Remove a member, and withdraw the invitation link they joined by, so that they cannot
    come back through it. Others who joined by the same link stay members; the link stops
    working for everyone, and the owner makes a new one if the group still needs it."""
    campaign = lock_campaign(campaign)
    _require_owner(campaign, by)
    membership = Membership.objects.select_related("user").get(pk=membership.pk, campaign=campaign)
    if membership.role == Role.OWNER:
        raise RuleViolation(
            ServiceRule.OWNER_STAYS, conflict=True, member=membership.user.get_username()
        )
    name = membership.user.get_username()
    link = membership.invitation_id
    # A roster name they claimed and the owner has not decided on is nobody's claim now.
    Player.objects.filter(campaign=campaign, claimed_by=membership.user).update(claimed_by=None)
    membership.delete()
    live.check_readers_after_commit(campaign.pk)  # their open pages stop being told now
    audit(campaign, by, AuditAction.MEMBER_REMOVED, username=name)
    if link is not None:
        withdrawn = Invitation.objects.filter(
            pk=link, campaign=campaign, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
        if withdrawn:
            audit(
                campaign,
                by,
                AuditAction.INVITATION_REVOKED,
                member=name,
            )


@transaction.atomic
def update_sharing(
    *,
    campaign: Campaign,
    shared: bool,
    public: bool,
    hide_unlocked_content: bool,
    new_link: bool = False,
    by,
) -> Campaign:
    """Who may read the campaign besides its members, and whether packet content is hidden.

    ``new_link`` replaces the share token, so the old share link stops working.
    """
    campaign = lock_campaign(campaign)
    _require_owner(campaign, by)
    campaign.shared = bool(shared)
    campaign.public = bool(public)
    campaign.hide_unlocked_content = bool(hide_unlocked_content)
    if new_link:
        campaign.share_token = new_share_token()
    campaign.save(update_fields=["shared", "public", "hide_unlocked_content", "share_token"])
    # Readers by the old link, or of a campaign no longer shared, stop being told now.
    live.check_readers_after_commit(campaign.pk)
    audit(
        campaign,
        by,
        AuditAction.SHARING,
        shared=campaign.shared,
        public=campaign.public,
        hidden=campaign.hide_unlocked_content,
        new_link=bool(new_link),
    )
    return campaign


WORLD_NUMBER_LIMIT = 30


@transaction.atomic
def set_world_number(*, campaign: Campaign, number: str, by) -> Campaign:
    """The world number printed in the box (optional), as the group reads it."""
    number = " ".join((number or "").split())
    if len(number) > WORLD_NUMBER_LIMIT:
        raise RuleViolation(
            ServiceRule.WORLD_NUMBER, field="world_number", limit=WORLD_NUMBER_LIMIT
        )
    campaign = lock_campaign(campaign, marks=False, triggers=False)
    _require_owner(campaign, by)
    if campaign.world_number != number:
        campaign.world_number = number
        campaign.save(update_fields=["world_number"])
        audit(campaign, by, AuditAction.WORLD_NUMBER, number=number)
    return campaign


@transaction.atomic
def set_archived(*, campaign: Campaign, archived: bool, by) -> Campaign:
    """Archive a campaign (read-only: every change refused) or unarchive it: the owner's."""
    campaign = lock_campaign(campaign, marks=False, triggers=False, archived_ok=True)
    _require_owner(campaign, by)
    if campaign.archived != archived:
        campaign.archived = archived
        campaign.save(update_fields=["archived"])
        audit(campaign, by, AuditAction.ARCHIVED if archived else AuditAction.UNARCHIVED)
    return campaign


@transaction.atomic
def set_language(*, campaign: Campaign, language: str, by) -> Campaign:
    """The language the campaign's board pictures are drawn in. Every picture already drawn is
    drawn again in it (the pages themselves follow each reader's own language)."""
    from campaigns.models import Snapshot
    from campaigns.pictures.snapshots import request_snapshot

    check_language(language)
    campaign = lock_campaign(campaign)
    _require_owner(campaign, by)
    if campaign.language == language:
        return campaign
    campaign.language = language
    campaign.save(update_fields=["language"])
    audit(
        campaign,
        by,
        AuditAction.LANGUAGE,
        language=language,
    )
    drawn = Snapshot.objects.filter(campaign=campaign, game_number__gt=Snapshot.TIMELINE)
    for number in drawn.values_list("game_number", flat=True):
        request_snapshot(campaign.pk, number, force=True)
    return campaign


@transaction.atomic
def set_house_rules(
    *,
    campaign: Campaign,
    held_on_rewards_end_together: bool | None = None,
    world_capitals_allowed: int | None = None,
    world_capital_is_a_start: bool | None = None,
    readings: Mapping[str, str | None] | None = None,
    by,
) -> Campaign:
    """The campaign's readings of the rulebook where readings differ (the owner decides).

    ``held_on_rewards_end_together``: held-on rewards end for everyone once either stock
    (minor cities or coins) is empty, as the rulebook's "no more coins or minor cities" may be
    read; off (the default), each reward ends with its own stock.
    ``world_capitals_allowed``: how many World Capitals may exist at once (1 by default).
    ``world_capital_is_a_start``: a World Capital is a legal start for its founder (off, the
    default, as the rulebook says: only a major city they founded is).
    ``readings``: the other open points (``campaigns.vocabulary.READINGS``), field -> value.
    None leaves a rule as it is. A value that is not one of the point's readings is refused
    and nothing is written."""
    campaign = lock_campaign(campaign)
    _require_owner(campaign, by)
    chosen = {name: given for name, given in (readings or {}).items() if given not in (None, "")}
    for name, given in chosen.items():
        if name not in READINGS:
            raise RuleViolation(ServiceRule.UNKNOWN_HOUSE_RULE, field=name, rule=repr(name))
        if given not in READINGS[name].values:
            raise RuleViolation(
                ServiceRule.HOUSE_RULE,
                field=name,
                rule=name.replace("_", " ").capitalize(),
                readings=", ".join(READINGS[name].values),
                given=repr(given),
            )
    for name, given in chosen.items():
        if getattr(campaign, name) != given:
            setattr(campaign, name, given)
            campaign.save(update_fields=[name])
            audit(campaign, by, AuditAction.HOUSE_RULES, setting=name, reading=given)
            if name == "cancelled_scar_territory":
                # The pictures draw a cancelled scar's white sticker under one reading only.
                refresh_on_commit(campaign.pk)
    if world_capital_is_a_start is not None:
        starts = bool(world_capital_is_a_start)
        if campaign.world_capital_is_a_start != starts:
            campaign.world_capital_is_a_start = starts
            campaign.save(update_fields=["world_capital_is_a_start"])
            audit(campaign, by, AuditAction.HOUSE_RULES, world_capital_is_a_start=starts)
    if world_capitals_allowed is not None:
        if type(world_capitals_allowed) is not int or not 0 <= world_capitals_allowed <= 42:
            raise RuleViolation(
                ServiceRule.WORLD_CAPITALS_SETTING, field="world_capitals_allowed", most=42
            )
        if campaign.world_capitals_allowed != world_capitals_allowed:
            campaign.world_capitals_allowed = world_capitals_allowed
            campaign.save(update_fields=["world_capitals_allowed"])
            audit(
                campaign,
                by,
                AuditAction.HOUSE_RULES,
                world_capitals_allowed=world_capitals_allowed,
            )
    if held_on_rewards_end_together is None:
        return campaign
    value = bool(held_on_rewards_end_together)
    if campaign.held_on_rewards_end_together == value:
        return campaign
    campaign.held_on_rewards_end_together = value
    campaign.save(update_fields=["held_on_rewards_end_together"])
    audit(
        campaign,
        by,
        AuditAction.HOUSE_RULES,
        held_on_rewards_end_together=value,
    )
    return campaign


def _assignable(role: str) -> str:
    if role == Role.OWNER:
        raise RuleViolation(ServiceRule.ONE_OWNER, field="role")
    if role not in Role.values:
        raise RuleViolation(ServiceRule.ROLE, field="role", role=repr(role))
    return role


@transaction.atomic
def add_member(*, campaign: Campaign, username: str, role: str, by) -> Membership:
    campaign = lock_campaign(campaign)
    role = _assignable(role)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise RuleViolation(ServiceRule.UNKNOWN_USER, field="username", username=repr(username))
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        raise RuleViolation(ServiceRule.MEMBER_ONCE, conflict=True, username=user.username)
    member = Membership.objects.create(campaign=campaign, user=user, role=role)
    audit(
        campaign, by, AuditAction.MEMBER_ADDED, username=user.username, role=role, account=user.pk
    )
    return member
