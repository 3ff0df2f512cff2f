"""Claim your name: a member links their account to one roster name of a campaign, so that what
they enter is credited to the player and "my campaigns" shows their seat and record.

A member claims a name; the owner confirms it (the owner's own claim needs no confirmation),
and whoever joins by an invitation the inviter made for a roster name is linked at once
(``campaigns.members.accept_invitation``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from campaigns.models import (
    Campaign,
    GameStatus,
    Membership,
    Player,
    Result,
    Role,
    Seat,
)
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation


def _player(campaign: Campaign, player_id: int) -> Player:
    found = Player.objects.filter(campaign=campaign, pk=player_id).first()
    if found is None:
        raise RuleViolation("That player is not on this campaign's roster.", rule="unknown-player")
    return found


def name_of(campaign_id: int, user) -> Player | None:
    """The roster name linked to ``user`` in the campaign, if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Player.objects.filter(campaign_id=campaign_id, user=user).first()


def link(player: Player, user, by=None) -> Player:
    """Link ``user`` to ``player`` (the caller holds the campaign's lock and has checked)."""
    player.user = user
    player.claimed_by = None
    player.save(update_fields=["user", "claimed_by"])
    audit(player.campaign, by, AuditAction.NAME_LINKED, name=player.name)
    return player


def _may_take(campaign: Campaign, player: Player, user) -> None:
    if player.user_id is not None and player.user_id != user.pk:
        raise RuleViolation(
            "That roster name is linked to another member already.",
            rule="name-linked-already",
            conflict=True,
        )
    mine = Player.objects.filter(campaign=campaign, user=user).exclude(pk=player.pk)
    if mine.exists():
        raise RuleViolation(
            "You are linked to another roster name of this campaign already.",
            rule="one-name-each",
            conflict=True,
        )


@transaction.atomic
def claim_name(*, campaign: Campaign, player_id: int, by) -> Player:
    """A member asks to be this roster name; the owner's own claim links at once."""
    campaign = lock_campaign(campaign, marks=False, triggers=False)
    role = (
        Membership.objects.filter(campaign=campaign, user=by).values_list("role", flat=True).first()
    )
    if role is None:
        raise RuleViolation(
            "Only the campaign's members may claim a roster name.", rule="members-only"
        )
    player = _player(campaign, player_id)
    _may_take(campaign, player, by)
    if role == Role.OWNER:
        return link(player, by, by)
    if player.claimed_by_id is not None and player.claimed_by_id != by.pk:
        raise RuleViolation(
            "Another member has claimed that roster name: the owner decides.",
            rule="name-claimed-already",
            conflict=True,
        )
    player.claimed_by = by
    player.save(update_fields=["claimed_by"])
    audit(campaign, by, AuditAction.NAME_CLAIMED, name=player.name)
    return player


@transaction.atomic
def decide_claim(*, campaign: Campaign, player_id: int, accept: bool, by) -> Player:
    """The owner confirms a member's claim (linking them) or turns it down."""
    campaign = lock_campaign(campaign, marks=False, triggers=False)
    if not Membership.objects.filter(campaign=campaign, user=by, role=Role.OWNER).exists():
        raise RuleViolation(
            "Only the campaign's owner may do that.", rule="owner-only", conflict=True
        )
    player = _player(campaign, player_id)
    if player.claimed_by is None:
        raise RuleViolation("Nobody has claimed that roster name.", rule="no-claim", conflict=True)
    if not accept:
        player.claimed_by = None
        player.save(update_fields=["claimed_by"])
        return player
    _may_take(campaign, player, player.claimed_by)
    return link(player, player.claimed_by, by)


@dataclass
class MyRecord:
    """My roster name in a campaign, my seat in the game being played, and my record."""

    name: str
    played: int = 0
    won: int = 0
    seat: Seat | None = None


def my_records(user, campaign_ids) -> dict[int, MyRecord]:
    """For each campaign where ``user`` has a roster name: that name, their seat in the game
    being set up or played, and how many finished games they played and won. Two queries."""
    names = {
        p.campaign_id: p
        for p in Player.objects.filter(campaign_id__in=list(campaign_ids), user=user)
    }
    records = {cid: MyRecord(p.name) for cid, p in names.items()}
    seats = Seat.objects.filter(player__in=list(names.values())).select_related("game")
    for seat in seats:
        record = records[seat.game.campaign_id]
        if seat.game.status == GameStatus.FINISHED:
            record.played += 1
            record.won += seat.result == Result.WON
        else:
            record.seat = seat
    return records
