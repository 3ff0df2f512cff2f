"""The statistics over the API: the same numbers as the page, keyed by ids and slugs; and the
end poster, refused (409) until the world is named."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from PIL import Image

from tests.support.api import client_for
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


def test_the_statistics_endpoint_gives_the_numbers_of_the_games(played, owner, players):
    body = client_for(owner).get(f"/api/v1/campaigns/{played.pk}/statistics/").json()
    assert body["games_finished"] == 2
    ada = next(p for p in body["players"] if p["id"] == players["Ada"].pk)
    assert (ada["played"], ada["won"], ada["held_on"], ada["eliminated"]) == (2, 1, 1, 0)
    khan = next(f for f in body["factions"] if f["faction"] == "khan-industries")
    assert (khan["played"], khan["won"], khan["unlocked"]) == (2, 2, False)
    assert body["starts"][0] == {
        "territory": "peru",
        "played": 2,
        "won": 0,
        "held_on": 0,
        "eliminated": 2,
    }
    assert {h["territory"]: (h["scars"], h["cities"]) for h in body["heat"]} == {
        "greenland": (1, 0),
        "egypt": (0, 1),
        "india": (0, 1),
    }
    assert [s["total"] for s in body["signatures"]] == [1, 2]
    assert [c["coins"] for c in body["coins_over_games"]] == [54, 55, 52]
    alaska = next(c for c in body["coins"] if c["territory"] == "alaska")
    assert alaska == {"territory": "alaska", "coins": 3, "destroyed": True}


def test_a_stranger_gets_404_for_the_statistics_and_the_poster(played, stranger):
    for path in ("statistics/", "poster/", "poster/image/"):
        response = client_for(stranger).get(f"/api/v1/campaigns/{played.pk}/{path}")
        assert response.status_code == 404
        assert "error" in response.json()


def test_before_the_world_is_named_the_poster_is_refused_with_409(played, owner):
    for path in ("poster/", "poster/image/"):
        response = client_for(owner).get(f"/api/v1/campaigns/{played.pk}/{path}")
        assert response.status_code == 409
        assert response.json()["error"]["rule"] == "poster-after-world-named"


def test_after_the_world_is_named_the_poster_is_drawn_and_downloaded(
    prepared_campaign, owner, players, django_capture_on_commit_callbacks
):
    cache.clear()
    play_fifteen_and_name(prepared_campaign, owner)
    name_it(prepared_campaign, owner, "Harmony")  # not drawn: nothing is committed in a test
    client = client_for(owner)
    url = f"/api/v1/campaigns/{prepared_campaign.pk}/poster/"
    with django_capture_on_commit_callbacks(execute=True):
        first = client.get(url).json()
    assert first["status"] == "queued" and first["image"] is None
    assert first["error"] == "" and first["finished_at"] is None
    assert first["world_name"] == "Harmony"
    assert len(first["winners"]) == 15
    assert first["winners"][0] == {"game": 1, "name": "Ada", "faction": "Khan Industries"}
    body = client.get(url).json()
    assert body["status"] == "done" and body["finished_at"]
    image = client.get(body["image"])
    assert image.status_code == 200
    assert image["Content-Disposition"].startswith("attachment;")
    picture = Image.open(io.BytesIO(b"".join(image.streaming_content)))
    assert picture.format == "PNG" and picture.width == 2400


def test_the_statistics_cost_the_same_after_three_games_and_after_fifteen(owner):
    from campaigns import services
    from legacy.box import FACTIONS
    from tests.support.api import count_queries
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
        url = f"/api/v1/campaigns/{campaign.pk}/statistics/"
        counts.append(count_queries(client_for(owner), url))
        assert client_for(owner).get(url).json()["games_finished"] == games
    assert counts[0] == counts[1] <= 12, counts


@pytest.fixture
def named(prepared_campaign, owner):
    cache.clear()
    play_fifteen_and_name(prepared_campaign, owner)
    name_it(prepared_campaign, owner, "Harmony")
    return prepared_campaign


def test_a_poster_that_could_not_be_drawn_says_so_until_it_is_asked_for_again(
    named, owner, monkeypatch, django_capture_on_commit_callbacks
):
    from campaigns.pictures import poster as posters

    drawn = posters.render_poster
    tries = []

    def broken(*args, **kwargs):
        tries.append(1)
        raise RuntimeError("the drawing broke")

    monkeypatch.setattr(posters, "render_poster", broken)
    client = client_for(owner)
    url = f"/api/v1/campaigns/{named.pk}/poster/"
    with django_capture_on_commit_callbacks(execute=True):
        assert client.get(url).json()["status"] == "queued"
    failed = client.get(url).json()
    assert failed["status"] == "failed" and failed["image"] is None
    assert failed["error"] == "stopped"
    assert failed["error_message"] == "Drawing the poster stopped unexpectedly; ask for it again."
    assert failed["finished_at"]
    cache.clear()  # however long after, reading it does not draw it again
    with django_capture_on_commit_callbacks(execute=True):
        assert client.get(url).json()["status"] == "failed"
    assert len(tries) == 1
    monkeypatch.setattr(posters, "render_poster", drawn)
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(url)
    assert again.status_code == 202 and again.json()["status"] == "queued"
    assert again.json()["error"] == ""
    body = client.get(url).json()
    assert body["status"] == "done" and body["image"]


def test_a_poster_the_broker_would_not_take_is_failed_not_left_waiting(
    named, owner, monkeypatch, django_capture_on_commit_callbacks
):
    from campaigns.pictures import tasks

    def broker_down(*args, **kwargs):
        raise ConnectionRefusedError("the broker is down")

    monkeypatch.setattr(tasks.render_poster, "apply_async", broker_down)
    client = client_for(owner)
    url = f"/api/v1/campaigns/{named.pk}/poster/"
    with django_capture_on_commit_callbacks(execute=True):
        client.get(url)
    body = client.get(url).json()
    assert body["status"] == "failed" and body["error"] == "not-queued"
    assert body["error_message"] == "The poster could not be queued; ask for it again."


def test_a_stranger_may_not_ask_for_the_poster_again(named, stranger):
    response = client_for(stranger).post(f"/api/v1/campaigns/{named.pk}/poster/")
    assert response.status_code == 404
    from campaigns.models import EndPoster

    assert not EndPoster.objects.exists()
