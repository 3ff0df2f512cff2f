"""The draft of a game (after Pack 1 is open the table drafts turn order, placement order,
starting troops and starting coin cards per seat): entered at setup or during the game,
optional until Pack 1 is open (``draft_offered``). The rule is ``legacy.rules.draft``. A seat
joining the war places half of what it drafted (``joining_troops_of``)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from campaigns.models import Game, GameStatus, Seat
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation
from legacy.models import PacketOpening
from legacy.refusals import ServiceRule
from legacy.rules import joining_troops
from legacy.rules.draft import DraftPick, check_draft


def draft_offered(campaign_id: int) -> bool:
    """Once Pack 1 is open the table drafts each game: the draft is offered."""
    return PacketOpening.objects.filter(
        campaign_id=campaign_id, packet="pack-1", voided=False
    ).exists()


def has_draft(seat: Seat) -> bool:
    return seat.draft_turn is not None


def joining_troops_of(seat: Seat | None) -> int:
    """The troops ``seat`` places when it joins the war: half of what it drafted once the draft
    is in use for it, otherwise half the 8 starting troops (``legacy.rules.joining_troops``)."""
    if seat is not None and has_draft(seat) and seat.starting_troops is not None:
        return joining_troops(seat.starting_troops)
    return joining_troops()


def joining_troops_now(campaign_id: int, player: int | None) -> int:
    """The troops ``player`` places joining the war in the campaign's game at the table (set up
    or being played; the newest), as that game's draft gave them."""
    seat = None
    if player is not None:
        seat = (
            Seat.objects.filter(
                game__campaign_id=campaign_id,
                game__status__in=(GameStatus.SETUP, GameStatus.IN_PROGRESS),
                player_id=player,
            )
            .order_by("-game__number")
            .first()
        )
    return joining_troops_of(seat)


@transaction.atomic
def record_draft(*, game: Game, picks: Mapping[int, DraftPick], by=None) -> list[Seat]:
    """Each seat's picks (by player id), replacing any entered before; the game is set up or
    being played (a finished game is amended instead)."""
    lock_campaign(game.campaign_id, marks=False, triggers=False)
    if game.status not in (GameStatus.SETUP, GameStatus.IN_PROGRESS):
        raise RuleViolation(ServiceRule.DRAFT_WHEN, conflict=True)
    seats = list(game.seats.order_by("order"))
    check_draft([s.player_id for s in seats], picks)
    for seat in seats:
        pick = picks[seat.player_id]
        seat.draft_turn = pick.turn
        seat.draft_placement = pick.placement
        seat.starting_troops = pick.troops
        seat.starting_coin_cards = pick.coin_cards
    Seat.objects.bulk_update(
        seats, ["draft_turn", "draft_placement", "starting_troops", "starting_coin_cards"]
    )
    audit(game.campaign, by, AuditAction.DRAFT_RECORDED, game=game.number)
    return seats
