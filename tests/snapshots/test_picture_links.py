"""Signed picture links: the API's ``image_url`` opens exactly one picture, as it is now, for a
while, and never carries the campaign's share token; nothing else opens with it."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import pytest
from rest_framework.test import APIClient

from campaigns.pictures import links
from tests.support.games import play_first_game, play_naming_game

pytestmark = pytest.mark.django_db

API = "/api/v1/campaigns/{pk}/snapshots/"
ELSEWHERE = ("argentina", "greenland", "india")  # starts away from game 1's new cities


@pytest.fixture
def three_games(prepared_campaign, players, media, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
        play_naming_game(prepared_campaign, players, "asia", "The Steppe", ELSEWHERE)
        play_naming_game(prepared_campaign, players, "europe", "The Old World", ELSEWHERE)
    prepared_campaign.refresh_from_db()
    prepared_campaign.shared = True
    prepared_campaign.save(update_fields=["shared"])
    return prepared_campaign


def image_url(campaign, game: int) -> str:
    """The ``image_url`` a share-link reader is given for ``game``, without the host."""
    status = APIClient().get(
        API.format(pk=campaign.pk) + f"?as_of_game={game}&share={campaign.share_token}"
    )
    assert status.status_code == 200 and status.json()["status"] == "done", status.content
    return status.json()["image_url"].removeprefix("http://testserver")


def sig_of(address: str) -> str:
    return parse_qs(urlsplit(address).query)["sig"][0]


def test_the_image_url_has_no_share_token_and_opens_its_picture_alone(three_games):
    address = image_url(three_games, 2)
    assert three_games.share_token not in address and "share" not in address
    picture = APIClient().get(address)
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"


def test_a_link_signed_for_game_2_opens_neither_game_3_nor_the_campaign(three_games, client):
    sig = sig_of(image_url(three_games, 2))
    base = API.format(pk=three_games.pk)
    other_game = APIClient().get(f"{base}image/?as_of_game=3&sig={sig}")
    assert other_game.status_code == 404
    assert "not valid" in other_game.json()["error"]["message"]
    assert APIClient().get(f"{base}timeline/image/?sig={sig}").status_code == 404
    assert APIClient().get(f"{base}?as_of_game=2&sig={sig}").status_code == 404
    assert APIClient().get(f"/api/v1/campaigns/{three_games.pk}/?sig={sig}").status_code == 404
    for page in ("", "history/", "games/2/", "games/3/snapshot.png", "timeline.webp"):
        assert client.get(f"/c/{three_games.pk}/{page}?sig={sig}").status_code == 404, page
    # The same picture, and only it, opens at the pages' address too.
    assert client.get(f"/c/{three_games.pk}/games/2/snapshot.png?sig={sig}").status_code == 200


def test_a_tampered_signature_is_refused_in_the_one_error_shape(three_games):
    address = image_url(three_games, 2)
    sig = sig_of(address)
    expires, _, signature = sig.partition(".")
    for forged in (
        f"{int(expires) + 3600}.{signature}",  # a later expiry
        f"{expires}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}",
        "nonsense",
        "",
    ):
        response = APIClient().get(address.replace(sig, forged))
        assert response.status_code == 404, forged
        assert response["Content-Type"] == "application/json"
        assert set(response.json()["error"]) >= {"code", "message"}


def test_an_expired_link_is_a_403(three_games, settings):
    row = three_games.snapshots.get(game_number=2)
    past = time.time() - 3 * 60 * 60
    sig = links.sign(three_games.pk, 2, row.state_hash, now=past)
    response = APIClient().get(API.format(pk=three_games.pk) + f"image/?as_of_game=2&sig={sig}")
    assert response.status_code == 403
    assert "expired" in response.json()["error"]["message"]


def test_a_link_stops_opening_the_picture_once_the_game_shows_something_else(three_games):
    address = image_url(three_games, 2)
    row = three_games.snapshots.get(game_number=2)
    row.state_hash = "0" * 64
    row.save(update_fields=["state_hash"])
    assert APIClient().get(address).status_code == 404


def test_the_schema_describes_the_signature(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    image = schema["paths"]["/api/v1/campaigns/{campaign_id}/snapshots/image/"]["get"]
    assert "sig" in {p["name"] for p in image["parameters"]}


@pytest.fixture
def one_game(prepared_campaign, players, media, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    prepared_campaign.refresh_from_db()
    prepared_campaign.shared = True
    prepared_campaign.save(update_fields=["shared"])
    return prepared_campaign


def test_a_link_given_before_the_campaign_hid_its_packets_stops_opening_the_picture(
    one_game, owner
):
    given = image_url(one_game, 1)
    assert APIClient().get(given).status_code == 200
    one_game.hide_unlocked_content = True
    one_game.save(update_fields=["hide_unlocked_content"])
    assert APIClient().get(given).status_code == 404
    # The owner and editors still see the pictures, and their links still open them.
    member = APIClient()
    member.force_authenticate(owner)
    status = member.get(API.format(pk=one_game.pk) + "?as_of_game=1").json()
    address = status["image_url"].removeprefix("http://testserver")
    assert APIClient().get(address).status_code == 200


def test_a_link_given_by_the_share_link_stops_opening_the_picture_once_sharing_is_off(one_game):
    given = image_url(one_game, 1)
    assert APIClient().get(given).status_code == 200
    one_game.shared = False
    one_game.save(update_fields=["shared"])
    assert APIClient().get(given).status_code == 404
    # Sharing on again with the same link: the picture opens again.
    one_game.shared = True
    one_game.save(update_fields=["shared"])
    assert APIClient().get(given).status_code == 200


def test_a_link_given_by_an_old_share_link_stops_opening_the_picture_once_a_new_one_is_made(
    one_game,
):
    given = image_url(one_game, 1)
    one_game.share_token = "a-new-share-token-of-the-owner32"
    one_game.save(update_fields=["share_token"])
    assert APIClient().get(given).status_code == 404
    assert APIClient().get(image_url(one_game, 1)).status_code == 200


def test_a_link_given_to_a_visitor_of_a_public_campaign_stops_once_it_is_private(one_game):
    one_game.shared = False
    one_game.public = True
    one_game.save(update_fields=["shared", "public"])
    status = APIClient().get(API.format(pk=one_game.pk) + "?as_of_game=1").json()
    given = status["image_url"].removeprefix("http://testserver")
    assert APIClient().get(given).status_code == 200
    one_game.public = False
    one_game.save(update_fields=["public"])
    assert APIClient().get(given).status_code == 404


def test_a_members_link_still_opens_the_picture_when_sharing_is_turned_off(one_game, owner):
    member = APIClient()
    member.force_authenticate(owner)
    status = member.get(API.format(pk=one_game.pk) + "?as_of_game=1").json()
    given = status["image_url"].removeprefix("http://testserver")
    one_game.shared = False
    one_game.save(update_fields=["shared"])
    assert APIClient().get(given).status_code == 200
