"""Recording games: setup, what happens during play, the end with its rewards, amendments.

Every function here is a service: keyword-only, one transaction, the campaign row locked first,
the rules asked before anything is written. A refused request raises ``RuleViolation`` and
writes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import IntegerField, Max, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone

from campaigns import snapshots
from campaigns.models import (
    GAME_TRANSITIONS,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameReward,
    GameStatus,
    Player,
    Result,
    Seat,
)
from campaigns.services import audit, lock_campaign
from legacy import board, rules
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG, WINNERS_LINES
from legacy.errors import RuleViolation
from legacy.models import (
    BonusChange,
    City,
    CoinSticker,
    ContentKind,
    ContinentName,
    DestroyedCard,
    Fortification,
    MarkKind,
    OtherMark,
    PacketOpening,
    RemovedReason,
    Scar,
    ScarKind,
    Signature,
    UnlockedContent,
    WorldName,
)
from legacy.rules import Reward, RewardChoice
from legacy.selectors import world_as_of
from legacy.world import World

MIN_PLAYERS, MAX_PLAYERS = 3, 5


# --- Reading helpers (constant queries, whatever the number of games) ---------------------------


def campaign_factions(campaign_id: int) -> dict[str, str]:
    """The factions this campaign can seat: the box's five and any a packet unlocked."""
    factions = {slug: f.name for slug, f in FACTION_BY_SLUG.items()}
    for title in UnlockedContent.objects.filter(
        campaign_id=campaign_id, kind=ContentKind.FACTION, opening__voided=False
    ).values_list("title", flat=True):
        factions.setdefault(board.slugify(title), title)
    return factions


def scar_cards_available(campaign_id: int) -> int:
    """Scar cards left to deal: the cards of every scar type minus the scars already stuck."""
    total = ScarKind.objects.filter(campaign_id=campaign_id).aggregate(n=Sum("cards"))["n"] or 0
    used = Scar.objects.filter(campaign_id=campaign_id, voided=False).count()
    return max(0, total - used)


def _locked_game(game: Game | int) -> tuple[Campaign, Game]:
    pk = game.pk if isinstance(game, Game) else game
    campaign_id = Game.objects.filter(pk=pk).values_list("campaign_id", flat=True).first()
    if campaign_id is None:
        raise RuleViolation("There is no such game.", rule="unknown-game")
    campaign = lock_campaign(campaign_id)
    return campaign, Game.objects.get(pk=pk)


def _move(game: Game, to: GameStatus) -> None:
    if to not in GAME_TRANSITIONS[GameStatus(game.status)]:
        label = GameStatus(game.status).label.lower()
        raise RuleViolation(
            f"Game {game.number} is {label}: it cannot be {GameStatus(to).label.lower()} now.",
            rule="game-status",
            conflict=True,
        )
    game.status = to


def _require_in_progress(game: Game) -> None:
    if game.status != GameStatus.IN_PROGRESS:
        raise RuleViolation(
            f"Game {game.number} is not in progress: events are entered while it is played.",
            rule="game-not-in-progress",
            conflict=True,
        )


# --- Before every game ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatPlan:
    player: int
    faction: str
    hq: str


def _plans(seats: Sequence[SeatPlan | Mapping]) -> list[SeatPlan]:
    plans = []
    for s in seats:
        if isinstance(s, SeatPlan):
            plans.append(s)
            continue
        try:
            plans.append(SeatPlan(int(s["player"]), str(s["faction"]), str(s["hq"])))
        except (KeyError, TypeError, ValueError):
            raise RuleViolation(
                "Each seat needs a player, a faction and a starting territory.",
                rule="seat-incomplete",
                field="seats",
            ) from None
    return plans


