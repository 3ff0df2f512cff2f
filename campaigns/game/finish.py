"""The end of a game: results, rewards and signatures; amending the end of the last game until the
next one is set up; and naming the world once the campaign has earned it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from django.db import transaction
from django.db.models import Max, Model
from django.utils import timezone

from campaigns import said
from campaigns.backup.automatic import after_finish_on_commit
from campaigns.capitals import with_capitals_allowed
from campaigns.city_marks import cover_marks_under_a_city
from campaigns.game import late_entries
from campaigns.game.common import locked_game, move_to
from campaigns.game.holdings import ends_from_log, holdings_of
from campaigns.game.packets import packets_to_open

# The rewards as they stand are read by the pages and the API from here too.
from campaigns.game.rewards import (  # noqa: F401
    MARK_BY_NAME,
    RewardTarget,
    read_reward_targets,
    rewards_as_they_stand,
)
from campaigns.models import (
    Campaign,
    Game,
    GameReward,
    GameStatus,
    Player,
    Result,
    Seat,
)
from campaigns.pictures.poster_requests import request_poster_on_commit
from campaigns.pictures.snapshots import refresh_on_commit, request_snapshot
from campaigns.services import THE_WORLD, audit, clean_name, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import rules
from legacy.board import BOX
from legacy.errors import RuleViolation
from legacy.models import (
    AddedTerritory,
    BonusChange,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    Fortification,
    OtherMark,
    RemovedReason,
    Scar,
    Signature,
    WorldName,
)
from legacy.refusals import BringInRule, ServiceRule, TableRule
from legacy.rules import Reward, RewardChoice, finish_rules, world_naming
from legacy.rules.cards import coins_with_a_sticker
from legacy.rules.finish_rules import NoReward
from legacy.selectors import world_as_of
from legacy.world import World


@dataclass(frozen=True)
class FinishResult:
    game: Game
    packets_to_open: list[str]
    world_to_be_named: bool
    # Each player who held on and got no reward, with why none was legal for them.
    no_rewards: dict[int, NoReward] = field(default_factory=dict)


def results_from_log(game: Game) -> dict:
    """The seats whose result the game's log decides, by player id (``LoggedEnd``): the winner
    of the war, if any, and the seats out at its end (each finishes eliminated); the
    end-of-game forms start from it."""
    seats = list(game.seats.select_related("player"))
    return ends_from_log(seats, holdings_of(game, seats=seats))


def _printed_coins(campaign, territory: str) -> int:
    """The coins ``territory``'s card prints: the box's card one, a card a packet added its own."""
    if BOX.has(territory):
        return BOX.territory_by_slug[territory].coins
    added = AddedTerritory.objects.filter(campaign=campaign, slug=territory, voided=False)
    return added.values_list("coins", flat=True).first() or 1


def _write_reward(campaign, game, seat, choice: RewardChoice, order: int, by) -> None:
    """Put a checked reward on the board, remembering what it placed or covered."""
    common = dict(
        campaign=campaign, placed_in_game=game.number, placed_by=seat.player, entered_by=by
    )
    created: Model | None = None
    removed: list[list] = []
    kind = choice.kind
    # The rules checked the choice before it gets here (``finish_rules.decide_finish``): a reward
    # on a continent names a continent of the board, any other reward a territory of it.
    if kind == Reward.NAME_CONTINENT:
        created = ContinentName.objects.create(
            **common, continent=cast(str, choice.continent), name=choice.name.strip()
        )
    elif kind == Reward.CHANGE_BONUS:
        created = BonusChange.objects.create(
            **common, continent=cast(str, choice.continent), delta=choice.delta
        )
    elif kind in (Reward.WORLD_CAPITAL, Reward.MAJOR_CITY, Reward.MINOR_CITY):
        city_kind = {
            Reward.WORLD_CAPITAL: CityKind.CAPITAL,
            Reward.MAJOR_CITY: CityKind.MAJOR,
        }.get(kind, CityKind.MINOR)
        territory = cast(str, choice.territory)
        created = City.objects.create(
            **common, territory=territory, kind=city_kind, name=choice.name.strip()
        )
        covered = cover_marks_under_a_city(campaign, territory, game.number)
        removed += [["OtherMark", mark.pk] for mark in covered]
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
        created = DestroyedCard.objects.create(**common, territory=cast(str, choice.territory))
    elif kind == Reward.UPGRADE_CARD:
        territory = cast(str, choice.territory)
        stickers = CoinSticker.objects.current().filter(campaign=campaign, territory=territory)
        created = CoinSticker.objects.create(
            **common,
            territory=territory,
            coins_after=coins_with_a_sticker(
                _printed_coins(campaign, territory), stickers.values_list("coins_after", flat=True)
            ),
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
    """Gather the facts of the game's end, ask the rules (``legacy.rules.finish_rules``), then write
    what they decided: the signature, the rewards, the seats' results."""
    seats = list(game.seats.select_related("player"))
    by_player = {s.player_id: s for s in seats}
    ends = ends_from_log(seats, holdings_of(game, seats=seats))
    decision = finish_rules.decide_finish(
        finish_rules.FinishFacts(
            game_number=game.number,
            seats=tuple(finish_rules.SeatFacts(s.player_id, s.player.name, s.order) for s in seats),
            world=with_capitals_allowed(world_as_of(campaign.pk), campaign),
            results=results,
            controlled=controlled,
            winner_reward=winner_reward,
            held_on_rewards=held_on_rewards,
            logged_ends={p: end.refusal for p, end in ends.items()},
            logged_winner=next((p for p, end in ends.items() if end.won), None),
            end_together=campaign.held_on_rewards_end_together,
            slogan=slogan,
            signed=bool(signed_on),
        )
    )
    winner = by_player[decision.winner].player
    if decision.signs:
        Signature.objects.create(
            campaign=campaign,
            placed_in_game=game.number,
            placed_by=winner,
            entered_by=by,
            line=len(decision.world.signatures) + 1,
            name=winner.name,
            date=signed_on or game.played_on or timezone.localdate(),
            slogan=(slogan or "").strip()[:120],
        )
    for i, (player, choice) in enumerate(decision.rewards, start=1):
        _write_reward(campaign, game, by_player[player], choice, i, by)
    for s in seats:
        s.result = decision.outcome[s.player_id]
        s.controlled_at_end = decision.controlled.get(s.player_id, [])
    Seat.objects.bulk_update(seats, ["result", "controlled_at_end"])
    game.finished_at = timezone.now()
    game.revision += 1
    game.save(update_fields=["status", "finished_at", "revision"])
    to_open = packets_to_open(campaign.pk)
    naming = (
        world_naming.world_may_be_named(game.number)
        and not WorldName.objects.current().filter(campaign=campaign).exists()
    )
    _enqueue_snapshot(campaign.pk, game.number)
    return FinishResult(
        game=game,
        packets_to_open=to_open,
        world_to_be_named=naming,
        no_rewards=decision.no_rewards,
    )


