"""The REST API, version 1. Every address under /api/v1/ that names nothing answers with a 404
in the API's error shape (the last pattern), never with a page."""

from csp.decorators import csp_update
from django.urls import URLPattern, URLResolver, include, path, re_path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from api.views import (
    accounts,
    backups,
    board,
    bring_in,
    campaign,
    campaign_board,
    chronicle,
    claims,
    decks,
    derived,
    draft,
    faction_past,
    factions,
    finish,
    games,
    marks,
    notes,
    odds,
    packets,
    photos,
    pictures,
    rulebook,
    scars,
    statistics,
    table,
    world,
)
from edge.errors import not_found


class IdConverter:
    """A database id: at most 19 digits, so that a longer number is 'not found', not a crash."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


class GameNumberConverter(IdConverter):
    regex = "[0-9]{1,5}"


class EntryConverter(IdConverter):
    """An entry's number in a game's log: what the database's integer can hold."""

    regex = "[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > 2**31 - 1:
            raise ValueError(value)  # no such entry: a 404, like any other
        return number


register_converter(IdConverter, "id")
register_converter(GameNumberConverter, "game")
register_converter(EntryConverter, "entry")

app_name = "api"

# A game's log: /api/v1/campaigns/{id}/games/{number}/events/...
event_patterns = [
    *table.entry_patterns(),
    path("<entry:seq>/void/", table.EventVoidView.as_view(), name="event-void"),
    path("<entry:seq>/confirm/", table.EventConfirmView.as_view(), name="event-confirm"),
]

# A game: /api/v1/campaigns/{id}/games/{number}/...
game_patterns: list[URLPattern | URLResolver] = [
    path("", games.GameDetailView.as_view(), name="game"),
    path("start/", games.GameStartView.as_view(), name="game-start"),
    path("cancel/", games.GameCancelView.as_view(), name="game-cancel"),
    path("seats/<id:player>/", games.SeatView.as_view(), name="game-seat"),
    path("finish/", finish.GameFinishView.as_view(), name="game-finish"),
    path("amend/", finish.GameAmendView.as_view(), name="game-amend"),
    path("photos/", photos.PhotoListView.as_view(), name="game-photos"),
    path("photos/<id:photo_id>/", photos.PhotoDetailView.as_view(), name="game-photo"),
    path("photos/<id:photo_id>/web/", photos.PhotoWebView.as_view(), name="game-photo-web"),
    path(
        "photos/<id:photo_id>/thumbnail/",
        photos.PhotoThumbnailView.as_view(),
        name="game-photo-thumbnail",
    ),
    path(
        "photos/<id:photo_id>/original/",
        photos.PhotoOriginalView.as_view(),
        name="game-photo-original",
    ),
    path("draft/", draft.DraftView.as_view(), name="game-draft"),
    path("notes/", notes.NoteListView.as_view(), name="game-notes"),
    path("notes/<id:note_id>/", notes.NoteDetailView.as_view(), name="game-note"),
    path("events/", include(event_patterns)),
]

# A campaign's pictures: /api/v1/campaigns/{id}/snapshots/...
snapshot_patterns = [
    path("", pictures.SnapshotView.as_view(), name="snapshots"),
    path("image/", pictures.SnapshotImageView.as_view(), name="snapshot-image"),
    path("timeline/", pictures.TimelineView.as_view(), name="snapshot-timeline"),
    path(
        "timeline/image/",
        pictures.TimelineImageView.as_view(),
        name="snapshot-timeline-image",
    ),
]

# The rulebook and the packets' components: /api/v1/campaigns/{id}/packets/... and .../rules/...
packet_patterns = [
    path("", packets.PacketListView.as_view(), name="packets"),
    path("components/", rulebook.ComponentListView.as_view(), name="components"),
    path(
        "components/<id:component_id>/",
        rulebook.ComponentDetailView.as_view(),
        name="component",
    ),
    path(
        "components/<id:component_id>/void/",
        rulebook.ComponentVoidView.as_view(),
        name="component-void",
    ),
]
rule_patterns = [
    path("", rulebook.RulesView.as_view(), name="rules"),
    path("stickers/", rulebook.StickerListView.as_view(), name="stickers"),
    path("stickers/<id:sticker_id>/void/", rulebook.StickerVoidView.as_view(), name="sticker-void"),
]

# Marks on the board: /api/v1/campaigns/{id}/marks/{type}/...
mark_patterns = [
    path("", marks.MarkListView.as_view(), name="marks"),
    path("<id:mark_id>/", marks.MarkDetailView.as_view(), name="mark"),
    path("<id:mark_id>/void/", marks.MarkVoidView.as_view(), name="mark-void"),
]

# Bringing a campaign in: /api/v1/campaigns/{id}/bring-in/...
bring_in_patterns = [
    path("", bring_in.BringInView.as_view(), name="bring-in"),
    path("done/", bring_in.BringInDoneView.as_view(), name="bring-in-done"),
    path("games/<game:number>/", bring_in.BroughtInGameView.as_view(), name="bring-in-game"),
    path(
        "marks/<slug:mark_type>/<id:mark_id>/",
        bring_in.BroughtInMarkView.as_view(),
        name="bring-in-mark",
    ),
]

