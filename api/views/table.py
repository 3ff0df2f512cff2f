"""The table's entries during a game: scars, missiles, recruitments, red stars bought, HQs
taken, World Capitals founded, eliminations and rejoins, the coin pile running out, new marks,
destroyed cities. Each answers with the packets now due; any entry can be taken back with a
reason.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.games import (
    CapitalFoundedEventSerializer,
    CityDestroyedEventSerializer,
    CoinPileOutEventSerializer,
    EliminationEventSerializer,
    EventResultSerializer,
    FortificationAttackedEventSerializer,
    HqTakenEventSerializer,
    MarkEventSerializer,
    MissilesEventSerializer,
    RecruitmentEventSerializer,
    RedStarEventSerializer,
    RejoinEventSerializer,
    ScarEventSerializer,
    VoidEntrySerializer,
    VoidResultSerializer,
    credited_to_data,
    event_summary,
)
from api.views.common import WRITE_ERRORS, ApiView, errors, read_body
from campaigns.game import table, taking_back, territory_entries
from campaigns.game.common import NoSuchGame, game_to_lock
from campaigns.game.event_words import void_reason_words
from campaigns.models import (
    Game,
)


def entry_data(event) -> dict:
    return {
        "seq": event.seq,
        "kind": event.kind,
        "at": event.at,
        "player": event.seat.player_id if event.seat_id else None,
        "summary": event_summary(event, {}),
        "data": event.data,
        "voided": event.voided,
        "voided_at": event.voided_at,
        "void_reason": void_reason_words(event.void_reason),
        "credited_to": credited_to_data(event),
    }


def event_data(result) -> dict:
    return {
        "event": entry_data(result.event),
        "packets_to_open": result.packets_to_open,
        "red_star_to": result.red_star_to,
    }


class _EventView(ApiView):
    """An in-game event: the input serializer checks the shape, ``record`` calls the service."""

    permission_classes = [AllowAny]
    input_serializer: type = RejoinEventSerializer

    def record(self, game: Game, data: dict, by):  # pragma: no cover - every subclass has one
        raise NotImplementedError

    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(self.input_serializer, request)
        # The service reads the game once it holds the campaign's lock.
        game = game_to_lock(access.campaign, number)
        try:
            result = self.record(game, data, request.user)
        except NoSuchGame:
            raise NotFound(f"There is no game {number} in this campaign.") from None
        return Response(event_data(result), status=status.HTTP_201_CREATED)


def _event_schema(serializer, description: str):
    return extend_schema(
        request=serializer,
        responses={201: EventResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["game events"],
        description=description,
    )


class ScarEventView(_EventView):
    input_serializer = ScarEventSerializer

    @_event_schema(ScarEventSerializer, "A scar placed from a scar card (it is permanent).")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.place_scar(
            game=game,
            scar=data["scar"],
            territory=data.get("territory"),
            faction=data.get("faction"),
            player=data.get("player"),
            without_card=data["without_card"],
            reason=data["reason"],
            by=by,
        )


class MissilesEventView(_EventView):
    input_serializer = MissilesEventSerializer

    @_event_schema(
        MissilesEventSerializer,
        "Missiles a seat plays on one roll; three on one roll, from one player or several, open "
        "Pocket 1. While the game's latest entry is a missile entry its roll is open and new "
        "missiles join it by default; new_roll=true starts a roll of their own, roll names an "
        "earlier roll's first entry.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.use_missiles(
            game=game,
            count=data["count"],
            player=data["player"],
            roll=data.get("roll"),
            new_roll=data.get("new_roll", False),
            by=by,
        )


class RecruitmentEventView(_EventView):
    input_serializer = RecruitmentEventSerializer

    @_event_schema(
        RecruitmentEventSerializer,
        "A big recruitment: 30+ troops while the seat holds a missile opens Pocket 2.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.record_recruitment(
            game=game,
            player=data["player"],
            troops=data["troops"],
            by=by,
        )


class RedStarEventView(_EventView):
    input_serializer = RedStarEventSerializer

    @_event_schema(RedStarEventSerializer, "A seat trades 4 resource cards for a red star.")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.buy_red_star(game=game, player=data["player"], by=by)


class EliminationEventView(_EventView):
    input_serializer = EliminationEventSerializer

    @_event_schema(
        EliminationEventSerializer,
        "A faction wiped out (for good unless it may rejoin); no_legal_start eliminates a "
        "faction wiped out earlier that finds no legal start to join the war again.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.eliminate_faction(
            game=game,
            player=data["player"],
            can_rejoin=data["can_rejoin"],
            no_legal_start=data["no_legal_start"],
            by=by,
        )


class RejoinEventView(_EventView):
    input_serializer = RejoinEventSerializer

    @_event_schema(
        RejoinEventSerializer,
        "A wiped-out faction joins the war again: 4 troops, no HQ, on a legal start. A faction "
        "with no legal start left is eliminated for this game instead.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.rejoin_faction(
            game=game,
            player=data["player"],
            territory=data["territory"],
            occupied=data["occupied"],
            by=by,
        )


class HqTakenEventView(_EventView):
    input_serializer = HqTakenEventSerializer

    @_event_schema(
        HqTakenEventSerializer,
        "A player takes another's HQ, or retakes their own: each HQ a player controls counts as "
        "a red star, and the entry that brings them to 4 red stars wins the game at once (the "
        "game's results_from_log then names the winner).",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.take_hq(game=game, player=data["player"], hq_of=data["hq_of"], by=by)


class CapitalFoundedEventView(_EventView):
    input_serializer = CapitalFoundedEventSerializer

    @_event_schema(
        CapitalFoundedEventSerializer,
        "A World Capital founded during the game: on the board at once, within the campaign's "
        "world_capitals_allowed (409 beyond), once an opened packet allows them.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return territory_entries.found_capital(
            game=game,
            territory=data["territory"],
            name=data["name"],
            player=data.get("player"),
            by=by,
        )


class CoinPileOutEventView(_EventView):
    input_serializer = CoinPileOutEventSerializer

    @_event_schema(
        CoinPileOutEventSerializer,
        "The coin-card pile ran out: the first time, a red star to the player with most "
        "territories.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return table.coin_pile_out(game=game, territories=data["territories"], by=by)


class MarkEventView(_EventView):
    input_serializer = MarkEventSerializer

    @_event_schema(MarkEventSerializer, "A mark of a kind the group unlocked.")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return territory_entries.place_mark(
            game=game,
            kind=data["kind"],
            territory=data.get("territory"),
            faction=data.get("faction"),
            label=data["label"],
            player=data.get("player"),
            by=by,
        )


class CityDestroyedEventView(_EventView):
    input_serializer = CityDestroyedEventSerializer

    @_event_schema(CityDestroyedEventSerializer, "A city destroyed by unlocked content.")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return territory_entries.destroy_city(game=game, territory=data["territory"], by=by)


class FortificationAttackedEventView(_EventView):
    input_serializer = FortificationAttackedEventSerializer

    @_event_schema(
        FortificationAttackedEventSerializer,
        "An attack with 3 troops on a fortified city: one box of its fortification is marked; "
        "the tenth wears it out. Refused (400) where no fortification works.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return territory_entries.attack_fortification(
            game=game, territory=data["territory"], player=data.get("player"), by=by
        )


class EventVoidView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=VoidEntrySerializer,
        responses={200: VoidResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["game events"],
        description="Take back an entry of a game in progress, with a reason. It stays in the "
        "log, struck out; holdings and the packets due are read without it, and what it put on "
        "the board is voided too. A packet already opened because of it stays opened.",
    )
    def post(self, request, campaign_id, number, seq):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(VoidEntrySerializer, request)
        game = game_to_lock(access.campaign, number)
        try:
            result = taking_back.void_event(
                game=game, seq=seq, reason=data["reason"], by=request.user
            )
        except NoSuchGame:
            raise NotFound(f"There is no game {number} in this campaign.") from None
        return Response(
            {
                "event": entry_data(result.event),
                "packets_to_open": result.packets_to_open,
                "stays_opened": result.stays_opened,
            }
        )
