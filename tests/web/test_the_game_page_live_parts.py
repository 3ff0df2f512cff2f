"""The game page's live parts: a page that follows the table takes what changed since its version
as the page's parts alone, and the phone that wrote takes its confirmation the same way. Their
queries, and the page's, do not grow with the entries of the game."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.table import record_recruitment
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def recruit(game, player, times: int) -> None:
    for _ in range(times):
        record_recruitment(game=game, player=player.pk, troops=30)


def parts(client, game, since):
    return client.get(url(game.campaign, f"games/1/live/?since={since}"))


def version_of(game) -> int:
    game.campaign.refresh_from_db()
    return game.campaign.world_version


def test_another_phones_entry_comes_as_the_pages_parts_alone(game, players, as_viewer):
    before = version_of(game)
    record_recruitment(game=game, player=players["Boris"].pk, troops=31)
    answer = parts(as_viewer, game, before)
    assert answer.status_code == 200
    data = answer.json()
    assert data["version"] == version_of(game) > before
    assert "31" in data["parts"]["events"] and "Boris" in data["parts"]["events"]
    assert {"seats", "decided", "board"} <= set(data["parts"])
    assert not any("<html" in html or "<body" in html for html in data["parts"].values())


def test_a_page_at_the_campaigns_version_is_told_nothing_new(game, as_viewer):
    answer = parts(as_viewer, game, version_of(game))
    assert answer.status_code == 204
    assert answer.content == b""


def test_a_stranger_gets_no_parts_of_a_private_game(game, as_stranger):
    assert parts(as_stranger, game, 0).status_code == 404


def test_the_parts_carry_no_readers_csrf_token(game, as_owner):
    data = parts(as_owner, game, 0).json()
    forms = data["parts"]["log-recruitment"]
    assert 'name="csrfmiddlewaretoken" value="live"' in forms


def test_the_writer_takes_its_entry_confirmed_in_the_parts(game, players, as_owner):
    answer = as_owner.post(
        url(game.campaign, "games/1/log/recruitment/"),
        {"recruitment-player": str(players["Ada"].pk), "recruitment-troops": "33"},
        headers={"X-Earthbook-Parts": "1"},
        follow=True,
    )
    assert answer["Content-Type"] == "application/json"
    data = answer.json()
    assert "Noted:" in data["parts"]["log-status"] and "33" in data["parts"]["log-status"]
    assert "33" in data["parts"]["events"]
    # Shown once: the page opened afterwards does not say it again.
    assert "Noted:" not in as_owner.get(url(game.campaign, "games/1/")).content.decode()


def test_the_writers_refused_entry_is_the_page_with_its_form_error(game, players, as_owner):
    answer = as_owner.post(
        url(game.campaign, "games/1/log/recruitment/"),
        {"recruitment-player": str(players["Ada"].pk), "recruitment-troops": "-3"},
        headers={"X-Earthbook-Parts": "1"},
        follow=True,
    )
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/html")
    assert 'aria-invalid="true"' in answer.content.decode()


def test_the_game_page_lists_its_latest_entries_and_leads_to_the_history(game, players, as_owner):
    recruit(game, players["Ada"], 32)
    html = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert "2 earlier entries are in the history." in html
    assert f'href="/c/{game.campaign.pk}/history/#game-1"' in html


def queries_of(client, address) -> int:
    cache.clear()  # the drawing of this version is made, as the first phone of the table asks
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return len(queries)


def test_the_parts_take_the_same_queries_with_5_or_45_entries(game, players, as_owner):
    recruit(game, players["Ada"], 5)
    few = queries_of(as_owner, url(game.campaign, "games/1/live/?since=0"))
    recruit(game, players["Boris"], 40)
    many = queries_of(as_owner, url(game.campaign, "games/1/live/?since=0"))
    assert many == few


def test_the_game_page_takes_the_same_queries_with_5_or_45_entries(game, players, as_owner):
    recruit(game, players["Ada"], 5)
    few = queries_of(as_owner, url(game.campaign, "games/1/"))
    recruit(game, players["Boris"], 40)
    many = queries_of(as_owner, url(game.campaign, "games/1/"))
    assert many == few


def test_the_other_phones_of_a_table_take_the_drawing_the_first_made(game, players, as_owner):
    record_recruitment(game=game, player=players["Chloe"].pk, troops=30)
    address = url(game.campaign, "games/1/live/?since=0")
    first = queries_of(as_owner, address)
    with CaptureQueriesContext(connection) as queries:
        assert as_owner.get(address).status_code == 200
    assert len(queries) < first


def test_a_game_ended_elsewhere_comes_whole_to_a_page_of_the_game_in_play(game, players, as_viewer):
    from tests.support.games import finish

    before = version_of(game)
    finish(game, players)
    address = url(game.campaign, f"games/1/live/?since={before}&shape=in_progress")
    data = as_viewer.get(address).json()
    assert data["shape"] == "finished"
    assert data["parts"] == {}
    assert 'data-live-shape="finished"' in data["page"] and "</html>" in data["page"]
