"""Hooks that finish the OpenAPI schema drf-spectacular generates."""

from __future__ import annotations

# DRF's CharField refuses text holding a NUL character ("Null characters are not allowed."):
# the schema says so, for every text a client sends that has no tighter shape of its own.
NO_NUL = "^[^\\x00]*$"
# DRF also trims the white space around a text and then refuses one left blank ("This field may
# not be blank."): a text that may not be blank holds at least one other character. Python trims
# more than a pattern's \s names (the separators \x1c to \x1f, and \x85): they are named too.
NOT_BLANK = "^[^\\x00]*[^\\s\\x00\\x1c-\\x1f\\x85][^\\x00]*$"


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


IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "description": (
        "Any text of 1 to 255 visible characters, new for each write (a UUID). Sent again with "
        "the same key, method, path and body, the write is recorded once and answered exactly "
        "as the first time; sent while the first is still being worked on, it waits for it "
        "and is given its answer (a backup import is answered 409 meanwhile). The key, the "
        "write and its answer are committed together: a request lost mid-write leaves nothing, "
        "and sent again it is recorded as the first. The same key with another request is "
        "refused (422). Keys are kept per account for IDEMPOTENCY_KEY_TTL_HOURS (24 by "
        "default)."
    ),
    "schema": {
        "type": "string",
        "minLength": 1,
        "maxLength": 255,
        "pattern": "^[!-~]([ -~]*[!-~])?$",
    },
}
IDEMPOTENCY_REFUSALS = {
    "409": "The state of things refuses it, or (a backup import) a request with this "
    "Idempotency-Key is still being worked on.",
    "422": "This Idempotency-Key was already sent with another request.",
}
WRITE_METHODS = ("post", "put", "patch", "delete")


def idempotency_key_on_writes(result, generator, request, public):
    """Every write takes the ``Idempotency-Key`` header (config/idempotency.py), and may be
    refused with 409 or 422 because of it, in the one error shape."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in WRITE_METHODS:
                continue
            parameters = operation.setdefault("parameters", [])
            if not any(p.get("name") == IDEMPOTENCY_KEY["name"] for p in parameters):
                parameters.append(dict(IDEMPOTENCY_KEY))
            responses = operation.setdefault("responses", {})
            for code, description in IDEMPOTENCY_REFUSALS.items():
                responses.setdefault(code, {"content": error, "description": description})
    return result


def long_addresses_refused(result, generator, request, public):
    """Every operation may be refused with 414 when its path and query string are longer than
    the server takes (``URI_MAX_LENGTH``, config/long_uris.py), in the one error shape."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            operation["responses"].setdefault(
                "414", {"content": error, "description": "The address is too long."}
            )
    return result
