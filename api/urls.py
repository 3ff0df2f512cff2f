"""The REST API, version 1. Every address under /api/v1/ that names nothing answers with a 404
in the API's error shape (the last pattern), never with a page."""

from django.urls import path, re_path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from api import snapshots, views
from api.errors import not_found


class IdConverter:
    """A database id: at most 19 digits, so that a longer number is 'not found', not a crash."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


class GameNumberConverter(IdConverter):
    regex = "[0-9]{1,5}"


register_converter(IdConverter, "id")
register_converter(GameNumberConverter, "game")

app_name = "api"

C = "campaigns/<id:campaign_id>/"
G = C + "games/<game:number>/"
E = G + "events/"

urlpatterns = [
    path("board/", views.BoardView.as_view(), name="board"),
    path("odds/", views.OddsView.as_view(), name="odds"),
    path("odds/troops-needed/", views.TroopsNeededView.as_view(), name="troops-needed"),
    path("auth/token/", views.TokenView.as_view(), name="token"),
    path("auth/me/", views.MeView.as_view(), name="me"),
    path("campaigns/", views.CampaignListView.as_view(), name="campaigns"),
    path("campaigns/import/", views.ImportView.as_view(), name="campaign-import"),
    path(C, views.CampaignDetailView.as_view(), name="campaign"),
    path(C + "export/", views.ExportView.as_view(), name="campaign-export"),
    path(C + "members/", views.MemberListView.as_view(), name="members"),
    path(C + "members/<id:member_id>/", views.MemberDetailView.as_view(), name="member"),
    path(C + "players/", views.PlayerListView.as_view(), name="players"),
    path(C + "world/", views.WorldView.as_view(), name="world"),
    path(C + "world/name/", views.WorldNameView.as_view(), name="world-name"),
    path(C + "legal-starts/", views.LegalStartsView.as_view(), name="legal-starts"),
    path(C + "recruitment/", views.RecruitmentView.as_view(), name="recruitment"),
    path(C + "marks/<slug:mark_type>/", views.MarkListView.as_view(), name="marks"),
    path(C + "marks/<slug:mark_type>/<id:mark_id>/", views.MarkDetailView.as_view(), name="mark"),
    path(
        C + "marks/<slug:mark_type>/<id:mark_id>/void/",
        views.MarkVoidView.as_view(),
        name="mark-void",
    ),
    path(C + "first-game/", views.FirstGameView.as_view(), name="first-game"),
    path(C + "games/", views.GameListView.as_view(), name="games"),
    path(G, views.GameDetailView.as_view(), name="game"),
    path(G + "start/", views.GameStartView.as_view(), name="game-start"),
    path(G + "finish/", views.GameFinishView.as_view(), name="game-finish"),
    path(G + "amend/", views.GameAmendView.as_view(), name="game-amend"),
    path(E + "scar/", views.ScarEventView.as_view(), name="event-scar"),
    path(E + "missiles/", views.MissilesEventView.as_view(), name="event-missiles"),
    path(E + "recruitment/", views.RecruitmentEventView.as_view(), name="event-recruitment"),
    path(E + "elimination/", views.EliminationEventView.as_view(), name="event-elimination"),
    path(E + "rejoin/", views.RejoinEventView.as_view(), name="event-rejoin"),
    path(E + "coin-pile-out/", views.CoinPileOutEventView.as_view(), name="event-coin-pile-out"),
    path(E + "mark/", views.MarkEventView.as_view(), name="event-mark"),
    path(
        E + "city-destroyed/", views.CityDestroyedEventView.as_view(), name="event-city-destroyed"
    ),
    path(C + "packets/", views.PacketListView.as_view(), name="packets"),
    path(C + "unlocked/", views.UnlockedView.as_view(), name="unlocked"),
    path(C + "winners/", views.WinnersView.as_view(), name="winners"),
    path(C + "faction-cards/", views.FactionCardsView.as_view(), name="faction-cards"),
    path(C + "standings/", views.StandingsView.as_view(), name="standings"),
    path(C + "audit/", views.AuditView.as_view(), name="audit"),
    path(C + "snapshots/", snapshots.SnapshotView.as_view(), name="snapshots"),
    path(C + "snapshots/image/", snapshots.SnapshotImageView.as_view(), name="snapshot-image"),
    path(C + "snapshots/timeline/", snapshots.TimelineView.as_view(), name="snapshot-timeline"),
    path(
        C + "snapshots/timeline/image/",
        snapshots.TimelineImageView.as_view(),
        name="snapshot-timeline-image",
    ),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    re_path(r"^.*$", not_found, name="not-found"),
]
