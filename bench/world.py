"""Benchmark: the world as of game 15 of a campaign whose board is as full as a box allows.

Fifteen games' worth of marks are written straight into the legacy models (the games themselves
are not modelled here): every city sticker in the stock on its own territory, scars placed,
cancelled and placed again, every fortification, coin stickers up to six on a card until the
held-on stock runs out, torn-up cards, six named continents, both bonus stickers, fifteen
signatures, every packet opened and the world named. The timed call is
``world_as_of(campaign_id, 15)``; its query count is reported too, since it must not grow with
the number of games.

Needs Django set up on a database with the migrations applied (``python -m bench`` does that).
"""

from __future__ import annotations

import datetime
import statistics
import time

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from campaigns import services
from legacy.box import FACTIONS, PACKETS
from legacy.models import (
    MARK_MODELS,
    BonusChange,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    FactionPower,
    Fortification,
    PacketOpening,
    RemovedReason,
    Scar,
    ScarKind,
    Signature,
    WorldName,
)
from legacy.selectors import world_as_of

PLAYERS = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
FIRST_GAME_COINS = [
    "alaska",
    "alaska",
    "brazil",
    "brazil",
    "egypt",
    "china",
    "india",
    "peru",
    "iceland",
    "japan",
    "ural",
    "siberia",
]
MAJOR_CITIES = ["egypt", "china", "brazil", "western-europe", "eastern-united-states"]
MINOR_CITIES = [
    "peru",
    "india",
    "japan",
    "ontario",
    "russia",
    "east-africa",
    "siberia",
    "indonesia",
    "argentina",
]
SCARRED = [
    "alaska",
    "greenland",
    "alberta",
    "venezuela",
    "iceland",
    "great-britain",
    "scandinavia",
    "north-africa",
    "central-africa",
    "madagascar",
    "middle-east",
    "afghanistan",
    "yakutsk",
    "kamchatka",
    "irkutsk",
    "mongolia",
    "new-guinea",
    "western-australia",
    "eastern-australia",
    "egypt",
]
DESTROYED_CARDS = ["greenland", "madagascar", "kamchatka", "new-guinea"]
CONTINENT_NAMES = {
    "north-america": "Nova Terra",
    "south-america": "Amazonia",
    "europe": "Old Continent",
    "africa": "Sahel",
    "asia": "The Steppe",
    "australia": "Down Under",
}
GAMES = 15
HELD_ON_STOCK = 35
FORTIFICATION_STOCK = 5
SCAR_CANCEL_STOCK = 4


def game_of(i: int) -> int:
    """Spread the i-th mark of a kind over games 1..15."""
    return 1 + i % GAMES


