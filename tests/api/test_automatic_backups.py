"""After each finished game the campaign's backup is stored, the last N kept; its owner alone
lists and downloads them, and one imports to the very campaign it was made of."""

from __future__ import annotations

import pytest
from django.core.files.storage import default_storage

from campaigns import backup
from campaigns.backup import automatic
from campaigns.backup.tasks import automatic_backup
from campaigns.jobs.tasks import recover_jobs
from campaigns.models import (
    AutomaticBackupJob,
    Campaign,
    GameStatus,
    JobFailure,
    JobStatus,
    Role,
)
from tests.support.api import client_for
from tests.support.games import finish
from tests.support.people import member

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_process(celery_mode):
    """Without a worker unless a test says otherwise (the pass against the real parts has a
    broker): the backup is then written in-process, once the finish is committed."""
    celery_mode(eager=True)


def job_of(game) -> AutomaticBackupJob:
    """The row of the automatic backup asked for after ``game``."""
    return AutomaticBackupJob.objects.get(campaign_id=game.campaign_id, game_number=game.number)


def finish_game_one(game, players, owner, capture) -> None:
    with capture(execute=True):
        finish(game, players, by=owner)


def test_a_finished_game_leaves_a_backup_that_restores_to_an_identical_export(
    media, game, players, owner, django_capture_on_commit_callbacks
):
    finish_game_one(game, players, owner, django_capture_on_commit_callbacks)
    (kept,) = automatic.automatic_backups(game.campaign_id)
    assert kept.game == 1
    stored = automatic.read_automatic_backup(game.campaign_id, kept)
    assert stored.decode() == backup.dumps(backup.export_campaign(game.campaign_id))
    copy_ = backup.import_campaign(backup.loads(stored), owner=owner)
    assert copy_.pk != game.campaign_id
    assert backup.dumps(backup.export_campaign(copy_.pk)).encode() == stored


