"""The campaign's own sealed components (list, add, remove or void; opened with POST packets/)
and the living rulebook: rule stickers, and the campaign's rules as of a game."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.serializers.marks import ReasonSerializer
from api.serializers.rulebook import (
    ComponentAddSerializer,
    ComponentSerializer,
    RulesQuerySerializer,
    RulesSerializer,
    StickerAddSerializer,
    StickerSerializer,
)
from api.views.common import (
    READ_ERRORS,
    SHARE,
    WRITE_ERRORS,
    ApiView,
    errors,
    read_body,
    read_query,
    require_game,
)
from campaigns.game import rulebook, sealed
from campaigns.selectors import packets
from campaigns.vocabulary import HIDDEN
from legacy.box import PACKET_BY_SLUG
from legacy.models import RuleSticker, SealedComponent


def component_data(access: Access, c: SealedComponent, opened: dict[str, int]) -> dict:
    shown = access.sees_unlocked
    return {
        "id": c.pk,
        "slug": c.slug if shown else None,  # made from its name: hidden with it
        "name": c.name if shown else str(HIDDEN),
        "trigger": c.trigger if shown else str(HIDDEN),
        "hidden": not shown,
        "added_in_game": c.added_in_game,
        "opened_in_game": None if c.voided else opened.get(c.slug),
        "voided": c.voided,
        "void_reason": c.void_reason if shown else "",
    }


def components_data(access: Access) -> list[dict]:
    """Every sealed component the group added, voided ones too (two queries)."""
    opened = packets.opened_in_game(access.campaign.pk)
    components = packets.components(access.campaign.pk)
    return [component_data(access, c, opened) for c in components]


def _packet(s: RuleSticker, shown: bool) -> str | None:
    """The slug of the packet that unlocked the sticker; a group's own component's slug is made
    from its name, so it is hidden with it."""
    if s.opening is None:
        return None
    slug = s.opening.packet
    return slug if shown or slug in PACKET_BY_SLUG else str(HIDDEN)


def sticker_data(access: Access, s: RuleSticker) -> dict:
    shown = access.sees_unlocked
    return {
        "id": s.pk,
        "section": s.section,
        "game": s.added_in_game,
        "packet": _packet(s, shown),
        "title": s.title if shown else str(HIDDEN),
        "text": s.text if shown else "",
        "hidden": not shown,
        "setting": s.setting,
        "voided": s.voided,
        "void_reason": s.void_reason if shown else "",
    }


def _component(access: Access, component_id: int) -> SealedComponent:
    found = packets.component(access.campaign.pk, component_id)
    if found is None:
        raise exceptions.NotFound("There is no such sealed component in this campaign.")
    return found


def _sticker(access: Access, sticker_id: int) -> RuleSticker:
    found = packets.sticker(access.campaign.pk, sticker_id)
    if found is None:
        raise exceptions.NotFound("There is no such rule sticker in this campaign.")
    return found


class ComponentListView(ApiView):
    """The sealed components the group found beyond the box's six packets."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: ComponentSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["packets"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(components_data(access))

    @extend_schema(
        request=ComponentAddSerializer,
        responses={201: ComponentSerializer, **errors(*WRITE_ERRORS)},
        tags=["packets"],
        description="Add a sealed component the box's six packets do not cover: its name and "
        "its trigger as printed, in your own words. When it happens, open it with POST "
        "packets/ giving its slug as the packet.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(ComponentAddSerializer, request)
        component = sealed.add_component(
            campaign=access.campaign, name=data["name"], trigger=data["trigger"], by=request.user
        )
        return Response(component_data(access, component, {}), status=status.HTTP_201_CREATED)


class ComponentDetailView(ApiView):
    """One sealed component; DELETE removes it if it was entered by mistake and never opened."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: ComponentSerializer, **errors(*READ_ERRORS)},
        tags=["packets"],
    )
    def get(self, request, campaign_id, component_id):
        access = campaign_access(request, campaign_id, Level.READ)
        component = _component(access, component_id)
        opened = packets.opened_in_game(access.campaign.pk, component.slug)
        return Response(component_data(access, component, opened))

    @extend_schema(
        request=None,
        responses={204: None, **errors(*WRITE_ERRORS)},
        tags=["packets"],
        description="Remove a sealed component entered by mistake. Once opened it can only be "
        "voided (POST .../void/).",
    )
    def delete(self, request, campaign_id, component_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        _component(access, component_id)
        sealed.remove_component(
            campaign=access.campaign, component_id=component_id, by=request.user
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class ComponentVoidView(ApiView):
    """A sealed component that should never have been entered stops counting, with a reason;
    its opening, if it was opened, is voided with it."""

    @extend_schema(
        request=ReasonSerializer,
        responses={200: ComponentSerializer, **errors(*WRITE_ERRORS)},
        tags=["packets"],
    )
    def post(self, request, campaign_id, component_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        _component(access, component_id)
        data = read_body(ReasonSerializer, request)
        component = sealed.void_component(
            campaign=access.campaign,
            component_id=component_id,
            reason=data["reason"],
            by=request.user,
        )
        return Response(component_data(access, component, {}))


class StickerListView(ApiView):
    """Every rule sticker the group pasted into the rulebook, voided ones too, oldest first."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: StickerSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["rules"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response([sticker_data(access, s) for s in rulebook.stickers_of(access.campaign.pk)])

    @extend_schema(
        request=StickerAddSerializer,
        responses={201: StickerSerializer, **errors(*WRITE_ERRORS)},
        tags=["rules"],
        description="A rule sticker pasted into a section of the rulebook, in your own words: "
        "the game it was added in, optionally the opened packet that unlocked it and the "
        "campaign setting it changed.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(StickerAddSerializer, request)
        sticker = rulebook.add_sticker(
            campaign=access.campaign,
            section=data["section"],
            game=data["game"],
            title=data["title"],
            text=data["text"],
            packet=data["packet"] or None,
            setting=data["setting"],
            by=request.user,
        )
        return Response(
            sticker_data(access, _sticker(access, sticker.pk)), status=status.HTTP_201_CREATED
        )


class StickerVoidView(ApiView):
    """A rule sticker entered by mistake stops counting in every game, with a reason."""

    @extend_schema(
        request=ReasonSerializer,
        responses={200: StickerSerializer, **errors(*WRITE_ERRORS)},
        tags=["rules"],
    )
    def post(self, request, campaign_id, sticker_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        _sticker(access, sticker_id)
        data = read_body(ReasonSerializer, request)
        rulebook.void_sticker(
            campaign=access.campaign, sticker_id=sticker_id, reason=data["reason"], by=request.user
        )
        return Response(sticker_data(access, _sticker(access, sticker_id)))


class RulesView(ApiView):
    """The campaign's rules as of a game: the rulebook's sections in order (our own short
    titles; none of the book's text), each with the rule stickers counting then in place, those
    added in that very game marked newest."""

    @extend_schema(
        parameters=[SHARE, RulesQuerySerializer],
        responses={200: RulesSerializer, **errors(*READ_ERRORS)},
        tags=["rules"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        query = read_query(RulesQuerySerializer, request)
        require_game(access.campaign, query.get("game"), field="game")
        game, sections = rulebook.rules_as_of(access.campaign.pk, query.get("game"))
        return Response(
            {
                "game": game,
                "sections": [
                    {
                        "slug": s["slug"],
                        "title": str(s["title"]),
                        "stickers": [
                            sticker_data(access, i["sticker"]) | {"newest": i["newest"]}
                            for i in s["stickers"]
                        ],
                    }
                    for s in sections
                ],
            }
        )
