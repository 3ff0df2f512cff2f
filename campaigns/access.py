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

from django.db.models import OuterRef, QuerySet, Subquery

from campaigns import rows
from campaigns.models import Campaign, Membership, Role


class Level(IntEnum):
    NONE = 0
    READ = 1
    MEMBER = 2
    EDIT = 3
    OWN = 4


ROLE_LEVEL: dict[str, Level]  # keyed by the stored role
ROLE_LEVEL = {Role.VIEWER: Level.MEMBER, Role.EDITOR: Level.EDIT, Role.OWNER: Level.OWN}


def with_my_role(queryset: QuerySet, user, campaign: str = "pk") -> QuerySet:
    """Annotate each row with ``my_role``: the user's role in its campaign, or None. The rows are
    campaigns, or rows of another model whose campaign's id is in the field ``campaign``."""
    if not user.is_authenticated:
        return queryset
    return queryset.annotate(
        my_role=Subquery(
            Membership.objects.filter(campaign=OuterRef(campaign), user=user).values("role")[:1]
        )
    )


def _role(user: str) -> str:
    """The role in campaign ``c`` of the user whose id is the SQL expression ``user``."""
    return (
        f"(SELECT m.role FROM {Membership._meta.db_table} m"  # noqa: S608 - table names only
        f" WHERE m.campaign_id = c.id AND m.user_id = {user}) AS my_role"
    )


def _campaign_columns() -> tuple[str, list]:
    return rows.once("access.campaign_columns", lambda: rows.columns(Campaign, "c"))


def _picture_columns() -> tuple[str, list, list, str]:
    """A picture's columns and its campaign's (aliases ``s`` and ``c``), their readers, and the
    tables they come from."""

    def build():
        from campaigns.models import Snapshot

        snapshot_columns, snapshot_readers = rows.columns(Snapshot, "s")
        campaign_columns, campaign_readers = _campaign_columns()
        tables = (
            f"{Snapshot._meta.db_table} s JOIN {Campaign._meta.db_table} c ON c.id = s.campaign_id"
        )
        columns = f"{snapshot_columns}, {campaign_columns}"
        return columns, snapshot_readers, campaign_readers, tables

    return rows.once("access.picture_columns", build)


def picture_select(user: str) -> tuple[str, str]:
    """The select list of a picture's row with its campaign and the role there of the user
    whose id is the SQL expression ``user`` (a ``%s``, or a column of another table), and the
    tables it is read from. ``picture_of`` reads what it selects."""
    columns, _snapshot_readers, _campaign_readers, tables = _picture_columns()
    return f"{columns}, {_role(user)}", tables


def picture_of(found):
    """The picture row, with its ``campaign`` and ``my_role``, from the values that
    ``picture_select`` selects (in order, and nothing else)."""
    from campaigns.models import Snapshot

    _columns, snapshot_readers, campaign_readers, _tables = _picture_columns()
    split = len(snapshot_readers)
    row = rows.instance(Snapshot, snapshot_readers, found[:split])
    row.campaign = rows.instance(Campaign, campaign_readers, found[split:-1])
    row.my_role = found[-1]
    return row


def _statement(name: str) -> str:
    """The SQL of the statement ``name``: ``campaign`` or ``snapshot``."""

    def build():
        if name == "campaign":
            columns, _readers = _campaign_columns()
            return (
                f"SELECT {columns}, {_role('%s')}"  # noqa: S608 - table names only
                f" FROM {Campaign._meta.db_table} c WHERE c.id = %s"
            )
        select, tables = picture_select("%s")
        return (
            f"SELECT {select} FROM {tables}"  # noqa: S608 - table names only
            f" WHERE s.campaign_id = %s AND s.game_number = %s"
        )

    return rows.once(f"access.{name}", build)


def campaign_with_role(campaign_id: int, user) -> Campaign | None:
    """The campaign with ``my_role`` (the user's role in it, or None), in one query.

    Every API request starts here, so the statement is written out once and its row read
    directly rather than built from querysets each time: composing the role subquery and the
    model from a queryset cost more than running the statement."""
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    with rows.cursor() as cursor:
        cursor.execute(_statement("campaign"), [user_id, campaign_id])
        found = cursor.fetchone()
    if found is None:
        return None
    _columns, readers = _campaign_columns()
    campaign = rows.instance(Campaign, readers, found[:-1])
    campaign.my_role = found[-1]
    return campaign


def snapshot_with_campaign(campaign_id: int, game_number: int, user):
    """The picture row of a game with its campaign and the user's role there (``my_role``), in
    one statement written out once, as ``campaign_with_role`` (every poll of a picture and every
    fetch of a drawn one starts here); None when there is no such row."""
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    with rows.cursor() as cursor:
        cursor.execute(_statement("snapshot"), [user_id, campaign_id, game_number])
        found = cursor.fetchone()
    return None if found is None else picture_of(found)


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
