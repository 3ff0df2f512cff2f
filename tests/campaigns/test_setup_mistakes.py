"""Mistakes at setup: a game set up by mistake is cancelled, a mistyped seat is fixed, and after
the first entry a seat is corrected with a reason."""

import pytest

from campaigns.audit_words import audit_text
from campaigns.game.setup import cancel_game, fix_seat, setup_game, start_game
from campaigns.game.table import buy_red_star, record_recruitment
from campaigns.models import AuditEntry, Game, Seat
from campaigns.selectors.cards import faction_card_backs
from legacy.errors import RuleViolation
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db


def seat(player, faction, hq):
    return {"player": player.pk, "faction": faction, "hq": hq}


@pytest.fixture
def set_up(prepared_campaign, players, owner):
    return setup_game(
        campaign=prepared_campaign,
        seats=[
            seat(players["Ada"], "khan-industries", "egypt"),
            seat(players["Boris"], "die-mechaniker", "japan"),
            seat(players["Chloe"], "enclave-of-the-bear", "peru"),
        ],
        by=owner,
    )


def seats_now(game):
    return list(Seat.objects.filter(game=game).order_by("order").values_list("hq", "faction"))


def test_cancelling_a_set_up_game_frees_its_number_and_the_audit_says_so(
    set_up, prepared_campaign, players, owner
):
    assert cancel_game(game=set_up, reason="Dmitri came after all.", by=owner) == 1
    assert not Game.objects.filter(campaign=prepared_campaign).exists()
    entry = AuditEntry.objects.filter(campaign=prepared_campaign, action="game-cancelled").get()
    assert entry.user == owner
    assert "Game 1" in audit_text(entry) and "Dmitri came after all." in audit_text(entry)
    assert AuditEntry.objects.filter(campaign=prepared_campaign, action="game-setup").exists()
    again = setup_game(
        campaign=prepared_campaign,
        seats=[
            seat(players["Ada"], "khan-industries", "egypt"),
            seat(players["Boris"], "die-mechaniker", "japan"),
            seat(players["Chloe"], "enclave-of-the-bear", "peru"),
            seat(players["Dmitri"], "saharan-republic", "alaska"),
        ],
    )
    assert again.number == 1


def test_a_started_game_without_entries_can_still_be_cancelled(set_up, owner):
    start_game(game=set_up)
    cancel_game(game=set_up, reason="Wrong evening.", by=owner)
    assert not Game.objects.filter(pk=set_up.pk).exists()


def test_an_entry_for_a_game_cancelled_meanwhile_is_refused_and_writes_nothing(
    set_up, prepared_campaign, players, owner
):
    start_game(game=set_up)
    held = Game.objects.get(pk=set_up.pk)  # another phone still shows the game
    cancel_game(game=set_up, reason="Wrong evening.", by=owner)
    version = type(prepared_campaign).objects.get(pk=prepared_campaign.pk).world_version
    with pytest.raises(RuleViolation) as refused:
        buy_red_star(game=held, player=players["Ada"].pk, by=owner)
    assert refused.value.rule == "unknown-game"
    assert type(prepared_campaign).objects.get(pk=prepared_campaign.pk).world_version == version


def test_a_game_is_cancelled_only_with_a_reason(set_up, owner):
    with pytest.raises(RuleViolation) as refused:
        cancel_game(game=set_up, reason="  ", by=owner)
    assert refused.value.rule == "cancel-reason"
    assert Game.objects.filter(pk=set_up.pk).exists()


def test_a_game_with_an_entry_cannot_be_cancelled(set_up, players, owner):
    start_game(game=set_up)
    record_recruitment(game=set_up, player=players["Ada"].pk, troops=30)
    with pytest.raises(RuleViolation) as refused:
        cancel_game(game=set_up, reason="Oops.", by=owner)
    assert refused.value.rule == "game-played" and refused.value.conflict
    assert Game.objects.filter(pk=set_up.pk).exists()
    assert not AuditEntry.objects.filter(action="game-cancelled").exists()


