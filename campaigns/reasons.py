"""A reason in the reader's language: the reasons the product gives itself are stored as codes
(``VoidReason``, ``CorrectionReason``) and worded here when read; a reason a person typed is
shown as typed.

Rows written before the codes stored the product's English sentence instead ("Entered by
mistake.", "Entry 4 of game 2 taken back: ...", "Voided from the admin."). They are kept as
they are and read here too: each such sentence is recognised and worded like its code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from campaigns.vocabulary import CorrectionReason, RemovedNote, VoidReason

# The English a reason was stored as before it was stored as its code.
ENGLISH_VOID_REASONS = {VoidReason.ENTERED_BY_MISTAKE: "Entered by mistake."}
ENGLISH_ADMIN_VOID = "Voided from the admin."
ENGLISH_FRAMES = (
    (CorrectionReason.ENTRY_TAKEN_BACK, re.compile(r"Entry (\d+) of game (\d+) taken back: (.*)")),
    (
        CorrectionReason.BOX_MARKED,
        re.compile(r"Entry (\d+) of game (\d+): a box marked after a 3-troop attack\.()"),
    ),
)


def reason_words(reason: str) -> str:
    """A reason as its reader reads it: a code of the product's (or its old English) in the
    active language, anything else as a person typed it."""
    reason = reason or ""
    for choice in VoidReason:
        if reason in (choice.value, ENGLISH_VOID_REASONS.get(choice)):
            return str(choice.label)
    if reason in (CorrectionReason.VOIDED_FROM_THE_ADMIN.value, ENGLISH_ADMIN_VOID):
        return str(CorrectionReason.VOIDED_FROM_THE_ADMIN.label)
    for code, english in ENGLISH_FRAMES:
        if found := english.fullmatch(reason):
            seq, game, inner = found.groups()
            return framed_words(code, {"game": game, "seq": seq}, inner)
    return reason


def framed_words(code: str, params: Mapping, reason: str) -> str:
    """A frame of the product's (``CorrectionReason``) around the reason it speaks of."""
    try:
        frame = CorrectionReason(code)
    except ValueError:  # a code this version does not know: the reason alone
        return reason_words(reason)
    return str(frame.label) % {
        "game": params.get("game", "?"),
        "seq": params.get("seq", "?"),
        "reason": reason_words(reason),
    }


def removed_note_words(note: str) -> str:
    """A mark's ``removed_note`` as its reader reads it: a note of the product's (its code, or
    its English from before the codes) in the active language, a person's as typed."""
    for choice in RemovedNote:
        if note in (choice.value, _ENGLISH_NOTES.get(choice)):
            return str(choice.label)
    return note or ""


_ENGLISH_NOTES = {
    RemovedNote.STARTING_POWER_NOT_CHOSEN: "Starting power not chosen before the first game."
}


def correction_reason(correction) -> str:
    """Why a ``Correction`` was made, in the reader's language."""
    if correction.reason_code:
        return framed_words(correction.reason_code, correction.reason_params, correction.reason)
    return reason_words(correction.reason)
