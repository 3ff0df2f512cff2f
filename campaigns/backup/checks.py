"""Checks on a document before anything is written: its header, its parts, and the rules that
hold across the whole document.

``check_document`` refuses a document that could not be restored, with the place of the first
mistake; the checks of each row's fields (types, lengths, bounded JSON) are
``campaigns.backup.fields``, shared with the restore.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models

from campaigns.backup.document import (
    ADDED_PARTS,
    AUDIT,
    CAMPAIGN,
    COMPONENTS,
    CORRECTIONS,
    DECK_CARDS,
    EVENT_MARKS,
    EVENTS,
    FACTIONS,
    FORMAT,
    GAME_PARTS_ADDED,
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
    TOP_LEVEL,
    TRADE_RATES,
    UNLOCKED,
    VERSION,
    BackupError,
    refuse_backup,
)
from campaigns.backup.document import words as _
from campaigns.backup.fields import check_json_bounds, list_field
from campaigns.backup.values import json_is_plain, key_of
from campaigns.models import GameStatus
from campaigns.vocabulary import AuditAction
from legacy import board
from legacy.box import CAMPAIGN_GAMES, PACKET_BY_SLUG, WINNERS_LINES
from legacy.models import (
    MARK_MODELS,
    AddedTerritory,
    Signature,
    WorldName,
)
from legacy.rulebook import SETTING_SLUGS

if TYPE_CHECKING:
    from campaigns.backup.document import Table


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
            raise refuse_backup(where, "should be a list.")
        for i, raw in enumerate(rows, start=1):
            if not isinstance(raw, dict):
                continue
            yield table, raw, where if table is CAMPAIGN else f"{where} #{i}"
            if table is GAMES:
                for part, inner in (
                    ("seats", SEATS),
                    ("events", EVENTS),
                    ("rewards", REWARDS),
                    ("notes", NOTES),
                ):
                    rows_ = raw.get(part, []) if part in GAME_PARTS_ADDED else None
                    if rows_ is None:
                        rows_ = list_field(raw, part, f"{where} #{i}, {part}")
                    elif not isinstance(rows_, list):
                        raise refuse_backup(f"{where} #{i}, {part}", "should be a list.")
                    for j, row in enumerate(rows_, start=1):
                        if isinstance(row, dict):
                            yield inner, row, f"{where} #{i}, {part} #{j}"


def _added_parts() -> tuple[tuple[str, Table], ...]:
    return (
        ("sealed_components", COMPONENTS),
        ("rule_stickers", STICKERS),
        ("deck_cards", DECK_CARDS),
    )


def check_document(data: dict) -> None:
    """The rules that hold across the whole document, checked before anything is written.

    A backup is a whole campaign: its games are numbered 1, 2 ... N without a gap, every one
    finished but perhaps the last, and nothing in it (a mark, a correction, a sealed component,
    a rule sticker, a faction, an entry's marks, a reward's marks, an audit entry) names a game
    or a thing that is not in it. Each rule is one function below, in the order checked; the
    first one broken refuses the document, naming the place. Free JSON is bounded
    (``BACKUP_JSON_MAX_DEPTH``, ``BACKUP_JSON_MAX_CHARS``).
    """
    _check_header(data)
    games = _games(data)
    games_are_numbered_without_gaps(games)
    only_the_last_game_is_unfinished(games)
    free_json_is_bounded(data)
    marks_name_games_of_the_backup(data, games)
    marks_name_territories_of_the_board(data)
    records_name_games_of_the_backup(data, games)
    corrections_name_games_of_the_backup(data, games)
    entries_and_rewards_name_marks_of_the_backup(data)
    audit_names_games_of_the_backup(data, games)
    audit_names_packets_of_the_backup(data)


def _games(data: dict) -> list[dict]:
    games = list_field(data, "games")
    for i, raw in enumerate(games, start=1):
        if not isinstance(raw, dict):
            raise refuse_backup(f"games #{i}", _("should be an object."))
    return games


def _no_game(game, last: int) -> str:
    return _("there is no game %(game)s in this backup (it holds games 0 to %(last)s).") % {
        "game": game,
        "last": last,
    }


def games_are_numbered_without_gaps(games: list[dict]) -> None:
    """Games 1, 2 ... N, in order: no gap, no game twice."""
    for i, raw in enumerate(games, start=1):
        if raw.get("number") != i or type(raw.get("number")) is not int:
            raise refuse_backup(
                f"games #{i}, number",
                _(
                    "%(number)s: games are numbered 1, 2, 3 ... in order, so this one is "
                    "game %(game)s."
                )
                % {"number": repr(raw.get("number")), "game": i},
            )


def only_the_last_game_is_unfinished(games: list[dict]) -> None:
    for i, raw in enumerate(games, start=1):
        if raw.get("status") != GameStatus.FINISHED and i != len(games):
            raise refuse_backup(
                f"games #{i}, status",
                _("game %(game)s is not finished, but only the last game may be unfinished.")
                % {"game": i},
            )


def free_json_is_bounded(data: dict) -> None:
    for table, raw, where in _all_rows(data):
        for f in table.fields():
            key = key_of(table, f)
            value = raw.get(key)
            if isinstance(f, models.JSONField) and json_is_plain(value):
                check_json_bounds(value, f"{where}, {key}")


def marks_name_games_of_the_backup(data: dict, games: list[dict]) -> None:
    """Every mark was placed (and removed) in a game of the backup: 0 (before the first game)
    to N. The winners' section is signed in games 1 to 15 only, and the world is named only once
    game 15 is over."""
    last = len(games)
    finished = sum(1 for g in games if g.get("status") == GameStatus.FINISHED)
    for name, model in ((m.__name__, m) for m in MARK_MODELS):
        for i, raw in enumerate(data["marks"][name], start=1):
            if not isinstance(raw, dict):
                continue
            where = f"marks.{name} #{i}"
            placed, removed = raw.get("placed_in_game"), raw.get("removed_in_game")
            for key, game in (("placed_in_game", placed), ("removed_in_game", removed)):
                if type(game) is int and not 0 <= game <= last:
                    raise refuse_backup(f"{where}, {key}", _no_game(game, last))
            if type(placed) is not int:
                continue
            if model is Signature and not 1 <= placed <= WINNERS_LINES:
                raise refuse_backup(
                    f"{where}, placed_in_game",
                    _(
                        "the winners' section is signed in games 1 to %(lines)s, not in game "
                        "%(game)s."
                    )
                    % {"lines": WINNERS_LINES, "game": placed},
                )
            if model is WorldName and (placed < CAMPAIGN_GAMES or placed > finished):
                raise refuse_backup(
                    f"{where}, placed_in_game",
                    _("the world is named after game %(last)s is finished, not in game %(game)s.")
                    % {"last": CAMPAIGN_GAMES, "game": placed},
                )


def added_territories(data: dict) -> list[board.AddedTerritory]:
    """The territories the backup's packets added (voided ones left out), as the pure layer
    reads them; rows too broken to read are left to the field checks."""
    added = []
    for raw in data["marks"].get(AddedTerritory.__name__, []):
        if not isinstance(raw, dict) or raw.get("voided") is True:
            continue
        slug, game = raw.get("slug"), raw.get("placed_in_game")
        if isinstance(slug, str) and type(game) is int:
            added.append(board.AddedTerritory(slug, str(raw.get("name", "")), "", game))
    return added


def marks_name_territories_of_the_board(data: dict) -> None:
    """Every mark on a territory is on one the board had in the game it was placed: the box's,
    or one the backup's packets added in that game or before."""
    added = added_territories(data)
    for name in (m.__name__ for m in MARK_MODELS):
        for i, raw in enumerate(data["marks"].get(name, []), start=1):
            if not isinstance(raw, dict) or not isinstance(raw.get("territory"), str):
                continue
            placed = raw.get("placed_in_game")
            if type(placed) is not int or raw.get("voided") is True:
                continue
            slug = raw["territory"]
            if not board.board_as_of(placed, added).has(slug):
                raise refuse_backup(
                    f"marks.{name} #{i}, territory",
                    _("there is no territory called %(slug)s on the board in game %(game)s.")
                    % {"slug": repr(slug), "game": placed},
                )


