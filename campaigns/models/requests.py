"""A write remembered by its ``Idempotency-Key``: a request sent again (a phone's retry on a
flaky network, a script's replay) is answered from here instead of being recorded twice.

One row per key and actor (the account that sent it). While the first request with the key is
still being worked on, the row has no ``status`` (it is "in flight"); then it holds the answer
(status, body and the few headers a client reads). Rows older than
``IDEMPOTENCY_KEY_TTL_HOURS`` are forgotten. How requests use the rows is
``campaigns.idempotency``.
"""

from __future__ import annotations

from django.db import models


class IdempotentRequest(models.Model):
    actor = models.CharField(max_length=64, help_text="Who sent the key: user:<id>.")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(
        max_length=64, help_text="SHA-256 of the method, the path and the body it came with."
    )
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=2048)
    status = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The answer's status; empty while still in flight."
    )
    body = models.BinaryField(default=b"", blank=True)
    headers = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(
        auto_now_add=True, db_index=True, help_text="When it was claimed, or last taken over."
    )
    attempt = models.PositiveIntegerField(
        default=1,
        help_text="Which request with this key holds it: a retry taking over a request whose "
        "worker died makes it the next; only the holder's answer is kept.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["actor", "key"], name="idempotency_key_once_per_actor")
        ]

    def __str__(self) -> str:
        return f"{self.actor} {self.key}"


class UsedLink(models.Model):
    """A one-time link already followed (an e-mail address confirmed), by the SHA-256 of its
    token: it works once, ever, even when the account's state would let it work again. Rows older
    than the links' lifetime are swept when a new one is written (``web.email_change``)."""

    digest = models.CharField(max_length=64, unique=True)
    used_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return self.digest[:12]
