"""The event and mission decks (cards entered in the group's words, where each one is), and
founding a World Capital. The table's card entries (drawn, mission completed, destroyed) are
entries like the others (``api.views.table``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.decks import (
    CardAddSerializer,
    CardSerializer,
    DecksSerializer,
    WorldCapitalFoundedSerializer,
    WorldCapitalSerializer,
)
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_body
from campaigns.capitals import found_world_capital
from campaigns.game import decks
from campaigns.selectors import packets
from campaigns.vocabulary import HIDDEN_SHORT
from legacy import rules
from legacy.models import Deck, DeckCard
from legacy.selectors import world_as_of


def card_data(card: DeckCard, where: decks.Where, sees_unlocked: bool) -> dict:
    return {
        "id": card.pk,
        "deck": card.deck,
        "title": card.title if sees_unlocked else str(HIDDEN_SHORT),
        "text": card.text if sees_unlocked else "",
        "packet": card.opening.packet,
        "opened_in_game": card.opening.placed_in_game,
        "state": where.state,
        "game": where.game,
    }


class DeckListView(ApiView):
    """Both decks of the campaign, and entering a card a packet added."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: DecksSerializer, **errors(*READ_ERRORS)},
        tags=["decks"],
        description="Every event and mission card the group entered, with where it is now.",
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        states = decks.card_states(access.campaign.pk)
        out: dict[str, list] = {Deck.EVENT: [], Deck.MISSION: []}
        for card in packets.deck_cards(access.campaign.pk):
            where = states.get(card.pk, decks.Where(decks.CardState.IN_DECK))
            out[card.deck].append(card_data(card, where, access.sees_unlocked))
        return Response(out)

    @extend_schema(
        request=CardAddSerializer,
        responses={201: CardSerializer, **errors(*WRITE_ERRORS)},
        tags=["decks"],
        description="A card an opened packet added to the event or the mission deck, in the "
        "group's own words (cards entered when the packet was opened are there already).",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(CardAddSerializer, request)
        card = decks.add_card(campaign=access.campaign, by=request.user, **data)
        return Response(
            card_data(card, decks.Where(decks.CardState.IN_DECK), True),
            status=status.HTTP_201_CREATED,
        )


class WorldCapitalView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=WorldCapitalSerializer,
        responses={201: WorldCapitalFoundedSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
        description="Found a World Capital (population 5) between games, once an opened packet "
        "allows it (an unlocked item of kind 'world-capital'): one city per territory, and no "
        "more than the campaign's world_capitals_allowed at once (409).",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(WorldCapitalSerializer, request)
        city = found_world_capital(
            campaign=access.campaign,
            territory=data["territory"],
            name=data["name"],
            player=data.get("player"),
            by=request.user,
        )
        access.campaign.refresh_from_db(fields=["world_capitals_allowed"])
        return Response(
            {
                "id": city.pk,
                "territory": city.territory,
                "name": city.name,
                "placed_in_game": city.placed_in_game,
                "founder": city.placed_by_id,
                "allowed": access.campaign.world_capitals_allowed,
                "founded": len(rules.world_capitals(world_as_of(access.campaign.pk))),
            },
            status=status.HTTP_201_CREATED,
        )
