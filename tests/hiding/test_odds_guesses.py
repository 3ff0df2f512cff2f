"""The odds of a campaign that hides what its packets unlocked: a reader it hides them from
cannot confirm a guessed name of an unlocked faction by asking for its odds."""

from __future__ import annotations

import re

import pytest

from legacy.models import UnlockedFaction
from tests.support.hiding import api_client

pytestmark = pytest.mark.django_db


def odds_for(client, campaign, faction: str):
    address = (
        f"/api/v1/campaigns/{campaign.pk}/odds/"
        f"?territory=egypt&attackers=3&defenders=2&defender_faction={faction}"
    )
    return client.get(address)


def answer(response):
    """The answer with the name asked for taken out of its sentences."""
    error = response.json()["error"]
    words = re.sub(r"faction '[^']*'", "faction NAME", error["message"])
    return response.status_code, error["code"], error.get("rule"), words, sorted(error["fields"])


def test_a_guessed_hidden_faction_is_answered_as_an_unknown_one(hidden, viewer):
    secret = UnlockedFaction.objects.get(campaign=hidden).slug
    client = api_client(viewer)
    guessed = odds_for(client, hidden, secret)
    unknown = odds_for(client, hidden, "no-such-clan")
    assert guessed.status_code == 400
    assert answer(guessed) == answer(unknown)


def test_the_owner_still_gets_the_odds_against_an_unlocked_faction(hidden, owner):
    secret = UnlockedFaction.objects.get(campaign=hidden).slug
    response = odds_for(api_client(owner), hidden, secret)
    assert response.status_code == 200
    assert response.json()["defender_faction"] == secret
