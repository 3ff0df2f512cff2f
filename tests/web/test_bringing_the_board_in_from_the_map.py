"""The board step of bringing a campaign in: a territory tapped on the map opens its own form,
a mark saved from it comes back in place (the territory's marks, the map and the list drawn
again), and the same form works without scripts by posting and redirecting."""

from __future__ import annotations

import pytest

from legacy.models import BonusChange, City, ContinentName, Fortification
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
