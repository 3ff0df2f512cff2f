"""Reading the world: the marks of a campaign turned into a plain ``World`` as of any game.

The current world is the same query as any past one: "as of the end of game N" keeps the marks
placed in games up to N that had not been removed by then. A fixed number of queries, whatever
the number of games played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from legacy import board
from legacy.box import BASE_STOCK, Stock
from legacy.models import (
    AddedConnection,
    AddedTerritory,
    BonusChange,
    City,
    CityKind,
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
from legacy.rules.cards import card_coins
from legacy.world import City as CityState
from legacy.world import ContinentState, World, territory_state
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


def boxes_as_of(boxes_used: int, marked_in: dict | None, game: int) -> int:
    """A fortification's boxes marked at the end of game ``game``: the count now, less the boxes
    in-game entries marked in later games."""
    later = sum(n for g, n in (marked_in or {}).items() if int(g) > game)
    return max(0, boxes_used - later)


def board_as_of_game(
    campaign_id: int, game: int | None = None, *, leaving_out: Mapping[str, set[int]] | None = None
) -> board.Board:
    """The campaign's board as of the end of game ``game`` (None: now): the box's board plus the
    territories and connections its packets added by then. Two queries."""
    upto = NOW if game is None else game
    left_out = leaving_out or {}
    territories = [
        board.AddedTerritory(
            slug=slug,
            name=name,
            continent=continent,
            game=number,
            coins=coins,
            position=(x, y) if x is not None and y is not None else None,
        )
        for pk, slug, name, continent, number, coins, x, y in AddedTerritory.objects.filter(
            campaign_id=campaign_id
        )
        .placed_by_game(upto)
        .order_by("placed_in_game", "pk")
        .values_list("pk", "slug", "name", "continent", "placed_in_game", "coins", "x", "y")
        if pk not in left_out.get("AddedTerritory", ())
    ]
    connections = [
        board.AddedConnection(a, b, number)
        for pk, a, b, number in AddedConnection.objects.filter(campaign_id=campaign_id)
        .placed_by_game(upto)
        .values_list("pk", "a", "b", "placed_in_game")
        if pk not in left_out.get("AddedConnection", ())
    ]
    return board.board_as_of(upto, territories, connections)


def world_as_of(
    campaign_id: int,
    game: int | None = None,
    *,
    leaving_out: Mapping[str, Iterable[int]] | None = None,
    uncovering: Mapping[str, Iterable[int]] | None = None,
    cancelled_scars_mark: bool = False,
) -> World:
    """The world of a campaign as it stood at the end of game ``game`` (None: right now).

    Each table is read once, as plain values: the rows placed by then, covered or not. Which
    of them still counted is decided here, and the same rows tell how much of each sticker
    stock had been used (a covered sticker stays used).

    ``leaving_out`` names marks (ids by model name) read as if never placed, ``uncovering``
    marks read as if never removed: the world as it would be without some entries, read
    without writing anything (an amendment's form starts from the world before the end).
    ``cancelled_scars_mark``: the campaign reads a territory whose scar was cancelled as still
    marked (``World.is_marked``).
    """
    upto = NOW if game is None else game
    left_out = {name: set(ids) for name, ids in (leaving_out or {}).items()}
    uncovered = {name: set(ids) for name, ids in (uncovering or {}).items()}

    def placed(model, *fields):
        rows = model.objects.filter(campaign_id=campaign_id).placed_by_game(upto)
        if left_out.get(model.__name__):
            rows = rows.exclude(pk__in=left_out[model.__name__])
        again = uncovered.get(model.__name__)
        if not again:
            return list(rows.values_list("removed_in_game", "removed_reason", *fields))
        return [
            (None, "", *rest) if pk in again else (removed, reason, *rest)
            for pk, removed, reason, *rest in rows.values_list(
                "pk", "removed_in_game", "removed_reason", *fields
            )
        ]

    def still(removed) -> bool:
        return removed is None or removed > upto

    cities = placed(City, "id", "territory", "kind", "name", "placed_by_id")
    forts = placed(Fortification, "city_id", "boxes_used", "boxes_marked_in")
    scars = placed(Scar, "territory", "faction", "kind__slug")
    coin_rows = placed(CoinSticker, "territory", "coins_after", "placed_in_game")
    destroyed = {t for r, _, t in placed(DestroyedCard, "territory") if still(r)}
    others: dict[str, tuple[str, ...]] = {}
    for removed, _, territory, kind in placed(OtherMark, "territory", "kind__slug"):
        if territory and still(removed):
            others[territory] = (*others.get(territory, ()), kind)

    stickers: dict[str, list[int]] = {}
    for removed, _, territory, value, _placed in coin_rows:
        if still(removed):
            stickers.setdefault(territory, []).append(value)
    fortified = {
        city: boxes_as_of(boxes, marked_in, upto)
        for removed, _, city, boxes, marked_in in forts
        if still(removed)
    }
    city_by_territory = {
        territory: CityState(
            kind=kind,
            name=name,
            founder=founder,
            fortified=pk in fortified,
            boxes_used=fortified.get(pk, 0),
        )
        for removed, _, pk, territory, kind, name, founder in cities
        if still(removed)
    }
    counting_scars = [(t, f, kind) for removed, _, t, f, kind in scars if still(removed)]
    scar_by_territory = {t: kind for t, _, kind in counting_scars if t}
    cancelled = {
        t
        for removed, reason, t, _, _ in scars
        if t and reason == RemovedReason.CANCELLED and not still(removed)
    } - set(scar_by_territory)
    grown = board_as_of_game(campaign_id, upto, leaving_out=left_out)
    territories = {
        t.slug: territory_state(
            t,
            city=city_by_territory.get(t.slug),
            scar=scar_by_territory.get(t.slug),
            coins=card_coins(t.coins, stickers.get(t.slug, ())),
            card_destroyed=t.slug in destroyed,
            other_marks=others.get(t.slug, ()),
            scar_cancelled=t.slug in cancelled,
        )
        for t in grown.territories
    }

    names = {
        continent: (name, namer)
        for removed, _, continent, name, namer in placed(
            ContinentName, "continent", "name", "placed_by_id"
        )
        if still(removed)
    }
    changes = {
        continent: delta
        for removed, _, continent, delta in placed(BonusChange, "continent", "delta")
        if still(removed)
    }
    continents = {
        c.slug: ContinentState(
            slug=c.slug,
            name=names[c.slug][0] if c.slug in names else None,
            namer=names[c.slug][1] if c.slug in names else None,
            bonus_change=changes.get(c.slug, 0),
        )
        for c in grown.continents
    }

    signatures = tuple(
        SignatureState(line=line, player=player, game=number, date=date.isoformat(), slogan=slogan)
        for removed, _, line, player, number, date, slogan in sorted(
            placed(Signature, "line", "placed_by_id", "placed_in_game", "date", "slogan"),
            key=lambda row: row[2],
        )
        if still(removed)
    )
    powers: dict[str, tuple[str, ...]] = {}
    for removed, _, faction, name in placed(FactionPower, "faction", "name"):
        if still(removed):
            powers[faction] = (*powers.get(faction, ()), name)
    world_name = next(
        (
            (name, namer)
            for removed, _, name, namer in placed(WorldName, "name", "placed_by_id")
            if still(removed)
        ),
        None,
    )
    packets = frozenset(p for removed, _, p in placed(PacketOpening, "packet") if still(removed))

    minor_founded = sum(1 for row in cities if row[4] == CityKind.MINOR)
    allowances = stock_allowances(campaign_id)
    spent = {
        Stock.FIRST_GAME_COINS: sum(1 for row in coin_rows if row[4] == 0),
        Stock.HELD_ON_COINS: sum(1 for row in coin_rows if row[4] > 0),
        Stock.MAJOR_CITIES: sum(1 for row in cities if row[4] == CityKind.MAJOR),
        Stock.MINOR_CITIES: minor_founded,
        Stock.FORTIFICATIONS: len(forts),
        Stock.SCAR_CANCELS: sum(
            1
            for removed, reason, *_ in scars
            if reason == RemovedReason.CANCELLED and not still(removed)
        ),
        Stock.BONUS_PLUS: sum(1 for d in changes.values() if d == 1),
        Stock.BONUS_MINUS: sum(1 for d in changes.values() if d == -1),
    }
    return World(
        as_of_game=game,
        territories=territories,
        continents=continents,
        signatures=signatures,
        faction_scars={f: kind for _, f, kind in counting_scars if f},
        faction_powers=powers,
        packets_opened=packets,
        world_name=world_name[0] if world_name else None,
        world_namer=world_name[1] if world_name else None,
        stock_left={k: max(0, allowances[k] - spent.get(k, 0)) for k in allowances},
        minor_cities_founded=minor_founded,
        cancelled_scars_mark=cancelled_scars_mark,
        board=grown,
    )
