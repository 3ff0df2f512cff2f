"""Corrections: fixing a mark entered by mistake, without losing what was there.

A correction edits the row in place or voids it (a voided mark never counted), and keeps who,
when, why and the row's values before and after in a ``Correction``. Nothing is deleted.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.forms.models import model_to_dict

from legacy.errors import RuleViolation
from legacy.models import (
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    Correction,
    DestroyedCard,
    FactionPower,
    Fortification,
    Mark,
    OtherMark,
    PacketOpening,
    Scar,
    Signature,
    WorldName,
)
from legacy.refusals import TableRule

# Each type of mark by the name the API's addresses and the pages' use.
MARK_TYPES: dict[str, type[Mark]] = {
    "cities": City,
    "scars": Scar,
    "fortifications": Fortification,
    "coin-stickers": CoinSticker,
    "destroyed-cards": DestroyedCard,
    "continent-names": ContinentName,
    "bonus-changes": BonusChange,
    "faction-powers": FactionPower,
    "packet-openings": PacketOpening,
    "signatures": Signature,
    "world-names": WorldName,
    "other-marks": OtherMark,
}
TYPE_OF_MODEL = {model: slug for slug, model in MARK_TYPES.items()}
# What a correction may change on each type of mark, beyond when it was placed and by whom.
EDITABLE: dict[type[Mark], frozenset[str]] = {
    City: frozenset({"territory", "kind", "name"}),
    Scar: frozenset({"territory", "faction"}),
    Fortification: frozenset({"boxes_used"}),
    CoinSticker: frozenset({"territory", "coins_after"}),
    DestroyedCard: frozenset({"territory"}),
    ContinentName: frozenset({"continent", "name"}),
    BonusChange: frozenset({"continent", "delta"}),
    FactionPower: frozenset({"name", "text"}),
    PacketOpening: frozenset({"trigger"}),
    Signature: frozenset({"name", "date", "slogan", "line"}),
    WorldName: frozenset({"name"}),
    OtherMark: frozenset({"territory", "faction", "label"}),
}
COMMON_EDITABLE = frozenset({"placed_in_game", "placed_by"})


def snapshot(mark: Mark) -> dict:
    data = model_to_dict(mark)
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in data.items()}


def validation_refusal(error: ValidationError) -> RuleViolation:
    """A correction the world's constraints refuse, with their words (Django's own are in the
    reader's language already)."""
    return RuleViolation(TableRule.WORLD, problems=" ".join(m for m in error.messages if m))


def record_correction(
    *,
    mark: Mark,
    before: dict | None,
    reason: str,
    by,
    voided: bool = False,
    framed: tuple[str, dict] | None = None,
) -> Correction:
    """``framed``: when the product frames the reason (an entry taken back), the frame's code
    and the names it speaks of, stored as they are and worded when read; ``reason`` is then
    the reason the frame speaks of, if any."""
    reason = (reason or "").strip()
    if not reason and framed is None:
        raise RuleViolation(TableRule.CORRECTION_REASON, field="reason")
    code, params = framed or ("", {})
    return Correction.objects.create(
        campaign_id=mark.campaign_id,
        made_by=by if getattr(by, "is_authenticated", False) else None,
        reason=reason[:300],
        reason_code=code,
        reason_params=params,
        mark_type=type(mark).__name__,
        voided_id=mark.pk if (voided or before is not None) else None,
        added_id=None if voided else mark.pk,
        before=before or {},
        after={} if voided else snapshot(mark),
    )


def correct_mark(*, mark: Mark, changes: dict, reason: str, by) -> Correction:
    """Change a mark's fields, checked against the same constraints as any new mark.

    Callers hold the campaign lock and run inside a transaction.
    """
    before = snapshot(type(mark).objects.get(pk=mark.pk))
    for field, value in changes.items():
        setattr(mark, field, value)
    try:
        mark.full_clean()
    except ValidationError as error:
        raise validation_refusal(error) from None
    mark.save()
    return record_correction(mark=mark, before=before, reason=reason, by=by)


def void_mark(*, mark: Mark, reason: str, by, framed: tuple[str, dict] | None = None) -> Correction:
    """A mark that should never have been entered: it stops counting in every game."""
    before = snapshot(mark)
    mark.voided = True
    mark.save(update_fields=["voided"])
    return record_correction(
        mark=mark, before=before, reason=reason, by=by, voided=True, framed=framed
    )


def changed_fields(mark_type: str, before: dict, after: dict) -> list[tuple[str, object, object]]:
    """What a correction changed, field by field: ``(field, before, after)`` for each field a
    correction may edit whose value differs, in a fixed order. A void changes nothing here (it
    has no ``after``)."""
    model = next((m for m in EDITABLE if m.__name__ == mark_type), None)
    if model is None or not before or not after:
        return []
    fields = sorted(EDITABLE[model] | COMMON_EDITABLE)
    return [(f, before.get(f), after.get(f)) for f in fields if before.get(f) != after.get(f)]
