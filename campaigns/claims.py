"""Claim your name: a member links their account to one roster name of a campaign, so that what
they enter is credited to the player and "my campaigns" shows their seat and record.

A member claims a name, one at a time; the owner confirms it (the owner's own claim needs no
confirmation); a claim not decided when its member leaves the campaign goes with them,
and whoever joins by an invitation the inviter made for a roster name is linked at once
(``campaigns.members.accept_invitation``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, OuterRef, QuerySet, Subquery
from django.utils.translation import get_language

from campaigns.access import ROLE_LEVEL, sees_unlocked
from campaigns.models import (
    Campaign,
    GameStatus,
    Membership,
    Player,
    Result,
    Role,
    Seat,
)
from campaigns.selectors.standings import count_seat
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import UNLOCKED_FACTION, AuditAction
from legacy import names as box_names
from legacy.box import FACTION_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import UnlockedFaction
from legacy.refusals import ServiceRule


def _player(campaign: Campaign, player_id: int) -> Player:
    found = Player.objects.filter(campaign=campaign, pk=player_id).first()
    if found is None:
        raise RuleViolation(ServiceRule.UNKNOWN_PLAYER)
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
        raise RuleViolation(ServiceRule.NAME_LINKED_ALREADY, conflict=True, player=player.name)
    mine = Player.objects.filter(campaign=campaign, user=user).exclude(pk=player.pk).first()
    if mine is not None:
        raise RuleViolation(ServiceRule.ONE_NAME_EACH, conflict=True, player=mine.name)


@transaction.atomic
def claim_name(*, campaign: Campaign, player_id: int, by) -> Player:
    """A member asks to be this roster name; the owner's own claim links at once."""
    campaign = lock_campaign(campaign, marks=False, triggers=False)
    role = (
        Membership.objects.filter(campaign=campaign, user=by).values_list("role", flat=True).first()
    )
    if role is None:
        raise RuleViolation(ServiceRule.MEMBERS_ONLY)
    player = _player(campaign, player_id)
    _may_take(campaign, player, by)
    if role == Role.OWNER:
        return link(player, by, by)
    if player.claimed_by_id is not None and player.claimed_by_id != by.pk:
        raise RuleViolation(ServiceRule.NAME_CLAIMED_ALREADY, conflict=True, player=player.name)
    pending = Player.objects.filter(campaign=campaign, claimed_by=by).exclude(pk=player.pk).first()
    if pending is not None:  # one claim at a time each (and "one_claim_per_member" beneath)
        raise RuleViolation(ServiceRule.ONE_CLAIM_EACH, conflict=True, player=pending.name)
    player.claimed_by = by
    player.save(update_fields=["claimed_by"])
    audit(campaign, by, AuditAction.NAME_CLAIMED, name=player.name)
    return player


@transaction.atomic
def decide_claim(*, campaign: Campaign, player_id: int, accept: bool, by) -> Player:
    """The owner confirms a member's claim (linking them) or turns it down."""
    campaign = lock_campaign(campaign, marks=False, triggers=False)
    if not Membership.objects.filter(campaign=campaign, user=by, role=Role.OWNER).exists():
        raise RuleViolation(ServiceRule.OWNER_ONLY, conflict=True)
    player = _player(campaign, player_id)
    if player.claimed_by is None:
        raise RuleViolation(ServiceRule.NO_CLAIM, conflict=True, player=player.name)
    if not accept:
        player.claimed_by = None
        player.save(update_fields=["claimed_by"])
        return player
    _may_take(campaign, player, player.claimed_by)
    return link(player, player.claimed_by, by)


@dataclass(frozen=True)
class Credit:
    """Who an entry is credited to: the roster name linked to the account that made it
    (``player`` its id), else the account's username (``player`` None)."""

    player: int | None
    name: str


def credited(
    rows: QuerySet, campaign_id: int, field: str = "entered_by", *, accounts: bool = True
) -> QuerySet:
    """``rows`` (game log entries, marks...) with what ``credit_of`` reads: the account that
    made each (``field``) and the roster name linked to it in the campaign, in the same query.
    ``accounts=False``: of the account, its username alone (``credit_username``), for a reader
    that needs nothing else of it (the game page's log: no account row built per entry)."""
    linked = Player.objects.filter(campaign_id=campaign_id, user_id=OuterRef(f"{field}_id"))
    names = {
        "credit_player": Subquery(linked.values("pk")[:1]),
        "credit_name": Subquery(linked.values("name")[:1]),
    }
    if not accounts:
        username = get_user_model().USERNAME_FIELD
        return rows.annotate(**names, credit_username=F(f"{field}__{username}"))
    return rows.select_related(field).annotate(**names)


def linked_name(campaign_id: int, user) -> tuple[int | None, str | None]:
    """The roster name (its id and name) linked to ``user`` in the campaign, or (None, None):
    what ``credit_of`` reads, read before a write so that its answer reads nothing more while
    the write holds the campaign's lock (``credited_as``)."""
    if user is None or not user.is_authenticated:
        return None, None
    found = (
        Player.objects.filter(campaign_id=campaign_id, user_id=user.pk)
        .values_list("pk", "name")
        .first()
    )
    return found if found else (None, None)


