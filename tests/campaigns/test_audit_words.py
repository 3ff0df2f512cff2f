"""Every change the services record in the audit trail is worded in both languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from campaigns.audit_words import audit_text
from campaigns.models import AuditEntry
from web.pages import AUDIT_LABELS

ROOT = Path(__file__).resolve().parents[2]


def recorded_actions() -> set[str]:
    """The actions of every ``audit(campaign, user, action, ...)`` call in the services."""
    found = set()
    for path in (ROOT / "campaigns").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "audit"
                and len(node.args) >= 3
            ):
                for leaf in ast.walk(node.args[2]):
                    if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                        found.add(leaf.value)
    return found


def test_the_services_record_the_actions_this_test_knows_of():
    assert {"campaign-created", "game-finished", "seat-fixed", "sharing"} <= recorded_actions()


@pytest.mark.parametrize("action", sorted(recorded_actions()))
def test_every_recorded_action_has_words_and_a_label_in_english_and_russian(action):
    entry = AuditEntry(action=action, data={"game": 2, "reason": "x", "name": "Zoya"})
    with translation.override("en"):
        english, label = audit_text(entry), str(AUDIT_LABELS.get(action, ""))
    with translation.override("ru"):
        russian, label_ru = audit_text(entry), str(AUDIT_LABELS.get(action, ""))
    assert english != action and label, "word it in campaigns/audit_words.py and AUDIT_LABELS"
    assert russian != english and label_ru != label


def test_an_entry_stored_with_words_keeps_them_in_every_language():
    entry = AuditEntry(action="player-added", summary="Ivan joined the table.", data={})
    with translation.override("ru"):
        assert audit_text(entry) == "Ivan joined the table."


@pytest.mark.parametrize("action", sorted(recorded_actions()))
def test_an_entry_with_data_of_another_shape_is_named_by_its_action(action):
    """A backup may bring any JSON: the entry still reads, never an error."""
    odd = {key: ["x"] for key in ("game", "players", "items", "role", "language", "mark_type")}
    text = audit_text(AuditEntry(action=action, data={**odd, "before": "x", "seats": 3}))
    assert isinstance(text, str) and text


def test_a_sealed_component_of_the_groups_own_is_named_by_its_kind_not_its_slug():
    own = AuditEntry(action="packet-opened", data={"packet": "green-tin", "items": 1})
    box = AuditEntry(action="packet-opened", data={"packet": "pack-1", "items": 2})
    with translation.override("en"):
        assert audit_text(own) == "A sealed component of your own opened (1 item entered)."
        assert audit_text(box).startswith("Pack 1 opened")
    with translation.override("ru"):
        assert "green" not in audit_text(own).lower()
        assert "Ваш собственный запечатанный компонент" in audit_text(own)
