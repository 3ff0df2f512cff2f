"""The marks on the board and the cards: cities, scars, fortifications, coin stickers,
destroyed cards, continent names and bonuses, faction powers, opened packets, signatures and
the world's name; and the scar types and factions the campaign has."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from legacy import box, scar_effects
from legacy.board import CONTINENT_CHOICES, TERRITORY_BY_SLUG
from legacy.box import FORTIFICATION_BOXES, PACKET_BY_SLUG
from legacy.models.mark import (
    ACTIVE,
    CAMPAIGN,
    CONTINENT_SLUGS,
    TERRITORY_SLUG_LENGTH,
    Mark,
    faction_label,
    territory_check,
)


def territory_label(slug: str | None) -> str:
    """A box territory by its printed name; one a packet added by its slug (its name lives in
    the campaign's ``AddedTerritory``)."""
    found = TERRITORY_BY_SLUG.get(slug or "")
    return found.name if found else slug or ""


class CityKind(models.TextChoices):
    # The values are the pure layer's (``legacy.box``), which the rules read without Django.
    MINOR = box.MINOR_CITY, _("minor city")
    MAJOR = box.MAJOR_CITY, _("major city")
    CAPITAL = box.CAPITAL_CITY, _("world capital")


class City(Mark):
    """A city sticker; ``placed_by`` is its founder."""

    territory = models.CharField(max_length=TERRITORY_SLUG_LENGTH)
    kind = models.CharField(max_length=8, choices=CityKind.choices)
    name = models.CharField(max_length=60)

    class Meta(Mark.Meta):
        verbose_name_plural = "cities"
        constraints = [
            *Mark.common_constraints("city"),
            territory_check("city_territory_slug"),
            models.CheckConstraint(condition=Q(kind__in=CityKind.values), name="city_kind_known"),
            models.UniqueConstraint(
                fields=["campaign", "territory"],
                condition=ACTIVE,
                name="one_city_per_territory",
                violation_error_message="That territory already has a city.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_kind_display()}, {territory_label(self.territory)})"


class ScarColour(models.TextChoices):
    """The colour of a scar type's stickers, stored as its code. A faction card's scar is
    yellow (the rulebook: "it will be yellow"); the others go on territories."""

    # Lower case: the word is a tag beside the scar's name. Masculine in Russian: "шрам".
    RED = "red", pgettext_lazy("scar colour", "red")
    ORANGE = "orange", pgettext_lazy("scar colour", "orange")
    YELLOW = "yellow", pgettext_lazy("scar colour", "yellow")
    GREEN = "green", pgettext_lazy("scar colour", "green")
    BLUE = "blue", pgettext_lazy("scar colour", "blue")
    PURPLE = "purple", pgettext_lazy("scar colour", "purple")
    BLACK = "black", pgettext_lazy("scar colour", "black")
    WHITE = "white", pgettext_lazy("scar colour", "white")


class ScarKind(models.Model):
    """A type of scar this campaign has: the base ones, and any a packet unlocked."""

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="scar_kinds")
    # Made of the name as the group wrote it (any alphabet, any punctuation), so not a SlugField.
    slug = models.CharField(max_length=40)
    name = models.CharField(max_length=60)
    text = models.TextField(blank=True, default="")
    cards = models.PositiveSmallIntegerField(default=0, help_text="Scar cards of this type.")
    on_faction_card = models.BooleanField(
        default=False, help_text="Placed on a faction card (a yellow scar), not on a territory."
    )
    base = models.BooleanField(default=False, help_text="In the box from the start.")
    colour = models.CharField(
        max_length=16,
        choices=ScarColour.choices,
        blank=True,
        default="",
        help_text="Its stickers' colour (yellow: a faction card's scar); empty when not said.",
    )
    dice_effect = models.CharField(
        max_length=24,
        choices=scar_effects.CHOICES,
        default=scar_effects.NONE,
        help_text="What a scar of this type on a territory does to the dice in a battle there.",
    )
    unlocked_by = models.ForeignKey(
        "PacketOpening", on_delete=models.PROTECT, null=True, blank=True, related_name="scar_kinds"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "slug"], name="scar_kind_slug_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Scar(Mark):
    """A scar sticker on a territory, or (a faction scar) on a faction card."""

    kind = models.ForeignKey(ScarKind, on_delete=models.PROTECT, related_name="scars")
    territory = models.CharField(max_length=TERRITORY_SLUG_LENGTH, null=True, blank=True)
    # A faction of the campaign: the box's five or one a packet unlocked (checked by the rules).
    faction = models.CharField(max_length=40, null=True, blank=True)

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("scar"),
            territory_check("scar_territory_slug", nullable=True),
            models.CheckConstraint(
                condition=Q(territory__isnull=False, faction__isnull=True)
                | Q(territory__isnull=True, faction__isnull=False),
                name="scar_on_territory_or_faction_card",
                violation_error_message="A scar goes either on a territory or on a faction card.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "territory"],
                condition=ACTIVE & Q(territory__isnull=False),
                name="one_scar_per_territory",
                violation_error_message="That territory already has a scar.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "faction"],
                condition=ACTIVE & Q(faction__isnull=False),
                name="one_scar_per_faction_card",
                violation_error_message="That faction card already has a scar.",
            ),
        ]

    def __str__(self) -> str:
        where = territory_label(self.territory) if self.territory else faction_label(self.faction)
        return f"{self.kind} on {where}"


class Fortification(Mark):
    city = models.ForeignKey(City, on_delete=models.PROTECT, related_name="fortifications")
    boxes_used = models.PositiveSmallIntegerField(default=0)
    # The boxes in-game entries marked, by game number ("4": 2): the world as of an earlier
    # game leaves out the boxes marked after it. ``boxes_used`` stays the count right now.
    boxes_marked_in = models.JSONField(default=dict, blank=True)

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("fortification"),
            models.CheckConstraint(
                condition=Q(boxes_used__gte=0, boxes_used__lte=FORTIFICATION_BOXES),
                name="fortification_boxes_range",
                violation_error_message="A fortification has 10 boxes: 0 to 10 can be marked.",
            ),
            models.UniqueConstraint(
                fields=["city"],
                condition=ACTIVE,
                name="one_fortification_per_city",
                violation_error_message="That city is already fortified.",
            ),
        ]

    def __str__(self) -> str:
        return f"Fortification of {self.city.name} ({self.boxes_used}/{FORTIFICATION_BOXES} used)"