def _enqueue_snapshot(campaign_id: int, game_number: int) -> None:
    """Ask for the board picture of this game once the transaction has committed."""
    transaction.on_commit(lambda: request_snapshot(campaign_id, game_number))


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
    campaign, game = locked_game(game)
    if game.status == GameStatus.FINISHED:
        raise RuleViolation(ServiceRule.GAME_FINISHED, conflict=True, game=game.number)
    late_entries.none_awaiting(game)
    move_to(game, GameStatus.FINISHED)
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
        AuditAction.GAME_FINISHED,
        winner=winner,
        game=game.number,
    )
    after_finish_on_commit(campaign.pk, game.number)  # the campaign's automatic backup
    return result


def _end_marks(campaign: Campaign, game: Game) -> tuple[dict[str, set[int]], dict[str, set[int]]]:
    """What the end of ``game`` placed (its rewards' marks and its signature) and what it
    covered, each as mark ids by the mark's model name."""
    placed: dict[str, set[int]] = {}
    covered: dict[str, set[int]] = {}
    for reward in game.rewards.filter(voided=False):
        created = reward.details.get("created")
        if created:
            placed.setdefault(created[0], set()).add(created[1])
        for model_name, pk in reward.details.get("removed", []):
            covered.setdefault(model_name, set()).add(pk)
    signatures = Signature.objects.filter(
        campaign=campaign, placed_in_game=game.number, voided=False
    ).values_list("pk", flat=True)
    placed.setdefault("Signature", set()).update(signatures)
    return placed, covered


