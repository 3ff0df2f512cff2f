"""The settings page lists the campaign's automatic backups to its owner, who downloads them;
nobody else reaches them, and each refusal speaks the reader's language."""

from __future__ import annotations

import pytest

from campaigns import backup
from campaigns.backup import automatic
from campaigns.models import Campaign, Role
from tests.support.games import play
from tests.support.pages import client_for, url
from tests.support.people import member

pytestmark = pytest.mark.django_db


@pytest.fixture
def backed_up(media, eager_tasks, prepared_campaign, django_capture_on_commit_callbacks):
    """Two games finished, each followed by its automatic backup (written in-process)."""
    with django_capture_on_commit_callbacks(execute=True):
        play(prepared_campaign, 2)
    return prepared_campaign


def test_the_owner_sees_each_automatic_backup_on_the_settings_page_and_downloads_it(
    backed_up, owner
):
    page = client_for(owner).get(url(backed_up, "settings/")).content.decode()
    newest, older = automatic.automatic_backups(backed_up.pk)
    assert (newest.game, older.game) == (2, 1)
    assert "After game 2" in page and "After game 1" in page
    link = f"/c/{backed_up.pk}/settings/backups/{newest.name}/"
    assert link in page
    download = client_for(owner).get(link)
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment;")
    assert download.content.decode() == backup.dumps(backup.export_campaign(backed_up.pk))


def test_the_settings_page_says_so_in_russian(backed_up, owner):
    page = client_for(owner, "ru").get(url(backed_up, "settings/")).content.decode()
    assert "Автоматические резервные копии" in page and "После игры 2" in page


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Only the campaign&#x27;s owner may use this page."),
        ("ru", "Этой страницей может пользоваться только владелец кампании."),
    ],
)
def test_an_editor_or_a_viewer_may_not_download_an_automatic_backup(backed_up, language, message):
    name = automatic.automatic_backups(backed_up.pk)[0].name
    for role, username in ((Role.EDITOR, "edda"), (Role.VIEWER, "vic")):
        reader = client_for(member(backed_up, username, role), language)
        answer = reader.get(f"/c/{backed_up.pk}/settings/backups/{name}/")
        assert answer.status_code == 403
        assert message in answer.content.decode()
        assert "settings/backups/" not in reader.get(url(backed_up, "")).content.decode()


def test_a_share_link_reader_may_not_download_an_automatic_backup(backed_up):
    Campaign.objects.filter(pk=backed_up.pk).update(shared=True)
    name = automatic.automatic_backups(backed_up.pk)[0].name
    reader = client_for()
    reader.get(url(backed_up, f"?share={backed_up.share_token}"))
    answer = reader.get(f"/c/{backed_up.pk}/settings/backups/{name}/")
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_a_backup_the_campaign_does_not_have_is_not_found(backed_up, owner):
    answer = client_for(owner, "ru").get(f"/c/{backed_up.pk}/settings/backups/other.json/")
    assert answer.status_code == 404
