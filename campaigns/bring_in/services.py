"""Bringing a campaign in: the games a group played before Earthbook, with their winners, and
the marks and packets they left on the board, entered freely until the group says it is done.

A past game is a real ``Game`` (``brought_in``): its seats hold the results the group
remembers, its winner signs the winners' section (games 1 to 15), so everything that reads the
played games reads it (missiles and red stars at setup, standings, statistics). A mark carries
the game it was made in, or stands in the last brought-in game when the group does not know it
(``BroughtIn.UNKNOWN``).

A request brings in any part (games, marks, packets, rule stickers) and is written whole or not
at all: every item is checked, and when any is refused, one ``BringInRefused`` lists every
problem with its place ("marks.3.territory") and nothing is kept.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from campaigns import said
from campaigns.bring_in.marks import (
    BOARD_MARK_TYPES,
    STARTING,
    STARTING_CODES,
    Marking,
    bring_in_mark,
)
from campaigns.game.derived import campaign_factions
from campaigns.game.rulebook import add_sticker
from campaigns.models import Campaign, Game, GameStatus, Player, Result, Seat
from campaigns.services import audit, campaign_world, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.box import CAMPAIGN_GAMES, PACKET_BY_SLUG
from legacy.corrections import MARK_TYPES
from legacy.errors import RuleViolation
from legacy.models import (
    AddedConnection,
    AddedTerritory,
    BroughtIn,
    City,
    FactionPower,
    Fortification,
    Mark,
    PacketOpening,
    RemovedReason,
    ScarKind,
    SealedComponent,
    Signature,
    WorldName,
)
from legacy.refusals import BringInRule, ServiceRule, TableRule
from legacy.rules import bring_in as rules


class BringInRefused(RuleViolation):
    """Every problem of a request to bring things in, each with its place in the request:
    nothing of it was kept."""

    def __init__(self, problems: list[tuple[str, RuleViolation]]):
        super().__init__(BringInRule.PROBLEMS, count=len(problems))
        self.problems = problems


@dataclass
class Brought:
    """What one request brought in."""

    games: list[Game] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    packets: list[PacketOpening] = field(default_factory=list)
    stickers: list = field(default_factory=list)


def played_here(campaign: Campaign) -> Game | None:
    """The first game played in Earthbook (not brought in), if any."""
    return campaign.games.filter(brought_in=False).order_by("number").first()


def still_bringing_in(campaign: Campaign) -> bool:
    """May the group still bring things in (it said how many games it played, nothing was
    played here, and it has not said it is done)?"""
    return (
        campaign.brought_in_games is not None
        and campaign.brought_in_done_at is None
        and played_here(campaign) is None
    )


def _open_to_bringing_in(campaign: Campaign) -> int:
    """The games the group said it played, while it may still bring things in."""
    first = played_here(campaign)
    if first is not None:
        raise RuleViolation(BringInRule.AFTER_PLAY, conflict=True, game=first.number)
    if campaign.brought_in_done_at is not None:
        raise RuleViolation(BringInRule.DONE, conflict=True)
    if campaign.brought_in_games is None:
        raise RuleViolation(BringInRule.NOT_BRINGING_IN, conflict=True)
    return campaign.brought_in_games


@transaction.atomic
def start_bringing_in(*, campaign: Campaign, games: int, world_name: str = "", by=None) -> Campaign:
    """Say how many games the group played before Earthbook (again, while nothing was played
    here and the group has not said it is done); past the fifteenth, with the world's name."""
    campaign = lock_campaign(campaign)
    first = played_here(campaign)
    if first is not None:
        raise RuleViolation(BringInRule.AFTER_PLAY, conflict=True, game=first.number)
    if campaign.brought_in_done_at is not None:
        raise RuleViolation(BringInRule.DONE, conflict=True)
    named = WorldName.objects.current().filter(campaign=campaign).exists()
    world_name = (world_name or "").strip()[:60]
    games = rules.check_games_played(games, world_named=named or bool(world_name))
    beyond = campaign.games.filter(number__gt=games).order_by("number").first()
    if beyond is not None:
        raise RuleViolation(
            BringInRule.GAMES_KEPT, field="games_played", game=beyond.number, games=games
        )
    campaign.brought_in_games = games
    campaign.save(update_fields=["brought_in_games"])
    if world_name and games > CAMPAIGN_GAMES and not named:
        name_the_world(campaign, world_name, by)
    audit(campaign, by, AuditAction.BRINGING_IN, games=games)
    return campaign


