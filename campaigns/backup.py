"""Backups: a whole campaign as one versioned JSON document, and back into a new campaign.

The document is what a group needs to carry its box to another installation: the campaign and
its settings, the roster, the editable box data (sticker stock, trade chart, scar and mark
kinds), every mark of the world (voided and removed ones too), the corrections, every game with
its seats, events and rewards, the audit log, and what the opened packets unlocked.

The document, version 1 (each row holds its model's fields, by field name)::

    {"format": "earthbook-campaign", "version": 1,
     "campaign": {...}, "players": [...], "stock": [...], "trade_rates": [...],
     "scar_kinds": [...], "mark_kinds": [...],
     "marks": {"City": [...], "Scar": [...], "PacketOpening": [...], ...every mark model},
     "unlocked_content": [...], "sealed_components": [...], "rule_stickers": [...],
     "deck_cards": [...], "factions": [...],
     "games": [{"number": 1, ..., "seats": [...], "events": [...], "rewards": [...]}, ...],
     "corrections": [...], "audit": [...]}

Exporting, importing and exporting again gives the same bytes. The choices that make it so:

- **No database ids.** References are local and stable: a player by name (unique in a
  campaign), an account by username, a scar or mark kind by slug, a game by number, a seat by
  its player's name within its game, a mark by its ordinal (1, 2, ...) in its model's list
  under ``marks``, and an event or mission card by its ordinal under ``deck_cards``. Rows are
  listed in the order they were entered and imported in that order, so the ordinals survive.
  Where ids hide inside JSON (a reward's ``created``/``removed`` marks, a world name's
  tie-break rolls, the coin-pile event, a card entry's card, a correction's voided/added marks
  and its before/after snapshots, whose ``id`` becomes the mark's ordinal, an audit entry's
  ``correction``, its ordinal under ``corrections``) they are rewritten the same way.
  References that point outside the campaign are written as null.
- **Accounts are referenced, never created.** An import links a username to the account of
  that name on this installation; a username unknown here is restored as "no account" and
  reported (``notes``). Memberships and invitations (who may read or edit) belong to an
  installation's accounts and are not part of a backup: the importing owner owns the new
  campaign. Board pictures are not carried either: they are drawn again from the marks.
- **The share token is not exported**: the new campaign gets a new one, so an old share link
  never opens a copy.
- **Timestamps** are ISO 8601 strings in UTC and restored exactly, including those Django
  would otherwise stamp with "now".
- **An import is all or nothing**: one transaction; every row's fields checked (types,
  choices, lengths, references) before anything of its table is written; each table written
  in one statement, the database holding the models' named constraints (one counting city per
  territory, one signature per line...). When it refuses, the rows are checked against those
  constraints one at a time to name the row and the rule. Any refusal is a ``BackupError``
  with the place in the document ("marks.City #3: That territory already has a city.") and
  rolls everything back.

The rows are encoded from the models' own fields, so a field added to a model is carried by
the next backup without a change here; a model added to a campaign must be added to the
document (a test lists every model that points at a campaign). Parts added to the document
after version 1 (``ADDED_PARTS``) may be missing from an older backup, which then restores
without them, as it was. A field no longer stored (a log entry's English ``summary``) is read
from an older backup by its table's ``dropped`` (the entry's data is completed from it) and
no longer written.

The campaign's own sealed components are referenced by slug (a packet opening's ``packet`` is
one of the box's six or one of them); a rule sticker names the packet opening that unlocked it
by its ordinal, like any mark.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import IntegrityError, connection, models, transaction

from campaigns.game.event_words import data_from_summary
from campaigns.models import (
    AuditEntry,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameReward,
    GameStatus,
    Membership,
    Player,
    Role,
    Seat,
)
from legacy import board, scar_effects
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.errors import RuleViolation
from legacy.models import (
    MARK_MODELS,
    ContentKind,
    Correction,
    DeckCard,
    FactionPower,
    MarkKind,
    PacketOpening,
    RuleSticker,
    Scar,
    ScarKind,
    SealedComponent,
    Signature,
    StockAllowance,
    TradeRate,
    UnlockedContent,
    UnlockedFaction,
    WorldName,
)
from legacy.rulebook import SETTING_SLUGS
from legacy.rules import Reward

FORMAT = "earthbook-campaign"
VERSION = 1

MARKS_BY_NAME: dict[str, type[models.Model]] = {m.__name__: m for m in MARK_MODELS}
# Packet openings first: scar kinds, mark kinds and powers point at the opening that unlocked
# them. MARK_MODELS already lists cities before the fortifications that point at them.
MARK_IMPORT_ORDER = (PacketOpening, *(m for m in MARK_MODELS if m is not PacketOpening))


class BackupError(Exception):
    """A backup that cannot be read or restored; ``message`` says where and what is wrong,
    ``where`` (when known) names the place in the document alone, ``what`` the fault alone."""

    def __init__(self, message: str, *, where: str = "", what: str = ""):
        super().__init__(message)
        self.message = message
        self.where = where
        self.what = what or message


def _refuse(where: str, what: str) -> BackupError:
    return BackupError(f"{where}: {what}" if where else what, where=where, what=what)


def _nul_at(node, where: str = "") -> str | None:
    """The place of the first text (a value or a key) holding a NUL character, if any.

    PostgreSQL stores no NUL in text or in JSON, so one would fail the import with a database
    error; it is refused first, by its place, as every other fault is."""
    if isinstance(node, str):
        return where if "\x00" in node else None
    if isinstance(node, dict):
        for key, value in node.items():
            at = f"{where}, {key}" if where else str(key)
            if isinstance(key, str) and "\x00" in key:
                return at
            found = _nul_at(value, f"marks.{key}" if where == "marks" else at)
            if found:
                return found
    elif isinstance(node, list):
        for i, item in enumerate(node, start=1):
            found = _nul_at(item, f"{where} #{i}")
            if found:
                return found
    return None


# --- Tables: which rows, without which parent links ----------------------------------------------


def _event_summary_in(event: GameEvent, summary) -> None:
    """An older backup's entry holds the English sentence entries were once stored with: its
    data is completed from it (as the database's own entries were), the sentence is not kept."""
    event.data = data_from_summary(event.kind, event.seq, str(summary or ""), event.data)


@dataclass(frozen=True)
class _Table:
    model: type[models.Model]
    parents: tuple[str, ...] = ("campaign",)  # links to the rows that contain these
    left_out: tuple[str, ...] = ()  # fields never exported
    # Fields added after version 1 of the format, and what an older backup that lacks them means.
    added: tuple[tuple[str, object], ...] = ()
    # Fields an older backup may hold that are no longer stored, and how a row reads them:
    # ``(obj, value) -> None``, called once the row's own fields are read.
    dropped: tuple[tuple[str, Callable], ...] = ()

    def fields(self) -> list[models.Field]:
        skip = {*self.parents, *self.left_out}
        return [
            f for f in self.model._meta.concrete_fields if not f.primary_key and f.name not in skip
        ]


CAMPAIGN = _Table(
    Campaign,
    parents=(),
    left_out=("owner", "share_token"),
    added=(
        ("language", "en"),
        ("held_on_rewards_end_together", False),
        ("world_capitals_allowed", 1),
    ),
)
PLAYERS = _Table(Player)
STOCK = _Table(StockAllowance)
TRADE_RATES = _Table(TradeRate)
SCAR_KINDS = _Table(ScarKind, added=(("dice_effect", scar_effects.NONE),))
MARK_KINDS = _Table(MarkKind)
UNLOCKED = _Table(UnlockedContent)
COMPONENTS = _Table(SealedComponent)
STICKERS = _Table(RuleSticker)
DECK_CARDS = _Table(DeckCard)
FACTIONS = _Table(UnlockedFaction)
CORRECTIONS = _Table(Correction)
AUDIT = _Table(AuditEntry)
GAMES = _Table(Game)
SEATS = _Table(Seat, parents=("game",))
EVENTS = _Table(GameEvent, parents=("game",), dropped=(("summary", _event_summary_in),))
REWARDS = _Table(GameReward, parents=("game",))
# Fields marks gained after version 1 of the format, and what an older backup lacking them means.
MARK_FIELDS_ADDED: dict[str, tuple[tuple[str, object], ...]] = {
    "Fortification": (("boxes_marked_in", {}),),
}
MARK_TABLES = {
    m.__name__: _Table(m, added=MARK_FIELDS_ADDED.get(m.__name__, ())) for m in MARK_MODELS
}

# Every model that belongs to a campaign, and whether a backup carries it.
CARRIED = {
    t.model
    for t in (
        CAMPAIGN,
        PLAYERS,
        STOCK,
        TRADE_RATES,
        SCAR_KINDS,
        MARK_KINDS,
        UNLOCKED,
        COMPONENTS,
        STICKERS,
        DECK_CARDS,
        FACTIONS,
        CORRECTIONS,
        AUDIT,
        GAMES,
        SEATS,
        EVENTS,
        REWARDS,
        *MARK_TABLES.values(),
    )
}
# Tables that belong to a campaign but not to its box, by label, each with the reason.
LEFT_OUT = {
    "campaigns.Membership": "who may read or edit: accounts of this installation",
    "campaigns.Invitation": "links to join, like the share token: never valid on a copy",
    "campaigns.Snapshot": "board pictures, drawn again from the marks on demand",
    "campaigns.ImportJob": "how a campaign came into this installation, not part of it",
    "campaigns.GamePhoto": "photo files, too large for a JSON backup: kept by the storage's own "
    "backups",
    "campaigns.ChronicleExport": "PDFs of the chronicle, made again from the campaign on demand",
    "campaigns.EndPoster": "how the end poster's drawing stands; drawn again on demand",
}

TOP_LEVEL = (
    "format",
    "version",
    "campaign",
    "players",
    "stock",
    "trade_rates",
    "scar_kinds",
    "mark_kinds",
    "marks",
    "unlocked_content",
    "sealed_components",
    "rule_stickers",
    "deck_cards",
    "factions",
    "games",
    "corrections",
    "audit",
)
# Parts added after version 1 of the format: an older backup lacks them, and means none
# (an older backup's factions are read from its unlocked content).
ADDED_PARTS = ("sealed_components", "rule_stickers", "deck_cards", "factions")
TOP_LEVEL_ADDED = {"deck_cards": []}
CARD_EVENTS = (EventKind.CARD_DRAWN, EventKind.CARD_COMPLETED, EventKind.CARD_DESTROYED)
GAME_PARTS = ("seats", "events", "rewards")


# --- Values that need more than a copy ------------------------------------------------------------


@dataclass(frozen=True)
class _Account:
    """An account id met while exporting; replaced by its username at the end (one query)."""

    pk: int


def _json_is_plain(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, list, dict))


