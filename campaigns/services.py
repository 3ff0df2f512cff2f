"""The campaign's own services (creating it, its roster, preparing the first game, correcting
a mark) and what every service shares: the campaign's lock, the audit log, the cached world.

Writers live by topic, each the only code that writes its rows: here the campaign, its
players and the corrections of its marks; ``campaigns.game`` a game phase by phase (setup, the
table's entries, the finish, packets, factions, decks, the rulebook); ``campaigns.capitals``
World Capitals; ``campaigns.members`` memberships and invitations; ``campaigns.photos``,
``campaigns.pictures``, ``campaigns.chronicle``, ``campaigns.imports`` and ``campaigns.backup``
their own rows and jobs.

Every service is keyword-only, runs in one transaction, locks the campaign row
(``lock_campaign``) before it reads anything it will change, asks the pure rules in ``legacy``
and refuses with a ``RuleViolation`` (a message for the players) before writing anything.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from campaigns import live, said
from campaigns.models import AuditEntry, Campaign, Game, Membership, Player, Role
from campaigns.selectors import marks as mark_rows
from campaigns.versioned import cached_read
from campaigns.vocabulary import AuditAction, CancelledScarTerritory, RemovedNote
from legacy import board, corrections, names, rules, scar_effects
from legacy.box import (
    BASE_SCAR_TYPES,
    BASE_STOCK,
    BASE_TRADE_CHART,
    CAMPAIGN_GAMES,
    FACTION_BY_SLUG,
    FACTIONS,
    Stock,
)
from legacy.errors import RuleViolation
from legacy.models import (
    BroughtIn,
    CoinSticker,
    Correction,
    FactionPower,
    Mark,
    RemovedReason,
    ScarKind,
    StockAllowance,
    TradeRate,
    UnlockedFaction,
    WorldName,
)
from legacy.refusals import ServiceRule, TableRule, gettext_noop
from legacy.rules import bring_in as bring_in_rules
from legacy.rules import table_rules
from legacy.selectors import board_as_of_game, stock_allowances, world_as_of
from legacy.words import Words
from legacy.world import World


class CampaignArchived(Exception):
    """The refusal of every change to an archived campaign (read-only until its owner
    unarchives it), raised by the campaign's lock whatever asked for the change: a page, the
    API, the admin or a task. Worded and shaped as a ``RuleViolation`` (a conflict, 409), but
    not one: a view that shows a rule's refusal beside its form does not catch it, so each door
    answers it in its own shape (the pages with the archived page, the API with its error),
    each saying its rule's sentence (``refusal``) in the reader's language."""

    rule = ServiceRule.CAMPAIGN_ARCHIVED
    field: str | None = None
    conflict = True

    def __init__(self) -> None:
        self.refusal = RuleViolation(ServiceRule.CAMPAIGN_ARCHIVED, conflict=True)
        self.message = self.refusal.message  # in English, for the logs
        super().__init__(self.message)


def lock_campaign(
    campaign: Campaign | int,
    *,
    marks: bool = True,
    triggers: bool = True,
    archived_ok: bool = False,
) -> Campaign:
    """Take the campaign row for update: every write to a campaign starts here.

    While the campaign is archived the write is refused (``CampaignArchived``), unless the
    caller says ``archived_ok`` (unarchiving it, joining it).

    It also bumps the campaign's world version (open pages see that something changed) and,
    unless the caller promises to place, change or remove no mark (``marks=False``: in-game
    entries such as a red star bought), its marks version, so cached reads of its world are
    left behind; and unless it promises to change nothing the packets' triggers read
    (``triggers=False``), its triggers version (``campaigns.game.packets.packets_due``). A
    refused request rolls the bumps back with everything else.
    """
    pk = campaign.pk if isinstance(campaign, Campaign) else campaign
    bump_versions(pk, marks=marks, triggers=triggers, archived_ok=archived_ok)
    return held(Campaign.objects.get(pk=pk))


def held(campaign: Campaign) -> Campaign:
    """``campaign`` as the write that bumped its versions read it, under its lock: marked as
    being written (see ``cached_world``), and its open pages told the version it read once the
    write commits (never when it is rolled back)."""
    campaign.writing = True
    live.announce_after_commit(campaign.pk, campaign.world_version)
    return campaign


def bump_versions(
    pk: int, *, marks: bool, triggers: bool = True, archived_ok: bool = False
) -> None:
    """Bump the campaign's versions: the first statement of every write. The UPDATE holds the
    campaign's row lock until the transaction ends, so every other write to the campaign waits
    for it here, before it has read anything (on SQLite, the IMMEDIATE transaction already
    holds the database's write lock). Refused when there is no such campaign, and while it is
    archived unless ``archived_ok``: the UPDATE reads ``archived`` under the lock it takes, so
    a write waiting for the archiving to commit is refused once it has. The caller reads the
    campaign next and hands it to ``held``, which tells its open pages."""
    bumps = {"world_version": F("world_version") + 1}
    if marks:
        bumps["marks_version"] = F("marks_version") + 1
    if marks or triggers:
        bumps["triggers_version"] = F("triggers_version") + 1
    rows = Campaign.objects.filter(pk=pk)
    if not (rows if archived_ok else rows.filter(archived=False)).update(**bumps):
        if not archived_ok and rows.exists():
            raise CampaignArchived
        raise RuleViolation(ServiceRule.UNKNOWN_CAMPAIGN)


def last_game_number(campaign_id: int) -> int:
    """The number of the campaign's last game set up (0 before any)."""
    return Game.objects.filter(campaign_id=campaign_id).aggregate(n=Max("number"))["n"] or 0


def campaign_world(campaign: Campaign, game: int | None = None) -> World:
    """``world_as_of``, read as the campaign reads a cancelled scar (RULES.md section 9)."""
    return world_as_of(campaign.pk, game, cancelled_scars_mark=cancelled_scars_mark(campaign))


def cancelled_scars_mark(campaign: Campaign) -> bool:
    return campaign.cancelled_scar_territory == CancelledScarTerritory.MARKED


# A world stays right for as long as its marks version lasts; a day keeps it through a game
# night's reads without keeping every campaign's worlds for good.
WORLD_TIMEOUT_SECONDS = 24 * 3600


def cached_world(campaign: Campaign, game: int | None = None) -> World:
    """``world_as_of``, cached per marks version (``campaigns.versioned``): a write that changes
    no mark leaves it. A write (holding the row ``lock_campaign`` returned) may use a cached
    world, but what it reads is never stored: what it has not committed yet must not outlive
    it if it is refused, under a version number the next write will take again."""
    marks = cancelled_scars_mark(campaign)
    return cached_read(
        campaign,
        "world-as-of",
        ("now" if game is None else game, int(marks)),
        lambda: world_as_of(campaign.pk, game, cancelled_scars_mark=marks),
        versions=(campaign.marks_version,),
        timeout=WORLD_TIMEOUT_SECONDS,
    )


def audit(campaign: Campaign, user, action: AuditAction, **data) -> None:
    """Record a change: its action and parameters, no words (``campaigns.audit_words`` makes
    them when the entry is read, in the reader's language)."""
    AuditEntry.objects.create(
        campaign=campaign,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        data=data,
    )


def audit_corrections(entries) -> dict[int, Correction]:
    """The correction each audit entry records, by the entry's id, in one query (entries
    written before audit entries named their correction have none)."""

    def named(entry) -> int | None:
        pk = entry.data.get("correction") if isinstance(entry.data, dict) else None
        return pk if type(pk) is int else None

    ids = {pk for pk in map(named, entries) if pk is not None}
    if not ids:
        return {}
    campaigns = {e.campaign_id for e in entries}
    found = Correction.objects.filter(pk__in=ids, campaign_id__in=campaigns).in_bulk()
    return {e.pk: found[named(e)] for e in entries if named(e) in found}


# What a name is given to, said in a refusal in the reader's language.
A_CAMPAIGN = Words(gettext_noop("A campaign"))
A_PLAYER = Words(gettext_noop("A player"))
THE_WORLD = Words(gettext_noop("The world"))


def clean_name(value: str, what: Words, limit: int) -> str:
    """The name without its outer spaces; an empty one or one past ``limit`` is refused."""
    name = (value or "").strip()
    if not name:
        raise RuleViolation(TableRule.NAME_REQUIRED, field="name", what=what)
    if len(name) > limit:
        raise RuleViolation(TableRule.NAME_TOO_LONG, field="name", what=what, most=limit)
    return name


@transaction.atomic
def create_campaign(
    *,
    owner,
    name: str,
    players: Iterable[str] = (),
    language: str = "en",
    brought_in_games: int | None = None,
    world_name: str = "",
) -> Campaign:
    """Open a new box: a campaign, its owner, its roster, and a world with nothing on it yet.

    The world starts as the box does (42 unmarked territories with one coin each, unnamed
    continents, every packet sealed); only what the box may contradict is stored: the sticker
    stock, the trade chart and the scar types, seeded from the base box. ``language`` is the
    one its board pictures are drawn in. ``brought_in_games``: the games the group played
    before Earthbook, when it brings its campaign in (``campaigns.bring_in``); past the
    fifteenth, ``world_name`` is the world's name.
    """
    # Every check comes before the first row: a refused campaign writes nothing.
    check_language(language)
    name = clean_name(name, A_CAMPAIGN, 100)
    roster = [clean_name(p, A_PLAYER, 60) for p in players]
    counts = Counter(n.casefold() for n in roster)
    duplicates = [n for n in roster if counts[n.casefold()] > 1]
    if duplicates:
        raise RuleViolation(ServiceRule.PLAYER_NAME_UNIQUE, name=duplicates[-1])
    world_name = (world_name or "").strip()[:60]
    if brought_in_games is not None:
        bring_in_rules.check_games_played(brought_in_games, world_named=bool(world_name))
    campaign = Campaign.objects.create(
        name=name, owner=owner, language=language, brought_in_games=brought_in_games
    )
    Membership.objects.create(campaign=campaign, user=owner, role=Role.OWNER)
    Player.objects.bulk_create(Player(campaign=campaign, name=n) for n in roster)
    StockAllowance.objects.bulk_create(
        StockAllowance(campaign=campaign, stock=slug, quantity=count)
        for slug, _, count in BASE_STOCK
    )
    TradeRate.objects.bulk_create(
        TradeRate(campaign=campaign, coins=c, troops=t) for c, t in BASE_TRADE_CHART.items()
    )
    ScarKind.objects.bulk_create(
        ScarKind(
            campaign=campaign,
            slug=s.slug,
            name=s.name,
            text=s.text,
            cards=s.cards,
            base=True,
            dice_effect=scar_effects.base_effect(s.slug, True),
        )
        for s in BASE_SCAR_TYPES
    )
    audit(campaign, owner, AuditAction.CAMPAIGN_CREATED, name=campaign.name)
    if brought_in_games is not None:
        if brought_in_games > CAMPAIGN_GAMES:  # named after the fifteenth game
            WorldName.objects.create(
                campaign=campaign,
                name=world_name,
                placed_in_game=CAMPAIGN_GAMES,
                entered_by=owner,
                brought_in=BroughtIn.KNOWN,
            )
        audit(campaign, owner, AuditAction.BRINGING_IN, games=brought_in_games)
    return campaign


def check_language(language) -> None:
    if language not in names.LANGUAGES:
        raise RuleViolation(ServiceRule.CAMPAIGN_LANGUAGE, field="language")


@transaction.atomic
def add_player(*, campaign: Campaign, name: str, user=None, by=None) -> Player:
    campaign = lock_campaign(campaign)
    name = clean_name(name, A_PLAYER, 60)
    if campaign.players.filter(name__iexact=name).exists():
        raise RuleViolation(ServiceRule.PLAYER_NAME_UNIQUE, field="name", name=name)
    player = Player.objects.create(campaign=campaign, name=name, user=user)
    audit(campaign, by, AuditAction.PLAYER_ADDED, name=name)
    return player


@dataclass(frozen=True)
class FirstGameSetup:
    powers: dict[str, str]  # faction -> kept power code
    coins: dict[str, int]  # territory -> coins on its card after the stickers


def _power_choices(
    powers: Mapping[str, str] | Iterable[tuple[str, str]], *, kept: Mapping[str, str]
) -> dict[str, str]:
    """The starting powers chosen now: one for each faction of the box that has none kept yet
    (``kept``: the ones brought in, faction -> code)."""
    pairs = list(powers.items()) if isinstance(powers, Mapping) else list(powers)
    chosen: dict[str, str] = {}
    for faction, code in pairs:
        info = FACTION_BY_SLUG.get(faction)
        if info is None:
            raise RuleViolation(TableRule.UNKNOWN_FACTION, field="powers", faction=repr(faction))
        if faction in chosen or faction in kept:
            raise RuleViolation(
                ServiceRule.ONE_STARTING_POWER,
                field="powers",
                faction=said.faction(faction, info.name),
            )
        if info.power(code) is None:
            raise RuleViolation(
                ServiceRule.UNKNOWN_STARTING_POWER,
                field="powers",
                faction=said.faction(faction, info.name),
                power=repr(code),
            )
        chosen[faction] = code
    missing = [
        said.faction(f.slug, f.name)
        for f in FACTIONS
        if f.slug not in chosen and f.slug not in kept
    ]
    if missing:
        raise RuleViolation(
            ServiceRule.EVERY_FACTION_CHOOSES, field="powers", factions=said.listed(missing)
        )
    return chosen


def random_first_game_coins(stock: int, seed: int | None = None) -> list[str]:
    """The box's suggestion: one sticker on each of the first cards drawn at random."""
    slugs = [t.slug for t in board.TERRITORIES]
    return random.Random(seed).sample(slugs, stock)


@transaction.atomic
def prepare_first_game(
    *,
    campaign: Campaign,
    powers: Mapping[str, str] | Iterable[tuple[str, str]],
    coins: Sequence[str] | None = None,
    random_coins: bool = False,
    seed: int | None = None,
    by=None,
) -> FirstGameSetup:
    """Before the very first game: each faction keeps one starting power (the other is
    destroyed) and the first-game coin stickers go on territory cards (at random on request).
    A faction whose starting power was brought in keeps it: only the others choose here (all
    of them brought in, only the coins are placed)."""
    campaign = lock_campaign(campaign)
    if campaign.prepared_at is not None:
        raise RuleViolation(ServiceRule.FIRST_GAME_SETUP_ONCE, conflict=True)
    brought = {p.faction: p.code for p in mark_rows.starting_powers_kept(campaign.pk)}
    chosen = _power_choices(powers, kept=brought)
    stock = stock_allowances(campaign.pk)[Stock.FIRST_GAME_COINS]
    if random_coins:
        if coins:
            raise RuleViolation(ServiceRule.FIRST_GAME_COINS_CHOICE, field="coins")
        coins = random_first_game_coins(stock, seed)
    card_coins = rules.check_first_game_coins(coins or [], stock=stock)

    rows = []
    for faction, code in chosen.items():
        for power in FACTION_BY_SLUG[faction].starting_powers:
            kept = power.code == code
            rows.append(
                FactionPower(
                    campaign=campaign,
                    faction=faction,
                    code=power.code,
                    name=power.name,
                    text=power.text,
                    placed_in_game=0,
                    entered_by=by,
                    removed_in_game=None if kept else 0,
                    removed_reason="" if kept else RemovedReason.DESTROYED,
                    removed_note="" if kept else RemovedNote.STARTING_POWER_NOT_CHOSEN,
                )
            )
    FactionPower.objects.bulk_create(rows)
    CoinSticker.objects.bulk_create(
        CoinSticker(
            campaign=campaign, territory=slug, coins_after=value, placed_in_game=0, entered_by=by
        )
        for slug, total in card_coins.items()
        for value in range(2, total + 1)
    )
    campaign.prepared_at = timezone.now()
    campaign.save(update_fields=["prepared_at"])
    audit(
        campaign,
        by,
        AuditAction.FIRST_GAME_SETUP,
        powers=chosen,
        coins=sorted(coins or []),
    )
    return FirstGameSetup(
        powers=brought | chosen, coins={slug: n for slug, n in card_coins.items() if n > 1}
    )


@transaction.atomic
def correct_mark(
    *, campaign: Campaign, model: type[Mark], mark_id: int, changes: dict, reason: str, by
) -> tuple[Mark, Correction]:
    """Fix a mark entered wrongly, under the campaign lock; ``legacy.corrections`` keeps the
    before and after, and the reason."""
    campaign = lock_campaign(campaign)
    mark = _mark(campaign, model, mark_id)
    game = changes.get("placed_in_game")
    if isinstance(game, int) and game > 0 and not campaign.games.filter(number=game).exists():
        raise RuleViolation(
            ServiceRule.PLACED_IN_A_REAL_GAME,
            field="placed_in_game",
            game=game,
            last=last_game_number(campaign.pk),
        )
    if "territory" in changes or "placed_in_game" in changes:
        # On a territory of the board as of the game it is placed in: the box's, or one a
        # packet added in that game or before.
        territory = changes.get("territory", getattr(mark, "territory", None))
        if territory is not None:
            placed = changes.get("placed_in_game", mark.placed_in_game)
            table_rules.require_territory(
                territory,
                on=board_as_of_game(campaign.pk, placed if isinstance(placed, int) else None),
            )
    faction = changes.get("faction")
    if (
        faction is not None
        and faction not in FACTION_BY_SLUG
        and not UnlockedFaction.objects.filter(campaign=campaign, slug=faction).exists()
    ):
        raise RuleViolation(TableRule.UNKNOWN_FACTION, field="faction", faction=repr(faction))
    if "placed_by" in changes and changes["placed_by"] is not None:
        if not Player.objects.filter(campaign=campaign, pk=changes["placed_by"]).exists():
            raise RuleViolation(ServiceRule.UNKNOWN_PLAYER, field="placed_by")
        changes = {k: v for k, v in changes.items() if k != "placed_by"} | {
            "placed_by_id": changes["placed_by"]
        }
    correction = corrections.correct_mark(mark=mark, changes=changes, reason=reason, by=by)
    audit(
        campaign,
        by,
        AuditAction.MARK_CORRECTED,
        reason=reason.strip()[:200],
        mark_type=model.__name__,
        mark=mark.pk,
        correction=correction.pk,
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
        raise RuleViolation(ServiceRule.VOID_ONCE, conflict=True)
    correction = corrections.void_mark(mark=mark, reason=reason, by=by)
    audit(
        campaign,
        by,
        AuditAction.MARK_VOIDED,
        reason=reason.strip()[:200],
        mark_type=model.__name__,
        mark=mark.pk,
        correction=correction.pk,
    )
    return mark, correction


def _mark(campaign: Campaign, model: type[Mark], mark_id: int) -> Mark:
    mark = model.objects.filter(campaign=campaign, pk=mark_id).first()
    if mark is None:
        raise RuleViolation(ServiceRule.UNKNOWN_MARK)
    return mark
