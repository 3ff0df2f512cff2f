"""Mistakes at setup over the API: POST .../games/{n}/cancel/ with a reason until the first
entry, and PATCH .../games/{n}/seats/{player}/ with the checks of setup (a reason after the
first entry)."""

from __future__ import annotations

import pytest

from campaigns.game.setup import setup_game
from campaigns.models import AuditEntry, Game, Seat
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(owner):
    return client_for(owner)


def seats(players, *extra):
    plan = [("Ada", "khan-industries", "egypt"), ("Boris", "die-mechaniker", "japan")]
    plan += [("Chloe", "enclave-of-the-bear", "peru"), *extra]
    return [{"player": players[n].pk, "faction": f, "hq": hq} for n, f, hq in plan]


@pytest.fixture
def set_up(prepared_campaign, players):
    return setup_game(campaign=prepared_campaign, seats=seats(players))


def base(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/"


def rule_of(response, status: int) -> str:
    assert response.status_code == status, response.content[:400]
    assert set(response.json()) == {"error"}
    return response.json()["error"].get("rule")


def test_cancel_of_a_set_up_game_then_the_next_setup_reuses_its_number(
    api, prepared_campaign, set_up, players, owner
):
    done = api.post(
        base(prepared_campaign) + "games/1/cancel/", {"reason": "Esme came."}, format="json"
    )
    assert done.status_code == 200 and done.json() == {"cancelled": 1, "reason": "Esme came."}
    assert api.get(base(prepared_campaign) + "games/1/").status_code == 404
    again = api.post(
        base(prepared_campaign) + "games/",
        {"seats": seats(players, ("Esme", "saharan-republic", "alaska"))},
        format="json",
    )
    assert again.status_code == 201 and again.json()["number"] == 1
    cancelled = AuditEntry.objects.get(action="game-cancelled")
    assert cancelled.user == owner and cancelled.data["reason"] == "Esme came."


def test_cancel_needs_a_reason_and_writes_nothing_without_one(api, prepared_campaign, set_up):
    refused = api.post(base(prepared_campaign) + "games/1/cancel/", {}, format="json")
    assert refused.status_code == 400 and set(refused.json()) == {"error"}
    assert Game.objects.filter(pk=set_up.pk).exists()


def test_a_game_with_an_entry_cannot_be_cancelled_a_clear_409(
    api, prepared_campaign, set_up, players
):
    api.post(base(prepared_campaign) + "games/1/start/")
    entry = api.post(
        base(prepared_campaign) + "games/1/events/recruitment/",
        {"player": players["Ada"].pk, "troops": 30},
        format="json",
    )
    assert entry.status_code == 201, entry.content[:300]
    refused = api.post(
        base(prepared_campaign) + "games/1/cancel/", {"reason": "Oops."}, format="json"
    )
    assert rule_of(refused, 409) == "game-played"
    assert "first entry" in refused.json()["error"]["message"]
    assert Game.objects.filter(pk=set_up.pk).exists()


def test_a_mistyped_hq_is_fixed_over_the_api_and_an_illegal_one_is_refused(
    api, prepared_campaign, set_up, players
):
    url = base(prepared_campaign) + f"games/1/seats/{players['Boris'].pk}/"
    refused = api.patch(url, {"hq": "egypt"}, format="json")
    assert rule_of(refused, 400) == "legal-start"
    assert Seat.objects.get(game=set_up, player=players["Boris"]).hq == "japan"
    fixed = api.patch(url, {"hq": "china"}, format="json")
    assert fixed.status_code == 200
    assert [s["hq"] for s in fixed.json()["seats"]] == ["egypt", "china", "peru"]


def test_after_an_entry_a_faction_fix_needs_a_reason_and_the_card_back_follows(
    api, prepared_campaign, set_up, players
):
    api.post(base(prepared_campaign) + "games/1/start/")
    api.post(
        base(prepared_campaign) + "games/1/events/recruitment/",
        {"player": players["Ada"].pk, "troops": 30},
        format="json",
    )
    url = base(prepared_campaign) + f"games/1/seats/{players['Ada'].pk}/"
    refused = api.patch(url, {"faction": "saharan-republic"}, format="json")
    assert rule_of(refused, 400) == "seat-fix-reason"
    fixed = api.patch(
        url, {"faction": "saharan-republic", "reason": "Wrong box ticked."}, format="json"
    )
    assert fixed.status_code == 200
    cards = {
        c["faction"]: c["lines"] for c in api.get(base(prepared_campaign) + "faction-cards/").json()
    }
    assert cards["saharan-republic"][0]["player"] == "Ada"
    assert cards["khan-industries"][0]["x"] is True
    audit = AuditEntry.objects.get(action="seat-corrected")
    assert audit.data["before"]["faction"] == "khan-industries"


def test_a_seat_nobody_holds_is_a_404(api, prepared_campaign, set_up, players):
    url = base(prepared_campaign) + f"games/1/seats/{players['Esme'].pk}/"
    assert api.patch(url, {"hq": "china"}, format="json").status_code == 404


def test_the_openapi_document_describes_cancel_and_the_seat_fix(api):
    document = api.get("/api/v1/schema/?format=json").json()
    paths = document["paths"]
    cancel = next(v for k, v in paths.items() if k.endswith("/games/{number}/cancel/"))
    seat = next(v for k, v in paths.items() if k.endswith("/games/{number}/seats/{player}/"))
    assert "post" in cancel and "409" in cancel["post"]["responses"]
    assert "patch" in seat and "409" in seat["patch"]["responses"]
    assert "reason" in document["components"]["schemas"]["SeatFixRequest"]["properties"]
