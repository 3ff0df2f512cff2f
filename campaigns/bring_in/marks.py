"""The marks a group brings in: each checked by the rules the played path asks (the stocks, one
city per territory, one scar per territory, the board as of now) against the world as the marks
before it left it, then written as the mark's own row, flagged as brought in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.db import models
from django.utils.translation import gettext_lazy as _

from legacy import rules
from legacy.board import BOX
from legacy.errors import RuleViolation
from legacy.models import (
    AddedTerritory,
    BonusChange,
    BroughtIn,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    Fortification,
    Mark,
    RemovedReason,
    Scar,
    ScarKind,
)
from legacy.refusals import BringInRule
from legacy.rules import Reward, RewardChoice, table_rules
from legacy.rules.bring_in import mark_game
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

    campaign: object
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
    reward = AS_REWARD[MarkToBringIn(kind)]
    needed = reward == Reward.MAJOR_CITY  # a major city is a start for its founder only
    player = at.player(item.get("player"), "player", needed=needed)
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
    mark = _write(at, choice, common)
    at.world = rules.world_after_reward(at.world, choice, player=player.pk if player else None)
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


def _printed_coins(campaign, territory: str) -> int:
    if BOX.has(territory):
        return BOX.territory_by_slug[territory].coins
    added = AddedTerritory.objects.filter(campaign=campaign, slug=territory, voided=False)
    return added.values_list("coins", flat=True).first() or 1


def _write(at: Marking, choice: RewardChoice, common: dict) -> Mark:
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
        return Fortification.objects.create(**common, city=city)
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
