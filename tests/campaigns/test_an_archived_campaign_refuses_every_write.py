"""An archived campaign is read-only whoever asks: its lock refuses every change, whether it
comes from a page, the API, the admin or a task calling a service directly."""

from __future__ import annotations

import pytest

from campaigns import members, services
from campaigns.game.notes import add_note
from campaigns.models import Campaign, GameNote, Player
from campaigns.services import CampaignArchived
from tests.support.games import finish, start_next_game


def test_a_service_called_directly_refuses_to_change_an_archived_campaign(prepared_campaign, owner):
    game = start_next_game(prepared_campaign)
    members.set_archived(campaign=prepared_campaign, archived=True, by=owner)
    before = Campaign.objects.values_list("world_version", flat=True).get(pk=prepared_campaign.pk)

    with pytest.raises(CampaignArchived) as refused:
        add_note(game=game, text="Hi", by=owner)
    assert refused.value.rule == "campaign-archived" and refused.value.conflict
    with pytest.raises(CampaignArchived):
        services.add_player(campaign=prepared_campaign, name="Dora", by=owner)
    with pytest.raises(CampaignArchived):  # a game's own lock (``locked_game``) refuses too
        finish(game, {p.name: p for p in prepared_campaign.players.all()})

    assert not GameNote.objects.exists()
    assert not Player.objects.filter(name="Dora").exists()
    after = Campaign.objects.values_list("world_version", flat=True).get(pk=prepared_campaign.pk)
    assert after == before  # nothing was written, not even the versions

    members.set_archived(campaign=prepared_campaign, archived=False, by=owner)
    add_note(game=game, text="Hi", by=owner)
    assert GameNote.objects.count() == 1
