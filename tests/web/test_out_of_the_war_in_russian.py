"""A faction out of the war is refused in the reader's language, the entry it may not record
too: "(набор войск)", not "(recruitment)", in the Russian sentence of the API and of the page."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from campaigns.game.entries.registry import ENTRIES
from campaigns.game.table import eliminate_faction
from campaigns.models import EventKind, GameEvent
from legacy.errors import RuleViolation
from legacy.rules.table_rules import not_out
from legacy.wording import said
from tests.support import api, pages

pytestmark = pytest.mark.django_db

RUSSIAN = "Chloe выбывает из этой партии: фракция вне войны ничего не записывает (набор войск)."


def test_an_eliminated_factions_recruitment_is_refused_over_the_api_in_russian(
    game, players, owner
):
    chloe = players["Chloe"].pk
    eliminate_faction(game=game, player=chloe, can_rejoin=False)
    address = f"/api/v1/campaigns/{game.campaign.pk}/games/1/events/recruitment/"
    refused = api.client_for(owner).post(
        address, {"player": chloe, "troops": 35}, "json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    error = api.assert_error(refused, 409, "conflict", rule="out-of-the-war")
    assert error["message"] == RUSSIAN
    assert not GameEvent.objects.filter(kind=EventKind.RECRUITMENT).exists()


def test_an_eliminated_factions_recruitment_is_refused_on_the_page_in_russian(game, players, owner):
    chloe = players["Chloe"].pk
    eliminate_faction(game=game, player=chloe, can_rejoin=False)
    response = pages.client_for(owner, "ru").post(
        pages.url(game.campaign, "games/1/log/recruitment/"),
        {"recruitment-player": chloe, "recruitment-troops": 35},
    )
    assert response.status_code == 200 and RUSSIAN in response.content.decode()
    assert not GameEvent.objects.filter(kind=EventKind.RECRUITMENT).exists()


@pytest.mark.parametrize("kind", [k for k, e in ENTRIES.items() if e.what])
def test_every_entry_a_faction_out_of_the_war_may_not_record_is_named_in_russian(kind):
    what = ENTRIES[kind].what
    with pytest.raises(RuleViolation) as refused:
        not_out("Chloe", out=True, out_for_good=False, what=what)
    with translation.override("ru"):
        sentence = said(refused.value)
    named = re.search(r"\((.+)\)\.$", sentence).group(1)
    assert named != what and re.fullmatch(r"[А-Яа-яЁё ]+", named)
