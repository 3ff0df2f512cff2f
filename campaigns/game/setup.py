"""Before every game: seating players with their factions and starting territories, dealing the
scar cards, and starting the game.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from campaigns import said
from campaigns.game.common import locked_game, move_to, seat_of
from campaigns.game.derived import campaign_factions, scar_cards_available
from campaigns.models import Campaign, Game, GameStatus, Player, Result, Seat
from campaigns.services import audit, campaign_world, lock_campaign
from campaigns.vocabulary import AuditAction, MissilesAtSetup
from legacy import board, rules
from legacy.errors import RuleViolation
from legacy.models import MARK_MODELS
from legacy.refusals import BringInRule, Refusal, ServiceRule, TableRule

MIN_PLAYERS, MAX_PLAYERS = 3, 5


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
            raise RuleViolation(ServiceRule.SEAT_INCOMPLETE, field="seats") from None
    return plans


def check_seats(campaign: Campaign, plans: Sequence[SeatPlan], world) -> dict[int, Player]:
    """The checks every table of seats passes, at setup and when a seat is fixed: each player on
    the roster and seated once, each faction known and played once, each HQ a legal start given
    the HQs of the seats before it. Returns the roster by id."""
    roster = {p.pk: p for p in Player.objects.filter(campaign=campaign)}
    factions = campaign_factions(campaign.pk)
    seen_players, seen_factions = set(), set()
    for plan in plans:
        if plan.player not in roster:
            raise RuleViolation(ServiceRule.UNKNOWN_PLAYER, field="seats")
        if plan.player in seen_players:
            raise RuleViolation(
                ServiceRule.PLAYER_ONCE, field="seats", player=roster[plan.player].name
            )
        if plan.faction not in factions:
            raise RuleViolation(
                TableRule.UNKNOWN_FACTION, field="seats", faction=repr(plan.faction)
            )
        if plan.faction in seen_factions:
            raise RuleViolation(
                ServiceRule.FACTION_ONCE,
                field="seats",
                faction=said.faction(plan.faction, factions[plan.faction]),
            )
        seen_players.add(plan.player)
        seen_factions.add(plan.faction)
    placed: list[str] = []
    for plan in plans:
        refusal = rules.starting_refusal(
            world,
            plan.hq,
            player=plan.player,
            hqs=placed,
            capital_starts=campaign.world_capital_is_a_start,
        )
        if refusal:
            raise RuleViolation(
                ServiceRule.LEGAL_START, field="seats", player=roster[plan.player].name, why=refusal
            )
        placed.append(plan.hq)
    return roster


@transaction.atomic
def starting_earned(campaign: Campaign, world, *, before_game: int | None = None):
    """player id -> what that player starts with, by the campaign's reading of the missiles at
    setup: a missile per signature on ``world``'s board, or a missile per game won before
    ``before_game`` (every finished game when None)."""
    signatures = world.signature_counts()
    if campaign.missiles_at_setup != MissilesAtSetup.PER_GAME_WON:
        return lambda player: rules.starting_tokens(signatures.get(player, 0))
    won = Seat.objects.filter(game__campaign=campaign, result=Result.WON)
    if before_game is not None:
        won = won.filter(game__number__lt=before_game)
    wins: dict[int, int] = {}
    for player in won.values_list("player_id", flat=True):
        wins[player] = wins.get(player, 0) + 1
    return lambda player: rules.starting_tokens(
        signatures.get(player, 0), games_won=wins.get(player, 0)
    )


@transaction.atomic
def setup_game(
    *,
    campaign: Campaign,
    seats: Sequence[SeatPlan | Mapping],
    played_on: datetime.date | None = None,
    by=None,
) -> Game:
    """Set up the next game: seats in seating order, each with a faction and a legal HQ.

    Records what each player starts with (a red star, or a missile per signature or per game
    won, as the campaign reads the rulebook) and whether scar cards are dealt this game. Game
    16 and later wait for the world to be named (at the end of game 15).
    """
    campaign = lock_campaign(campaign)
    if campaign.bringing_in:
        raise RuleViolation(BringInRule.SETUP_WAITS, conflict=True)
    if campaign.prepared_at is None:
        raise RuleViolation(ServiceRule.FIRST_GAME_SETUP_NEEDED, conflict=True)
    unfinished = campaign.games.exclude(status=GameStatus.FINISHED).first()
    if unfinished:
        raise RuleViolation(ServiceRule.ONE_GAME_AT_A_TIME, conflict=True, game=unfinished.number)
    plans = _plans(seats)
    if not MIN_PLAYERS <= len(plans) <= MAX_PLAYERS:
        raise RuleViolation(
            ServiceRule.PLAYER_COUNT,
            field="seats",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(plans),
        )
    world = campaign_world(campaign)
    last = campaign.games.aggregate(n=Max("number"))["n"] or 0
    if not rules.world_named_before(last + 1, world.world_name):
        raise RuleViolation(ServiceRule.WORLD_NOT_NAMED, conflict=True, game=last, next=last + 1)
    check_seats(campaign, plans, world)

    dealt = rules.scar_cards_dealt(available=scar_cards_available(campaign.pk), players=len(plans))
    game = Game.objects.create(
        campaign=campaign,
        number=last + 1,
        played_on=played_on or timezone.localdate(),
        scar_cards_dealt=dealt,
    )
    earned = starting_earned(campaign, world)
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
        for tokens in [earned(plan.player)]
    )
    audit(
        campaign,
        by,
        AuditAction.GAME_SETUP,
        game=game.number,
        players=len(plans),
        dealt=bool(dealt),
    )
    return game


@transaction.atomic
def start_game(*, game: Game, by=None) -> Game:
    campaign, game = locked_game(game)
    move_to(game, GameStatus.IN_PROGRESS)
    game.started_at = timezone.now()
    game.save(update_fields=["status", "started_at"])
    audit(campaign, by, AuditAction.GAME_STARTED, game=game.number)
    return game


# --- Mistakes at setup: cancelling a game, fixing a seat -----------------------------------------


def played_since_setup(game: Game, *, has_entries: bool | None = None) -> str | None:
    """Why the game is past its setup, in a player's words, or None while nothing was entered:
    it is finished, an entry was made in its log (even one taken back later), or a mark of the
    world was placed or removed in it. ``has_entries``: whether its log has entries, when the
    caller has read them."""
    if game.status == GameStatus.FINISHED:
        return f"Game {game.number} is finished."
    if has_entries if has_entries is not None else game.events.exists():
        return f"Game {game.number} has entries in its log."
    in_game = Q(campaign_id=game.campaign_id) & (
        Q(placed_in_game=game.number) | Q(removed_in_game=game.number)
    )
    marks = [model.objects.filter(in_game).values_list("pk") for model in MARK_MODELS]
    if marks[0].union(*marks[1:], all=True).exists():
        return f"Something was marked on the board in game {game.number}."
    return None


def _reason(reason: str, rule: Refusal) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation(rule, field="reason")
    return reason[:200]


@transaction.atomic
def cancel_game(*, game: Game, reason: str, by=None) -> int:
    """Remove a game set up by mistake, until its first entry: its number is free again and the
    audit keeps that it was set up and cancelled, by whom and why. Returns its number."""
    campaign, game = locked_game(game)
    reason = _reason(reason, ServiceRule.CANCEL_REASON)
    played = played_since_setup(game)
    if played:
        raise RuleViolation(ServiceRule.GAME_PLAYED, conflict=True, game=game.number)
    seats = list(game.seats.select_related("player").order_by("order"))
    number = game.number
    game.delete()
    audit(
        campaign,
        by,
        AuditAction.GAME_CANCELLED,
        game=number,
        reason=reason,
        seats=[{"player": s.player.name, "faction": s.faction, "hq": s.hq} for s in seats],
    )
    return number


def _seat_words(
    seat: Seat, factions: Mapping[str, str], on: board.Board = board.BOX
) -> dict[str, str]:
    return {
        "player": seat.player.name,
        "faction": seat.faction,
        "faction_name": factions.get(seat.faction, seat.faction),
        "hq": seat.hq,
        "hq_name": on.name(seat.hq),
    }


@transaction.atomic
def fix_seat(
    *,
    game: Game,
    player: int,
    new_player: int | None = None,
    faction: str | None = None,
    hq: str | None = None,
    reason: str = "",
    by=None,
) -> Seat:
    """Fix the player, faction or HQ of the seat ``player`` holds, with the checks of setup.

    Before the game's first entry it is a plain fix (a reason is welcome, not needed); after
    it, it is a correction and needs a reason. Either way the audit keeps who, when, why, and
    the seat before and after. The faction cards' backs follow, since they read the seats.
    """
    campaign, game = locked_game(game)
    seat = seat_of(game, player)
    played = played_since_setup(game)
    reason = (reason or "").strip()
    if played and not reason:
        raise RuleViolation(ServiceRule.SEAT_FIX_REASON, field="reason", game=game.number)
    changes: dict[str, Any] = {
        "player": seat.player_id if new_player is None else int(new_player),
        "faction": seat.faction if faction is None else str(faction),
        "hq": seat.hq if hq is None else str(hq),
    }
    if (changes["player"], changes["faction"], changes["hq"]) == (
        seat.player_id,
        seat.faction,
        seat.hq,
    ):
        raise RuleViolation(ServiceRule.SEAT_UNCHANGED)
    seats = list(game.seats.order_by("order"))
    plans = [
        SeatPlan(**changes) if s.pk == seat.pk else SeatPlan(s.player_id, s.faction, s.hq)
        for s in seats
    ]
    # The board the game started on: everything marked up to the end of the game before it.
    world = campaign_world(campaign, game.number - 1)
    roster = check_seats(campaign, plans, world)
    factions = campaign_factions(campaign.pk)
    before = _seat_words(seat, factions, world.board)
    if changes["player"] != seat.player_id:
        tokens = starting_earned(campaign, world, before_game=game.number)(changes["player"])
        seat.red_stars, seat.missiles = tokens.red_stars, tokens.missiles
    seat.player = roster[changes["player"]]
    seat.faction = changes["faction"]
    seat.hq = changes["hq"]
    seat.save(update_fields=["player", "faction", "hq", "red_stars", "missiles"])
    after = _seat_words(seat, factions, world.board)
    audit(
        campaign,
        by,
        AuditAction.SEAT_CORRECTED if played else AuditAction.SEAT_FIXED,
        game=game.number,
        seat=seat.order,
        reason=reason[:200],
        before=before,
        after=after,
    )
    return seat
