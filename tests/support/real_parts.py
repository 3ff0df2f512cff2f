"""The real parts a test may need (PostgreSQL, a broker for a real worker), and what a run does
when one is missing."""

from __future__ import annotations

import os

import pytest


def missing(reason: str):
    if os.environ.get("CI") == "true" and os.environ.get("EARTHBOOK_PASS") != "sqlite":
        pytest.fail(f"CI needs the real parts: {reason}", pytrace=False)
    pytest.skip(reason)
