"""The address a request really comes from, the same for every limit that counts by address.

Behind ``TRUSTED_PROXIES`` reverse proxies, each proxy appends the address it received the
request from to ``X-Forwarded-For``; the client's address is the one the outermost trusted proxy
wrote, that many entries from the right. Anything further left was written by the client and is
not believed. With no trusted proxy (the default) the header is ignored altogether and the
address is the connection's own. DRF's throttles read the same setting (``NUM_PROXIES``).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def _valid(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def client_address(request) -> str:
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = getattr(settings, "TRUSTED_PROXIES", 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",")]
    candidate = hops[-min(proxies, len(hops))]
    # A proxy that lets a malformed header through must not make the address unreadable.
    return candidate if _valid(candidate) else remote
