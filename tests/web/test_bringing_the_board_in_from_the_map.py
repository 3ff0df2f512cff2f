"""The board step of bringing a campaign in: a territory tapped on the map opens its own form,
a mark saved from it comes back in place (the territory's marks, the map and the list drawn
again), and the same form works without scripts by posting and redirecting."""

from __future__ import annotations

import pytest

from legacy.models import (
    AddedConnection,
    AddedTerritory,
    BonusChange,
    City,
    ContinentName,
    Fortification,
)
from tests.support.bringing_in import to_bring_in, with_winners
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db

IN_PLACE = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def browser(owner):
    return client_for(owner)


@pytest.fixture
def brought(owner):
    return with_winners(to_bring_in(owner, 3), owner, 3)


def minor_city(name: str, territory: str = "egypt", game: str = "2") -> dict:
    return {
        "step": "mark",
        "mark-territory": territory,
        "mark-kind": "minor-city",
        "mark-game": game,
        "mark-name": name,
    }


def test_a_territory_tapped_on_the_map_answers_with_its_form_alone(browser, brought):
    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert f'href="/c/{brought.pk}/bring-in/?territory=egypt#mark"' in page

    answer = browser.get(url(brought, "bring-in/?territory=egypt"), **IN_PLACE)

    text = answer.content.decode()
    assert answer.status_code == 200 and "<h1" not in text
    assert "Egypt" in text and 'value="egypt"' in text and 'name="mark-kind"' in text


def test_a_mark_saved_in_place_comes_back_with_the_map_and_the_list_drawn_again(browser, brought):
    answer = browser.post(url(brought, "bring-in/"), minor_city("Giza"), **IN_PLACE)

    text = answer.content.decode()
    assert answer.status_code == 200 and "<h1" not in text
    assert City.objects.get(campaign=brought).name == "Giza"
    assert "Brought in." in text
    assert 'data-board-update="bring-in-board"' in text and "Giza" in text
    assert 'id="brought-marks" hx-swap-oob="true"' in text


def test_the_next_mark_starts_in_the_game_of_the_last_one(browser, brought):
    browser.post(url(brought, "bring-in/"), minor_city("Giza", game="3"), **IN_PLACE)

    answer = browser.get(url(brought, "bring-in/?territory=peru"), **IN_PLACE)

    assert answer.context["forms"]["mark"]["game"].value() == "3"


def test_without_scripts_a_mark_is_posted_then_the_page_opens_at_its_territory(browser, brought):
    answer = browser.post(url(brought, "bring-in/"), minor_city("Giza"))

    assert answer.status_code == 302
    assert answer["Location"] == f"/c/{brought.pk}/bring-in/?territory=egypt#mark"
    page = browser.get(answer["Location"]).content.decode()
    assert "Giza" in page[page.index('id="territory-slot"') :]


def test_a_second_city_on_a_territory_is_refused_on_its_form_and_nothing_is_kept(browser, brought):
    browser.post(url(brought, "bring-in/"), minor_city("Giza"), **IN_PLACE)

    answer = browser.post(url(brought, "bring-in/"), minor_city("Luxor"), **IN_PLACE)

    assert answer.status_code == 200
    assert "Egypt already has a city" in answer.content.decode()
    assert list(City.objects.values_list("name", flat=True)) == ["Giza"]


def test_a_fortification_is_brought_in_with_its_marked_boxes(browser, brought):
    browser.post(url(brought, "bring-in/"), minor_city("Giza"), **IN_PLACE)
    fortify = {
        "step": "mark",
        "mark-territory": "egypt",
        "mark-kind": "fortification",
        "mark-game": "3",
        "mark-boxes": "4",
    }

    answer = browser.post(url(brought, "bring-in/"), fortify, **IN_PLACE)

    assert Fortification.objects.get().boxes_used == 4
    assert "4 of 10 boxes marked" in answer.content.decode()


