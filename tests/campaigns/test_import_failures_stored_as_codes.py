"""An import job that fails keeps why as codes and names, never as an English sentence: its
reader reads it in their language (``campaigns.imports.jobs.error_in_language``)."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from campaigns.imports import jobs
from campaigns.imports.jobs import error_in_language, notes_in_language, run_import
from campaigns.models import ImportJob
from legacy.errors import RuleViolation
from legacy.refusals import TableRule
from legacy.rules.finish_rules import BY_RED_STARS
from legacy.wording import said

pytestmark = pytest.mark.django_db

WON = RuleViolation(
    TableRule.WAR_OVER, field="entries", player="Ada", game=3, how=BY_RED_STARS, entry=12
)


@pytest.fixture
def job(owner):
    return ImportJob.objects.create(owner=owner, payload=json.dumps({}).encode())


def failing_with(monkeypatch, error: Exception) -> None:
    def loads(_payload):
        raise error

    monkeypatch.setattr(jobs.backup, "loads", loads)


def test_a_refusal_by_a_rule_is_kept_as_its_rule_and_names(job, monkeypatch):
    failing_with(monkeypatch, WON)
    assert run_import(job.pk) == "failed"
    stored = ImportJob.objects.get(pk=job.pk).error
    assert stored == {
        "code": "rule",
        "rule": "war-over",
        "params": {"player": "Ada", "game": 3, "how": {"words": "by 4 red stars"}, "entry": 12},
        "field": "entries",
    }
    with translation.override("ru"):
        shown = error_in_language(stored)
        russian = said(WON)
    assert shown["code"] == "rule" and shown["rule"] == "war-over"
    assert shown["message"] == russian and "Ada" in russian and "4" in russian
    assert shown["fields"] == {"entries": [russian]}
    assert error_in_language(stored)["message"] == WON.message


def test_an_import_that_stops_keeps_the_failures_code(job, monkeypatch):
    failing_with(monkeypatch, RuntimeError("the database went away"))
    assert run_import(job.pk) == "failed"
    stored = ImportJob.objects.get(pk=job.pk).error
    assert stored == {"code": "import_failed", "failure": "stopped"}
    with translation.override("ru"):
        russian = error_in_language(stored)["message"]
    assert russian == "Восстановление из копии неожиданно прервалось; попросите ещё раз."
    english = error_in_language(stored)["message"]
    assert english == "Restoring the backup stopped unexpectedly; ask for it again."


def test_an_older_failure_kept_in_english_is_shown_as_it_was():
    older = {"code": "rule", "message": "Ada won game 3 ...", "rule": "war-over"}
    with translation.override("ru"):
        assert error_in_language(older) == older
    stopped = {"code": "import_failed", "message": "The import took too long; nothing imported."}
    assert error_in_language(stopped) == stopped


def test_an_older_refusal_by_a_rule_that_names_nothing_is_said_in_russian():
    older = {"code": "rule", "message": "Say who plays the scar card.", "rule": "scar-card-holder"}
    with translation.override("ru"):
        shown = error_in_language(older)
    assert shown["rule"] == "scar-card-holder" and shown["message"] != older["message"]


def test_an_imports_notes_are_kept_as_their_english_and_names_and_read_in_russian(campaign, owner):
    from campaigns import backup

    data = backup.export_campaign(campaign.pk)
    data["players"][0]["user"] = "nobody-here"
    job = ImportJob.objects.create(owner=owner, payload=json.dumps(data).encode())
    assert run_import(job.pk) == "done"
    kept = ImportJob.objects.get(pk=job.pk).notes
    assert kept == [
        {
            "msgid": "No account called %(username)s here: its entries are kept without one.",
            "params": {"username": "'nobody-here'"},
        }
    ]
    assert notes_in_language(kept) == [
        "No account called 'nobody-here' here: its entries are kept without one."
    ]
    with translation.override("ru"):
        assert notes_in_language(kept) == [
            "Учётной записи 'nobody-here' здесь нет: её записи сохранены без неё."
        ]
    assert notes_in_language(["An older note, in English."]) == ["An older note, in English."]
