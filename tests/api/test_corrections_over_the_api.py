"""Over the API a correction is seen in full: the audit gives each changed field before and
after, and a reward gives where its mark is now, with the mark and its corrections."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import services
from legacy.models import City, DestroyedCard
from tests.support.api import client_for
from tests.support.games import play_games

pytestmark = pytest.mark.django_db


def move_cairo(campaign, by) -> City:
    city = City.objects.get(campaign=campaign, name="Cairo", voided=False)
    services.correct_mark(
        campaign=campaign,
        model=City,
        mark_id=city.pk,
        changes={"territory": "peru"},
        reason="Wrong territory",
        by=by,
    )
    return city


@pytest.fixture
def moved(history, owner):
    """Game 1 founded Cairo in Egypt; the table meant Peru."""
    return history, move_cairo(history, owner)


def test_a_corrected_citys_reward_gives_its_new_territory_its_mark_and_the_correction(moved, owner):
    campaign, city = moved
    game = client_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/games/1/").json()
    (reward,) = [r for r in game["rewards"] if r["kind"] == "major-city"]
    target = reward["target"]
    assert (target["territory"], target["name"]) == ("peru", "Cairo")
    assert target["mark"] == {"type": "cities", "id": city.pk}
    (correction,) = target["corrections"]
    assert correction["changes"] == [{"field": "territory", "before": "egypt", "after": "peru"}]
    assert reward["details"]["territory"] == "egypt"  # what was recorded when it was given


def test_the_audit_gives_a_corrections_before_and_after(moved, owner):
    campaign, city = moved
    audit = client_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/audit/").json()
    (entry,) = [e for e in audit["results"] if e["action"] == "mark-corrected"]
    assert entry["correction"]["mark_type"] == "cities"
    assert entry["correction"]["mark_id"] == city.pk
    assert entry["correction"]["changes"] == [
        {"field": "territory", "before": "egypt", "after": "peru"}
    ]
    assert all(e["correction"] is None for e in audit["results"] if e is not entry)


def test_the_game_and_audit_cost_the_same_with_corrections_after_more_games(crew, players, owner):
    campaign = crew
    play_games(campaign, players, owner, 1)
    card = DestroyedCard.objects.get(campaign=campaign, placed_in_game=1)
    services.correct_mark(
        campaign=campaign,
        model=DestroyedCard,
        mark_id=card.pk,
        changes={"territory": "peru"},
        reason="Wrong card",
        by=owner,
    )
    client = client_for(owner)

    def queries(path):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/api/v1/campaigns/{campaign.pk}/{path}").status_code == 200
        return len(captured)

    before = [queries("games/1/"), queries("audit/")]
    play_games(campaign, players, owner, 3)
    assert [queries("games/1/"), queries("audit/")] == before
