"""Field types every serializer shares: strict text, booleans and numbers, database ids, slugs,
and mappings keyed by player id.

DRF's own fields take input loosely: a CharField turns ``12345`` into ``"12345"``, a
BooleanField takes ``"yes"`` or ``1``, an IntegerField takes ``"12"`` or ``12.0``. The strict
fields here take a JSON body's values only as the schema declares them (text as a string, a
boolean as true/false, a number as a number). In a query string every value is text, so there
(``context["in_query"]``, set by ``read_query``) a boolean is ``true`` or ``false`` and a number
is written in digits.
"""

from __future__ import annotations

import math
import re

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.access import MAX_ID

GAME_NUMBER_MAX = 32767  # a PositiveSmallIntegerField holds no more

_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def kind_of(value) -> str:
    """What a JSON value is, in words, for a refusal."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "text"


def _in_query(field) -> bool:
    return bool(field.context.get("in_query"))


def refuse_repeated(query, names) -> None:
    """Every query parameter is one value: a key given twice (``?n=1&n=2``, a list where the
    schema says one number or word) is refused, not read as one of its values."""
    repeated = {name: [f"Give {name} once."] for name in names if len(query.getlist(name)) > 1}
    if repeated:
        raise serializers.ValidationError(repeated)


class StrictCharField(serializers.CharField):
    """Text, and only text: a number or a boolean is refused, never turned into a string."""

    default_error_messages = {"not_text": "Must be text, not {kind}."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text", kind=kind_of(data))
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """true or false: in a body the JSON booleans, in a query string the words true and false."""

    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        if _in_query(self) and data in ("true", "false"):
            return data == "true"
        self.fail("invalid")


class StrictIntegerField(serializers.IntegerField):
    """A whole number: in a body a JSON number (12.0, "12" and true are refused), in a query
    string digits with an optional minus sign."""

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, str):
            if not _in_query(self) or len(data) > self.MAX_STRING_LENGTH:
                self.fail("invalid")
            if not _WHOLE.fullmatch(data):
                self.fail("invalid")
            return super().to_internal_value(int(data))
        if not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictFloatField(serializers.FloatField):
    """A finite number: in a body a JSON number, in a query string written in digits."""

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, str):
            if not _in_query(self) or len(data) > 100 or not _DECIMAL.fullmatch(data):
                self.fail("invalid")
        elif not isinstance(data, int | float):
            self.fail("invalid")
        value = super().to_internal_value(data)
        if not math.isfinite(value):
            self.fail("invalid")
        return value


@extend_schema_field(
    {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "exclusiveMinimum": True,
        "exclusiveMaximum": True,
    }
)
class ChanceField(StrictFloatField):
    """A chance strictly between 0 and 1."""

    default_error_messages = {"range": "The chance must be a number between 0 and 1."}

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not 0 < value < 1:
            self.fail("range")
        return value


Text = StrictCharField
Flag = StrictBooleanField
Whole = StrictIntegerField


def Id(**kwargs):  # noqa: N802 - reads as a field type
    """A database id: a whole number that fits a 64-bit column."""
    return StrictIntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def Slug(**kwargs):  # noqa: N802
    return StrictCharField(max_length=40, **kwargs)


def GameNumber(**kwargs):  # noqa: N802
    """A game's number; 0 stands for "before the first game"."""
    kwargs.setdefault("min_value", 0)
    return StrictIntegerField(max_value=GAME_NUMBER_MAX, **kwargs)


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


def defender_missiles_field() -> Whole:
    """The missiles the defender holds, as every odds question takes them."""
    return Whole(
        default=0,
        min_value=-(10**6),
        max_value=10**6,
        help_text="Missiles the defender holds (0 to 17). After each roll the attacker chooses "
        "its missiles first, then the defender answers with its own; both play for the whole "
        "battle.",
    )


class CreditSerializer(serializers.Serializer):
    """Who made an entry, a mark or a note (``campaigns.claims.credit_of``)."""

    player = serializers.IntegerField(
        allow_null=True,
        help_text="The roster name the account that made it is linked to (claim your name); "
        "null when it is linked to none.",
    )
    name = serializers.CharField(
        help_text="The name it is credited to: that player's name, else the account's username."
    )


def credit_data(credit) -> dict | None:
    return None if credit is None else {"player": credit.player, "name": credit.name}
