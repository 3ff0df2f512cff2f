"""Export: a campaign as one JSON document, and the document as text.

``export_campaign`` reads every table in a fixed number of queries; ``dumps`` writes it with sorted
keys so that exporting, importing and exporting again gives the same bytes; ``loads`` reads it
back and refuses what is not JSON.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.db import transaction

from campaigns.backup.document import (
    AUDIT,
    CAMPAIGN,
    COMPONENTS,
    CORRECTIONS,
    DECK_CARDS,
    EVENT_MARKS,
    EVENTS,
    FACTIONS,
    FORMAT,
    GAMES,
    MARK_KINDS,
    MARK_TABLES,
    NOTES,
    PLAYERS,
    REWARDS,
    SCAR_KINDS,
    SEATS,
    STICKERS,
    STOCK,
    TRADE_RATES,
    UNLOCKED,
    VERSION,
    BackupError,
)
from campaigns.backup.values import HOOKS, Account, int_or_none, key_of, utc_iso
from campaigns.models import (
    AuditEntry,
    Campaign,
    EventMark,
    Game,
    GameEvent,
    GameNote,
    GameReward,
    Player,
    Seat,
)
from legacy.models import (
    MARK_MODELS,
    Correction,
    DeckCard,
    MarkKind,
    RuleSticker,
    ScarKind,
    SealedComponent,
    StockAllowance,
    TradeRate,
    UnlockedContent,
    UnlockedFaction,
)

if TYPE_CHECKING:
    from campaigns.backup.document import Table


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
        self.seat_players: dict[int, str | None] = {}
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
        return self.ordinals.get(model_name, {}).get(int_or_none(pk))

    def ref(self, model, pk):
        """The stable reference for row ``pk`` of ``model`` (None when it is not ours)."""
        if pk is None or model is Campaign:
            return None
        if model is Player:
            return self.players.get(pk)
        if model is get_user_model():
            return Account(pk)
        if model in self.kinds:
            return self.kinds[model].get(pk)
        if model is Seat:
            return self.seat_players.get(pk)
        if model.__name__ in self.ordinals:
            return self.mark_ordinal(model.__name__, pk)
        raise TypeError(f"A backup has no reference for {model.__name__}.")  # pragma: no cover

    def row(self, table: Table, obj) -> dict:
        out = {}
        for f in table.fields():
            value = getattr(obj, f.attname)
            hook = HOOKS.get((table.model, f.name))
            if hook:
                value = hook.encode(self, obj, value)
            elif f.is_relation:
                value = self.ref(f.related_model, value)
            elif isinstance(value, datetime.datetime):
                value = utc_iso(value)
            elif isinstance(value, datetime.date):
                value = value.isoformat()
            out[key_of(table, f)] = value
        return out

    def rows(self, table: Table, queryset: Iterable) -> list[dict]:
        return [self.row(table, obj) for obj in queryset]

    def games(self) -> list[dict]:
        games = list(Game.objects.filter(campaign=self.campaign).order_by("number"))
        seats = list(Seat.objects.filter(game__campaign=self.campaign).order_by("pk"))
        events = list(GameEvent.objects.filter(game__campaign=self.campaign).order_by("pk"))
        links: dict[int, list[list]] = {}
        for ln in EventMark.objects.filter(event__game__campaign=self.campaign).order_by("pk"):
            ordinal = self.mark_ordinal(ln.mark_type, ln.mark_id)
            if ordinal is not None:
                links.setdefault(ln.event_id, []).append([ln.mark_type, ordinal, ln.change])
        rewards = list(GameReward.objects.filter(game__campaign=self.campaign).order_by("pk"))
        notes = list(GameNote.objects.filter(game__campaign=self.campaign).order_by("pk"))
        self.seat_players = {s.pk: self.players.get(s.player_id) for s in seats}
        out = []
        for game in games:
            row = self.row(GAMES, game)
            row["seats"] = self.rows(SEATS, (s for s in seats if s.game_id == game.pk))
            row["events"] = [
                self.row(EVENTS, e) | {EVENT_MARKS: links.get(e.pk, [])}
                for e in events
                if e.game_id == game.pk
            ]
            row["rewards"] = self.rows(REWARDS, (r for r in rewards if r.game_id == game.pk))
            row["notes"] = self.rows(NOTES, (n for n in notes if n.game_id == game.pk))
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
                if isinstance(value, Account):
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
