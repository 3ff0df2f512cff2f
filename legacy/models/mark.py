"""What every mark is: a row placed in a known game, by someone, never erased, only covered or
voided; the queries that read the marks that count, and the checks every table of marks keeps."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from legacy.board import CONTINENT_CHOICES, TERRITORY_CHOICES
from legacy.box import FACTION_CHOICES

CAMPAIGN = "campaigns.Campaign"
PLAYER = "campaigns.Player"

TERRITORY_SLUGS = [slug for slug, _name in TERRITORY_CHOICES]
CONTINENT_SLUGS = [slug for slug, _name in CONTINENT_CHOICES]


def faction_label(slug: str | None) -> str:
    """The box's name of one of its five factions; any other faction by its slug."""
    return dict(FACTION_CHOICES).get(slug or "", slug or "")


# A mark counts while it is neither voided nor removed.
ACTIVE = Q(voided=False, removed_in_game__isnull=True)


class MarkQuerySet(models.QuerySet):
    def current(self):
        return self.filter(ACTIVE)

    def as_of(self, game: int):
        """The marks that counted at the end of game ``game``."""
        return self.filter(voided=False, placed_in_game__lte=game).filter(
            Q(removed_in_game__isnull=True) | Q(removed_in_game__gt=game)
        )

    def placed_by_game(self, game: int):
        """Every mark placed up to game ``game``, covered or not (stickers used from the stock)."""
        return self.filter(voided=False, placed_in_game__lte=game)


class RemovedReason(models.TextChoices):
    # Lower case: the words follow "removed in game N:" on the pages.
    COVERED = "covered", _("covered by another mark")
    CANCELLED = "cancelled", _("cancelled with a scar-cancel sticker")
    DESTROYED = "destroyed", _("destroyed")
    REPLACED = "replaced", _("replaced")
    OTHER = "other", _("removed")


class PowerType(models.TextChoices):
    """A power's type on a faction card, shown as its colour: a card holds one of each. The
    values are stored (``FactionPower.slot``); the words are the reader's."""

    # Lower case: the word is a tag beside the power's name. Feminine in Russian: "способность".
    STARTING = "starting", _("starting")
    RED = "red", pgettext_lazy("power type", "red")
    ORANGE = "orange", pgettext_lazy("power type", "orange")
    GREEN = "green", pgettext_lazy("power type", "green")
    BLUE = "blue", pgettext_lazy("power type", "blue")
    PURPLE = "purple", pgettext_lazy("power type", "purple")
    BLACK = "black", pgettext_lazy("power type", "black")
    WHITE = "white", pgettext_lazy("power type", "white")


def power_type_label(slot: str) -> str:
    """A power's type in the reader's words; a type stored before the list stays as stored."""
    return str(PowerType(slot).label) if slot in PowerType.values else slot


class BroughtIn(models.TextChoices):
    """Whether a mark was brought in from games played before the campaign came to Earthbook
    (``campaigns.bring_in``), and whether the group knew the game it was made in. One whose game
    is not known stands in the last brought-in game."""

    PLAYED = "", _("entered at the table")
    KNOWN = "known", _("brought in")
    UNKNOWN = "unknown", _("brought in, game not known")


class Mark(models.Model):
    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="%(class)s_set")
    placed_in_game = models.PositiveSmallIntegerField(
        help_text="The game in which it was placed (0 = before the first game)."
    )
    placed_by = models.ForeignKey(
        PLAYER,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The player who placed it, when a player did.",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)
    removed_in_game = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The game in which it stopped counting."
    )
    removed_reason = models.CharField(
        max_length=12, choices=RemovedReason.choices, blank=True, default=""
    )
    removed_note = models.CharField(max_length=200, blank=True, default="")
    voided = models.BooleanField(
        default=False, help_text="Entered by mistake and corrected: never counted."
    )
    brought_in = models.CharField(
        max_length=8,
        choices=BroughtIn.choices,
        blank=True,
        default=BroughtIn.PLAYED,
        help_text="Brought in from the games played before Earthbook (the game known or not).",
    )

    objects = MarkQuerySet.as_manager()

    class Meta:
        abstract = True
        ordering = ["placed_in_game", "id"]

    @classmethod
    def common_constraints(cls, name: str) -> list[models.BaseConstraint]:
        return [
            models.CheckConstraint(
                condition=Q(removed_in_game__isnull=True)
                | Q(removed_in_game__gte=F("placed_in_game")),
                name=f"{name}_removed_after_placed",
            ),
        ]

    @property
    def counts_now(self) -> bool:
        return not self.voided and self.removed_in_game is None


# A territory is the box's or one a packet added (``AddedTerritory``), so which slugs exist
# depends on the campaign and the game: the rules check that against the board as of the game
# (``legacy.board.board_as_of``). What the database still keeps is the shape every slug has, the
# box's and the added ones alike: not empty, lower case, no space.
TERRITORY_SLUG_LENGTH = 40


def territory_check(name: str, field: str = "territory", nullable: bool = False):
    condition = (
        ~Q(**{field: ""}) & Q(**{field: Lower(F(field))}) & ~Q(**{f"{field}__contains": " "})
    )
    if nullable:
        condition |= Q(**{f"{field}__isnull": True})
    return models.CheckConstraint(condition=condition, name=name)
