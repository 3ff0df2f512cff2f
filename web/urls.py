"""The pages of one campaign, under /c/<id>/."""

from django.urls import path

from web.views import (
    campaign,
    finish,
    history,
    members,
    packets,
    pictures,
    setup,
    standings,
    table,
    tools,
)

# The namespace keeps the name the links have always used: {% url "campaigns:..." %}.
app_name = "campaigns"

urlpatterns = [
    path("new/", campaign.campaign_new, name="new"),
    path("<int:pk>/", campaign.dashboard, name="dashboard"),
    path("<int:pk>/board.svg", campaign.board_svg, name="board_svg"),
    path("<int:pk>/board/<int:number>.svg", campaign.board_svg, name="board_svg_game"),
    path("<int:pk>/settings/", members.campaign_settings, name="settings"),
    path("<int:pk>/settings/sharing/", members.sharing_update, name="sharing"),
    path("<int:pk>/settings/language/", members.language_update, name="language"),
    path("<int:pk>/settings/house-rules/", members.house_rules_update, name="house_rules"),
    path("<int:pk>/invitations/new/", members.invitation_new, name="invitation_new"),
    path(
        "<int:pk>/invitations/<int:invitation_id>/revoke/",
        members.invitation_revoke,
        name="invitation_revoke",
    ),
    path("<int:pk>/members/<int:membership_id>/", members.member_update, name="member"),
    path("<int:pk>/players/", members.roster, name="players"),
    path("<int:pk>/before-the-first-game/", setup.first_game, name="first_game"),
    path("<int:pk>/games/new/", setup.game_new, name="game_new"),
    path("<int:pk>/games/<int:number>/", table.game_detail, name="game"),
    path("<int:pk>/games/<int:number>/start/", table.game_start, name="game_start"),
    path("<int:pk>/games/<int:number>/cancel/", setup.game_cancel, name="game_cancel"),
    path(
        "<int:pk>/games/<int:number>/seats/<int:player>/fix/",
        setup.seat_fix,
        name="seat_fix",
    ),
    path("<int:pk>/games/<int:number>/log/<slug:kind>/", table.game_log, name="game_log"),
    path("<int:pk>/games/<int:number>/entries/<int:seq>/void/", table.game_void, name="game_void"),
    path("<int:pk>/games/<int:number>/finish/", finish.game_finish, name="game_finish"),
    path("<int:pk>/games/<int:number>/amend/", finish.game_amend, name="game_amend"),
    path("<int:pk>/games/<int:number>/snapshot/", pictures.game_snapshot, name="game_snapshot"),
    path(
        "<int:pk>/games/<int:number>/snapshot.png",
        pictures.game_snapshot_image,
        name="game_snapshot_image",
    ),
    path(
        "<int:pk>/games/<int:number>/snapshot/redraw/",
        pictures.game_snapshot_redraw,
        name="game_snapshot_redraw",
    ),
    path("<int:pk>/packets/", packets.packets_page, name="packets"),
    path("<int:pk>/packets/open/", packets.packet_open, name="packet_open"),
    path("<int:pk>/world-name/", finish.world_name, name="world_name"),
    path("<int:pk>/history/", history.history, name="history"),
    path("<int:pk>/timeline/", pictures.timeline, name="timeline"),
    path("<int:pk>/timeline/redraw/", pictures.timeline_redraw, name="timeline_redraw"),
    path("<int:pk>/timeline.webp", pictures.timeline_image, name="timeline_image"),
    path("<int:pk>/territories/<slug:slug>/", history.territory, name="territory"),
    path("<int:pk>/marks/<slug:mark_type>/<int:mark_id>/", history.mark_fix, name="mark"),
    path("<int:pk>/factions/", standings.factions_page, name="factions"),
    path("<int:pk>/standings/", standings.standings_page, name="standings"),
    path("<int:pk>/audit/", history.audit_page, name="audit"),
    path("<int:pk>/tools/recruitment/", tools.calc_recruit, name="calc_recruit"),
    path("<int:pk>/tools/starts/", tools.calc_starts, name="calc_starts"),
    path("<int:pk>/tools/odds/", tools.calc_odds, name="calc_odds"),
]
