"""During the game, entries about what stands on a territory: a World Capital founded, a mark
of a kind the group unlocked, a city destroyed, a fortification's box marked after an attack.
"""

from __future__ import annotations

from campaigns.capitals import place_world_capital
from campaigns.game import entry_marks
from campaigns.game.common import (
    EventResult,
    locked_game,
    log_event,
    require_in_progress,
    seat_of,
)
from campaigns.game.derived import campaign_factions
from campaigns.game.table import at_war, board_of, entry_service, in_the_war, with_triggers
from campaigns.models import (
    EventKind,
    Game,
    MarkChange,
)
from legacy import corrections, table_rules
from legacy.board import BOX
from legacy.models import (
    City,
    Fortification,
    MarkKind,
    OtherMark,
    RemovedReason,
)


@entry_service
def found_capital(
    *, game: Game, territory: str, name: str, player: int | None = None, by=None
) -> EventResult:
    """A World Capital founded during the game, as the box places it: on the board at once,
    within the World Capitals the campaign allows; Pack 4 is due if the group's World Capital
    is the mark that opens it."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats) if player is not None else None
    in_the_war(seat, replayed, "World Capital")
    city = place_world_capital(
        campaign,
        territory=territory,
        name=name,
        game=game.number,
        founder=seat.player if seat else None,
        by=by,
    )
    event = log_event(
        game, EventKind.WORLD_CAPITAL_FOUNDED, by, seat, territory=territory, name=city.name
    )
    entry_marks.link(event, MarkChange.CREATED, city)
    return with_triggers(campaign, event)


@entry_service
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
    table_rules.mark_place(
        kind=kind,
        kind_known=mark_kind is not None,
        territory=territory,
        faction=faction,
        factions=campaign_factions(campaign.pk) if faction is not None else {},
        on=board_of(game) if territory is not None else BOX,
    )
    assert mark_kind is not None  # the rule refuses a kind the campaign does not have
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats) if player is not None else None
    in_the_war(seat, replayed, "mark")
    placed = OtherMark.objects.create(
        campaign=campaign,
        kind=mark_kind,
        territory=territory,
        faction=faction,
        label=label[:60],
        placed_in_game=game.number,
        placed_by=seat.player if seat else None,
        entered_by=by,
    )
    event = log_event(
        game,
        EventKind.MARK_PLACED,
        by,
        seat,
        mark_kind=kind,
        territory=territory,
        faction=faction,
        label=label[:60],
    )
    entry_marks.link(event, MarkChange.CREATED, placed)
    return with_triggers(campaign, event)


@entry_service
def destroy_city(*, game: Game, territory: str, by=None) -> EventResult:
    """A city destroyed by unlocked content: it stops counting from this game on."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    at_war(game)
    table_rules.require_territory(territory, on=board_of(game))
    city = City.objects.current().filter(campaign=campaign, territory=territory).first()
    table_rules.city_destroyed(has_city=city is not None)
    city.removed_in_game = game.number
    city.removed_reason = RemovedReason.DESTROYED
    city.save(update_fields=["removed_in_game", "removed_reason"])
    walls = list(Fortification.objects.current().filter(city=city))
    Fortification.objects.filter(pk__in=[w.pk for w in walls]).update(
        removed_in_game=game.number, removed_reason=RemovedReason.DESTROYED
    )
    event = log_event(game, EventKind.CITY_DESTROYED, by, territory=territory)
    entry_marks.link(event, MarkChange.REMOVED, city, *walls)
    return with_triggers(campaign, event)


@entry_service
def attack_fortification(
    *, game: Game, territory: str, player: int | None = None, by=None
) -> EventResult:
    """An attack with 3 troops (3 dice) on a fortified city: one box of its fortification is
    marked once the roll is made. The tenth box wears it out: it stops working."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    name = table_rules.require_territory(territory, on=board_of(game))
    fort = (
        Fortification.objects.current()
        .filter(campaign=campaign, city__territory=territory, city__voided=False)
        .filter(city__removed_in_game__isnull=True)
        .first()
    )
    worn_out = table_rules.fortification_box(
        name, fortified=fort is not None, boxes_used=fort.boxes_used if fort else 0
    )
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats) if player is not None else None
    in_the_war(seat, replayed, "attack")
    before = corrections.snapshot(fort)
    key = str(game.number)
    fort.boxes_used += 1
    fort.boxes_marked_in = {**fort.boxes_marked_in, key: fort.boxes_marked_in.get(key, 0) + 1}
    fort.save(update_fields=["boxes_used", "boxes_marked_in"])
    event = log_event(
        game,
        EventKind.FORTIFICATION_ATTACKED,
        by,
        seat,
        territory=territory,
        boxes_used=fort.boxes_used,
        worn_out=worn_out,
    )
    entry_marks.link(event, MarkChange.BOX_MARKED, fort)
    corrections.record_correction(
        mark=fort,
        before=before,
        reason=f"Entry {event.seq} of game {game.number}: a box marked after a 3-troop attack.",
        by=by,
    )
    return with_triggers(campaign, event)
