"""During the game: what the table logs as it plays (scars, missiles, recruitments, eliminations
and rejoins, the coin pile running out, new marks, destroyed cities). Each entry is a row of the
game's log, and tells which sealed packets its triggers made due.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from campaigns.game.common import (
    EventResult,
    locked_game,
    log_event,
    require_in_progress,
    seat_of,
    seats_of,
)
from campaigns.game.derived import campaign_factions
from campaigns.game.holdings import OUT_KINDS, coin_pile_winner, entry_of, holdings_of, roll_of
from campaigns.game.packets import packets_to_open, trigger_facts
from campaigns.models import (
    Campaign,
    EventKind,
    Game,
    GameEvent,
)
from campaigns.services import audit
from legacy import board, corrections, rules
from legacy.box import FORTIFICATION_BOXES
from legacy.errors import RuleViolation
from legacy.models import (
    City,
    Fortification,
    MarkKind,
    OtherMark,
    PacketOpening,
    RemovedReason,
    Scar,
    ScarKind,
)
from legacy.selectors import world_as_of


def with_triggers(campaign: Campaign, event: GameEvent, **kw) -> EventResult:
    """The entry's result, with how to read the packets it makes due (``entry_service`` reads
    them once the entry's transaction is over)."""
    return EventResult(event, lambda: packets_to_open(campaign.pk, campaign), **kw)


def entry_service(service):
    """An entry of the log: written in one transaction that holds the campaign's lock, then the
    packets it makes due read at once, after that transaction, so that another phone's entry
    for the same campaign waits only for the writing."""

    @functools.wraps(service)
    def enter(*args, **kwargs) -> EventResult:
        with transaction.atomic():
            result = service(*args, **kwargs)
        result.packets_to_open  # noqa: B018 - read now, the lock given back
        return result

    return enter


@entry_service
def place_scar(
    *,
    game: Game,
    scar: str,
    territory: str | None = None,
    faction: str | None = None,
    player: int | None = None,
    without_card: bool = False,
    reason: str = "",
    by=None,
) -> EventResult:
    """A scar from the scar card a seat holds: on a territory, or a faction scar on a faction
    card. ``without_card`` is for a scar that unlocked content places with no card (say why)."""
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
    seat = seat_of(game, player) if player is not None else None
    reason = (reason or "").strip()
    if without_card:
        if not reason:
            raise RuleViolation(
                "A scar placed without a scar card says which rule places it.",
                rule="scar-without-card-reason",
                field="reason",
            )
    else:
        if not game.scar_cards_dealt:
            raise RuleViolation(
                f"No scar cards were dealt in game {game.number}: there were not enough for "
                "every player, so nobody places a scar with one.",
                rule="no-scar-cards-this-game",
                field="scar",
            )
        if seat is None:
            raise RuleViolation(
                "Say who plays the scar card.", rule="scar-card-holder", field="player"
            )
        held = holdings_of(game).holdings[seat.pk]
        if not held.scar_cards:
            raise RuleViolation(
                f"{seat.player.name} holds no scar card any more: one card a game, played once.",
                rule="scar-card-held",
                field="player",
            )
        if held.scar_card_kind and held.scar_card_kind != kind.slug:
            raise RuleViolation(
                f"{seat.player.name}'s scar card is not a {kind.name} card.",
                rule="scar-card-held",
                field="scar",
            )
    if Scar.objects.filter(campaign=campaign, kind=kind, voided=False).count() >= kind.cards:
        raise RuleViolation(
            f"All {kind.cards} {kind.name} scar cards have been played: the box has no more.",
            rule="stock-empty",
            field="scar",
        )
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
        by,
        seat,
        scar=scar,
        territory=territory,
        faction=faction,
        with_card=not without_card,
        **({"reason": reason[:200]} if without_card else {}),
    )
    return with_triggers(campaign, event)


