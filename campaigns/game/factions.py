"""Factions beyond the box's five, and the powers on the faction cards.

A faction the group unlocks is a row of the campaign (``UnlockedFaction``): entered when a packet
that unlocks one is opened (``campaigns.game.packets``), or added between games. A power is a
mark on a faction card (``FactionPower``): its type is its ``slot``, and a card holds one power of
each type. Placing a power where the card already holds one of that type is refused, unless the
group says the new one covers it: the old one then stops counting in that game ('covered'). A
power can also be destroyed. Powers are placed in a game being played, or between games.
"""

from __future__ import annotations

import re

from django.db import transaction

from campaigns import said
from campaigns.game.derived import factions_of
from campaigns.models import Campaign, Game, GameStatus
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import board
from legacy.box import FACTION_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import (
    FactionPower,
    PacketOpening,
    PowerType,
    RemovedReason,
    UnlockedFaction,
)
from legacy.refusals import ServiceRule, TableRule

COLOUR = re.compile(r"^#[0-9a-f]{6}$")
# Colours given to an unlocked faction whose colour the group did not say, in turn.
DEFAULT_COLOURS = ("#7b4fa3", "#e07b28", "#1f9a8a", "#8c6239", "#d14d8f", "#5a6b7d")


def faction_colour(value, taken=()) -> str:
    """A colour as "#rrggbb" (lower case); none given: the first default colour not taken."""
    colour = (value or "").strip().lower() if isinstance(value, str) else value
    if not colour:
        return next((c for c in DEFAULT_COLOURS if c not in set(taken)), DEFAULT_COLOURS[0])
    if not isinstance(colour, str) or not COLOUR.match(colour):
        raise RuleViolation(ServiceRule.FACTION_COLOUR, field="colour")
    return colour


def new_faction_slug(campaign: Campaign, name: str) -> str:
    """The slug of a faction the group is about to add, refused if the campaign has one so
    named (the box's five included)."""
    slug = board.slugify(name.strip())[:40]
    box_names = {f.name.lower() for f in FACTION_BY_SLUG.values()}
    if (
        slug in FACTION_BY_SLUG
        or name.strip().lower() in box_names
        or UnlockedFaction.objects.filter(campaign=campaign, slug=slug).exists()
    ):
        raise RuleViolation(
            ServiceRule.FACTION_NAME_TAKEN, field="name", conflict=True, faction=name.strip()
        )
    return slug


def _faction_name(name) -> str:
    name = (name or "").strip() if isinstance(name, str) else ""
    if not name or len(name) > 60 or not board.slugify(name).strip("-"):
        raise RuleViolation(ServiceRule.FACTION_NAME, field="name", limit=60)
    return name


def faction_fields(campaign: Campaign, *, name: str, colour: str, game: int) -> dict:
    """The checked fields of a new unlocked faction (no writing)."""
    name = _faction_name(name)
    taken = [f.colour for f in factions_of(campaign.pk).values()]
    return {
        "slug": new_faction_slug(campaign, name),
        "name": name,
        "colour": faction_colour(colour, taken),
        "appeared_in_game": game,
    }


