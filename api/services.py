"""The writes the API needs that no service of ``campaigns`` offers yet (members' roles,
removal and sharing are ``campaigns.members``; adding a member by username and correcting a
mark under the campaign lock are here).

They follow the services' habits (keyword-only, one transaction, the campaign row locked first,
a ``RuleViolation`` before anything is written, an audit line after) so that they can move to
``campaigns.services`` as they are; until then they live beside the only caller.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from campaigns.models import Campaign, Membership, Player, Role
from campaigns.services import audit, lock_campaign
from legacy import corrections
from legacy.errors import RuleViolation
from legacy.models import Correction, Mark


def _assignable(role: str) -> str:
    if role == Role.OWNER:
        raise RuleViolation(
            "A campaign has one owner, the person who opened the box: give editor or viewer.",
            rule="one-owner",
            field="role",
        )
    if role not in Role.values:
        raise RuleViolation(f"There is no role {role!r}.", rule="role", field="role")
    return role


@transaction.atomic
def add_member(*, campaign: Campaign, username: str, role: str, by) -> Membership:
    campaign = lock_campaign(campaign)
    role = _assignable(role)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise RuleViolation(
            f"There is no account called {username!r}.", rule="unknown-user", field="username"
        )
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        raise RuleViolation(
            f"{user.username} is already a member of this campaign.",
            rule="member-once",
            conflict=True,
        )
    member = Membership.objects.create(campaign=campaign, user=user, role=role)
    audit(campaign, by, "member-added", f"{user.username} joined as {role}.", account=user.pk)
    return member


def _member(campaign: Campaign, member_id: int) -> Membership:
    member = (
        Membership.objects.select_related("user").filter(campaign=campaign, pk=member_id).first()
    )
    if member is None:
        raise RuleViolation("There is no such member.", rule="unknown-member", field="member")
    if member.role == Role.OWNER:
        raise RuleViolation(
            "The owner stays the owner: their membership cannot be changed or removed.",
            rule="owner-stays",
            conflict=True,
        )
    return member


@transaction.atomic
def change_role(*, campaign: Campaign, member_id: int, role: str, by) -> Membership:
    campaign = lock_campaign(campaign)
    role = _assignable(role)
    member = _member(campaign, member_id)
    if member.role != role:
        member.role = role
        member.save(update_fields=["role"])
        audit(
            campaign,
            by,
            "member-role",
            f"{member.user.username} is now {role}.",
            account=member.user_id,
        )
    return member


@transaction.atomic
def remove_member(*, campaign: Campaign, member_id: int, by) -> None:
    campaign = lock_campaign(campaign)
    member = _member(campaign, member_id)
    member.delete()
    audit(campaign, by, "member-removed", f"{member.user.username} left.", account=member.user_id)


@transaction.atomic
def correct_mark(
    *, campaign: Campaign, model: type[Mark], mark_id: int, changes: dict, reason: str, by
) -> tuple[Mark, Correction]:
    """Fix a mark entered wrongly, under the campaign lock; ``legacy.corrections`` keeps the
    before and after, and the reason."""
    campaign = lock_campaign(campaign)
    mark = _mark(campaign, model, mark_id)
    if "placed_by" in changes and changes["placed_by"] is not None:
        if not Player.objects.filter(campaign=campaign, pk=changes["placed_by"]).exists():
            raise RuleViolation(
                "That player is not on this campaign's roster.",
                rule="unknown-player",
                field="placed_by",
            )
        changes = {k: v for k, v in changes.items() if k != "placed_by"} | {
            "placed_by_id": changes["placed_by"]
        }
    correction = corrections.correct_mark(mark=mark, changes=changes, reason=reason, by=by)
    audit(
        campaign,
        by,
        "mark-corrected",
        f"{model._meta.verbose_name.capitalize()} corrected: {reason.strip()}",
        mark_type=model.__name__,
        mark=mark.pk,
    )
    return mark, correction


@transaction.atomic
def void_mark(
    *, campaign: Campaign, model: type[Mark], mark_id: int, reason: str, by
) -> tuple[Mark, Correction]:
    """A mark that should never have been entered stops counting in every game; the row stays."""
    campaign = lock_campaign(campaign)
    mark = _mark(campaign, model, mark_id)
    if mark.voided:
        raise RuleViolation("That mark is already void.", rule="void-once", conflict=True)
    correction = corrections.void_mark(mark=mark, reason=reason, by=by)
    audit(
        campaign,
        by,
        "mark-voided",
        f"{model._meta.verbose_name.capitalize()} voided: {reason.strip()}",
        mark_type=model.__name__,
        mark=mark.pk,
    )
    return mark, correction


def _mark(campaign: Campaign, model: type[Mark], mark_id: int) -> Mark:
    mark = model.objects.filter(campaign=campaign, pk=mark_id).first()
    if mark is None:
        raise RuleViolation("There is no such mark in this campaign.", rule="unknown-mark")
    return mark
