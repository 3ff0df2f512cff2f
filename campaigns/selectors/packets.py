"""The sealed packets as the doors read them: the openings (the box's six and the group's own
sealed components), what they unlocked, the components themselves and the rule stickers.

Each function is the one read the pages or the API make, in the same number of queries.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from campaigns.bring_in import still_bringing_in
from campaigns.models import AuditEntry, Campaign
from campaigns.vocabulary import AuditAction
from legacy.models import (
    BroughtIn,
    DeckCard,
    PacketOpening,
    RuleSticker,
    SealedComponent,
    UnlockedContent,
)


def _openings(campaign_id: int) -> QuerySet[PacketOpening]:
    return PacketOpening.objects.filter(campaign_id=campaign_id, voided=False)


def opened(campaign_id: int) -> list[str]:
    """The slugs of the packets opened (and not voided)."""
    return list(_openings(campaign_id).values_list("packet", flat=True))


def contents_to_enter(campaign: Campaign) -> list[str]:
    """The packets brought in as opened whose contents the group may still enter (while it is
    bringing the campaign in), in the order they were brought in."""
    if not still_bringing_in(campaign):
        return []
    found = _openings(campaign.pk).exclude(brought_in=BroughtIn.PLAYED).order_by("id")
    return list(found.values_list("packet", flat=True))


def opened_in_order(campaign_id: int) -> list[str]:
    """The slugs of the packets opened, in the order they were."""
    return list(_openings(campaign_id).order_by("id").values_list("packet", flat=True))


def opened_in_game(campaign_id: int, packet: str | None = None) -> dict[str, int]:
    """The game each packet was opened in, by slug (only ``packet``'s, when given)."""
    found = _openings(campaign_id)
    if packet is not None:
        found = found.filter(packet=packet)
    return dict(found.values_list("packet", "placed_in_game"))


def openings_by_packet(campaign_id: int, packets: Iterable[str] | None = None) -> dict:
    """The opening rows by slug (only those of ``packets``, when given; in the order opened
    when not)."""
    found = _openings(campaign_id)
    found = found.order_by("id") if packets is None else found.filter(packet__in=list(packets))
    return {o.packet: o for o in found}


def unlocked(campaign_id: int) -> QuerySet[UnlockedContent]:
    """What the openings that count unlocked, each with its opening."""
    return UnlockedContent.objects.filter(
        campaign_id=campaign_id, opening__voided=False
    ).select_related("opening")


def unlocked_by(opening: PacketOpening) -> list[UnlockedContent]:
    """What one opening unlocked, in the order it was entered."""
    found = UnlockedContent.objects.filter(opening=opening).select_related("opening")
    return list(found.order_by("id"))


def components(campaign_id: int) -> list[SealedComponent]:
    """The group's own sealed components, voided ones too, in the order they were added."""
    return list(SealedComponent.objects.filter(campaign_id=campaign_id).order_by("id"))


def component(campaign_id: int, component_id: int) -> SealedComponent | None:
    return SealedComponent.objects.filter(campaign_id=campaign_id, pk=component_id).first()


def component_names(campaign_id: int) -> dict[str, str]:
    """The names of the group's own sealed components that count, by slug."""
    found = SealedComponent.objects.filter(campaign_id=campaign_id, voided=False)
    return dict(found.values_list("slug", "name"))


def component_name(campaign_id: int, slug: str) -> str:
    found = SealedComponent.objects.filter(campaign_id=campaign_id, slug=slug, voided=False)
    return found.values_list("name", flat=True).first() or ""


def sticker(campaign_id: int, sticker_id: int) -> RuleSticker | None:
    """One rule sticker, with the opening that unlocked it."""
    return (
        RuleSticker.objects.filter(campaign_id=campaign_id, pk=sticker_id)
        .select_related("opening")
        .first()
    )


def deck_cards(campaign_id: int) -> list[DeckCard]:
    """The event and mission cards the group entered, with the packet that added each, in the
    order they were entered."""
    found = DeckCard.objects.filter(campaign_id=campaign_id).select_related("opening")
    return list(found.order_by("id"))


def early_reasons(campaign_id: int) -> dict[str, str]:
    """Why each packet opened before its trigger was opened then, as the group wrote it when it
    opened the packet (kept with the opening in the audit trail), by slug; the latest opening's
    reason for a packet opened again."""
    found = (
        AuditEntry.objects.filter(campaign_id=campaign_id, action=AuditAction.PACKET_OPENED)
        .order_by("id")
        .values_list("data", flat=True)
    )
    reasons: dict[str, str] = {}
    for data in found:
        if isinstance(data, dict) and data.get("packet"):
            reasons[str(data["packet"])] = str(data.get("earned_otherwise") or "")
    return {packet: why for packet, why in reasons.items() if why}
