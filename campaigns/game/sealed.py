"""Sealed components the group found beyond the box's six packets: adding one (its name and its
trigger, in the group's own words), and fixing one entered by mistake. Opening one is
``campaigns.game.packets.open_packet``, as for the six.
"""

from __future__ import annotations

import re

from django.db import transaction

from campaigns import said
from campaigns.models import Campaign
from campaigns.services import audit, last_game_number, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import corrections
from legacy.box import PACKET_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import PacketOpening, SealedComponent
from legacy.refusals import ServiceRule, TableRule

NAME_LIMIT = 60
TRIGGER_LIMIT = 300


def component_slug(name: str) -> str:
    """A component's slug: its name in lower case, words joined by hyphens (any alphabet)."""
    words = re.findall(r"\w+", name.lower())
    return "-".join(words)[:40].strip("-")


def components_of(campaign_id: int) -> dict[str, SealedComponent]:
    """The campaign's own sealed components that count (not voided), by slug."""
    return {
        c.slug: c for c in SealedComponent.objects.filter(campaign_id=campaign_id, voided=False)
    }


def own_components(campaign_id: int, sees_unlocked: bool) -> list[SealedComponent]:
    """The campaign's own sealed components a reader may read the names of (voided ones too:
    history still names what was opened), a voided one first; none when the campaign hides
    what its packets unlocked from this reader."""
    if not sees_unlocked:
        return []
    return list(SealedComponent.objects.filter(campaign_id=campaign_id).order_by("-voided", "pk"))


def names_by_slug(components: list[SealedComponent]) -> dict[str, SealedComponent]:
    """Components by slug, a counting one before a voided one of the same slug."""
    return {c.slug: c for c in components}


def find_component(campaign: Campaign, component_id: int) -> SealedComponent:
    found = SealedComponent.objects.filter(campaign=campaign, pk=component_id).first()
    if found is None:
        raise RuleViolation(ServiceRule.UNKNOWN_COMPONENT)
    return found


def opening_of(component: SealedComponent) -> PacketOpening | None:
    return PacketOpening.objects.filter(
        campaign_id=component.campaign_id, packet=component.slug, voided=False
    ).first()


@transaction.atomic
def add_component(*, campaign: Campaign, name: str, trigger: str, by=None) -> SealedComponent:
    """A sealed component the group found: its name, and its trigger as printed, in its words."""
    campaign = lock_campaign(campaign)
    name = (name or "").strip()
    trigger = (trigger or "").strip()
    if not name or len(name) > NAME_LIMIT:
        raise RuleViolation(ServiceRule.COMPONENT_NAME, field="name", limit=NAME_LIMIT)
    if not trigger or len(trigger) > TRIGGER_LIMIT:
        raise RuleViolation(ServiceRule.COMPONENT_TRIGGER, field="trigger", limit=TRIGGER_LIMIT)
    slug = component_slug(name)
    if not slug:
        raise RuleViolation(ServiceRule.COMPONENT_NAME, field="name", limit=NAME_LIMIT)
    if slug in PACKET_BY_SLUG:
        raise RuleViolation(
            ServiceRule.COMPONENT_IN_THE_BOX, field="name", packet=said.packet(slug)
        )
    if SealedComponent.objects.filter(campaign=campaign, slug=slug, voided=False).exists():
        raise RuleViolation(
            ServiceRule.COMPONENT_NAME_TAKEN, field="name", conflict=True, name=name
        )
    component = SealedComponent.objects.create(
        campaign=campaign,
        slug=slug,
        name=name,
        trigger=trigger,
        added_in_game=last_game_number(campaign.pk),
        entered_by=by if getattr(by, "is_authenticated", False) else None,
    )
    # The audit names no group content: viewers read it even when the campaign hides it.
    audit(campaign, by, AuditAction.COMPONENT_ADDED, component=component.pk)
    return component


@transaction.atomic
def remove_component(*, campaign: Campaign, component_id: int, by=None) -> None:
    """A component entered by mistake and never opened: it goes, as if never entered."""
    campaign = lock_campaign(campaign)
    component = find_component(campaign, component_id)
    if component.voided:
        raise RuleViolation(ServiceRule.VOID_ONCE, conflict=True)
    if PacketOpening.objects.filter(campaign=campaign, packet=component.slug).exists():
        raise RuleViolation(ServiceRule.COMPONENT_OPENED, conflict=True)
    component.delete()
    audit(campaign, by, AuditAction.COMPONENT_REMOVED)


@transaction.atomic
def void_component(*, campaign: Campaign, component_id: int, reason: str, by=None):
    """A component that should never have been entered stops counting; its opening, if it was
    opened, is voided with it (a correction, with the same reason)."""
    campaign = lock_campaign(campaign)
    component = find_component(campaign, component_id)
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation(TableRule.CORRECTION_REASON, field="reason")
    if component.voided:
        raise RuleViolation(ServiceRule.VOID_ONCE, conflict=True)
    opening = opening_of(component)
    if opening is not None:
        corrections.void_mark(mark=opening, reason=reason, by=by)
    component.voided = True
    component.void_reason = reason[:300]
    component.save(update_fields=["voided", "void_reason"])
    audit(
        campaign,
        by,
        AuditAction.COMPONENT_VOIDED,
        component=component.pk,
        reason=reason[:200],
    )
    return component