@transaction.atomic
def setup_game(
    *,
    campaign: Campaign,
    seats: Sequence[SeatPlan | Mapping],
    played_on: datetime.date | None = None,
    by=None,
) -> Game:
    """Set up the next game: seats in seating order, each with a faction and a legal HQ.

    Records what each player starts with (a red star, or a missile per signature) and whether
    scar cards are dealt this game.
    """
    campaign = lock_campaign(campaign)
    if campaign.prepared_at is None:
        raise RuleViolation(
            "Do 'before the first game' first: starting powers and the 12 coins.",
            rule="first-game-setup-needed",
            conflict=True,
        )
    unfinished = campaign.games.exclude(status=GameStatus.FINISHED).first()
    if unfinished:
        raise RuleViolation(
            f"Game {unfinished.number} is not finished yet: finish it before the next one.",
            rule="one-game-at-a-time",
            conflict=True,
        )
    plans = _plans(seats)
    if not MIN_PLAYERS <= len(plans) <= MAX_PLAYERS:
        raise RuleViolation(
            f"Risk Legacy is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(plans)}.",
            rule="player-count",
            field="seats",
        )
    roster = {p.pk: p for p in Player.objects.filter(campaign=campaign)}
    factions = campaign_factions(campaign.pk)
    seen_players, seen_factions = set(), set()
    for plan in plans:
        if plan.player not in roster:
            raise RuleViolation(
                "That player is not on this campaign's roster.",
                rule="unknown-player",
                field="seats",
            )
        if plan.player in seen_players:
            raise RuleViolation(
                f"{roster[plan.player].name} is seated twice: one seat per player.",
                rule="player-once",
                field="seats",
            )
        if plan.faction not in factions:
            raise RuleViolation(
                f"This campaign has no faction called {plan.faction!r}.",
                rule="unknown-faction",
                field="seats",
            )
        if plan.faction in seen_factions:
            raise RuleViolation(
                f"{factions[plan.faction]} is taken: each faction is played once.",
                rule="faction-once",
                field="seats",
            )
        seen_players.add(plan.player)
        seen_factions.add(plan.faction)

    world = world_as_of(campaign.pk)
    placed: list[str] = []
    for plan in plans:
        refusal = rules.starting_refusal(world, plan.hq, player=plan.player, hqs=placed)
        if refusal:
            raise RuleViolation(
                f"{roster[plan.player].name} cannot start there: {refusal}",
                rule="legal-start",
                field="seats",
            )
        placed.append(plan.hq)

    last = campaign.games.aggregate(n=Max("number"))["n"] or 0
    dealt = rules.scar_cards_dealt(available=scar_cards_available(campaign.pk), players=len(plans))
    game = Game.objects.create(
        campaign=campaign,
        number=last + 1,
        played_on=played_on or timezone.localdate(),
        scar_cards_dealt=dealt,
    )
    signatures = world.signature_counts()
    Seat.objects.bulk_create(
        Seat(
            game=game,
            player_id=plan.player,
            faction=plan.faction,
            hq=plan.hq,
            order=i,
            red_stars=tokens.red_stars,
            missiles=tokens.missiles,
            scar_card=dealt,
        )
        for i, plan in enumerate(plans, start=1)
        for tokens in [rules.starting_tokens(signatures.get(plan.player, 0))]
    )
    audit(
        campaign,
        by,
        "game-setup",
        f"Game {game.number} set up with {len(plans)} players"
        + ("; scar cards dealt." if dealt else "; no scar cards this game."),
        game=game.number,
    )
    return game


@transaction.atomic
def start_game(*, game: Game, by=None) -> Game:
    campaign, game = _locked_game(game)
    _move(game, GameStatus.IN_PROGRESS)
    game.started_at = timezone.now()
    game.save(update_fields=["status", "started_at"])
    audit(campaign, by, "game-started", f"Game {game.number} started.", game=game.number)
    return game


# --- During the game -----------------------------------------------------------------------------


def _seat(game: Game, player: int | None) -> Seat:
    seat = game.seats.filter(player_id=player).select_related("player").first()
    if seat is None:
        raise RuleViolation(
            "That player is not seated in this game.", rule="unknown-seat", field="player"
        )
    return seat


def _event(game: Game, kind: str, summary: str, by, seat: Seat | None = None, **data) -> GameEvent:
    seq = (game.events.aggregate(n=Max("seq"))["n"] or 0) + 1
    return GameEvent.objects.create(
        game=game, seq=seq, kind=kind, summary=summary[:300], entered_by=by, seat=seat, data=data
    )


@dataclass(frozen=True)
class EventResult:
    event: GameEvent
    packets_to_open: list[str] = field(default_factory=list)
    red_star_to: int | None = None  # player id, for the coin pile running out


def _trigger_result(campaign: Campaign, event: GameEvent, **kw) -> EventResult:
    return EventResult(event, packets_to_open(campaign.pk), **kw)


@transaction.atomic
def place_scar(
    *,
    game: Game,
    scar: str,
    territory: str | None = None,
    faction: str | None = None,
    player: int | None = None,
    by=None,
) -> EventResult:
    """A scar from a scar card: on a territory, or a faction scar on a faction card."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    kind = ScarKind.objects.filter(campaign=campaign, slug=scar).first()
    if kind is None:
        raise RuleViolation(
            f"This campaign has no scar type {scar!r}.", rule="unknown-scar", field="scar"
        )
    if (territory is None) == (faction is None):
        raise RuleViolation(
            "A scar goes on one territory or on one faction card.",
            rule="scar-place",
            field="territory",
        )
    if kind.on_faction_card and faction is None:
        raise RuleViolation(
            f"{kind.name} goes on a faction card.", rule="scar-place", field="faction"
        )
    if not kind.on_faction_card and territory is None:
        raise RuleViolation(
            f"{kind.name} goes on a territory.", rule="scar-place", field="territory"
        )
    if territory is not None:
        if territory not in board.TERRITORY_BY_SLUG:
            raise RuleViolation(
                f"There is no territory called {territory!r} on the board.",
                rule="unknown-territory",
                field="territory",
            )
        if Scar.objects.current().filter(campaign=campaign, territory=territory).exists():
            raise RuleViolation(
                f"{board.TERRITORY_BY_SLUG[territory].name} already has a scar: one per territory.",
                rule="one-scar-per-territory",
                field="territory",
            )
        where = board.TERRITORY_BY_SLUG[territory].name
    else:
        factions = campaign_factions(campaign.pk)
        if faction not in factions:
            raise RuleViolation(
                f"This campaign has no faction called {faction!r}.",
                rule="unknown-faction",
                field="faction",
            )
        if Scar.objects.current().filter(campaign=campaign, faction=faction).exists():
            raise RuleViolation(
                f"The {factions[faction]} card already has a scar: one per faction card.",
                rule="one-scar-per-faction-card",
                field="faction",
            )
        where = f"the {factions[faction]} card"
    if scar_cards_available(campaign.pk) <= 0:
        raise RuleViolation("No scar cards are left to play.", rule="stock-empty", field="scar")
    seat = _seat(game, player) if player is not None else None
    Scar.objects.create(
        campaign=campaign,
        kind=kind,
        territory=territory,
        faction=faction,
        placed_in_game=game.number,
        placed_by=seat.player if seat else None,
        entered_by=by,
    )
    event = _event(
        game,
        EventKind.SCAR_PLACED,
        f"{kind.name} placed on {where}.",
        by,
        seat,
        scar=scar,
        territory=territory,
        faction=faction,
    )
    return _trigger_result(campaign, event)


@transaction.atomic
def use_missiles(*, game: Game, count: int, player: int | None = None, by=None) -> EventResult:
    """Missiles played on one roll; the third on the same roll opens Pocket 1."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    if not 1 <= count <= 5:
        raise RuleViolation(
            "A roll has at most 5 dice, so 1 to 5 missiles can be played on it.",
            rule="missiles-per-roll",
            field="count",
        )
    seat = _seat(game, player) if player is not None else None
    event = _event(
        game, EventKind.MISSILES, f"{count} missile(s) played on one roll.", by, seat, count=count
    )
    return _trigger_result(campaign, event)


