"""Sealed packets: what their triggers look at, which are due now, and opening one with what it
unlocked, in the group's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Exists, Q

from campaigns import said
from campaigns.bring_in import still_bringing_in
from campaigns.game import entry_marks
from campaigns.game.common import log_event
from campaigns.game.factions import faction_fields
from campaigns.game.holdings import trigger_reading
from campaigns.game.scars import check_dice_effect
from campaigns.models import (
    Campaign,
    EventKind,
    GameStatus,
    MarkChange,
)
from campaigns.services import WORLD_TIMEOUT_SECONDS, audit, cached_world, lock_campaign
from campaigns.versioned import cached_read
from campaigns.vocabulary import AuditAction
from legacy import board, names, rules, scar_effects
from legacy.box import PACKET_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import (
    BroughtIn,
    City,
    CityKind,
    ContentKind,
    Deck,
    DeckCard,
    MarkKind,
    OtherMark,
    PacketOpening,
    ScarColour,
    ScarKind,
    SealedComponent,
    UnlockedContent,
    UnlockedFaction,
)
from legacy.refusals import ServiceRule, TableRule
from legacy.rules.reasons import reason_in_words
from legacy.selectors import world_as_of

# The packets whose triggers read the games' logs (eliminations, missiles, recruitments), and
# the one that reads the marks of unlocked kinds.
LOG_PACKETS = frozenset({"pack-2", "pocket-1", "pocket-2"})
MARK_PACKETS = frozenset({"pack-4"})


def trigger_facts(
    campaign_id: int,
    campaign: Campaign | None = None,
    *,
    read_logs: bool = True,
    read_marks: bool = True,
) -> rules.TriggerFacts:
    """Everything the packet triggers look at, gathered in a fixed number of queries (the
    world from the cache when the caller holds the ``campaign`` row: see ``cached_world``).
    ``read_logs=False`` / ``read_marks=False`` leave out what only packets already opened read
    (their facts stay at nothing)."""
    world = cached_world(campaign) if campaign is not None else world_as_of(campaign_id)
    eliminated, missiles, big = 0, 0, False
    if read_logs:
        reading = trigger_reading(campaign_id)
        eliminated = reading.eliminated
        replays = reading.replays.values()
        missiles = max((r.most_missiles_on_one_roll for r in replays), default=0)
        big = any(r.big_recruitment_with_missile for r in replays)
    # "A certain mark appears on the board": a mark on a faction card is not on the board.
    pack4 = read_marks and pack4_mark_placed(campaign_id)
    counts = world.signature_counts()
    return rules.TriggerFacts(
        minor_cities_founded=world.minor_cities_founded,
        most_signatures_by_one_player=max(counts.values(), default=0),
        factions_eliminated=eliminated,
        most_missiles_on_one_roll=int(missiles),
        big_recruitment_with_missile=big,
        pack4_mark_placed=pack4,
    )


def pack4_mark_placed(campaign_id: int) -> bool:
    """Is a mark of a kind that opens Pack 4 standing on a territory of the board? A World
    Capital is that mark when the group said so as it unlocked them. One query."""
    marks = OtherMark.objects.filter(
        campaign_id=campaign_id, voided=False, kind__opens_pack_4=True, territory__isnull=False
    )
    capital_opens = UnlockedContent.objects.filter(
        campaign_id=campaign_id,
        kind=ContentKind.WORLD_CAPITAL,
        opens_pack_4=True,
        opening__voided=False,
    )
    capitals = City.objects.filter(campaign_id=campaign_id, voided=False, kind=CityKind.CAPITAL)
    return Campaign.objects.filter(
        Q(Exists(marks)) | (Q(Exists(capital_opens)) & Q(Exists(capitals))), pk=campaign_id
    ).exists()


def packets_due(campaign: Campaign) -> list[str]:
    """``packets_to_open``, cached per marks and triggers version (``campaigns.versioned``): an
    entry that changes nothing the triggers read (a red star bought) finds the answer the entry
    before it left."""
    return list(
        cached_read(
            campaign,
            "packets-to-open",
            (),
            lambda: packets_to_open(campaign.pk, campaign),
            versions=(campaign.marks_version, campaign.triggers_version),
            timeout=WORLD_TIMEOUT_SECONDS,
        )
    )


def packets_to_open(campaign_id: int, campaign: Campaign | None = None) -> list[str]:
    """The sealed packets whose triggers have fired: the table must open them now. What only
    opened packets' triggers read is not read (late in a campaign, an entry reads no log)."""
    if campaign is not None:  # the world the triggers read says which are open
        opened = set(cached_world(campaign).packets_opened)
    else:
        opened = set(
            PacketOpening.objects.filter(campaign_id=campaign_id, voided=False).values_list(
                "packet", flat=True
            )
        )
    facts = trigger_facts(
        campaign_id,
        campaign,
        read_logs=not LOG_PACKETS.issubset(opened),
        read_marks=not MARK_PACKETS.issubset(opened),
    )
    return rules.packets_to_open(facts, opened)