def test_nothing_is_backed_up_before_the_finish_is_committed(
    media, game, players, owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        finish(game, players, by=owner)
    assert automatic.automatic_backups(game.campaign_id) == []
    assert len(waiting) >= 1


def test_only_the_newest_automatic_backups_the_setting_keeps_are_kept(media, campaign, settings):
    settings.EARTHBOOK_AUTOMATIC_BACKUPS_KEPT = 2
    for number in (1, 2, 3, 4):
        automatic.write_automatic_backup(campaign.pk, number)
    assert [b.game for b in automatic.automatic_backups(campaign.pk)] == [4, 3]
    _folders, files = default_storage.listdir(automatic.folder_of(campaign.pk))
    assert len(files) == 2


def test_with_a_worker_the_backup_is_queued_after_the_finish_and_written_by_the_task(
    media, game, players, owner, django_capture_on_commit_callbacks, celery_mode, monkeypatch
):
    celery_mode(eager=False)
    sent = []
    monkeypatch.setattr(
        automatic_backup,
        "apply_async",
        lambda args=(), **kw: sent.append((automatic_backup.name, args)),
    )
    finish_game_one(game, players, owner, django_capture_on_commit_callbacks)
    assert sent == [("campaigns.tasks.automatic_backup", (game.campaign_id, 1))]
    assert automatic.automatic_backups(game.campaign_id) == []
    assert job_of(game).status == JobStatus.QUEUED
    automatic_backup.apply(args=(game.campaign_id, 1))  # what the worker does with it
    (kept,) = automatic.automatic_backups(game.campaign_id)
    assert kept.game == 1
    assert (job_of(game).status, job_of(game).name) == (JobStatus.DONE, kept.name)


def test_a_broker_out_of_reach_leaves_the_backup_to_the_recovery_loop(
    media, game, players, owner, django_capture_on_commit_callbacks, celery_mode, monkeypatch
):
    celery_mode(eager=False)

    def broker_down(*args, **kwargs):
        raise ConnectionError("no broker")

    with monkeypatch.context() as broken:
        broken.setattr(automatic_backup, "apply_async", broker_down)
        finish_game_one(game, players, owner, django_capture_on_commit_callbacks)
    assert automatic.automatic_backups(game.campaign_id) == []
    assert (job_of(game).status, job_of(game).failure) == (
        JobStatus.FAILED,
        JobFailure.NOT_QUEUED,
    )
    # The broker is back (in-process here): the recovery loop sends it again, and it is written.
    celery_mode(eager=True)
    with django_capture_on_commit_callbacks(execute=True):
        assert recover_jobs.apply().get() == 1
    assert [b.game for b in automatic.automatic_backups(game.campaign_id)] == [1]
    assert job_of(game).status == JobStatus.DONE


def test_a_backup_whose_worker_died_mid_write_is_written_when_its_message_comes_again(
    media, game, players, owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):  # its worker took it, then died
        finish(game, players, by=owner)
    AutomaticBackupJob.objects.filter(campaign_id=game.campaign_id).update(
        status=JobStatus.RUNNING, attempts=1
    )
    assert automatic.automatic_backups(game.campaign_id) == []
    # The broker gives the unacknowledged message to another worker.
    assert automatic_backup.apply(args=(game.campaign_id, 1)).get() == "written"
    assert [b.game for b in automatic.automatic_backups(game.campaign_id)] == [1]
    assert (job_of(game).status, job_of(game).attempts) == (JobStatus.DONE, 2)
    assert job_of(game).auto_retries == 0


def test_a_backup_that_cannot_be_stored_leaves_the_game_finished(
    media, game, players, owner, django_capture_on_commit_callbacks, monkeypatch
):
    def disk_full(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(default_storage, "save", disk_full)
    finish_game_one(game, players, owner, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert automatic.automatic_backups(game.campaign_id) == []
    # The failure is on the backup's row, an outage the recovery loop tries again.
    assert (job_of(game).status, job_of(game).failure) == (JobStatus.FAILED, JobFailure.OUTAGE)


# --- Over the API: the owner's alone --------------------------------------------------------


@pytest.fixture
def backed_up(media, game, players, owner, django_capture_on_commit_callbacks) -> Campaign:
    finish_game_one(game, players, owner, django_capture_on_commit_callbacks)
    return game.campaign


def test_the_owner_lists_the_automatic_backups_and_downloads_one_to_import(backed_up, owner):
    client = client_for(owner)
    listed = client.get(f"/api/v1/campaigns/{backed_up.pk}/backups/")
    assert listed.status_code == 200
    (item,) = listed.json()
    assert item["game"] == 1 and item["name"].startswith("game-001-")
    assert item["download_url"].endswith(
        f"/api/v1/campaigns/{backed_up.pk}/backups/{item['name']}/"
    )
    download = client.get(f"/api/v1/campaigns/{backed_up.pk}/backups/{item['name']}/")
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith('attachment; filename="earthbook-campaign-')
    copy_ = backup.import_campaign(backup.loads(download.content), owner=owner)
    assert backup.dumps(backup.export_campaign(copy_.pk)).encode() == download.content


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Only the campaign's owner may see and download its automatic backups."),
        (
            "ru",
            "Видеть и скачивать автоматические резервные копии кампании может только её владелец.",
        ),
    ],
)
def test_an_editor_or_a_viewer_is_refused_the_automatic_backups_in_their_language(
    backed_up, language, message
):
    name = automatic.automatic_backups(backed_up.pk)[0].name
    editor = member(backed_up, "edda", Role.EDITOR)
    viewer = member(backed_up, "vic", Role.VIEWER)
    for reader in (editor, viewer):
        client = client_for(reader)
        for path in ("backups/", f"backups/{name}/"):
            answer = client.get(
                f"/api/v1/campaigns/{backed_up.pk}/{path}", HTTP_ACCEPT_LANGUAGE=language
            )
            assert answer.status_code == 403, (path, answer.content)
            assert answer.json()["error"]["message"] == message


def test_a_share_link_reader_is_refused_the_automatic_backups(backed_up):
    Campaign.objects.filter(pk=backed_up.pk).update(shared=True)
    name = automatic.automatic_backups(backed_up.pk)[0].name
    for path in ("backups/", f"backups/{name}/"):
        answer = client_for().get(
            f"/api/v1/campaigns/{backed_up.pk}/{path}?share={backed_up.share_token}",
            HTTP_ACCEPT_LANGUAGE="ru",
        )
        assert answer.status_code == 401
        assert answer.json()["error"]["message"] == (
            "Войдите как владелец кампании, чтобы увидеть её автоматические резервные копии."
        )


def test_a_stranger_does_not_learn_the_campaign_has_backups(backed_up, stranger):
    answer = client_for(stranger).get(f"/api/v1/campaigns/{backed_up.pk}/backups/")
    assert answer.status_code == 404


@pytest.mark.parametrize("name", ["game-009-20260101T000000000000Z.json", "..", "x.json"])
def test_a_backup_the_campaign_does_not_have_is_not_found_in_the_owners_language(
    backed_up, owner, name
):
    answer = client_for(owner).get(
        f"/api/v1/campaigns/{backed_up.pk}/backups/{name}/", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert answer.status_code == 404
    assert answer.json()["error"]["message"] == (
        "У этой кампании нет такой автоматической резервной копии."
    )
