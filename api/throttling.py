"""Slowing down the token endpoint.

``login``: token requests from one client address, successful or not, read from
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` at request time (DRF's own throttles read the rates
once, at import, so a test could not lower them). The address is DRF's, which believes
X-Forwarded-For only behind ``NUM_PROXIES`` (= ``TRUSTED_PROXIES``) proxies.

Failed logins are counted by django-axes, in the database, like on every other login door.
"""

from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


class LoginRateThrottle(SimpleRateThrottle):
    scope = "login"

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
