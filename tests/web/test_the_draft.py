"""The draft of a game after Pack 1: each seat's turn order, placement order, starting troops
and coin cards, entered at setup, shown on the game page and the faction cards' backs, over the
API and in the backup. Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import backup
from campaigns.game.draft import record_draft
from campaigns.game.packets import open_packet
from campaigns.models import Seat
from legacy.errors import RuleViolation
from legacy.rules.draft import DraftPick, check_draft
from tests.support.api import client_for as api_client_for
from tests.support.games import EARNED_ANOTHER_WAY, play, start_next_game

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(f"campaigns:{name}", args=[campaign.pk, *args])


@pytest.fixture
def after_pack_1(prepared_campaign, owner):
    """Game 2 under way, Pack 1 opened after game 1."""
    c = play(prepared_campaign, 1)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=c, packet="pack-1", by=owner)
    start_next_game(c)
    return c


def players_of(campaign):
    return {p.name: p for p in campaign.players.all()}


def form_data(campaign):
    p = players_of(campaign)
    picks = {"Ada": (2, 3, 12, 1), "Boris": (1, 2, 10, 2), "Chloe": (3, 1, 8, 0)}
    data = {}
    for name, (turn, placement, troops, coins) in picks.items():
        pk = p[name].pk
        data |= {
            f"turn_{pk}": turn,
            f"placement_{pk}": placement,
            f"troops_{pk}": troops,
            f"coin_cards_{pk}": coins,
        }
    return data


def test_the_draft_is_offered_once_pack_1_is_open_and_not_before(
    prepared_campaign, as_owner, owner
):
    game = start_next_game(prepared_campaign)
    address = url("game", prepared_campaign, game.number)
    assert 'id="draft"' not in as_owner.get(address).content.decode()
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY, campaign=prepared_campaign, packet="pack-1", by=owner
    )
    assert 'id="draft"' in as_owner.get(address).content.decode()


def test_an_editor_enters_the_draft_shown_on_the_game_page_and_the_card_backs(
    after_pack_1, as_editor, as_viewer
):
    saved = as_editor.post(url("game_draft", after_pack_1, 2), form_data(after_pack_1))
    assert saved.status_code == 302
    ada = Seat.objects.get(game__number=2, player__name="Ada")
    assert (ada.draft_turn, ada.draft_placement, ada.starting_troops, ada.starting_coin_cards) == (
        2,
        3,
        12,
        1,
    )
    page = as_viewer.get(url("game", after_pack_1, 2)).content.decode()
    assert "turn 2 · placement 3 · 12 troops · 1 coin cards" in page
    cards = as_viewer.get(url("factions", after_pack_1) + "?all=1").content.decode()
    assert "turn 2 · placement 3 · 12 troops · 1 coin cards" in cards


def test_two_seats_taking_the_first_turn_are_refused_and_nothing_is_written(
    after_pack_1, as_editor
):
    data = form_data(after_pack_1)
    p = players_of(after_pack_1)
    data[f"turn_{p['Chloe'].pk}"] = 1  # Boris has turn 1 already
    refused = as_editor.post(url("game_draft", after_pack_1, 2), data)
    assert refused.status_code == 200  # the form again, with its refusal
    assert "Each turn position from 1 to 3 goes to one seat." in refused.content.decode()
    assert not Seat.objects.filter(draft_turn__isnull=False).exists()


def test_the_draft_over_the_api_and_its_refusals(after_pack_1, editor):
    p = players_of(after_pack_1)
    client = api_client_for(editor)
    address = f"/api/v1/campaigns/{after_pack_1.pk}/games/2/draft/"
    seats = [
        {"player": p["Ada"].pk, "turn": 1, "placement": 1, "troops": 9, "coin_cards": 0},
        {"player": p["Boris"].pk, "turn": 2, "placement": 3, "troops": 8, "coin_cards": 1},
        {"player": p["Chloe"].pk, "turn": 3, "placement": 2, "troops": 7, "coin_cards": 2},
    ]
    answer = client.put(address, {"seats": seats}, format="json")
    assert answer.status_code == 200, answer.content
    game = client.get(f"/api/v1/campaigns/{after_pack_1.pk}/games/2/").json()
    boris = next(s for s in game["seats"] if s["player_name"] == "Boris")
    assert (boris["draft_turn"], boris["draft_placement"], boris["starting_troops"]) == (2, 3, 8)
    missing = client.put(address, {"seats": seats[:2]}, format="json")
    assert missing.status_code == 400 and missing.json()["error"]["rule"] == "draft-every-seat"
    finished = client.put(
        f"/api/v1/campaigns/{after_pack_1.pk}/games/1/draft/", {"seats": seats}, format="json"
    )
    assert finished.status_code == 409


def test_the_draft_round_trips_through_export_and_import(after_pack_1, owner):
    game = after_pack_1.games.get(number=2)
    p = players_of(after_pack_1)
    record_draft(
        game=game,
        picks={
            p["Ada"].pk: DraftPick(1, 2, 11, 3),
            p["Boris"].pk: DraftPick(2, 1, 10, 2),
            p["Chloe"].pk: DraftPick(3, 3, 9, 1),
        },
        by=owner,
    )
    saved = backup.dumps(backup.export_campaign(after_pack_1.pk))
    copy_ = backup.import_campaign(backup.loads(saved), owner=owner)
    ada = Seat.objects.get(game__campaign=copy_, game__number=2, player__name="Ada")
    assert (ada.draft_turn, ada.draft_placement, ada.starting_troops, ada.starting_coin_cards) == (
        1,
        2,
        11,
        3,
    )
    assert backup.dumps(backup.export_campaign(copy_.pk)) == saved


def test_a_draft_missing_a_seat_is_refused_by_the_rule():
    with pytest.raises(RuleViolation) as refused:
        check_draft([1, 2, 3], {1: DraftPick(1, 1, 8, 0), 2: DraftPick(2, 2, 8, 0)})
    assert refused.value.rule == "draft-every-seat"
