"""The statement that reads a campaign with its reader's role is shaped once per reader and
process; what it finds is read afresh on every request. So a reader's standing follows their
membership from one request to the next, and one reader's read never answers for another's."""

from __future__ import annotations

import pytest

from campaigns.models import Membership, Role
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def world(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/world/"


def test_a_stranger_let_in_reads_the_world_and_is_shut_out_again_when_let_go(
    prepared_campaign, stranger
):
    api = client_for(stranger)
    assert api.get(world(prepared_campaign)).status_code == 404
    membership = Membership.objects.create(
        campaign=prepared_campaign, user=stranger, role=Role.VIEWER
    )
    assert api.get(world(prepared_campaign)).status_code == 200
    membership.delete()
    assert api.get(world(prepared_campaign)).status_code == 404


def test_a_viewer_made_editor_may_add_a_player_on_the_next_request(prepared_campaign, stranger):
    membership = Membership.objects.create(
        campaign=prepared_campaign, user=stranger, role=Role.VIEWER
    )
    api = client_for(stranger)
    address = f"/api/v1/campaigns/{prepared_campaign.pk}/players/"
    assert api.post(address, {"name": "Zed"}, format="json").status_code == 403
    membership.role = Role.EDITOR
    membership.save()
    assert api.post(address, {"name": "Zed"}, format="json").status_code == 201
    assert prepared_campaign.players.filter(name="Zed").exists()


def test_the_owner_reading_first_does_not_open_the_world_to_a_stranger(
    prepared_campaign, owner, stranger
):
    assert client_for(owner).get(world(prepared_campaign)).status_code == 200
    assert client_for(stranger).get(world(prepared_campaign)).status_code == 404
    assert client_for(None).get(world(prepared_campaign)).status_code == 404
    assert client_for(owner).get(world(prepared_campaign)).status_code == 200
