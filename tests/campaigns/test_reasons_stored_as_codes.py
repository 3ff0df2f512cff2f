"""The reasons the product gives itself are stored as codes and their names, never as English
sentences, and read in the reader's language (``campaigns.reasons``); rows from before, which
stored the English, read the same."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns import services
from campaigns.audit_words import audit_text
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import attack_fortification
from campaigns.models import AuditEntry
from campaigns.reasons import correction_reason
from campaigns.vocabulary import AuditAction, CorrectionReason, VoidReason
from legacy.models import City, Correction, Fortification
from tests.support.games import start

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, trio):
    return start(prepared_campaign, trio, ("egypt", "siberia", "peru"))


def in_russian(call, *args):
    with translation.override("ru"):
        return call(*args)


def box_corrections(game):
    return Correction.objects.filter(campaign=game.campaign, mark_type="Fortification")


def test_a_box_marked_by_an_attack_is_a_correction_stored_as_a_code(game, cairo):
    entry = attack_fortification(game=game, territory="egypt").event
    marked = box_corrections(game).get()
    assert marked.reason == "" and marked.reason_code == CorrectionReason.BOX_MARKED
    assert marked.reason_params == {"game": game.number, "seq": entry.seq}
    assert correction_reason(marked) == (
        f"Game {game.number}, entry {entry.seq}: a box marked after a 3-troop attack."
    )
    assert in_russian(correction_reason, marked) == (
        f"Игра {game.number}, запись {entry.seq}: отмечена клетка после атаки тремя армиями."
    )


def test_an_entry_taken_back_frames_its_corrections_as_a_code(game, cairo, owner):
    entry = attack_fortification(game=game, territory="egypt").event
    void_event(game=game, seq=entry.seq, reason=VoidReason.ENTERED_BY_MISTAKE, by=owner)
    undone = box_corrections(game).order_by("-pk").first()
    assert undone.reason == "entered-by-mistake"
    assert undone.reason_code == "entry-taken-back"
    assert undone.reason_params == {"game": game.number, "seq": entry.seq}
    assert in_russian(correction_reason, undone) == (
        f"Игра {game.number}, запись {entry.seq} отменена: Введено по ошибке."
    )
    audited = AuditEntry.objects.get(action=AuditAction.ENTRY_VOIDED)
    assert audited.data["reason"] == "entered-by-mistake"
    assert "Введено по ошибке." in in_russian(audit_text, audited)


def test_a_mark_voided_from_the_admin_stores_a_code(prepared_campaign, owner):
    city = City.objects.create(
        campaign=prepared_campaign, territory="egypt", kind="minor", name="Giza", placed_in_game=0
    )
    services.void_mark(
        campaign=prepared_campaign,
        model=City,
        mark_id=city.pk,
        reason=CorrectionReason.VOIDED_FROM_THE_ADMIN,
        by=owner,
    )
    voided = Correction.objects.get(campaign=prepared_campaign, voided_id=city.pk)
    assert voided.reason == "voided-from-the-admin"
    assert in_russian(correction_reason, voided) == "Аннулировано через админку."


@pytest.mark.parametrize(
    ("stored", "russian"),
    [
        ("Entry 4 of game 2 taken back: Entered by mistake.", "Игра 2, запись 4 отменена: "),
        ("Entry 4 of game 2: a box marked after a 3-troop attack.", "Игра 2, запись 4: отмечена"),
        ("Voided from the admin.", "Аннулировано через админку."),
        ("A typo in the name", "A typo in the name"),
    ],
)
def test_a_reason_stored_in_english_before_the_codes_is_read_in_russian(
    prepared_campaign, cairo, stored, russian
):
    old = Correction.objects.create(
        campaign=prepared_campaign, reason=stored, mark_type="Fortification", voided_id=cairo.pk
    )
    assert in_russian(correction_reason, old).startswith(russian)


def test_the_marks_history_reads_the_correction_in_russian(game, cairo, owner):
    entry = attack_fortification(game=game, territory="egypt").event
    void_event(game=game, seq=entry.seq, reason="Only two troops", by=owner)
    assert Fortification.objects.get(pk=cairo.pk).boxes_used == 0
    undone = box_corrections(game).order_by("-pk").first()
    assert in_russian(correction_reason, undone) == (
        f"Игра {game.number}, запись {entry.seq} отменена: Only two troops"
    )


def test_a_starting_power_not_chosen_is_noted_as_a_code_and_read_in_russian(prepared_campaign):
    from campaigns.reasons import removed_note_words
    from legacy.models import FactionPower

    dropped = FactionPower.objects.filter(
        campaign=prepared_campaign, removed_in_game=0, voided=False
    ).first()
    assert dropped.removed_note == "starting-power-not-chosen"
    assert removed_note_words(dropped.removed_note) == (
        "Starting power not chosen before the first game."
    )
    russian = "Стартовая способность не выбрана перед первой игрой."
    assert in_russian(removed_note_words, dropped.removed_note) == russian
    older = "Starting power not chosen before the first game."
    assert in_russian(removed_note_words, older) == russian
    assert in_russian(removed_note_words, "Lost to a scar") == "Lost to a scar"
