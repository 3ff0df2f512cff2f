"""The people and the sessions: campaigns, their members and roster, and the games they play.

The durable world (every sticker and signature) lives in ``legacy.models``; a campaign owns one.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


class Campaign(models.Model):
    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_campaigns"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Before the first game: starting powers chosen and the 12 coins placed.
    prepared_at = models.DateTimeField(null=True, blank=True)
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    shared = models.BooleanField(
        default=False, help_text="Anyone with the share link may read this campaign."
    )
    public = models.BooleanField(default=False, help_text="Listed on the home page.")
    hide_unlocked_content = models.BooleanField(
        default=False,
        help_text="Only members see what the opened packets unlocked.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    EDITOR = "editor", "Editor"
    VIEWER = "viewer", "Viewer"


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_known"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"


class Player(models.Model):
    """Someone who sits at the table; may be linked to an account."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="player_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class AuditEntry(models.Model):
    """One change to a campaign, in words the group can read: who, when, what."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    summary = models.CharField(max_length=300)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"