@transaction.atomic
def record_recruitment(
    *, game: Game, player: int, troops: int, holds_missile: bool, by=None
) -> EventResult:
    """A big recruitment: 30 or more troops while holding a missile opens Pocket 2."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    if troops < 0 or troops > 1000:
        raise RuleViolation("Troops recruited must be 0 to 1000.", rule="troops", field="troops")
    seat = _seat(game, player)
    event = _event(
        game,
        EventKind.RECRUITMENT,
        f"{seat.player.name} recruits {troops} troops"
        + (" holding a missile." if holds_missile else "."),
        by,
        seat,
        troops=troops,
        holds_missile=bool(holds_missile),
    )
    return _trigger_result(campaign, event)


@transaction.atomic
def eliminate_faction(*, game: Game, player: int, can_rejoin: bool, by=None) -> EventResult:
    """A faction is wiped out; if it cannot rejoin, it is eliminated (the first opens Pack 2)."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    seat = _seat(game, player)
    if _is_out(game, seat):
        raise RuleViolation(
            f"{seat.player.name} is already out of this game.", rule="already-out", conflict=True
        )
    event = _event(
        game,
        EventKind.ELIMINATED,
        f"{seat.player.name} ({seat.faction}) is wiped out"
        + (" and may rejoin." if can_rejoin else "."),
        by,
        seat,
        can_rejoin=bool(can_rejoin),
    )
    return _trigger_result(campaign, event)


def _is_out(game: Game, seat: Seat) -> bool:
    last = (
        game.events.filter(seat=seat, kind__in=[EventKind.ELIMINATED, EventKind.REJOINED])
        .order_by("-seq")
        .first()
    )
    return last is not None and last.kind == EventKind.ELIMINATED


@transaction.atomic
def rejoin_faction(*, game: Game, player: int, by=None) -> EventResult:
    """A wiped-out faction joins the war again (4 troops, no HQ, on a legal start)."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    seat = _seat(game, player)
    if not _is_out(game, seat):
        raise RuleViolation(
            f"{seat.player.name} is still in the war.", rule="not-out", conflict=True
        )
    event = _event(game, EventKind.REJOINED, f"{seat.player.name} joins the war again.", by, seat)
    return _trigger_result(campaign, event)


@transaction.atomic
def coin_pile_out(*, game: Game, territories: Mapping[int, int], by=None) -> EventResult:
    """The coin-card pile ran out: the first time in a game, a red star to the player who
    controls the most territories (nobody on a tie)."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    seats = {s.player_id: s for s in game.seats.select_related("player")}
    counts = {}
    for player, n in territories.items():
        try:
            player, n = int(player), int(n)
        except (TypeError, ValueError):
            raise RuleViolation(
                "Territory counts are whole numbers.", rule="counts", field="territories"
            ) from None
        if player not in seats:
            raise RuleViolation(
                "That player is not seated in this game.", rule="unknown-seat", field="territories"
            )
        if not 0 <= n <= 42:
            raise RuleViolation(
                "A player controls 0 to 42 territories.", rule="counts", field="territories"
            )
        counts[player] = n
    if sum(counts.values()) > 42:
        raise RuleViolation(
            "The board has 42 territories in all.", rule="counts", field="territories"
        )
    first = not game.events.filter(kind=EventKind.COIN_PILE_OUT).exists()
    winner = None
    if first and counts:
        most = max(counts.values())
        leaders = [p for p, n in counts.items() if n == most]
        winner = leaders[0] if len(leaders) == 1 else None
    if winner:
        summary = f"The coin pile ran out: a red star to {seats[winner].player.name}."
    elif first:
        summary = "The coin pile ran out: a tie for most territories, so no red star."
    else:
        summary = "The coin pile ran out again: no red star the second time."
    event = _event(
        game,
        EventKind.COIN_PILE_OUT,
        summary,
        by,
        seats.get(winner),
        territories={str(k): v for k, v in counts.items()},
        red_star_to=winner,
    )
    return _trigger_result(campaign, event, red_star_to=winner)


