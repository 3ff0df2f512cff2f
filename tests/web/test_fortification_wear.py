"""The game page's quick log marks a fortification box, and the odds calculator stops counting
a worn-out fortification."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns.game.territory_entries import attack_fortification
from legacy.selectors import world_as_of
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def test_the_quick_log_marks_a_box_of_the_fortified_city_attacked(game, cairo, players, as_owner):
    response = as_owner.post(
        url(game.campaign, "games/1/log/fort-attacked/"),
        {"fortattacked-territory": "egypt", "fortattacked-player": str(players["Boris"].pk)},
    )
    assert response.status_code == 302
    assert world_as_of(game.campaign_id).territories["egypt"].city.boxes_used == 1
    events = [e.text for e in as_owner.get(url(game.campaign, "games/1/")).context["shown_events"]]
    assert events == ["Egypt attacked with 3 troops: box 1 of 10 marked — Boris"]


def test_the_quick_log_refuses_an_attack_on_a_worn_out_fortification(game, cairo, as_owner):
    for _ in range(10):
        attack_fortification(game=game, territory="egypt")
    page = as_owner.get(url(game.campaign, "games/1/"))
    response = as_owner.post(
        url(game.campaign, "games/1/log/fort-attacked/"), {"fortattacked-territory": "egypt"}
    )
    assert page.status_code == 200 and response.status_code == 200
    assert "no working fortification" in response.content.decode()
    assert game.events.count() == 10


def test_the_game_page_offers_no_attack_when_no_city_is_fortified(game, as_owner):
    page = as_owner.get(url(game.campaign, "games/1/"))
    assert "fort-attacked" not in {entry["kind"] for entry in page.context["log_forms"]}


def test_taking_the_attack_back_on_the_page_gives_the_box_back(game, cairo, as_owner):
    entry = attack_fortification(game=game, territory="egypt").event
    response = as_owner.post(
        url(game.campaign, f"games/1/entries/{entry.seq}/void/"), {"reason": "Two troops only"}
    )
    assert response.status_code == 302
    assert world_as_of(game.campaign_id).territories["egypt"].city.boxes_used == 0


def test_the_odds_calculator_counts_the_boxes_left(game, cairo, as_viewer):
    for _ in range(3):
        attack_fortification(game=game, territory="egypt")
    form = as_viewer.get(url(game.campaign, "tools/odds/"), {"territory": "egypt"}).context["form"]
    assert form["fortified"].value() is True and form["fortification_boxes"].value() == 7


def test_the_odds_calculator_stops_counting_a_worn_out_fortification(game, cairo, as_viewer):
    for _ in range(10):
        attack_fortification(game=game, territory="egypt")
    form = as_viewer.get(url(game.campaign, "tools/odds/"), {"territory": "egypt"}).context["form"]
    assert form["fortified"].value() is False


def test_the_attack_entry_reads_in_russian(game, cairo, players, as_owner):
    attack_fortification(game=game, territory="egypt", player=players["Ada"].pk)
    with translation.override("ru"):
        from campaigns.game.event_words import EventWords, event_text

        event = game.events.select_related("seat__player").get()
        text = event_text(event, EventWords(game.campaign_id, True))
    assert text == "Египет: атака тремя армиями, отмечена клетка 1 из 10 — Ada"


def test_a_worn_out_fortification_is_neither_offered_nor_called_fortified(game, cairo, as_owner):
    for _ in range(10):
        attack_fortification(game=game, territory="egypt")
    page = as_owner.get(url(game.campaign, "games/1/"))
    assert "fort-attacked" not in {entry["kind"] for entry in page.context["log_forms"]}
    drawn = page.content.decode()
    assert "its fortification worn out" in drawn
    assert "Cairo, fortified" not in drawn