def _utc_iso(value: datetime.datetime) -> str:
    return value.astimezone(datetime.UTC).isoformat()


@dataclass
class _Hook:
    """A field whose value holds references: how to write it out and read it back."""

    key: str | None
    encode: Callable  # (ctx, row, value) -> json
    decode: Callable  # (ctx, raw_row, value, where) -> db value


def _player_refs_out(ctx: _Export, value):
    """Player ids as keys, written as names; a key that is not one of ours cannot be restored
    and is left out (like any reference outside the campaign)."""
    named = ((ctx.players.get(_int_or_none(k)), v) for k, v in (value or {}).items())
    return {name: v for name, v in named if name is not None}


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _rolls_in(ctx: _Import, raw_row, value, where):
    if not isinstance(value, dict):
        raise _refuse(where, "rolls must be an object of player name -> die.")
    rolls = {}
    for name, die in value.items():
        if type(die) is not int or not 1 <= die <= 6:
            raise _refuse(where, f"the roll of {name!r} must be a number from 1 to 6.")
        rolls[str(ctx.player(name, where))] = die
    return rolls


def _event_data_out(ctx: _Export, row: GameEvent, value):
    if row.kind in CARD_EVENTS and isinstance(value, dict) and "card" in value:
        return value | {"card": ctx.cards.get(_int_or_none(value["card"]))}
    if row.kind != EventKind.COIN_PILE_OUT or not isinstance(value, dict):
        return value
    data = dict(value)
    data["territories"] = _player_refs_out(ctx, data.get("territories"))
    if data.get("red_star_to") is not None:
        data["red_star_to"] = ctx.players.get(_int_or_none(data["red_star_to"]))
    return data


