"""A scar type has a colour, chosen from a list worded in both languages and stored as its
code: a yellow scar is a faction card's, told apart from a territory's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.game.packets import open_packet
from legacy.errors import RuleViolation
from legacy.models import ScarColour, ScarKind
from tests.support.api import client_for
from tests.support.games import EARNED_ANOTHER_WAY, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(prepared_campaign):
    play(prepared_campaign, 1)
    return prepared_campaign


def unlock(campaign, owner, **scar):
    open_packet(
        campaign=campaign,
        packet="pack-1",
        unlocked=[{"kind": "scar-type", "title": "Rust", "cards": 2, **scar}],
        earned_otherwise=EARNED_ANOTHER_WAY,  # one game played: the ninth minor city is not
        by=owner,
    )
    return ScarKind.objects.get(campaign=campaign, slug="rust")


def test_a_yellow_scar_goes_on_a_faction_card(played, owner):
    rust = unlock(played, owner, scar_colour="yellow")
    assert (rust.colour, rust.on_faction_card) == (ScarColour.YELLOW, True)


def test_a_scar_for_a_faction_card_is_yellow(played, owner):
    rust = unlock(played, owner, on_faction_card=True)
    assert rust.colour == ScarColour.YELLOW


def test_a_red_scar_goes_on_a_territory(played, owner):
    rust = unlock(played, owner, scar_colour="red")
    assert (rust.colour, rust.on_faction_card) == (ScarColour.RED, False)


def test_a_faction_card_scar_of_another_colour_is_refused_and_nothing_is_opened(played, owner):
    with pytest.raises(RuleViolation) as refused:
        unlock(played, owner, scar_colour="red", on_faction_card=True)
    assert refused.value.rule == "faction-scar-yellow"
    assert not ScarKind.objects.filter(campaign=played, slug="rust").exists()


def test_a_colour_not_in_the_list_is_refused(played, owner):
    with pytest.raises(RuleViolation) as refused:
        unlock(played, owner, scar_colour="жёлтый")
    assert refused.value.rule == "scar-colour"


def test_the_scar_types_page_words_the_colour_in_the_readers_language(played, owner):
    unlock(played, owner, scar_colour="yellow")
    from django.test import Client

    reader = Client()
    reader.force_login(owner)
    address = reverse("campaigns:scar_types", args=[played.pk])
    russian = reader.get(address, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    english = reader.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span class="tag scar-colour">жёлтый</span>' in russian
    assert '<span class="tag scar-colour">yellow</span>' in english


def test_the_api_gives_a_scar_types_colour_as_its_code(played, owner):
    unlock(played, owner, scar_colour="yellow")
    rows = client_for(owner).get(f"/api/v1/campaigns/{played.pk}/scar-types/").json()
    rust = next(r for r in rows if r["slug"] == "rust")
    assert (rust["colour"], rust["on_faction_card"]) == ("yellow", True)


def test_a_scar_types_colour_is_chosen_on_the_packet_page(game, owner):
    from django.test import Client

    writer = Client()
    writer.force_login(owner)
    address = reverse("campaigns:packet_open", args=[game.campaign.pk])
    form = writer.get(address, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<option value="yellow">жёлтый</option>' in form
    posted = writer.post(
        address,
        {
            "packet": "pocket-1",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "item0_kind": "scar-type",
            "item0_title": "Fallout",
            "item0_cards": "2",
            "item0_scar_colour": "yellow",
        },
    )
    assert posted.status_code == 302, posted.content.decode()[:400]
    fallout = ScarKind.objects.get(campaign=game.campaign, slug="fallout")
    assert (fallout.colour, fallout.on_faction_card) == (ScarColour.YELLOW, True)


def test_a_scar_types_colour_is_sent_over_the_api_as_its_code(game, owner):
    made = client_for(owner).post(
        f"/api/v1/campaigns/{game.campaign.pk}/packets/",
        {
            "packet": "pocket-1",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "unlocked": [{"kind": "scar-type", "title": "Mud", "scar_colour": "green"}],
        },
        format="json",
    )
    assert made.status_code == 201, made.content[:300]
    assert ScarKind.objects.get(campaign=game.campaign, slug="mud").colour == ScarColour.GREEN
    refused = client_for(owner).post(
        f"/api/v1/campaigns/{game.campaign.pk}/packets/",
        {
            "packet": "pocket-2",
            "unlocked": [{"kind": "scar-type", "title": "Tar", "scar_colour": "зелёный"}],
        },
        format="json",
    )
    assert refused.status_code == 400
    assert not ScarKind.objects.filter(campaign=game.campaign, slug="tar").exists()
