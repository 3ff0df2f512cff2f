"""Slowing down password guessing at the token endpoint.

Two limits, both read from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` at request time (DRF's
own throttles read the rates once, at import, so a test could not lower them):

* ``login``: attempts from one address, successful or not (DRF's usual throttle);
* ``login_failures``: failed attempts on one username, from any address, so that spreading a
  guessing run over many addresses does not help either. A success does not reset it: the
  count simply expires with its window.
"""

from __future__ import annotations

import hashlib
import time

from django.core.cache import cache
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


def _rate(scope: str) -> tuple[int | None, int | None]:
    rate = api_settings.DEFAULT_THROTTLE_RATES.get(scope)
    if not rate:
        return None, None
    return SimpleRateThrottle.parse_rate(None, rate)


class LoginRateThrottle(SimpleRateThrottle):
    scope = "login"

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def _failure_key(username: str) -> str:
    digest = hashlib.sha256(username.strip().casefold().encode()).hexdigest()
    return f"throttle_login_failures_{digest}"


def failures_wait(username: str) -> float | None:
    """Seconds to wait before this username may try again, or None if it may try now."""
    allowed, window = _rate("login_failures")
    if allowed is None:
        return None
    now = time.time()
    recent = [t for t in cache.get(_failure_key(username), []) if t > now - window]
    if len(recent) < allowed:
        return None
    return max(1.0, recent[0] + window - now)


def record_failure(username: str) -> None:
    allowed, window = _rate("login_failures")
    if allowed is None:
        return
    now = time.time()
    key = _failure_key(username)
    recent = [t for t in cache.get(key, []) if t > now - window]
    cache.set(key, [*recent, now][-allowed:], window)