def _event_data_in(ctx: _Import, raw_row, value, where):
    if not isinstance(value, dict):
        raise _refuse(where, "data must be an object.")
    if raw_row.get("kind") in CARD_EVENTS and value.get("card") is not None:
        ordinal = value["card"]
        if type(ordinal) is not int or not 1 <= ordinal <= len(ctx.cards):
            raise _refuse(
                f"{where}, card",
                f"there is no card #{ordinal!r} (deck_cards lists {len(ctx.cards)}).",
            )
        return value | {"card": ctx.cards[ordinal - 1]}
    if raw_row.get("kind") != EventKind.COIN_PILE_OUT:
        return value
    data = dict(value)
    counts = data.get("territories", {})
    if not isinstance(counts, dict):
        raise _refuse(where, "the coin pile's territory counts must be an object.")
    data["territories"] = {str(ctx.player(name, where)): n for name, n in counts.items()}
    if data.get("red_star_to") is not None:
        data["red_star_to"] = ctx.player(data["red_star_to"], where)
    return data


def _reward_details_out(ctx: _Export, row: GameReward, value):
    if not isinstance(value, dict):
        return value
    details = dict(value)
    created = details.get("created")
    if isinstance(created, list) and len(created) == 2:
        details["created"] = [created[0], ctx.mark_ordinal(created[0], created[1])]
    details["removed"] = [
        [name, ctx.mark_ordinal(name, pk)]
        for name, pk in (p for p in details.get("removed") or [] if len(p) == 2)
    ]
    return details


def _reward_details_in(ctx: _Import, raw_row, value, where):
    if not isinstance(value, dict):
        raise _refuse(where, "details must be an object.")
    details = dict(value)
    created = details.get("created")
    if created is not None:
        details["created"] = _mark_pair_in(ctx, created, f"{where}.created")
    removed = details.get("removed", [])
    if not isinstance(removed, list):
        raise _refuse(where, "details.removed must be a list of [model, ordinal] pairs.")
    details["removed"] = [
        _mark_pair_in(ctx, pair, f"{where}.removed #{i}") for i, pair in enumerate(removed, start=1)
    ]
    return details


def _mark_pair_in(ctx: _Import, pair, where) -> list:
    if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str):
        raise _refuse(where, "a mark is written as [model, ordinal].")
    model = MARKS_BY_NAME.get(pair[0])
    if model is None:
        raise _refuse(where, f"there is no kind of mark called {pair[0]!r}.")
    return [pair[0], ctx.mark(model, pair[1], where)]


def _correction_mark_out(ctx: _Export, row: Correction, value):
    return ctx.mark_ordinal(row.mark_type, value)


def _correction_mark_in(ctx: _Import, raw_row, value, where):
    if value is None:
        return None
    model = MARKS_BY_NAME.get(raw_row.get("mark_type"))
    if model is None:
        raise _refuse(where, f"there is no kind of mark called {raw_row.get('mark_type')!r}.")
    return ctx.mark(model, value, where)


def _snapshot_out(ctx: _Export, row: Correction, value):
    model = MARKS_BY_NAME.get(row.mark_type)
    if model is None or not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        f = _model_field(model, key)
        if f is None or item is None:
            out[key] = item
        elif f.primary_key:
            out[key] = ctx.mark_ordinal(model.__name__, item)
        elif f.is_relation:
            out[key] = ctx.ref(f.related_model, item)
        else:
            out[key] = item
    return out


