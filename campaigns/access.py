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
from dataclasses import dataclass
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


def one_row(queryset: QuerySet):
    """The one row a query by a unique key finds, or None. ``queryset`` comes without the
    model's ordering (``.order_by()``), which a lookup by a unique key does not need (and every
    request would compile: ``first()`` orders by the key)."""
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
    campaign = one_row(_readers_rows(Campaign, _reader_pk(user), "").filter(pk=campaign_id))
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
    row = one_row(found)
    if row is not None and not hasattr(row, "my_role"):
        row.my_role = None
    return row


@dataclass(frozen=True, slots=True)
class ServedCampaign:
    """What deciding who may fetch a picture reads of its campaign: who may read it
    (``access_level``) and whether it hides what its packets unlocked (``sees_unlocked``)."""

    pk: int
    public: bool
    shared: bool
    share_token: str
    hide_unlocked_content: bool


@dataclass(frozen=True, slots=True)
class ServedPicture:
    """What serving a stored picture reads of its row: the state it shows, its file's name
    (empty while it has none), its campaign (``ServedCampaign``) and the reader's role there.
    Plain data, not a model instance: any other field is an error here, never a quiet query."""

    campaign_id: int
    game_number: int
    status: str
    state_hash: str
    image: str
    campaign: ServedCampaign
    my_role: str | None

    @property
    def public_status(self) -> str:
        return Snapshot.public_word(self.status)


# The columns ``ServedPicture`` is read from, in its order (the reader's role comes last).
SERVED_COLUMNS = (
    "campaign_id",
    "game_number",
    "status",
    "state_hash",
    "image",
    "campaign__public",
    "campaign__shared",
    "campaign__share_token",
    "campaign__hide_unlocked_content",
)


@lru_cache(maxsize=512)
def _pictures_to_serve(user_pk: int | None) -> QuerySet:
    """The ``SERVED_COLUMNS`` of the picture rows and the role of the account ``user_pk`` in
    their campaigns (for a logged-in reader), not yet filtered; built once per account and
    process, as ``_readers_rows``. Plain values: every fetch of a picture reads them, and the
    ORM builds a row of values faster than a model instance with its campaign's."""
    if user_pk is None:
        return Snapshot.objects.order_by().values_list(*SERVED_COLUMNS)
    rows = with_my_role(Snapshot.objects.order_by(), _Reader(user_pk), "campaign")
    return rows.values_list(*SERVED_COLUMNS, "my_role")


def picture_to_serve(campaign_id: int, game_number: int, user) -> ServedPicture | None:
    """The picture of a game as serving its stored file needs it, in one query: the row's
    ``SERVED_COLUMNS`` and the user's role in its campaign; None when there is no such row.
    Every fetch of a drawn picture starts here (``snapshot_with_campaign`` reads the whole
    rows, for a poll of its status)."""
    found = one_row(
        _pictures_to_serve(_reader_pk(user)).filter(
            campaign_id=campaign_id, game_number=game_number
        )
    )
    if found is None:
        return None
    (campaign, number, status, state_hash, image, public, shared, token, hides, *role) = found
    return ServedPicture(
        campaign_id=campaign,
        game_number=number,
        status=status,
        state_hash=state_hash,
        image=image,
        campaign=ServedCampaign(campaign, public, shared, token, hides),
        my_role=role[0] if role else None,
    )


def share_matches(campaign: Campaign | ServedCampaign, token: str | None) -> bool:
    """Is ``token`` this campaign's share link, while sharing is on? (Compared in constant time;
    as bytes, since compare_digest refuses a str holding anything but ASCII.)"""
    return bool(
        campaign.shared
        and isinstance(token, str)
        and token
        and secrets.compare_digest(token.encode(errors="replace"), campaign.share_token.encode())
    )


def access_level(campaign: Campaign | ServedCampaign, role: str | None, share: str | None) -> Level:
    if role in ROLE_LEVEL:
        return ROLE_LEVEL[role]
    if campaign.public or share_matches(campaign, share):
        return Level.READ
    return Level.NONE


def sees_unlocked(campaign: Campaign | ServedCampaign, level: Level) -> bool:
    return level >= Level.EDIT or not campaign.hide_unlocked_content
