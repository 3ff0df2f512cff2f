"""Import: a document restored into a new campaign, all or nothing.

One transaction; every row's fields checked before anything of its table is written; each table
written in one statement. When the database refuses, the rows are checked against the models'
constraints one at a time to name the row and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction

from campaigns.backup.checks import added_territories, check_document
from campaigns.backup.document import (
    AUDIT,
    CAMPAIGN,
    COMPONENTS,
    CORRECTIONS,
    DECK_CARDS,
    EVENT_MARKS,
    EVENTS,
    FACTIONS,
    GAME_PARTS,
    GAME_PARTS_ADDED,
    GAMES,
    MARK_IMPORT_ORDER,
    MARK_KINDS,
    MARK_TABLES,
    NOTES,
    PARTS_WITHIN,
    PLAYERS,
    REWARDS,
    SCAR_KINDS,
    SEATS,
    STICKERS,
    STOCK,
    TOP_LEVEL_ADDED,
    TRADE_RATES,
    UNLOCKED,
    BackupError,
    nul_at,
    refuse_backup,
    words,
)
from campaigns.backup.fields import describe, list_field, typed
from campaigns.backup.values import HOOKS, key_of, mark_pair_in
from campaigns.game import entry_marks
from campaigns.models import (
    Campaign,
    EventMark,
    MarkChange,
    Membership,
    Player,
    Role,
    Seat,
)
from legacy import board, scar_effects
from legacy.box import FACTION_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import (
    MARK_MODELS,
    ContentKind,
    MarkKind,
    PacketOpening,
    ScarKind,
    UnlockedFaction,
)
from legacy.refusals import ServiceRule

if TYPE_CHECKING:
    from campaigns.backup.document import Table

# A model that ``_Import`` reads the rows of: its rows come back as that model.
_M = TypeVar("_M", bound=models.Model)

# --- Import --------------------------------------------------------------------------------------


@dataclass
class _Import:
    campaign: Campaign
    notes: list[str]
    players: dict[str, int] = field(default_factory=dict)
    kinds: dict[type, dict[str, int]] = field(default_factory=dict)
    marks: dict[type, list[int]] = field(default_factory=dict)
    corrections: list[int] = field(default_factory=list)  # ids, by ordinal
    cards: list[int] = field(default_factory=list)  # event and mission cards' ids, by ordinal
    seats: dict[str, int] = field(default_factory=dict)  # of the game being imported
    factions: set[str] = field(default_factory=set)
    components: set[str] = field(default_factory=set)  # the campaign's own packets, by slug
    territories: set[str] = field(default_factory=set)  # the territories its packets added
    accounts: dict[str, int | None] = field(default_factory=dict)
    reach: set[int] = field(default_factory=set)  # accounts the new owner may name
    stamps: dict[type[models.Model], list[tuple[models.Model, str, object]]] = field(
        default_factory=dict
    )

    def player(self, name, where) -> int:
        if not isinstance(name, str) or name not in self.players:
            raise refuse_backup(where, f"there is no player called {name!r} on the roster.")
        return self.players[name]

    def account(self, username, where) -> int | None:
        if not isinstance(username, str):
            raise refuse_backup(where, "an account is given by its username.")
        if username not in self.accounts:
            pk = (
                get_user_model()
                .objects.filter(username=username)
                .values_list("pk", flat=True)
                .first()
            )
            if pk is None:
                self.notes.append(
                    words("No account called %(username)s here: its entries are kept without one.")
                    % {"username": repr(username)}
                )
            elif pk not in self.reach:
                pk = None
                self.notes.append(
                    words(
                        "The account %(username)s shares no campaign with you: its entries are "
                        "kept without one."
                    )
                    % {"username": repr(username)}
                )
            self.accounts[username] = pk
        return self.accounts[username]

    def mark(self, model, ordinal, where) -> int:
        rows = self.marks.get(model, [])
        if type(ordinal) is not int or not 1 <= ordinal <= len(rows):
            raise refuse_backup(
                where,
                f"there is no {model.__name__} #{ordinal!r} in marks.{model.__name__} "
                f"(it lists {len(rows)}).",
            )
        return rows[ordinal - 1]

    def resolve(self, model, ref, where):
        if ref is None:
            return None
        if model is Player:
            return self.player(ref, where)
        if model is get_user_model():
            return self.account(ref, where)
        if model in (ScarKind, MarkKind):
            label = "scar kind" if model is ScarKind else "mark kind"
            if not isinstance(ref, str) or ref not in self.kinds.get(model, {}):
                raise refuse_backup(where, f"there is no {label} {ref!r} in this backup.")
            return self.kinds[model][ref]
        if model is Seat:
            if not isinstance(ref, str) or ref not in self.seats:
                raise refuse_backup(where, f"{ref!r} has no seat in this game.")
            return self.seats[ref]
        if model in self.marks or model in MARK_MODELS:
            return self.mark(model, ref, where)
        raise refuse_backup(where, f"{model.__name__} cannot be referenced.")  # pragma: no cover

    def row(self, table: Table[_M], raw, where: str, **parents) -> tuple[_M, str]:
        """Read one row of the document and check its fields; written later by ``write``."""
        if not isinstance(raw, dict):
            raise refuse_backup(where, "should be an object.")
        fields = table.fields()
        keys = {key_of(table, f) for f in fields}
        added = dict(table.added)
        missing = sorted(keys - set(raw) - set(added))
        if missing:
            raise refuse_backup(where, f"missing {', '.join(missing)}.")
        dropped = dict(table.dropped)
        unknown = sorted(set(raw) - keys - set(dropped) - set(PARTS_WITHIN.get(table.model, ())))
        if unknown:
            raise refuse_backup(where, f"unexpected {', '.join(unknown)}.")
        obj = table.model(**parents)
        related = []
        for f in fields:
            key = key_of(table, f)
            value = raw[key] if key in raw else added[key]
            at = f"{where}, {key}"
            hook = HOOKS.get((table.model, f.name))
            if value is None and not f.null:
                raise refuse_backup(at, "cannot be null.")
            if hook and value is not None:
                value = hook.decode(self, raw, typed(f, value, at), at)
            elif f.is_relation:
                related.append(f.name)
                value = self.resolve(f.related_model, value, at)
            else:
                value = typed(f, value, at)
            setattr(obj, f.attname, value)
            if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False):
                self.stamps.setdefault(table.model, []).append((obj, f.attname, value))
        for key, read in dropped.items():
            if key in raw:
                read(obj, raw[key])
        try:
            # References were resolved above; the rest is checked as any form would check it.
            obj.clean_fields(exclude=[*related, *parents])
        except ValidationError as error:
            raise refuse_backup(where, describe(error)) from None
        return obj, where

    def rows(self, table: Table[_M], raws, where: str, **parents) -> list[_M]:
        if not isinstance(raws, list):
            raise refuse_backup(where, "should be a list.")
        items = [
            self.row(table, raw, f"{where} #{i}", **parents) for i, raw in enumerate(raws, start=1)
        ]
        return self.write(items)

    def write(self, items: list[tuple[_M, str]]) -> list[_M]:
        """Write checked rows of one model, in their order, in one statement.

        The database holds the named constraints (one city per territory, one signature per
        line...). When it refuses the batch, the rows are written again one at a time, each
        checked against those constraints first, to say which row breaks which rule.
        """
        objs = [obj for obj, _ in items]
        if not objs:
            return objs
        model = type(objs[0])
        if connection.features.can_return_rows_from_bulk_insert:
            try:
                with transaction.atomic():
                    model._default_manager.bulk_create(objs)
                return objs
            except IntegrityError:
                for obj in objs:
                    obj.pk = None
                    obj._state.adding = True
        for obj, where in items:
            try:
                obj.validate_constraints()
            except ValidationError as error:
                raise refuse_backup(where, describe(error)) from None
            try:
                with transaction.atomic():
                    obj.save(force_insert=True)
            except IntegrityError as error:
                raise refuse_backup(where, f"the database refuses it ({error}).") from None
        if connection.features.can_return_rows_from_bulk_insert:  # pragma: no cover
            raise BackupError(f"The database refuses the {model.__name__} rows of this backup.")
        return objs

    def restore_stamps(self) -> None:
        """Put back the times Django stamps on creation (created_at, at): they are history."""
        for model, items in self.stamps.items():
            for obj, attname, value in items:
                setattr(obj, attname, value)
            names = sorted({attname for _, attname, _ in items})
            model._default_manager.bulk_update([obj for obj, _, _ in items], names, batch_size=500)


def import_campaign(data: dict, *, owner, notes: list[str] | None = None) -> Campaign:
    """Restore a backup into a NEW campaign owned by ``owner``; all or nothing.

    Raises ``BackupError`` (or ``RuleViolation``) naming what is wrong; then nothing is
    written. ``notes`` collects what was restored differently (usernames unknown here).
    """
    check_document(data)
    nul = nul_at(data)
    if nul:
        raise refuse_backup(nul, "holds a NUL character, which cannot be stored.")
    if owner is None or not getattr(owner, "pk", None):
        raise RuleViolation(ServiceRule.BACKUP_OWNER)
    with transaction.atomic():
        return _restore(data, owner=owner, notes=notes if notes is not None else [])


def accounts_within_reach(owner) -> set[int]:
    """The accounts a backup imported by ``owner`` may name (as an author, an actor, a linked
    player): the owner, and whoever already shares a campaign with them, as a member or as a
    player's account. Any other account of the installation is not theirs to name."""
    theirs = Membership.objects.filter(user=owner).values("campaign")
    members = Membership.objects.filter(campaign__in=theirs).values_list("user", flat=True)
    linked = Player.objects.filter(campaign__in=theirs, user__isnull=False).values_list(
        "user", flat=True
    )
    return {owner.pk, *members, *linked}


