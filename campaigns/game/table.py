"""During the game: what the table logs as it plays (scars, missiles, recruitments, red stars,
eliminations and rejoins, HQs taken, the coin pile running out). Each entry is a row of the
game's log, and tells which sealed packets its triggers made due. Entries about what stands on a
territory are in ``territory_entries``; taking an entry back is ``taking_back``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from django.db import transaction

from campaigns.game import entry_marks
from campaigns.game.common import (
    EventResult,
    locked_game,
    log_event,
    require_in_progress,
    seat_of,
    seats_of,
)
from campaigns.game.derived import campaign_factions
from campaigns.game.holdings import (
    BIG_RECRUITMENT,
    DECISIVE_KINDS,
    Replay,
    coin_pile_winner,
    entry_of,
    holdings_of,
    open_roll,
    roll_of,
)
from campaigns.game.packets import packets_due
from campaigns.models import (
    Campaign,
    EventKind,
    Game,
    GameEvent,
    MarkChange,
    Seat,
)
from legacy import rules, table_rules
from legacy.board import BOX, Board
from legacy.errors import RuleViolation
from legacy.models import (
    Scar,
    ScarKind,
)
from legacy.selectors import board_as_of_game, world_as_of


def with_triggers(campaign: Campaign, event: GameEvent, **kw) -> EventResult:
    """The entry's result, with how to read the packets it makes due (``entry_service`` reads
    them once the entry's transaction is over)."""
    return EventResult(event, lambda: packets_due(campaign), **kw)


def at_war(game: Game, seats: list[Seat] | None = None, replayed: Replay | None = None):
    """The game's seats and the replay of its log, once the war goes on: after a player has won
    (4 red stars, or the last faction standing) the table enters nothing more but the end of
    the game, or takes the winning entry back. ``replayed`` may be a full replay already read;
    otherwise the entries that decide the war are read (``DECISIVE_KINDS``)."""
    seats = seats_of(game) if seats is None else seats
    if replayed is None:
        replayed = holdings_of(game, seats=seats, kinds=DECISIVE_KINDS)
    if replayed.winner is not None:
        winner = next(s for s in seats if s.pk == replayed.winner)
        table_rules.war_goes_on(
            game.number, winner=winner.player.name, how=replayed.won_by, entry=replayed.won_at
        )
    return seats, replayed


def in_the_war(seat: Seat | None, replayed: Replay, what: str) -> None:
    """Out means out: refuse an entry by ``seat`` while it is out of the war (``what``: the
    entry, in words)."""
    if seat is None:
        return
    held = replayed.holdings[seat.pk]
    table_rules.not_out(seat.player.name, out=held.out, out_for_good=held.out_for_good, what=what)


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


def board_of(game: Game) -> Board:
    """The campaign's board as of ``game``: where its entries may put a mark."""
    return board_as_of_game(game.campaign_id, game.number)


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
    found = ScarKind.objects.filter(campaign=campaign, slug=scar).first()
    kind = (
        table_rules.ScarType(found.slug, found.name, found.on_faction_card, found.cards)
        if found
        else None
    )
    counting = Scar.objects.current().filter(campaign=campaign)
    spot = table_rules.ScarSpot(
        territory=territory,
        faction=faction,
        territory_scarred=territory is not None and counting.filter(territory=territory).exists(),
        faction_scarred=faction is not None and counting.filter(faction=faction).exists(),
    )
    factions = campaign_factions(campaign.pk) if territory is None else {}
    table_rules.scar_place(
        kind, spot, asked=scar, factions=factions, on=board_of(game) if territory else BOX
    )
    assert kind is not None and found is not None  # the rule refuses an unknown scar
    seats, replayed = at_war(game, replayed=holdings_of(game))
    seat = seat_of(game, player, seats) if player is not None else None
    in_the_war(seat, replayed, "scar")
    reason = (reason or "").strip()
    holder = None
    if seat is not None and game.scar_cards_dealt:
        held = replayed.holdings[seat.pk]
        holder = table_rules.ScarCardHolder(seat.player.name, held.scar_cards, held.scar_card_kind)
    table_rules.scar_card_played(
        kind,
        without_card=without_card,
        reason=reason,
        game_number=game.number,
        scar_cards_dealt=game.scar_cards_dealt,
        holder=holder,
        played=Scar.objects.filter(campaign=campaign, kind=found, voided=False).count(),
    )
    placed = Scar.objects.create(
        campaign=campaign,
        kind=found,
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
    entry_marks.link(event, MarkChange.CREATED, placed)
    return with_triggers(campaign, event)


@entry_service
def use_missiles(
    *,
    game: Game,
    count: int,
    player: int,
    roll: int | None = None,
    new_roll: bool = False,
    by=None,
) -> EventResult:
    """Missiles a seat plays on one roll: the third missile on one roll, from one player or
    several, opens Pocket 1. ``roll`` is the entry that began the roll, when others' missiles
    are on it already; left out, the missiles join the open roll (``open_roll``: the latest
    entry is a missile entry) unless ``new_roll`` says they are on a roll of their own."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    if roll is not None and new_roll:
        raise RuleViolation(
            "Missiles are either on the roll named or on a new roll, not both.",
            rule="missile-roll",
            field="new_roll",
        )
    if roll is None and not new_roll:
        roll = open_roll(game)
    table_rules.missiles_count(count)
    seats = seats_of(game)
    seats, replayed = at_war(game, seats, holdings_of(game, seats=seats))
    seat = seat_of(game, player, seats)
    in_the_war(seat, replayed, "missiles")
    table_rules.missiles_held(
        seat.player.name, held=replayed.holdings[seat.pk].missiles, count=count
    )
    if roll is not None:
        first = game.events.filter(seq=roll, kind=EventKind.MISSILES, voided=False).first()
        entry, roll = roll, roll_of(entry_of(first)) if first else None
        table_rules.missiles_on_a_roll(
            entry=entry,
            found=first is not None,
            already=replayed.missiles_per_roll.get(roll, 0) if roll is not None else 0,
            count=count,
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
    Whether it holds one is read from its holdings, not typed. A smaller recruitment changes
    nothing a trigger reads."""
    big = isinstance(troops, int) and troops >= BIG_RECRUITMENT
    campaign, game = locked_game(game, marks=False, triggers=big)
    require_in_progress(game)
    table_rules.troops_recruited(troops)
    seats = seats_of(game)
    # What decides the war, and a seat's missiles (which move only with its start and its
    # missile entries): never the game's other entries, so an entry costs the same at entry 500.
    read = holdings_of(game, seats=seats, kinds=(*DECISIVE_KINDS, EventKind.MISSILES))
    seats, replayed = at_war(game, seats, read)
    seat = seat_of(game, player, seats)
    in_the_war(seat, replayed, "recruitment")
    holds_missile = replayed.holdings[seat.pk].missiles > 0
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
    """A seat trades 4 resource cards for a red star token at the start of its turn; the one
    that brings it to 4 red stars (tokens and HQs) wins the war at once (no packet's trigger
    reads red stars)."""
    campaign, game = locked_game(game, marks=False, triggers=False)
    require_in_progress(game)
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats)
    held = replayed.holdings[seat.pk]
    table_rules.red_star_bought(seat.player.name, out=held.out, red_stars=held.red_stars_counted)
    event = log_event(
        game,
        EventKind.RED_STAR_BOUGHT,
        by,
        seat,
    )
    return with_triggers(campaign, event)