def between_games(campaign: Campaign) -> int:
    """The number of the last finished game (0 before any), refused while a game is being
    played (a game only set up has not begun: it is still between games)."""
    playing = campaign.games.filter(status=GameStatus.IN_PROGRESS).order_by("-number").first()
    if playing is not None:
        raise RuleViolation(ServiceRule.BETWEEN_GAMES, conflict=True, game=playing.number)
    last = (
        campaign.games.filter(status=GameStatus.FINISHED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return last or 0


@transaction.atomic
def add_faction(*, campaign: Campaign, name: str, colour: str = "", text: str = "", by=None):
    """Between games, the group adds a faction the rules unlocked (entered in its own words)."""
    campaign = lock_campaign(campaign)
    number = between_games(campaign)
    if len(text or "") > 2000:
        raise RuleViolation(ServiceRule.FACTION_TEXT, field="text", limit=2000)
    fields = faction_fields(campaign, name=name, colour=colour, game=number)
    faction = UnlockedFaction.objects.create(
        campaign=campaign, text=text or "", entered_by=by, **fields
    )
    audit(
        campaign,
        by,
        AuditAction.FACTION_ADDED,
        faction=faction.slug,
        name=faction.name,
        game=number,
    )
    return faction


def _game_number(campaign: Campaign, game: int | None) -> int:
    """The game a power is placed or removed in: ``game`` while it is being played, or the
    last finished game when it is done between games (``game`` None)."""
    if game is None:
        return between_games(campaign)
    row = Game.objects.filter(campaign=campaign, number=game).first()
    if row is None:
        raise RuleViolation(TableRule.UNKNOWN_GAME, field="game", game=game)
    if row.status != GameStatus.IN_PROGRESS:
        raise RuleViolation(
            ServiceRule.GAME_NOT_IN_PROGRESS, field="game", conflict=True, game=game
        )
    return row.number


def _slot(value) -> str:
    slot = value.strip().lower() if isinstance(value, str) else ""
    if slot not in PowerType.values:
        raise RuleViolation(
            ServiceRule.POWER_TYPE,
            field="slot",
            types=said.listed(PowerType.labels, last_word=said.OR),
        )
    return slot


@transaction.atomic
def place_power(
    *,
    campaign: Campaign,
    faction: str,
    slot: str,
    name: str,
    text: str = "",
    game: int | None = None,
    unlocked_by: str | None = None,
    covers: bool = False,
    by=None,
) -> FactionPower:
    """A power placed on a faction card, as the rule that unlocked it says.

    ``game`` is the game being played, or None between games. ``unlocked_by`` is the packet
    whose content placed it, if any. A card holds one power of each type (``slot``): a second
    is refused unless ``covers`` says it goes over the old one, which then stops counting.
    """
    campaign = lock_campaign(campaign)
    number = _game_number(campaign, game)
    factions = factions_of(campaign.pk, number)
    if faction not in factions:
        raise RuleViolation(TableRule.UNKNOWN_FACTION, field="faction", faction=repr(faction))
    slot = _slot(slot)
    name = (name or "").strip() if isinstance(name, str) else ""
    if not name or len(name) > 60:
        raise RuleViolation(ServiceRule.POWER_NAME, field="name", limit=60)
    if len(text or "") > 2000:
        raise RuleViolation(ServiceRule.POWER_TEXT, field="text", limit=2000)
    opening = None
    if unlocked_by:
        opening = PacketOpening.objects.filter(
            campaign=campaign, packet=unlocked_by, voided=False
        ).first()
        if opening is None:
            raise RuleViolation(
                ServiceRule.PACKET_NOT_OPEN,
                field="unlocked_by",
                packet=said.packet(unlocked_by, unlocked_by),
            )
    card = said.faction(faction, factions[faction].name)
    old = FactionPower.objects.current().filter(campaign=campaign, faction=faction, slot=slot)
    old = old.first()
    if old is not None and not covers:
        raise RuleViolation(
            ServiceRule.ONE_POWER_PER_TYPE,
            field="slot",
            conflict=True,
            faction=card,
            type=PowerType(slot).label,
            power=old.name,
        )
    if old is None and covers:
        raise RuleViolation(
            ServiceRule.NOTHING_TO_COVER,
            field="covers",
            conflict=True,
            faction=card,
            type=PowerType(slot).label,
        )
    if old is not None:
        old.removed_in_game = number
        old.removed_reason = RemovedReason.COVERED
        old.save(update_fields=["removed_in_game", "removed_reason"])
    power = FactionPower.objects.create(
        campaign=campaign,
        faction=faction,
        slot=slot,
        code=board.slugify(name)[:40],
        name=name,
        text=text or "",
        unlocked_by=opening,
        placed_in_game=number,
        entered_by=by,
    )
    audit(
        campaign,
        by,
        AuditAction.POWER_PLACED,
        faction=faction,
        name=name,
        covered_name=old.name if old is not None else "",
        slot=slot,
        power=power.pk,
        covered=old.pk if old is not None else None,
        game=number,
        in_game=game is not None,
    )
    return power


@transaction.atomic
def destroy_power(
    *, campaign: Campaign, power: int, game: int | None = None, by=None
) -> FactionPower:
    """A power destroyed: it stops counting from that game on (kept as a 'destroyed' row)."""
    campaign = lock_campaign(campaign)
    number = _game_number(campaign, game)
    row = FactionPower.objects.filter(campaign=campaign, pk=power, voided=False).first()
    if row is None:
        raise RuleViolation(ServiceRule.UNKNOWN_POWER, field="power")
    if row.removed_in_game is not None:
        raise RuleViolation(
            ServiceRule.POWER_GONE, conflict=True, power=row.name, game=row.removed_in_game
        )
    row.removed_in_game = number
    row.removed_reason = RemovedReason.DESTROYED
    row.save(update_fields=["removed_in_game", "removed_reason"])
    audit(
        campaign,
        by,
        AuditAction.POWER_DESTROYED,
        faction=row.faction,
        name=row.name,
        power=row.pk,
        game=number,
    )
    return row


def powers_as_of(campaign_id: int, game: int | None = None) -> dict[str, list[FactionPower]]:
    """Each card's powers that counted at the end of game ``game`` (None: now), in one query."""
    rows = FactionPower.objects.filter(campaign_id=campaign_id)
    rows = rows.current() if game is None else rows.as_of(game)
    out: dict[str, list[FactionPower]] = {}
    for p in rows.order_by("placed_in_game", "id"):
        out.setdefault(p.faction, []).append(p)
    return out


def is_unlocked_content(power: FactionPower) -> bool:
    """A power the group entered (not one of the box's starting powers) is unlocked content,
    hidden with the rest when the campaign hides it."""
    return power.unlocked_by_id is not None or power.slot != "starting"


def packets_of(campaign_id: int) -> dict[int, str]:
    """The packet of each opening of the campaign, by the opening's id (one query)."""
    return dict(PacketOpening.objects.filter(campaign_id=campaign_id).values_list("pk", "packet"))