# The records besides marks that name the game they came in, by part and key.
GAME_OF_RECORD = (
    ("sealed_components", "added_in_game"),
    ("rule_stickers", "added_in_game"),
    ("factions", "appeared_in_game"),
)


def records_name_games_of_the_backup(data: dict, games: list[dict]) -> None:
    """A sealed component, a rule sticker and a faction came in a game of the backup; a rule
    sticker sets only a setting Earthbook reads."""
    last = len(games)
    for part, key in GAME_OF_RECORD:
        rows = data.get(part, [])
        if not isinstance(rows, list):
            continue  # refused where the part is read
        for i, raw in enumerate(rows, start=1):
            if not isinstance(raw, dict):
                continue
            game = raw.get(key)
            if type(game) is int and not 0 <= game <= last:
                raise refuse_backup(f"{part} #{i}, {key}", _no_game(game, last))
            setting = raw.get("setting", "")
            if part == "rule_stickers" and setting and setting not in SETTING_SLUGS:
                raise refuse_backup(
                    f"{part} #{i}, setting",
                    _("Earthbook reads no setting %(setting)s.") % {"setting": repr(setting)},
                )


def corrections_name_games_of_the_backup(data: dict, games: list[dict]) -> None:
    """A correction's mark, before and after, stood in games of the backup."""
    last = len(games)
    for i, raw in enumerate(data["corrections"], start=1):
        if not isinstance(raw, dict):
            continue
        for side in ("before", "after"):
            snapshot = raw.get(side)
            if not isinstance(snapshot, dict):
                continue
            for key in ("placed_in_game", "removed_in_game"):
                game = snapshot.get(key)
                if type(game) is int and not 0 <= game <= last:
                    raise refuse_backup(f"corrections #{i}, {side}, {key}", _no_game(game, last))