# The chronicle's PDF: /api/v1/campaigns/{id}/chronicle/pdf/...
chronicle_patterns = [
    path("", chronicle.ChroniclePdfView.as_view(), name="chronicle-pdf"),
    path("<id:job_id>/", chronicle.ChroniclePdfJobView.as_view(), name="chronicle-pdf-job"),
    path(
        "<id:job_id>/file/",
        chronicle.ChroniclePdfFileView.as_view(),
        name="chronicle-pdf-file",
    ),
]

# A campaign: /api/v1/campaigns/{id}/... (resolved once per request, then among its own). An
# address whose first part several share is one branch, so that resolving it tries few patterns.
campaign_patterns: list[URLPattern | URLResolver] = [
    path("", campaign.CampaignDetailView.as_view(), name="campaign"),
    path("snapshots/", include(snapshot_patterns)),
    path("games/", games.GameListView.as_view(), name="games"),
    path("games/<game:number>/", include(game_patterns)),
    path("world/", world.WorldView.as_view(), name="world"),
    path("world/name/", world.WorldNameView.as_view(), name="world-name"),
    path(
        "board/territories/",
        campaign_board.AddedTerritoryView.as_view(),
        name="board-territories",
    ),
    path(
        "board/connections/",
        campaign_board.AddedConnectionView.as_view(),
        name="board-connections",
    ),
    path("export/", campaign.ExportView.as_view(), name="campaign-export"),
    path("backups/", backups.AutomaticBackupListView.as_view(), name="campaign-backups"),
    path("backups/<str:name>/", backups.AutomaticBackupView.as_view(), name="campaign-backup"),
    path("members/", campaign.MemberListView.as_view(), name="members"),
    path("members/<id:member_id>/", campaign.MemberDetailView.as_view(), name="member"),
    path("players/", campaign.PlayerListView.as_view(), name="players"),
    path("players/<id:player_id>/claim/", claims.ClaimView.as_view(), name="player-claim"),
    path(
        "players/<id:player_id>/claim/decide/",
        claims.ClaimDecisionView.as_view(),
        name="player-claim-decide",
    ),
    path("legal-starts/", world.LegalStartsView.as_view(), name="legal-starts"),
    path("recruitment/", world.RecruitmentView.as_view(), name="recruitment"),
    path("odds/", odds.CampaignOddsView.as_view(), name="campaign-odds"),
    path("scar-types/", scars.ScarTypeListView.as_view(), name="scar-types"),
    path("scar-types/<str:scar>/", scars.ScarTypeDetailView.as_view(), name="scar-type"),
    path("marks/<slug:mark_type>/", include(mark_patterns)),
    path("first-game/", games.FirstGameView.as_view(), name="first-game"),
    path("bring-in/", include(bring_in_patterns)),
    path("decks/", decks.DeckListView.as_view(), name="decks"),
    path("world-capitals/", decks.WorldCapitalView.as_view(), name="world-capitals"),
    path("packets/", include(packet_patterns)),
    path("unlocked/", packets.UnlockedView.as_view(), name="unlocked"),
    path("rules/", include(rule_patterns)),
    path("winners/", derived.WinnersView.as_view(), name="winners"),
    path("faction-cards/", derived.FactionCardsView.as_view(), name="faction-cards"),
    path("factions/", factions.FactionListView.as_view(), name="factions"),
    path("factions/past/", faction_past.FactionPastView.as_view(), name="faction-past"),
    path("powers/", factions.PowerListView.as_view(), name="powers"),
    path("powers/destroy/", factions.PowerDestroyView.as_view(), name="power-destroy"),
    path("standings/", derived.StandingsView.as_view(), name="standings"),
    path("statistics/", statistics.StatisticsView.as_view(), name="statistics"),
    path("poster/", statistics.PosterView.as_view(), name="poster"),
    path("poster/image/", statistics.PosterImageView.as_view(), name="poster-image"),
    path("audit/", derived.AuditView.as_view(), name="audit"),
    path("chronicle/pdf/", include(chronicle_patterns)),
]

urlpatterns = [
    path("board/", board.BoardView.as_view(), name="board"),
    path("odds/", board.OddsView.as_view(), name="odds"),
    path("odds/troops-needed/", board.TroopsNeededView.as_view(), name="troops-needed"),
    path("auth/token/", accounts.TokenView.as_view(), name="token"),
    path("auth/me/", accounts.MeView.as_view(), name="me"),
    path("auth/me/campaigns/", accounts.MyCampaignsView.as_view(), name="my-campaigns"),
    path("campaigns/", campaign.CampaignListView.as_view(), name="campaigns"),
    path("campaigns/import/", campaign.ImportView.as_view(), name="campaign-import"),
    path("imports/<id:job_id>/", campaign.ImportJobView.as_view(), name="import-job"),
    path("campaigns/<id:campaign_id>/", include(campaign_patterns)),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI under the Content-Security-Policy: its settings as a script of their own (the
    # split view), its inline style in a static file, and the data: images of its stylesheet.
    path(
        "docs/",
        csp_update({"img-src": ["data:"]})(
            SpectacularSwaggerSplitView.as_view(
                url_name="api:schema", template_name="api/swagger_ui.html"
            )
        ),
        name="docs",
    ),
    re_path(r"^.*$", not_found, name="not-found"),
]