def name_the_world(campaign: Campaign, name: str, by) -> WorldName:
    """The world's name, given after the fifteenth game (the namer not said)."""
    return WorldName.objects.create(
        campaign=campaign,
        name=name,
        placed_in_game=CAMPAIGN_GAMES,
        entered_by=by if getattr(by, "is_authenticated", False) else None,
        brought_in=BroughtIn.KNOWN,
    )


@transaction.atomic
def bring_in(
    *,
    campaign: Campaign,
    games: Sequence[Mapping] = (),
    marks: Sequence[Mapping] = (),
    packets: Sequence[Mapping] = (),
    stickers: Sequence[Mapping] = (),
    by=None,
) -> Brought:
    """Bring in past games, marks, opened packets and rule stickers, in that order (a mark may
    name a game of the same request). All of it, or nothing with every problem named."""
    campaign = lock_campaign(campaign)
    played = _open_to_bringing_in(campaign)
    roster = {p.name.casefold(): p for p in Player.objects.filter(campaign=campaign)}
    factions = campaign_factions(campaign.pk)
    problems: list[tuple[str, RuleViolation]] = []
    brought = Brought()

    def each(part: str, items: Sequence[Mapping], write) -> None:
        for i, item in enumerate(items):
            try:
                with transaction.atomic():
                    brought_item = write(item)
            except RuleViolation as refusal:
                where = f"{part}.{i}" + (f".{refusal.field}" if refusal.field else "")
                problems.append((where, refusal))
            else:
                getattr(brought, part).append(brought_item)

    taken = set(campaign.games.values_list("number", flat=True))
    each("games", games, lambda g: _game(campaign, g, played, roster, factions, taken, by))
    marking = Marking(
        campaign=campaign,
        games=played,
        world=campaign_world(campaign),
        roster=roster,
        factions=factions,
        scar_kinds={k.slug: k for k in ScarKind.objects.filter(campaign=campaign)},
        by=by,
    )
    each("marks", marks, lambda m: bring_in_mark(marking, m))
    each("packets", packets, lambda p: _packet(campaign, p, played, by))
    problems += _packets_out_of_order(campaign, brought.packets, packets)
    each("stickers", stickers, lambda s: _sticker(campaign, s, played, by))
    if problems:
        raise BringInRefused(problems)
    audit(
        campaign,
        by,
        AuditAction.BROUGHT_IN,
        games=len(brought.games),
        marks=len(brought.marks),
        packets=len(brought.packets),
        stickers=len(brought.stickers),
    )
    return brought


def _faction(factions: Mapping[str, str], slug: object, field: str) -> str:
    if not isinstance(slug, str) or slug not in factions:
        raise RuleViolation(TableRule.UNKNOWN_FACTION, field=field, faction=repr(slug))
    return slug


def _player(roster: Mapping[str, Player], name: object, field: str) -> Player:
    found = roster.get(str(name or "").strip().casefold())
    if found is None:
        raise RuleViolation(BringInRule.NOT_ON_ROSTER, field=field, name=repr(name or ""))
    return found


