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


def _statement(name: str) -> tuple[str, list, list]:
    """The statement ``name`` (``campaign`` or ``snapshot``): its SQL, the campaign's readers
    and the snapshot's readers (see ``campaigns.rows``)."""

    def build():
        from campaigns.models import Snapshot

        campaigns, memberships = Campaign._meta.db_table, Membership._meta.db_table
        campaign_columns, campaign_readers = rows.columns(Campaign, "c")
        role = (
            f"(SELECT m.role FROM {memberships} m"  # noqa: S608 - table names only
            f" WHERE m.campaign_id = c.id AND m.user_id = %s) AS my_role"
        )
        if name == "campaign":
            sql = f"SELECT {campaign_columns}, {role} FROM {campaigns} c WHERE c.id = %s"  # noqa: S608
            return sql, campaign_readers, []
        snapshot_columns, snapshot_readers = rows.columns(Snapshot, "s")
        sql = (
            f"SELECT {snapshot_columns}, {campaign_columns}, {role}"  # noqa: S608
            f" FROM {Snapshot._meta.db_table} s JOIN {campaigns} c ON c.id = s.campaign_id"
            f" WHERE s.campaign_id = %s AND s.game_number = %s"
        )
        return sql, campaign_readers, snapshot_readers

    return rows.once(f"access.{name}", build)


def campaign_with_role(campaign_id: int, user) -> Campaign | None:
    """The campaign with ``my_role`` (the user's role in it, or None), in one query.

    Every API request starts here, so the statement is written out once and its row read
    directly rather than built from querysets each time: composing the role subquery and the
    model from a queryset cost more than running the statement."""
    sql, readers, _none = _statement("campaign")
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    with rows.cursor() as cursor:
        cursor.execute(sql, [user_id, campaign_id])
        found = cursor.fetchone()
    if found is None:
        return None
    campaign = rows.instance(Campaign, readers, found[:-1])
    campaign.my_role = found[-1]
    return campaign


def snapshot_with_campaign(campaign_id: int, game_number: int, user):
    """The picture row of a game with its campaign and the user's role there (``my_role``), in
    one statement written out once, as ``campaign_with_role`` (every poll of a picture and every
    fetch of a drawn one starts here); None when there is no such row."""
    from campaigns.models import Snapshot

    sql, campaign_readers, snapshot_readers = _statement("snapshot")
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    with rows.cursor() as cursor:
        cursor.execute(sql, [user_id, campaign_id, game_number])
        found = cursor.fetchone()
    if found is None:
        return None
    split = len(snapshot_readers)
    row = rows.instance(Snapshot, snapshot_readers, found[:split])
    row.campaign = rows.instance(Campaign, campaign_readers, found[split:-1])
    row.my_role = found[-1]
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
