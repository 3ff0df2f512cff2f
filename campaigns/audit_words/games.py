"""The sentences of the games' actions: set up, started, cancelled, seats fixed, finished and
amended; the packets opened, the board grown, the world named; the entries taken back, the notes
and the photos of a game."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from campaigns.audit_words.common import (
    faction_words,
    packet_name,
    reason_words,
    territory_words,
    words_for,
)
from campaigns.vocabulary import AuditAction
from legacy import names


def _seat_changes(before: Mapping, after: Mapping) -> str:
    parts = []
    if before.get("player") != after.get("player"):
        parts.append(
            _("player %(before)s → %(after)s")
            % {"before": before.get("player"), "after": after.get("player")}
        )
    if before.get("faction") != after.get("faction"):
        parts.append(
            _("faction %(before)s → %(after)s")
            % {
                "before": faction_words(before.get("faction"), before.get("faction_name")),
                "after": faction_words(after.get("faction"), after.get("faction_name")),
            }
        )
    if before.get("hq") != after.get("hq"):
        parts.append(
            _("HQ %(before)s → %(after)s")
            % {
                "before": territory_words(before.get("hq"), before.get("hq_name")),
                "after": territory_words(after.get("hq"), after.get("hq_name")),
            }
        )
    return "; ".join(parts)


@words_for(AuditAction.CAMPAIGN_CREATED)
def _campaign_created(d: Mapping) -> str:
    return _("Campaign %(name)s created.") % {"name": d.get("name", "")}


@words_for(AuditAction.PLAYER_ADDED)
def _player_added(d: Mapping) -> str:
    return _("%(name)s joined the table.") % {"name": d.get("name", "")}


@words_for(AuditAction.FIRST_GAME_SETUP)
def _first_game_setup(d: Mapping) -> str:
    return _("Before the first game: starting powers chosen and coin stickers placed.")


@words_for(AuditAction.GAME_SETUP)
def _game_setup(d: Mapping) -> str:
    n = int(d.get("players") or 0)
    text = ngettext(
        "Game %(game)s set up with %(n)s player",
        "Game %(game)s set up with %(n)s players",
        n,
    ) % {"game": d.get("game"), "n": n}
    if d.get("dealt"):
        return text + _("; scar cards dealt.")
    return text + _("; no scar cards this game.")


@words_for(AuditAction.GAME_STARTED)
def _game_started(d: Mapping) -> str:
    return _("Game %(game)s started.") % {"game": d.get("game")}


@words_for(AuditAction.GAME_CANCELLED)
def _game_cancelled(d: Mapping) -> str:
    seats = d["seats"] if isinstance(d.get("seats"), list) else []
    return _("Game %(game)s (set up with %(n)s players) cancelled: %(reason)s") % {
        "game": d.get("game"),
        "n": len(seats),
        "reason": reason_words(d),
    }


def _seat(text: str, d: Mapping) -> str:
    before = d["before"] if isinstance(d.get("before"), Mapping) else {}
    after = d["after"] if isinstance(d.get("after"), Mapping) else {}
    what = _seat_changes(before, after)
    text = text % {"game": d.get("game"), "seat": d.get("seat"), "what": what}
    if reason_words(d):
        return text + _(". Why: %(reason)s") % {"reason": reason_words(d)}
    return text + "."


@words_for(AuditAction.SEAT_FIXED)
def _seat_fixed(d: Mapping) -> str:
    return _seat(_("Game %(game)s, seat %(seat)s fixed: %(what)s"), d)


@words_for(AuditAction.SEAT_CORRECTED)
def _seat_corrected(d: Mapping) -> str:
    return _seat(_("Game %(game)s, seat %(seat)s corrected: %(what)s"), d)


@words_for(AuditAction.GAME_FINISHED)
def _game_finished(d: Mapping) -> str:
    return _("Game %(game)s finished: %(winner)s won.") % {
        "game": d.get("game"),
        "winner": d.get("winner", ""),
    }


@words_for(AuditAction.GAME_AMENDED)
def _game_amended(d: Mapping) -> str:
    return _("Game %(game)s amended: %(reason)s") % {
        "game": d.get("game"),
        "reason": reason_words(d),
    }


@words_for(AuditAction.DRAFT_RECORDED)
def _draft_recorded(d: Mapping) -> str:
    return _("The draft of game %(game)s was entered.") % {"game": d.get("game")}


@words_for(AuditAction.PACKET_OPENED)
def _packet_opened(d: Mapping) -> str:
    n = int(d.get("items") or 0)
    opened = ngettext(
        "%(packet)s opened (%(n)s item entered).",
        "%(packet)s opened (%(n)s items entered).",
        n,
    ) % {"packet": packet_name(str(d.get("packet") or ""), d), "n": n}
    if d.get("earned_otherwise"):
        return (
            opened + " " + _("Earned another way: %(reason)s") % {"reason": d["earned_otherwise"]}
        )
    return opened


@words_for(AuditAction.WORLD_NAMED)
def _world_named(d: Mapping) -> str:
    return _("The World of %(name)s.") % {"name": d.get("name", "")}


@words_for(AuditAction.TERRITORY_ADDED)
def _territory_added(d: Mapping) -> str:
    return _("Game %(game)s: %(name)s added to the board (%(continent)s), joined to %(n)s.") % {
        "game": d.get("game"),
        "name": d.get("name", ""),
        "continent": names.continent(str(d.get("continent") or ""), get_language()),
        "n": ", ".join(territory_words(n) for n in d.get("connections") or ()),
    }


@words_for(AuditAction.CONNECTION_ADDED)
def _connection_added(d: Mapping) -> str:
    return _("Game %(game)s: a connection added between %(a)s and %(b)s.") % {
        "game": d.get("game"),
        "a": territory_words(d.get("a"), d.get("a_name")),
        "b": territory_words(d.get("b"), d.get("b_name")),
    }


@words_for(AuditAction.ENTRY_VOIDED)
def _entry_voided(d: Mapping) -> str:
    return _("Game %(game)s, entry %(seq)s taken back: %(reason)s") % {
        "game": d.get("game"),
        "seq": d.get("seq"),
        "reason": reason_words(d),
    }


@words_for(AuditAction.ENTRY_CONFIRMED)
def _entry_confirmed(d: Mapping) -> str:
    return _("Game %(game)s, late entry %(seq)s confirmed: it takes its place in the log.") % {
        "game": d.get("game"),
        "seq": d.get("seq"),
    }


@words_for(AuditAction.NOTE_ADDED)
def _note_added(d: Mapping) -> str:
    return _("A note was added to game %(game)s.") % {"game": d.get("game")}


@words_for(AuditAction.NOTE_EDITED)
def _note_edited(d: Mapping) -> str:
    return _("A note of game %(game)s was edited.") % {"game": d.get("game")}


@words_for(AuditAction.NOTE_DELETED)
def _note_deleted(d: Mapping) -> str:
    return _("A note of game %(game)s was deleted.") % {"game": d.get("game")}


@words_for(AuditAction.PHOTO_ADDED)
def _photo_added(d: Mapping) -> str:
    return _("A photo of the board was added to game %(game)s.") % {"game": d.get("game")}


@words_for(AuditAction.PHOTO_DELETED)
def _photo_deleted(d: Mapping) -> str:
    return _("A photo of the board was deleted from game %(game)s.") % {"game": d.get("game")}