@entry_service
def use_missiles(
    *, game: Game, count: int, player: int, roll: int | None = None, by=None
) -> EventResult:
    """Missiles a seat plays on one roll. ``roll`` is the entry that began the roll, when other
    players' missiles are on it already: the third missile on one roll, from one player or
    several, opens Pocket 1."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    if not 1 <= count <= 5:
        raise RuleViolation(
            "A roll has at most 5 dice, so 1 to 5 missiles can be played on it.",
            rule="missiles-per-roll",
            field="count",
        )
    seats = seats_of(game)
    seat = seat_of(game, player, seats)
    replayed = holdings_of(game, seats=seats)
    held = replayed.holdings[seat.pk].missiles
    if held < count:
        raise RuleViolation(
            f"{seat.player.name} holds {held} missile(s): {count} cannot be played.",
            rule="missiles-held",
            field="count",
        )
    if roll is not None:
        first = game.events.filter(seq=roll, kind=EventKind.MISSILES, voided=False).first()
        if first is None:
            raise RuleViolation(
                f"Entry {roll} of this game is not a roll with missiles on it.",
                rule="missile-roll",
                field="roll",
            )
        roll = roll_of(entry_of(first))
        if replayed.missiles_per_roll.get(roll, 0) + count > 5:
            raise RuleViolation(
                "A roll has at most 5 dice, so at most 5 missiles are played on it.",
                rule="missiles-per-roll",
                field="count",
            )
    event = log_event(
        game,
        EventKind.MISSILES,
        by,
        seat,
        count=count,
        roll=roll,
    )
    if roll is None:
        event.data["roll"] = event.seq
        event.save(update_fields=["data"])
    return with_triggers(campaign, event)


@entry_service
def record_recruitment(*, game: Game, player: int, troops: int, by=None) -> EventResult:
    """A big recruitment: 30 or more troops while the seat holds a missile opens Pocket 2.
    Whether it holds one is read from its holdings, not typed."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    if troops < 0 or troops > 1000:
        raise RuleViolation("Troops recruited must be 0 to 1000.", rule="troops", field="troops")
    seats = seats_of(game)
    seat = seat_of(game, player, seats)
    holds_missile = holdings_of(game, seats=seats).holdings[seat.pk].missiles > 0
    event = log_event(
        game,
        EventKind.RECRUITMENT,
        by,
        seat,
        troops=troops,
        holds_missile=holds_missile,
    )
    return with_triggers(campaign, event)


@entry_service
def buy_red_star(*, game: Game, player: int, by=None) -> EventResult:
    """A seat trades 4 resource cards for a red star token at the start of its turn."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    seats = seats_of(game)
    seat = seat_of(game, player, seats)
    if holdings_of(game, seats=seats, kinds=OUT_KINDS).holdings[seat.pk].out:
        raise RuleViolation(
            f"{seat.player.name} is out of the war: no turn, no red star.",
            rule="already-out",
            conflict=True,
        )
    event = log_event(
        game,
        EventKind.RED_STAR_BOUGHT,
        by,
        seat,
    )
    return with_triggers(campaign, event)


@entry_service
def eliminate_faction(*, game: Game, player: int, can_rejoin: bool, by=None) -> EventResult:
    """A faction is wiped out; if it cannot rejoin, it is eliminated (the first opens Pack 2)."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    seats = seats_of(game)
    seat = seat_of(game, player, seats)
    if holdings_of(game, seats=seats, kinds=OUT_KINDS).holdings[seat.pk].out:
        raise RuleViolation(
            f"{seat.player.name} is already out of this game.", rule="already-out", conflict=True
        )
    event = log_event(
        game,
        EventKind.ELIMINATED,
        by,
        seat,
        can_rejoin=bool(can_rejoin),
    )
    return with_triggers(campaign, event)


@entry_service
def rejoin_faction(
    *, game: Game, player: int, territory: str, occupied: Iterable[str] = (), by=None
) -> EventResult:
    """A wiped-out faction joins the war again: 4 troops, no HQ, on a legal start.

    Keepers do not track troops, so the service checks what it can know: the territory must be
    unmarked (or a major city this player founded), not an HQ territory of this game (an HQ stays
    on the board, so its territory is occupied), and not among ``occupied``, the territories the
    table says are occupied now. HQs do not close their neighbours to a joining player.
    """
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    seats = seats_of(game)
    seat = seat_of(game, player, seats)
    held = holdings_of(game, seats=seats, kinds=OUT_KINDS).holdings[seat.pk]
    if not held.out:
        raise RuleViolation(
            f"{seat.player.name} is still in the war.", rule="not-out", conflict=True
        )
    if held.out_for_good:
        raise RuleViolation(
            f"{seat.player.name} was eliminated (entry {held.out_at}): an eliminated faction "
            "does not rejoin this game.",
            rule="eliminated-for-good",
            conflict=True,
        )
    occupied = list(occupied or ())
    for slug in [territory, *occupied]:
        if slug not in board.TERRITORY_BY_SLUG:
            raise RuleViolation(
                f"There is no territory called {slug!r} on the board.",
                rule="unknown-territory",
                field="territory" if slug == territory else "occupied",
            )
    hqs = set(game.seats.values_list("hq", flat=True))
    refusal = rules.joining_refusal(
        world_as_of(campaign.pk), territory, player=seat.player_id, occupied={*occupied, *hqs}
    )
    if refusal:
        raise RuleViolation(
            f"{seat.player.name} cannot join the war there: {refusal}",
            rule="join-the-war",
            field="territory",
        )
    event = log_event(
        game,
        EventKind.REJOINED,
        by,
        seat,
        territory=territory,
    )
    return with_triggers(campaign, event)


