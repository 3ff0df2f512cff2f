"""What a group asks of its campaign's past: the numbers behind the statistics page and the
statistics endpoint, computed from the stored games and marks.

Everything is read off the rows as they stand, never kept as a counter:

- **results**: the seats of finished games, per player and per faction (the box's five and any
  the group unlocked), as games played, won, held on and eliminated;
- **starts**: each territory a seat started on (its HQ), how often, and how those seats ended;
- **heat**: per territory, how many scars and cities were ever placed there. Covered, cancelled
  or destroyed marks still count (they show where the fighting was); voided ones, entered by
  mistake, never do;
- **signatures**: after each finished game, how many lines of the winners' section are signed;
- **coins**: the coins on each territory card now (the only cards that carry coin stickers: a
  coin card always holds one), and the coins of every card still in the game after each game.

One query per table, whatever the number of games played.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from campaigns.game.derived import factions_of
from campaigns.models import Game, GameStatus, Player, Seat
from campaigns.selectors.standings import count_seat, empty_tally
from legacy import board
from legacy.models import AddedTerritory, City, CoinSticker, DestroyedCard, Scar, Signature
from legacy.rules.cards import card_coins

PRINTED_COINS = 1  # every territory card carries one coin before any sticker


@dataclass(frozen=True)
class Statistics:
    """The campaign's numbers. Every list is in a fixed order (see each builder below)."""

    games_finished: tuple[int, ...]
    players: list[dict] = field(default_factory=list)
    factions: list[dict] = field(default_factory=list)
    starts: list[dict] = field(default_factory=list)
    heat: list[dict] = field(default_factory=list)
    signatures: list[dict] = field(default_factory=list)
    coins: list[dict] = field(default_factory=list)
    coins_over_games: list[dict] = field(default_factory=list)

    def as_data(self) -> dict:
        return {
            "games_finished": len(self.games_finished),
            "players": self.players,
            "factions": self.factions,
            "starts": self.starts,
            "heat": self.heat,
            "signatures": self.signatures,
            "coins": self.coins,
            "coins_over_games": self.coins_over_games,
        }


def _results(campaign_id: int, seats: list[tuple]) -> tuple[list[dict], list[dict], list[dict]]:
    """Per player (every player of the campaign, most wins first), per faction (the campaign's
    factions in their order, then any other seated) and per starting territory (most used
    first)."""
    per_player: dict[int, dict] = defaultdict(empty_tally)
    per_faction: dict[str, dict] = defaultdict(empty_tally)
    per_start: dict[str, dict] = defaultdict(empty_tally)
    for player, faction, hq, result in seats:
        for table, key in ((per_player, player), (per_faction, faction), (per_start, hq)):
            if key != "":  # a game brought in: its start not known
                count_seat(table, key, result)
    names = dict(Player.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))
    players = [{"id": pk, "name": name, **per_player[pk]} for pk, name in names.items()]
    players.sort(key=lambda p: (-p["won"], -p["played"], p["name"].casefold()))
    known = factions_of(campaign_id)
    factions = [
        {"faction": slug, "name": f.name, "unlocked": f.unlocked, **per_faction[slug]}
        for slug, f in known.items()
    ]
    factions += [
        {"faction": slug, "name": slug, "unlocked": True, **row}
        for slug, row in per_faction.items()
        if slug not in known
    ]
    order = {t.slug: i for i, t in enumerate(board.TERRITORIES)}
    starts = [
        {"territory": slug, **row}
        for slug, row in sorted(
            per_start.items(), key=lambda kv: (-kv[1]["played"], order.get(kv[0], 99))
        )
    ]
    return players, factions, starts


def _heat(campaign_id: int) -> list[dict]:
    """Scars and cities ever placed on each territory (voided ones left out), board order (the
    box's territories, then those packets added), only the territories that carried any."""
    scars = Counter(
        territory
        for territory in Scar.objects.filter(
            campaign_id=campaign_id, voided=False, territory__isnull=False
        )
        .values_list("territory", flat=True)
        .iterator()
        if territory is not None  # (none is: the query leaves them out; for the types)
    )
    cities = Counter(
        City.objects.filter(campaign_id=campaign_id, voided=False)
        .values_list("territory", flat=True)
        .iterator()
    )
    order = {t.slug: i for i, t in enumerate(board.TERRITORIES)}
    marked = sorted(set(scars) | set(cities), key=lambda slug: (order.get(slug, len(order)), slug))
    return [{"territory": t, "scars": scars[t], "cities": cities[t]} for t in marked]


