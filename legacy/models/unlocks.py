"""What the packets unlocked and the group wrote in its own words: content, kinds of mark
and their marks, sealed components, rule stickers, event and mission cards; and the campaign's
own box: its stock of stickers and its trade chart."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from legacy.box import STOCK_CHOICES
from legacy.models.mark import CAMPAIGN, TERRITORY_SLUG_LENGTH, Mark, territory_check
from legacy.models.marks import PacketOpening
from legacy.rulebook import SECTION_CHOICES


class ContentKind(models.TextChoices):
    SCAR_TYPE = "scar-type", _("New scar type")
    MARK_KIND = "mark-kind", _("New kind of mark")
    POWER = "power", _("Power")
    FACTION = "faction", _("Faction")
    EVENT_CARD = "event-card", _("Event card")
    MISSION_CARD = "mission-card", _("Mission card")
    WORLD_CAPITAL = "world-capital", _("World Capitals may be founded")
    RULE = "rule", _("Rule addition")
    OTHER = "other", _("Other")


class UnlockedContent(models.Model):
    """What a packet unlocked, in the group's own words. Never part of the product itself."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="unlocked")
    opening = models.ForeignKey(PacketOpening, on_delete=models.PROTECT, related_name="contents")
    kind = models.CharField(max_length=16, choices=ContentKind.choices)
    title = models.CharField(max_length=100)
    text = models.TextField(blank=True, default="")
    opens_pack_4 = models.BooleanField(
        default=False,
        help_text="For World Capitals: the first one founded is the mark that opens Pack 4.",
    )

    class Meta:
        ordering = ["opening__placed_in_game", "id"]
        verbose_name_plural = "unlocked content"

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.title}"


class MarkKind(models.Model):
    """A kind of mark a packet unlocked (entered by the group), beyond cities, scars and coins."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="mark_kinds")
    # Made of the name as the group wrote it (any alphabet, any punctuation), so not a SlugField.
    slug = models.CharField(max_length=40)
    name = models.CharField(max_length=60)
    text = models.TextField(blank=True, default="")
    opens_pack_4 = models.BooleanField(
        default=False, help_text="Its first appearance on the board opens Pack 4."
    )
    unlocked_by = models.ForeignKey(
        PacketOpening, on_delete=models.PROTECT, null=True, blank=True, related_name="mark_kinds"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "slug"], name="mark_kind_slug_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class OtherMark(Mark):
    """A mark of a kind the group unlocked, on a territory or a faction card."""

    kind = models.ForeignKey(MarkKind, on_delete=models.PROTECT, related_name="marks")
    territory = models.CharField(max_length=TERRITORY_SLUG_LENGTH, null=True, blank=True)
    faction = models.CharField(max_length=40, null=True, blank=True)
    label = models.CharField(max_length=60, blank=True, default="")

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("other_mark"),
            territory_check("other_mark_territory_slug", nullable=True),
            models.CheckConstraint(
                condition=Q(territory__isnull=False, faction__isnull=True)
                | Q(territory__isnull=True, faction__isnull=False),
                name="other_mark_on_territory_or_faction_card",
                violation_error_message="A mark goes either on a territory or on a faction card.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} on {self.territory or self.faction}"


class SealedComponent(models.Model):
    """A sealed component the group found beyond the box's six packets: its name and the trigger
    printed on it, in the group's own words. Earthbook does not watch its trigger: the group
    says when it happened, and opening it is a ``PacketOpening`` whose ``packet`` is this slug.

    One entered by mistake is deleted while still sealed, or voided (with its reason) once
    opened."""

    campaign = models.ForeignKey(
        CAMPAIGN, on_delete=models.CASCADE, related_name="sealed_components"
    )
    slug = models.CharField(max_length=40)
    name = models.CharField(max_length=60)
    trigger = models.CharField(max_length=300, help_text="When to open it, in the group's words.")
    added_in_game = models.PositiveSmallIntegerField(
        default=0, help_text="The last game played when it was entered (0 = none yet)."
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)
    voided = models.BooleanField(default=False, help_text="Entered by mistake: never counted.")
    void_reason = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "slug"],
                condition=Q(voided=False),
                name="sealed_component_slug_unique",
                violation_error_message="There is already a sealed component by that name.",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class RuleSticker(models.Model):
    """A rule sticker pasted into the rulebook, in the group's own words: which section, in
    which game, and (when known) the packet opening that unlocked it. ``setting`` names the
    campaign setting it changed, if Earthbook reads one (``legacy.rulebook.SETTINGS``)."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="rule_stickers")
    section = models.CharField(max_length=32, choices=SECTION_CHOICES)
    added_in_game = models.PositiveSmallIntegerField(
        help_text="The game in which it was pasted in (0 = before the first game)."
    )
    opening = models.ForeignKey(
        PacketOpening,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rule_stickers",
    )
    title = models.CharField(max_length=100)
    text = models.TextField(blank=True, default="")
    setting = models.CharField(
        max_length=60, blank=True, default="", help_text="The campaign setting it changed."
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)
    voided = models.BooleanField(default=False, help_text="Entered by mistake: never counted.")
    void_reason = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["added_in_game", "id"]

    def __str__(self) -> str:
        return f"{self.title} ({self.section}, game {self.added_in_game})"


class Deck(models.TextChoices):
    EVENT = "event", _("Event cards")
    MISSION = "mission", _("Mission cards")


class DeckCard(models.Model):
    """An event or mission card a packet added, in the group's own words.

    Where it is (in its deck, drawn in a game, completed, destroyed) is read from the games'
    logs (``campaigns.game.decks``): a card destroyed at the table leaves its deck for good.
    """

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="deck_cards")
    deck = models.CharField(max_length=8, choices=Deck.choices)
    title = models.CharField(max_length=100)
    text = models.TextField(blank=True, default="")
    opening = models.ForeignKey(PacketOpening, on_delete=models.PROTECT, related_name="cards")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(deck__in=Deck.values), name="deck_card_deck_known"),
        ]

    def __str__(self) -> str:
        return f"{self.get_deck_display()}: {self.title}"


class StockAllowance(models.Model):
    """How many stickers of one kind this campaign's box holds (seeded from the base box)."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="stock")
    stock = models.CharField(max_length=24, choices=STOCK_CHOICES)
    quantity = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "stock"], name="stock_once_per_campaign"),
        ]

    def __str__(self) -> str:
        return f"{self.get_stock_display()}: {self.quantity}"


class TradeRate(models.Model):
    """One row of the board's trade chart: coins traded in -> troops."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="trade_rates")
    coins = models.PositiveSmallIntegerField()
    troops = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["coins"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "coins"], name="trade_rate_once"),
            models.CheckConstraint(
                condition=Q(coins__gte=2, coins__lte=10), name="trade_rate_coins_2_to_10"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.coins} coins -> {self.troops} troops"
