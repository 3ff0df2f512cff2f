"""What packets add to the board: a territory (with its own territory card) and sea connections.

Each is a mark like any other: placed in the game its packet came in, never erased, voided when
entered by mistake. ``legacy.board.board_as_of`` turns them into the campaign's board as of a game.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from legacy.board import CONTINENT_CHOICES
from legacy.models.mark import CONTINENT_SLUGS, Mark


class AddedTerritory(Mark):
    """A territory a packet added: its name in the group's words, its continent, the coins on its
    card and, if the group placed it, where it sits on the map (``x``, ``y`` from 0 to 1)."""

    slug = models.SlugField(max_length=40)
    name = models.CharField(max_length=60)
    continent = models.CharField(max_length=16, choices=CONTINENT_CHOICES)
    coins = models.PositiveSmallIntegerField(default=1)
    x = models.FloatField(null=True, blank=True)
    y = models.FloatField(null=True, blank=True)

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("added_territory"),
            models.CheckConstraint(
                condition=Q(continent__in=CONTINENT_SLUGS), name="added_territory_continent_known"
            ),
            models.CheckConstraint(
                condition=Q(coins__gte=1, coins__lte=6), name="added_territory_coins_1_to_6"
            ),
            models.UniqueConstraint(
                fields=["campaign", "slug"],
                condition=Q(voided=False),
                name="added_territory_once",
                violation_error_message="The board already has a territory of that name.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} (added in game {self.placed_in_game})"


class AddedConnection(Mark):
    """A connection a packet added between two territories, printed or added (``a`` < ``b``)."""

    a = models.CharField(max_length=40)
    b = models.CharField(max_length=40)

    class Meta(Mark.Meta):
        constraints = [
            *Mark.common_constraints("added_connection"),
            models.CheckConstraint(
                condition=Q(a__lt=models.F("b")), name="added_connection_sorted"
            ),
            models.UniqueConstraint(
                fields=["campaign", "a", "b"],
                condition=Q(voided=False),
                name="added_connection_once",
                violation_error_message="Those territories are already connected.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.a} - {self.b}"
