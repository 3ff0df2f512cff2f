"""A page that a script fetches (the live table fetching it again, the service worker keeping it
for reading offline) leaves the reader's messages for the page the reader opens: "The world
number is saved." is read by the player who saved it, not used up by a copy nobody sees."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

SAVED = "The world number is saved."


def save_the_world_number(campaign, as_owner) -> str:
    address = reverse("campaigns:settings", args=[campaign.pk])
    saved = as_owner.post(
        reverse("campaigns:world_number", args=[campaign.pk]), {"world_number": "Earth #42"}
    )
    assert saved.status_code == 302 and saved["Location"] == address
    return address


@pytest.mark.parametrize(
    "script", [{"HTTP_X_EARTHBOOK_LIVE": "1"}, {"HTTP_X_EARTHBOOK_KEEP": "1"}], ids=["live", "keep"]
)
def test_a_page_fetched_by_a_script_leaves_the_message_for_the_page_the_reader_opens(
    campaign, as_owner, script
):
    address = save_the_world_number(campaign, as_owner)
    fetched = as_owner.get(address, **script)
    assert fetched.status_code == 200 and SAVED not in fetched.content.decode()
    opened = as_owner.get(address)
    assert SAVED in opened.content.decode()
    assert SAVED not in as_owner.get(address).content.decode()  # shown once


def test_the_page_the_reader_opens_shows_the_message_once(campaign, as_owner):
    address = save_the_world_number(campaign, as_owner)
    assert SAVED in as_owner.get(address).content.decode()
    assert SAVED not in as_owner.get(address, HTTP_X_EARTHBOOK_KEEP="1").content.decode()
    assert SAVED not in as_owner.get(address).content.decode()
