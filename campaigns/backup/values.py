"""Values that need more than a copy: fields whose JSON holds references, written out and read back.

Ids hidden inside JSON (a reward's created and removed marks, a world name's tie-break rolls, a
correction's marks and snapshots, an audit entry's correction...) become local references on the
way out and ids of the new campaign on the way in; ``HOOKS`` names the field and its pair of
functions.
Each hook takes, as ``ctx``, the context of the export (``export._Export``) or of the import
(``restore._Import``); both modules import the hooks, so the hooks do not import them back.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import FieldDoesNotExist
from django.db import models

from campaigns.backup.document import MARKS_BY_NAME, refuse_backup
from campaigns.models import (
    CARD_EVENTS,
    AuditEntry,
    Campaign,
    EventKind,
    GameEvent,
    GameReward,
    Seat,
)
from legacy import board
from legacy.box import PACKET_BY_SLUG
from legacy.models import (
    Correction,
    FactionPower,
    PacketOpening,
    Scar,
    WorldName,
)
from legacy.rules import Reward

if TYPE_CHECKING:
    from campaigns.backup.document import Table


# --- Values that need more than a copy ------------------------------------------------------------


@dataclass(frozen=True)
class Account:
    """An account id met while exporting; replaced by its username at the end (one query)."""

    pk: int


def json_is_plain(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, list, dict))


def utc_iso(value: datetime.datetime) -> str:
    return value.astimezone(datetime.UTC).isoformat()


@dataclass
class _Hook:
    """A field whose value holds references: how to write it out and read it back."""

    key: str | None
    encode: Callable  # (ctx, row, value) -> json
    decode: Callable  # (ctx, raw_row, value, where) -> db value


def _player_refs_out(ctx, value):
    """Player ids as keys, written as names; a key that is not one of ours cannot be restored
    and is left out (like any reference outside the campaign)."""
    named = ((ctx.players.get(int_or_none(k)), v) for k, v in (value or {}).items())
    return {name: v for name, v in named if name is not None}


def int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _rolls_in(ctx, raw_row, value, where):
    if not isinstance(value, dict):
        raise refuse_backup(where, "rolls must be an object of player name -> die.")
    rolls = {}
    for name, die in value.items():
        if type(die) is not int or not 1 <= die <= 6:
            raise refuse_backup(where, f"the roll of {name!r} must be a number from 1 to 6.")
        rolls[str(ctx.player(name, where))] = die
    return rolls


def _event_data_out(ctx, row: GameEvent, value):
    if row.kind in CARD_EVENTS and isinstance(value, dict) and "card" in value:
        return value | {"card": ctx.cards.get(int_or_none(value["card"]))}
    if row.kind != EventKind.COIN_PILE_OUT or not isinstance(value, dict):
        return value
    data = dict(value)
    data["territories"] = _player_refs_out(ctx, data.get("territories"))
    if data.get("red_star_to") is not None:
        data["red_star_to"] = ctx.players.get(int_or_none(data["red_star_to"]))
    return data


def _event_data_in(ctx, raw_row, value, where):
    if not isinstance(value, dict):
        raise refuse_backup(where, "data must be an object.")
    if raw_row.get("kind") in CARD_EVENTS and value.get("card") is not None:
        ordinal = value["card"]
        if type(ordinal) is not int or not 1 <= ordinal <= len(ctx.cards):
            raise refuse_backup(
                f"{where}, card",
                f"there is no card #{ordinal!r} (deck_cards lists {len(ctx.cards)}).",
            )
        return value | {"card": ctx.cards[ordinal - 1]}
    if raw_row.get("kind") != EventKind.COIN_PILE_OUT:
        return value
    data = dict(value)
    counts = data.get("territories", {})
    if not isinstance(counts, dict):
        raise refuse_backup(where, "the coin pile's territory counts must be an object.")
    data["territories"] = {str(ctx.player(name, where)): n for name, n in counts.items()}
    if data.get("red_star_to") is not None:
        data["red_star_to"] = ctx.player(data["red_star_to"], where)
    return data


def _reward_details_out(ctx, row: GameReward, value):
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


def _reward_details_in(ctx, raw_row, value, where):
    if not isinstance(value, dict):
        raise refuse_backup(where, "details must be an object.")
    details = dict(value)
    created = details.get("created")
    if created is not None:
        details["created"] = mark_pair_in(ctx, created, f"{where}.created")
    removed = details.get("removed", [])
    if not isinstance(removed, list):
        raise refuse_backup(where, "details.removed must be a list of [model, ordinal] pairs.")
    details["removed"] = [
        mark_pair_in(ctx, pair, f"{where}.removed #{i}") for i, pair in enumerate(removed, start=1)
    ]
    return details


def mark_pair_in(ctx, pair, where) -> list:
    if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str):
        raise refuse_backup(where, "a mark is written as [model, ordinal].")
    model = MARKS_BY_NAME.get(pair[0])
    if model is None:
        raise refuse_backup(where, f"there is no kind of mark called {pair[0]!r}.")
    return [pair[0], ctx.mark(model, pair[1], where)]


def _correction_mark_out(ctx, row: Correction, value):
    return ctx.mark_ordinal(row.mark_type, value)


def _correction_mark_in(ctx, raw_row, value, where):
    if value is None:
        return None
    model = MARKS_BY_NAME.get(raw_row.get("mark_type"))
    if model is None:
        raise refuse_backup(where, f"there is no kind of mark called {raw_row.get('mark_type')!r}.")
    return ctx.mark(model, value, where)


def _snapshot_out(ctx, row: Correction, value):
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


def _snapshot_in(ctx, raw_row, value, where):
    if not isinstance(value, dict):
        raise refuse_backup(where, "a correction's before/after is an object.")
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


def _audit_data_out(ctx, row: AuditEntry, value):
    """An entry's correction, by its ordinal in ``corrections``."""
    if not isinstance(value, dict) or "correction" not in value:
        return value
    return value | {"correction": ctx.corrections.get(int_or_none(value["correction"]))}


