"""The picture after a game (drawn by the worker, with a progress indicator meanwhile), and
every page in English and Russian."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.game.table import place_scar
from campaigns.models import Snapshot
from tests.support.games import play, start_next_game
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager():
    """Draw snapshots in-process even when a broker is configured (the CI's second pass)."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def test_the_snapshot_shows_progress_until_the_worker_has_drawn_it(prepared_campaign, as_owner):
    play(prepared_campaign, 1)  # on_commit never runs in this test: nobody draws the picture
    page = as_owner.get(url(prepared_campaign, "games/1/")).content.decode()
    assert "<progress" in page
    assert f'hx-get="{url(prepared_campaign, "games/1/snapshot/")}"' in page
    assert as_owner.get(url(prepared_campaign, "games/1/snapshot.png")).status_code == 404


def test_the_snapshot_appears_once_drawn(
    prepared_campaign, as_owner, as_viewer, django_capture_on_commit_callbacks, eager
):
    with django_capture_on_commit_callbacks(execute=True):
        play(prepared_campaign, 1)
    part = as_owner.get(url(prepared_campaign, "games/1/snapshot/")).content.decode()
    assert "<progress" not in part and "hx-get" not in part
    assert url(prepared_campaign, "games/1/snapshot.png") in part
    image = as_owner.get(url(prepared_campaign, "games/1/snapshot.png"))
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert b"".join(image.streaming_content).startswith(b"\x89PNG")
    # Hidden packet content: viewers get the SVG board, which hides it, never the stored PNG.
    prepared_campaign.hide_unlocked_content = True
    prepared_campaign.save()
    part = as_viewer.get(url(prepared_campaign, "games/1/snapshot/")).content.decode()
    assert url(prepared_campaign, "board/1.svg") in part
    assert as_viewer.get(url(prepared_campaign, "games/1/snapshot.png")).status_code == 404


def test_a_failed_picture_says_why_and_an_editor_draws_it_again(
    prepared_campaign, as_owner, as_viewer, django_capture_on_commit_callbacks, eager
):
    from campaigns.models import JobStatus, Snapshot

    with django_capture_on_commit_callbacks(execute=True):
        play(prepared_campaign, 1)
    Snapshot.objects.filter(campaign=prepared_campaign).update(
        status=JobStatus.FAILED, failure="outage", error="OSError: the disk is full"
    )
    page = as_owner.get(url(prepared_campaign, "games/1/")).content.decode()
    assert "could not be drawn" in page and "the disk is full" in page
    assert url(prepared_campaign, "games/1/snapshot/redraw/") in page
    viewer_page = as_viewer.get(url(prepared_campaign, "games/1/")).content.decode()
    assert "snapshot/redraw/" not in viewer_page and "the disk is full" not in viewer_page
    assert as_viewer.post(url(prepared_campaign, "games/1/snapshot/redraw/")).status_code == 403
    assert Snapshot.objects.get(campaign=prepared_campaign).status == JobStatus.FAILED

    with django_capture_on_commit_callbacks(execute=True):
        response = as_owner.post(url(prepared_campaign, "games/1/snapshot/redraw/"))
    assert response.status_code == 302
    assert response["Location"] == url(prepared_campaign, "games/1/#snapshot")
    row = Snapshot.objects.get(campaign=prepared_campaign)
    assert row.status == JobStatus.DONE and row.error == ""


def test_a_game_not_finished_cannot_be_drawn_again(prepared_campaign, as_owner):
    from campaigns.models import Snapshot

    play(prepared_campaign, 1, then_start=True)
    response = as_owner.post(url(prepared_campaign, "games/2/snapshot/redraw/"), follow=True)
    assert "There is no finished game 2" in response.content.decode()
    assert not Snapshot.objects.filter(game_number=2).exists()


def test_the_timeline_page_shows_progress_then_the_animation(
    prepared_campaign, as_owner, django_capture_on_commit_callbacks, eager, settings
):
    empty = as_owner.get(url(prepared_campaign, "timeline/")).content.decode()
    assert 'data-timeline="empty"' in empty
    play(prepared_campaign, 2)  # on_commit never runs here: nobody draws anything yet
    with django_capture_on_commit_callbacks(execute=False):
        page = as_owner.get(url(prepared_campaign, "timeline/")).content.decode()
    assert "<progress" in page and f'hx-get="{url(prepared_campaign, "timeline/")}"' in page
    assert as_owner.get(url(prepared_campaign, "timeline.webp")).status_code == 404
    # Its message never went (nothing ran on commit): once it has waited past its patience,
    # asking to draw it again sends it again.
    waited = timezone.now() - timedelta(seconds=settings.EARTHBOOK_JOB_QUEUED_PATIENCE + 1)
    Snapshot.objects.filter(campaign=prepared_campaign).update(updated_at=waited)
    with django_capture_on_commit_callbacks(execute=True):
        as_owner.post(url(prepared_campaign, "timeline/redraw/"))
    part = as_owner.get(url(prepared_campaign, "timeline/"), HTTP_HX_REQUEST="true")
    text = part.content.decode()
    assert "<html" not in text and "<progress" not in text
    assert f'href="{url(prepared_campaign, "timeline.webp")}"' in text  # the animation, a link
    animation = as_owner.get(url(prepared_campaign, "timeline.webp"))
    assert animation.status_code == 200 and animation["Content-Type"] == "image/webp"
    from PIL import Image

    with Image.open(__import__("io").BytesIO(b"".join(animation.streaming_content))) as image:
        assert image.n_frames == 2


def test_the_timeline_stays_hidden_from_readers_the_packets_are_hidden_from(
    prepared_campaign, as_owner, as_viewer, django_capture_on_commit_callbacks, eager
):
    with django_capture_on_commit_callbacks(execute=True):
        play(prepared_campaign, 1)
        as_owner.get(url(prepared_campaign, "timeline/"))
    assert as_viewer.get(url(prepared_campaign, "timeline.webp")).status_code == 200
    prepared_campaign.hide_unlocked_content = True
    prepared_campaign.save()
    page = as_viewer.get(url(prepared_campaign, "timeline/")).content.decode()
    assert 'data-timeline="hidden"' in page and "timeline.webp" not in page
    assert as_viewer.get(url(prepared_campaign, "timeline.webp")).status_code == 404
    assert as_owner.get(url(prepared_campaign, "timeline.webp")).status_code == 200


PAGES = [
    "",
    "history/",
    "timeline/",
    "territories/egypt/",
    "factions/",
    "standings/",
    "audit/",
    "packets/",
    "packets/open/",
    "players/",
    "settings/",
    "before-the-first-game/",
    "games/1/",
    "games/2/",
    "games/2/finish/",
    "tools/recruitment/",
    "tools/starts/",
    "tools/odds/?attackers=5&defenders=2",
]


@pytest.mark.parametrize(
    ("page", "russian"),
    [
        ("", "Раздел победителей"),
        ("history/", "История вашей Земли"),
        ("timeline/", "Ваша Земля, игра за игрой"),
        ("territories/egypt/", "Все отметки за всё время"),
        ("factions/", "Карты фракций"),
        ("standings/", "Победы игроков"),
        ("audit/", "Журнал изменений"),
        ("packets/", "Пакеты"),
        ("packets/open/", "Пакет открыт"),
        ("players/", "Игроки за столом"),
        ("settings/", "Пригласите свою группу"),
        ("before-the-first-game/", "Перед первой игрой"),
        ("games/1/", "Конец игры"),
        ("games/2/", "Быстрый журнал"),
        ("games/2/finish/", "Награда победителя"),
        ("tools/recruitment/", "Сколько войск набрать"),
        ("tools/starts/", "Допустимые стартовые территории"),
        ("tools/odds/?attackers=5&defenders=2", "шанс захватить"),
    ],
)
def test_every_page_speaks_russian_to_a_russian_browser(prepared_campaign, owner, page, russian):
    from django.test import Client

    play(prepared_campaign, 1, then_start=True)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    response = client.get(url(prepared_campaign, page))
    text = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="ru">' in text
    assert russian in text


@pytest.mark.parametrize(
    ("path", "russian"),
    [
        ("/", "Хранитель кампаний Risk Legacy"),
        ("/accounts/login/", "Войти"),
        ("/accounts/signup/", "Зарегистрироваться"),
    ],
)
def test_the_public_pages_speak_russian(client, path, russian):
    text = client.get(path, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert russian in text


def test_the_language_switcher_remembers_the_choice(client):
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/"})
    assert response.status_code == 302
    assert "Хранитель кампаний Risk Legacy" in client.get("/").content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "The campaign keeper for Risk Legacy" in client.get("/").content.decode()


def test_a_refusal_in_russian_says_the_rule_in_russian_only(prepared_campaign, owner, players):
    from django.test import Client

    game = start_next_game(prepared_campaign)
    place_scar(
        game=game, scar="bunker", territory="greenland", without_card=True, reason="An event card"
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    response = client.post(
        url(prepared_campaign, "games/1/finish/"),
        {f"result_{ada}": "won", f"result_{boris}": "held_on", f"result_{chloe}": "eliminated"},
    )
    text = response.content.decode()
    assert "Победитель выбирает одну награду." in text
    assert "Ada won and chooses one reward." not in text  # the service's English is not shown


def test_russian_pages_give_the_boxs_powers_and_scars_in_russian(prepared_campaign, owner):
    from django.test import Client

    play(prepared_campaign, 1)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    factions = client.get(url(prepared_campaign, "factions/")).content.decode()
    # "a" was kept for every faction before the first game.
    assert "Стартовый штаб укреплён" in factions and "Starting HQ fortified" not in factions
    history = client.get(url(prepared_campaign, "history/")).content.decode()
    assert "Нехватка боеприпасов" in history or "Бункер" in history
    english = client_for(owner).get(url(prepared_campaign, "factions/")).content.decode()
    assert "Starting HQ fortified" in english
