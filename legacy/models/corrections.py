"""A mistake fixed after the fact (``Correction``), and every kind of mark one may fix
(``MARK_MODELS``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from legacy.models.board import AddedConnection, AddedTerritory
from legacy.models.mark import CAMPAIGN, Mark
from legacy.models.marks import (
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    FactionPower,
    Fortification,
    PacketOpening,
    Scar,
    Signature,
    WorldName,
)
from legacy.models.unlocks import OtherMark


class Correction(models.Model):
    """A mistake fixed after the fact: who, when, why, and which rows it voided and added."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="corrections")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)
    reason = models.CharField(
        max_length=300,
        blank=True,
        help_text="Why, as a person gave it (or the code of a reason the product gives).",
    )
    reason_code = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="When the product frames the reason (an entry taken back): the frame's code, "
        "worded when read with reason_params and the reason.",
    )
    reason_params = models.JSONField(
        default=dict, blank=True, help_text="The names the frame of reason_code speaks of."
    )
    mark_type = models.CharField(max_length=40, help_text="The kind of mark corrected.")
    voided_id = models.BigIntegerField(null=True, blank=True)
    added_id = models.BigIntegerField(null=True, blank=True)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-made_at", "-id"]

    def __str__(self) -> str:
        return f"{self.mark_type} corrected: {self.reason}"


MARK_MODELS: tuple[type[Mark], ...] = (
    City,
    Scar,
    Fortification,
    CoinSticker,
    DestroyedCard,
    ContinentName,
    BonusChange,
    FactionPower,
    PacketOpening,
    Signature,
    WorldName,
    OtherMark,
    AddedTerritory,
    AddedConnection,
)
