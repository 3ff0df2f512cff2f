"""Amending the end of the last finished game from the pages: the finish form, filled in with
what the game's end holds now, offers the rewards that would be legal without it; the old
rewards are undone, never deleted; a refused or forbidden amendment writes nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.audit_words import audit_text
from campaigns.models import AuditEntry, Game, GameReward
from legacy.models import City, CoinSticker, Signature
from tests.support.games import play, start_next_game
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(prepared_campaign):
    """Game 1 over: Ada won and founded Cairo in Egypt; Boris held on and added a coin to
    China's card; Chloe was eliminated."""
    return play(prepared_campaign, 1)


def url(campaign, number=1):
    return f"/c/{campaign.pk}/games/{number}/amend/"


def amendment(campaign, **changes) -> dict:
    """The amend form as a group fills it in: the same end, but the city is Alexandria."""
    players = {p.name: p.pk for p in campaign.players.all()}
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    game = Game.objects.get(campaign=campaign, number=1)
    data = {
        f"result_{ada}": "won",
        f"result_{boris}": "held_on",
        f"result_{chloe}": "eliminated",
        "slogan": "Victory number 1",
        "signed_on": "2026-11-01",
        "winner_kind": "major-city",
        "w_major-city_target": "egypt",
        "w_major-city_name": "Alexandria",
        f"h{boris}_kind": "upgrade-card",
        f"h{boris}_upgrade-card_target": "china",
        "reason": "The city was Alexandria, not Cairo",
        "revision": game.revision,
    }
    data.update(changes)
    return data


def state(campaign) -> tuple:
    return (
        list(City.objects.filter(campaign=campaign).values_list("name", "voided").order_by("id")),
        GameReward.objects.filter(game__campaign=campaign).count(),
        Signature.objects.filter(campaign=campaign).count(),
        AuditEntry.objects.filter(campaign=campaign).count(),
        Game.objects.get(campaign=campaign, number=1).revision,
    )


def test_the_amend_form_holds_the_games_end_as_it_stands(played, as_editor):
    before = state(played)
    page = as_editor.get(url(played)).content.decode()
    assert "Amend game 1" in page
    assert 'value="Cairo"' in page and 'value="Victory number 1"' in page
    players = {p.name: p.pk for p in played.players.all()}
    for name, result in (("Ada", "won"), ("Boris", "held_on"), ("Chloe", "eliminated")):
        n = players[name]
        assert f'name="result_{n}" value="{result}" id="id_result_{n}_' in page
        checked = page.split(f'name="result_{n}" value="{result}"', 1)[1].split(">", 1)[0]
        assert "checked" in checked
    # Egypt holds Cairo now, but the amendment starts from the world without it: Egypt is
    # offered again for the winner's major city.
    assert '<option value="egypt" selected>' in page
    assert state(played) == before  # looking writes nothing


def test_looking_at_the_amend_form_runs_no_write_at_all(played, as_editor):
    with CaptureQueriesContext(connection) as queries:
        assert as_editor.get(url(played)).status_code == 200
    writes = [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith(("UPDATE", "INSERT", "DELETE"))
    ]
    assert writes == []


def test_an_editor_amends_the_city_and_the_old_one_is_undone(played, as_editor):
    response = as_editor.post(url(played), amendment(played))
    assert response.status_code == 302, response.content.decode()[:2000]
    cities = dict(City.objects.filter(campaign=played).values_list("name", "voided"))
    assert cities == {"Cairo": True, "Alexandria": False}
    assert GameReward.objects.filter(game__campaign=played, voided=True).count() == 2
    # Boris's coin on China (the held-on reward) is entered again; the one of the game's own
    # events stays as it was.
    china = CoinSticker.objects.filter(campaign=played, territory="china").order_by("id")
    assert list(china.values_list("coins_after", "voided")) == [(2, False), (3, True), (3, False)]
    entry = AuditEntry.objects.filter(campaign=played, action="game-amended").get()
    assert "The city was Alexandria, not Cairo" in audit_text(entry)
    page = as_editor.get(f"/c/{played.pk}/games/1/").content.decode()
    assert "undone by an amendment" in page


