"""The people: a campaign, its members and their roles, its roster of players, the invitations
that let someone join, and the audit of every change.

The durable world (every sticker and signature) lives in ``legacy.models``; a campaign owns one.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaigns.vocabulary import (
    BearFirstAttack,
    BearThreeOfAKind,
    CancelledScarTerritory,
    CityOverMark,
    DefenceClampOrder,
    DefenceDiceClamp,
    DiceOrderAfterModifiers,
    MissileOrder,
    MissilesAtSetup,
    MissileSixNatural,
    PictureLanguage,
    Role,
    ScarOnHqTerritory,
)


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


class Campaign(models.Model):
    # Not a column: true on the row a write holds locked, whose reads must not be cached
    # (``campaigns.services.cached_world``).
    writing: bool = False

    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_campaigns"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Before the first game: starting powers chosen and the 12 coins placed.
    prepared_at = models.DateTimeField(null=True, blank=True)
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    # Brought in (``campaigns.bring_in``): the games the group played before Earthbook, or None
    # for a campaign that started here. Past games and marks are entered freely until the group
    # says it is done; from then on corrections are the way.
    brought_in_games = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Games played before the campaign came to Earthbook (none: it started here).",
    )
    brought_in_done_at = models.DateTimeField(
        null=True, blank=True, help_text="When the group said everything was brought in."
    )
    # Bumped under the campaign lock by every write: what an open page compares to know that
    # something changed.
    world_version = models.PositiveIntegerField(default=0, editable=False)
    # Bumped with it by every write that may change the marks on the board (all writes but
    # the in-game entries that place nothing), so a world read can be cached safely across
    # the entries of a game.
    marks_version = models.PositiveIntegerField(default=0, editable=False)
    # Bumped with it by every write that may change what the sealed packets' triggers read
    # (all writes but the in-game entries that no trigger reads, such as a red star bought), so
    # the packets due can be cached across those entries.
    triggers_version = models.PositiveIntegerField(default=0, editable=False)
    shared = models.BooleanField(
        default=False, help_text="Anyone with the share link may read this campaign."
    )
    public = models.BooleanField(default=False, help_text="Listed on the home page.")
    world_number = models.CharField(
        max_length=30,
        blank=True,
        default="",
        help_text="The world number printed in the box, as the group reads it (Earth #00001234).",
    )
    archived = models.BooleanField(
        default=False, help_text="Read-only: every change is refused until the owner unarchives."
    )
    hide_unlocked_content = models.BooleanField(
        default=False,
        help_text="Only members see what the opened packets unlocked.",
    )
    # House rules: where readings of the rulebook differ, the group decides (RULES.md section 9).
    held_on_rewards_end_together = models.BooleanField(
        default=False,
        help_text="Held-on rewards end for everyone once either stock (minor cities or coins) "
        "is empty; otherwise each reward ends with its own stock.",
    )
    world_capitals_allowed = models.PositiveSmallIntegerField(
        default=1,
        help_text="How many World Capitals may exist at once, once a packet allows founding them.",
    )
    world_capital_is_a_start = models.BooleanField(
        default=False,
        help_text=_(
            "A World Capital is a legal start for its founder, as a major city they founded is "
            "(the rulebook says it is not)."
        ),
    )
    missiles_at_setup = models.CharField(
        max_length=20,
        choices=MissilesAtSetup.choices,
        default=MissilesAtSetup.PER_SIGNATURE,
        help_text="Missiles a player who signed takes before a game.",
    )
    bear_first_attack = models.CharField(
        max_length=20,
        choices=BearFirstAttack.choices,
        default=BearFirstAttack.WHOLE_BATTLE,
        help_text="How long the Enclave of the Bear's power (a) lasts.",
    )
    bear_three_of_a_kind = models.CharField(
        max_length=20,
        choices=BearThreeOfAKind.choices,
        default=BearThreeOfAKind.NATURAL_ONLY,
        help_text="Which dice make the Enclave of the Bear's three of a kind.",
    )
    missile_six_natural = models.CharField(
        max_length=20,
        choices=MissileSixNatural.choices,
        default=MissileSixNatural.NOT_NATURAL,
        help_text="Whether a missile's 6 counts as natural for powers that ask for natural dice.",
    )
    missile_order = models.CharField(
        max_length=20,
        choices=MissileOrder.choices,
        default=MissileOrder.AS_DECLARED,
        help_text="Who chooses their missiles first after a roll, when both sides hold some.",
    )
    defence_dice_clamp = models.CharField(
        max_length=20,
        choices=DefenceDiceClamp.choices,
        default=DefenceDiceClamp.ADD_THEN_CLAMP,
        help_text="How a defence die's modifiers meet the limits 1 and 6.",
    )
    defence_clamp_order = models.CharField(
        max_length=30,
        choices=DefenceClampOrder.choices,
        default=DefenceClampOrder.AS_THEY_COME,
        help_text="The order a defence die's modifiers are taken in when clamped after each.",
    )
    dice_order_after_modifiers = models.CharField(
        max_length=20,
        choices=DiceOrderAfterModifiers.choices,
        default=DiceOrderAfterModifiers.RESORT,
        help_text="Whether dice are sorted again after modifiers and missiles.",
    )
    cancelled_scar_territory = models.CharField(
        max_length=20,
        choices=CancelledScarTerritory.choices,
        default=CancelledScarTerritory.UNMARKED,
        help_text="Whether a territory whose scar was cancelled counts as marked.",
    )
    scar_on_hq_territory = models.CharField(
        max_length=20,
        choices=ScarOnHqTerritory.choices,
        default=ScarOnHqTerritory.ALLOWED,
        help_text="Whether a scar card may scar a territory where an HQ of the game stands.",
    )
    city_over_mark = models.CharField(
        max_length=20,
        choices=CityOverMark.choices,
        default=CityOverMark.STAYS,
        help_text="Whether a city founded on a territory removes the group's own marks there.",
    )
    language = models.CharField(
        max_length=5,
        choices=PictureLanguage.choices,
        default=PictureLanguage.ENGLISH,
        help_text="The language the board pictures are drawn in (pages follow each reader's).",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The home page lists the newest public campaigns among all of the service's.
            models.Index(
                fields=["-created_at"], condition=Q(public=True), name="public_campaigns_newest"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def bringing_in(self) -> bool:
        """Past games and marks may still be brought in: the group has not said it is done."""
        return self.brought_in_games is not None and self.brought_in_done_at is None


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)
    # The link the member joined by, if any: removing the member withdraws it.
    invitation = models.ForeignKey(
        "Invitation",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memberships",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_known"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.campaign}"

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER


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
    # A member asked to be this roster name; the owner confirms (``campaigns.claims``).
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="player_name_unique"),
            # A member waits on one claim at a time (``campaigns.claims.claim_name``).
            models.UniqueConstraint(
                fields=["campaign", "claimed_by"],
                condition=Q(claimed_by__isnull=False),
                name="one_claim_per_member",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class AuditEntry(models.Model):
    """One change to a campaign: who, when, what.

    ``action`` names what happened and ``data`` holds its parameters; the words are made from
    them when the entry is read, in the reader's language. Entries written before that keep the
    English ``summary`` they were stored with (new entries store none).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    summary = models.CharField(max_length=300, blank=True, default="")
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        from campaigns.audit_words import audit_text

        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {audit_text(self)}"


class Invitation(models.Model):
    """A link the owner hands out: whoever opens it, logged in, joins with its role.

    A link serves the whole group (it may be used more than once) unless it is single-use. It
    works for ``settings.INVITATION_TTL_DAYS`` days after it was made, until the owner revokes
    it, or until a member who joined by it is removed (``campaigns.members.remove_member``).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=32, unique=True, default=new_share_token)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    single_use = models.BooleanField(default=False)
    player = models.ForeignKey(
        "Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The roster name whoever joins by this link is linked to (the inviter's choice).",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # An invitation never makes a second owner.
            models.CheckConstraint(
                condition=Q(role__in=[Role.EDITOR, Role.VIEWER]), name="invitation_role_member"
            ),
        ]

    def __str__(self) -> str:
        return f"Invitation to {self.campaign} as {self.role}"

    @property
    def expires_at(self):
        """When the link stops working: ``INVITATION_TTL_DAYS`` after it was made."""
        return self.created_at + timedelta(days=settings.INVITATION_TTL_DAYS)

    @property
    def is_expired(self) -> bool:
        return timezone.now() >= self.expires_at

    @property
    def is_used_up(self) -> bool:
        return self.single_use and self.uses > 0
