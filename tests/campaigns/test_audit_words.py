"""Every change the services record in the audit trail is worded in both languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from campaigns.audit_words import WORDS, audit_text
from campaigns.models import AuditEntry
from campaigns.vocabulary import AuditAction

ROOT = Path(__file__).resolve().parents[2]


def audit_calls():
    """The action argument of every ``audit(campaign, user, action, ...)`` call in the services."""
    for path in (ROOT / "campaigns").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "audit"
                and len(node.args) >= 3
            ):
                yield node.args[2]


def test_the_services_name_every_action_by_its_enum_member():
    bare = [
        leaf.value
        for action in audit_calls()
        for leaf in ast.walk(action)
        if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)
    ]
    assert bare == []


def test_the_services_record_the_actions_this_test_knows_of():
    written = {
        leaf.attr
        for action in audit_calls()
        for leaf in ast.walk(action)
        if isinstance(leaf, ast.Attribute) and getattr(leaf.value, "id", "") == "AuditAction"
    }
    assert {"CAMPAIGN_CREATED", "GAME_FINISHED", "SEAT_FIXED", "SHARING"} <= written


def test_every_action_has_one_sentence():
    assert set(WORDS) == set(AuditAction)


@pytest.mark.parametrize("action", AuditAction.values)
def test_every_action_has_words_and_a_label_in_english_and_russian(action):
    entry = AuditEntry(action=action, data={"game": 2, "reason": "x", "name": "Zoya"})
    with translation.override("en"):
        english, label = audit_text(entry), str(AuditAction(action).label)
    with translation.override("ru"):
        russian, label_ru = audit_text(entry), str(AuditAction(action).label)
    assert english != action and label
    assert russian != english and label_ru != label


def test_an_action_stored_before_the_enum_reads_as_before():
    entry = AuditEntry(action="game-finished", data={"game": 3, "winner": "Ada"})
    with translation.override("en"):
        assert audit_text(entry) == "Game 3 finished: Ada won."
    with translation.override("ru"):
        assert "Ada" in audit_text(entry) and "3" in audit_text(entry)


def test_an_entry_stored_with_words_keeps_them_in_every_language():
    entry = AuditEntry(action="player-added", summary="Ivan joined the table.", data={})
    with translation.override("ru"):
        assert audit_text(entry) == "Ivan joined the table."


@pytest.mark.parametrize("action", AuditAction.values)
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


def test_a_territory_added_names_its_connections_in_the_readers_language():
    entry = AuditEntry(
        action=AuditAction.TERRITORY_ADDED,
        data={
            "game": 4,
            "slug": "atlantis",
            "name": "Atlantis",
            "continent": "south-america",
            "connections": ["brazil", "north-africa"],
        },
    )
    with translation.override("ru"):
        text = audit_text(entry)
    assert "Бразилия" in text and "brazil" not in text and "north-africa" not in text


def test_a_connection_added_names_its_ends_in_the_readers_language():
    entry = AuditEntry(
        action=AuditAction.CONNECTION_ADDED,
        data={"game": 5, "a": "brazil", "b": "atlantis", "a_name": "Brazil", "b_name": "Atlantis"},
    )
    with translation.override("ru"):
        text = audit_text(entry)
    assert "Бразилия" in text and "Atlantis" in text and "Brazil" not in text
