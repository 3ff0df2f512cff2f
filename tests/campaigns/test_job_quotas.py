"""Quotas of the work in flight: an account's imports waiting or running, the chronicle PDFs an
account and a campaign have in the making, the posters being drawn. One more is refused with the
limit in the reader's language (409 over the API, a sentence on the page) and nothing is
written; once a job has finished, the next is taken.

Celery queues to a worker here (nothing runs in-process), and the tasks are never sent: the
jobs stay in flight until a test ends them."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaigns import backup, services
from campaigns.models import (
    ChronicleExport,
    EndPoster,
    ImportJob,
    JobFailure,
    JobStatus,
    Snapshot,
)
from campaigns.pictures.snapshots import request_snapshot
from tests.support.api import assert_error
from tests.support.api import client_for as api_for
from tests.support.games import play
from tests.support.pages import client_for
from tests.support.statistics_world import name_it, play_fifteen_and_name

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/campaigns/import/"


@pytest.fixture(autouse=True)
def queued_only(media, django_capture_on_commit_callbacks):
    """Jobs are queued for a worker and never sent: they stay "queued"."""
    from config.celery import app

    cache.clear()
    before = app.conf.task_always_eager
    app.conf.task_always_eager = False
    with django_capture_on_commit_callbacks(execute=False):
        yield
    app.conf.task_always_eager = before


def ended(job) -> None:
    """The job finished (here: failed, as a worker would end it)."""
    type(job).objects.filter(pk=job.pk).update(
        **type(job).failed_fields(JobFailure.STOPPED, "ended by the test")
    )


# --- Imports ---------------------------------------------------------------------------------


@pytest.fixture
def document(campaign):
    return backup.export_campaign(campaign.pk)


def test_an_account_with_as_many_imports_in_flight_as_it_may_is_refused_until_one_ends(
    document, stranger, owner, settings
):
    settings.EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT = 2
    api = api_for(stranger)
    taken = [api.post(IMPORT, document, format="json") for _ in range(2)]
    assert [answer.status_code for answer in taken] == [202, 202]

    refused = api.post(IMPORT, document, format="json")
    error = assert_error(refused, 409, "conflict", rule="quota-imports-per-account")
    assert error["message"] == (
        "This account already has as many imports waiting or running as it may (2): send this "
        "backup again once one has finished."
    )
    assert ImportJob.objects.count() == 2  # nothing kept of the refused one
    assert api_for(owner).post(IMPORT, document, format="json").status_code == 202  # not hers

    ended(ImportJob.objects.get(pk=taken[0].json()["id"]))
    assert api.post(IMPORT, document, format="json").status_code == 202


def test_the_import_refusal_is_in_russian_for_a_russian_reader(document, stranger, settings):
    settings.EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT = 1
    api = api_for(stranger)
    api.post(IMPORT, document, format="json")
    refused = api.post(IMPORT, document, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    error = assert_error(refused, 409, "conflict")
    assert error["message"].startswith("У этой учётной записи может ждать или идти не больше")


# --- Chronicle PDFs ---------------------------------------------------------------------------


def pdf_address(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/"


def being_made(campaign, language="ru", by=None) -> ChronicleExport:
    return ChronicleExport.objects.create(campaign=campaign, language=language, requested_by=by)


def test_a_campaign_with_as_many_pdfs_in_the_making_as_it_may_is_refused_until_one_is_ready(
    prepared_campaign, owner, settings
):
    settings.EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_CAMPAIGN = 1
    russian = being_made(prepared_campaign, "ru")
    error = assert_error(
        api_for(owner).post(pdf_address(prepared_campaign)),
        409,
        "conflict",
        rule="quota-pdfs-per-campaign",
    )
    assert "as many chronicle PDFs being made as it may (1)" in error["message"]
    assert ChronicleExport.objects.count() == 1

    ended(russian)
    asked = api_for(owner).post(pdf_address(prepared_campaign))
    assert asked.status_code == 202 and asked.json()["status"] == "queued"


def test_an_account_asking_for_pdfs_of_many_campaigns_is_refused_past_its_limit(
    prepared_campaign, owner, settings
):
    settings.EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_ACCOUNT = 1
    other = services.create_campaign(owner=owner, name="Second Earth", players=["A", "B", "C"])
    elsewhere = being_made(other, "en", by=owner)
    assert_error(
        api_for(owner).post(pdf_address(prepared_campaign)),
        409,
        "conflict",
        rule="quota-pdfs-per-account",
    )
    assert ChronicleExport.objects.filter(campaign=prepared_campaign).count() == 0
    ended(elsewhere)
    assert api_for(owner).post(pdf_address(prepared_campaign)).status_code == 202


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "This campaign already has as many chronicle PDFs being made as it may (1)"),
        ("ru", "У этой кампании может готовиться не больше PDF хроники, чем 1"),
    ],
)
def test_on_the_chronicle_page_a_pdf_past_the_limit_is_refused_with_the_sentence(
    prepared_campaign, owner, settings, language, words
):
    settings.EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_CAMPAIGN = 1
    being_made(prepared_campaign, "ru")  # the campaign asks in English: another language
    page = client_for(owner, language)
    answer = page.post(reverse("campaigns:chronicle_pdf", args=[prepared_campaign.pk]), follow=True)
    assert answer.status_code == 200
    assert words in answer.content.decode()
    assert ChronicleExport.objects.count() == 1


# --- End posters -------------------------------------------------------------------------------


@pytest.fixture
def named(prepared_campaign, owner):
    """A campaign whose world is named; its poster is not drawn (nothing is sent)."""
    play_fifteen_and_name(prepared_campaign, owner)
    name_it(prepared_campaign, owner, "Harmony")
    return prepared_campaign


def poster_address(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/poster/"


def test_asking_again_for_a_poster_being_drawn_is_refused_until_it_ends(named, owner):
    api = api_for(owner)
    assert api.post(poster_address(named)).status_code == 202
    row = EndPoster.objects.get(campaign=named)
    assert row.status == JobStatus.QUEUED

    error = assert_error(
        api.post(poster_address(named)), 409, "conflict", rule="quota-posters-per-campaign"
    )
    assert "as many posters being drawn as it may (1)" in error["message"]
    assert EndPoster.objects.get(pk=row.pk).updated_at == row.updated_at  # nothing written
    assert api.get(poster_address(named)).status_code == 200  # reading it is never refused

    ended(row)
    assert api.post(poster_address(named)).status_code == 202


def test_an_owner_whose_campaigns_draw_as_many_posters_as_they_may_is_refused(
    named, owner, settings
):
    settings.EARTHBOOK_QUOTA_POSTERS_IN_FLIGHT_PER_ACCOUNT = 1
    other = services.create_campaign(owner=owner, name="Second Earth", players=["A", "B", "C"])
    drawing = EndPoster.objects.create(campaign=other, name="posters/other.png")
    assert_error(
        api_for(owner).post(poster_address(named)),
        409,
        "conflict",
        rule="quota-posters-per-account",
    )
    assert not EndPoster.objects.filter(campaign=named).exists()
    ended(drawing)
    assert api_for(owner).post(poster_address(named)).status_code == 202


def test_on_the_poster_page_asking_again_while_it_is_drawn_says_why_in_russian(named, owner):
    page = client_for(owner, "ru")
    again = reverse("campaigns:poster_again", args=[named.pk])
    page.post(again)
    row = EndPoster.objects.get(campaign=named)
    answer = page.post(again, follow=True)
    assert answer.status_code == 200
    assert "У этой кампании может рисоваться не больше плакатов, чем 1" in answer.content.decode()
    assert EndPoster.objects.get(pk=row.pk).updated_at == row.updated_at


# --- Board pictures ----------------------------------------------------------------------------


@pytest.fixture
def played(prepared_campaign):
    """Three games finished; no picture asked for yet (nothing is sent)."""
    return play(prepared_campaign, 3)


def picture_address(campaign, number: int) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/snapshots/?as_of_game={number}"


def test_an_owner_whose_campaigns_have_as_many_pictures_waiting_as_they_may_is_refused(
    played, owner, settings
):
    settings.EARTHBOOK_QUOTA_PICTURES_IN_FLIGHT_PER_ACCOUNT = 2
    api = api_for(owner)
    assert api.post(picture_address(played, 1)).status_code == 202
    assert api.post(picture_address(played, 2)).status_code == 202

    error = assert_error(
        api.post(picture_address(played, 3)), 409, "conflict", rule="quota-pictures-per-account"
    )
    assert "as many board pictures waiting or being drawn as they may (2)" in error["message"]
    assert not Snapshot.objects.filter(campaign=played, game_number=3).exists()
    # Asking again for a picture already waiting adds nothing, and is not refused.
    assert api.post(picture_address(played, 1)).status_code == 202

    ended(Snapshot.objects.get(campaign=played, game_number=1))
    assert api.post(picture_address(played, 3)).status_code == 202


def test_the_pictures_a_campaign_redraws_itself_are_never_refused(played, owner, settings):
    settings.EARTHBOOK_QUOTA_PICTURES_IN_FLIGHT_PER_ACCOUNT = 1
    assert api_for(owner).post(picture_address(played, 1)).status_code == 202
    for number in (2, 3):  # a game amended, a correction: the campaign asks, nobody taps
        request_snapshot(played.pk, number)
    waiting = Snapshot.objects.filter(campaign=played, status=JobStatus.QUEUED)
    assert sorted(waiting.values_list("game_number", flat=True)) == [1, 2, 3]


def test_on_the_game_page_a_picture_past_the_quota_says_why_in_russian(played, owner, settings):
    settings.EARTHBOOK_QUOTA_PICTURES_IN_FLIGHT_PER_ACCOUNT = 1
    page = client_for(owner, "ru")
    redraw = "campaigns:game_snapshot_redraw"
    page.post(reverse(redraw, args=[played.pk, 1]))
    answer = page.post(reverse(redraw, args=[played.pk, 2]))
    assert not Snapshot.objects.filter(campaign=played, game_number=2).exists()
    said = page.get(answer.url).content.decode()
    assert "столько картинок поля в очереди или в работе, сколько можно (1)" in said
