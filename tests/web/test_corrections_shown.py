"""A correction is seen in full: the audit says what it changed, field by field, and a reward
reads where its mark is now, so correcting a city moves its reward on every page."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import backup, services
from campaigns.models import AuditEntry
from legacy.models import City
from tests.support.games import play
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


def move_cairo(campaign, by, to="peru") -> City:
    """Cairo was founded in Egypt in game 1; the table meant ``to``."""
    city = City.objects.get(campaign=campaign, name="Cairo")
    services.correct_mark(
        campaign=campaign,
        model=City,
        mark_id=city.pk,
        changes={"territory": to},
        reason="Wrong territory",
        by=by,
    )
    return city


@pytest.fixture
def moved(prepared_campaign, owner):
    campaign = play(prepared_campaign, 2)
    move_cairo(campaign, owner)
    return campaign


def page(client, campaign, path: str) -> str:
    response = client.get(f"/c/{campaign.pk}/{path}")
    assert response.status_code == 200, path
    return response.content.decode()


def test_a_corrected_citys_reward_reads_its_new_territory_on_the_history_and_game_pages(
    moved, owner
):
    client = client_for(owner)
    for path in ("history/", "games/1/"):
        text = page(client, moved, path)
        assert "Peru “Cairo”" in text, path
        assert "Egypt “Cairo”" not in text, path


def test_a_corrected_citys_reward_moves_to_its_new_territory_page(moved, owner):
    client = client_for(owner)
    assert "Rewards given here" in page(client, moved, "territories/peru/")
    assert "Peru “Cairo”" in page(client, moved, "territories/peru/")
    assert "Rewards given here" not in page(client, moved, "territories/egypt/")


def test_a_corrected_reward_links_its_mark_for_those_who_may_fix_it(moved, owner, as_viewer):
    city = City.objects.get(campaign=moved, name="Cairo")
    link = f"/c/{moved.pk}/marks/cities/{city.pk}/"
    assert link in page(client_for(owner), moved, "history/")
    viewed = page(as_viewer, moved, "history/")
    assert link not in viewed and "corrected" in viewed


def test_the_audit_page_shows_what_a_correction_changed_in_english(moved, owner):
    assert "Territory: Egypt → Peru" in page(client_for(owner), moved, "audit/")


def test_the_audit_page_shows_what_a_correction_changed_in_russian(moved, owner):
    client = client_for(owner)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    assert "Территория: Египет → Перу" in page(client, moved, "audit/")
    assert "исправлено" in page(client, moved, "history/")


def test_an_older_reward_without_its_mark_reads_what_it_stored(prepared_campaign, owner):
    campaign = play(prepared_campaign, 1)
    reward = campaign.games.get(number=1).rewards.get(kind="major-city")
    reward.details = {k: v for k, v in reward.details.items() if k not in ("created", "removed")}
    reward.save()
    move_cairo(campaign, owner)
    assert "Egypt “Cairo”" in page(client_for(owner), campaign, "games/1/")


def count(client, url) -> int:
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200, url
    return len(queries)


def test_pages_with_corrections_cost_the_same_after_one_game_and_after_four(
    prepared_campaign, owner
):
    from tests.support.pages import prepared

    short = play(prepared_campaign, 1, then_start=True)
    long = play(prepared(owner, "Four games"), 4, then_start=True)
    for campaign in (short, long):
        move_cairo(campaign, owner)
    client = client_for(owner)
    for path in ("history/", "games/1/", "territories/peru/", "audit/"):
        counts = [count(client, f"/c/{c.pk}/{path}") for c in (short, long)]
        assert counts[0] == counts[1], f"{path}: {counts}"


def test_a_backup_keeps_which_correction_an_audit_entry_records(moved, owner):
    saved = backup.dumps(backup.export_campaign(moved.pk))
    copy_ = backup.import_campaign(backup.loads(saved), owner=owner)
    assert backup.dumps(backup.export_campaign(copy_.pk)) == saved
    entry = AuditEntry.objects.get(campaign=copy_, action="mark-corrected")
    correction = copy_.corrections.get()
    assert entry.data["correction"] == correction.pk
    assert correction.after["territory"] == "peru"