def _game(campaign, item: Mapping, played: int, roster, factions, taken: set[int], by) -> Game:
    number = rules.check_game_number(item.get("number"), games=played, taken=taken)
    winner = _player(roster, item.get("winner"), "winner")
    seats = [(winner, _faction(factions, item.get("faction"), "faction"), Result.WON)]
    for j, row in enumerate(item.get("results") or ()):
        player = _player(roster, row.get("player"), f"results.{j}.player")
        faction = _faction(factions, row.get("faction"), f"results.{j}.faction")
        if row.get("result") not in (Result.HELD_ON, Result.ELIMINATED):
            raise RuleViolation(BringInRule.RESULT, field=f"results.{j}.result")
        if any(p == player for p, _, _ in seats):
            raise RuleViolation(
                ServiceRule.PLAYER_ONCE, field=f"results.{j}.player", player=player.name
            )
        if any(f == faction for _, f, _ in seats):
            raise RuleViolation(
                ServiceRule.FACTION_ONCE,
                field=f"results.{j}.faction",
                faction=said.faction(faction, factions[faction]),
            )
        seats.append((player, faction, row["result"]))
    played_on = item.get("played_on")
    played_on = played_on if isinstance(played_on, datetime.date) else None
    game = Game.objects.create(
        campaign=campaign,
        number=number,
        status=GameStatus.FINISHED,
        brought_in=True,
        played_on=played_on,
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=p, faction=f, hq="", order=i, result=r)
        for i, (p, f, r) in enumerate(seats, start=1)
    )
    if rules.signs(number):
        # The winners' section is filled in game order: game N's winner signed line N.
        Signature.objects.create(
            campaign=campaign,
            placed_in_game=number,
            placed_by=winner,
            entered_by=by if getattr(by, "is_authenticated", False) else None,
            line=number,
            name=winner.name,
            date=played_on or timezone.localdate(),
            brought_in=BroughtIn.KNOWN,
        )
    taken.add(number)
    return game


def _packet(campaign, item: Mapping, played: int, by) -> PacketOpening:
    slug = item.get("packet")
    own = (
        isinstance(slug, str)
        and slug not in PACKET_BY_SLUG
        and SealedComponent.objects.filter(campaign=campaign, slug=slug, voided=False).exists()
    )
    if not isinstance(slug, str) or not (slug in PACKET_BY_SLUG or own):
        raise RuleViolation(ServiceRule.UNKNOWN_PACKET, field="packet", packet=repr(slug))
    if PacketOpening.objects.filter(campaign=campaign, packet=slug, voided=False).exists():
        raise RuleViolation(
            ServiceRule.PACKET_OPENED_ONCE, field="packet", packet=said.packet(slug)
        )
    game, known = rules.mark_game(item.get("game"), games=played)
    return PacketOpening.objects.create(
        campaign=campaign,
        packet=slug,
        placed_in_game=game,
        entered_by=by if getattr(by, "is_authenticated", False) else None,
        brought_in=BroughtIn.KNOWN if known else BroughtIn.UNKNOWN,
    )


def _packets_out_of_order(
    campaign, opened: list[PacketOpening], items: Sequence[Mapping]
) -> list[tuple[str, RuleViolation]]:
    """The packets of this request opened before a packet they need (``rules.bring_in``)."""
    if not opened:
        return []
    every = dict(
        PacketOpening.objects.filter(campaign=campaign, voided=False).values_list(
            "packet", "placed_in_game"
        )
    )
    wrong = set(rules.packets_out_of_order(every))
    return [
        (f"packets.{i}.packet", RuleViolation(BringInRule.PACKET_BEFORE, packet=said.packet(slug)))
        for i, item in enumerate(items)
        for slug in [item.get("packet")]
        if slug in wrong and any(p.packet == slug for p in opened)
    ]


def _sticker(campaign, item: Mapping, played: int, by):
    game, _known = rules.mark_game(item.get("game"), games=played)
    return add_sticker(
        campaign=campaign,
        section=str(item.get("section") or ""),
        game=game,
        title=str(item.get("title") or ""),
        text=str(item.get("text") or ""),
        packet=item.get("packet") or None,
        by=by,
    )


