"""Entries in the order made, on two phones at 390x844: phone A offline makes two entries, phone
B one in between; A back on the network, the log is A1, B1, A2 on both. Then a late entry that
would have won earlier (made offline before the other phone's winning entry) is not applied:
both phones are asked to confirm it or take it back, and the confirmation decides again."""

from __future__ import annotations

import pytest

from campaigns.models import EventKind, GameEvent
from tests.support.phones import events_of, kept_on_the_phone, note

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ADA = "Ada (Khan Industries)"
BORIS = "Boris (Die Mechaniker)"
CHLOE = "Chloe (Enclave of the Bear)"
# The network is back: the waiting entries are sent within this many milliseconds (the online
# event, else the retry every five seconds). A bounded wait, not a measure of speed.
SENT_WITHIN = 12_000
# Another phone's entry reaches this one within this many milliseconds: bounded, not a speed.
TOLD_WITHIN = 5_000


def test_a_late_entry_that_would_have_won_earlier_is_offered_on_both_phones(
    table, phone, screenshots, serious_violations
):
    from playwright.sync_api import expect

    owner, campaign, game = table
    ada, boris = phone(owner), phone(owner)
    for page in (ada, boris):
        page.goto(f"/c/{campaign.pk}/games/1/")
    kept_on_the_phone(ada)
    waiting = ada.get_by_role("region", name="Waiting to be sent")

    # Each faction counts 2 red stars at the start.
    ada.context.set_offline(True)
    note(ada, "An HQ is taken", player=ADA, hq_of=BORIS)  # A1: Ada counts 3
    expect(waiting.locator("li")).to_have_count(1)
    note(boris, "A red star bought", player=CHLOE)  # B1: Chloe counts 3
    expect(boris.locator("[data-live=events] .events li")).to_have_count(1)
    note(ada, "A big recruitment", player=ADA, troops="31")  # A2
    expect(waiting.locator("li")).to_have_count(2)
    ada.context.set_offline(False)
    expect(waiting).to_be_hidden(timeout=SENT_WITHIN)
    for page in (ada, boris):
        expect(page.locator("[data-live=events] .events li")).to_have_count(3, timeout=TOLD_WITHIN)
        logged = events_of(page)
        assert "takes the HQ of Boris" in logged[0], logged  # A1
        assert "Chloe buys a red star" in logged[1], logged  # B1
        assert "31" in logged[2], logged  # A2

    # Offline again, Ada buys her fourth red star; then Chloe buys hers on the other phone, and
    # wins by the log as it stands.
    ada.context.set_offline(True)
    note(ada, "A red star bought", player=ADA)
    expect(waiting.locator("li")).to_have_count(1)
    note(boris, "A red star bought", player=CHLOE)
    expect(boris.locator("#decided")).to_contain_text("Chloe has 4 red stars (entry 4)")
    ada.context.set_offline(False)
    expect(waiting).to_be_hidden(timeout=SENT_WITHIN)

    # Ada's entry, made first, arrived last: it is offered to the table, not applied.
    late = GameEvent.objects.get(game=game, seq=5)
    assert late.kind == EventKind.RED_STAR_BOUGHT and late.awaiting_confirmation
    for page in (ada, boris):
        offer = page.locator("#decided [data-awaiting='5']")
        expect(offer).to_contain_text(
            "Entry 5 arrived late and awaits the table's confirmation", timeout=TOLD_WITHIN
        )
        won_earlier = "It would make the winner Ada (entry 5), not Chloe (entry 4)."
        expect(offer).to_contain_text(won_earlier)
        expect(offer).to_contain_text("Entry 4 could no longer be made: confirming takes it back.")
        for name in ("Confirm entry 5", "Take entry 5 back"):
            box = offer.get_by_role("button", name=name).bounding_box()
            assert box["height"] >= 24 and box["width"] >= 24
        expect(page.locator("#decided")).to_contain_text("Chloe has 4 red stars (entry 4)")
        # The end waits until the table has answered.
        end = page.locator("#decided").get_by_role("link", name="Record the end of the game")
        expect(end).to_have_count(0)
    screenshots(boris, "late-entry-offered")
    assert serious_violations(boris) == []

    # The table agrees Ada's red star came first: confirmed on one phone, decided on both.
    boris.locator("#decided").get_by_role("button", name="Confirm entry 5").click()
    for page in (ada, boris):
        expect(page.locator("#decided")).to_contain_text(
            "Ada has 4 red stars (entry 5)", timeout=TOLD_WITHIN
        )
        expect(page.locator("#decided [data-awaiting]")).to_have_count(0)
        end = page.locator("#decided").get_by_role("link", name="Record the end of the game")
        expect(end).to_be_visible()
    assert GameEvent.objects.get(game=game, seq=4).voided
    screenshots(ada, "late-entry-confirmed")
