"""The statistics page: the numbers of a campaign built here, charted as SVG drawn on the
server, in the reader's language; and the end poster's page and download."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from legacy.drawing import render_png
from tests.support.pages import client_for
from tests.support.statistics_world import name_it, play_fifteen_and_name, play_two_games

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture(autouse=True)
def _no_poster_yet(media):
    """Posters go to a fresh folder of each test's own, and nobody asked for one yet."""
    cache.clear()


@pytest.fixture
def played(prepared_campaign, owner):
    play_two_games(prepared_campaign, owner)
    return prepared_campaign


def row(html: str, table: str, label: str) -> list[str]:
    """The cells of the row headed ``label`` in the table ``data-stat=table``."""
    body = html.split(f'data-stat="{table}"', 1)[1].split("</table>", 1)[0]
    found = re.search(
        rf"<tr><th scope=\"row\">(?:<a [^>]*>)?{re.escape(label)}(?:</a>)?</th>(.*?)</tr>", body
    )
    assert found, (table, label)
    return re.findall(r"<td>(.*?)</td>", found.group(1))


def test_the_statistics_page_shows_each_players_and_factions_results(played, owner):
    html = client_for(owner).get(f"/c/{played.pk}/statistics/").content.decode()
    assert row(html, "players", "Ada") == ["2", "1", "1", "0"]
    assert row(html, "players", "Chloe") == ["1", "0", "0", "1"]
    assert row(html, "factions", "Khan Industries") == ["2", "2", "0", "0"]
    assert row(html, "starts", "Peru") == ["2", "0", "0", "2"]
    assert row(html, "heat", "Greenland") == ["1", "0"]
    assert row(html, "heat", "India") == ["0", "1"]
    assert "Scandinavia" not in html.split('data-stat="heat"', 1)[1].split("</table>")[0]
    assert row(html, "coins", "Alaska") == ["destroyed"]
    assert row(html, "coins", "China") == ["3"]
    assert "game 1: 1; game 2: 2" in html


def test_the_charts_are_svg_pictures_with_a_title_and_text_a_phone_can_read(played, owner):
    html = client_for(owner).get(f"/c/{played.pk}/statistics/").content.decode()
    charts = re.findall(r'<svg [^>]*class="chart"[^>]*>.*?</svg>', html, re.S)
    assert len(charts) == 6  # players, factions, starts, the heat map, signatures, coins
    for svg in charts:
        assert 'role="img"' in svg and "<title>" in svg
        width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
        # Drawn about 365 px wide on a 390-px phone: no text under 12 px there.
        for size in re.findall(r'font-size="([\d.]+)"', svg):
            assert float(size) * 365 / width >= 12, (size, width)
    assert "<script" not in "".join(charts)
    assert "cdn" not in html.lower()


