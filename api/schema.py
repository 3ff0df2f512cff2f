"""Hooks that finish the OpenAPI schema drf-spectacular generates."""

from __future__ import annotations

# DRF's CharField refuses text holding a NUL character ("Null characters are not allowed."):
# the schema says so, for every text a client sends that has no tighter shape of its own.
NO_NUL = "^[^\\x00]*$"


def _forbid_nul(schema) -> None:
    if isinstance(schema, list):
        for item in schema:
            _forbid_nul(item)
        return
    if not isinstance(schema, dict):
        return
    if (
        schema.get("type") == "string"
        and not schema.get("readOnly")
        and not {"enum", "format", "pattern"} & schema.keys()
    ):
        schema["pattern"] = NO_NUL
    for key, value in schema.items():
        if key in ("properties", "patternProperties"):
            for sub in value.values():
                _forbid_nul(sub)
        elif key in ("items", "additionalProperties", "allOf", "anyOf", "oneOf", "not"):
            _forbid_nul(value)


def forbid_nul_in_input(result, generator, request, public):
    """Request bodies (the ``...Request`` components). Query strings are left alone: most
    operations ignore a value they do not need (a share token beside a login)."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            _forbid_nul(schema)
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for media in operation.get("requestBody", {}).get("content", {}).values():
                _forbid_nul(media.get("schema"))
    return result