def test_a_continent_named_with_its_bonus_changed_is_two_marks_from_one_form(browser, brought):
    continent = {
        "step": "continent",
        "continent-continent": "africa",
        "continent-game": "1",
        "continent-name": "Ada's Land",
        "continent-player": "Ada",
        "continent-delta": "1",
    }

    answer = browser.post(url(brought, "bring-in/"), continent, **IN_PLACE)

    assert answer.status_code == 200
    named = ContinentName.objects.get()
    assert (named.name, named.placed_by.name) == ("Ada's Land", "Ada")
    assert BonusChange.objects.get().delta == 1


def test_a_continent_without_a_name_or_a_bonus_change_is_refused(browser, brought):
    continent = {"step": "continent", "continent-continent": "africa", "continent-game": "1"}

    answer = browser.post(url(brought, "bring-in/"), continent, **IN_PLACE)

    assert "its bonus change, or both" in answer.content.decode()
    assert not ContinentName.objects.exists() and not BonusChange.objects.exists()


def test_a_mark_sent_twice_with_its_forms_key_is_recorded_once(browser, brought):
    sent = minor_city("Giza") | {"_idempotency_key": "a-key-of-the-form-1"}

    first = browser.post(url(brought, "bring-in/"), sent, **IN_PLACE)
    again = browser.post(url(brought, "bring-in/"), sent, **IN_PLACE)

    assert again.status_code == first.status_code == 200
    assert City.objects.count() == 1


def test_a_mark_taken_out_from_its_territory_leaves_the_map_at_once(browser, brought):
    browser.post(url(brought, "bring-in/"), minor_city("Giza"), **IN_PLACE)
    city = City.objects.get()
    take_out = {"step": "take-out", "type": "cities", "mark": city.pk, "territory": "egypt"}

    answer = browser.post(url(brought, "bring-in/"), take_out, **IN_PLACE)

    assert not City.objects.exists()
    assert "Nothing brought in on this territory yet" in answer.content.decode()


def test_the_board_step_speaks_russian(owner, brought):
    russian = client_for(owner, "ru")

    answer = russian.get(url(brought, "bring-in/?territory=egypt"), **IN_PLACE)

    text = answer.content.decode()
    assert "Египет" in text and "Сохранить отметку" in text