def test_the_statistics_page_reads_in_russian(played, owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    html = client.get(f"/c/{played.pk}/statistics/").content.decode()
    assert "Статистика" in html
    assert "Результаты игроков" in html
    assert row(html, "factions", "Индустриальные ханы") == ["2", "2", "0", "0"]
    assert row(html, "starts", "Перу") == ["2", "0", "0", "2"]
    assert "Где размещались шрамы и города" in html  # the heat map's title
    assert "Results per player" not in html


def test_a_stranger_gets_404_for_the_statistics_and_the_poster(played, stranger):
    for address in ("statistics/", "poster/", "poster.png"):
        assert client_for(stranger).get(f"/c/{played.pk}/{address}").status_code == 404


def test_before_the_world_is_named_the_poster_is_explained_not_offered(played, owner):
    client = client_for(owner)
    page = client.get(f"/c/{played.pk}/poster/").content.decode()
    assert 'data-poster="not-named"' in page
    assert "poster.png" not in page
    assert client.get(f"/c/{played.pk}/poster.png").status_code == 404
    assert "The end poster" not in client.get(f"/c/{played.pk}/statistics/").content.decode()


@pytest.fixture
def named(prepared_campaign, owner, django_capture_on_commit_callbacks):
    cache.clear()
    play_fifteen_and_name(prepared_campaign, owner)
    with django_capture_on_commit_callbacks(execute=True):
        name_it(prepared_campaign, owner, "Гармония")
    return prepared_campaign


def test_after_the_world_is_named_the_poster_downloads_as_a_large_png(named, owner):
    import io

    from PIL import Image

    client = client_for(owner)
    page = client.get(f"/c/{named.pk}/poster/").content.decode()
    assert "Гармония" in page and "Game 15: Ada (Khan Industries)" in page
    response = client.get(f"/c/{named.pk}/poster.png")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Content-Disposition"].startswith("attachment;")
    data = b"".join(response.streaming_content)
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width == 2400 and image.height > 1400
    from campaigns.pictures.poster import poster_of

    plain = Image.open(io.BytesIO(render_png(poster_of(named.pk).picture, width=2400)))
    assert image.size != plain.size  # the world's name above, the winners below


def test_a_viewer_kept_from_unlocked_content_gets_no_poster(named, owner, django_user_model):
    from campaigns.models import Membership, Role

    viewer = django_user_model.objects.create_user(username="vera", password="pw-vera-123")
    Membership.objects.create(campaign=named, user=viewer, role=Role.VIEWER)
    named.hide_unlocked_content = True
    named.save(update_fields=["hide_unlocked_content"])
    assert client_for(viewer).get(f"/c/{named.pk}/poster.png").status_code == 404
    assert client_for(owner).get(f"/c/{named.pk}/poster.png").status_code == 200


def test_the_statistics_page_costs_the_same_after_three_games_and_after_fifteen(owner):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaigns import services
    from legacy.box import FACTIONS
    from tests.support.games import TWELVE_COINS
    from tests.support.statistics_world import play_won_by_ada

    counts = []
    for games in (3, 15):
        campaign = services.create_campaign(
            owner=owner, name=f"{games} games", players=["Ada", "Boris", "Chloe"]
        )
        services.prepare_first_game(
            campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
        )
        play_won_by_ada(campaign, owner, games)
        client = client_for(owner)
        client.get(f"/c/{campaign.pk}/statistics/")
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/c/{campaign.pk}/statistics/")
        assert row(page.content.decode(), "players", "Ada") == [str(games), str(games), "0", "0"]
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_the_poster_page_says_how_its_drawing_stands(
    prepared_campaign, owner, django_capture_on_commit_callbacks
):
    cache.clear()
    play_fifteen_and_name(prepared_campaign, owner)
    name_it(prepared_campaign, owner, "Harmony")  # not drawn: nothing is committed in a test
    client = client_for(owner)
    with django_capture_on_commit_callbacks(execute=True):
        waiting = client.get(f"/c/{prepared_campaign.pk}/poster/").content.decode()
    assert 'data-poster-status="queued"' in waiting and "Waiting for its turn" in waiting
    assert 'data-poster="drawing"' in waiting and "poster.png" not in waiting
    drawn = client.get(f"/c/{prepared_campaign.pk}/poster/").content.decode()
    assert 'data-poster-status="done"' in drawn and "poster.png" in drawn


def test_a_poster_that_failed_says_why_on_its_page_and_is_drawn_again_on_request(
    prepared_campaign, owner, monkeypatch, django_capture_on_commit_callbacks
):
    from campaigns.pictures import poster as posters

    drawn = posters.render_poster

    def broken(*args, **kwargs):
        raise RuntimeError("the drawing broke")

    monkeypatch.setattr(posters, "render_poster", broken)
    cache.clear()
    play_fifteen_and_name(prepared_campaign, owner)
    with django_capture_on_commit_callbacks(execute=True):
        name_it(prepared_campaign, owner, "Гармония")
    url = f"/c/{prepared_campaign.pk}/poster/"
    page = client_for(owner).get(url).content.decode()
    assert 'data-poster-status="failed"' in page and 'data-poster="failed"' in page
    assert "Drawing the poster stopped unexpectedly" in page and "Draw it again" in page
    assert "poster.png" not in page
    reader = client_for(owner)
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    russian = reader.get(url).content.decode()
    assert "Рисование плаката неожиданно прервалось" in russian and "Нарисовать заново" in russian
    assert "Draw it again" not in russian and "Drawing the poster stopped" not in russian
    monkeypatch.setattr(posters, "render_poster", drawn)
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(owner).post(f"/c/{prepared_campaign.pk}/poster/again/")
    assert response.status_code == 302 and response["Location"] == url
    page = client_for(owner).get(url).content.decode()
    assert 'data-poster-status="done"' in page and "poster.png" in page


def test_a_stranger_cannot_ask_for_the_poster_again(named, stranger):
    response = client_for(stranger).post(f"/c/{named.pk}/poster/again/")
    assert response.status_code == 404
