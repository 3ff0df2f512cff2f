"""Sealed packets: what their triggers look at, which are due now, and opening one with what it
unlocked, in the group's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction

from campaigns.game.common import log_event
from campaigns.game.holdings import replays_of
from campaigns.models import (
    Campaign,
    EventKind,
    GameEvent,
    GameStatus,
    Result,
    Seat,
)
from campaigns.services import audit, lock_campaign
from legacy import board, rules
from legacy.box import PACKET_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import (
    ContentKind,
    MarkKind,
    OtherMark,
    PacketOpening,
    ScarKind,
    UnlockedContent,
)
from legacy.selectors import world_as_of


def trigger_facts(campaign_id: int) -> rules.TriggerFacts:
    """Everything the packet triggers look at, gathered in a fixed number of queries."""
    world = world_as_of(campaign_id)
    events = GameEvent.objects.filter(game__campaign_id=campaign_id, voided=False)
    eliminated = events.filter(kind=EventKind.ELIMINATED, data__can_rejoin=False).count()
    eliminated += Seat.objects.filter(
        game__campaign_id=campaign_id, game__status=GameStatus.FINISHED, result=Result.ELIMINATED
    ).count()
    replays = replays_of(campaign_id).values()
    missiles = max((r.most_missiles_on_one_roll for r in replays), default=0)
    big = any(r.big_recruitment_with_missile for r in replays)
    pack4 = OtherMark.objects.filter(
        campaign_id=campaign_id, voided=False, kind__opens_pack_4=True
    ).exists()
    counts = world.signature_counts()
    return rules.TriggerFacts(
        minor_cities_founded=world.minor_cities_founded,
        most_signatures_by_one_player=max(counts.values(), default=0),
        factions_eliminated=eliminated,
        most_missiles_on_one_roll=int(missiles),
        big_recruitment_with_missile=big,
        pack4_mark_placed=pack4,
    )


def packets_to_open(campaign_id: int) -> list[str]:
    """The sealed packets whose triggers have fired: the table must open them now."""
    opened = PacketOpening.objects.filter(campaign_id=campaign_id, voided=False).values_list(
        "packet", flat=True
    )
    return rules.packets_to_open(trigger_facts(campaign_id), opened)


@dataclass(frozen=True)
class Unlock:
    kind: str
    title: str
    text: str = ""
    cards: int = 0  # for a new scar type: how many scar cards of it
    on_faction_card: bool = False  # for a new scar type
    opens_pack_4: bool = False  # for a new kind of mark


def _unlocks(items: Sequence[Unlock | Mapping]) -> list[Unlock]:
    out = []
    for item in items:
        u = item if isinstance(item, Unlock) else None
        if u is None:
            try:
                u = Unlock(
                    kind=str(item["kind"]),
                    title=str(item["title"]),
                    text=str(item.get("text", "")),
                    cards=int(item.get("cards", 0)),
                    on_faction_card=bool(item.get("on_faction_card", False)),
                    opens_pack_4=bool(item.get("opens_pack_4", False)),
                )
            except (KeyError, TypeError, ValueError, AttributeError):
                raise RuleViolation(
                    "Each unlocked item needs a kind and a title.", rule="unlock", field="unlocked"
                ) from None
        if u.kind not in ContentKind.values:
            raise RuleViolation(
                f"Unknown kind of unlocked content {u.kind!r}.", rule="unlock", field="unlocked"
            )
        if not u.title.strip() or len(u.title) > 100:
            raise RuleViolation(
                "Each unlocked item needs a title of up to 100 characters.",
                rule="unlock",
                field="unlocked",
            )
        if not 0 <= u.cards <= 50:
            raise RuleViolation("A scar type has 0 to 50 cards.", rule="unlock", field="unlocked")
        out.append(u)
    return out


# Unlocked content the group can use at once: a new scar type, a new kind of mark.
# kind -> (model, what it is called, the Unlock fields it keeps)
USABLE_UNLOCKS = {
    ContentKind.SCAR_TYPE: (ScarKind, "scar type", ("cards", "on_faction_card")),
    ContentKind.MARK_KIND: (MarkKind, "kind of mark", ("opens_pack_4",)),
}


@transaction.atomic
def open_packet(
    *,
    campaign: Campaign,
    packet: str,
    unlocked: Sequence[Unlock | Mapping] = (),
    trigger: str = "",
    by=None,
) -> PacketOpening:
    """Open a sealed packet and enter, in the group's words, what it unlocked."""
    campaign = lock_campaign(campaign)
    if packet not in PACKET_BY_SLUG:
        raise RuleViolation(
            f"There is no packet called {packet!r}.", rule="unknown-packet", field="packet"
        )
    if PacketOpening.objects.filter(campaign=campaign, packet=packet, voided=False).exists():
        raise RuleViolation(
            f"{PACKET_BY_SLUG[packet].name} is already open.",
            rule="packet-opened-once",
            conflict=True,
        )
    items = _unlocks(unlocked)
    game = campaign.games.order_by("-number").first()
    number = game.number if game else 0
    opening = PacketOpening.objects.create(
        campaign=campaign,
        packet=packet,
        trigger=trigger[:200],
        placed_in_game=number,
        entered_by=by,
    )
    for u in items:
        UnlockedContent.objects.create(
            campaign=campaign, opening=opening, kind=u.kind, title=u.title.strip(), text=u.text
        )
        usable = USABLE_UNLOCKS.get(u.kind)
        if usable is None:
            continue
        model, what, extra = usable
        slug = board.slugify(u.title.strip())[:40]
        if model.objects.filter(campaign=campaign, slug=slug).exists():
            raise RuleViolation(
                f"There is already a {what} called {u.title}.", rule="unlock", field="unlocked"
            )
        model.objects.create(
            campaign=campaign,
            slug=slug,
            name=u.title.strip(),
            text=u.text,
            unlocked_by=opening,
            **{field: getattr(u, field) for field in extra},
        )
    if game and game.status == GameStatus.IN_PROGRESS:
        log_event(
            game,
            EventKind.PACKET_OPENED,
            f"{PACKET_BY_SLUG[packet].name} opened.",
            by,
            packet=packet,
        )
    audit(
        campaign,
        by,
        "packet-opened",
        f"{PACKET_BY_SLUG[packet].name} opened ({len(items)} item(s) entered).",
        packet=packet,
    )
    return opening
