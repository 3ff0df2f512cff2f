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
  ``correction``, its ordinal under ``corrections``) they are rewritten the same way. An
  event's ``marks`` (what the entry placed, took off or marked a box of) are
  ``[model, ordinal, change]``; an older backup's events lack them, and are linked again by
  what they say.
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

The modules: ``document`` (the format, its tables and what it leaves out), ``values`` (fields
whose JSON holds references), ``export``, ``checks`` (a document checked before anything is
written), ``fields`` (each row's fields checked, by the checks and the restore) and ``restore``.
"""

from __future__ import annotations

from campaigns.backup.checks import check_document
from campaigns.backup.document import (
    CARRIED,
    FORMAT,
    LEFT_OUT,
    VERSION,
    BackupError,
    Words,
    reword,
)
from campaigns.backup.export import dumps, export_campaign, loads
from campaigns.backup.restore import import_campaign

__all__ = [
    "CARRIED",
    "FORMAT",
    "LEFT_OUT",
    "VERSION",
    "BackupError",
    "check_document",
    "dumps",
    "export_campaign",
    "import_campaign",
    "loads",
    "reword",
    "Words",
]