@transaction.atomic
def place_mark(
    *,
    game: Game,
    kind: str,
    territory: str | None = None,
    faction: str | None = None,
    label: str = "",
    player: int | None = None,
    by=None,
) -> EventResult:
    """A mark of a kind the group unlocked (the one that opens Pack 4, among others)."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    mark_kind = MarkKind.objects.filter(campaign=campaign, slug=kind).first()
    if mark_kind is None:
        raise RuleViolation(
            f"This campaign has not unlocked a kind of mark called {kind!r}.",
            rule="unknown-mark-kind",
            field="kind",
        )
    if (territory is None) == (faction is None):
        raise RuleViolation(
            "A mark goes on one territory or one faction card.",
            rule="mark-place",
            field="territory",
        )
    if territory is not None and territory not in board.TERRITORY_BY_SLUG:
        raise RuleViolation(
            f"There is no territory called {territory!r} on the board.",
            rule="unknown-territory",
            field="territory",
        )
    if faction is not None and faction not in campaign_factions(campaign.pk):
        raise RuleViolation(
            f"This campaign has no faction called {faction!r}.",
            rule="unknown-faction",
            field="faction",
        )
    seat = _seat(game, player) if player is not None else None
    OtherMark.objects.create(
        campaign=campaign,
        kind=mark_kind,
        territory=territory,
        faction=faction,
        label=label[:60],
        placed_in_game=game.number,
        placed_by=seat.player if seat else None,
        entered_by=by,
    )
    where = board.TERRITORY_BY_SLUG[territory].name if territory else faction
    event = _event(
        game,
        EventKind.MARK_PLACED,
        f"{mark_kind.name} placed on {where}.",
        by,
        seat,
        mark_kind=kind,
        territory=territory,
        faction=faction,
        label=label[:60],
    )
    return _trigger_result(campaign, event)


@transaction.atomic
def destroy_city(*, game: Game, territory: str, by=None) -> EventResult:
    """A city destroyed by unlocked content: it stops counting from this game on."""
    campaign, game = _locked_game(game)
    _require_in_progress(game)
    city = City.objects.current().filter(campaign=campaign, territory=territory).first()
    if city is None:
        raise RuleViolation("There is no city there to destroy.", rule="no-city", field="territory")
    city.removed_in_game = game.number
    city.removed_reason = RemovedReason.DESTROYED
    city.save(update_fields=["removed_in_game", "removed_reason"])
    Fortification.objects.current().filter(city=city).update(
        removed_in_game=game.number, removed_reason=RemovedReason.DESTROYED
    )
    event = _event(
        game, EventKind.CITY_DESTROYED, f"{city.name} destroyed.", by, territory=territory
    )
    return _trigger_result(campaign, event)


# --- Packets -------------------------------------------------------------------------------------


def trigger_facts(campaign_id: int) -> rules.TriggerFacts:
    """Everything the packet triggers look at, gathered in a fixed number of queries."""
    world = world_as_of(campaign_id)
    events = GameEvent.objects.filter(game__campaign_id=campaign_id)
    missiles = (
        events.filter(kind=EventKind.MISSILES).aggregate(
            n=Max(Cast(KT("data__count"), IntegerField()))
        )["n"]
        or 0
    )
    eliminated = events.filter(kind=EventKind.ELIMINATED, data__can_rejoin=False).count()
    eliminated += Seat.objects.filter(
        game__campaign_id=campaign_id, game__status=GameStatus.FINISHED, result=Result.ELIMINATED
    ).count()
    big = events.filter(
        kind=EventKind.RECRUITMENT, data__holds_missile=True, data__troops__gte=30
    ).exists()
    pack4 = OtherMark.objects.filter(
        campaign_id=campaign_id, voided=False, kind__opens_pack_4=True
    ).exists()
    counts = world.signature_counts()
    return rules.TriggerFacts(
        minor_cities_founded=world.minor_cities_founded,
        most_signatures_by_one_player=max(counts.values(), default=0),
        factions_eliminated=eliminated,
        most_missiles_on_one_roll=int(missiles),
        big_recruitment_with_missile=big,
        pack4_mark_placed=pack4,
    )


def packets_to_open(campaign_id: int) -> list[str]:
    """The sealed packets whose triggers have fired: the table must open them now."""
    opened = PacketOpening.objects.filter(campaign_id=campaign_id, voided=False).values_list(
        "packet", flat=True
    )
    return rules.packets_to_open(trigger_facts(campaign_id), opened)


@dataclass(frozen=True)
class Unlock:
    kind: str
    title: str
    text: str = ""
    cards: int = 0  # for a new scar type: how many scar cards of it
    on_faction_card: bool = False  # for a new scar type
    opens_pack_4: bool = False  # for a new kind of mark


def _unlocks(items: Sequence[Unlock | Mapping]) -> list[Unlock]:
    out = []
    for item in items:
        u = item if isinstance(item, Unlock) else None
        if u is None:
            try:
                u = Unlock(
                    kind=str(item["kind"]),
                    title=str(item["title"]),
                    text=str(item.get("text", "")),
                    cards=int(item.get("cards", 0)),
                    on_faction_card=bool(item.get("on_faction_card", False)),
                    opens_pack_4=bool(item.get("opens_pack_4", False)),
                )
            except (KeyError, TypeError, ValueError, AttributeError):
                raise RuleViolation(
                    "Each unlocked item needs a kind and a title.", rule="unlock", field="unlocked"
                ) from None
        if u.kind not in ContentKind.values:
            raise RuleViolation(
                f"Unknown kind of unlocked content {u.kind!r}.", rule="unlock", field="unlocked"
            )
        if not u.title.strip() or len(u.title) > 100:
            raise RuleViolation(
                "Each unlocked item needs a title of up to 100 characters.",
                rule="unlock",
                field="unlocked",
            )
        if not 0 <= u.cards <= 50:
            raise RuleViolation("A scar type has 0 to 50 cards.", rule="unlock", field="unlocked")
        out.append(u)
    return out


# Unlocked content the group can use at once: a new scar type, a new kind of mark.
# kind -> (model, what it is called, the Unlock fields it keeps)
USABLE_UNLOCKS = {
    ContentKind.SCAR_TYPE: (ScarKind, "scar type", ("cards", "on_faction_card")),
    ContentKind.MARK_KIND: (MarkKind, "kind of mark", ("opens_pack_4",)),
}


@transaction.atomic
def open_packet(
    *,
    campaign: Campaign,
    packet: str,
    unlocked: Sequence[Unlock | Mapping] = (),
    trigger: str = "",
    by=None,
) -> PacketOpening:
    """Open a sealed packet and enter, in the group's words, what it unlocked."""
    campaign = lock_campaign(campaign)
    if packet not in PACKET_BY_SLUG:
        raise RuleViolation(
            f"There is no packet called {packet!r}.", rule="unknown-packet", field="packet"
        )
    if PacketOpening.objects.filter(campaign=campaign, packet=packet, voided=False).exists():
        raise RuleViolation(
            f"{PACKET_BY_SLUG[packet].name} is already open.",
            rule="packet-opened-once",
            conflict=True,
        )
    items = _unlocks(unlocked)
    game = campaign.games.order_by("-number").first()
    number = game.number if game else 0
    opening = PacketOpening.objects.create(
        campaign=campaign,
        packet=packet,
        trigger=trigger[:200],
        placed_in_game=number,
        entered_by=by,
    )
    for u in items:
        UnlockedContent.objects.create(
            campaign=campaign, opening=opening, kind=u.kind, title=u.title.strip(), text=u.text
        )
        usable = USABLE_UNLOCKS.get(u.kind)
        if usable is None:
            continue
        model, what, extra = usable
        slug = board.slugify(u.title.strip())[:40]
        if model.objects.filter(campaign=campaign, slug=slug).exists():
            raise RuleViolation(
                f"There is already a {what} called {u.title}.", rule="unlock", field="unlocked"
            )
        model.objects.create(
            campaign=campaign,
            slug=slug,
            name=u.title.strip(),
            text=u.text,
            unlocked_by=opening,
            **{field: getattr(u, field) for field in extra},
        )
    if game and game.status == GameStatus.IN_PROGRESS:
        _event(
            game,
            EventKind.PACKET_OPENED,
            f"{PACKET_BY_SLUG[packet].name} opened.",
            by,
            packet=packet,
        )
    audit(
        campaign,
        by,
        "packet-opened",
        f"{PACKET_BY_SLUG[packet].name} opened ({len(items)} item(s) entered).",
        packet=packet,
    )
    return opening


