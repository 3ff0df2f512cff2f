"""The group's own sealed components are named wherever the campaign tells what happened: the
history, the game's log, the audit, the chronicle and the API; by their kind only to a reader
the campaign hides them from. Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from campaigns.game import sealed
from campaigns.game.packets import open_packet
from campaigns.models import Campaign
from tests.support.api import client_for
from tests.support.games import finish, play

pytestmark = pytest.mark.django_db

PAGES = ("history", "audit", "chronicle")


def url(name, campaign, *args):
    return reverse(f"campaigns:{name}", args=[campaign.pk, *args])


@pytest.fixture
def two_envelopes(prepared_campaign, owner):
    """Game 3 played: Envelope X opened in it (the moon turned red), Envelope Y still sealed."""
    c = play(prepared_campaign, 2, then_start=True)
    sealed.add_component(campaign=c, name="Envelope X", trigger="When the moon is red.", by=owner)
    sealed.add_component(campaign=c, name="Envelope Y", trigger="When a city falls.", by=owner)
    open_packet(campaign=c, packet="envelope-x", trigger="The moon turned red", by=owner)
    players = {p.name: p for p in c.players.all()}
    finish(
        c.games.get(number=3),
        players,
        controlled={players["Boris"].pk: ["china"]},
        winner_reward={"kind": "destroy-card", "territory": "peru"},
        held_on_rewards={players["Boris"].pk: {"kind": "upgrade-card", "territory": "china"}},
    )
    return c


def test_the_history_the_log_the_audit_and_the_chronicle_name_envelope_x(two_envelopes, as_owner):
    c = two_envelopes
    for name in PAGES:
        page = as_owner.get(url(name, c)).content.decode()
        assert "Envelope X" in page, name
        assert "A sealed component of your own" not in page, name
    history = as_owner.get(url("history", c)).content.decode()
    assert "Sealed component Envelope X opened (The moon turned red)" in history
    game = as_owner.get(url("game", c, 3)).content.decode()
    assert "Envelope X" in game


def test_the_api_names_envelope_x_in_the_games_log_and_the_audit(two_envelopes, owner):
    client = client_for(owner)
    log = client.get(f"/api/v1/campaigns/{two_envelopes.pk}/games/3/").content.decode()
    assert "Envelope X" in log
    audit = client.get(f"/api/v1/campaigns/{two_envelopes.pk}/audit/").json()
    summaries = [e["summary"] for e in audit["results"]]
    assert "Envelope X opened (0 items entered)." in summaries
    assert "Sealed component Envelope Y was added." in summaries


def test_the_audit_names_it_in_russian_too(two_envelopes, owner):
    audit = client_for(owner).get(
        f"/api/v1/campaigns/{two_envelopes.pk}/audit/", HTTP_ACCEPT_LANGUAGE="ru"
    )
    summaries = [e["summary"] for e in audit.json()["results"]]
    assert "Запечатанный компонент Envelope Y добавлен." in summaries


def test_a_reader_it_is_hidden_from_reads_only_its_kind(two_envelopes, as_viewer, viewer):
    Campaign.objects.filter(pk=two_envelopes.pk).update(hide_unlocked_content=True)
    for name in PAGES:
        page = as_viewer.get(url(name, two_envelopes)).content.decode()
        assert "Envelope" not in page and "moon" not in page, name
    with translation.override("en"):
        history = as_viewer.get(url("history", two_envelopes)).content.decode()
    assert "A sealed component of your own opened" in history
    api = client_for(viewer)
    for path in ("games/3/", "audit/"):
        text = api.get(f"/api/v1/campaigns/{two_envelopes.pk}/{path}").content.decode()
        assert "Envelope" not in text and "moon" not in text, path