@entry_service
def coin_pile_out(*, game: Game, territories: Mapping[int, int], by=None) -> EventResult:
    """The coin-card pile ran out: the first time in a game, a red star to the player who
    controls the most territories (nobody on a tie)."""
    campaign, game = locked_game(game, marks=False)
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
    first = not game.events.filter(kind=EventKind.COIN_PILE_OUT, voided=False).exists()
    winner = coin_pile_winner(counts) if first else None
    event = log_event(
        game,
        EventKind.COIN_PILE_OUT,
        by,
        seats.get(winner),
        territories={str(k): v for k, v in counts.items()},
        red_star_to=winner,
    )
    return with_triggers(campaign, event, red_star_to=winner)


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
    return with_triggers(campaign, event)


@entry_service
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
    event = log_event(game, EventKind.CITY_DESTROYED, by, territory=territory)
    return with_triggers(campaign, event)


@entry_service
def attack_fortification(
    *, game: Game, territory: str, player: int | None = None, by=None
) -> EventResult:
    """An attack with 3 troops (3 dice) on a fortified city: one box of its fortification is
    marked once the roll is made. The tenth box wears it out: it stops working."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    if territory not in board.TERRITORY_BY_SLUG:
        raise RuleViolation(
            f"There is no territory called {territory!r} on the board.",
            rule="unknown-territory",
            field="territory",
        )
    name = board.TERRITORY_BY_SLUG[territory].name
    fort = (
        Fortification.objects.current()
        .filter(campaign=campaign, city__territory=territory, city__voided=False)
        .filter(city__removed_in_game__isnull=True)
        .first()
    )
    if fort is None or fort.boxes_used >= FORTIFICATION_BOXES:
        raise RuleViolation(
            f"{name} has no working fortification: there is no box to mark.",
            rule="no-working-fortification",
            field="territory",
        )
    seat = seat_of(game, player) if player is not None else None
    before = corrections.snapshot(fort)
    key = str(game.number)
    fort.boxes_used += 1
    fort.boxes_marked_in = {**fort.boxes_marked_in, key: fort.boxes_marked_in.get(key, 0) + 1}
    fort.save(update_fields=["boxes_used", "boxes_marked_in"])
    worn_out = fort.boxes_used >= FORTIFICATION_BOXES
    event = log_event(
        game,
        EventKind.FORTIFICATION_ATTACKED,
        by,
        seat,
        territory=territory,
        boxes_used=fort.boxes_used,
        worn_out=worn_out,
    )
    corrections.record_correction(
        mark=fort,
        before=before,
        reason=f"Entry {event.seq} of game {game.number}: a box marked after a 3-troop attack.",
        by=by,
    )
    return with_triggers(campaign, event)


def _unmark_fortification_box(campaign: Campaign, game: Game, event: GameEvent, reason: str, by):
    """Take back the box an attack entry marked: on the newest fortification of that territory
    with a box marked in this game."""
    key = str(game.number)
    forts = Fortification.objects.filter(
        campaign=campaign, voided=False, city__territory=(event.data or {}).get("territory")
    ).order_by("-pk")
    fort = next((f for f in forts if (f.boxes_marked_in or {}).get(key, 0) > 0), None)
    if fort is None:
        return
    before = corrections.snapshot(fort)
    left = fort.boxes_marked_in[key] - 1
    marked_in = {g: n for g, n in fort.boxes_marked_in.items() if g != key}
    fort.boxes_marked_in = {**marked_in, **({key: left} if left else {})}
    fort.boxes_used = max(0, fort.boxes_used - 1)
    fort.save(update_fields=["boxes_used", "boxes_marked_in"])
    corrections.record_correction(mark=fort, before=before, reason=reason, by=by)


@dataclass(frozen=True)
class VoidResult:
    event: GameEvent
    packets_to_open: list[str]
    stays_opened: list[str]  # packets opened because of the entry: they stay opened


def _entry_marks(campaign: Campaign, game: Game, event: GameEvent) -> list:
    """The marks an entry put on the board (or took off it), to be undone with it."""
    data = event.data or {}
    place = {"territory": data.get("territory"), "faction": data.get("faction")}
    if event.kind == EventKind.SCAR_PLACED:
        found = Scar.objects.filter(
            campaign=campaign, kind__slug=data.get("scar"), placed_in_game=game.number, **place
        )
    elif event.kind == EventKind.MARK_PLACED:
        found = OtherMark.objects.filter(
            campaign=campaign,
            kind__slug=data.get("mark_kind"),
            placed_in_game=game.number,
            label=data.get("label", ""),
            **place,
        )
    elif event.kind == EventKind.PACKET_OPENED:
        found = PacketOpening.objects.filter(campaign=campaign, packet=data.get("packet"))
    else:
        return []
    return list(found.filter(voided=False).order_by("-pk")[:1])


def _undo_destroyed_city(campaign: Campaign, game: Game, event: GameEvent, reason: str, by):
    city = (
        City.objects.filter(
            campaign=campaign,
            voided=False,
            territory=(event.data or {}).get("territory"),
            removed_in_game=game.number,
            removed_reason=RemovedReason.DESTROYED,
        )
        .order_by("-pk")
        .first()
    )
    if city is None:
        return
    walls = Fortification.objects.filter(
        city=city, voided=False, removed_in_game=game.number, removed_reason=RemovedReason.DESTROYED
    )
    for mark in [city, *walls]:
        before = corrections.snapshot(mark)
        mark.removed_in_game = None
        mark.removed_reason = ""
        mark.save(update_fields=["removed_in_game", "removed_reason"])
        corrections.record_correction(mark=mark, before=before, reason=reason, by=by)


@transaction.atomic
def void_event(*, game: Game, seq: int, reason: str, by=None) -> VoidResult:
    """Take back an entry of the game's log, with a reason: it stays in the log, struck out,
    and what it put on the board is voided too. Holdings and packets due are read without it.
    A packet already opened because of it stays opened (the result says which)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation("Say why the entry is taken back.", rule="void-reason", field="reason")
    event = game.events.filter(seq=seq).select_related("seat__player").first()
    if event is None:
        raise RuleViolation(
            f"Game {game.number} has no entry {seq}.", rule="unknown-entry", field="seq"
        )
    if event.voided:
        raise RuleViolation(
            f"Entry {seq} is already taken back.", rule="entry-void-once", conflict=True
        )
    fired_before = set(rules.packets_triggered(trigger_facts(campaign.pk)))
    note = f"Entry {seq} of game {game.number} taken back: {reason}"
    for mark in _entry_marks(campaign, game, event):
        corrections.void_mark(mark=mark, reason=note, by=by)
    if event.kind == EventKind.CITY_DESTROYED:
        _undo_destroyed_city(campaign, game, event, note, by)
    if event.kind == EventKind.FORTIFICATION_ATTACKED:
        _unmark_fortification_box(campaign, game, event, note, by)
    event.voided = True
    event.voided_at = timezone.now()
    event.voided_by = by if getattr(by, "is_authenticated", False) else None
    event.void_reason = reason[:300]
    event.save(update_fields=["voided", "voided_at", "voided_by", "void_reason"])
    audit(
        campaign,
        by,
        "entry-voided",
        game=game.number,
        seq=seq,
        kind=event.kind,
        reason=reason[:200],
    )
    due = packets_to_open(campaign.pk)
    fired_after = set(rules.packets_triggered(trigger_facts(campaign.pk)))
    opened = set(
        PacketOpening.objects.filter(campaign=campaign, voided=False).values_list(
            "packet", flat=True
        )
    )
    stays = sorted((fired_before - fired_after) & opened)
    return VoidResult(event=event, packets_to_open=due, stays_opened=stays)
