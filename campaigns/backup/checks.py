"""Checks on a document before anything is written: its header, its parts, and each row's fields.

``check_document`` refuses a document that could not be restored, with the place of the first
mistake; the field checks (types, choices, lengths) are shared with the restore.
"""

from __future__ import annotations

import datetime
import json
import math
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from campaigns.backup.document import (
    ADDED_PARTS,
    AUDIT,
    CAMPAIGN,
    COMPONENTS,
    CORRECTIONS,
    DECK_CARDS,
    EVENTS,
    FACTIONS,
    FORMAT,
    GAMES,
    MARK_KINDS,
    MARK_TABLES,
    PLAYERS,
    REWARDS,
    SCAR_KINDS,
    SEATS,
    STICKERS,
    STOCK,
    TOP_LEVEL,
    TRADE_RATES,
    UNLOCKED,
    VERSION,
    BackupError,
    _refuse,
)
from campaigns.backup.values import _json_is_plain, _key
from campaigns.models import (
    GameStatus,
)
from legacy.box import CAMPAIGN_GAMES, WINNERS_LINES
from legacy.models import (
    MARK_MODELS,
    RuleSticker,
    SealedComponent,
    Signature,
    WorldName,
)
from legacy.rulebook import SETTING_SLUGS

if TYPE_CHECKING:
    from campaigns.backup.document import _Table


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
    elif isinstance(f, models.FloatField):
        ok = type(value) in (int, float) and math.isfinite(value)
        value = float(value) if ok else value
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
            models.FloatField: "a number",
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
        if table.model is Signature and not 1 <= placed <= WINNERS_LINES:
            raise _refuse(
                f"{where}, placed_in_game",
                f"the winners' section is signed in games 1 to {WINNERS_LINES}, not in game "
                f"{placed}.",
            )
        if table.model is WorldName and (placed < CAMPAIGN_GAMES or placed > finished):
            raise _refuse(
                f"{where}, placed_in_game",
                f"the world is named after game {CAMPAIGN_GAMES} is finished, not in game "
                f"{placed}.",
            )
