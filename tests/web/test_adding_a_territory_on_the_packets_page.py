"""On the packets page a writer enters the territory a packet added; a refusal is a form error in
the reader's language, and a viewer has no form."""

from __future__ import annotations

import pytest

from campaigns.models import Membership, Role
from legacy.selectors import world_as_of
from tests.support.games import play
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db


def form(**change) -> dict:
    data = {
        "board-name": "Atlantis",
        "board-continent": "africa",
        "board-connections": ["brazil", "north-africa"],
        "board-coins": "2",
        "board-game": "2",
        "board-x": "40",
        "board-y": "60",
    }
    return {**data, **change}


@pytest.fixture
def two_games(prepared_campaign):
    return play(prepared_campaign, 2)


def test_a_writer_adds_a_territory_and_the_page_lists_it(two_games, owner):
    client = client_for(owner)
    sent = client.post(url(two_games, "packets/territories/"), form())
    assert sent.status_code == 302
    atlantis = world_as_of(two_games.pk).board.territory_by_slug["atlantis"]
    assert (atlantis.added_in, atlantis.coins, atlantis.position) == (2, 2, (0.4, 0.6))
    page = client.get(url(two_games, "packets/")).content.decode()
    assert "Atlantis" in page and "added in game 2" in page


def test_a_taken_name_is_refused_in_russian_and_nothing_is_written(two_games, owner):
    client = client_for(owner, "ru")
    sent = client.post(url(two_games, "packets/territories/"), form(**{"board-name": "Peru"}))
    assert sent.status_code == 200  # the form again, with its refusal
    assert "На поле уже есть территория с таким названием." in sent.content.decode()
    assert len(world_as_of(two_games.pk).territories) == 42


def test_a_viewer_sees_no_form_and_may_not_post(two_games, django_user_model):
    vic = django_user_model.objects.create_user(username="vic2", password="pw-vic-123")
    Membership.objects.create(campaign=two_games, user=vic, role=Role.VIEWER)
    client = client_for(vic)
    assert "board-name" not in client.get(url(two_games, "packets/")).content.decode()
    assert client.post(url(two_games, "packets/territories/"), form()).status_code == 403
    assert len(world_as_of(two_games.pk).territories) == 42


def test_the_troops_calculator_offers_the_added_territory_and_counts_it_in_its_continent(
    two_games, owner
):
    client = client_for(owner)
    client.post(url(two_games, "packets/territories/"), form())
    africa = [
        "north-africa",
        "egypt",
        "east-africa",
        "central-africa",
        "south-africa",
        "madagascar",
    ]
    query = "&".join(f"controlled={t}" for t in africa)
    without = client.get(url(two_games, f"tools/recruitment/?{query}")).context["result"]
    whole = client.get(url(two_games, f"tools/recruitment/?{query}&controlled=atlantis"))
    assert 'value="atlantis"' in whole.content.decode()
    assert without["continents"] == []
    assert [name for name, _ in whole.context["result"]["continents"]] == ["Africa"]


def test_the_added_territory_has_its_page_and_is_offered_by_the_starts_calculator(two_games, owner):
    client = client_for(owner)
    client.post(url(two_games, "packets/territories/"), form())
    page = client.get(url(two_games, "territories/atlantis/"))
    assert page.status_code == 200
    assert page.context["name"] == "Atlantis"
    assert [slug for _, slug in page.context["neighbors"]] == ["brazil", "north-africa"]
    starts = client.get(url(two_games, "tools/starts/"))
    assert ("Atlantis", "atlantis") in starts.context["legal"]
    assert client.get(url(two_games, "territories/mu/")).status_code == 404


def test_the_next_games_wizard_and_the_starts_calculator_offer_the_added_territory(
    two_games, owner
):
    client = client_for(owner)
    assert client.post(url(two_games, "packets/territories/"), form()).status_code == 302
    wizard = client.get(url(two_games, "games/new/")).content.decode()
    assert '<option value="atlantis">Atlantis</option>' in wizard
    starts = client.get(url(two_games, "tools/starts/")).content.decode()
    assert '<option value="atlantis">Atlantis</option>' in starts
    recruit = client.get(url(two_games, "tools/recruitment/")).content.decode()
    assert 'value="atlantis"' in recruit
