"""The pages of one campaign, under /c/<id>/."""

from django.urls import path

from campaigns import views

app_name = "campaigns"

urlpatterns = [
    path("new/", views.campaign_new, name="new"),
    path("<int:pk>/", views.dashboard, name="dashboard"),
    path("<int:pk>/board.svg", views.board_svg, name="board_svg"),
    path("<int:pk>/board/<int:number>.svg", views.board_svg, name="board_svg_game"),
    path("<int:pk>/settings/", views.campaign_settings, name="settings"),
    path("<int:pk>/settings/sharing/", views.sharing_update, name="sharing"),
    path("<int:pk>/settings/language/", views.language_update, name="language"),
    path("<int:pk>/invitations/new/", views.invitation_new, name="invitation_new"),
    path(
        "<int:pk>/invitations/<int:invitation_id>/revoke/",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("<int:pk>/members/<int:membership_id>/", views.member_update, name="member"),
    path("<int:pk>/players/", views.roster, name="players"),
    path("<int:pk>/before-the-first-game/", views.first_game, name="first_game"),
    path("<int:pk>/games/new/", views.game_new, name="game_new"),
    path("<int:pk>/games/<int:number>/", views.game_detail, name="game"),
    path("<int:pk>/games/<int:number>/start/", views.game_start, name="game_start"),
    path("<int:pk>/games/<int:number>/log/<slug:kind>/", views.game_log, name="game_log"),
    path("<int:pk>/games/<int:number>/finish/", views.game_finish, name="game_finish"),
    path("<int:pk>/games/<int:number>/amend/", views.game_amend, name="game_amend"),
    path("<int:pk>/games/<int:number>/snapshot/", views.game_snapshot, name="game_snapshot"),
    path(
        "<int:pk>/games/<int:number>/snapshot.png",
        views.game_snapshot_image,
        name="game_snapshot_image",
    ),
    path(
        "<int:pk>/games/<int:number>/snapshot/redraw/",
        views.game_snapshot_redraw,
        name="game_snapshot_redraw",
    ),
    path("<int:pk>/packets/", views.packets_page, name="packets"),
    path("<int:pk>/packets/open/", views.packet_open, name="packet_open"),
    path("<int:pk>/world-name/", views.world_name, name="world_name"),
    path("<int:pk>/history/", views.history, name="history"),
    path("<int:pk>/timeline/", views.timeline, name="timeline"),
    path("<int:pk>/timeline/redraw/", views.timeline_redraw, name="timeline_redraw"),
    path("<int:pk>/timeline.webp", views.timeline_image, name="timeline_image"),
    path("<int:pk>/territories/<slug:slug>/", views.territory, name="territory"),
    path("<int:pk>/marks/<slug:mark_type>/<int:mark_id>/", views.mark_fix, name="mark"),
    path("<int:pk>/factions/", views.factions_page, name="factions"),
    path("<int:pk>/standings/", views.standings_page, name="standings"),
    path("<int:pk>/audit/", views.audit_page, name="audit"),
    path("<int:pk>/tools/recruitment/", views.calc_recruit, name="calc_recruit"),
    path("<int:pk>/tools/starts/", views.calc_starts, name="calc_starts"),
    path("<int:pk>/tools/odds/", views.calc_odds, name="calc_odds"),
]