# --- The end of a game ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FinishResult:
    game: Game
    packets_to_open: list[str]
    world_to_be_named: bool


def _reward_choice(value: RewardChoice | Mapping | None) -> RewardChoice | None:
    if value is None or isinstance(value, RewardChoice):
        return value
    try:
        kind = Reward(value["kind"])
        return RewardChoice(
            kind=kind,
            territory=value.get("territory"),
            continent=value.get("continent"),
            name=str(value.get("name") or ""),
            delta=int(value.get("delta") or 0),
        )
    except (KeyError, ValueError, TypeError, AttributeError):
        raise RuleViolation(
            "A reward needs a known kind: " + ", ".join(r.value for r in Reward) + ".",
            rule="reward-kind",
            field="rewards",
        ) from None


def _write_reward(campaign, game, seat, choice: RewardChoice, order: int, by) -> None:
    """Put a checked reward on the board, remembering what it placed or covered."""
    common = dict(
        campaign=campaign, placed_in_game=game.number, placed_by=seat.player, entered_by=by
    )
    created, removed = None, []
    kind = choice.kind
    if kind == Reward.NAME_CONTINENT:
        created = ContinentName.objects.create(
            **common, continent=choice.continent, name=choice.name.strip()
        )
    elif kind == Reward.CHANGE_BONUS:
        created = BonusChange.objects.create(
            **common, continent=choice.continent, delta=choice.delta
        )
    elif kind in (Reward.MAJOR_CITY, Reward.MINOR_CITY):
        city_kind = "major" if kind == Reward.MAJOR_CITY else "minor"
        created = City.objects.create(
            **common, territory=choice.territory, kind=city_kind, name=choice.name.strip()
        )
    elif kind == Reward.CANCEL_SCAR:
        scar = Scar.objects.current().get(campaign=campaign, territory=choice.territory)
        scar.removed_in_game, scar.removed_reason = game.number, RemovedReason.CANCELLED
        scar.save(update_fields=["removed_in_game", "removed_reason"])
        removed.append(["Scar", scar.pk])
    elif kind == Reward.FORTIFY_CITY:
        city = City.objects.current().get(campaign=campaign, territory=choice.territory)
        for old in Fortification.objects.current().filter(city=city):
            old.removed_in_game, old.removed_reason = game.number, RemovedReason.REPLACED
            old.save(update_fields=["removed_in_game", "removed_reason"])
            removed.append(["Fortification", old.pk])
        created = Fortification.objects.create(**common, city=city)
    elif kind == Reward.DESTROY_CARD:
        created = DestroyedCard.objects.create(**common, territory=choice.territory)
    elif kind == Reward.UPGRADE_CARD:
        current = (
            CoinSticker.objects.current()
            .filter(campaign=campaign, territory=choice.territory)
            .aggregate(n=Max("coins_after"))["n"]
            or 1
        )
        created = CoinSticker.objects.create(
            **common, territory=choice.territory, coins_after=current + 1
        )
    GameReward.objects.create(
        game=game,
        seat=seat,
        order=order,
        kind=kind.value,
        details={
            "territory": choice.territory,
            "continent": choice.continent,
            "name": choice.name.strip(),
            "delta": choice.delta,
            "created": [type(created).__name__, created.pk] if created else None,
            "removed": removed,
        },
    )