def credited_as(row, linked: tuple[int | None, str | None]):
    """``row`` carrying what ``credited`` would have read for it (``linked_name``)."""
    row.credit_player, row.credit_name = linked
    return row


def credit_of(row, campaign_id: int, field: str = "entered_by") -> Credit | None:
    """Who made ``row``: the player whose roster name the account is linked to, or the
    account's username; None when nobody is known (an import, an account since deleted).
    Read from ``credited`` rows without a query; a row read otherwise costs one."""
    user_id = getattr(row, f"{field}_id")
    if user_id is None:
        return None
    if hasattr(row, "credit_player"):
        player, name = row.credit_player, row.credit_name
    else:
        found = (
            Player.objects.filter(campaign_id=campaign_id, user_id=user_id)
            .values_list("pk", "name")
            .first()
        )
        player, name = found if found else (None, None)
    if player is None:
        if hasattr(row, "credit_username"):
            return Credit(None, row.credit_username)
        return Credit(None, getattr(row, field).get_username())
    return Credit(player, name)


# The slug of an unlocked faction read by a member its campaign hides it from (its own slug
# spells its name: ``campaigns.hiding``).
HIDDEN_FACTION = "unlocked-faction"


@dataclass
class MyRecord:
    """My roster name in a campaign, my seat in the game being set up or played (else in the
    last game I played), and my record in finished games (``campaigns.selectors.standings``)."""

    player: int
    name: str
    played: int = 0
    won: int = 0
    seat: Seat | None = None
    seat_now: bool = False
    # The seat's faction as this reader may read it: its slug and name, or, for a faction the
    # group unlocked in a campaign that hides it from them, an opaque slug and a placeholder.
    faction: str = ""
    faction_name: str = ""


def my_records(user, campaign_ids, hidden_from_me=()) -> dict[int, MyRecord]:
    """For each campaign where ``user`` has a roster name: that name, their seat and faction in
    the game being set up or played, or else in the last finished game they played, and how
    many finished games they played and won. Two queries, a third when a seat's faction is one
    the group unlocked. An unlocked faction is a placeholder in the campaigns of
    ``hidden_from_me`` (those that hide their unlocked content from this reader)."""
    names = {
        p.campaign_id: p
        for p in Player.objects.filter(campaign_id__in=list(campaign_ids), user=user)
    }
    records = {cid: MyRecord(p.pk, p.name) for cid, p in names.items()}
    tallies: dict[int, dict] = {}
    seats = Seat.objects.filter(player__in=list(names.values())).select_related("game")
    for seat in sorted(seats, key=lambda s: s.game.number):
        campaign_id = seat.game.campaign_id
        record = records[campaign_id]
        if seat.game.status == GameStatus.FINISHED:
            count_seat(tallies, campaign_id, seat.result)
            if not record.seat_now:
                record.seat = seat
        elif seat.game.status in (GameStatus.SETUP, GameStatus.IN_PROGRESS):
            record.seat, record.seat_now = seat, True
    for campaign_id, tally in tallies.items():
        records[campaign_id].played = tally["played"]
        records[campaign_id].won = tally[Result.WON]
    unlocked = {
        r.seat.faction
        for r in records.values()
        if r.seat is not None and r.seat.faction not in FACTION_BY_SLUG
    }
    group_names = {}
    if unlocked:
        group_names = {
            (f.campaign_id, f.slug): f.name
            for f in UnlockedFaction.objects.filter(
                campaign_id__in=list(records), slug__in=unlocked
            )
        }
    for campaign_id, record in records.items():
        if record.seat is None:
            continue
        slug = record.faction = record.seat.faction
        if slug in FACTION_BY_SLUG:
            record.faction_name = box_names.faction(slug, get_language())
        elif campaign_id in hidden_from_me:
            record.faction, record.faction_name = HIDDEN_FACTION, str(UNLOCKED_FACTION)
        else:
            record.faction_name = group_names.get((campaign_id, slug), slug)
    return records


def my_campaigns(user) -> list[Membership]:
    """The campaigns ``user`` is a member of, newest first: each membership with its campaign
    and, where the account is linked to a roster name, its record (``my_records``). The home
    page's "my campaigns" and the API's read this, in a fixed number of queries."""
    # The memberships first, by their own index; then their campaigns by id (a join makes
    # PostgreSQL scan every campaign of the service for a user's few).
    mine = list(Membership.objects.filter(user=user))
    campaigns = Campaign.objects.in_bulk([m.campaign_id for m in mine])
    for m in mine:
        m.campaign = campaigns[m.campaign_id]
    mine.sort(key=lambda m: (m.campaign.created_at, m.campaign_id), reverse=True)
    hidden = {m.campaign_id for m in mine if not sees_unlocked(m.campaign, ROLE_LEVEL[m.role])}
    records = my_records(user, [m.campaign_id for m in mine], hidden)
    for m in mine:
        m.record = records.get(m.campaign_id)  # type: ignore[attr-defined]
    return mine