@dataclass(frozen=True)
class Unlock:
    kind: str
    title: str
    text: str = ""
    cards: int = 0  # for a new scar type: how many scar cards of it
    on_faction_card: bool = False  # for a new scar type
    opens_pack_4: bool = False  # for a new kind of mark
    dice_effect: str = scar_effects.NONE  # for a new scar type: a code of legacy.scar_effects
    colour: str = ""  # for a new faction: "#rrggbb" (none: one is chosen)
    scar_colour: str = ""  # for a new scar type: a ScarColour (yellow: on a faction card)


def _unlocks(items: Sequence[Unlock | Mapping]) -> list[Unlock]:
    out = []
    for item in items:
        if isinstance(item, Unlock):
            u = item
        else:
            try:
                u = Unlock(
                    kind=str(item["kind"]),
                    title=str(item["title"]),
                    text=str(item.get("text", "")),
                    cards=int(item.get("cards", 0)),
                    on_faction_card=bool(item.get("on_faction_card", False)),
                    opens_pack_4=bool(item.get("opens_pack_4", False)),
                    dice_effect=str(item.get("dice_effect") or scar_effects.NONE),
                    colour=str(item.get("colour") or ""),
                    scar_colour=str(item.get("scar_colour") or ""),
                )
            except (KeyError, TypeError, ValueError, AttributeError):
                raise RuleViolation(ServiceRule.UNLOCK, field="unlocked", limit=100) from None
        if u.kind not in ContentKind.values:
            raise RuleViolation(ServiceRule.UNLOCK_KIND, field="unlocked", kind=repr(u.kind))
        if not u.title.strip() or len(u.title) > 100:
            raise RuleViolation(ServiceRule.UNLOCK, field="unlocked", limit=100)
        if not 0 <= u.cards <= 50:
            raise RuleViolation(ServiceRule.SCAR_TYPE_CARDS, field="unlocked", least=0, most=50)
        check_dice_effect(u.dice_effect, field="unlocked")
        if u.kind == ContentKind.SCAR_TYPE:
            u = _coloured(u)
        out.append(u)
    return out


def _coloured(u: Unlock) -> Unlock:
    """A new scar type's colour, and where its scars go: a yellow scar goes on a faction card,
    and a scar for a faction card is yellow."""
    if u.scar_colour and u.scar_colour not in ScarColour.values:
        raise RuleViolation(
            ServiceRule.SCAR_COLOUR,
            field="unlocked",
            colours=said.listed(ScarColour.labels, last_word=said.OR),
        )
    if u.on_faction_card and u.scar_colour not in ("", ScarColour.YELLOW):
        raise RuleViolation(ServiceRule.FACTION_SCAR_YELLOW, field="unlocked")
    on_card = u.on_faction_card or u.scar_colour == ScarColour.YELLOW
    colour = ScarColour.YELLOW.value if on_card else u.scar_colour
    return replace(u, on_faction_card=on_card, scar_colour=colour)


# Unlocked content the group can use at once: a new scar type, a new kind of mark.
# kind -> (model, what it is called, the Unlock fields it keeps)
USABLE_UNLOCKS: dict[str, tuple[type[ScarKind | MarkKind | UnlockedFaction], str, tuple[str, ...]]]
USABLE_UNLOCKS = {
    ContentKind.SCAR_TYPE: (ScarKind, "scar type", ("cards", "on_faction_card", "dice_effect")),
    ContentKind.MARK_KIND: (MarkKind, "kind of mark", ("opens_pack_4",)),
    ContentKind.FACTION: (UnlockedFaction, "faction", ()),
}


# Unlocked cards that join a deck: kind -> deck.
CARD_DECKS: dict[str, Deck]  # by the stored kind
CARD_DECKS = {ContentKind.EVENT_CARD: Deck.EVENT, ContentKind.MISSION_CARD: Deck.MISSION}


