"""Invitation links expire, may let in one person only, and are withdrawn when the owner removes
someone who joined by them; every refused link makes nobody a member."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from campaigns.models import AuditEntry, Invitation, Membership, Role
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db


def made_days_ago(invitation: Invitation, days: float) -> Invitation:
    Invitation.objects.filter(pk=invitation.pk).update(
        created_at=timezone.now() - timedelta(days=days)
    )
    invitation.refresh_from_db()
    return invitation


@pytest.fixture
def friend(django_user_model):
    return django_user_model.objects.create_user(username="fran", password="pw-fran-123")


def invite(as_owner, campaign, **choices) -> Invitation:
    response = as_owner.post(url(campaign, "invitations/new/"), {"role": "editor", **choices})
    assert response.status_code == 302
    return Invitation.objects.latest("id")


# --- Expiry --------------------------------------------------------------------------------------


def test_an_expired_invitation_link_is_refused_and_makes_nobody_a_member(
    campaign, as_owner, as_stranger, stranger
):
    invitation = made_days_ago(invite(as_owner, campaign), 8)
    link = f"/join/{invitation.token}/"
    page = as_stranger.get(link).content.decode()
    assert "This invitation link has expired: ask the owner for a new one." in page
    assert "Join the campaign</button>" not in page
    response = as_stranger.post(link)
    assert response.status_code == 200
    assert "This invitation link has expired" in response.content.decode()
    assert not Membership.objects.filter(user=stranger).exists()
    assert link not in as_owner.get(url(campaign, "settings/")).content.decode()


def test_an_expired_invitation_link_is_refused_in_russian(campaign, as_owner, stranger):
    invitation = made_days_ago(invite(as_owner, campaign), 8)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(stranger)
    page = client.post(f"/join/{invitation.token}/").content.decode()
    assert "Срок действия этой ссылки-приглашения истёк" in page
    assert not Membership.objects.filter(user=stranger).exists()


def test_an_invitation_link_works_until_its_days_are_up(
    campaign, as_owner, as_stranger, stranger, settings
):
    settings.INVITATION_TTL_DAYS = 2
    fresh = made_days_ago(invite(as_owner, campaign), 1)
    stale = made_days_ago(invite(as_owner, campaign), 3)
    assert as_stranger.post(f"/join/{stale.token}/").status_code == 200
    assert not Membership.objects.filter(user=stranger).exists()
    assert as_stranger.post(f"/join/{fresh.token}/").status_code == 302
    assert Membership.objects.get(user=stranger).invitation == fresh


# --- Single use ----------------------------------------------------------------------------------


def test_a_single_use_link_lets_one_person_in_and_refuses_the_next(
    campaign, as_owner, as_stranger, stranger, friend
):
    invitation = invite(as_owner, campaign, single_use="on")
    assert invitation.single_use
    link = f"/join/{invitation.token}/"
    assert "single use" in as_owner.get(url(campaign, "settings/")).content.decode()
    assert as_stranger.post(link).status_code == 302
    as_friend = client_for(friend)
    assert "has been used" in as_friend.get(link).content.decode()
    response = as_friend.post(link)
    assert response.status_code == 200
    assert "This invitation link was for one person and has been used" in response.content.decode()
    assert not Membership.objects.filter(user=friend).exists()
    assert Membership.objects.get(user=stranger).role == Role.EDITOR
    assert link not in as_owner.get(url(campaign, "settings/")).content.decode()


def test_a_link_that_is_not_single_use_serves_the_whole_group(
    campaign, as_owner, as_stranger, stranger, friend
):
    invitation = invite(as_owner, campaign)
    assert as_stranger.post(f"/join/{invitation.token}/").status_code == 302
    assert client_for(friend).post(f"/join/{invitation.token}/").status_code == 302
    assert Membership.objects.filter(invitation=invitation).count() == 2


# --- Removing a member ---------------------------------------------------------------------------


def test_a_removed_member_cannot_rejoin_by_the_old_link(
    campaign, as_owner, as_stranger, stranger, friend
):
    invitation = invite(as_owner, campaign)
    link = f"/join/{invitation.token}/"
    as_stranger.post(link)
    client_for(friend).post(link)
    removed = Membership.objects.get(user=stranger)
    as_owner.post(url(campaign, f"members/{removed.pk}/"), {"remove": "1"})

    response = as_stranger.post(link)
    assert "This invitation link was withdrawn" in response.content.decode()
    assert not Membership.objects.filter(user=stranger).exists()
    assert as_stranger.get(url(campaign, "packets/open/")).status_code == 404
    # The others who joined by the link stay; the link itself works for nobody any more.
    assert Membership.objects.get(user=friend).role == Role.EDITOR
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    assert link not in as_owner.get(url(campaign, "settings/")).content.decode()
    assert AuditEntry.objects.filter(
        action="invitation-revoked", data__member=stranger.username
    ).exists()


def test_removing_a_member_leaves_the_other_links_working(
    campaign, as_owner, as_stranger, stranger, friend
):
    joined_by = invite(as_owner, campaign)
    other = invite(as_owner, campaign)
    as_stranger.post(f"/join/{joined_by.token}/")
    removed = Membership.objects.get(user=stranger)
    as_owner.post(url(campaign, f"members/{removed.pk}/"), {"remove": "1"})
    assert client_for(friend).post(f"/join/{other.token}/").status_code == 302
    other.refresh_from_db()
    assert other.revoked_at is None
