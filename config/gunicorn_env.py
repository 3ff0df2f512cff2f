"""What both gunicorn configs (``config/gunicorn.conf.py``, ``config/gunicorn_live.conf.py``)
read from the environment: whole numbers, refused at start-up when misspelt or too small."""

from __future__ import annotations

import os


def whole(name: str, default: int, *, minimum: int = 1) -> int:
    """The whole number in ``name`` (``default`` when unset or blank); a value that is not a
    whole number, or is below ``minimum``, stops the start with a sentence saying why."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SystemExit(f"{name}={raw!r} is not a whole number.") from None
    if value < minimum:
        raise SystemExit(f"{name}={raw!r} must be at least {minimum}.")
    return value