@transaction.atomic
def open_packet(
    *,
    campaign: Campaign,
    packet: str,
    unlocked: Sequence[Unlock | Mapping] = (),
    trigger: str = "",
    earned_otherwise: str = "",
    by=None,
) -> PacketOpening:
    """Open a sealed packet and enter, in the group's words, what it unlocked.

    One of the box's packets opens once its trigger has fired ("do not open them until you
    have earned the right"), unless the group says how it earned it another way
    (``earned_otherwise``, kept in the audit trail). The campaign's own sealed components
    open when the group says so."""
    campaign = lock_campaign(campaign)
    # One of the box's six, or a sealed component of the campaign's own (``game.sealed``).
    known = PACKET_BY_SLUG.get(packet)
    component = (
        None
        if known
        else SealedComponent.objects.filter(campaign=campaign, slug=packet, voided=False).first()
    )
    if known is None and component is None:
        raise RuleViolation(ServiceRule.UNKNOWN_PACKET, field="packet", packet=repr(packet))
    opened = PacketOpening.objects.filter(campaign=campaign, packet=packet, voided=False).first()
    if opened is not None:
        if opened.brought_in != BroughtIn.PLAYED and still_bringing_in(campaign):
            # Brought in as opened: what it unlocked is entered now, the usual way.
            return _enter_contents(campaign, opened, _unlocks(unlocked), by)
        name = said.packet(packet, component.name if component else None)
        raise RuleViolation(ServiceRule.PACKET_OPENED_ONCE, conflict=True, packet=name)
    reason = (earned_otherwise or "").strip()[:200]
    if known is not None and packet not in rules.packets_triggered(
        trigger_facts(campaign.pk, campaign)
    ):
        if not reason:
            raise RuleViolation(
                ServiceRule.PACKET_NOT_EARNED,
                field="earned_otherwise",
                conflict=True,
                packet=said.packet(packet),
                trigger=known.trigger,
            )
        reason = reason_in_words(
            reason,
            rule=TableRule.EARNED_OTHERWISE_IN_WORDS,
            field="earned_otherwise",
            names=(known.name, names.packet(packet, "ru"), packet),
        )
    else:
        reason = ""  # earned by its trigger (or the group's own component): nothing to explain
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
    _enter(campaign, opening, items, number, by)
    if game and game.status == GameStatus.IN_PROGRESS:
        event = log_event(
            game,
            EventKind.PACKET_OPENED,
            by,
            packet=packet,
        )
        entry_marks.link(event, MarkChange.CREATED, opening)
    audit(
        campaign,
        by,
        AuditAction.PACKET_OPENED,
        packet=packet,
        items=len(items),
        **({"earned_otherwise": reason} if reason else {}),
    )
    return opening


def _enter_contents(
    campaign: Campaign, opening: PacketOpening, items: list[Unlock], by
) -> PacketOpening:
    """What a packet the group brought in as opened unlocked, entered while it is bringing in."""
    _enter(campaign, opening, items, opening.placed_in_game, by)
    audit(campaign, by, AuditAction.BROUGHT_IN_CONTENTS, packet=opening.packet, items=len(items))
    return opening


def _enter(campaign: Campaign, opening: PacketOpening, items: list[Unlock], number: int, by):
    """What ``opening`` unlocked: its contents, the cards that join a deck, and what the group
    can use at once (seated or placed from game ``number`` on)."""
    for u in items:
        UnlockedContent.objects.create(
            campaign=campaign,
            opening=opening,
            kind=u.kind,
            title=u.title.strip(),
            text=u.text,
            opens_pack_4=u.opens_pack_4 and u.kind == ContentKind.WORLD_CAPITAL,
        )
        if u.kind in CARD_DECKS:  # an event or mission card joins its deck
            DeckCard.objects.create(
                campaign=campaign,
                deck=CARD_DECKS[u.kind],
                title=u.title.strip(),
                text=u.text,
                opening=opening,
                entered_by=by if getattr(by, "is_authenticated", False) else None,
            )
        usable = USABLE_UNLOCKS.get(u.kind)
        if usable is None:
            continue
        model, what, extra = usable
        fields = {field: getattr(u, field) for field in extra}
        if model is ScarKind:
            fields["colour"] = u.scar_colour
        if model is UnlockedFaction:  # seated from the next game, drawn in its colour
            fields = faction_fields(campaign, name=u.title, colour=u.colour, game=number)
        slug = fields.pop("slug", board.slugify(u.title.strip())[:40])
        if model.objects.filter(campaign=campaign, slug=slug).exists():
            raise RuleViolation(
                ServiceRule.UNLOCK_NAME_TAKEN, field="unlocked", title=u.title.strip()
            )
        model.objects.create(
            campaign=campaign,
            slug=slug,
            name=fields.pop("name", u.title.strip()),
            text=u.text,
            unlocked_by=opening,
            **fields,
        )
