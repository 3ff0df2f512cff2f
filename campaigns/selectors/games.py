"""The games as the doors read them: one game by its number, the games in order, their seats,
log entries and rewards, read for many games at once.

Each function is the one read the pages or the API make, in the same number of queries.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Prefetch, QuerySet

from campaigns import claims
from campaigns.models import Campaign, Game, GameEvent, GameReward, GameStatus, Seat


def game(campaign_id: int, number: int) -> Game | None:
    return Game.objects.filter(campaign_id=campaign_id, number=number).first()


def is_finished(campaign_id: int, number: int) -> bool:
    return Game.objects.filter(
        campaign_id=campaign_id, number=number, status=GameStatus.FINISHED
    ).exists()


def no_games() -> QuerySet[Game]:
    """No game at all: what a listing view describes itself by."""
    return Game.objects.none()


def newest_first(campaign_id: int) -> QuerySet[Game]:
    return Game.objects.filter(campaign_id=campaign_id).order_by("-number")


def finished(campaign_id: int) -> list[Game]:
    """The finished games, oldest first."""
    return list(
        Game.objects.filter(campaign_id=campaign_id, status=GameStatus.FINISHED).order_by("number")
    )


def with_seats(campaign: Campaign, detail: bool = False) -> QuerySet[Game]:
    """The games with their seats (and their players); with ``detail``, also their log entries
    (each with who is credited for it) and rewards."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("order"))
    queryset = Game.objects.filter(campaign=campaign).prefetch_related(seats)
    if detail:
        queryset = queryset.prefetch_related(
            Prefetch(
                "events",
                queryset=claims.credited(
                    GameEvent.objects.select_related("seat__player").order_by("made_at", "seq"),
                    campaign.pk,
                ),
            ),
            Prefetch(
                "rewards", queryset=GameReward.objects.select_related("seat").order_by("order")
            ),
        )
    return queryset


def seats_of(game_ids: Iterable[int]) -> list[Seat]:
    """The seats of several games, with their players."""
    return list(Seat.objects.filter(game_id__in=game_ids).select_related("player"))


def entries_of(game_ids: Iterable[int]) -> QuerySet[GameEvent]:
    """The log entries of several games, with their seats' players."""
    return GameEvent.objects.filter(game_id__in=game_ids).select_related("seat__player")


def rewards_of(game_ids: Iterable[int]) -> QuerySet[GameReward]:
    """The rewards of several games, with their seats' players, in the order given."""
    return (
        GameReward.objects.filter(game_id__in=game_ids)
        .select_related("seat__player")
        .order_by("order")
    )


def rewards(campaign_id: int) -> QuerySet[GameReward]:
    """Every reward of the campaign, game by game, with its seat's player and its game."""
    return (
        GameReward.objects.filter(game__campaign_id=campaign_id)
        .select_related("seat__player", "game")
        .order_by("game__number", "order")
    )


def hqs_in_game(campaign_id: int, number: int) -> dict[str, str]:
    """The faction at each HQ of one game, by territory."""
    return dict(
        Seat.objects.filter(game__campaign_id=campaign_id, game__number=number).values_list(
            "hq", "faction"
        )
    )


def starts_on(campaign_id: int, territory: str) -> list[Seat]:
    """The seats that started on ``territory``, game by game, with their players and games."""
    return list(
        Seat.objects.filter(game__campaign_id=campaign_id, hq=territory)
        .select_related("player", "game")
        .order_by("game__number")
    )