def test_a_mark_saved_in_place_costs_the_same_queries_with_one_mark_in_as_with_eight(
    browser, brought
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    towns = ["peru", "japan", "china", "india", "brazil", "ontario", "scandinavia"]
    costs = []
    for n, territory in enumerate(["egypt", *towns]):
        with CaptureQueriesContext(connection) as queries:
            answer = browser.post(
                url(brought, "bring-in/"), minor_city(f"Town {n}", territory), **IN_PLACE
            )
        assert "Brought in." in answer.content.decode()
        costs.append(len(queries))
    assert costs[1] == costs[-1], costs


def capitals_allowed(campaign, owner) -> None:
    """Pack 1 brought in as opened in game 2, World Capitals among what it unlocked."""
    from campaigns.bring_in import bring_in
    from campaigns.game.packets import open_packet

    bring_in(campaign=campaign, packets=[{"packet": "pack-1", "game": 2}], by=owner)
    capitals = {"kind": "world-capital", "title": "World Capitals"}
    open_packet(campaign=campaign, packet="pack-1", unlocked=[capitals], by=owner)


def capital(name: str, territory: str = "egypt") -> dict:
    return {
        "step": "mark",
        "mark-territory": territory,
        "mark-kind": "world-capital",
        "mark-game": "3",
        "mark-name": name,
        "mark-player": "Chloe",
    }


def test_a_world_capital_is_offered_on_a_territory_once_a_packet_allowed_them(
    browser, brought, owner
):
    tapped = browser.get(url(brought, "bring-in/?territory=egypt"), **IN_PLACE).content.decode()
    assert 'value="world-capital"' not in tapped
    capitals_allowed(brought, owner)

    answer = browser.post(url(brought, "bring-in/"), capital("Cairo"), **IN_PLACE)

    city = City.objects.get(campaign=brought)
    assert (city.kind, city.name, city.placed_in_game) == ("capital", "Cairo", 3)
    assert city.placed_by.name == "Chloe" and city.brought_in == "known"
    assert "Cairo" in answer.content.decode()
    board = browser.get(url(brought)).content.decode()
    assert "Cairo" in board


def test_a_second_world_capital_past_the_allowance_is_refused_on_its_form(browser, brought, owner):
    capitals_allowed(brought, owner)
    browser.post(url(brought, "bring-in/"), capital("Cairo"), **IN_PLACE)

    answer = browser.post(url(brought, "bring-in/"), capital("Lima", "peru"), **IN_PLACE)

    assert answer.status_code == 200 and "World Capital" in answer.content.decode()
    assert list(City.objects.values_list("name", flat=True)) == ["Cairo"]


def oasis(**more) -> dict:
    return {
        "step": "added-territory",
        "added-name": "Oasis",
        "added-continent": "africa",
        "added-connections": ["egypt", "north-africa"],
        "added-coins": "2",
        "added-game": "2",
    } | more


def test_a_territory_a_packet_added_is_saved_in_place_and_drawn_on_the_map(browser, brought):
    answer = browser.post(url(brought, "bring-in/"), oasis(), **IN_PLACE)

    text = answer.content.decode()
    assert answer.status_code == 200 and "<h1" not in text
    added = AddedTerritory.objects.get(campaign=brought)
    assert (added.slug, added.coins, added.placed_in_game, added.brought_in) == (
        "oasis",
        2,
        2,
        "known",
    )
    drawn = text[text.index('data-board-update="bring-in-board"') : text.index("</template>")]
    assert "oasis" in drawn
    joined = AddedConnection.objects.filter(campaign=brought)
    assert {(c.a, c.b) for c in joined} == {("egypt", "oasis"), ("north-africa", "oasis")}


def test_a_territory_joined_to_nothing_is_refused_beside_its_connections(browser, brought):
    answer = browser.post(url(brought, "bring-in/"), oasis(**{"added-connections": []}), **IN_PLACE)

    assert answer.status_code == 200
    assert answer.context["forms"]["added_territory"].errors["connections"]
    assert not AddedTerritory.objects.exists()


def test_a_connection_a_packet_added_is_saved_with_its_game_not_known(browser, brought):
    bridge = {
        "step": "added-connection",
        "connection-a": "egypt",
        "connection-b": "brazil",
        "connection-game": "unknown",
    }

    answer = browser.post(url(brought, "bring-in/"), bridge, **IN_PLACE)

    assert answer.status_code == 200 and "Brought in." in answer.content.decode()
    joined = AddedConnection.objects.get(campaign=brought)
    assert (joined.a, joined.b, joined.placed_in_game, joined.brought_in) == (
        "brazil",
        "egypt",
        3,
        "unknown",
    )


def test_a_connection_printed_on_the_board_is_refused_beside_its_end(browser, brought):
    printed = {
        "step": "added-connection",
        "connection-a": "egypt",
        "connection-b": "middle-east",
        "connection-game": "2",
    }

    answer = browser.post(url(brought, "bring-in/"), printed, **IN_PLACE)

    assert answer.context["forms"]["added_connection"].errors["b"]
    assert not AddedConnection.objects.exists()


def chooser(text: str) -> str:
    """The list "Or choose a territory" an answer carries, out of band."""
    start = text.index('<div id="territory-choice" hx-swap-oob="true">')
    return text[start : text.index("</form>", start)]


def test_a_territory_a_packet_added_is_offered_in_the_list_as_soon_as_it_is_saved(browser, brought):
    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert 'id="territory-choice"' in page and '<option value="oasis"' not in page

    answer = browser.post(url(brought, "bring-in/"), oasis(), **IN_PLACE)

    listed = chooser(answer.content.decode())
    assert '<option value="oasis">Oasis</option>' in listed
    assert '<option value="egypt">' in listed


def test_a_territory_taken_out_leaves_the_list_at_once(browser, brought):
    browser.post(url(brought, "bring-in/"), oasis(), **IN_PLACE)
    added = AddedTerritory.objects.get(campaign=brought)
    take_out = {"step": "take-out", "type": "added-territories", "mark": added.pk}

    answer = browser.post(url(brought, "bring-in/"), take_out, **IN_PLACE)

    assert not AddedTerritory.objects.exists()
    assert 'value="oasis"' not in chooser(answer.content.decode())