def _link_members_only(ctx: _Import, owner) -> None:
    """A roster name stays linked only to a member of the new campaign: its owner, at first.
    Another account the backup linked a name to (one within the owner's reach, a member of the
    campaign backed up) is no member here: the name is left unlinked, and the owner told; that
    person claims it again once they join."""
    linked = Player.objects.filter(campaign=ctx.campaign, user__isnull=False).exclude(user=owner)
    for name, username in linked.values_list("name", "user__username"):
        ctx.notes.append(
            words(
                "The roster name %(player)s was linked to %(username)s, who is no member of this "
                "campaign: it is left unlinked until they join and claim it."
            )
            % {"player": repr(name), "username": repr(username)}
        )
    linked.update(user=None)


def _with_dice_effects(raws):
    """Scar types of a backup made before they had an effect on the dice: the box's Bunker
    and Ammo Shortage keep the effect they always had, any other has none."""
    if not isinstance(raws, list):
        return raws  # refused where it is read
    return [
        {**raw, "dice_effect": scar_effects.base_effect(raw.get("slug"), raw.get("base") is True)}
        if isinstance(raw, dict) and "dice_effect" not in raw
        else raw
        for raw in raws
    ]


def _restore(data: dict, *, owner, notes: list[str]) -> Campaign:
    ctx = _Import(campaign=Campaign(owner=owner), notes=notes, reach=accounts_within_reach(owner))
    (campaign,) = ctx.write([ctx.row(CAMPAIGN, data["campaign"], "campaign", owner=owner)])
    ctx.campaign = campaign
    Membership.objects.create(campaign=campaign, user=owner, role=Role.OWNER)

    ctx.players = {p.name: p.pk for p in ctx.rows(PLAYERS, data["players"], "players", **_of(ctx))}
    _link_members_only(ctx, owner)
    ctx.rows(STOCK, data["stock"], "stock", **_of(ctx))
    ctx.rows(TRADE_RATES, data["trade_rates"], "trade_rates", **_of(ctx))

    def import_marks(model):
        name = model.__name__
        rows = ctx.rows(MARK_TABLES[name], data["marks"][name], f"marks.{name}", **_of(ctx))
        ctx.marks[model] = [row.pk for row in rows]

    components = ctx.rows(
        COMPONENTS, data.get("sealed_components", []), "sealed_components", **_of(ctx)
    )
    ctx.components = {c.slug for c in components}
    import_marks(PacketOpening)
    data = {**data, "scar_kinds": _with_dice_effects(data["scar_kinds"])}
    unlocked = ctx.rows(UNLOCKED, data["unlocked_content"], "unlocked_content", **_of(ctx))
    if "factions" in data:
        factions = ctx.rows(FACTIONS, data["factions"], "factions", **_of(ctx))
    else:
        factions = _factions_of_older_backup(ctx, unlocked)
    ctx.factions = set(FACTION_BY_SLUG) | {f.slug for f in factions}
    # Scar kinds and mark kinds are read alike, and named by their slugs.
    kind_tables: tuple[tuple[str, Table[ScarKind | MarkKind]], ...] = (
        ("scar_kinds", SCAR_KINDS),
        ("mark_kinds", MARK_KINDS),
    )
    for key, kinds in kind_tables:
        ctx.kinds[kinds.model] = {k.slug: k.pk for k in ctx.rows(kinds, data[key], key, **_of(ctx))}
    for model in MARK_IMPORT_ORDER[1:]:
        import_marks(model)
    # The seats' HQs and the territories they held may be ones the backup's packets added.
    ctx.territories = {t.slug for t in added_territories(data)}

    ctx.rows(STICKERS, data.get("rule_stickers", []), "rule_stickers", **_of(ctx))
    cards = data.get("deck_cards", TOP_LEVEL_ADDED["deck_cards"])
    ctx.cards = [c.pk for c in ctx.rows(DECK_CARDS, cards, "deck_cards", **_of(ctx))]

    raw_games = list_field(data, "games")
    for i, raw in enumerate(raw_games, start=1):
        if not isinstance(raw, dict):
            raise refuse_backup(f"games #{i}", "should be an object.")
        for part in GAME_PARTS_ADDED:
            raw.setdefault(part, [])
        for part in GAME_PARTS:
            list_field(raw, part, f"games #{i}, {part}")
    game_rows = ctx.rows(GAMES, raw_games, "games", **_of(ctx))
    seats = ctx.write(
        [
            ctx.row(SEATS, seat, f"games #{i}, seats #{j}", game=game)
            for i, (raw, game) in enumerate(zip(raw_games, game_rows, strict=True), start=1)
            for j, seat in enumerate(raw["seats"], start=1)
        ]
    )
    names = {pk: name for name, pk in ctx.players.items()}
    seats_of: dict[int, dict[str, int]] = {}
    for seat in seats:
        seats_of.setdefault(seat.game_id, {})[names[seat.player_id]] = seat.pk
    for part, table in (("events", EVENTS), ("rewards", REWARDS), ("notes", NOTES)):
        items = []
        for i, (raw, game) in enumerate(zip(raw_games, game_rows, strict=True), start=1):
            ctx.seats = seats_of.get(game.pk, {})
            for j, row in enumerate(raw[part], start=1):
                items.append(ctx.row(table, row, f"games #{i}, {part} #{j}", game=game))
        written = ctx.write(items)
        if table is EVENTS:
            _restore_event_marks(ctx, raw_games, written)

    corrections = ctx.rows(CORRECTIONS, data["corrections"], "corrections", **_of(ctx))
    ctx.corrections = [c.pk for c in corrections]
    ctx.rows(AUDIT, data["audit"], "audit", **_of(ctx))
    ctx.restore_stamps()
    return campaign


