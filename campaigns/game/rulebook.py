"""The living rulebook: rule stickers the group pastes in (in its own words), the campaign's
rules as of a game, and which sticker changed each campaign setting Earthbook reads.
"""

from __future__ import annotations

from django.db import transaction

from campaigns import said
from campaigns.models import Campaign
from campaigns.services import audit, last_game_number, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import rulebook
from legacy.errors import RuleViolation
from legacy.models import PacketOpening, RuleSticker
from legacy.refusals import ServiceRule, TableRule

TITLE_LIMIT = 100
TEXT_LIMIT = 5000


@transaction.atomic
def add_sticker(
    *,
    campaign: Campaign,
    section: str,
    game: int,
    title: str,
    text: str = "",
    packet: str | None = None,
    setting: str = "",
    by=None,
) -> RuleSticker:
    """A rule sticker pasted into ``section`` of the rulebook in game ``game`` (0: before the
    first game); ``packet`` names the opened packet that unlocked it, ``setting`` the campaign
    setting it changed, when it changed one Earthbook reads."""
    campaign = lock_campaign(campaign)
    title = (title or "").strip()
    text = (text or "").strip()
    if section not in rulebook.SECTION_SLUGS:
        raise RuleViolation(ServiceRule.RULEBOOK_SECTION, field="section", section=repr(section))
    if not title or len(title) > TITLE_LIMIT:
        raise RuleViolation(
            ServiceRule.STICKER_TITLE, field="title", title_limit=TITLE_LIMIT, text_limit=TEXT_LIMIT
        )
    if len(text) > TEXT_LIMIT:
        raise RuleViolation(
            ServiceRule.STICKER_TITLE, field="text", title_limit=TITLE_LIMIT, text_limit=TEXT_LIMIT
        )
    last = last_game_number(campaign.pk)
    if type(game) is not int or not 0 <= game <= last:
        raise RuleViolation(ServiceRule.PLACED_IN_A_REAL_GAME, field="game", game=game, last=last)
    if setting and setting not in rulebook.SETTING_SLUGS:
        raise RuleViolation(ServiceRule.STICKER_SETTING, field="setting", setting=repr(setting))
    opening = None
    if packet:
        opening = PacketOpening.objects.filter(
            campaign=campaign, packet=packet, voided=False
        ).first()
        if opening is None:
            raise RuleViolation(
                ServiceRule.STICKER_PACKET, field="packet", packet=said.packet(packet), game=game
            )
        if game < opening.placed_in_game:
            raise RuleViolation(
                ServiceRule.STICKER_PACKET, field="game", packet=said.packet(packet), game=game
            )
    sticker = RuleSticker.objects.create(
        campaign=campaign,
        section=section,
        added_in_game=game,
        opening=opening,
        title=title,
        text=text,
        setting=setting,
        entered_by=by if getattr(by, "is_authenticated", False) else None,
    )
    # The audit names no group words: viewers read it even when the campaign hides them.
    audit(
        campaign,
        by,
        AuditAction.STICKER_ADDED,
        sticker=sticker.pk,
        section=section,
        game=game,
    )
    return sticker


def find_sticker(campaign: Campaign, sticker_id: int) -> RuleSticker:
    found = RuleSticker.objects.filter(campaign=campaign, pk=sticker_id).first()
    if found is None:
        raise RuleViolation(ServiceRule.UNKNOWN_MARK)
    return found


@transaction.atomic
def void_sticker(*, campaign: Campaign, sticker_id: int, reason: str, by=None) -> RuleSticker:
    """A sticker entered by mistake stops counting in every game; the row and why stay."""
    campaign = lock_campaign(campaign)
    sticker = find_sticker(campaign, sticker_id)
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation(TableRule.CORRECTION_REASON, field="reason")
    if sticker.voided:
        raise RuleViolation(ServiceRule.VOID_ONCE, conflict=True)
    sticker.voided = True
    sticker.void_reason = reason[:300]
    sticker.save(update_fields=["voided", "void_reason"])
    audit(
        campaign,
        by,
        AuditAction.STICKER_VOIDED,
        sticker=sticker.pk,
        reason=reason[:200],
    )
    return sticker


def stickers_of(campaign_id: int) -> list[RuleSticker]:
    """Every rule sticker of the campaign, voided ones too, in the order they were pasted in,
    each with its opening (one query)."""
    return list(
        RuleSticker.objects.filter(campaign_id=campaign_id)
        .select_related("opening")
        .order_by("added_in_game", "id")
    )


def rules_as_of(campaign_id: int, game: int | None = None) -> tuple[int, list[dict]]:
    """The campaign's rules as of the end of game ``game`` (now when None): the game, and every
    section in order with its stickers in place (``legacy.rulebook.rules_as_of``)."""
    last = last_game_number(campaign_id)
    if game is None:
        game = last
    if type(game) is not int or not 0 <= game <= last:
        raise RuleViolation(ServiceRule.PLACED_IN_A_REAL_GAME, field="game", game=game, last=last)
    return game, rulebook.rules_as_of(stickers_of(campaign_id), game)


def setting_stickers(campaign_id: int) -> dict[str, RuleSticker]:
    """For each setting Earthbook reads, the newest counting sticker that says it changed it."""
    found: dict[str, RuleSticker] = {}
    stickers = RuleSticker.objects.filter(campaign_id=campaign_id, voided=False).exclude(setting="")
    for s in stickers.order_by("added_in_game", "id"):
        if s.setting in rulebook.SETTING_SLUGS:
            found[s.setting] = s
    return found
