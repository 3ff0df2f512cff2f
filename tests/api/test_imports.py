"""Imports run as jobs: the upload is stored, a task restores it, the client polls the job."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from campaigns import backup, demo
from campaigns.imports.tasks import import_backup
from campaigns.models import Campaign, ImportJob, Player
from legacy.models import City
from tests.support.api import client_for

pytestmark = pytest.mark.django_db

URL = "/api/v1/campaigns/import/"


@pytest.fixture
def document(campaign):
    return backup.export_campaign(campaign.pk)


def rows() -> tuple[int, ...]:
    return (
        Campaign.objects.count(),
        Player.objects.count(),
        City.objects.count(),
        ImportJob.objects.count(),
    )


def test_with_a_worker_the_upload_answers_at_once_with_a_queued_job_to_poll(
    document, stranger, django_capture_on_commit_callbacks, celery_mode
):
    celery_mode(eager=False)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        answer = client_for(stranger).post(URL, document, format="json")
    assert answer.status_code == 202
    job = answer.json()
    assert (job["status"], job["progress"], job["campaign_id"]) == ("queued", 0, None)
    assert answer["Location"] == f"/api/v1/imports/{job['id']}/"
    assert len(queued) == 1
    import_backup.apply(args=(job["id"],))  # what the worker does with the message
    done = client_for(stranger).get(answer["Location"]).json()
    assert (done["status"], done["progress"], done["error"]) == ("done", 100, None)
    assert Campaign.objects.get(pk=done["campaign_id"]).owner == stranger
    assert ImportJob.objects.get(pk=job["id"]).payload in (b"", memoryview(b""))


def test_a_refused_backup_ends_its_job_as_failed_with_the_refusal_and_writes_nothing(
    document, stranger, django_capture_on_commit_callbacks, celery_mode
):
    celery_mode(eager=False)
    document["games"] = [{"number": 5, "status": "finished"}]
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_for(stranger).post(URL, document, format="json")
    before = Campaign.objects.count()
    import_backup.apply(args=(answer.json()["id"],))
    job = client_for(stranger).get(answer["Location"]).json()
    assert job["status"] == "failed" and job["campaign_id"] is None
    assert job["error"]["code"] == "invalid_backup"
    assert "games are numbered 1, 2, 3" in job["error"]["message"]
    assert Campaign.objects.count() == before


def test_without_a_worker_a_refused_backup_is_a_400_and_leaves_nothing_behind(
    document, stranger, celery_mode
):
    celery_mode(eager=True)
    document["marks"]["Signature"] = [dict(line=1, placed_in_game=0)]
    before = rows()
    answer = client_for(stranger).post(URL, document, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_backup"
    assert rows() == before


def test_a_backup_larger_than_the_setting_is_refused_with_413(document, stranger, settings):
    settings.BACKUP_UPLOAD_MAX_BYTES = 1000
    before = rows()
    answer = client_for(stranger).post(URL, json.dumps(document), content_type="application/json")
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_large"
    assert rows() == before


def test_an_empty_upload_is_refused_with_400(stranger):
    answer = client_for(stranger).post(URL, b"", content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid"


def test_a_job_is_seen_only_by_whoever_uploaded_it(
    document, stranger, owner, django_capture_on_commit_callbacks, celery_mode
):
    celery_mode(eager=False)
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_for(stranger).post(URL, document, format="json")
    assert client_for(owner).get(answer["Location"]).status_code == 404
    assert client_for().get(answer["Location"]).status_code == 401
    assert client_for(stranger).get("/api/v1/imports/999999/").status_code == 404


def test_a_job_delivered_twice_imports_once(
    document, stranger, django_capture_on_commit_callbacks, celery_mode
):
    celery_mode(eager=False)
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_for(stranger).post(URL, document, format="json")
    import_backup.apply(args=(answer.json()["id"],))
    campaigns = Campaign.objects.count()
    assert import_backup.apply(args=(answer.json()["id"],)).get() == "skipped"
    assert Campaign.objects.count() == campaigns


def test_without_a_worker_the_import_is_done_when_the_upload_is_answered(
    document, stranger, celery_mode
):
    celery_mode(eager=True)
    answer = client_for(stranger).post(URL, document, format="json")
    assert answer.status_code == 202
    job = answer.json()
    assert (job["status"], job["progress"]) == ("done", 100)
    assert Campaign.objects.get(pk=job["campaign_id"]).name == "Our Earth"


@pytest.mark.parametrize("body", [[None, None], [1, 2], "a backup", 12])
def test_a_body_that_is_not_an_object_is_refused_at_once_even_with_a_worker(
    body, stranger, celery_mode
):
    celery_mode(eager=False)
    before = rows()
    answer = client_for(stranger).post(URL, body, format="json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid"
    assert rows() == before  # no job was queued


@pytest.fixture
def broker_down(celery_mode, monkeypatch):
    """A worker is configured, but its broker listens on a closed port. (Celery reads
    ``CELERY_BROKER_URL`` from the environment before its own setting, as the pass against the
    real parts sets it.)"""
    from config.celery import app

    closed = "redis://127.0.0.1:1/0"
    celery_mode(eager=False)
    monkeypatch.setenv("CELERY_BROKER_URL", closed)
    monkeypatch.delenv("CELERY_BROKER_WRITE_URL", raising=False)
    before = app.conf.broker_url, app._pool, app.amqp._producer_pool
    app.conf.broker_url, app._pool, app.amqp._producer_pool = closed, None, None
    yield
    app.conf.broker_url, app._pool, app.amqp._producer_pool = before


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", [None, "import-while-the-broker-is-down"])
def test_an_import_posted_while_the_broker_is_down_is_a_503_and_keeps_nothing(
    document, stranger, broker_down, key
):
    before = rows()
    # With a key too: the import is not run in one transaction with its kept answer, which
    # would put off sending its task until after the answer.
    keyed = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    answer = client_for(stranger).post(URL, document, format="json", **keyed)
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "unavailable"
    assert "could not be queued" in answer.json()["error"]["message"]
    assert int(answer["Retry-After"]) > 0
    assert rows() == before


def test_a_backup_of_three_megabytes_is_taken_as_the_docs_promise(
    document, stranger, django_capture_on_commit_callbacks, celery_mode
):
    celery_mode(eager=False)
    document["padding"] = "x" * (3 * 1024 * 1024)  # past Django's own 2.5 MB form limit
    body = json.dumps(document)
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_for(stranger).post(URL, body, content_type="application/json")
    assert answer.status_code == 202


def test_the_api_documents_the_backup_limit_the_upload_keeps(client, settings):
    schema = client.get("/api/v1/schema/?format=json").json()
    described = schema["paths"]["/api/v1/campaigns/import/"]["post"]["description"]
    assert settings.BACKUP_UPLOAD_MAX_BYTES == 20 * 1024 * 1024
    assert "larger than 20 MB (20971520 bytes)" in described


def a_demo_backup_cut_after_its_first_game() -> dict:
    """The demo campaign's backup (three games) with games 2 and 3 and their marks cut out,
    but not the audit's word of them."""
    data = backup.export_campaign(demo.create_demo().pk)
    data["games"] = data["games"][:1]
    for name, marks in data["marks"].items():
        data["marks"][name] = [r for r in marks if r["placed_in_game"] <= 1]
        for row in data["marks"][name]:
            if (row["removed_in_game"] or 0) > 1:
                row.update(removed_in_game=None, removed_reason="", removed_note="")
    openings = len(data["marks"]["PacketOpening"])
    data["unlocked_content"] = [r for r in data["unlocked_content"] if r["opening"] <= openings]
    return data


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "there is no game 2 in this backup (it holds games 0 to 1)."),
        ("ru", "в этой резервной копии нет игры 2 (в ней игры от 0 до 1)."),
    ],
)
def test_a_backup_that_is_not_a_whole_campaign_is_refused_in_the_readers_language(
    stranger, celery_mode, language, message
):
    celery_mode(eager=True)
    data = a_demo_backup_cut_after_its_first_game()
    before = rows()
    answer = client_for(stranger).post(URL, data, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid_backup"
    assert list(error["fields"].values()) == [[message]]
    assert rows() == before


def test_a_refusal_written_by_a_worker_is_read_in_the_readers_language(
    stranger, django_capture_on_commit_callbacks, celery_mode
):
    celery_mode(eager=False)
    with django_capture_on_commit_callbacks(execute=False):
        answer = client_for(stranger).post(
            URL, a_demo_backup_cut_after_its_first_game(), format="json"
        )
    with translation.override("en"):  # the worker words it in the installation's language
        import_backup.apply(args=(answer.json()["id"],))
    for language, what in (
        ("en", "there is no game 2 in this backup (it holds games 0 to 1)."),
        ("ru", "в этой резервной копии нет игры 2 (в ней игры от 0 до 1)."),
    ):
        job = client_for(stranger).get(answer["Location"], HTTP_ACCEPT_LANGUAGE=language).json()
        assert job["status"] == "failed"
        ((where, said),) = job["error"]["fields"].items()
        assert said == [what]
        assert job["error"]["message"] == f"{where}: {what}"
        assert "words" not in job["error"]
