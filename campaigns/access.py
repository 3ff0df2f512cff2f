"""Who may do what with a campaign: one decision, used by the pages and by the API.

Levels, each including the ones below it:

* ``READ``: members; anybody when the campaign is public (listed on the home page); anybody
  holding its share link while sharing is on.
* ``MEMBER``: a member in any role (viewer and up).
* ``EDIT``: editors and the owner: they record games and edit the world.
* ``OWN``: the owner alone: settings and members.

What the opened packets unlocked is shown to everyone who may read, unless the campaign hides it:
then only the owner and editors (the people who record the games) see it.
"""

from __future__ import annotations

import secrets
from enum import IntEnum
from functools import lru_cache

from django.db.models import F, FilteredRelation, Q, QuerySet

from campaigns.models import Campaign, Role, Snapshot


class Level(IntEnum):
    NONE = 0
    READ = 1
    MEMBER = 2
    EDIT = 3
    OWN = 4


ROLE_LEVEL: dict[str, Level]  # keyed by the stored role
ROLE_LEVEL = {Role.VIEWER: Level.MEMBER, Role.EDITOR: Level.EDIT, Role.OWNER: Level.OWN}


def with_my_role(queryset: QuerySet, user, campaign: str = "") -> QuerySet:
    """Annotate each row with ``my_role``: the user's role in its campaign, or None. The rows are
    campaigns, or rows of another model whose campaign is the relation ``campaign``. One LEFT
    JOIN on the user's membership (at most one per campaign), not a subquery: the cheapest
    statement for the ORM to build, on the path of every read."""
    if not getattr(user, "is_authenticated", False):  # anonymous, or no user at all
        return queryset
    memberships = f"{campaign}__memberships" if campaign else "memberships"
    mine = FilteredRelation(memberships, condition=Q(**{f"{memberships}__user_id": user.pk}))
    return queryset.alias(mine=mine).annotate(my_role=F("mine__role"))


def _one(queryset: QuerySet):
    """The one row a query by a unique key finds, or None. ``queryset`` comes without the
    model's ordering (``_readers_rows``), which a lookup by a unique key does not need (and
    every request would compile)."""
    rows = list(queryset[:1])
    return rows[0] if rows else None


class _Reader:
    """Only what ``with_my_role`` reads of an account: whether it is logged in, and its id."""

    is_authenticated = True

    def __init__(self, pk: int):
        self.pk = pk


@lru_cache(maxsize=512)
def _readers_rows(model, user_pk: int | None, campaign: str) -> QuerySet:
    """``model``'s rows with the role of the account ``user_pk`` (None: nobody logged in), not
    yet filtered. Built once per account and process: the join on the reader's membership takes
    the ORM longer to build than the rest of the query, and every read of a campaign or a
    picture starts with it. Each request filters a clone of it (a queryset is never evaluated
    in place), so nothing read is kept here, only the shape of the statement."""
    rows = model.objects.order_by()
    if model is Snapshot:
        rows = rows.select_related("campaign")
    return with_my_role(rows, None if user_pk is None else _Reader(user_pk), campaign)


def _reader_pk(user) -> int | None:
    return user.pk if getattr(user, "is_authenticated", False) else None


def campaign_with_role(campaign_id: int, user) -> Campaign | None:
    """The campaign with ``my_role`` (the user's role in it, or None), in one query."""
    campaign = _one(_readers_rows(Campaign, _reader_pk(user), "").filter(pk=campaign_id))
    if campaign is not None and not hasattr(campaign, "my_role"):
        campaign.my_role = None
    return campaign


async def acampaign_with_role(campaign_id: int, user) -> Campaign | None:
    """``campaign_with_role`` for an async view (the same one query, by the async ORM)."""
    found = _readers_rows(Campaign, _reader_pk(user), "").filter(pk=campaign_id)[:1]
    rows = [row async for row in found]
    campaign = rows[0] if rows else None
    if campaign is not None and not hasattr(campaign, "my_role"):
        campaign.my_role = None
    return campaign


def snapshot_with_campaign(campaign_id: int, game_number: int, user):
    """The picture row of a game with its campaign and the user's role there (``my_role``), in
    one query (every poll of a picture and every fetch of a drawn one starts here); None when
    there is no such row."""
    found = _readers_rows(Snapshot, _reader_pk(user), "campaign").filter(
        campaign_id=campaign_id, game_number=game_number
    )
    row = _one(found)
    if row is not None and not hasattr(row, "my_role"):
        row.my_role = None
    return row


# What serving a stored picture reads of its row (its file and the state it shows) and of its
# campaign (what the access decision asks: who may read it, and whether it hides what its packets
# unlocked). Every fetch of a picture reads them; each further column costs the ORM time on every
# one of them. Any other field is deferred (read if asked for), never a default.
SERVED_PICTURE = ("id", "status", "campaign", "game_number", "state_hash", "image")
SERVED_CAMPAIGN = ("id", "public", "shared", "share_token", "hide_unlocked_content")


@lru_cache(maxsize=512)
def _pictures_to_serve(user_pk: int | None) -> QuerySet:
    """The picture rows with only ``SERVED_PICTURE``, their campaigns with only
    ``SERVED_CAMPAIGN`` and the role of the account ``user_pk`` there, not yet filtered; built
    once per account and process, as ``_readers_rows``."""
    rows = (
        Snapshot.objects.order_by()
        .select_related("campaign")
        .only(*SERVED_PICTURE, *(f"campaign__{name}" for name in SERVED_CAMPAIGN))
    )
    return with_my_role(rows, None if user_pk is None else _Reader(user_pk), "campaign")


def picture_to_serve(campaign_id: int, game_number: int, user) -> Snapshot | None:
    """The picture row of a game as serving its stored file needs it, in one query: the row
    with only ``SERVED_PICTURE``, its campaign with only ``SERVED_CAMPAIGN``, and the user's
    role there (``my_role``); None when there is no such row. Every fetch of a drawn picture
    starts here (``snapshot_with_campaign`` reads the whole rows, for a poll of its status)."""
    row = _one(
        _pictures_to_serve(_reader_pk(user)).filter(
            campaign_id=campaign_id, game_number=game_number
        )
    )
    if row is not None and not hasattr(row, "my_role"):
        row.my_role = None
    return row


def share_matches(campaign: Campaign, token: str | None) -> bool:
    """Is ``token`` this campaign's share link, while sharing is on? (Compared in constant time;
    as bytes, since compare_digest refuses a str holding anything but ASCII.)"""
    return bool(
        campaign.shared
        and isinstance(token, str)
        and token
        and secrets.compare_digest(token.encode(errors="replace"), campaign.share_token.encode())
    )


def access_level(campaign: Campaign, role: str | None, share: str | None) -> Level:
    if role in ROLE_LEVEL:
        return ROLE_LEVEL[role]
    if campaign.public or share_matches(campaign, share):
        return Level.READ
    return Level.NONE


def sees_unlocked(campaign: Campaign, level: Level) -> bool:
    return level >= Level.EDIT or not campaign.hide_unlocked_content
