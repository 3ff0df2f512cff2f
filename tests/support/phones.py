"""The phone the browser tests hold: its screen, in CSS pixels; and a write made as another
device at the table would make it."""

from __future__ import annotations

import time

from django.db import OperationalError, connection

PHONE = {"width": 390, "height": 844}


def saved_elsewhere(service, **kwargs):
    """Call ``service`` from the test, as another device would save. On SQLite the live server's
    threads share the test's in-memory database, and a page polling at that very moment holds a
    table lock that refuses the write at once (PostgreSQL would wait): try again shortly then,
    as a device's retry would. Each try is one transaction, rolled back whole when refused."""
    for _ in range(50):
        try:
            return service(**kwargs)
        except OperationalError as error:
            if connection.vendor != "sqlite" or "locked" not in str(error):
                raise
            time.sleep(0.1)
    return service(**kwargs)
