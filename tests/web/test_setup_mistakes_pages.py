"""Mistakes at setup, from the pages: "Cancel this game" with a reason while nothing is entered,
and a "fix" link per seat leading to a form checked as setup is."""

from __future__ import annotations

import pytest

from campaigns.audit_words import audit_text
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import record_recruitment
from campaigns.models import AuditEntry, Game, Seat
from campaigns.selectors.cards import faction_card_backs
from tests.support.games import seats

pytestmark = pytest.mark.django_db


@pytest.fixture
def set_up(prepared_campaign, players):
    return setup_game(campaign=prepared_campaign, seats=seats(players))


def page(campaign, game) -> str:
    return f"/c/{campaign.pk}/games/{game.number}/"


def fix_data(seat, **changes) -> dict:
    data = {"player": seat.player_id, "faction": seat.faction, "hq": seat.hq, "reason": ""}
    return {**data, **changes}


def test_the_game_page_offers_to_cancel_a_set_up_game_and_to_fix_each_seat(
    prepared_campaign, set_up, players, as_owner
):
    html = as_owner.get(page(prepared_campaign, set_up)).content.decode()
    assert "Cancel this game" in html
    assert f"games/1/seats/{players['Boris'].pk}/fix/" in html


def test_cancelling_from_the_page_asks_a_reason_and_frees_the_number(
    prepared_campaign, set_up, as_owner, owner
):
    url = page(prepared_campaign, set_up) + "cancel/"
    assert "Yes, cancel this game" in as_owner.get(url).content.decode()
    refused = as_owner.post(url, {"reason": ""})
    assert refused.status_code == 200 and Game.objects.filter(pk=set_up.pk).exists()
    done = as_owner.post(url, {"reason": "Set up for the wrong evening."})
    assert done.status_code == 302
    assert not Game.objects.filter(campaign=prepared_campaign).exists()
    entry = AuditEntry.objects.get(action="game-cancelled")
    assert entry.user == owner and "wrong evening" in audit_text(entry)
    audit = as_owner.get(f"/c/{prepared_campaign.pk}/audit/").content.decode()
    assert "Game cancelled" in audit
    assert "Game 1 (set up with 3 players) cancelled" in audit


def test_a_game_with_an_entry_offers_no_cancel_and_refuses_one(
    prepared_campaign, set_up, players, as_owner
):
    start_game(game=set_up)
    record_recruitment(game=set_up, player=players["Ada"].pk, troops=30)
    assert "Cancel this game" not in as_owner.get(page(prepared_campaign, set_up)).content.decode()
    as_owner.post(page(prepared_campaign, set_up) + "cancel/", {"reason": "Oops."})
    assert Game.objects.filter(pk=set_up.pk).exists()


def test_a_mistyped_hq_is_fixed_on_the_page_and_an_illegal_one_is_a_form_error(
    prepared_campaign, set_up, players, as_owner
):
    boris = Seat.objects.get(game=set_up, player=players["Boris"])
    url = page(prepared_campaign, set_up) + f"seats/{boris.player_id}/fix/"
    refused = as_owner.post(url, fix_data(boris, hq="egypt"))
    assert refused.status_code == 200
    assert "cannot start there" in refused.content.decode()
    assert Seat.objects.get(pk=boris.pk).hq == "japan"
    assert as_owner.post(url, fix_data(boris, hq="china")).status_code == 302
    assert Seat.objects.get(pk=boris.pk).hq == "china"


def test_after_an_entry_the_seat_form_needs_a_reason_and_the_card_back_follows(
    prepared_campaign, set_up, players, as_owner
):
    start_game(game=set_up)
    record_recruitment(game=set_up, player=players["Ada"].pk, troops=30)
    ada = Seat.objects.get(game=set_up, player=players["Ada"])
    url = page(prepared_campaign, set_up) + f"seats/{ada.player_id}/fix/"
    assert as_owner.post(url, fix_data(ada, faction="saharan-republic")).status_code == 200
    assert Seat.objects.get(pk=ada.pk).faction == "khan-industries"
    done = as_owner.post(url, fix_data(ada, faction="saharan-republic", reason="Wrong box ticked."))
    assert done.status_code == 302
    assert faction_card_backs(prepared_campaign.pk)["saharan-republic"][0]["player"] == "Ada"
    audit = as_owner.get(f"/c/{prepared_campaign.pk}/audit/").content.decode()
    assert "Seat corrected" in audit and "Wrong box ticked." in audit


def test_viewers_see_no_fix_links_and_cannot_fix(prepared_campaign, set_up, players, as_viewer):
    assert "/fix/" not in as_viewer.get(page(prepared_campaign, set_up)).content.decode()
    url = page(prepared_campaign, set_up) + f"seats/{players['Ada'].pk}/fix/"
    assert as_viewer.post(url, {"hq": "china"}).status_code == 403
    assert (
        as_viewer.post(page(prepared_campaign, set_up) + "cancel/", {"reason": "x"}).status_code
        == 403
    )
