"""The Russian catalog has every sentence, and says it in Russian."""

from __future__ import annotations

import re
from pathlib import Path

CATALOG = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES" / "django.po"


def entries() -> list[str]:
    return CATALOG.read_text(encoding="utf-8").split("\n\n")[1:]


def test_every_sentence_of_the_catalog_has_a_russian_translation_in_use():
    """No empty translation, and none marked fuzzy (a fuzzy one is left out when compiled)."""
    gaps = []
    for entry in entries():
        if entry.lstrip().startswith("#~"):
            continue
        msgid = re.search(r'^msgid ((?:".*"\n?)+)', entry, re.M)
        empty = re.search(r'^msgstr(\[\d\])? ""$(?!\n")', entry, re.M)
        if msgid and (empty or re.search(r"^#,.*\bfuzzy\b", entry, re.M)):
            gaps.append(msgid.group(1).strip())
    assert gaps == []