@transaction.atomic
def take_out_game(*, campaign: Campaign, number: int, by=None) -> None:
    """Take a brought-in game out again (its seats and its signature with it)."""
    campaign = lock_campaign(campaign)
    _open_to_bringing_in(campaign)
    game = campaign.games.filter(number=number, brought_in=True).first()
    if game is None:
        raise RuleViolation(BringInRule.NOT_BROUGHT_IN, conflict=True)
    Signature.objects.filter(campaign=campaign, placed_in_game=number).exclude(
        brought_in=BroughtIn.PLAYED
    ).delete()
    game.delete()
    audit(campaign, by, AuditAction.BROUGHT_IN_TAKEN_OUT, game=number)


@transaction.atomic
def take_out_mark(*, campaign: Campaign, mark_type: str, mark_id: int, by=None) -> None:
    """Take a brought-in mark out again, as if it had never been entered (a city with its
    fortifications)."""
    campaign = lock_campaign(campaign)
    _open_to_bringing_in(campaign)
    model = MARK_TYPES.get(mark_type) or BOARD_MARK_TYPES.get(mark_type)
    mark = model.objects.filter(campaign=campaign, pk=mark_id).first() if model else None
    if model is None or mark is None:
        raise RuleViolation(ServiceRule.UNKNOWN_MARK)
    if mark.brought_in == BroughtIn.PLAYED or model is Signature:
        raise RuleViolation(BringInRule.NOT_BROUGHT_IN, conflict=True)
    if isinstance(mark, City):
        Fortification.objects.filter(city=mark).delete()
    covered = _take_out_power(campaign, mark) if isinstance(mark, FactionPower) else None
    if isinstance(mark, AddedTerritory):  # with the connections it came with
        joined = Q(a=mark.slug) | Q(b=mark.slug)
        AddedConnection.objects.filter(joined, campaign=campaign).exclude(
            brought_in=BroughtIn.PLAYED
        ).delete()
    mark.delete()
    if covered is not None:  # the card holds again the power it covered
        covered.removed_in_game, covered.removed_reason = None, ""
        covered.save(update_fields=["removed_in_game", "removed_reason"])
    audit(campaign, by, AuditAction.BROUGHT_IN_TAKEN_OUT, mark_type=model.__name__)


def _take_out_power(campaign: Campaign, power: FactionPower) -> FactionPower | None:
    """A starting power goes with the one its faction did not keep; a power placed over
    another gives the card back the one it covered (returned, to count again)."""
    if power.slot == STARTING and power.code in STARTING_CODES:
        FactionPower.objects.filter(
            campaign=campaign, faction=power.faction, slot=STARTING, placed_in_game=0
        ).exclude(pk=power.pk).exclude(brought_in=BroughtIn.PLAYED).delete()
        return None
    if power.removed_in_game is not None:
        return None
    return (
        FactionPower.objects.filter(
            campaign=campaign,
            faction=power.faction,
            slot=power.slot,
            voided=False,
            removed_reason=RemovedReason.COVERED,
        )
        .exclude(pk=power.pk)
        .order_by("-removed_in_game", "-pk")
        .first()
    )


@transaction.atomic
def bringing_in_done(*, campaign: Campaign, by=None) -> Campaign:
    """The group has brought in every game: from now on the past is fixed with corrections, and
    the next game set up is the one after the last brought in."""
    campaign = lock_campaign(campaign)
    played = _open_to_bringing_in(campaign)
    have = set(campaign.games.filter(brought_in=True).values_list("number", flat=True))
    missing = [n for n in range(1, played + 1) if n not in have]
    if missing:
        raise RuleViolation(
            BringInRule.GAMES_MISSING,
            conflict=True,
            games=", ".join(str(n) for n in missing[:10]),
        )
    campaign.brought_in_done_at = timezone.now()
    fields = ["brought_in_done_at"]
    if played and campaign.prepared_at is None:
        # The first game is long past: what was chosen before it is on the board already.
        campaign.prepared_at = campaign.brought_in_done_at
        fields.append("prepared_at")
    campaign.save(update_fields=fields)
    audit(campaign, by, AuditAction.BROUGHT_IN_DONE, games=played)
    return campaign
