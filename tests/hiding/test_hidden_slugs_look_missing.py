"""A lookup by a hidden territory's slug answers as for a territory nobody made: asking for
"quillowmere" tells a share-link reader nothing about what a packet added to the board."""

from __future__ import annotations

import re

import pytest

from legacy.models import City, CityKind
from tests.support.hiding import api_client, page_client

pytestmark = pytest.mark.django_db

CSRF = re.compile(r"[A-Za-z0-9]{64}")  # a CSRF token, different on every answer

ADDED = "quillowmere"  # added by a packet in game 2 of the hiding campaign
NOWHERE = "brightwater"  # no territory of any board


def answer(client, address: str):
    response = client.get(address, follow=True)
    page = response.content.decode().replace(NOWHERE, ADDED)
    return response.status_code, CSRF.sub("csrf", page)


def both(client, address: str):
    """What ``address`` answers with the added territory and with one nobody made."""
    return answer(client, address.format(ADDED)), answer(client, address.format(NOWHERE))


def test_the_odds_of_a_hidden_territory_answer_as_for_one_that_does_not_exist(hidden):
    share = hidden.share_token
    address = f"/api/v1/campaigns/{hidden.pk}/odds/?territory={{}}&attackers=3&defenders=2"
    added, missing = both(api_client(), address + f"&share={share}")
    assert added == missing
    assert added[0] == 400 and '"no-such-territory"' in added[1]


def test_an_editor_still_reads_the_odds_of_the_added_territory(hidden, editor):
    address = f"/api/v1/campaigns/{hidden.pk}/odds/?territory={ADDED}&attackers=3&defenders=2"
    assert api_client(editor).get(address).status_code == 200


def test_a_hidden_territorys_page_is_a_page_that_does_not_exist(hidden, editor):
    share = hidden.share_token
    added, missing = both(page_client(), f"/c/{hidden.pk}/territories/{{}}/?share={share}")
    assert added == missing and added[0] == 404
    assert page_client(editor).get(f"/c/{hidden.pk}/territories/{ADDED}/").status_code == 200


def test_the_odds_page_ignores_a_hidden_territory_as_one_that_does_not_exist(hidden):
    share = hidden.share_token
    address = f"/c/{hidden.pk}/tools/odds/?territory={{}}&share={share}"
    added, missing = both(page_client(), address)
    assert added == missing and added[0] == 200


@pytest.mark.parametrize("question", ["recruitment/?controlled={}", "legal-starts/?hqs={}"])
def test_a_list_of_territories_naming_a_hidden_one_is_refused_as_one_naming_none(hidden, question):
    address = f"/api/v1/campaigns/{hidden.pk}/{question}&share={hidden.share_token}"
    added, missing = both(api_client(), address)
    assert added == missing and added[0] == 400


@pytest.mark.parametrize(
    "question",
    ["recruitment/?player=&controlled={}", "starts/?player=&hqs={}", "starts/?occupied={}"],
)
def test_a_calculator_page_leaves_out_a_hidden_territory_as_one_that_does_not_exist(
    hidden, question
):
    address = f"/c/{hidden.pk}/tools/{question}&share={hidden.share_token}"
    added, missing = both(page_client(), address)
    assert added == missing and added[0] == 200
    assert "=unlocked-territory" not in added[1]  # left out of the address


def test_an_editor_still_counts_the_added_territory_in_the_recruitment_page(hidden, editor):
    address = f"/c/{hidden.pk}/tools/recruitment/?player=&controlled={ADDED}"
    response = page_client(editor).get(address)
    assert response.status_code == 200 and "errorlist" not in response.content.decode()
    assert response.context["result"]["territories"] == 1


def test_the_marks_filtered_by_a_hidden_territory_are_those_of_one_that_does_not_exist(
    hidden, editor
):
    City.objects.create(
        campaign=hidden, placed_in_game=2, territory=ADDED, kind=CityKind.MINOR, name="Quill"
    )
    address = f"/api/v1/campaigns/{hidden.pk}/marks/cities/?territory={{}}"
    added, missing = both(api_client(), address + f"&share={hidden.share_token}")
    assert added == missing and added[0] == 200
    seen = api_client(editor).get(address.format(ADDED)).json()
    assert [m["details"]["territory"] for m in seen["results"]] == [ADDED]
