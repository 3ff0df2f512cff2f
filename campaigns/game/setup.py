"""Before every game: seating players with their factions and starting territories, dealing the
scar cards, and starting the game.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from campaigns.game.common import locked_game, move_to
from campaigns.game.derived import campaign_factions, scar_cards_available
from campaigns.models import (
    Campaign,
    Game,
    GameStatus,
    Player,
    Seat,
)
from campaigns.services import audit, lock_campaign
from legacy import rules
from legacy.errors import RuleViolation
from legacy.selectors import world_as_of

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
    campaign, game = locked_game(game)
    move_to(game, GameStatus.IN_PROGRESS)
    game.started_at = timezone.now()
    game.save(update_fields=["status", "started_at"])
    audit(campaign, by, "game-started", f"Game {game.number} started.", game=game.number)
    return game
