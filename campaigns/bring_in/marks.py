"""The marks a group brings in: each checked by the rules the played path asks (the stocks, one
city per territory, one scar per territory, the board as of now) against the world as the marks
before it left it, then written as the mark's own row, flagged as brought in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.board import add_connection, add_territory
from campaigns.capitals import place_world_capital
from campaigns.city_marks import cover_marks_under_a_city
from campaigns.game.factions import place_power
from campaigns.models import Campaign
from campaigns.said import faction as faction_said
from campaigns.services import campaign_world
from campaigns.vocabulary import RemovedNote
from legacy import rules
from legacy.board import BOX
from legacy.box import FACTION_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import (
    AddedConnection,
    AddedTerritory,
    BonusChange,
    BroughtIn,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    FactionPower,
    Fortification,
    Mark,
    RemovedReason,
    Scar,
    ScarKind,
)
from legacy.refusals import BringInRule
from legacy.rules import Reward, RewardChoice, table_rules
from legacy.rules.bring_in import check_boxes, mark_game, starting_power_kept
from legacy.rules.cards import coins_with_a_sticker
from legacy.world import World


class MarkToBringIn(models.TextChoices):
    """The kinds of mark a group brings in; the values are what the API and the forms take."""

    SCAR = "scar", _("Scar")
    MINOR_CITY = "minor-city", _("Minor city")
    MAJOR_CITY = "major-city", _("Major city")
    FORTIFICATION = "fortification", _("Fortification")
    COIN = "coin", _("Coin sticker")
    DESTROYED_CARD = "destroyed-card", _("Destroyed card")
    CONTINENT_NAME = "continent-name", _("Continent name")
    BONUS_CHANGE = "bonus-change", _("Continent bonus changed")
    SCAR_CANCELLED = "scar-cancelled", _("Scar cancelled")
    WORLD_CAPITAL = "world-capital", _("World Capital")
    POWER = "power", _("Faction power")
    STARTING_POWER = "starting-power", _("Starting power kept")
    TERRITORY = "territory", _("Territory added by a packet")
    CONNECTION = "connection", _("Connection added by a packet")


# The marks a packet adds to the board, by the names the bring-in's addresses give them (the
# other marks go by their names in ``legacy.corrections.MARK_TYPES``).
BOARD_MARK_TYPES: dict[str, type[Mark]] = {
    "added-territories": AddedTerritory,
    "added-connections": AddedConnection,
}


# The kinds that are rewards of the end of a game: the rules of the rewards check them.
AS_REWARD = {
    MarkToBringIn.MINOR_CITY: Reward.MINOR_CITY,
    MarkToBringIn.MAJOR_CITY: Reward.MAJOR_CITY,
    MarkToBringIn.FORTIFICATION: Reward.FORTIFY_CITY,
    MarkToBringIn.COIN: Reward.UPGRADE_CARD,
    MarkToBringIn.DESTROYED_CARD: Reward.DESTROY_CARD,
    MarkToBringIn.CONTINENT_NAME: Reward.NAME_CONTINENT,
    MarkToBringIn.BONUS_CHANGE: Reward.CHANGE_BONUS,
    MarkToBringIn.SCAR_CANCELLED: Reward.CANCEL_SCAR,
}
# The rewards a player who held on chooses: checked as if they controlled the territory.
HELD_ON = {Reward.MINOR_CITY, Reward.UPGRADE_CARD}


@dataclass
class Marking:
    """What the marks of one request are checked against, and what each leaves behind."""

    campaign: Campaign
    games: int
    world: World
    roster: Mapping[str, object]  # casefolded name -> Player
    factions: Mapping[str, str]
    scar_kinds: Mapping[str, ScarKind]
    by: object

    def player(self, name: object, field: str, *, needed: bool):
        if name in (None, "") and not needed:
            return None
        found = self.roster.get(str(name or "").strip().casefold())
        if found is None:
            raise RuleViolation(BringInRule.NOT_ON_ROSTER, field=field, name=repr(name or ""))
        return found


def bring_in_mark(at: Marking, item: Mapping) -> Mark:
    """Check one mark and write it; the world of ``at`` then holds it."""
    kind = item.get("kind")
    if kind not in MarkToBringIn.values:
        raise RuleViolation(BringInRule.MARK_KIND, field="kind", kind=repr(kind))
    game, known = mark_game(item.get("game"), games=at.games)
    flag = BroughtIn.KNOWN if known else BroughtIn.UNKNOWN
    common = dict(campaign=at.campaign, placed_in_game=game, entered_by=by_of(at), brought_in=flag)
    if kind == MarkToBringIn.SCAR:
        return _scar(at, item, common)
    if kind == MarkToBringIn.STARTING_POWER:
        return _starting_power(at, item, common)
    if kind in BY_SERVICE:
        mark = BY_SERVICE[MarkToBringIn(kind)](at, item, game)
        type(mark).objects.filter(pk=mark.pk).update(brought_in=flag)
        if isinstance(mark, AddedTerritory):  # with the connections it came with
            joined = models.Q(a=mark.slug) | models.Q(b=mark.slug)
            AddedConnection.objects.filter(
                joined, campaign=at.campaign, placed_in_game=game, brought_in=BroughtIn.PLAYED
            ).update(brought_in=flag)
        mark.brought_in = flag
        at.world = campaign_world(at.campaign)
        return mark
    reward = AS_REWARD[MarkToBringIn(kind)]
    needed = reward == Reward.MAJOR_CITY  # a major city is a start for its founder only
    player = at.player(item.get("player"), "player", needed=needed)
    # The boxes a fortification had marked when the group brought it in (0: a fresh one).
    boxes = check_boxes(item.get("boxes") or 0) if reward == Reward.FORTIFY_CITY else 0
    if reward == Reward.UPGRADE_CARD and game == 0:
        # The coins of before the first game are the first game's, entered on their own page.
        raise RuleViolation(BringInRule.MARK_GAME, field="game", games=at.games)
    choice = RewardChoice(
        reward,
        territory=item.get("territory") or None,
        continent=item.get("continent") or None,
        name=str(item.get("name") or ""),
        delta=item.get("delta") or 0,
    )
    if reward in HELD_ON:
        rules.check_held_on_reward(at.world, choice, controlled=[choice.territory or ""])
    else:
        rules.check_winner_reward(at.world, choice)
    common["placed_by"] = player
    mark = _write(at, choice, common, boxes=boxes)
    at.world = rules.world_after_reward(at.world, choice, player=player.pk if player else None)
    if boxes:
        state = at.world.territories[choice.territory or ""]
        assert state.city is not None  # the rules fortify a city only
        marked = replace(state, city=replace(state.city, boxes_used=boxes))
        at.world = replace(at.world, territories={**at.world.territories, state.slug: marked})
    return mark


def by_of(at: Marking):
    return at.by if getattr(at.by, "is_authenticated", False) else None


def _scar(at: Marking, item: Mapping, common: dict) -> Mark:
    slug = str(item.get("scar_type") or "")
    kind = at.scar_kinds.get(slug)
    territory = item.get("territory") or None
    faction = item.get("faction") or None
    state = at.world.territories.get(territory or "")
    table_rules.scar_place(
        table_rules.ScarType(kind.slug, kind.name, kind.on_faction_card, kind.cards)
        if kind
        else None,
        table_rules.ScarSpot(
            territory=territory,
            faction=faction,
            territory_scarred=bool(state and state.scar),
            faction_scarred=bool(faction and faction in at.world.faction_scars),
        ),
        asked=slug,
        factions=at.factions,
        on=at.world.board,
    )
    assert kind is not None  # scar_place refuses a type the campaign does not have
    scar = Scar.objects.create(**common, kind=kind, territory=territory, faction=faction)
    if territory and state:
        territories = {**at.world.territories, territory: replace(state, scar=slug)}
        at.world = replace(at.world, territories=territories)
    elif faction:
        at.world = replace(at.world, faction_scars={**at.world.faction_scars, faction: slug})
    return scar


# A starting power of the box is a power of the "starting" type, "a" or "b" on its faction card.
STARTING, STARTING_CODES = "starting", ("a", "b")


def starting_powers_kept(campaign) -> set[str]:
    """The factions that kept a starting power already (brought in, or chosen here)."""
    rows = FactionPower.objects.current().filter(
        campaign=campaign, slot=STARTING, code__in=STARTING_CODES
    )
    return set(rows.values_list("faction", flat=True))


def _starting_power(at: Marking, item: Mapping, common: dict) -> Mark:
    """The starting power a faction kept, chosen before the first game (game 0, whatever game
    the request gives): written as "before the first game" writes it, the other one destroyed."""
    faction = item.get("faction")
    info = FACTION_BY_SLUG.get(faction) if isinstance(faction, str) else None
    chosen = starting_power_kept(
        faction,
        item.get("code"),
        games=at.games,
        kept=starting_powers_kept(at.campaign),
        name=faction_said(info.slug, info.name) if info else None,
    )
    assert info is not None  # the rule refuses any other faction
    common = common | {"placed_in_game": 0, "brought_in": BroughtIn.KNOWN}
    rows = {
        power.code: FactionPower.objects.create(
            **common,
            faction=info.slug,
            slot=STARTING,
            code=power.code,
            name=power.name,
            text=power.text,
            **({} if power.code == chosen.code else NOT_CHOSEN),
        )
        for power in info.starting_powers
    }
    return rows[chosen.code]


# The starting power a faction did not keep, as "before the first game" leaves it.
NOT_CHOSEN = {
    "removed_in_game": 0,
    "removed_reason": RemovedReason.DESTROYED,
    "removed_note": RemovedNote.STARTING_POWER_NOT_CHOSEN,
}


def _printed_coins(campaign, territory: str) -> int:
    if BOX.has(territory):
        return BOX.territory_by_slug[territory].coins
    added = AddedTerritory.objects.filter(campaign=campaign, slug=territory, voided=False)
    return added.values_list("coins", flat=True).first() or 1


def _write(at: Marking, choice: RewardChoice, common: dict, *, boxes: int = 0) -> Mark:
    """The row of a checked mark (the rules named its territory or continent)."""
    kind, territory, game = choice.kind, choice.territory or "", common["placed_in_game"]
    continent = choice.continent or ""
    if kind == Reward.NAME_CONTINENT:
        return ContinentName.objects.create(**common, continent=continent, name=choice.name.strip())
    if kind == Reward.CHANGE_BONUS:
        return BonusChange.objects.create(**common, continent=continent, delta=choice.delta)
    if kind in (Reward.MAJOR_CITY, Reward.MINOR_CITY):
        city_kind = CityKind.MAJOR if kind == Reward.MAJOR_CITY else CityKind.MINOR
        return City.objects.create(
            **common, territory=territory, kind=city_kind, name=choice.name.strip()
        )
    if kind == Reward.FORTIFY_CITY:
        city = City.objects.current().get(campaign=at.campaign, territory=territory)
        for old in Fortification.objects.current().filter(city=city):
            old.removed_in_game, old.removed_reason = game, RemovedReason.REPLACED
            old.save(update_fields=["removed_in_game", "removed_reason"])
        return Fortification.objects.create(**common, city=city, boxes_used=boxes)
    if kind == Reward.DESTROY_CARD:
        return DestroyedCard.objects.create(**common, territory=territory)
    if kind == Reward.CANCEL_SCAR:
        scar = Scar.objects.current().get(campaign=at.campaign, territory=territory)
        scar.removed_in_game = max(game, scar.placed_in_game)
        scar.removed_reason = RemovedReason.CANCELLED
        scar.save(update_fields=["removed_in_game", "removed_reason"])
        return scar
    stickers = CoinSticker.objects.current().filter(campaign=at.campaign, territory=territory)
    return CoinSticker.objects.create(
        **common,
        territory=territory,
        coins_after=coins_with_a_sticker(
            _printed_coins(at.campaign, territory), stickers.values_list("coins_after", flat=True)
        ),
    )


# The kinds the played path enters with a service of its own: brought in through it, with the
# game the group gave (these services place a mark in the last game, or check the game given).


def _world_capital(at: Marking, item: Mapping, game: int) -> Mark:
    territory = str(item.get("territory") or "")
    founder = at.player(item.get("player"), "player", needed=False)
    city = place_world_capital(
        at.campaign,
        territory=territory,
        name=str(item.get("name") or ""),
        game=game,
        founder=founder,
        by=by_of(at),
    )
    cover_marks_under_a_city(at.campaign, territory, game)
    return city


def _power(at: Marking, item: Mapping, game: int) -> Mark:
    faction, slot = item.get("faction"), item.get("slot")
    old = FactionPower.objects.current().filter(campaign=at.campaign, faction=faction, slot=slot)
    covered = old.first()
    power = place_power(
        campaign=at.campaign,
        faction=str(faction or ""),
        slot=str(slot or ""),
        name=str(item.get("name") or ""),
        text=str(item.get("text") or ""),
        unlocked_by=item.get("unlocked_by") or None,
        covers=bool(item.get("covers")),
        by=by_of(at),
    )
    # Placed (and the power it covers removed) in the game the group gave.
    FactionPower.objects.filter(pk=power.pk).update(placed_in_game=game)
    power.placed_in_game = game
    if covered is not None and item.get("covers"):
        FactionPower.objects.filter(pk=covered.pk).update(
            removed_in_game=max(game, covered.placed_in_game)
        )
    return power


def _territory(at: Marking, item: Mapping, game: int) -> Mark:
    connections, coins = item.get("connections"), item.get("coins")
    territory = add_territory(
        campaign=at.campaign,
        game=game,
        name=str(item.get("name") or ""),
        continent=str(item.get("continent") or ""),
        connections=[str(c) for c in connections] if isinstance(connections, list) else [],
        coins=coins if isinstance(coins, int) else 1,
        by=by_of(at),
    )
    return territory


def _connection(at: Marking, item: Mapping, game: int) -> Mark:
    return add_connection(
        campaign=at.campaign,
        game=game,
        a=str(item.get("a") or ""),
        b=str(item.get("b") or ""),
        by=by_of(at),
    )


BY_SERVICE = {
    MarkToBringIn.WORLD_CAPITAL: _world_capital,
    MarkToBringIn.POWER: _power,
    MarkToBringIn.TERRITORY: _territory,
    MarkToBringIn.CONNECTION: _connection,
}