def _signatures(campaign_id: int, games: tuple[int, ...]) -> list[dict]:
    """After each finished game: who signed for it (a player id, or None) and the lines signed
    by then. A signature still counts once covered: the winners' section is written in ink."""
    signed = dict(
        Signature.objects.filter(campaign_id=campaign_id, voided=False).values_list(
            "placed_in_game", "placed_by_id"
        )
    )
    out: list[dict[str, Any]] = []
    total = 0
    for number in games:
        if number in signed:
            total += 1
        out.append({"game": number, "player": signed.get(number), "total": total})
    # A signature of a game that is not finished (an import, an amendment) still counts.
    extra = len(signed) - sum(1 for n in games if n in signed)
    if extra and out:
        out[-1]["total"] += extra
    return out


def _coins(campaign_id: int, games: tuple[int, ...]) -> tuple[list[dict], list[dict]]:
    """The coins on each territory card now (board order), and after game 0 and every finished
    game the coins of all cards still in the game."""
    stickers = list(
        CoinSticker.objects.filter(campaign_id=campaign_id, voided=False).values_list(
            "territory", "coins_after", "placed_in_game", "removed_in_game"
        )
    )
    destroyed = list(
        DestroyedCard.objects.filter(campaign_id=campaign_id, voided=False).values_list(
            "territory", "placed_in_game", "removed_in_game"
        )
    )

    # The cards packets added, with the game each came in (one query: no connections needed).
    grown = board.board_as_of(
        None,
        [
            board.AddedTerritory(slug, name, continent, game, coins)
            for slug, name, continent, game, coins in AddedTerritory.objects.filter(
                campaign_id=campaign_id, voided=False
            )
            .order_by("placed_in_game", "pk")
            .values_list("slug", "name", "continent", "placed_in_game", "coins")
        ],
    )

    def counts(removed, upto) -> bool:
        return removed is None or removed > upto

    def card_values(upto: int) -> tuple[dict[str, int], set[str]]:
        # A card a packet added joins the deck in its game, with its own coins.
        values = {
            t.slug: t.coins if t.added_in is not None else PRINTED_COINS
            for t in grown.territories
            if t.added_in is None or t.added_in <= upto
        }
        for territory, after, placed, removed in stickers:
            if placed <= upto and counts(removed, upto) and territory in values:
                values[territory] = card_coins(values[territory], (after,))
        gone = {t for t, placed, removed in destroyed if placed <= upto and counts(removed, upto)}
        return values, gone

    now_values, now_gone = card_values(32767)
    cards = [
        {
            "territory": t.slug,
            "coins": now_values[t.slug],
            "destroyed": t.slug in now_gone,
        }
        for t in grown.territories
    ]
    over = []
    for number in (0, *games):
        values, gone = card_values(number)
        over.append(
            {
                "game": number,
                "coins": sum(v for slug, v in values.items() if slug not in gone),
                "cards": len(values) - len(gone),
            }
        )
    return cards, over


def campaign_statistics(campaign_id: int) -> Statistics:
    """The numbers of one campaign, from its finished games and its marks."""
    games = tuple(
        Game.objects.filter(campaign_id=campaign_id, status=GameStatus.FINISHED)
        .order_by("number")
        .values_list("number", flat=True)
    )
    seats = list(
        Seat.objects.filter(
            game__campaign_id=campaign_id, game__status=GameStatus.FINISHED
        ).values_list("player_id", "faction", "hq", "result")
    )
    players, factions, starts = _results(campaign_id, seats)
    coins, coins_over = _coins(campaign_id, games)
    return Statistics(
        games_finished=games,
        players=players,
        factions=factions,
        starts=starts,
        heat=_heat(campaign_id),
        signatures=_signatures(campaign_id, games),
        coins=coins,
        coins_over_games=coins_over,
    )
