"""Reading the world: the marks of a campaign turned into a plain ``World`` as of any game.

The current world is the same query as any past one: "as of the end of game N" keeps the marks
placed in games up to N that had not been removed by then. A fixed number of queries, whatever
the number of games played.
"""

from __future__ import annotations

from legacy import board
from legacy.box import BASE_STOCK, Stock
from legacy.models import (
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    FactionPower,
    Fortification,
    OtherMark,
    PacketOpening,
    RemovedReason,
    Scar,
    Signature,
    StockAllowance,
    TradeRate,
    WorldName,
)
from legacy.world import City as CityState
from legacy.world import ContinentState, TerritoryState, World
from legacy.world import Signature as SignatureState

# "The end of every game": a game number no campaign reaches, for the current world.
NOW = 32767


def stock_allowances(campaign_id: int) -> dict[str, int]:
    stored = dict(
        StockAllowance.objects.filter(campaign_id=campaign_id).values_list("stock", "quantity")
    )
    return {slug: stored.get(slug, count) for slug, _, count in BASE_STOCK}


def trade_chart(campaign_id: int) -> dict[int, int]:
    return dict(TradeRate.objects.filter(campaign_id=campaign_id).values_list("coins", "troops"))


def world_as_of(campaign_id: int, game: int | None = None) -> World:
    """The world of a campaign as it stood at the end of game ``game`` (None: right now)."""
    upto = NOW if game is None else game

    def counting(model):
        return model.objects.filter(campaign_id=campaign_id).as_of(upto)

    def used(model):
        return model.objects.filter(campaign_id=campaign_id).placed_by_game(upto)

    cities = {c.id: c for c in counting(City)}
    fortified = {f.city_id: f for f in counting(Fortification)}
    scars = list(counting(Scar).select_related("kind"))
    coins: dict[str, int] = {}
    for territory, value in counting(CoinSticker).values_list("territory", "coins_after"):
        coins[territory] = max(coins.get(territory, 1), value)
    destroyed = set(counting(DestroyedCard).values_list("territory", flat=True))
    others: dict[str, tuple[str, ...]] = {}
    for territory, kind in counting(OtherMark).filter(territory__isnull=False).values_list(
        "territory", "kind__slug"
    ):
        others[territory] = (*others.get(territory, ()), kind)

    city_by_territory = {}
    for c in cities.values():
        fort = fortified.get(c.id)
        city_by_territory[c.territory] = CityState(
            kind=c.kind,
            name=c.name,
            founder=c.placed_by_id,
            fortified=fort is not None,
            boxes_used=fort.boxes_used if fort else 0,
        )
    scar_by_territory = {s.territory: s.kind.slug for s in scars if s.territory}
    territories = {
        t.slug: TerritoryState(
            slug=t.slug,
            city=city_by_territory.get(t.slug),
            scar=scar_by_territory.get(t.slug),
            coins=coins.get(t.slug, 1),
            card_destroyed=t.slug in destroyed,
            other_marks=others.get(t.slug, ()),
        )
        for t in board.TERRITORIES
    }

    names = {n.continent: n for n in counting(ContinentName)}
    changes = dict(counting(BonusChange).values_list("continent", "delta"))
    continents = {
        c.slug: ContinentState(
            slug=c.slug,
            name=names[c.slug].name if c.slug in names else None,
            namer=names[c.slug].placed_by_id if c.slug in names else None,
            bonus_change=changes.get(c.slug, 0),
        )
        for c in board.CONTINENTS
    }

    signatures = tuple(
        SignatureState(
            line=s.line,
            player=s.placed_by_id,
            game=s.placed_in_game,
            date=s.date.isoformat(),
            slogan=s.slogan,
        )
        for s in counting(Signature).order_by("line")
    )
    powers: dict[str, tuple[str, ...]] = {}
    for faction, name in counting(FactionPower).values_list("faction", "name"):
        powers[faction] = (*powers.get(faction, ()), name)
    world_name = counting(WorldName).first()

    # Stickers used from the stock: every one placed by then, whether covered later or not.
    minor_founded = used(City).filter(kind="minor").count()
    allowances = stock_allowances(campaign_id)
    spent = {
        Stock.FIRST_GAME_COINS: used(CoinSticker).filter(placed_in_game=0).count(),
        Stock.HELD_ON_COINS: used(CoinSticker).filter(placed_in_game__gt=0).count(),
        Stock.MAJOR_CITIES: used(City).filter(kind="major").count(),
        Stock.MINOR_CITIES: minor_founded,
        Stock.FORTIFICATIONS: used(Fortification).count(),
        Stock.SCAR_CANCELS: used(Scar)
        .filter(removed_in_game__lte=upto, removed_reason=RemovedReason.CANCELLED)
        .count(),
        Stock.BONUS_PLUS: sum(1 for d in changes.values() if d == 1),
        Stock.BONUS_MINUS: sum(1 for d in changes.values() if d == -1),
    }
    return World(
        as_of_game=game,
        territories=territories,
        continents=continents,
        signatures=signatures,
        faction_scars={s.faction: s.kind.slug for s in scars if s.faction},
        faction_powers=powers,
        packets_opened=frozenset(counting(PacketOpening).values_list("packet", flat=True)),
        world_name=world_name.name if world_name else None,
        world_namer=world_name.placed_by_id if world_name else None,
        stock_left={k: max(0, allowances[k] - spent.get(k, 0)) for k in allowances},
        minor_cities_founded=minor_founded,
    )