def test_a_mistyped_hq_is_fixed_before_the_first_entry(set_up, players, owner):
    fixed = fix_seat(game=set_up, player=players["Boris"].pk, hq="china", by=owner)
    assert fixed.hq == "china"
    assert seats_now(set_up)[1] == ("china", "die-mechaniker")
    entry = AuditEntry.objects.get(action="seat-fixed")
    assert entry.data["before"]["hq"] == "japan" and entry.data["after"]["hq"] == "china"


def test_an_illegal_hq_is_refused_with_the_checks_of_setup_and_nothing_is_written(
    set_up, players, owner
):
    before = seats_now(set_up)
    with pytest.raises(RuleViolation) as refused:
        # Egypt is Ada's HQ: a start must be an empty territory.
        fix_seat(game=set_up, player=players["Boris"].pk, hq="egypt", by=owner)
    assert refused.value.rule == "legal-start"
    with pytest.raises(RuleViolation) as taken:
        fix_seat(game=set_up, player=players["Boris"].pk, faction="khan-industries", by=owner)
    assert taken.value.rule == "faction-once"
    assert seats_now(set_up) == before
    assert not AuditEntry.objects.filter(action__startswith="seat-").exists()


def test_a_player_fixed_in_a_seat_must_be_on_the_roster_and_seated_once(set_up, players, owner):
    with pytest.raises(RuleViolation) as twice:
        fix_seat(game=set_up, player=players["Boris"].pk, new_player=players["Ada"].pk)
    assert twice.value.rule == "player-once"
    fixed = fix_seat(game=set_up, player=players["Boris"].pk, new_player=players["Dmitri"].pk)
    assert fixed.player == players["Dmitri"]


def test_after_an_entry_a_faction_fix_needs_a_reason_and_the_card_back_follows(
    set_up, prepared_campaign, players, owner
):
    start_game(game=set_up)
    record_recruitment(game=set_up, player=players["Ada"].pk, troops=30)
    with pytest.raises(RuleViolation) as refused:
        fix_seat(game=set_up, player=players["Ada"].pk, faction="saharan-republic", by=owner)
    assert refused.value.rule == "seat-fix-reason"
    assert seats_now(set_up)[0] == ("egypt", "khan-industries")

    fix_seat(
        game=set_up,
        player=players["Ada"].pk,
        faction="saharan-republic",
        reason="Ada played the Saharans; we ticked the wrong box.",
        by=owner,
    )
    backs = faction_card_backs(prepared_campaign.pk)
    assert backs["saharan-republic"][0] == {
        "game": 1,
        "x": False,
        "player": "Ada",
        "hq": "egypt",
        "result": "",
        "draft": None,
    }
    assert backs["khan-industries"][0] == {"game": 1, "x": True}
    entry = AuditEntry.objects.get(action="seat-corrected")
    assert entry.user == owner
    assert entry.data["reason"] == "Ada played the Saharans; we ticked the wrong box."
    assert entry.data["before"]["faction"] == "khan-industries"
    assert entry.data["after"]["faction"] == "saharan-republic"


def test_a_fix_that_changes_nothing_is_refused(set_up, players):
    with pytest.raises(RuleViolation) as refused:
        fix_seat(game=set_up, player=players["Ada"].pk, hq="egypt")
    assert refused.value.rule == "seat-unchanged"


def test_a_game_in_which_a_packet_was_opened_cannot_be_cancelled(set_up, prepared_campaign, owner):
    from campaigns.game.packets import open_packet

    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY, campaign=prepared_campaign, packet="pocket-1", by=owner
    )
    with pytest.raises(RuleViolation) as refused:
        cancel_game(game=set_up, reason="Oops.", by=owner)
    assert refused.value.rule == "game-played"
    assert Game.objects.filter(pk=set_up.pk).exists()