MARK_BY_NAME = {
    m.__name__: m
    for m in (BonusChange, City, CoinSticker, ContinentName, DestroyedCard, Fortification, Scar)
}


def _finish(
    campaign: Campaign,
    game: Game,
    *,
    results: Mapping,
    controlled: Mapping,
    winner_reward,
    held_on_rewards: Mapping,
    slogan: str,
    signed_on: datetime.date | None,
    by,
) -> FinishResult:
    seats = list(game.seats.select_related("player"))
    by_player = {s.player_id: s for s in seats}

    def player_key(value) -> int:
        try:
            key = int(value)
        except (TypeError, ValueError):
            key = None
        if key not in by_player:
            raise RuleViolation(
                "That player is not seated in this game.", rule="unknown-seat", field="results"
            )
        return key

    outcome = {player_key(p): r for p, r in results.items()}
    if set(outcome) != set(by_player):
        raise RuleViolation(
            "Every seat gets a result: won, held on or eliminated.",
            rule="every-result",
            field="results",
        )
    for r in outcome.values():
        if r not in Result.values:
            raise RuleViolation(
                f"A result is won, held_on or eliminated, not {r!r}.",
                rule="result",
                field="results",
            )
    winners = [p for p, r in outcome.items() if r == Result.WON]
    if len(winners) != 1:
        raise RuleViolation(
            f"A game has exactly one winner; {len(winners)} were given.",
            rule="one-winner",
            field="results",
        )
    winner = winners[0]

    held: dict[int, list[str]] = {}
    owner_of: dict[str, int] = {}
    for p, slugs in (controlled or {}).items():
        p = player_key(p)
        if outcome[p] == Result.ELIMINATED:
            raise RuleViolation(
                f"{by_player[p].player.name} was eliminated and controls nothing.",
                rule="eliminated-controls-nothing",
                field="controlled",
            )
        if isinstance(slugs, str) or not isinstance(slugs, (list, tuple, set, frozenset)):
            raise RuleViolation(
                "Controlled territories are a list.", rule="controlled", field="controlled"
            )
        for slug in slugs:
            if slug not in board.TERRITORY_BY_SLUG:
                raise RuleViolation(
                    f"There is no territory called {slug!r} on the board.",
                    rule="unknown-territory",
                    field="controlled",
                )
            if owner_of.get(slug, p) != p:
                raise RuleViolation(
                    f"{board.TERRITORY_BY_SLUG[slug].name} has two owners: give it to one.",
                    rule="one-owner",
                    field="controlled",
                )
            owner_of[slug] = p
        held[p] = sorted(set(slugs))

    world = world_as_of(campaign.pk)
    rewards_now = rules.rewards_given(game.number)
    choice = _reward_choice(winner_reward)
    held_choices = {player_key(p): _reward_choice(c) for p, c in (held_on_rewards or {}).items()}
    held_choices = {p: c for p, c in held_choices.items() if c is not None}
    if not rewards_now and (choice or held_choices):
        raise RuleViolation(
            "After the fifteenth game there are no more winner or held-on rewards.",
            rule="no-rewards-after-15",
            field="rewards",
        )
    writes: list[tuple[Seat, RewardChoice]] = []
    if rewards_now:
        if choice is None:
            raise RuleViolation(
                f"{by_player[winner].player.name} won and chooses one reward.",
                rule="winner-reward",
                field="winner_reward",
            )
        rules.check_winner_reward(world, choice)
        world = rules.world_after_reward(world, choice, player=winner)
        writes.append((by_player[winner], choice))
        for p in held_choices:
            if outcome[p] != Result.HELD_ON:
                raise RuleViolation(
                    f"{by_player[p].player.name} did not hold on, so gets no held-on reward.",
                    rule="held-on-only",
                    field="held_on_rewards",
                )
        order = rules.held_on_order({p: s.order for p, s in by_player.items()}, winner)
        for p in order:
            if outcome[p] != Result.HELD_ON:
                continue
            c = held_choices.get(p)
            if c is None:
                if rules.held_on_reward_targets(world, held.get(p, [])):
                    raise RuleViolation(
                        f"{by_player[p].player.name} held on and chooses one reward.",
                        rule="held-on-reward",
                        field="held_on_rewards",
                    )
                continue
            try:
                rules.check_held_on_reward(world, c, controlled=held.get(p, []))
            except RuleViolation as refusal:
                raise RuleViolation(
                    f"{by_player[p].player.name}: {refusal.message}",
                    rule=refusal.rule,
                    field="held_on_rewards",
                ) from None
            world = rules.world_after_reward(world, c, player=p)
            writes.append((by_player[p], c))

    if game.number <= WINNERS_LINES:
        line = len(world.signatures) + 1
        Signature.objects.create(
            campaign=campaign,
            placed_in_game=game.number,
            placed_by=by_player[winner].player,
            entered_by=by,
            line=line,
            name=by_player[winner].player.name,
            date=signed_on or game.played_on or timezone.localdate(),
            slogan=(slogan or "").strip()[:120],
        )
    for i, (seat, c) in enumerate(writes, start=1):
        _write_reward(campaign, game, seat, c, i, by)
    for s in seats:
        s.result = outcome[s.player_id]
        s.controlled_at_end = held.get(s.player_id, [])
    Seat.objects.bulk_update(seats, ["result", "controlled_at_end"])
    game.status = GameStatus.FINISHED
    game.finished_at = timezone.now()
    game.revision += 1
    game.save(update_fields=["status", "finished_at", "revision"])
    to_open = packets_to_open(campaign.pk)
    naming = (
        game.number >= 15 and not WorldName.objects.current().filter(campaign=campaign).exists()
    )
    _enqueue_snapshot(campaign.pk, game.number)
    return FinishResult(game=game, packets_to_open=to_open, world_to_be_named=naming)


