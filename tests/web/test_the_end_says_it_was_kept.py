"""The end of a game says it was kept, every time: the game page reached after the end (or its
amendment) says "Game N is in the book", whatever else fetched the pages meanwhile, and the same
end sent again is answered with the same success, recorded once, never refused."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns.models import AuditEntry, Game, GameReward, GameStatus
from legacy.models import Signature
from tests.support.games import play
from tests.support.pages import finish_data, url

pytestmark = pytest.mark.django_db

SIGNED = {"slogan": "Veni, vidi", "signed_on": "2026-03-01"}
LIVE = {"HTTP_X_EARTHBOOK_LIVE": "1"}


def ended(campaign) -> tuple:
    """What the end of game 1 wrote: its status, its signatures, its rewards, its audit lines."""
    return (
        Game.objects.get(campaign=campaign, number=1).status,
        Signature.objects.filter(campaign=campaign).count(),
        GameReward.objects.filter(game__campaign=campaign).count(),
        AuditEntry.objects.filter(campaign=campaign, action="game-finished").count(),
    )


def the_end(as_owner, game, players) -> dict:
    """The end form as drawn (with its key), filled in with the usual ending."""
    form = as_owner.get(url(game.campaign, "games/1/finish/"))
    return {**finish_data(players, **SIGNED), "_idempotency_key": form.context["form_key"]}


def test_the_game_page_after_the_end_says_the_game_is_in_the_book(game, players, as_owner):
    response = as_owner.post(
        url(game.campaign, "games/1/finish/"), the_end(as_owner, game, players)
    )
    page = as_owner.get(response["Location"]).content.decode()
    assert "Game 1 is in the book." in page
    assert "Only a game being played can be finished." not in page


def test_the_live_tables_fetch_of_the_end_page_leaves_the_success_to_the_reader(
    game, players, as_owner
):
    response = as_owner.post(
        url(game.campaign, "games/1/finish/"), the_end(as_owner, game, players)
    )
    # The end page's own refresh, after the write, follows to the game saying it is kept...
    refreshed = as_owner.get(url(game.campaign, "games/1/finish/"), follow=True, **LIVE)
    assert "Only a game being played can be finished." not in refreshed.content.decode()
    # ...and the page the reader is sent to still says it, however often it is drawn.
    for _ in range(3):
        page = as_owner.get(response["Location"]).content.decode()
        assert "Game 1 is in the book." in page
        assert "Only a game being played can be finished." not in page


def test_the_same_end_sent_twice_is_recorded_once_and_answered_the_same(game, players, as_owner):
    data = the_end(as_owner, game, players)
    first = as_owner.post(url(game.campaign, "games/1/finish/"), data)
    kept = ended(game.campaign)
    second = as_owner.post(url(game.campaign, "games/1/finish/"), data)
    assert (second.status_code, second["Location"]) == (first.status_code, first["Location"])
    assert ended(game.campaign) == kept == (GameStatus.FINISHED, 1, 2, 1)
    assert "Game 1 is in the book." in as_owner.get(second["Location"]).content.decode()


def test_an_end_sent_again_without_its_key_is_not_refused_nor_recorded_twice(
    game, players, as_owner
):
    as_owner.post(url(game.campaign, "games/1/finish/"), the_end(as_owner, game, players))
    kept = ended(game.campaign)
    again = as_owner.post(
        url(game.campaign, "games/1/finish/"), finish_data(players, **SIGNED), follow=True
    )
    page = again.content.decode()
    assert "Game 1 is in the book." in page
    assert "Only a game being played can be finished." not in page
    assert ended(game.campaign) == kept


def test_each_drawing_of_the_end_form_has_its_own_key(game, as_owner):
    first = as_owner.get(url(game.campaign, "games/1/finish/")).context["form_key"]
    second = as_owner.get(url(game.campaign, "games/1/finish/")).context["form_key"]
    assert first and second and first != second


def test_the_russian_page_says_the_game_is_in_the_book(game, players, as_owner):
    response = as_owner.post(
        url(game.campaign, "games/1/finish/"), the_end(as_owner, game, players)
    )
    page = as_owner.get(response["Location"], HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    with translation.override("ru"):
        said = translation.gettext("Game %(n)s is in the book.") % {"n": 1}
    assert said != "Game 1 is in the book." and said in page


def test_an_amended_end_says_the_game_is_in_the_book(prepared_campaign, as_owner):
    campaign = play(prepared_campaign, 1)
    form = as_owner.get(url(campaign, "games/1/amend/")).context
    data = {
        name: value
        for name, value in form["form"].initial.items()
        if value is not None and not isinstance(value, list)
    }
    data |= {
        "reason": "The slogan was misheard",
        "slogan": "Second thoughts",
        "_idempotency_key": form["form_key"],
    }
    response = as_owner.post(url(campaign, "games/1/amend/"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    again = as_owner.post(url(campaign, "games/1/amend/"), data)
    assert again["Location"] == response["Location"]
    assert AuditEntry.objects.filter(campaign=campaign, action="game-amended").count() == 1
    assert (
        "Game 1 is in the book, as amended." in as_owner.get(response["Location"]).content.decode()
    )