def _restore_event_marks(ctx: _Import, raw_games: list, events: list) -> None:
    """Link each entry to the marks it names; an older backup's entries name none, and are
    linked by what they say (``entry_marks.guess_links``)."""
    raws = [
        (f"games #{i}, events #{j}", raw)
        for i, game in enumerate(raw_games, start=1)
        for j, raw in enumerate(game["events"], start=1)
    ]
    links, older = [], []
    for (where, raw), event in zip(raws, events, strict=True):
        if EVENT_MARKS not in raw:
            older.append(event)
            continue
        named = raw[EVENT_MARKS]
        if not isinstance(named, list):
            raise refuse_backup(f"{where}, {EVENT_MARKS}", "should be a list.")
        for k, item in enumerate(named, start=1):
            at = f"{where}, {EVENT_MARKS} #{k}"
            if not isinstance(item, list) or len(item) != 3 or item[2] not in MarkChange.values:
                raise refuse_backup(at, "a mark is written as [model, ordinal, change].")
            model, pk = mark_pair_in(ctx, item[:2], at)
            links.append(EventMark(event=event, mark_type=model, mark_id=pk, change=item[2]))
    if older:
        links += entry_marks.guess_links(older)
    EventMark.objects.bulk_create(links)


def _factions_of_older_backup(ctx: _Import, unlocked) -> list[UnlockedFaction]:
    """A backup written before factions were rows of their own names each unlocked faction in
    its unlocked content only: each becomes a faction, under the name its seats use."""
    openings = PacketOpening.objects.in_bulk([u.opening_id for u in unlocked])
    rows, seen = [], set(FACTION_BY_SLUG)
    for item in unlocked:
        slug = board.slugify(item.title.strip())[:40]
        opening = openings[item.opening_id]
        if item.kind != ContentKind.FACTION or not slug or slug in seen or opening.voided:
            continue
        seen.add(slug)
        rows.append(
            UnlockedFaction(
                campaign=ctx.campaign,
                slug=slug,
                name=item.title.strip()[:60],
                text=item.text,
                appeared_in_game=opening.placed_in_game,
                unlocked_by=opening,
                entered_by_id=opening.entered_by_id,
                entered_at=opening.entered_at,
            )
        )
    return UnlockedFaction.objects.bulk_create(rows)


def _of(ctx: _Import) -> dict:
    return {"campaign": ctx.campaign}