@entry_service
def eliminate_faction(
    *, game: Game, player: int, can_rejoin: bool, no_legal_start: bool = False, by=None
) -> EventResult:
    """A faction is wiped out; if it cannot rejoin, it is eliminated (the first opens Pack 2).
    ``no_legal_start``: a faction wiped out earlier, waiting to join the war again, finds no
    legal start left, so it is eliminated now (and Pack 2 is due now, not at the end)."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats)
    held = replayed.holdings[seat.pk]
    table_rules.faction_eliminated(
        seat.player.name,
        out=held.out,
        out_for_good=held.out_for_good,
        no_legal_start=no_legal_start,
    )
    extra = {"no_legal_start": True} if no_legal_start else {}
    event = log_event(
        game,
        EventKind.ELIMINATED,
        by,
        seat,
        can_rejoin=bool(can_rejoin) and not no_legal_start,
        **extra,
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
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats)
    held = replayed.holdings[seat.pk]
    occupied = list(occupied or ())
    table_rules.rejoining(
        seat.player.name,
        out=held.out,
        out_for_good=held.out_for_good,
        out_at=held.out_at,
        territory=territory,
        occupied=occupied,
        on=board_of(game),
    )
    hqs = set(game.seats.values_list("hq", flat=True))
    refusal = rules.joining_refusal(
        world_as_of(campaign.pk),
        territory,
        player=seat.player_id,
        occupied={*occupied, *hqs},
        capital_starts=campaign.world_capital_is_a_start,
    )
    table_rules.join_refused(seat.player.name, refusal)
    event = log_event(
        game,
        EventKind.REJOINED,
        by,
        seat,
        territory=territory,
    )
    return with_triggers(campaign, event)


@entry_service
def take_hq(*, game: Game, player: int, hq_of: int, by=None) -> EventResult:
    """A player takes the HQ of another (or retakes their own, ``hq_of`` being themselves):
    each HQ a player controls counts as a red star, and the entry that brings them to 4 red
    stars wins the war at once."""
    campaign, game = locked_game(game, marks=False, triggers=False)
    require_in_progress(game)
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats)
    in_the_war(seat, replayed, "HQ taken")
    owner = next((s for s in seats if s.player_id == hq_of and hq_of is not None), None)
    if owner is None:
        raise RuleViolation(
            "The HQ taken is the HQ of a player seated in this game.",
            rule="unknown-seat",
            field="hq_of",
        )
    table_rules.hq_taken(
        seat.player.name,
        owner.player.name,
        held_by_taker=replayed.hq_held_by.get(owner.pk) == seat.pk,
    )
    event = log_event(game, EventKind.HQ_TAKEN, by, seat, hq_of=owner.player_id, territory=owner.hq)
    return with_triggers(campaign, event)


@entry_service
def coin_pile_out(*, game: Game, territories: Mapping[int, int], by=None) -> EventResult:
    """The coin-card pile ran out: the first time in a game, a red star to the player who
    controls the most territories (nobody on a tie)."""
    campaign, game = locked_game(game, marks=False)
    require_in_progress(game)
    in_order, replayed = at_war(game)
    seats = {s.player_id: s for s in in_order}
    out = {s.player_id: s.player.name for s in in_order if replayed.holdings[s.pk].out}
    counts = table_rules.coin_pile_counts(
        territories,
        seated=frozenset(seats),
        out=out,
        on_the_board=len(board_of(game).territories),
    )
    first = not game.events.filter(kind=EventKind.COIN_PILE_OUT, voided=False).exists()
    winner = coin_pile_winner(counts) if first else None
    event = log_event(
        game,
        EventKind.COIN_PILE_OUT,
        by,
        seats.get(winner) if winner is not None else None,
        territories={str(k): v for k, v in counts.items()},
        red_star_to=winner,
    )
    return with_triggers(campaign, event, red_star_to=winner)
