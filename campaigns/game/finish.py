"""The end of a game: results, rewards and signatures; amending the end of the last game until the
next one is set up; and naming the world once the campaign has earned it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import CharField, F, IntegerField, Max, Q, Value
from django.utils import timezone

from campaigns.capitals import with_capitals_allowed
from campaigns.game.common import locked_game, move_to
from campaigns.game.holdings import ends_from_log, holdings_of
from campaigns.game.packets import packets_to_open
from campaigns.models import Campaign, Game, GameReward, GameStatus, Player, Result, Seat
from campaigns.pictures.poster_requests import request_poster_on_commit
from campaigns.pictures.snapshots import refresh_on_commit, request_snapshot
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy import board, rules
from legacy.box import CAMPAIGN_GAMES, WINNERS_LINES
from legacy.errors import RuleViolation
from legacy.models import (
    BonusChange,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    Correction,
    DestroyedCard,
    Fortification,
    RemovedReason,
    Scar,
    Signature,
    WorldName,
)
from legacy.rules import Reward, RewardChoice
from legacy.selectors import world_as_of
from legacy.world import World


@dataclass(frozen=True)
class NoReward:
    """A player who held on and got no reward, and why none was legal: ``why`` is
    "stocks-empty" (every held-on stock they could use is empty; ``stocks_out`` names the empty
    ones) or "nothing-eligible" (they controlled nothing a reward could go on)."""

    text: str
    why: str
    stocks_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class FinishResult:
    game: Game
    packets_to_open: list[str]
    world_to_be_named: bool
    # Each player who held on and got no reward, with why none was legal for them.
    no_rewards: dict[int, NoReward] = field(default_factory=dict)


def results_from_log(game: Game) -> dict:
    """The seats the game's log puts out at its end, by player id (``LoggedEnd``): each of them
    finishes eliminated, and the end-of-game forms start from it."""
    seats = list(game.seats.select_related("player"))
    return ends_from_log(seats, holdings_of(game, seats=seats))


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
    elif kind == Reward.WORLD_CAPITAL:
        created = City.objects.create(
            **common, territory=choice.territory, kind=CityKind.CAPITAL, name=choice.name.strip()
        )
    elif kind in (Reward.MAJOR_CITY, Reward.MINOR_CITY):
        city_kind = CityKind.MAJOR if kind == Reward.MAJOR_CITY else CityKind.MINOR
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
    if game.number > WINNERS_LINES and ((slogan or "").strip() or signed_on):
        raise RuleViolation(
            "After the fifteenth game nobody signs the winners' section: there is no slogan or "
            "date to write.",
            rule="no-signature-after-15",
            field="slogan" if (slogan or "").strip() else "signed_on",
        )
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
    for p, end in ends_from_log(seats, holdings_of(game, seats=seats)).items():
        if outcome[p] != Result.ELIMINATED:
            raise RuleViolation(end.reason, rule="out-at-the-end", field="results")
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

    world = with_capitals_allowed(world_as_of(campaign.pk), campaign)
    together = campaign.held_on_rewards_end_together
    no_rewards: dict[int, NoReward] = {}
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
            name = by_player[p].player.name
            if c is None:
                said = held.get(p) if p in held else None
                why = rules.no_held_on_reward_reason(world, said, end_together=together)
                if why is None:
                    legal = rules.held_on_reward_targets(
                        world,
                        said if said is not None else world.territories,
                        end_together=together,
                    )
                    kinds = " or ".join(rules.reward_in_english(k).lower() for k in legal)
                    raise RuleViolation(
                        f"{name} held on and chooses one reward while one is legal: {kinds}. "
                        "No reward only when none is legal: the stocks are empty, or they "
                        "controlled nothing a reward could go on.",
                        rule="held-on-must-choose",
                        field="held_on_rewards",
                    )
                no_rewards[p] = NoReward(
                    f"{name} held on and gets no reward: {why[0].lower()}{why[1:]}",
                    "nothing-eligible"
                    if rules.held_on_stocks_left(world, end_together=together)
                    else "stocks-empty",
                    rules.held_on_stocks_out(world),
                )
                continue
            try:
                rules.check_held_on_reward(
                    world, c, controlled=held.get(p, []), end_together=together
                )
            except RuleViolation as refusal:
                raise RuleViolation(
                    f"{name}: {refusal.message}",
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
        game.number >= CAMPAIGN_GAMES
        and not WorldName.objects.current().filter(campaign=campaign).exists()
    )
    _enqueue_snapshot(campaign.pk, game.number)
    return FinishResult(
        game=game, packets_to_open=to_open, world_to_be_named=naming, no_rewards=no_rewards
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
        raise RuleViolation(
            f"Game {game.number} is already finished.", rule="game-finished", conflict=True
        )
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


@dataclass(frozen=True)
class RewardTarget:
    """Where a reward is on the board now: read from the mark it placed (or, for a cancelled
    scar, covered), so that a correction of that mark moves the reward with it. A reward
    stored without its mark keeps what it stored."""

    territory: str | None
    continent: str | None
    name: str
    delta: int | None
    mark_type: str | None = None  # the model's name: "City", "Scar"...
    mark_id: int | None = None
    corrections: tuple[Correction, ...] = ()  # of that mark, oldest first

    @property
    def corrected(self) -> bool:
        return bool(self.corrections)


def _reward_mark(details: dict) -> tuple[str, int] | None:
    created = details.get("created")
    pairs = [created] if created else []
    pairs += list(details.get("removed") or [])
    for pair in pairs:
        if (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and pair[0] in MARK_BY_NAME
            and type(pair[1]) is int
        ):
            return pair[0], pair[1]
    return None


_TARGET_FIELDS = {
    # What each type of mark says of where a reward is; None: the reward's own record.
    "City": {"territory": "territory", "name": "name"},
    "Scar": {"territory": "territory"},
    "DestroyedCard": {"territory": "territory"},
    "CoinSticker": {"territory": "territory"},
    "Fortification": {"territory": "city__territory"},
    "ContinentName": {"continent": "continent", "name": "name"},
    "BonusChange": {"continent": "continent", "delta": "delta"},
}


def _target_columns(name: str, ids):
    fields = _TARGET_FIELDS[name]
    columns = {
        "mark_type": Value(name, output_field=CharField()),
        "territory": F(fields["territory"])
        if "territory" in fields
        else Value(None, output_field=CharField()),
        "continent": F(fields["continent"])
        if "continent" in fields
        else Value(None, output_field=CharField()),
        "name": F(fields["name"]) if "name" in fields else Value(None, output_field=CharField()),
        "delta": F(fields["delta"])
        if "delta" in fields
        else Value(None, output_field=IntegerField()),
    }
    return (
        MARK_BY_NAME[name]
        .objects.filter(pk__in=ids)
        .order_by()
        .annotate(**{f"t_{k}": v for k, v in columns.items()})
        .values("pk", *(f"t_{k}" for k in columns))
    )


def read_reward_targets(rewards) -> None:
    """Give each reward a ``target`` (a ``RewardTarget``), read from the marks as they stand,
    in at most one query per type of mark and one for their corrections, however many games."""
    rewards = list(rewards)
    wanted: dict[str, set[int]] = {}
    for reward in rewards:
        pair = _reward_mark(reward.details if isinstance(reward.details, dict) else {})
        if pair:
            wanted.setdefault(pair[0], set()).add(pair[1])
    marks: dict[tuple[str, int], dict] = {}
    corrections: dict[tuple[str, int], list[Correction]] = {}
    if wanted:
        # One query for every type of mark at once, each giving the same columns.
        parts = [_target_columns(name, ids) for name, ids in sorted(wanted.items())]
        rows = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
        for row in rows:
            marks[(row["t_mark_type"], row["pk"])] = {k[2:]: v for k, v in row.items()}
        which = Q()
        for name, ids in wanted.items():
            which |= Q(mark_type=name) & (Q(added_id__in=ids) | Q(voided_id__in=ids))
        for c in Correction.objects.filter(which).order_by("made_at", "id"):
            pk = c.added_id if c.added_id is not None else c.voided_id
            corrections.setdefault((c.mark_type, pk), []).append(c)
    for reward in rewards:
        details = reward.details if isinstance(reward.details, dict) else {}
        pair = _reward_mark(details)
        mark = marks.get(pair) if pair else None
        if mark is None:
            reward.target = RewardTarget(
                territory=details.get("territory"),
                continent=details.get("continent"),
                name=details.get("name") or "",
                delta=details.get("delta"),
            )
            continue
        reward.target = RewardTarget(
            territory=mark["territory"]
            if mark["territory"] is not None
            else details.get("territory"),
            continent=mark["continent"]
            if mark["continent"] is not None
            else details.get("continent"),
            name=mark["name"] if mark["name"] is not None else details.get("name") or "",
            delta=mark["delta"] if mark["delta"] is not None else details.get("delta"),
            mark_type=pair[0],
            mark_id=pair[1],
            corrections=tuple(corrections.get(pair, ())),
        )


def world_before_the_end(game: Game) -> World:
    """The world as an amendment of ``game`` starts from: everything so far, without what its
    end placed (the rewards and the signature), so that the rewards it offers are the legal
    ones. Read inside a transaction that is rolled back: nothing is written."""
    with transaction.atomic():
        _undo_end(game.campaign, game)
        world = with_capitals_allowed(world_as_of(game.campaign_id), game.campaign)
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
    campaign, game = locked_game(game)
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
    if last < CAMPAIGN_GAMES:
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
    strangers = set(clean_rolls) - set(
        Player.objects.filter(campaign=campaign, pk__in=clean_rolls).values_list("pk", flat=True)
    )
    if strangers:
        raise RuleViolation(
            "Only the campaign's own players roll to name the world.",
            rule="unknown-player",
            field="rolls",
        )
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
    audit(campaign, by, AuditAction.WORLD_NAMED, name=name)
    refresh_on_commit(campaign.pk, last)  # the legend shows the world's name
    request_poster_on_commit(campaign.pk)
    return mark
