"""The table's entries sent over the API: one input serializer per kind, built from the shapes
its entry's parameters declare (``campaigns.game.entries.fields``), and the answer."""

from __future__ import annotations

import functools
from typing import Any

from rest_framework import serializers

from api.serializers.common import (
    Flag,
    Id,
    PlayerKeyedField,
    Slug,
    Text,
    Whole,
)
from api.serializers.games import EventSerializer
from campaigns.game.entries import fields, registry
from campaigns.game.entries.fields import NOTHING, Of, Shape
from campaigns.vocabulary import EntryStatus


def _field(shape: Shape) -> serializers.Field:
    """The serializer field of one parameter's shape."""
    kw: dict[str, Any] = {}
    if shape.help:
        kw["help_text"] = shape.help
    if shape.default is not NOTHING:
        kw["default"] = shape.default
    elif not shape.required:
        kw["required"] = False
    if shape.null:
        kw["allow_null"] = True
    if shape.blank:
        kw["allow_blank"] = True
    bounds: dict[str, Any] = {"min_value": shape.low, "max_value": shape.high}
    match shape.of:
        case Of.ID:
            return Id(**kw)
        case Of.WHOLE:
            return Whole(**bounds, **kw)
        case Of.FLAG:
            return Flag(**kw)
        case Of.TEXT:
            return Text(max_length=shape.length, **kw)
        case Of.SLUG:
            return Slug(**kw)
        case Of.SLUGS:
            child = Text(max_length=shape.item_length)
            return serializers.ListField(child=child, max_length=shape.length, **kw)
        case Of.PER_PLAYER:
            return PlayerKeyedField(child=Whole(**bounds), **kw)
    raise TypeError(f"No field for {shape.of}.")  # pragma: no cover - every shape has one


def serializer_name(path: str) -> str:
    """The serializer's name, from the entry's address: "hq-taken" is HqTakenEventSerializer
    (its OpenAPI component is HqTakenEvent)."""
    return "".join(part.capitalize() for part in path.split("-")) + "EventSerializer"


@functools.cache
def entry_serializer(kind: str) -> type[serializers.Serializer]:
    """The input serializer of the kind of entry ``kind``: a field per parameter, in the
    parameters' order, and the entry's own checks across them (``validate``)."""
    entry = registry.entry(kind)
    assert entry.params is not None, kind
    declared: dict[str, Any] = {
        name: _field(shape) for name, shape in fields.shapes(entry.params).items()
    }

    def validate(self, attrs):
        # The entry's checks across its parameters: refused before anything is read.
        # Only the parameters: the route may add fields of its own (``made_at``).
        if entry.validate is not None:
            names = fields.shapes(entry.params)
            entry.validate(entry.params(**{k: v for k, v in attrs.items() if k in names}))
        return attrs

    declared["validate"] = validate
    declared["__module__"] = __name__
    return type(serializer_name(entry.path), (serializers.Serializer,), declared)


class VoidEntrySerializer(serializers.Serializer):
    reason = Text(max_length=300, help_text="Why the entry is taken back.")


class VoidResultSerializer(serializers.Serializer):
    event = EventSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    stays_opened = serializers.ListField(
        child=serializers.CharField(),
        help_text="Packets opened because of the entry: they stay opened.",
    )


class EventResultSerializer(serializers.Serializer):
    event = EventSerializer()
    status = serializers.ChoiceField(
        choices=EntryStatus.choices,
        help_text="recorded (201), or awaiting-confirmation (202): a late entry that would "
        "change what the log decided, kept apart until the table confirms it or takes it back.",
    )
    would_change = serializers.ListField(
        child=serializers.CharField(),
        help_text="What the entry awaiting confirmation would change, in the request's "
        "language; empty when it is recorded.",
    )
    packets_to_open = serializers.ListField(child=serializers.CharField())
    red_star_to = serializers.IntegerField(allow_null=True)


class ConfirmResultSerializer(serializers.Serializer):
    event = EventSerializer()
    taken_back = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The later entries taken back with it confirmed: no longer possible.",
    )
