"""The Russian pages read as a person would write them: a player's name is followed by words that
need no grammatical gender ("Фаина: в игре до конца", never "Фаина выстоял"), the World Capital
has one name everywhere, and what a correction changed is worded, never shown as a stored
slug or code."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from django.utils import translation

from web.views.history import correction_changes

CATALOG = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES" / "django.po"


def russian(text: str) -> str:
    with translation.override("ru"):
        return translation.gettext(text)


def translations() -> list[str]:
    """Every Russian sentence of the catalog."""
    said = []
    for block in CATALOG.read_text(encoding="utf-8").split("\n\n"):
        _msgid, _sep, msgstr = block.partition("msgstr")
        said.append("".join(re.findall(r'"(.*)"', msgstr)))
    return said


def test_a_players_result_needs_no_grammatical_gender():
    assert russian("held on") == "в игре до конца"
    assert russian("eliminated") == "вне игры"
    no_reward = russian(
        "%(name)s held on and gets no reward: they controlled nothing a reward could go on."
    )
    assert no_reward.startswith("%(name)s: ") and not re.search(r"\bего\b", no_reward)


def test_no_russian_sentence_puts_a_masculine_verb_after_a_players_name():
    masculine = re.compile(r"%\((name|player|who|winner)\)s\s+(не\s+)?\w+(ил|ал|ял|ыл)\b")
    assert [t for t in translations() if masculine.search(t)] == []


def test_the_world_capital_has_one_russian_name_everywhere():
    others = re.compile(r"(?i)столиц\w*\s+мира|миров\w*\s+столиц")
    assert [t for t in translations() if others.search(t)] == []
    assert russian("world capital") == "всемирная столица"


def test_what_a_correction_changed_is_worded_not_stored_slugs():
    correction = SimpleNamespace(
        mark_type="Scar",
        before={"territory": "brazil", "faction": "die-mechaniker"},
        after={"territory": "north-africa", "faction": "khan-industries"},
    )
    changes = correction_changes(correction, {}, {})
    worded = " ".join(f"{before} {after}" for _label, before, after in changes)
    assert "North Africa" in worded and "Khan Industries" in worded
    assert "north-africa" not in worded and "khan-industries" not in worded
