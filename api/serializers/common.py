"""Field types every serializer shares: database ids, slugs, and mappings keyed by player id."""

from __future__ import annotations

from rest_framework import serializers

from api.access import MAX_ID

GAME_NUMBER_MAX = 32767  # a PositiveSmallIntegerField holds no more


def Id(**kwargs):  # noqa: N802 - reads as a field type
    """A database id: a whole number that fits a 64-bit column."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def Slug(**kwargs):  # noqa: N802
    return serializers.CharField(max_length=40, **kwargs)


class PlayerKeyedField(serializers.DictField):
    """A JSON object keyed by player id (JSON keys are strings, so "12" is player 12)."""

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        out = {}
        for key, item in value.items():
            text = str(key)
            # ASCII digits only: str.isdigit() also says yes to "³", which int() refuses.
            if not text.isascii() or not text.isdigit() or len(text) > 18:
                raise serializers.ValidationError(f"{key!r} is not a player id.")
            out[int(text)] = item
        return out
