"""The chronicle: the campaign told game by game on one page that prints one game a page, and
its PDF, made by a task in the campaign's language."""

from __future__ import annotations

import io
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from campaigns.chronicle.jobs import run_pdf
from campaigns.chronicle.start import request_pdf
from campaigns.jobs.recovery import lost_after
from campaigns.models import Campaign, ChronicleExport, GameEvent, Role
from campaigns.photos.service import add_photo
from config.celery import app
from tests.support.chronicle import fifteen_games
from tests.support.made import encoded
from tests.support.pages import client_for
from tests.support.people import member

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

CYRILLIC = {"Ada": "Алиса", "Boris": "Борис", "Chloe": "Василиса"}


@pytest.fixture
def queued_only():
    """Celery sends tasks to a worker (none here): a job stays queued until the test runs it."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = before


def pdf_of(job: ChronicleExport) -> PdfReader:
    with job.file.open("rb") as file:
        return PdfReader(io.BytesIO(file.read()))


def test_the_chronicle_tells_every_game_its_winner_slogan_and_the_worlds_name(owner):
    campaign, winners = fifteen_games(owner)
    page = client_for(owner).get(f"/c/{campaign.pk}/chronicle/").content.decode()
    assert "The World of Pangaea" in page
    assert 'id="game-1"' in page and 'id="game-15"' in page
    assert "Ada won, playing" in page and "Boris won, playing" in page
    assert "Chloe won, playing" in page
    assert "Victory number 1" in page  # the first winner's slogan
    assert "Cairo" in page  # the city founded in game 1
    assert "from Egypt" in page
    assert "Make a PDF" in page


def test_the_chronicle_is_in_the_readers_language(owner):
    campaign, _winners = fifteen_games(owner, games=3)
    reader = client_for(owner)
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    page = reader.get(f"/c/{campaign.pk}/chronicle/").content.decode()
    assert "Игра 1" in page and "Хроника" in page


def test_the_chronicle_prints_one_game_a_page_without_the_navigation(owner):
    campaign, _winners = fifteen_games(owner, games=3)
    page = client_for(owner).get(f"/c/{campaign.pk}/chronicle/").content.decode()
    assert 'class="chronicle-game"' in page
    css = (Path(settings.BASE_DIR) / "static/css/earthbook.css").read_text()
    printed = css[css.index("@media print") :]
    assert "break-before: page" in printed
    assert "header.site" in printed and ".campaign-head" in printed and "form" in printed


def test_the_campaign_tabs_lead_to_the_chronicle(owner):
    campaign, _winners = fifteen_games(owner, games=1)
    page = client_for(owner).get(f"/c/{campaign.pk}/history/").content.decode()
    assert f'href="/c/{campaign.pk}/chronicle/"' in page


def test_a_stranger_gets_404_for_the_chronicle_and_its_pdf(owner, stranger):
    campaign, _winners = fifteen_games(owner, games=2)
    job, _new = request_pdf(campaign=campaign, by=owner)
    them = client_for(stranger)
    assert them.get(f"/c/{campaign.pk}/chronicle/").status_code == 404
    assert them.post(f"/c/{campaign.pk}/chronicle/pdf/").status_code == 404
    assert them.get(f"/c/{campaign.pk}/chronicle/pdf/status/").status_code == 404
    assert them.get(f"/c/{campaign.pk}/chronicle/pdf/{job.pk}.pdf").status_code == 404
    assert ChronicleExport.objects.count() == 1


def test_the_chronicle_costs_the_same_queries_after_fifteen_games_as_after_three(owner):
    counts = []
    for games in (3, 15):
        campaign, _winners = fifteen_games(owner, name=f"{games} games", games=games)
        client = client_for(owner)
        url = f"/c/{campaign.pk}/chronicle/"
        assert client.get(url).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 32  # the history's reads, the slogans, the world's name, the PDF job


@pytest.mark.parametrize(
    ("language", "names", "world", "heading"),
    [("en", None, "Pangaea", "The World of Pangaea"), ("ru", CYRILLIC, "Гиперборея", "Мир")],
)
def test_the_pdf_of_fifteen_games_has_a_title_page_and_a_page_per_game(
    owner, language, names, world, heading
):
    campaign, winners = fifteen_games(owner, world=world, names=names)
    campaign.language = language
    campaign.save(update_fields=["language"])
    job, created = request_pdf(campaign=campaign, by=owner)
    assert created and job.status == "done" and job.progress == 100
    pdf = pdf_of(job)
    assert len(pdf.pages) == 1 + 15
    text = "\n".join(page.extract_text() for page in pdf.pages)
    assert heading in text and world in text
    for winner in set(winners):
        assert winner in text
    for number, winner in enumerate(winners, 1):
        assert winner in pdf.pages[number].extract_text()
    if language == "ru":
        assert "Игра 15" in text and "Сыграно 15 игр" in text


def test_asking_again_for_an_unchanged_world_gives_the_same_pdf(owner):
    campaign, _winners = fifteen_games(owner, games=2)
    first, created = request_pdf(campaign=campaign, by=owner)
    again, created_again = request_pdf(campaign=campaign, by=owner)
    assert created and not created_again and again.pk == first.pk


def test_the_pdf_shows_its_progress_then_its_download_link(owner, queued_only):
    campaign, _winners = fifteen_games(owner, games=3)
    client = client_for(owner)
    response = client.post(f"/c/{campaign.pk}/chronicle/pdf/")
    assert response.status_code == 302
    job = ChronicleExport.objects.get(campaign=campaign)
    assert job.status == "queued"
    waiting = client.get(f"/c/{campaign.pk}/chronicle/pdf/status/").content.decode()
    assert "<progress" in waiting and "hx-trigger" in waiting and "Make a PDF" not in waiting
    # Asking again while it is being made is given the same job.
    client.post(f"/c/{campaign.pk}/chronicle/pdf/")
    assert ChronicleExport.objects.filter(campaign=campaign).count() == 1
    assert run_pdf(job.pk) == "done"
    ready = client.get(f"/c/{campaign.pk}/chronicle/pdf/status/").content.decode()
    assert "hx-trigger" not in ready
    assert f"/c/{campaign.pk}/chronicle/pdf/{job.pk}.pdf" in ready
    download = client.get(f"/c/{campaign.pk}/chronicle/pdf/{job.pk}.pdf")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")


def broken_html(campaign_id, language, on_game):
    on_game(1, 2)
    raise RuntimeError("the chronicle could not be written")


def test_a_failed_pdf_says_why_and_may_be_asked_for_again(owner, settings):
    settings.CHRONICLE_HTML = "tests.web.test_chronicle.broken_html"
    campaign, _winners = fifteen_games(owner, games=2)
    client = client_for(owner)
    client.post(f"/c/{campaign.pk}/chronicle/pdf/")
    job = ChronicleExport.objects.get(campaign=campaign)
    assert job.status == "failed" and job.failure == "stopped" and not job.file
    box = client.get(f"/c/{campaign.pk}/chronicle/pdf/status/").content.decode()
    assert "Making the PDF stopped unexpectedly" in box and "Make a PDF" in box
    assert client.get(f"/c/{campaign.pk}/chronicle/pdf/{job.pk}.pdf").status_code == 404
    settings.CHRONICLE_HTML = "web.views.chronicle.pdf_html"
    client.post(f"/c/{campaign.pk}/chronicle/pdf/")
    assert ChronicleExport.objects.filter(campaign=campaign, status="done").count() == 1


def test_a_viewer_gets_no_pdf_while_the_campaign_hides_what_the_packets_unlocked(
    owner,
):
    campaign, _winners = fifteen_games(owner, games=2)
    campaign.hide_unlocked_content = True
    campaign.save(update_fields=["hide_unlocked_content"])
    viewer = client_for(member(campaign, "vic", Role.VIEWER))
    editor = client_for(member(campaign, "edda", Role.EDITOR))
    assert viewer.post(f"/c/{campaign.pk}/chronicle/pdf/").status_code == 403
    assert not ChronicleExport.objects.exists()
    editor.post(f"/c/{campaign.pk}/chronicle/pdf/")
    job = ChronicleExport.objects.get(campaign=campaign, status="done")
    assert editor.get(f"/c/{campaign.pk}/chronicle/pdf/{job.pk}.pdf").status_code == 200
    assert viewer.get(f"/c/{campaign.pk}/chronicle/pdf/{job.pk}.pdf").status_code == 404
    page = viewer.get(f"/c/{campaign.pk}/chronicle/").content.decode()
    assert "owner and editors only" in page and "Make a PDF" not in page


def test_a_photo_of_the_real_board_appears_with_its_game_on_the_page_and_in_the_pdf(
    owner, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    campaign, _winners = fifteen_games(owner, games=2)
    game = campaign.games.get(number=2)
    with django_capture_on_commit_callbacks(execute=True):
        photo = add_photo(
            game=game,
            upload=SimpleUploadedFile("board.jpg", encoded("JPEG", size=(300, 200))),
            caption="The table after game two",
            by=owner,
        )
    photo.refresh_from_db()
    assert photo.status == "done"
    page = client_for(owner).get(f"/c/{campaign.pk}/chronicle/").content.decode()
    second = page[page.index('id="game-2"') :]
    assert f"/games/2/photos/{photo.pk}/thumbnail.webp" in second
    assert "The table after game two" in second
    assert "/photos/" not in page[page.index('id="game-1"') : page.index('id="game-2"')]

    job, _created = request_pdf(campaign=campaign, by=owner)
    pdf = pdf_of(job)
    second_page = pdf.pages[2]
    assert "The table after game two" in second_page.extract_text()
    assert len(second_page.images) > len(pdf.pages[1].images)


def stored_pdfs(media) -> list[str]:
    folder = media / "chronicles"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_new_pdf_sweeps_away_the_older_ones_and_their_files(owner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    campaign, _winners = fifteen_games(owner, games=2)
    first, _created = request_pdf(campaign=campaign, by=owner)
    assert first.status == "done" and len(stored_pdfs(tmp_path)) == 1
    # A game corrected: the world changed, so the next request makes a new PDF.
    Campaign.objects.filter(pk=campaign.pk).update(world_version=F("world_version") + 1)
    campaign.refresh_from_db()
    second, created = request_pdf(campaign=campaign, by=owner)
    assert created and second.status == "done"
    assert list(ChronicleExport.objects.filter(campaign=campaign)) == [second]
    assert stored_pdfs(tmp_path) == [second.file.name.rpartition("/")[2]]
    client = client_for(owner)
    assert client.get(f"/c/{campaign.pk}/chronicle/pdf/{first.pk}.pdf").status_code == 404
    assert client.get(f"/c/{campaign.pk}/chronicle/pdf/{second.pk}.pdf").status_code == 200


def test_a_failed_pdf_is_swept_once_one_is_made_and_other_campaigns_keep_theirs(
    owner, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    campaign, _winners = fifteen_games(owner, games=2)
    other, _winners = fifteen_games(owner, name="Another war", games=1)
    kept, _created = request_pdf(campaign=other, by=owner)
    settings.CHRONICLE_HTML = "tests.web.test_chronicle.broken_html"
    failed, _created = request_pdf(campaign=campaign, by=owner)
    assert failed.status == "failed"
    settings.CHRONICLE_HTML = "web.views.chronicle.pdf_html"
    made, _created = request_pdf(campaign=campaign, by=owner)
    assert made.status == "done"
    assert not ChronicleExport.objects.filter(pk=failed.pk).exists()
    assert ChronicleExport.objects.get(pk=kept.pk).status == "done"
    assert sorted(stored_pdfs(tmp_path)) == sorted(
        j.file.name.rpartition("/")[2] for j in (kept, made)
    )


def test_a_pdf_still_being_made_is_not_swept_nor_a_newer_one_by_an_older_finishing_late(
    owner, queued_only
):
    campaign, _winners = fifteen_games(owner, games=2)
    older, _created = request_pdf(campaign=campaign, by=owner)
    Campaign.objects.filter(pk=campaign.pk).update(language="ru")
    campaign.refresh_from_db()
    newer, _created = request_pdf(campaign=campaign, by=owner)
    assert run_pdf(newer.pk) == "done"
    assert ChronicleExport.objects.get(pk=older.pk).status == "queued"  # left to finish
    assert run_pdf(older.pk) == "done"
    assert ChronicleExport.objects.filter(campaign=campaign).count() == 2  # newer kept


def test_a_long_game_log_runs_on_over_further_pages_with_nothing_lost(owner):
    campaign, _winners = fifteen_games(owner, games=3)
    game = campaign.games.get(number=2)
    seat = game.seats.select_related("player").first()
    start = game.events.count() + 1000
    GameEvent.objects.bulk_create(
        GameEvent(
            game=game,
            seq=start + n,
            kind="recruitment",
            seat=seat,
            data={"troops": 1000 + n},
        )
        for n in range(200)
    )
    job, _created = request_pdf(campaign=campaign, by=owner)
    assert job.status == "done"
    pages = [page.extract_text() for page in pdf_of(job).pages]
    assert len(pages) > 1 + 3  # the title and one page a game would not hold the log
    text = "\n".join(pages)
    troops = [int(n) for n in re.findall(r"places (\d{4}) troops", text)]
    assert troops == list(range(1000, 1200))  # every entry, in order, once
    last_entry = next(i for i, page in enumerate(pages) if "places 1199 troops" in page)
    game_three = next(i for i, page in enumerate(pages) if "Game 3" in page)
    game_two = next(i for i, page in enumerate(pages) if "Game 2" in page)
    assert game_two < last_entry < game_three  # game 2 runs on, game 3 starts a page after
    assert "Ada won" in pages[game_three] or "won, playing" in pages[game_three]


def test_a_pdf_whose_worker_died_is_made_again_when_asked_for(owner, queued_only):
    campaign, _winners = fifteen_games(owner, games=2)
    dead, _created = request_pdf(campaign=campaign, by=owner)
    long_ago = dead.updated_at - lost_after(ChronicleExport) - timedelta(seconds=60)
    # Its worker took it, then was killed, and nobody took it since: "running", past its time
    # limit and the broker's visibility timeout.
    ChronicleExport.objects.filter(pk=dead.pk).update(
        status="running", attempts=1, updated_at=long_ago
    )
    fresh, created = request_pdf(campaign=campaign, by=owner)
    assert created and fresh.pk != dead.pk and fresh.status == "queued"
    dead.refresh_from_db()
    assert dead.status == "failed" and dead.failure == "lost"


def test_a_pdf_being_made_is_not_asked_for_twice(owner, queued_only):
    campaign, _winners = fifteen_games(owner, games=2)
    job, _created = request_pdf(campaign=campaign, by=owner)
    ChronicleExport.objects.filter(pk=job.pk).update(status="running", attempts=1)
    again, created = request_pdf(campaign=campaign, by=owner)
    assert not created and again.pk == job.pk
