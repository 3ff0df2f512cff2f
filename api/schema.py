"""Hooks that finish the OpenAPI schema drf-spectacular generates."""

from __future__ import annotations

# DRF's CharField refuses text holding a NUL character ("Null characters are not allowed."):
# the schema says so, for every text a client sends that has no tighter shape of its own.
NO_NUL = "^[^\\x00]*$"
# DRF also trims the white space around a text and then refuses one left blank ("This field may
# not be blank."): a text that may not be blank holds at least one other character.
NOT_BLANK = "^[^\\x00]*[^\\s\\x00][^\\x00]*$"


def _text_pattern(schema) -> str | None:
    """The pattern a client's text must match, or None when the schema already shapes it."""
    if (
        schema.get("type") != "string"
        or schema.get("readOnly")
        or {"enum", "format", "pattern"} & schema.keys()
    ):
        return None
    return NOT_BLANK if schema.get("minLength", 0) >= 1 else NO_NUL


def _forbid_nul(schema) -> None:
    if isinstance(schema, list):
        for item in schema:
            _forbid_nul(item)
        return
    if not isinstance(schema, dict):
        return
    pattern = _text_pattern(schema)
    if pattern:
        schema["pattern"] = pattern
    for key, value in schema.items():
        if key in ("properties", "patternProperties"):
            for sub in value.values():
                _forbid_nul(sub)
        elif key in ("items", "additionalProperties", "allOf", "anyOf", "oneOf", "not"):
            _forbid_nul(value)


def forbid_nul_in_input(result, generator, request, public):
    """Request bodies (the ``...Request`` components), and the query strings' texts that may not
    be blank. Other query strings are left alone: most operations ignore a value they do not need
    (a share token beside a login)."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            _forbid_nul(schema)
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for media in operation.get("requestBody", {}).get("content", {}).values():
                _forbid_nul(media.get("schema"))
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if parameter.get("in") == "query" and _text_pattern(schema) == NOT_BLANK:
                    schema["pattern"] = NOT_BLANK
    return result