def _undo_end(campaign: Campaign, game: Game) -> None:
    """Void what the end of ``game`` placed (rewards, signature) and let what it covered count
    again. Never deletes: the voided rows stay, as any correction's do."""
    placed, covered = _end_marks(campaign, game)
    models = {**MARK_BY_NAME, "Signature": Signature, "OtherMark": OtherMark}
    for model_name, pks in placed.items():
        models[model_name].objects.filter(pk__in=pks).update(voided=True)
    for model_name, pks in covered.items():
        models[model_name].objects.filter(pk__in=pks).update(
            removed_in_game=None, removed_reason=""
        )
    game.rewards.update(voided=True)


def world_before_the_end(game: Game) -> World:
    """The world as an amendment of ``game`` starts from: everything so far, without what its
    end placed (the rewards and the signature) and with what it covered counting again, so
    that the rewards it offers are the legal ones. Only read: nothing is written."""
    placed, covered = _end_marks(game.campaign, game)
    world = world_as_of(game.campaign_id, leaving_out=placed, uncovering=covered)
    return with_capitals_allowed(world, game.campaign)


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
    campaign, game = locked_game(game)
    if game.status != GameStatus.FINISHED:
        raise RuleViolation(ServiceRule.AMEND_FINISHED, conflict=True, game=game.number)
    if game.brought_in:
        raise RuleViolation(BringInRule.AMEND_BROUGHT_IN, conflict=True, game=game.number)
    if campaign.games.filter(number__gt=game.number).exists():
        raise RuleViolation(
            ServiceRule.AMEND_BEFORE_NEXT, conflict=True, game=game.number, next=game.number + 1
        )
    if revision != game.revision:
        raise RuleViolation(ServiceRule.STALE_AMENDMENT, conflict=True)
    if not (reason or "").strip():
        raise RuleViolation(TableRule.CORRECTION_REASON, field="reason")
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
        AuditAction.GAME_AMENDED,
        game=game.number,
        reason=reason.strip()[:200],
    )
    return result


@transaction.atomic
def name_world(
    *, campaign: Campaign, name: str, rolls: Mapping | None = None, by=None
) -> WorldName:
    """After game 15: the player with the most signatures names the world (ties roll)."""
    campaign = lock_campaign(campaign)
    last = campaign.games.filter(status=GameStatus.FINISHED).aggregate(n=Max("number"))["n"] or 0
    if not world_naming.world_may_be_named(last):
        raise RuleViolation(ServiceRule.WORLD_NAME_AFTER_15, conflict=True)
    named_already = WorldName.objects.current().filter(campaign=campaign).first()
    if named_already is not None:
        raise RuleViolation(ServiceRule.WORLD_NAMED_ONCE, conflict=True, name=named_already.name)
    name = clean_name(name, THE_WORLD, 60)
    world = world_as_of(campaign.pk)
    named: dict[int, int] = {}
    for c in world.continents.values():
        if c.namer is not None:
            named[c.namer] = named.get(c.namer, 0) + 1
    try:
        clean_rolls = {int(k): int(v) for k, v in (rolls or {}).items()}
    except (TypeError, ValueError):
        raise RuleViolation(TableRule.NAMING_ROLL, field="rolls") from None
    strangers = set(clean_rolls) - set(
        Player.objects.filter(campaign=campaign, pk__in=clean_rolls).values_list("pk", flat=True)
    )
    if strangers:
        raise RuleViolation(ServiceRule.NAMING_ROLL_PLAYER, field="rolls")
    decision = rules.world_namer(
        world.signature_counts(), continents_named=named, rolls=clean_rolls or None
    )
    if decision.namer is None:
        names = dict(Player.objects.filter(pk__in=decision.tied).values_list("pk", "name"))
        raise RuleViolation(
            ServiceRule.NAMING_TIE,
            field="rolls",
            players=said.listed(names[p] for p in decision.tied),
        )
    mark = WorldName.objects.create(
        campaign=campaign,
        name=name,
        placed_in_game=last,
        placed_by_id=decision.namer,
        entered_by=by,
        rolls={str(k): v for k, v in clean_rolls.items()},
    )
    audit(campaign, by, AuditAction.WORLD_NAMED, name=name)
    refresh_on_commit(campaign.pk, last)  # the legend shows the world's name
    request_poster_on_commit(campaign.pk)
    return mark
