"""The backup document's shape: its format and version, its tables, and what it leaves out.

Every model that belongs to a campaign is either carried (``CARRIED``, one ``Table`` each) or left
out with its reason (``LEFT_OUT``); parts added after version 1 are listed so that an older backup
restores without them. ``BackupError`` is the one refusal, naming the place in the document.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.db import models
from django.utils.translation import gettext

from campaigns.game.event_words import data_from_summary
from campaigns.models import (
    AuditEntry,
    Campaign,
    Game,
    GameEvent,
    GameNote,
    GameReward,
    Player,
    Seat,
)
from campaigns.vocabulary import READINGS
from legacy import scar_effects
from legacy.models import (
    MARK_MODELS,
    Correction,
    DeckCard,
    MarkKind,
    PacketOpening,
    RuleSticker,
    ScarKind,
    SealedComponent,
    StockAllowance,
    TradeRate,
    UnlockedContent,
    UnlockedFaction,
)

FORMAT = "earthbook-campaign"
VERSION = 1

MARKS_BY_NAME: dict[str, type[models.Model]] = {m.__name__: m for m in MARK_MODELS}
# Packet openings first: scar kinds, mark kinds and powers point at the opening that unlocked
# them. MARK_MODELS already lists cities before the fortifications that point at them.
MARK_IMPORT_ORDER = (PacketOpening, *(m for m in MARK_MODELS if m is not PacketOpening))


class Words(str):
    """A sentence in the active language that keeps its English text (``msgid``) and its
    ``params``, so that a refusal stored by a worker is worded again in its reader's language."""

    msgid: str = ""
    params: dict | None = None

    def __mod__(self, params) -> Words:
        worded = Words(str.__mod__(self, params))
        worded.msgid, worded.params = self.msgid, dict(params)
        return worded


def words(msgid: str) -> Words:
    """``gettext`` that remembers what it translated (used as ``_`` by the checks)."""
    worded = Words(gettext(msgid))
    worded.msgid = msgid
    return worded


def reword(wording: dict) -> str:
    """A stored refusal's ``words`` (``BackupError.words``) in the active language."""
    text = gettext(str(wording.get("msgid", "")))
    params = wording.get("params")
    return text % params if isinstance(params, dict) else text


class BackupError(Exception):
    """A backup that cannot be read or restored; ``message`` says where and what is wrong,
    ``where`` (when known) names the place in the document alone, ``what`` the fault alone.
    ``words``, when the fault was worded by the checks, is how to word it again later."""

    def __init__(self, message: str, *, where: str = "", what: str = ""):
        super().__init__(message)
        self.message = message
        self.where = where
        self.what = what or message
        self.words: dict | None = None
        if isinstance(what, Words) and what.msgid:
            self.words = {"msgid": what.msgid, "params": what.params}


def refuse_backup(where: str, what: str) -> BackupError:
    return BackupError(f"{where}: {what}" if where else what, where=where, what=what)


def nul_at(node, where: str = "") -> str | None:
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
            found = nul_at(value, f"marks.{key}" if where == "marks" else at)
            if found:
                return found
    elif isinstance(node, list):
        for i, item in enumerate(node, start=1):
            found = nul_at(item, f"{where} #{i}")
            if found:
                return found
    return None


# --- Tables: which rows, without which parent links ----------------------------------------------


def _event_summary_in(event: GameEvent, summary) -> None:
    """An older backup's entry holds the English sentence entries were once stored with: its
    data is completed from it (as the database's own entries were), the sentence is not kept."""
    event.data = data_from_summary(event.kind, event.seq, str(summary or ""), event.data)


# The model whose rows a table holds; a table is only read, so a table of cities is a table of
# models too.
_M = TypeVar("_M", bound=models.Model, covariant=True)


@dataclass(frozen=True)
class Table(Generic[_M]):
    model: type[_M]
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


CAMPAIGN = Table(
    Campaign,
    parents=(),
    left_out=("owner", "share_token"),
    added=(
        ("language", "en"),
        ("held_on_rewards_end_together", False),
        ("world_capitals_allowed", 1),
        ("world_capital_is_a_start", False),
        ("world_number", ""),
        ("archived", False),
        *((name, reading.values[0]) for name, reading in READINGS.items()),
    ),
)
PLAYERS = Table(Player, added=(("claimed_by", None),))
STOCK = Table(StockAllowance)
TRADE_RATES = Table(TradeRate)
SCAR_KINDS = Table(ScarKind, added=(("dice_effect", scar_effects.NONE), ("colour", "")))
MARK_KINDS = Table(MarkKind)
UNLOCKED = Table(UnlockedContent, added=(("opens_pack_4", False),))
COMPONENTS = Table(SealedComponent)
STICKERS = Table(RuleSticker)
DECK_CARDS = Table(DeckCard)
FACTIONS = Table(UnlockedFaction)
CORRECTIONS = Table(Correction, added=(("reason_code", ""), ("reason_params", {})))
AUDIT = Table(AuditEntry)
GAMES = Table(Game)
SEATS = Table(
    Seat,
    parents=("game",),
    added=(
        ("draft_turn", None),
        ("draft_placement", None),
        ("starting_troops", None),
        ("starting_coin_cards", None),
    ),
)
EVENTS = Table(GameEvent, parents=("game",), dropped=(("summary", _event_summary_in),))
REWARDS = Table(GameReward, parents=("game",))
NOTES = Table(GameNote, parents=("game",))
# Fields marks gained after version 1 of the format, and what an older backup lacking them means.
MARK_FIELDS_ADDED: dict[str, tuple[tuple[str, object], ...]] = {
    "Fortification": (("boxes_marked_in", {}),),
}
MARK_TABLES = {
    m.__name__: Table(m, added=MARK_FIELDS_ADDED.get(m.__name__, ())) for m in MARK_MODELS
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
        NOTES,
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
    "campaigns.AutomaticBackupJob": "how the automatic backups' writing stood; the backups "
    "themselves are files of this installation",
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
TOP_LEVEL_ADDED: dict[str, list] = {"deck_cards": []}
GAME_PARTS = ("seats", "events", "rewards", "notes")
# Parts of a game added after version 1 of the format: an older backup's games lack them.
GAME_PARTS_ADDED = ("notes",)
# An entry's marks: each as [model, ordinal, change] (what the entry did to it). A backup written
# before entries knew their marks lacks them: they are guessed again on import.
EVENT_MARKS = "marks"
PARTS_WITHIN = {Game: GAME_PARTS, GameEvent: (EVENT_MARKS,)}
