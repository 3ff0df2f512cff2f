"""Claim your name: a member links their account to one roster name, the owner confirms (or it
is automatic for the inviter's choice); their notes are credited to the player and "your
campaigns" shows their seat and record. Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import members
from campaigns.game.notes import add_note
from campaigns.game.table import record_recruitment
from campaigns.models import Player
from tests.support.api import client_for as api_client_for
from tests.support.games import play, start_next_game
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


def ada(campaign) -> Player:
    return Player.objects.get(campaign=campaign, name="Ada")


def claim_url(campaign, player, *rest):
    return reverse(f"campaigns:player_claim{''.join(rest)}", args=[campaign.pk, player.pk])


def test_an_editor_claims_ada_and_is_linked_once_the_owner_confirms(
    prepared_campaign, editor, as_editor, as_owner
):
    as_editor.post(claim_url(prepared_campaign, ada(prepared_campaign)))
    assert ada(prepared_campaign).user is None
    assert ada(prepared_campaign).claimed_by == editor
    as_owner.post(claim_url(prepared_campaign, ada(prepared_campaign), "_decide"), {"accept": "1"})
    assert ada(prepared_campaign).user == editor


def test_a_name_linked_to_someone_else_is_refused_over_the_api(prepared_campaign, owner, editor):
    api_client_for(owner).post(
        f"/api/v1/campaigns/{prepared_campaign.pk}/players/{ada(prepared_campaign).pk}/claim/"
    )
    assert ada(prepared_campaign).user == owner  # the owner's own claim links at once
    refused = api_client_for(editor).post(
        f"/api/v1/campaigns/{prepared_campaign.pk}/players/{ada(prepared_campaign).pk}/claim/"
    )
    assert refused.status_code == 409 and refused.json()["error"]["rule"] == "name-linked-already"


def test_a_member_waits_on_one_claim_at_a_time(prepared_campaign, editor):
    boris = Player.objects.get(campaign=prepared_campaign, name="Boris")
    api = api_client_for(editor)
    base = f"/api/v1/campaigns/{prepared_campaign.pk}/players/"
    assert api.post(f"{base}{ada(prepared_campaign).pk}/claim/").status_code == 200
    refused = api.post(f"{base}{boris.pk}/claim/")
    assert refused.status_code == 409 and refused.json()["error"]["rule"] == "one-claim-each"
    assert "Ada" in refused.json()["error"]["message"]
    boris.refresh_from_db()
    assert boris.claimed_by is None and ada(prepared_campaign).claimed_by == editor


def test_a_second_claim_is_refused_on_the_page_in_russian(prepared_campaign, editor):
    page = client_for(editor, "ru")
    page.post(claim_url(prepared_campaign, ada(prepared_campaign)))
    boris = Player.objects.get(campaign=prepared_campaign, name="Boris")
    answer = page.post(claim_url(prepared_campaign, boris), follow=True)
    assert answer.status_code == 200 and "Вы уже заявили о себе" in answer.content.decode()
    boris.refresh_from_db()
    assert boris.claimed_by is None


def test_a_claim_dies_with_the_membership(prepared_campaign, owner, editor, as_editor):
    as_editor.post(claim_url(prepared_campaign, ada(prepared_campaign)))
    membership = prepared_campaign.memberships.get(user=editor)
    members.remove_member(campaign=prepared_campaign, membership=membership, by=owner)
    assert ada(prepared_campaign).claimed_by is None
    refused = api_client_for(owner).post(
        f"/api/v1/campaigns/{prepared_campaign.pk}/players/{ada(prepared_campaign).pk}/claim/decide/",
        {"accept": True},
        content_type="application/json",
    )
    assert refused.status_code in (400, 404, 409)
    assert ada(prepared_campaign).user is None


def test_joining_by_a_link_made_for_boris_links_the_new_member_to_boris(
    prepared_campaign, owner, django_user_model
):
    boris = Player.objects.get(campaign=prepared_campaign, name="Boris")
    invitation = members.create_invitation(
        campaign=prepared_campaign, role="viewer", player=boris.pk, by=owner
    )
    newcomer = django_user_model.objects.create_user(username="bo", password="pw-bo-12345")
    members.accept_invitation(token=invitation.token, user=newcomer)
    boris.refresh_from_db()
    assert boris.user == newcomer


def test_your_campaigns_show_your_seat_and_record_and_your_notes_are_credited_to_you(
    prepared_campaign, editor, owner
):
    Player.objects.filter(pk=ada(prepared_campaign).pk).update(user=editor)
    play(prepared_campaign, 2)  # Ada wins both
    game = start_next_game(prepared_campaign)
    add_note(game=game, text="Ada rolls sixes again.", by=editor)
    home = client_for(editor).get("/").content.decode()
    assert "You are Ada: 2 wins in 2 games" in home
    assert "Your seat in game 3, now: Khan Industries" in home
    page = client_for(owner).get(reverse("campaigns:game", args=[prepared_campaign.pk, 3]))
    assert "Ada · " in page.content.decode()


def test_between_games_your_campaigns_show_the_seat_of_the_last_game_you_played_in_russian(
    prepared_campaign, editor
):
    Player.objects.filter(pk=ada(prepared_campaign).pk).update(user=editor)
    play(prepared_campaign, 1)
    home = client_for(editor).get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Вы — Ada: 1 победа в 1 партиях" in home
    assert "Ваше место в партии 1, последней сыгранной: Индустриальные ханы" in home


def test_an_entry_is_credited_to_the_player_whose_name_the_account_claimed(
    prepared_campaign, editor, owner
):
    Player.objects.filter(pk=ada(prepared_campaign).pk).update(user=editor)
    game = start_next_game(prepared_campaign)
    boris = Player.objects.get(campaign=prepared_campaign, name="Boris")
    record_recruitment(game=game, player=boris.pk, troops=12, by=editor)
    record_recruitment(game=game, player=boris.pk, troops=14, by=owner)
    url = reverse("campaigns:game", args=[prepared_campaign.pk, game.number])
    page = client_for(owner).get(url).content.decode()
    assert "entered by Ada" in page
    assert f"entered by {owner.username}" in page  # the owner claimed no name
    russian = client_for(owner).get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "автор записи: Ada" in russian
    history = client_for(owner).get(reverse("campaigns:history", args=[prepared_campaign.pk]))
    assert "entered by Ada" in history.content.decode()


def test_your_seat_names_an_unlocked_faction_unless_the_campaign_hides_it_from_you(
    prepared_campaign, owner, viewer, editor
):
    from campaigns.game.packets import open_packet
    from campaigns.game.setup import setup_game, start_game
    from tests.support.games import EARNED_ANOTHER_WAY

    play(prepared_campaign, 1)
    unlocked = [{"kind": "faction", "title": "Tidewater League", "colour": "#1f9a8a"}]
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-1",
        unlocked=unlocked,
        by=owner,
    )
    players = {p.name: p for p in prepared_campaign.players.all()}
    plan = [
        {"player": players["Ada"].pk, "faction": "khan-industries", "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "tidewater-league", "hq": "japan"},
        {"player": players["Chloe"].pk, "faction": "die-mechaniker", "hq": "peru"},
    ]
    start_game(game=setup_game(campaign=prepared_campaign, seats=plan))
    prepared_campaign.hide_unlocked_content = True
    prepared_campaign.save()
    boris = Player.objects.filter(pk=players["Boris"].pk)
    # An editor sees what the packets unlocked...
    boris.update(user=editor)
    said = "Your seat in game 2, now: Tidewater League"
    assert said in client_for(editor).get("/").content.decode()
    # ...a viewer of a campaign that hides it does not.
    boris.update(user=viewer)
    home = client_for(viewer).get("/").content.decode()
    assert "tidewater" not in home.lower()
    assert "Your seat in game 2, now: an unlocked faction" in home
    mine = api_client_for(viewer).get("/api/v1/auth/me/campaigns/").json()
    assert "tidewater" not in str(mine).lower()
    assert mine[0]["player"]["seat"]["faction_name"] == "an unlocked faction"