def _enqueue_snapshot(campaign_id: int, game_number: int) -> None:
    """Ask for the board picture of this game once the transaction has committed."""
    transaction.on_commit(lambda: snapshots.request_snapshot(campaign_id, game_number))


@transaction.atomic
def finish_game(
    *,
    game: Game,
    results: Mapping,
    controlled: Mapping | None = None,
    winner_reward: RewardChoice | Mapping | None = None,
    held_on_rewards: Mapping | None = None,
    slogan: str = "",
    signed_on: datetime.date | None = None,
    by=None,
) -> FinishResult:
    """End a game: results, the winner's signature and reward, the held-on rewards clockwise
    from the winner, all in one step; then say which packets must be opened now."""
    campaign, game = _locked_game(game)
    if game.status == GameStatus.FINISHED:
        raise RuleViolation(
            f"Game {game.number} is already finished.", rule="game-finished", conflict=True
        )
    _move(game, GameStatus.FINISHED)
    result = _finish(
        campaign,
        game,
        results=results,
        controlled=controlled or {},
        winner_reward=winner_reward,
        held_on_rewards=held_on_rewards or {},
        slogan=slogan,
        signed_on=signed_on,
        by=by,
    )
    winner = game.seats.get(result=Result.WON).player.name
    audit(
        campaign,
        by,
        "game-finished",
        f"Game {game.number} finished: {winner} won.",
        game=game.number,
    )
    return result


def _undo_end(campaign: Campaign, game: Game) -> None:
    """Void what the end of ``game`` placed (rewards, signature) and let what it covered count
    again. Never deletes: the voided rows stay, as any correction's do."""
    for reward in game.rewards.filter(voided=False):
        created = reward.details.get("created")
        if created:
            MARK_BY_NAME[created[0]].objects.filter(pk=created[1]).update(voided=True)
        for model_name, pk in reward.details.get("removed", []):
            MARK_BY_NAME[model_name].objects.filter(pk=pk).update(
                removed_in_game=None, removed_reason=""
            )
    game.rewards.update(voided=True)
    Signature.objects.filter(campaign=campaign, placed_in_game=game.number, voided=False).update(
        voided=True
    )


def rewards_as_they_stand(game: Game) -> list[tuple[GameReward, dict]]:
    """The game's rewards, each with its details as the board holds them now: a mark a reward
    placed and a correction changed since (a city renamed, say) gives its current territory,
    continent, name and change of bonus."""
    rewards = list(
        GameReward.objects.filter(game=game, voided=False).select_related("seat").order_by("order")
    )
    out = []
    for reward in rewards:
        details = dict(reward.details)
        created = details.get("created")
        model = MARK_BY_NAME.get(created[0]) if created else None
        mark = model.objects.filter(pk=created[1], voided=False).first() if model else None
        for name in ("territory", "continent", "name", "delta"):
            if mark is not None and hasattr(mark, name):
                details[name] = getattr(mark, name)
        out.append((reward, details))
    return out


def world_before_the_end(game: Game) -> World:
    """The world as an amendment of ``game`` starts from: everything so far, without what its
    end placed (the rewards and the signature), so that the rewards it offers are the legal
    ones. Read inside a transaction that is rolled back: nothing is written."""
    with transaction.atomic():
        _undo_end(game.campaign, game)
        world = world_as_of(game.campaign_id)
        transaction.set_rollback(True)
    return world


