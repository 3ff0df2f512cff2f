"""Scar types: what each does to the dice, chosen when a packet unlocks it or set later."""

from __future__ import annotations

from django.db import transaction

from campaigns.models import Campaign
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import scar_effects
from legacy.errors import RuleViolation
from legacy.models import ScarKind
from legacy.refusals import EntryRule, TableRule


def check_dice_effect(code, field: str = "dice_effect") -> str:
    if not isinstance(code, str) or code not in scar_effects.EFFECTS:
        codes = ", ".join(scar_effects.CODES)
        raise RuleViolation(EntryRule.SCAR_DICE_EFFECT, field=field, code=repr(code), codes=codes)
    return code


@transaction.atomic
def set_dice_effect(*, campaign: Campaign, scar: str, dice_effect: str, by=None) -> ScarKind:
    """Say what a scar type (named by its slug) does to the dice from now on, in every battle
    on a territory carrying it."""
    campaign = lock_campaign(campaign)
    check_dice_effect(dice_effect)
    kind = ScarKind.objects.filter(campaign=campaign, slug=scar).first()
    if kind is None:
        raise RuleViolation(TableRule.UNKNOWN_SCAR, field="scar", scar=repr(scar))
    was = kind.dice_effect
    if was != dice_effect:
        kind.dice_effect = dice_effect
        kind.save(update_fields=["dice_effect"])
        # The summary names no scar type: the audit is read by members a campaign that hides
        # its unlocked content does not show them to.
        audit(
            campaign,
            by,
            AuditAction.SCAR_DICE_EFFECT,
            scar_kind=kind.pk,
            dice_effect=dice_effect,
            was=was,
        )
    return kind