class CoinSticker(Mark):
    """A coin sticker on a territory card; ``coins_after`` is the card's value once it is on.

    A card starts with one printed coin, so its stickers carry 2, 3, ... up to 6: the card's
    value is the highest counting one, and no value can be stuck twice.
    """

    territory = models.CharField(max_length=TERRITORY_SLUG_LENGTH)
    coins_after = models.PositiveSmallIntegerField()

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("coin"),
            territory_check("coin_territory_slug"),
            models.CheckConstraint(
                condition=Q(coins_after__gte=2, coins_after__lte=6),
                name="card_coins_2_to_6",
                violation_error_message="A territory card holds 1 to 6 coins.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "territory", "coins_after"],
                condition=Q(voided=False),
                name="one_sticker_per_coin_value",
                violation_error_message="That card already carries a sticker for that many coins.",
            ),
        ]

    def __str__(self) -> str:
        return f"{territory_label(self.territory)} card: {self.coins_after} coins"


class DestroyedCard(Mark):
    """A territory card torn up: it leaves the game, and an "x" is written on the board."""

    territory = models.CharField(max_length=TERRITORY_SLUG_LENGTH)

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("destroyed_card"),
            territory_check("destroyed_card_territory_slug"),
            models.UniqueConstraint(
                fields=["campaign", "territory"],
                condition=Q(voided=False),
                name="card_destroyed_once",
                violation_error_message="That territory card is already destroyed.",
            ),
        ]

    def __str__(self) -> str:
        return f"{territory_label(self.territory)} card destroyed"