def _no_mark(model: str, ordinal, count: int) -> str:
    return _("there is no %(model)s #%(ordinal)s in marks.%(model)s (it lists %(count)s).") % {
        "model": model,
        "ordinal": repr(ordinal),
        "count": count,
    }


def _mark_is_there(data: dict, pair, where: str) -> None:
    """``pair`` ([model, ordinal, ...]) names a mark listed under ``marks``; a pair of the wrong
    shape is refused where it is restored."""
    if not isinstance(pair, list) or len(pair) < 2 or pair[0] not in MARK_TABLES:
        return
    count = len(data["marks"][pair[0]]) if isinstance(data["marks"][pair[0]], list) else 0
    if type(pair[1]) is int and not 1 <= pair[1] <= count:
        raise refuse_backup(where, _no_mark(pair[0], pair[1], count))


def entries_and_rewards_name_marks_of_the_backup(data: dict) -> None:
    """The marks an entry placed, took off or marked, and the marks a reward created or
    removed, are in the backup."""
    for i, game in enumerate(data["games"], start=1):
        for j, event in enumerate(game.get("events") or [], start=1):
            if not isinstance(event, dict) or not isinstance(event.get(EVENT_MARKS), list):
                continue
            for k, pair in enumerate(event[EVENT_MARKS], start=1):
                _mark_is_there(data, pair, f"games #{i}, events #{j}, {EVENT_MARKS} #{k}")
        for j, reward in enumerate(game.get("rewards") or [], start=1):
            details = reward.get("details") if isinstance(reward, dict) else None
            if not isinstance(details, dict):
                continue
            where = f"games #{i}, rewards #{j}, details"
            _mark_is_there(data, details.get("created"), f"{where}.created")
            removed = details.get("removed")
            for k, pair in enumerate(removed if isinstance(removed, list) else [], start=1):
                _mark_is_there(data, pair, f"{where}.removed #{k}")


# Audit entries that say a game was played to its end (or changed after it).
_AFTER_THE_END = (AuditAction.GAME_FINISHED, AuditAction.GAME_AMENDED)


def audit_names_games_of_the_backup(data: dict, games: list[dict]) -> None:
    """Every game the audit names is in the backup (0, before the first game, to N): a game
    it says was finished is finished, an entry it says was taken back is in its game. A game
    set up and then cancelled is named by number without being there, so entries about a game
    the audit later says was cancelled are not refused."""
    last = len(games)
    entries = [raw for raw in data["audit"] if isinstance(raw, dict)]
    cancelled_later: set[int] = set()
    excused: list[set[int]] = []
    for raw in reversed(entries):
        data_ = raw.get("data")
        game = data_.get("game") if isinstance(data_, dict) else None
        if raw.get("action") == AuditAction.GAME_CANCELLED and type(game) is int:
            cancelled_later.add(game)
        excused.append(set(cancelled_later))
    excused.reverse()
    position = {id(raw): n for n, raw in enumerate(entries)}
    for i, raw in enumerate(data["audit"], start=1):
        if not isinstance(raw, dict) or not isinstance(raw.get("data"), dict):
            continue
        game, action = raw["data"].get("game"), raw.get("action")
        where = f"audit #{i}, data, game"
        if type(game) is not int:
            continue
        if not 0 <= game <= last:
            if game in excused[position[id(raw)]]:
                continue
            raise refuse_backup(where, _no_game(game, last))
        if action in _AFTER_THE_END and (
            game == 0 or games[game - 1].get("status") != GameStatus.FINISHED
        ):
            raise refuse_backup(
                where,
                _("game %(game)s is not finished in this backup, but the audit says it was.")
                % {"game": game},
            )
        seq = raw["data"].get("seq")
        if action == AuditAction.ENTRY_VOIDED and type(seq) is int and game >= 1:
            events = games[game - 1].get("events") or []
            if not any(isinstance(e, dict) and e.get("seq") == seq for e in events):
                raise refuse_backup(
                    f"audit #{i}, data, seq",
                    _("game %(game)s has no entry %(seq)s in this backup.")
                    % {"game": game, "seq": seq},
                )


def audit_names_packets_of_the_backup(data: dict) -> None:
    """A packet the audit names is one of the box's or a sealed component of the backup."""
    components = data.get("sealed_components", [])
    rows = components if isinstance(components, list) else []
    slugs = {raw.get("slug") for raw in rows if isinstance(raw, dict)}
    for i, raw in enumerate(data["audit"], start=1):
        if not isinstance(raw, dict) or not isinstance(raw.get("data"), dict):
            continue
        packet = raw["data"].get("packet")
        if isinstance(packet, str) and packet and packet not in {*PACKET_BY_SLUG, *slugs}:
            raise refuse_backup(
                f"audit #{i}, data, packet",
                _(
                    "there is no packet %(packet)s: neither one of the box's nor a sealed "
                    "component of this backup."
                )
                % {"packet": repr(packet)},
            )