@transaction.atomic
def amend_game(
    *,
    game: Game,
    revision: int,
    results: Mapping,
    controlled: Mapping | None = None,
    winner_reward: RewardChoice | Mapping | None = None,
    held_on_rewards: Mapping | None = None,
    slogan: str = "",
    signed_on: datetime.date | None = None,
    reason: str,
    by=None,
) -> FinishResult:
    """Redo the end of a finished game, until the next game is set up.

    The old rewards and signature are voided (never deleted), what they covered counts again,
    and the end of the game is entered anew. ``revision`` must be the game's current one, so
    two people amending at once cannot overwrite each other unseen.
    """
    campaign, game = _locked_game(game)
    if game.status != GameStatus.FINISHED:
        raise RuleViolation(
            f"Game {game.number} is not finished: there is nothing to amend.",
            rule="amend-finished",
            conflict=True,
        )
    if campaign.games.filter(number__gt=game.number).exists():
        raise RuleViolation(
            f"Game {game.number + 1} has begun: game {game.number} can no longer be amended. "
            "Correct single marks instead.",
            rule="amend-before-next",
            conflict=True,
        )
    if revision != game.revision:
        raise RuleViolation(
            "Someone changed this game meanwhile: reload it and amend again.",
            rule="stale-amendment",
            conflict=True,
        )
    if not (reason or "").strip():
        raise RuleViolation(
            "Say why the game is amended.", rule="correction-reason", field="reason"
        )
    _undo_end(campaign, game)
    result = _finish(
        campaign,
        game,
        results=results,
        controlled=controlled or {},
        winner_reward=winner_reward,
        held_on_rewards=held_on_rewards or {},
        slogan=slogan,
        signed_on=signed_on,
        by=by,
    )
    audit(
        campaign,
        by,
        "game-amended",
        f"Game {game.number} amended: {reason.strip()}",
        game=game.number,
    )
    return result


@transaction.atomic
def name_world(
    *, campaign: Campaign, name: str, rolls: Mapping | None = None, by=None
) -> WorldName:
    """After game 15: the player with the most signatures names the world (ties roll)."""
    campaign = lock_campaign(campaign)
    last = campaign.games.filter(status=GameStatus.FINISHED).aggregate(n=Max("number"))["n"] or 0
    if last < 15:
        raise RuleViolation(
            "The world is named after the fifteenth game.",
            rule="world-name-after-15",
            conflict=True,
        )
    if WorldName.objects.current().filter(campaign=campaign).exists():
        raise RuleViolation("The world already has a name.", rule="world-named-once", conflict=True)
    name = (name or "").strip()
    if not name or len(name) > 60:
        raise RuleViolation(
            "The world needs a name of up to 60 characters.", rule="name-required", field="name"
        )
    world = world_as_of(campaign.pk)
    named: dict[int, int] = {}
    for c in world.continents.values():
        if c.namer is not None:
            named[c.namer] = named.get(c.namer, 0) + 1
    try:
        clean_rolls = {int(k): int(v) for k, v in (rolls or {}).items()}
    except (TypeError, ValueError):
        raise RuleViolation(
            "Rolls are whole numbers from 1 to 6.", rule="naming-roll", field="rolls"
        ) from None
    decision = rules.world_namer(
        world.signature_counts(), continents_named=named, rolls=clean_rolls or None
    )
    if decision.namer is None:
        names = dict(Player.objects.filter(pk__in=decision.tied).values_list("pk", "name"))
        raise RuleViolation(
            f"{' and '.join(names[p] for p in decision.tied)} are tied: each rolls a die, adding 1 "
            "for every continent they named, and the highest names the world.",
            rule="naming-tie",
            field="rolls",
        )
    mark = WorldName.objects.create(
        campaign=campaign,
        name=name,
        placed_in_game=last,
        placed_by_id=decision.namer,
        entered_by=by,
        rolls={str(k): v for k, v in clean_rolls.items()},
    )
    audit(campaign, by, "world-named", f"The World of {name}.")
    snapshots.refresh_on_commit(campaign.pk, last)  # the legend shows the world's name
    return mark


# --- Derived views -------------------------------------------------------------------------------


def faction_card_backs(campaign_id: int) -> dict[str, list[dict]]:
    """Each faction card's back: for every game, who played it, where they started and how it
    ended, or an "X" for a game it sat out."""
    factions = campaign_factions(campaign_id)
    games = list(Game.objects.filter(campaign_id=campaign_id).order_by("number"))
    seats = {
        (s.game_id, s.faction): s
        for s in Seat.objects.filter(game__campaign_id=campaign_id).select_related("player")
    }
    backs: dict[str, list[dict]] = {}
    for slug in factions:
        lines = []
        for g in games:
            s = seats.get((g.pk, slug))
            lines.append(
                {"game": g.number, "x": True}
                if s is None
                else {
                    "game": g.number,
                    "x": False,
                    "player": s.player.name,
                    "hq": s.hq,
                    "result": s.result,
                }
            )
        backs[slug] = lines
    return backs


def standings(campaign_id: int) -> dict[str, dict]:
    """Wins, held-on and eliminations per player and per faction, from finished games."""
    rows = Seat.objects.filter(
        game__campaign_id=campaign_id, game__status=GameStatus.FINISHED
    ).values_list("player__name", "faction", "result")
    per_player: dict[str, dict[str, int]] = {}
    per_faction: dict[str, dict[str, int]] = {}
    for player, faction, result in rows:
        for table, key in ((per_player, player), (per_faction, faction)):
            entry = table.setdefault(key, {"played": 0, "won": 0, "held_on": 0, "eliminated": 0})
            entry["played"] += 1
            entry[result] += 1
    return {"players": per_player, "factions": per_faction}


def next_game_number(campaign_id: int) -> int:
    last = Game.objects.filter(campaign_id=campaign_id).aggregate(n=Max("number"))["n"] or 0
    return last + 1