def _snapshot_in(ctx: _Import, raw_row, value, where):
    if not isinstance(value, dict):
        raise _refuse(where, "a correction's before/after is an object.")
    model = MARKS_BY_NAME.get(raw_row.get("mark_type"))
    if model is None:
        return value
    out = {}
    for key, item in value.items():
        f = _model_field(model, key)
        if f is None:
            out[key] = item
        elif f.primary_key:
            out[key] = None if item is None else ctx.mark(model, item, where)
        elif f.is_relation and f.related_model is Campaign:
            out[key] = ctx.campaign.pk
        elif f.is_relation:
            out[key] = ctx.resolve(f.related_model, item, f"{where}, {key}")
        else:
            out[key] = item
    return out


def _audit_data_out(ctx: _Export, row: AuditEntry, value):
    """An entry's correction, by its ordinal in ``corrections``."""
    if not isinstance(value, dict) or "correction" not in value:
        return value
    return value | {"correction": ctx.corrections.get(_int_or_none(value["correction"]))}


def _audit_data_in(ctx: _Import, raw_row, value, where):
    if not isinstance(value, dict) or value.get("correction") is None:
        return value
    ordinal = value["correction"]
    if type(ordinal) is not int or not 1 <= ordinal <= len(ctx.corrections):
        raise _refuse(
            f"{where}, correction",
            f"there is no correction #{ordinal!r} (corrections lists {len(ctx.corrections)}).",
        )
    return value | {"correction": ctx.corrections[ordinal - 1]}


def _model_field(model, name: str) -> models.Field | None:
    try:
        return model._meta.get_field(name)
    except FieldDoesNotExist:
        return None


def _territory_in(ctx, raw_row, value, where):
    if value not in board.TERRITORY_BY_SLUG:
        raise _refuse(where, f"there is no territory called {value!r} on the board.")
    return value


def _territories_in(ctx, raw_row, value, where):
    if not isinstance(value, list):
        raise _refuse(where, "controlled_at_end must be a list of territories.")
    for slug in value:
        _territory_in(ctx, raw_row, slug, where)
    return value


def _faction_in(ctx: _Import, raw_row, value, where):
    if value not in ctx.factions:
        raise _refuse(where, f"there is no faction called {value!r} in this campaign.")
    return value


def _reward_kind_in(ctx, raw_row, value, where):
    if value not in {r.value for r in Reward}:
        raise _refuse(where, f"there is no reward called {value!r}.")
    return value


def _same(ctx, row, value):
    return value


def _packet_in(ctx: _Import, raw_row, value, where):
    if value not in PACKET_BY_SLUG and value not in ctx.components:
        raise _refuse(
            where,
            f"there is no packet called {value!r}: neither one of the box's nor a sealed "
            "component of this backup.",
        )
    return value


HOOKS: dict[tuple[type[models.Model], str], _Hook] = {
    (WorldName, "rolls"): _Hook(None, lambda ctx, row, v: _player_refs_out(ctx, v), _rolls_in),
    (GameEvent, "data"): _Hook(None, _event_data_out, _event_data_in),
    (GameReward, "details"): _Hook(None, _reward_details_out, _reward_details_in),
    (GameReward, "kind"): _Hook(None, _same, _reward_kind_in),
    (Correction, "voided_id"): _Hook("voided", _correction_mark_out, _correction_mark_in),
    (Correction, "added_id"): _Hook("added", _correction_mark_out, _correction_mark_in),
    (Correction, "before"): _Hook(None, _snapshot_out, _snapshot_in),
    (Correction, "after"): _Hook(None, _snapshot_out, _snapshot_in),
    (AuditEntry, "data"): _Hook(None, _audit_data_out, _audit_data_in),
    (Seat, "hq"): _Hook(None, _same, _territory_in),
    (Seat, "faction"): _Hook(None, _same, _faction_in),
    (Scar, "faction"): _Hook(None, _same, _faction_in),
    (FactionPower, "faction"): _Hook(None, _same, _faction_in),
    (Seat, "controlled_at_end"): _Hook(None, _same, _territories_in),
    (PacketOpening, "packet"): _Hook(None, _same, _packet_in),
}


def _key(table: _Table, f: models.Field) -> str:
    hook = HOOKS.get((table.model, f.name))
    return hook.key if hook and hook.key else f.name


# --- Export --------------------------------------------------------------------------------------