class ContinentName(Mark):
    """A continent's name, written by its namer (``placed_by``)."""

    continent = models.CharField(max_length=16, choices=CONTINENT_CHOICES)
    name = models.CharField(max_length=60)

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("continent_name"),
            models.CheckConstraint(
                condition=Q(continent__in=CONTINENT_SLUGS), name="continent_name_known"
            ),
            models.UniqueConstraint(
                fields=["campaign", "continent"],
                condition=ACTIVE,
                name="continent_named_once",
                violation_error_message="That continent already has a name.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_continent_display()})"


class BonusChange(Mark):
    """The +1 or -1 sticker on a continent's bonus."""

    continent = models.CharField(max_length=16, choices=CONTINENT_CHOICES)
    delta = models.SmallIntegerField(choices=[(1, "+1"), (-1, "-1")])

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("bonus_change"),
            models.CheckConstraint(
                condition=Q(continent__in=CONTINENT_SLUGS), name="bonus_change_continent_known"
            ),
            models.CheckConstraint(
                condition=Q(delta__in=[1, -1]), name="bonus_change_plus_minus_one"
            ),
            models.UniqueConstraint(
                fields=["campaign", "continent"],
                condition=Q(voided=False),
                name="continent_bonus_changed_once",
                violation_error_message="That continent's bonus was already changed.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "delta"],
                condition=Q(voided=False),
                name="bonus_sticker_used_once",
                violation_error_message="That bonus sticker is already used.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_continent_display()} {self.delta:+d}"


class FactionPower(Mark):
    """A power on a faction card. A starting power not chosen is kept as a destroyed row."""

    # A faction of the campaign: the box's five or one a packet unlocked (checked by the rules).
    faction = models.CharField(max_length=40)
    slot = models.CharField(
        max_length=32,
        default="starting",
        help_text="A faction card holds one power per slot (its type, shown as its colour).",
    )
    code = models.CharField(max_length=40, help_text='"a"/"b" for starting powers.')
    name = models.CharField(max_length=60)
    text = models.TextField(blank=True, default="")
    unlocked_by = models.ForeignKey(
        "PacketOpening", on_delete=models.PROTECT, null=True, blank=True, related_name="powers"
    )

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("faction_power"),
            models.UniqueConstraint(
                fields=["campaign", "faction", "slot"],
                condition=ACTIVE,
                name="one_power_per_slot_per_faction",
                violation_error_message="That faction card already holds a power of that kind.",
            ),
        ]

    def __str__(self) -> str:
        return f"{faction_label(self.faction)}: {self.name}"


class PacketOpening(Mark):
    """A sealed packet opened (``placed_in_game`` is the game it was opened in): one of the box's
    six (``legacy.box.PACKETS``) or one of the campaign's own ``SealedComponent``, by slug."""

    packet = models.CharField(max_length=40)
    trigger = models.CharField(max_length=200, blank=True, default="")

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("packet_opening"),
            models.UniqueConstraint(
                fields=["campaign", "packet"],
                condition=Q(voided=False),
                name="packet_opened_once",
                violation_error_message="That packet is already open.",
            ),
        ]

    def __str__(self) -> str:
        known = PACKET_BY_SLUG.get(self.packet)
        return f"{known.name if known else self.packet} opened in game {self.placed_in_game}"


class UnlockedFaction(models.Model):
    """A faction beyond the box's five: unlocked by a packet, or added between games by the group.

    It exists from the game it appeared in (``appeared_in_game``, 0 = before the first game):
    the world as of an earlier game does not have it, and it can be seated from the next game.
    Its name and description are the group's own words; ``colour`` draws its HQ and swatch.
    """

    campaign = models.ForeignKey(CAMPAIGN, on_delete=models.CASCADE, related_name="factions")
    # Made of the name as the group wrote it (any alphabet), as the seats have always named it.
    slug = models.CharField(max_length=40)
    name = models.CharField(max_length=60)
    text = models.TextField(blank=True, default="")
    colour = models.CharField(max_length=7, default="#8a8a8a", help_text='"#rrggbb".')
    appeared_in_game = models.PositiveSmallIntegerField(
        help_text="The game in which it appeared (0 = before the first game)."
    )
    unlocked_by = models.ForeignKey(
        PacketOpening, on_delete=models.PROTECT, null=True, blank=True, related_name="factions"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "slug"],
                name="unlocked_faction_slug_unique",
                violation_error_message="This campaign already has a faction of that name.",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Signature(Mark):
    """A line of the winners' section, signed by the winner (``placed_by``) of a game."""

    line = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60, help_text="The name as written on the board.")
    date = models.DateField()
    slogan = models.CharField(max_length=120, blank=True, default="")

    class Meta(Mark.Meta):
        ordering = ["line"]
        constraints = [
            *Mark.common_constraints("signature"),
            models.CheckConstraint(
                condition=Q(line__gte=1, line__lte=box.WINNERS_LINES),
                name="signature_line_1_to_15",
                violation_error_message="The winners' section has lines 1 to 15.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "line"],
                condition=Q(voided=False),
                name="signature_line_once",
                violation_error_message="That line of the winners' section is already signed.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "placed_in_game"],
                condition=Q(voided=False),
                name="one_signature_per_game",
                violation_error_message="Only one winner signs for each game.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.line}. {self.name}"


class WorldName(Mark):
    """ "The World of ...", written once after the fifteenth game by ``placed_by``."""

    name = models.CharField(max_length=60)
    rolls = models.JSONField(
        default=dict, blank=True, help_text="Tie-break rolls (player id -> die), if any."
    )

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("world_name"),
            models.UniqueConstraint(
                fields=["campaign"],
                condition=ACTIVE,
                name="world_named_once",
                violation_error_message="The world already has a name.",
            ),
        ]

    def __str__(self) -> str:
        return f"The World of {self.name}"
