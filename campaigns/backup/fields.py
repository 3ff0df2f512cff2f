"""The checks of one row's fields, shared by the document's checks and the restore: a JSON value
read as what the model's field holds (``typed``), free JSON kept within the settings' bounds,
a part that must be a list, and a model's refusal put in words."""

from __future__ import annotations

import datetime
import json
import math

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from campaigns.backup.document import refuse_backup
from campaigns.backup.values import json_is_plain


def describe(error: ValidationError) -> str:
    if hasattr(error, "error_dict"):
        parts = []
        for name, errors in error.message_dict.items():
            text = " ".join(errors)
            parts.append(text if name == "__all__" else f"{name}: {text}")
        return "; ".join(parts)
    return " ".join(error.messages)


def typed(f: models.Field, value, where: str):
    """A JSON value read as what the field holds, refusing a value of the wrong type."""
    if value is None:
        return None
    if f.is_relation:
        return value
    if isinstance(f, models.BooleanField):
        ok = isinstance(value, bool)
    elif isinstance(f, models.IntegerField):
        ok = type(value) is int
    elif isinstance(f, models.FloatField):
        ok = type(value) in (int, float) and math.isfinite(value)
        value = float(value) if ok else value
    elif isinstance(f, models.DateTimeField):
        if isinstance(value, str):
            try:
                parsed = datetime.datetime.fromisoformat(value)
            except ValueError:
                parsed = None
            if parsed is not None and parsed.tzinfo is not None:
                return parsed
        raise refuse_backup(where, f"{value!r} is not a date and time with its UTC offset.")
    elif isinstance(f, models.DateField):
        if isinstance(value, str):
            try:
                return datetime.date.fromisoformat(value)
            except ValueError:
                pass
        raise refuse_backup(where, f"{value!r} is not a date (YYYY-MM-DD).")
    elif isinstance(f, (models.CharField, models.TextField)):
        ok = isinstance(value, str)
    elif isinstance(f, models.JSONField):
        ok = json_is_plain(value)
        if ok:
            check_json_bounds(value, where)
    else:  # pragma: no cover - a field type this format does not know yet
        raise refuse_backup(where, f"cannot read a {type(f).__name__}.")
    if not ok:
        expected = {
            models.BooleanField: "true or false",
            models.IntegerField: "a whole number",
            models.FloatField: "a number",
        }
        wanted = next((text for kind, text in expected.items() if isinstance(f, kind)), "a string")
        raise refuse_backup(where, f"{value!r} should be {wanted}.")
    return value


def check_json_bounds(value, where: str) -> None:
    """Free JSON (audit data, event data...) no deeper and no longer than the settings allow,
    measured without recursion, so that a hostile value cannot exhaust the stack here or, once
    stored, when the campaign is exported."""
    limit = settings.BACKUP_JSON_MAX_DEPTH
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > limit:
                raise refuse_backup(where, f"nested more than {limit} levels deep.")
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    size = len(json.dumps(value, ensure_ascii=False))
    if size > settings.BACKUP_JSON_MAX_CHARS:
        raise refuse_backup(
            where, f"{size} characters long; at most {settings.BACKUP_JSON_MAX_CHARS} are allowed."
        )


def list_field(container: dict, key: str, where: str = "") -> list:
    if key not in container:
        raise refuse_backup(where or key, "missing.")
    value = container[key]
    if not isinstance(value, list):
        raise refuse_backup(where or key, "should be a list.")
    return value