class _Export:
    def __init__(self, campaign: Campaign):
        self.campaign = campaign
        self.players = dict(
            Player.objects.filter(campaign=campaign).order_by("pk").values_list("pk", "name")
        )
        self.kinds = {
            ScarKind: dict(ScarKind.objects.filter(campaign=campaign).values_list("pk", "slug")),
            MarkKind: dict(MarkKind.objects.filter(campaign=campaign).values_list("pk", "slug")),
        }
        self.marks = {
            m: list(m.objects.filter(campaign=campaign).order_by("pk")) for m in MARK_MODELS
        }
        self.ordinals = {
            m.__name__: {row.pk: i for i, row in enumerate(rows, start=1)}
            for m, rows in self.marks.items()
        }
        self.seat_players: dict[int, str] = {}
        self.cards = {
            pk: i
            for i, pk in enumerate(
                DeckCard.objects.filter(campaign=campaign)
                .order_by("pk")
                .values_list("pk", flat=True),
                start=1,
            )
        }
        self.corrections = {
            pk: i
            for i, pk in enumerate(
                Correction.objects.filter(campaign=campaign)
                .order_by("pk")
                .values_list("pk", flat=True),
                start=1,
            )
        }

    def mark_ordinal(self, model_name, pk) -> int | None:
        return self.ordinals.get(model_name, {}).get(_int_or_none(pk))

    def ref(self, model, pk):
        """The stable reference for row ``pk`` of ``model`` (None when it is not ours)."""
        if pk is None or model is Campaign:
            return None
        if model is Player:
            return self.players.get(pk)
        if model is get_user_model():
            return _Account(pk)
        if model in self.kinds:
            return self.kinds[model].get(pk)
        if model is Seat:
            return self.seat_players.get(pk)
        if model.__name__ in self.ordinals:
            return self.mark_ordinal(model.__name__, pk)
        raise TypeError(f"A backup has no reference for {model.__name__}.")  # pragma: no cover

    def row(self, table: _Table, obj) -> dict:
        out = {}
        for f in table.fields():
            value = getattr(obj, f.attname)
            hook = HOOKS.get((table.model, f.name))
            if hook:
                value = hook.encode(self, obj, value)
            elif f.is_relation:
                value = self.ref(f.related_model, value)
            elif isinstance(value, datetime.datetime):
                value = _utc_iso(value)
            elif isinstance(value, datetime.date):
                value = value.isoformat()
            out[_key(table, f)] = value
        return out

    def rows(self, table: _Table, queryset: Iterable) -> list[dict]:
        return [self.row(table, obj) for obj in queryset]

    def games(self) -> list[dict]:
        games = list(Game.objects.filter(campaign=self.campaign).order_by("number"))
        seats = list(Seat.objects.filter(game__campaign=self.campaign).order_by("pk"))
        events = list(GameEvent.objects.filter(game__campaign=self.campaign).order_by("pk"))
        rewards = list(GameReward.objects.filter(game__campaign=self.campaign).order_by("pk"))
        self.seat_players = {s.pk: self.players.get(s.player_id) for s in seats}
        out = []
        for game in games:
            row = self.row(GAMES, game)
            row["seats"] = self.rows(SEATS, (s for s in seats if s.game_id == game.pk))
            row["events"] = self.rows(EVENTS, (e for e in events if e.game_id == game.pk))
            row["rewards"] = self.rows(REWARDS, (r for r in rewards if r.game_id == game.pk))
            out.append(row)
        return out

    def with_usernames(self, document):
        """Replace every account met on the way with its username, in one query."""
        # Walked with a stack, not recursion: stored JSON may nest deeper than Python's stack.
        found: list[tuple[dict | list, object]] = []
        stack: list[dict | list] = [document]
        while stack:
            node = stack.pop()
            for key, value in node.items() if isinstance(node, dict) else enumerate(node):
                if isinstance(value, _Account):
                    found.append((node, key))
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        pks = {node[key].pk for node, key in found}
        names = dict(get_user_model().objects.filter(pk__in=pks).values_list("pk", "username"))
        for node, key in found:
            node[key] = names.get(node[key].pk)
        return document


def export_campaign(campaign_id: int) -> dict:
    """The whole campaign as a plain, JSON-ready document (see the module's notes)."""
    with transaction.atomic():
        # Every write to a campaign takes this lock first: holding it, nothing moves meanwhile.
        campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
        if campaign is None:
            raise BackupError(f"There is no campaign with id {campaign_id}.")
        ctx = _Export(campaign)

        def by_pk(model):
            return model.objects.filter(campaign=campaign).order_by("pk")

        document = {
            "format": FORMAT,
            "version": VERSION,
            "campaign": ctx.row(CAMPAIGN, campaign),
            "players": ctx.rows(PLAYERS, by_pk(Player)),
            "stock": ctx.rows(STOCK, by_pk(StockAllowance)),
            "trade_rates": ctx.rows(TRADE_RATES, by_pk(TradeRate)),
            "scar_kinds": ctx.rows(SCAR_KINDS, by_pk(ScarKind)),
            "mark_kinds": ctx.rows(MARK_KINDS, by_pk(MarkKind)),
            "marks": {
                name: ctx.rows(table, ctx.marks[table.model]) for name, table in MARK_TABLES.items()
            },
            "unlocked_content": ctx.rows(UNLOCKED, by_pk(UnlockedContent)),
            "sealed_components": ctx.rows(COMPONENTS, by_pk(SealedComponent)),
            "rule_stickers": ctx.rows(STICKERS, by_pk(RuleSticker)),
            "deck_cards": ctx.rows(DECK_CARDS, by_pk(DeckCard)),
            "factions": ctx.rows(FACTIONS, by_pk(UnlockedFaction)),
            "games": ctx.games(),
            "corrections": ctx.rows(CORRECTIONS, by_pk(Correction)),
            "audit": ctx.rows(AUDIT, by_pk(AuditEntry)),
        }
        return ctx.with_usernames(document)


def dumps(data: dict) -> str:
    """The document as text: sorted keys, fixed separators, UTF-8 as is, a final newline."""
    return (
        json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1, separators=(",", ": "))
        + "\n"
    )