@transaction.atomic
def build_full_campaign() -> int:
    """Write a campaign with fifteen games of marks; return its id."""
    user, _ = get_user_model().objects.get_or_create(username="bench")
    campaign = services.create_campaign(owner=user, name="Bench: a full board", players=PLAYERS)
    services.prepare_first_game(
        campaign=campaign,
        powers={f.slug: "a" for f in FACTIONS},
        coins=FIRST_GAME_COINS,
        by=user,
    )
    players = list(campaign.players.order_by("id"))
    c = {"campaign": campaign, "entered_by": user}

    def by(i: int):
        return players[i % len(players)]

    # Every city sticker of the stock, each on its own territory; a mistaken entry voided.
    cities = [
        City(
            **c,
            territory=t,
            kind=CityKind.MAJOR,
            name=f"Major {i}",
            placed_in_game=game_of(i),
            placed_by=by(i),
        )
        for i, t in enumerate(MAJOR_CITIES)
    ] + [
        City(
            **c,
            territory=t,
            kind=CityKind.MINOR,
            name=f"Minor {i}",
            placed_in_game=game_of(i + 5),
            placed_by=by(i),
        )
        for i, t in enumerate(MINOR_CITIES)
    ]
    City.objects.bulk_create(cities)
    City.objects.create(
        **c, territory="mongolia", kind=CityKind.MINOR, name="Oops", placed_in_game=4, voided=True
    )
    cities = list(City.objects.filter(campaign=campaign, voided=False).order_by("id"))

    # Every fortification, on the first cities founded, some boxes used.
    Fortification.objects.bulk_create(
        Fortification(
            **c,
            city=city,
            placed_in_game=max(city.placed_in_game, 1 + 2 * i),
            boxes_used=2 * i,
        )
        for i, city in enumerate(cities[:FORTIFICATION_STOCK])
    )

    # Scars on twenty territories; four cancelled, two of those scarred again later.
    kinds = list(ScarKind.objects.filter(campaign=campaign).order_by("id"))
    scars = []
    for i, territory in enumerate(SCARRED):
        placed = 1 + i % 10
        cancelled = i < SCAR_CANCEL_STOCK
        scars.append(
            Scar(
                **c,
                kind=kinds[i % len(kinds)],
                territory=territory,
                placed_in_game=placed,
                removed_in_game=placed + 2 if cancelled else None,
                removed_reason=RemovedReason.CANCELLED if cancelled else "",
            )
        )
    scars += [
        Scar(**c, kind=kinds[0], territory=SCARRED[0], placed_in_game=12),
        Scar(**c, kind=kinds[1], territory=SCARRED[1], placed_in_game=13),
    ]
    scars += [
        Scar(**c, kind=kinds[i % len(kinds)], faction=f.slug, placed_in_game=game_of(i + 3))
        for i, f in enumerate(FACTIONS)
    ]
    Scar.objects.bulk_create(scars)

    # Held-on coins: cards raised up to six coins, one sticker per value, until the stock is out.
    coins = dict.fromkeys(FIRST_GAME_COINS, 1)
    for territory in FIRST_GAME_COINS:
        coins[territory] += 1
    stickers = []
    for territory in [*dict.fromkeys(FIRST_GAME_COINS), "peru", "argentina", "ontario"]:
        while coins.get(territory, 1) < 6 and len(stickers) < HELD_ON_STOCK:
            coins[territory] = coins.get(territory, 1) + 1
            stickers.append(
                CoinSticker(
                    **c,
                    territory=territory,
                    coins_after=coins[territory],
                    placed_in_game=game_of(len(stickers)),
                )
            )
    CoinSticker.objects.bulk_create(stickers)

    DestroyedCard.objects.bulk_create(
        DestroyedCard(**c, territory=t, placed_in_game=3 + 3 * i)
        for i, t in enumerate(DESTROYED_CARDS)
    )
    ContinentName.objects.bulk_create(
        ContinentName(**c, continent=slug, name=name, placed_in_game=2 + 2 * i, placed_by=by(i))
        for i, (slug, name) in enumerate(CONTINENT_NAMES.items())
    )
    BonusChange.objects.bulk_create(
        [
            BonusChange(**c, continent="asia", delta=-1, placed_in_game=6),
            BonusChange(**c, continent="south-america", delta=1, placed_in_game=9),
        ]
    )
    Signature.objects.bulk_create(
        Signature(
            **c,
            line=game,
            name=by(game).name,
            placed_by=by(game),
            placed_in_game=game,
            date=datetime.date(2026, 1, 1) + datetime.timedelta(weeks=game),
            slogan=f"Game {game} is ours",
        )
        for game in range(1, GAMES + 1)
    )
    openings = PacketOpening.objects.bulk_create(
        PacketOpening(**c, packet=p.slug, trigger=p.trigger, placed_in_game=3 + 2 * i)
        for i, p in enumerate(PACKETS)
    )
    FactionPower.objects.bulk_create(
        FactionPower(
            **c,
            faction=f.slug,
            slot="packet",
            code=f"p{i}",
            name=f"Unlocked power {i}",
            placed_in_game=openings[0].placed_in_game,
        )
        for i, f in enumerate(FACTIONS[:3])
    )
    WorldName.objects.create(**c, name="Ashes", placed_in_game=GAMES, placed_by=by(0))
    return campaign.pk


def check_full(campaign_id: int) -> None:
    """The board the bench reads really is full, so the timing means something."""
    world = world_as_of(campaign_id, GAMES)
    territories = world.territories.values()
    assert sum(1 for t in territories if t.city) == len(MAJOR_CITIES) + len(MINOR_CITIES)
    assert sum(1 for t in territories if t.city and t.city.fortified) == FORTIFICATION_STOCK
    assert sum(1 for t in territories if t.scar) == len(SCARRED) - SCAR_CANCEL_STOCK + 2
    assert sum(1 for t in territories if t.coins == 6) >= 6
    assert len(world.signatures) == GAMES
    assert all(c.name for c in world.continents.values())
    assert len(world.packets_opened) == len(PACKETS)
    left = world.stock_left
    assert left["held-on-coins"] == left["minor-cities"] == left["major-cities"] == 0
    assert left["fortifications"] == left["scar-cancels"] == 0


def bench_world_as_of(runs: int = 30) -> dict:
    """Median time of ``world_as_of(campaign, 15)`` over ``runs`` calls, after one untimed call."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    campaign_id = build_full_campaign()
    check_full(campaign_id)
    with CaptureQueriesContext(connection) as queries:
        world_as_of(campaign_id, GAMES)
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        world_as_of(campaign_id, GAMES)
        timings.append((time.perf_counter() - start) * 1000.0)
    marks = sum(m.objects.filter(campaign_id=campaign_id).count() for m in MARK_MODELS)
    return {
        "bench": "world_as_of_15",
        "median_ms": round(statistics.median(timings), 3),
        "runs": runs,
        "queries": len(queries),
        "marks": marks,
        "database": connection.vendor,
    }