def test_an_amendment_without_a_reason_writes_nothing(played, as_editor):
    before = state(played)
    response = as_editor.post(url(played), amendment(played, reason=""))
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    assert state(played) == before


def test_an_amendment_of_a_stale_page_is_refused(played, as_editor):
    Game.objects.filter(campaign=played, number=1).update(revision=99)
    before = state(played)
    response = as_editor.post(url(played), amendment(played, revision=1))
    assert response.status_code == 200
    assert "Someone changed this game meanwhile" in response.content.decode()
    assert state(played) == before


def test_an_amendment_that_breaks_a_rule_shows_it_and_writes_nothing(played, as_editor):
    before = state(played)
    # Two winners: a game has one.
    players = {p.name: p.pk for p in played.players.all()}
    response = as_editor.post(
        url(played), amendment(played, **{f"result_{players['Boris']}": "won"})
    )
    assert response.status_code == 200 and 'role="alert"' in response.content.decode()
    assert state(played) == before


def test_once_the_next_game_is_set_up_the_game_is_no_longer_amended(played, as_editor):
    start_next_game(played)
    before = state(played)
    assert as_editor.get(url(played)).status_code == 302
    response = as_editor.post(url(played), amendment(played), follow=True)
    assert "fix single marks" in response.content.decode()
    assert state(played) == before
    page = as_editor.get(f"/c/{played.pk}/games/1/").content.decode()
    assert url(played) not in page


def test_a_game_being_played_is_not_amended(played, as_editor):
    start_next_game(played)
    assert as_editor.get(url(played, 2)).status_code == 302


def test_viewers_may_not_amend_and_strangers_do_not_see_it(played, as_viewer, as_stranger):
    before = state(played)
    assert as_viewer.get(url(played)).status_code == 403
    assert as_viewer.post(url(played), amendment(played)).status_code == 403
    assert as_stranger.post(url(played), amendment(played)).status_code == 404
    assert state(played) == before


def test_the_game_page_offers_the_amendment_to_editors_only(played, as_editor, as_viewer):
    assert url(played) in as_editor.get(f"/c/{played.pk}/games/1/").content.decode()
    assert url(played) not in as_viewer.get(f"/c/{played.pk}/games/1/").content.decode()


def test_the_amend_page_costs_the_same_after_four_games_as_after_one(owner):
    from tests.support.pages import prepared

    counts = []
    for n in (1, 4):
        campaign = play(prepared(owner, f"{n} games"), n)
        client = client_for(owner)
        assert client.get(url(campaign, n)).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(campaign, n)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 70, counts


def test_the_amend_page_speaks_russian(played, editor):
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(editor)
    page = client.get(url(played)).content.decode()
    assert "Исправить игру 1" in page and "Записать исправление" in page


def test_changing_a_result_redraws_the_amend_form_and_writes_nothing(played, as_editor):
    players = {p.name: p.pk for p in played.players.all()}
    before = state(played)
    # Chloe is said to have held on: the redrawn form offers her a held-on reward too.
    data = amendment(played, **{f"result_{players['Chloe']}": "held_on"}, _preview="1")
    response = as_editor.post(url(played), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert f'name="h{players["Chloe"]}_kind"' in response.content.decode()
    assert state(played) == before


def test_the_amend_form_shows_a_reward_as_a_later_correction_left_it(played, as_editor, owner):
    from campaigns import services

    city = City.objects.get(campaign=played, name="Cairo")
    services.correct_mark(
        campaign=played,
        model=City,
        mark_id=city.pk,
        changes={"name": "Al-Qahira"},
        reason="Misspelt",
        by=owner,
    )
    page = as_editor.get(url(played)).content.decode()
    assert 'value="Al-Qahira"' in page and 'value="Cairo"' not in page
