"""What the health check asks: the database, the cache and the broker, each on its own, each
quickly (a dependency that hangs is reported down after about a second, not waited for).

The overall status is ``down`` when the database is (nothing works without it), ``degraded``
when only the cache or the broker is (pages and the API still answer: the cache fails soft, and
a picture asked for meanwhile is queued again by ``campaigns.tasks.retry_failed_snapshots`` once
the broker is back), and ``ok`` otherwise.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, connection
from kombu import Connection

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 1

OK, DOWN, NOT_CONFIGURED = "ok", "down", "not configured"


def _failed(what: str, exc: Exception) -> dict:
    logger.warning("Health check: the %s is down (%s: %s)", what, type(exc).__name__, exc)
    return {"status": DOWN, "error": type(exc).__name__}


def database() -> dict:
    try:
        # Django's own check of a connection (a trivial statement on PostgreSQL): it needs no
        # table, so a database not yet migrated still answers.
        connection.ensure_connection()
        if not connection.is_usable():
            raise DatabaseError("the connection does not answer")
    except Exception as exc:
        return _failed("database", exc)
    return {"status": OK}


def cache() -> dict:
    backend = caches["default"]
    strict = getattr(backend, "strict", None)  # the fail-soft cache would hide an outage
    backend = strict() if strict else backend
    try:
        backend.get("earthbook:health")
    except Exception as exc:
        return _failed("cache", exc)
    return {"status": OK}


def broker() -> dict:
    url = settings.CELERY_BROKER_URL
    if not url:
        return {"status": NOT_CONFIGURED}  # tasks run in-process: nothing to reach
    options = {"socket_timeout": TIMEOUT_SECONDS, "socket_connect_timeout": TIMEOUT_SECONDS}
    try:
        with Connection(url, connect_timeout=TIMEOUT_SECONDS, transport_options=options) as conn:
            conn.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=2 * TIMEOUT_SECONDS
            )
    except Exception as exc:
        return _failed("broker", exc)
    return {"status": OK}


def report() -> tuple[dict, int]:
    """The health report and its HTTP status: 503 when the database is down, else 200."""
    parts = {"database": database(), "cache": cache(), "broker": broker()}
    if parts["database"]["status"] == DOWN:
        overall = DOWN
    elif any(part["status"] == DOWN for part in parts.values()):
        overall = "degraded"
    else:
        overall = OK
    return {"status": overall, **parts}, 503 if overall == DOWN else 200
