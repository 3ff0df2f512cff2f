"""World Capitals: the third kind of city (population 5), founded once a packet allows it.

The box places a World Capital during a game: that is an entry of the game's log
(``campaigns.game.table.found_capital``). A group that founds one between games (no game being
set up or played) does it here. Either way, by the player the group names, within the number of
World Capitals the campaign allows (``Campaign.world_capitals_allowed``, a house rule: 1 by
default).
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction

from campaigns.city_marks import cover_marks_under_a_city
from campaigns.models import Campaign, GameStatus, Player
from campaigns.services import audit, last_game_number, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import rules
from legacy.box import Stock
from legacy.errors import RuleViolation
from legacy.models import City, CityKind, ContentKind, UnlockedContent
from legacy.refusals import ServiceRule
from legacy.selectors import world_as_of
from legacy.world import World


def world_capitals_unlocked(campaign_id: int) -> bool:
    """Whether an opened packet allowed founding World Capitals (an unlocked item of that kind)."""
    return UnlockedContent.objects.filter(
        campaign_id=campaign_id, kind=ContentKind.WORLD_CAPITAL, opening__voided=False
    ).exists()


def with_capitals_allowed(world: World, campaign: Campaign) -> World:
    """``world`` with how many more World Capitals the campaign allows now (none until a packet
    allows them), so that the rules can offer and check a World Capital as a reward."""
    left = 0
    if world_capitals_unlocked(campaign.pk):
        left = max(0, campaign.world_capitals_allowed - len(rules.world_capitals(world)))
    return replace(world, stock_left={**world.stock_left, Stock.WORLD_CAPITALS: left})


@transaction.atomic
def found_world_capital(
    *, campaign: Campaign, territory: str, name: str, player: int | None = None, by=None
) -> City:
    """Found a World Capital on a territory with no city, between games."""
    campaign = lock_campaign(campaign)
    if campaign.games.exclude(status=GameStatus.FINISHED).exists():
        raise RuleViolation(ServiceRule.WORLD_CAPITAL_BETWEEN_GAMES, conflict=True)
    founder = None
    if player is not None:
        founder = Player.objects.filter(campaign=campaign, pk=player).first()
        if founder is None:
            raise RuleViolation(ServiceRule.UNKNOWN_PLAYER, field="player")
    game = last_game_number(campaign.pk)
    city = place_world_capital(
        campaign, territory=territory, name=name, game=game, founder=founder, by=by
    )
    cover_marks_under_a_city(campaign, territory, game)
    return city


def place_world_capital(
    campaign: Campaign, *, territory: str, name: str, game: int, founder: Player | None, by
) -> City:
    """The World Capital's sticker, checked against the rules and the campaign's allowance, and
    audited: between games or as an entry of game ``game``'s log (the caller holds the lock)."""
    world = world_as_of(campaign.pk)
    rules.check_world_capital(
        world,
        territory=territory,
        name=name,
        unlocked=world_capitals_unlocked(campaign.pk),
        allowed=campaign.world_capitals_allowed,
    )
    city = City.objects.create(
        campaign=campaign,
        territory=territory,
        kind=CityKind.CAPITAL,
        name=name.strip(),
        placed_in_game=game,
        placed_by=founder,
        entered_by=by,
    )
    audit(
        campaign,
        by,
        AuditAction.WORLD_CAPITAL_FOUNDED,
        territory=territory,
        territory_name=world.board.name(territory),
        name=city.name,
        city=city.pk,
    )
    return city
