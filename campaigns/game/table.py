"""During the game: what the table logs as it plays (scars, missiles, recruitments, eliminations
and rejoins, the coin pile running out, new marks, destroyed cities). Each entry is a row of the
game's log, and tells which sealed packets its triggers made due.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from campaigns.game.common import EventResult, locked_game, log_event, require_in_progress, seat_of
from campaigns.game.derived import campaign_factions, scar_cards_available
from campaigns.game.packets import packets_to_open
from campaigns.models import (
    Campaign,
    EventKind,
    Game,
    GameEvent,
    Seat,
)
from legacy import board
from legacy.errors import RuleViolation
from legacy.models import (
    City,
    Fortification,
    MarkKind,
    OtherMark,
    RemovedReason,
    Scar,
    ScarKind,
)


def with_triggers(campaign: Campaign, event: GameEvent, **kw) -> EventResult:
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
    campaign, game = locked_game(game)
    require_in_progress(game)
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
    # Who plays it is checked before the stock: an unknown player is the mistake to name.
    seat = seat_of(game, player) if player is not None else None
    if scar_cards_available(campaign.pk) <= 0:
        raise RuleViolation("No scar cards are left to play.", rule="stock-empty", field="scar")
    Scar.objects.create(
        campaign=campaign,
        kind=kind,
        territory=territory,
        faction=faction,
        placed_in_game=game.number,
        placed_by=seat.player if seat else None,
        entered_by=by,
    )
    event = log_event(
        game,
        EventKind.SCAR_PLACED,
        f"{kind.name} placed on {where}.",
        by,
        seat,
        scar=scar,
        territory=territory,
        faction=faction,
    )
    return with_triggers(campaign, event)


@transaction.atomic
def use_missiles(*, game: Game, count: int, player: int | None = None, by=None) -> EventResult:
    """Missiles played on one roll; the third on the same roll opens Pocket 1."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    if not 1 <= count <= 5:
        raise RuleViolation(
            "A roll has at most 5 dice, so 1 to 5 missiles can be played on it.",
            rule="missiles-per-roll",
            field="count",
        )
    seat = seat_of(game, player) if player is not None else None
    event = log_event(
        game, EventKind.MISSILES, f"{count} missile(s) played on one roll.", by, seat, count=count
    )
    return with_triggers(campaign, event)


@transaction.atomic
def record_recruitment(
    *, game: Game, player: int, troops: int, holds_missile: bool, by=None
) -> EventResult:
    """A big recruitment: 30 or more troops while holding a missile opens Pocket 2."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    if troops < 0 or troops > 1000:
        raise RuleViolation("Troops recruited must be 0 to 1000.", rule="troops", field="troops")
    seat = seat_of(game, player)
    event = log_event(
        game,
        EventKind.RECRUITMENT,
        f"{seat.player.name} recruits {troops} troops"
        + (" holding a missile." if holds_missile else "."),
        by,
        seat,
        troops=troops,
        holds_missile=bool(holds_missile),
    )
    return with_triggers(campaign, event)


@transaction.atomic
def eliminate_faction(*, game: Game, player: int, can_rejoin: bool, by=None) -> EventResult:
    """A faction is wiped out; if it cannot rejoin, it is eliminated (the first opens Pack 2)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    seat = seat_of(game, player)
    if _is_out(game, seat):
        raise RuleViolation(
            f"{seat.player.name} is already out of this game.", rule="already-out", conflict=True
        )
    event = log_event(
        game,
        EventKind.ELIMINATED,
        f"{seat.player.name} ({seat.faction}) is wiped out"
        + (" and may rejoin." if can_rejoin else "."),
        by,
        seat,
        can_rejoin=bool(can_rejoin),
    )
    return with_triggers(campaign, event)


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
    campaign, game = locked_game(game)
    require_in_progress(game)
    seat = seat_of(game, player)
    if not _is_out(game, seat):
        raise RuleViolation(
            f"{seat.player.name} is still in the war.", rule="not-out", conflict=True
        )
    event = log_event(
        game, EventKind.REJOINED, f"{seat.player.name} joins the war again.", by, seat
    )
    return with_triggers(campaign, event)


@transaction.atomic
def coin_pile_out(*, game: Game, territories: Mapping[int, int], by=None) -> EventResult:
    """The coin-card pile ran out: the first time in a game, a red star to the player who
    controls the most territories (nobody on a tie)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
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
    event = log_event(
        game,
        EventKind.COIN_PILE_OUT,
        summary,
        by,
        seats.get(winner),
        territories={str(k): v for k, v in counts.items()},
        red_star_to=winner,
    )
    return with_triggers(campaign, event, red_star_to=winner)


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
    campaign, game = locked_game(game)
    require_in_progress(game)
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
    seat = seat_of(game, player) if player is not None else None
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
    event = log_event(
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
    return with_triggers(campaign, event)


@transaction.atomic
def destroy_city(*, game: Game, territory: str, by=None) -> EventResult:
    """A city destroyed by unlocked content: it stops counting from this game on."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    if territory not in board.TERRITORY_BY_SLUG:
        raise RuleViolation(
            f"There is no territory called {territory!r} on the board.",
            rule="unknown-territory",
            field="territory",
        )
    city = City.objects.current().filter(campaign=campaign, territory=territory).first()
    if city is None:
        raise RuleViolation("There is no city there to destroy.", rule="no-city", field="territory")
    city.removed_in_game = game.number
    city.removed_reason = RemovedReason.DESTROYED
    city.save(update_fields=["removed_in_game", "removed_reason"])
    Fortification.objects.current().filter(city=city).update(
        removed_in_game=game.number, removed_reason=RemovedReason.DESTROYED
    )
    event = log_event(
        game, EventKind.CITY_DESTROYED, f"{city.name} destroyed.", by, territory=territory
    )
    return with_triggers(campaign, event)