def loads(text: str | bytes) -> dict:
    """Read a backup's text (or its UTF-8 bytes); anything but a JSON object is refused."""

    def no_constants(name):
        raise BackupError(f"The file is not a backup: {name} is not a JSON value.")

    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError("The file is not UTF-8 text, so it is not a backup.") from None
    try:
        data = json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as error:
        raise BackupError(
            f"The file is not JSON: {error.msg} (line {error.lineno}, column {error.colno})."
        ) from None
    except RecursionError:
        raise BackupError("The file is not a backup: its JSON is nested too deeply.") from None
    if not isinstance(data, dict):
        raise BackupError("The file is not a backup: it should hold one JSON object.")
    return data


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
    accounts: dict[str, int | None] = field(default_factory=dict)
    reach: set[int] = field(default_factory=set)  # accounts the new owner may name
    stamps: dict[type, list[tuple[models.Model, str, object]]] = field(default_factory=dict)

    def player(self, name, where) -> int:
        if not isinstance(name, str) or name not in self.players:
            raise _refuse(where, f"there is no player called {name!r} on the roster.")
        return self.players[name]

    def account(self, username, where) -> int | None:
        if not isinstance(username, str):
            raise _refuse(where, "an account is given by its username.")
        if username not in self.accounts:
            pk = (
                get_user_model()
                .objects.filter(username=username)
                .values_list("pk", flat=True)
                .first()
            )
            if pk is None:
                self.notes.append(
                    f"No account called {username!r} here: its entries are kept without one."
                )
            elif pk not in self.reach:
                pk = None
                self.notes.append(
                    f"The account {username!r} shares no campaign with you: its entries are "
                    "kept without one."
                )
            self.accounts[username] = pk
        return self.accounts[username]

    def mark(self, model, ordinal, where) -> int:
        rows = self.marks.get(model, [])
        if type(ordinal) is not int or not 1 <= ordinal <= len(rows):
            raise _refuse(
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
                raise _refuse(where, f"there is no {label} {ref!r} in this backup.")
            return self.kinds[model][ref]
        if model is Seat:
            if not isinstance(ref, str) or ref not in self.seats:
                raise _refuse(where, f"{ref!r} has no seat in this game.")
            return self.seats[ref]
        if model in self.marks or model in MARK_MODELS:
            return self.mark(model, ref, where)
        raise _refuse(where, f"{model.__name__} cannot be referenced.")  # pragma: no cover

    def row(self, table: _Table, raw, where: str, **parents) -> tuple[models.Model, str]:
        """Read one row of the document and check its fields; written later by ``write``."""
        if not isinstance(raw, dict):
            raise _refuse(where, "should be an object.")
        fields = table.fields()
        keys = {_key(table, f) for f in fields}
        added = dict(table.added)
        missing = sorted(keys - set(raw) - set(added))
        if missing:
            raise _refuse(where, f"missing {', '.join(missing)}.")
        dropped = dict(table.dropped)
        unknown = sorted(set(raw) - keys - set(dropped) - set(GAME_PARTS if table is GAMES else ()))
        if unknown:
            raise _refuse(where, f"unexpected {', '.join(unknown)}.")
        obj = table.model(**parents)
        related = []
        for f in fields:
            key = _key(table, f)
            value = raw[key] if key in raw else added[key]
            at = f"{where}, {key}"
            hook = HOOKS.get((table.model, f.name))
            if value is None and not f.null:
                raise _refuse(at, "cannot be null.")
            if hook and value is not None:
                value = hook.decode(self, raw, _typed(f, value, at), at)
            elif f.is_relation:
                related.append(f.name)
                value = self.resolve(f.related_model, value, at)
            else:
                value = _typed(f, value, at)
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
            raise _refuse(where, _describe(error)) from None
        return obj, where

    def rows(self, table: _Table, raws, where: str, **parents) -> list[models.Model]:
        if not isinstance(raws, list):
            raise _refuse(where, "should be a list.")
        items = [
            self.row(table, raw, f"{where} #{i}", **parents) for i, raw in enumerate(raws, start=1)
        ]
        return self.write(items)

    def write(self, items: list[tuple[models.Model, str]]) -> list[models.Model]:
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
                    model.objects.bulk_create(objs)
                return objs
            except IntegrityError:
                for obj in objs:
                    obj.pk = None
                    obj._state.adding = True
        for obj, where in items:
            try:
                obj.validate_constraints()
            except ValidationError as error:
                raise _refuse(where, _describe(error)) from None
            try:
                with transaction.atomic():
                    obj.save(force_insert=True)
            except IntegrityError as error:
                raise _refuse(where, f"the database refuses it ({error}).") from None
        if connection.features.can_return_rows_from_bulk_insert:  # pragma: no cover
            raise BackupError(f"The database refuses the {model.__name__} rows of this backup.")
        return objs

    def restore_stamps(self) -> None:
        """Put back the times Django stamps on creation (created_at, at): they are history."""
        for model, items in self.stamps.items():
            for obj, attname, value in items:
                setattr(obj, attname, value)
            names = sorted({attname for _, attname, _ in items})
            model.objects.bulk_update([obj for obj, _, _ in items], names, batch_size=500)


def _describe(error: ValidationError) -> str:
    if hasattr(error, "error_dict"):
        parts = []
        for name, errors in error.message_dict.items():
            text = " ".join(errors)
            parts.append(text if name == "__all__" else f"{name}: {text}")
        return "; ".join(parts)
    return " ".join(error.messages)


def _typed(f: models.Field, value, where: str):
    """A JSON value read as what the field holds, refusing a value of the wrong type."""
    if value is None:
        return None
    if f.is_relation:
        return value
    if isinstance(f, models.BooleanField):
        ok = isinstance(value, bool)
    elif isinstance(f, models.IntegerField):
        ok = type(value) is int
    elif isinstance(f, models.DateTimeField):
        if isinstance(value, str):
            try:
                parsed = datetime.datetime.fromisoformat(value)
            except ValueError:
                parsed = None
            if parsed is not None and parsed.tzinfo is not None:
                return parsed
        raise _refuse(where, f"{value!r} is not a date and time with its UTC offset.")
    elif isinstance(f, models.DateField):
        if isinstance(value, str):
            try:
                return datetime.date.fromisoformat(value)
            except ValueError:
                pass
        raise _refuse(where, f"{value!r} is not a date (YYYY-MM-DD).")
    elif isinstance(f, (models.CharField, models.TextField)):
        ok = isinstance(value, str)
    elif isinstance(f, models.JSONField):
        ok = _json_is_plain(value)
        if ok:
            _check_json_bounds(value, where)
    else:  # pragma: no cover - a field type this format does not know yet
        raise _refuse(where, f"cannot read a {type(f).__name__}.")
    if not ok:
        expected = {
            models.BooleanField: "true or false",
            models.IntegerField: "a whole number",
        }
        wanted = next((text for kind, text in expected.items() if isinstance(f, kind)), "a string")
        raise _refuse(where, f"{value!r} should be {wanted}.")
    return value


def _check_json_bounds(value, where: str) -> None:
    """Free JSON (audit data, event data...) no deeper and no longer than the settings allow,
    measured without recursion, so that a hostile value cannot exhaust the stack here or, once
    stored, when the campaign is exported."""
    limit = settings.BACKUP_JSON_MAX_DEPTH
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > limit:
                raise _refuse(where, f"nested more than {limit} levels deep.")
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    size = len(json.dumps(value, ensure_ascii=False))
    if size > settings.BACKUP_JSON_MAX_CHARS:
        raise _refuse(
            where, f"{size} characters long; at most {settings.BACKUP_JSON_MAX_CHARS} are allowed."
        )


def _list(container: dict, key: str, where: str = "") -> list:
    if key not in container:
        raise _refuse(where or key, "missing.")
    value = container[key]
    if not isinstance(value, list):
        raise _refuse(where or key, "should be a list.")
    return value


def _check_header(data) -> None:
    if not isinstance(data, dict):
        raise BackupError("The file is not a backup: it should hold one JSON object.")
    if data.get("format") != FORMAT:
        raise BackupError(
            f"The file is not an Earthbook campaign backup (format {data.get('format')!r}, "
            f"expected {FORMAT!r})."
        )
    if data.get("version") != VERSION or type(data.get("version")) is not int:
        raise BackupError(
            f"Backup version {data.get('version')!r} is not supported: this Earthbook reads "
            f"version {VERSION}."
        )
    missing = [k for k in TOP_LEVEL if k not in data and k not in ADDED_PARTS]
    if missing:
        raise BackupError(f"The backup is incomplete: missing {', '.join(missing)}.")
    unknown = sorted(set(data) - set(TOP_LEVEL))
    if unknown:
        raise BackupError(f"The backup has unexpected parts: {', '.join(unknown)}.")
    marks = data["marks"]
    if not isinstance(marks, dict):
        raise BackupError("marks: should be an object of mark lists.")
    missing = sorted(set(MARK_TABLES) - set(marks))
    if missing:
        raise BackupError(f"marks: missing {', '.join(missing)}.")
    unknown = sorted(set(marks) - set(MARK_TABLES))
    if unknown:
        raise BackupError(f"marks: unknown kinds of mark {', '.join(unknown)}.")


LAST_SIGNED_GAME = 15  # the winners' section has 15 lines: games 1 to 15 are signed
WORLD_NAMED_AFTER = 15  # the world is named once game 15 is over


def _all_rows(data: dict):
    """Every row of the document as (table, row, place), rows that are not objects left out
    (the row checks refuse those, with their place)."""
    parts = (
        ("campaign", CAMPAIGN, [data["campaign"]]),
        ("players", PLAYERS, data["players"]),
        ("stock", STOCK, data["stock"]),
        ("trade_rates", TRADE_RATES, data["trade_rates"]),
        ("scar_kinds", SCAR_KINDS, data["scar_kinds"]),
        ("mark_kinds", MARK_KINDS, data["mark_kinds"]),
        *((f"marks.{n}", t, data["marks"][n]) for n, t in MARK_TABLES.items()),
        ("unlocked_content", UNLOCKED, data["unlocked_content"]),
        *((key, table, data.get(key, [])) for key, table in _added_parts()),
        ("factions", FACTIONS, data.get("factions", [])),
        ("games", GAMES, data["games"]),
        ("corrections", CORRECTIONS, data["corrections"]),
        ("audit", AUDIT, data["audit"]),
    )
    for where, table, rows in parts:
        if not isinstance(rows, list):
            raise _refuse(where, "should be a list.")
        for i, raw in enumerate(rows, start=1):
            if not isinstance(raw, dict):
                continue
            yield table, raw, where if table is CAMPAIGN else f"{where} #{i}"
            if table is GAMES:
                for part, inner in (("seats", SEATS), ("events", EVENTS), ("rewards", REWARDS)):
                    for j, row in enumerate(_list(raw, part, f"{where} #{i}, {part}"), start=1):
                        if isinstance(row, dict):
                            yield inner, row, f"{where} #{i}, {part} #{j}"


def _added_parts() -> tuple[tuple[str, _Table], ...]:
    return (
        ("sealed_components", COMPONENTS),
        ("rule_stickers", STICKERS),
        ("deck_cards", DECK_CARDS),
    )


def check_document(data: dict) -> None:
    """The rules that hold across the whole document, checked before anything is written.

    Games are numbered 1, 2 ... N in order, every one finished but perhaps the last. Every mark
    was placed (and removed) in a game of the campaign: 0 (before the first game) to N. The
    winners' section is signed in games 1 to 15 only, and the world is named only once game 15
    is over. Free JSON is bounded (``BACKUP_JSON_MAX_DEPTH``, ``BACKUP_JSON_MAX_CHARS``).
    """
    _check_header(data)
    games = _list(data, "games")
    for i, raw in enumerate(games, start=1):
        if not isinstance(raw, dict):
            raise _refuse(f"games #{i}", "should be an object.")
        if raw.get("number") != i or type(raw.get("number")) is not int:
            raise _refuse(
                f"games #{i}, number",
                f"{raw.get('number')!r}: games are numbered 1, 2, 3 ... in order, so this one "
                f"is game {i}.",
            )
        if raw.get("status") != GameStatus.FINISHED and i != len(games):
            raise _refuse(
                f"games #{i}, status",
                f"game {i} is not finished, but only the last game may be unfinished.",
            )
    last = len(games)
    finished = sum(1 for g in games if g.get("status") == GameStatus.FINISHED)
    for table, raw, where in _all_rows(data):
        for f in table.fields():
            key = _key(table, f)
            value = raw.get(key)
            if isinstance(f, models.JSONField) and _json_is_plain(value):
                _check_json_bounds(value, f"{where}, {key}")
        if table.model in (SealedComponent, RuleSticker):
            added = raw.get("added_in_game")
            if type(added) is int and not 0 <= added <= last:
                raise _refuse(
                    f"{where}, added_in_game",
                    f"there is no game {added} in this backup (it holds games 0 to {last}).",
                )
            setting = raw.get("setting", "")
            if table.model is RuleSticker and setting and setting not in SETTING_SLUGS:
                raise _refuse(f"{where}, setting", f"Earthbook reads no setting {setting!r}.")
            continue
        if table.model not in MARK_MODELS:
            continue
        placed, removed = raw.get("placed_in_game"), raw.get("removed_in_game")
        for key, game in (("placed_in_game", placed), ("removed_in_game", removed)):
            if type(game) is int and not 0 <= game <= last:
                raise _refuse(
                    f"{where}, {key}",
                    f"there is no game {game} in this backup (it holds games 0 to {last}).",
                )
        if type(placed) is not int:
            continue
        if table.model is Signature and not 1 <= placed <= LAST_SIGNED_GAME:
            raise _refuse(
                f"{where}, placed_in_game",
                f"the winners' section is signed in games 1 to {LAST_SIGNED_GAME}, not in game "
                f"{placed}.",
            )
        if table.model is WorldName and (placed < WORLD_NAMED_AFTER or placed > finished):
            raise _refuse(
                f"{where}, placed_in_game",
                f"the world is named after game {WORLD_NAMED_AFTER} is finished, not in game "
                f"{placed}.",
            )


def import_campaign(data: dict, *, owner, notes: list[str] | None = None) -> Campaign:
    """Restore a backup into a NEW campaign owned by ``owner``; all or nothing.

    Raises ``BackupError`` (or ``RuleViolation``) naming what is wrong; then nothing is
    written. ``notes`` collects what was restored differently (usernames unknown here).
    """
    check_document(data)
    nul = _nul_at(data)
    if nul:
        raise _refuse(nul, "holds a NUL character, which cannot be stored.")
    if owner is None or not getattr(owner, "pk", None):
        raise RuleViolation("An imported campaign needs an owner.", rule="backup-owner")
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
    for key, table in (("scar_kinds", SCAR_KINDS), ("mark_kinds", MARK_KINDS)):
        ctx.kinds[table.model] = {k.slug: k.pk for k in ctx.rows(table, data[key], key, **_of(ctx))}
    for model in MARK_IMPORT_ORDER[1:]:
        import_marks(model)

    ctx.rows(STICKERS, data.get("rule_stickers", []), "rule_stickers", **_of(ctx))
    cards = data.get("deck_cards", TOP_LEVEL_ADDED["deck_cards"])
    ctx.cards = [c.pk for c in ctx.rows(DECK_CARDS, cards, "deck_cards", **_of(ctx))]

    raw_games = _list(data, "games")
    for i, raw in enumerate(raw_games, start=1):
        if not isinstance(raw, dict):
            raise _refuse(f"games #{i}", "should be an object.")
        for part in GAME_PARTS:
            _list(raw, part, f"games #{i}, {part}")
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
    for part, table in (("events", EVENTS), ("rewards", REWARDS)):
        items = []
        for i, (raw, game) in enumerate(zip(raw_games, game_rows, strict=True), start=1):
            ctx.seats = seats_of.get(game.pk, {})
            for j, row in enumerate(raw[part], start=1):
                items.append(ctx.row(table, row, f"games #{i}, {part} #{j}", game=game))
        ctx.write(items)

    corrections = ctx.rows(CORRECTIONS, data["corrections"], "corrections", **_of(ctx))
    ctx.corrections = [c.pk for c in corrections]
    ctx.rows(AUDIT, data["audit"], "audit", **_of(ctx))
    ctx.restore_stamps()
    return campaign


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