def _audit_data_in(ctx, raw_row, value, where):
    if not isinstance(value, dict) or value.get("correction") is None:
        return value
    ordinal = value["correction"]
    if type(ordinal) is not int or not 1 <= ordinal <= len(ctx.corrections):
        raise refuse_backup(
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
    """A territory of the box, or one the backup's packets added (``ctx.territories``)."""
    if value not in board.TERRITORY_BY_SLUG and value not in ctx.territories:
        raise refuse_backup(where, f"there is no territory called {value!r} on the board.")
    return value


def _hq_in(ctx, raw_row, value, where):
    """A seat's HQ: a territory, or none for a seat of a game brought in (its HQ not known)."""
    return value if value == "" else _territory_in(ctx, raw_row, value, where)


def _territories_in(ctx, raw_row, value, where):
    if not isinstance(value, list):
        raise refuse_backup(where, "controlled_at_end must be a list of territories.")
    for slug in value:
        _territory_in(ctx, raw_row, slug, where)
    return value


def _faction_in(ctx, raw_row, value, where):
    if value not in ctx.factions:
        raise refuse_backup(where, f"there is no faction called {value!r} in this campaign.")
    return value


def _reward_kind_in(ctx, raw_row, value, where):
    if value not in {r.value for r in Reward}:
        raise refuse_backup(where, f"there is no reward called {value!r}.")
    return value


def _same(ctx, row, value):
    return value


def _packet_in(ctx, raw_row, value, where):
    if value not in PACKET_BY_SLUG and value not in ctx.components:
        raise refuse_backup(
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
    (Seat, "hq"): _Hook(None, _same, _hq_in),
    (Seat, "faction"): _Hook(None, _same, _faction_in),
    (Scar, "faction"): _Hook(None, _same, _faction_in),
    (FactionPower, "faction"): _Hook(None, _same, _faction_in),
    (Seat, "controlled_at_end"): _Hook(None, _same, _territories_in),
    (PacketOpening, "packet"): _Hook(None, _same, _packet_in),
}


def key_of(table: Table, f: models.Field) -> str:
    hook = HOOKS.get((table.model, f.name))
    return hook.key if hook and hook.key else f.name
