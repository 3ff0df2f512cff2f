"""Entering what a packet adds to the board: a territory with its connections, or a connection.

Each write locks the campaign, checks the pure rules (``legacy.rules.board``) against the board
as of the game the packet came in, writes the marks and an audit entry, and asks for the board's
picture of that game again.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import transaction

from campaigns.models import Campaign, Game
from campaigns.pictures.snapshots import refresh_on_commit
from campaigns.services import audit, clean_name, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.models import AddedConnection, AddedTerritory
from legacy.rules import check_added_territory, check_new_connections
from legacy.rules.board import THE_NEW_TERRITORY, check_board_caps
from legacy.selectors import board_as_of_game

NAME_LIMIT = 60


def _games(campaign: Campaign) -> list[int]:
    return list(Game.objects.filter(campaign=campaign).values_list("number", flat=True))


def _position(x: float | None, y: float | None) -> tuple[float | None, float | None]:
    """A place on the map from 0 to 1 each way, or none at all."""
    if x is None or y is None:
        return None, None
    return min(1.0, max(0.0, float(x))), min(1.0, max(0.0, float(y)))


@transaction.atomic
def add_territory(
    *,
    campaign: Campaign,
    game: int,
    name: str,
    continent: str,
    connections: Iterable[str],
    coins: int = 1,
    x: float | None = None,
    y: float | None = None,
    by=None,
) -> AddedTerritory:
    """A packet opened in game ``game`` adds a territory: its name in the group's words, its
    continent, its card's coins and the territories it is joined to (at least one)."""
    campaign = lock_campaign(campaign)
    clean = clean_name(name, THE_NEW_TERRITORY, NAME_LIMIT)
    joined = list(connections)
    added = AddedTerritory.objects.filter(campaign=campaign, voided=False)
    slug, pairs = check_added_territory(
        board_as_of_game(campaign.pk, game),
        name=clean,
        continent=continent,
        connections=joined,
        coins=coins,
        taken=added.values_list("slug", flat=True),
        game=game,
        games=_games(campaign),
    )
    check_board_caps(
        board_as_of_game(campaign.pk),
        pairs,
        new_territory=clean,
        added=added.count(),
        most_added=settings.EARTHBOOK_ADDED_TERRITORIES_MAX,
        most_connections=settings.EARTHBOOK_CONNECTIONS_PER_TERRITORY_MAX,
    )
    px, py = _position(x, y)
    territory = AddedTerritory.objects.create(
        campaign=campaign,
        placed_in_game=game,
        entered_by=by if getattr(by, "is_authenticated", False) else None,
        slug=slug,
        name=clean,
        continent=continent,
        coins=coins,
        x=px,
        y=py,
    )
    AddedConnection.objects.bulk_create(
        AddedConnection(
            campaign=campaign,
            placed_in_game=game,
            entered_by=territory.entered_by,
            a=a,
            b=b,
        )
        for a, b in pairs
    )
    audit(
        campaign,
        by,
        AuditAction.TERRITORY_ADDED,
        game=game,
        slug=slug,
        name=clean,
        continent=continent,
        connections=joined,
    )
    refresh_on_commit(campaign.pk, game)
    return territory


@transaction.atomic
def add_connection(*, campaign: Campaign, game: int, a: str, b: str, by=None) -> AddedConnection:
    """A packet opened in game ``game`` adds a connection between two territories on the board
    by then (printed or added)."""
    campaign = lock_campaign(campaign)
    board = board_as_of_game(campaign.pk, game)
    ((first, second),) = check_new_connections(
        board, [(a, b)], game=game, games=_games(campaign), field="b"
    )
    check_board_caps(
        board_as_of_game(campaign.pk),
        [(first, second)],
        field="b",
        most_added=settings.EARTHBOOK_ADDED_TERRITORIES_MAX,
        most_connections=settings.EARTHBOOK_CONNECTIONS_PER_TERRITORY_MAX,
    )
    connection = AddedConnection.objects.create(
        campaign=campaign,
        placed_in_game=game,
        entered_by=by if getattr(by, "is_authenticated", False) else None,
        a=first,
        b=second,
    )
    audit(
        campaign,
        by,
        AuditAction.CONNECTION_ADDED,
        game=game,
        a=first,
        b=second,
        a_name=board.name(first),
        b_name=board.name(second),
    )
    refresh_on_commit(campaign.pk, game)
    return connection
