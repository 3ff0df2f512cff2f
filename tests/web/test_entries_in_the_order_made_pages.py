"""The page and the API take when an entry was made (``made_at``): the game page lists the log in
that order, a late winning entry is said on the page, and a time from the future is refused
with a clear message in both doors, writing nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.models import EventKind, GameEvent
from tests.support.api import assert_error
from tests.support.api import client_for as api_client_for
from tests.support.late_entries import a_late_win_awaits
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def made(game, seconds: int) -> str:
    return (game.started_at + timedelta(seconds=seconds)).isoformat()


def test_the_quick_log_keeps_when_the_entry_was_made(game, players, as_owner):
    as_owner.post(
        url(game.campaign, "games/1/log/red-star/"),
        {"redstar-player": players["Ada"].pk, "made_at": made(game, 5)},
    )
    event = GameEvent.objects.get(game=game)
    assert event.made_at == game.started_at + timedelta(seconds=5)


def test_the_game_page_lists_the_entries_in_the_order_made(game, players, as_owner):
    log = url(game.campaign, "games/1/log/red-star/")
    for name, seconds in (("Ada", 1), ("Chloe", 3), ("Boris", 2)):
        as_owner.post(log, {"redstar-player": players[name].pk, "made_at": made(game, seconds)})
    events = as_owner.get(url(game.campaign, "games/1/")).context["shown_events"]
    assert [e.seat.player.name for e in events] == ["Ada", "Boris", "Chloe"]


def test_the_quick_log_refuses_an_entry_from_the_future_and_writes_nothing(game, players, as_owner):
    future = (timezone.now() + timedelta(hours=1)).isoformat()
    response = as_owner.post(
        url(game.campaign, "games/1/log/red-star/"),
        {"redstar-player": players["Ada"].pk, "made_at": future},
    )
    assert response.status_code == 200
    assert "check the phone&#x27;s clock" in response.content.decode()
    assert not GameEvent.objects.filter(game=game).exists()


def test_the_api_takes_made_at_on_an_entry_and_refuses_one_from_the_future(game, players, owner):
    api = api_client_for(owner)
    base = f"/api/v1/campaigns/{game.campaign_id}/games/1/events/"
    sent = api.post(
        base + "red-star/", {"player": players["Ada"].pk, "made_at": made(game, 7)}, "json"
    )
    assert sent.status_code == 201, sent.json()
    assert sent.json()["event"]["made_at"].startswith(made(game, 7)[:19])
    future = (timezone.now() + timedelta(hours=1)).isoformat()
    refused = api.post(
        base + "red-star/", {"player": players["Boris"].pk, "made_at": future}, "json"
    )
    assert_error(refused, 400, "rule", rule="made-in-the-future")
    assert GameEvent.objects.filter(game=game).count() == 1


def test_an_elimination_sent_with_made_at_is_checked_and_recorded(game, players, owner):
    # The elimination's own check across its flags reads the parameters, not made_at.
    api = api_client_for(owner)
    base = f"/api/v1/campaigns/{game.campaign_id}/games/1/events/elimination/"
    both = {"player": players["Ada"].pk, "can_rejoin": True, "no_legal_start": True}
    refused = api.post(base, {**both, "made_at": made(game, 3)}, "json")
    assert refused.status_code == 400 and refused.json()["error"]["rule"]
    sent = api.post(base, {"player": players["Ada"].pk, "made_at": made(game, 4)}, "json")
    assert sent.status_code == 201, sent.json()
    assert GameEvent.objects.filter(game=game, kind=EventKind.ELIMINATED).count() == 1


def test_a_late_entry_that_would_win_before_entries_sent_meanwhile_awaits_the_table(
    game, players, as_owner
):
    won, later = a_late_win_awaits(game, players)
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    n, m = won.seq, later.seq
    assert f"Entry {n} arrived late and awaits the table&#x27;s confirmation" in page
    assert f"It would make the winner Ada (entry {n}), before entries {m}." in page
    assert f"Entry {m} could no longer be made: confirming takes it back." in page
    assert f"Confirm entry {n}" in page and f"Take entry {n} back" in page
    assert "has 4 red stars" not in page  # not applied until the table confirms it

    confirmed = as_owner.post(url(game.campaign, f"games/1/entries/{n}/confirm/"))
    assert confirmed.status_code == 302
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert f"Entry {n} is confirmed: it takes its place in the log." in page
    assert f"Ada has 4 red stars (entry {n})" in page
    assert GameEvent.objects.get(game=game, seq=m).voided


def test_a_late_entry_confirmed_twice_from_the_page_is_refused_in_words(game, players, as_owner):
    won, _later = a_late_win_awaits(game, players)
    address = url(game.campaign, f"games/1/entries/{won.seq}/confirm/")
    as_owner.post(address)
    again = as_owner.post(address, follow=True)
    assert again.status_code == 200
    assert f"Entry {won.seq} awaits no confirmation" in again.content.decode()
    assert GameEvent.objects.filter(game=game, voided=True).count() == 1


def test_a_late_entry_is_offered_for_confirmation_in_russian(game, players, as_owner):
    a_late_win_awaits(game, players)
    page = as_owner.get(url(game.campaign, "games/1/"), HTTP_ACCEPT_LANGUAGE="ru")
    text = page.content.decode()
    assert "Запись 3 пришла с опозданием" in text
    assert "Победитель: Ada (запись 3), раньше записей 2." in text
