"""Server-rendered pages: a group records its games at the table and browses its history.

Views are thin: they check who may do what (``pages.campaign_access``: strangers get 404 on a
private campaign, a reader who may not write gets 403), turn a form into a service call, and show
a ``RuleViolation`` as a form error in the players' words. Services are atomic, so a refused
request writes nothing. Reads go through ``campaigns.pages`` and the selectors, in a fixed number
of queries whatever the number of games.

htmx (vendored in ``static/js``) saves reloads where it helps at the table: the in-game log, the
setup wizard's legal starts, the end-of-game form, the snapshot's progress and the calculators.
Every form also works without JavaScript.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import connection
from django.db.models import Max, Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import forms, members, pages, services
from campaigns.game.derived import faction_card_backs, standings
from campaigns.game.finish import (
    amend_game,
    finish_game,
    name_world,
    rewards_as_they_stand,
    world_before_the_end,
)
from campaigns.game.packets import open_packet, packets_to_open
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import (
    coin_pile_out,
    destroy_city,
    eliminate_faction,
    place_mark,
    place_scar,
    record_recruitment,
    rejoin_faction,
    use_missiles,
)
from campaigns.models import (
    AuditEntry,
    Campaign,
    Game,
    GameEvent,
    GameReward,
    GameStatus,
    Invitation,
    Membership,
    Player,
    Seat,
    Snapshot,
    SnapshotStatus,
)
from campaigns.pictures.snapshots import (
    request_snapshot,
    request_timeline,
    snapshot_for_reading,
    timeline_for_reading,
)
from campaigns.pictures.state import finished_games
from campaigns.pictures.storage import picture_response
from legacy import board, names, rules
from legacy.box import FACTIONS, PACKETS, WINNERS_LINES
from legacy.corrections import MARK_TYPES
from legacy.errors import RuleViolation
from legacy.models import (
    City,
    CoinSticker,
    Correction,
    FactionPower,
    MarkKind,
    PacketOpening,
    Scar,
    ScarKind,
    Signature,
)
from legacy.odds import OddsInputError, battle_odds, odds_table
from legacy.selectors import stock_allowances, trade_chart, world_as_of

# --- Refusals in the players' words --------------------------------------------------------------

# The services word their refusals in English. In another language the page leads with the
# rule's own sentence in that language and keeps the service's exact words after it.
RULE_MESSAGES = {
    "first-game-setup-once": gettext_lazy("'Before the first game' happens only once."),
    "every-faction-chooses": gettext_lazy("Every faction chooses one starting power."),
    "first-game-coins": gettext_lazy("All 12 coin stickers go on territory cards."),
    "first-game-coin-limit": gettext_lazy(
        "No territory card may hold more than 3 coins before the first game."
    ),
    "first-game-setup-needed": gettext_lazy("Do 'before the first game' first."),
    "one-game-at-a-time": gettext_lazy("Finish the game being played before the next one."),
    "player-count": gettext_lazy("Risk Legacy is played by 3 to 5 players."),
    "player-once": gettext_lazy("Each player takes one seat."),
    "faction-once": gettext_lazy("Each faction is played by one player."),
    "legal-start": gettext_lazy("That starting territory is not legal."),
    "unknown-player": gettext_lazy("That player is not on this campaign's roster."),
    "player-name-unique": gettext_lazy("Each player needs a different name."),
    "name-required": gettext_lazy("A name is needed."),
    "name-too-long": gettext_lazy("That name is too long."),
    "every-result": gettext_lazy("Every seat gets a result."),
    "one-winner": gettext_lazy("A game has exactly one winner."),
    "winner-reward": gettext_lazy("The winner chooses one reward."),
    "held-on-reward": gettext_lazy("A player who held on chooses one reward."),
    "held-on-controlled": gettext_lazy(
        "A held-on reward goes on a territory the player controlled at the end."
    ),
    "held-on-only": gettext_lazy("Only players who held on get a held-on reward."),
    "one-city-per-territory": gettext_lazy("A territory holds one city."),
    "stock-empty": gettext_lazy("Those stickers are all used."),
    "continent-named-once": gettext_lazy("Each continent is named once."),
    "bonus-changed-once": gettext_lazy("Each continent's bonus can be changed once."),
    "cancel-needs-scar": gettext_lazy("There is no scar there to cancel."),
    "fortify-needs-city": gettext_lazy("There is no city there to fortify."),
    "card-destroyed-once": gettext_lazy("That territory card is already destroyed."),
    "card-destroyed": gettext_lazy("That territory card was destroyed."),
    "card-coin-limit": gettext_lazy("A territory card holds at most 6 coins."),
    "one-scar-per-territory": gettext_lazy("A territory holds one scar."),
    "one-scar-per-faction-card": gettext_lazy("A faction card holds one scar."),
    "scar-place": gettext_lazy("A scar goes on one territory or one faction card."),
    "missiles-per-roll": gettext_lazy("1 to 5 missiles can be played on one roll."),
    "already-out": gettext_lazy("That player is already out of this game."),
    "not-out": gettext_lazy("That player is still in the war."),
    "game-status": gettext_lazy("The game is not at that stage."),
    "game-not-in-progress": gettext_lazy("Events are entered while the game is played."),
    "game-finished": gettext_lazy("That game is already finished."),
    "packet-opened-once": gettext_lazy("That packet is already open."),
    "unlock": gettext_lazy("Each unlocked item needs a kind and a title."),
    "trade-chart": gettext_lazy("Cards traded in must be worth 2 to 10 coins."),
    "world-name-after-15": gettext_lazy("The world is named after the fifteenth game."),
    "naming-tie": gettext_lazy("The tied players roll a die to decide who names the world."),
    "invitation-revoked": gettext_lazy("This invitation link was withdrawn."),
    "invitation-unknown": gettext_lazy("This invitation link is not valid."),
    "owner-only": gettext_lazy("Only the campaign's owner may do that."),
    "amend-finished": gettext_lazy("Only a finished game can be amended."),
    "amend-before-next": gettext_lazy("A game can be amended until the next one is set up."),
    "stale-amendment": gettext_lazy("Someone changed this game meanwhile: reload it."),
    "correction-reason": gettext_lazy("Every correction says why."),
    "void-once": gettext_lazy("That mark is already void."),
    "unknown-mark": gettext_lazy("There is no such mark in this campaign."),
    "placed-in-a-real-game": gettext_lazy("A mark is placed in a game that has been set up."),
    "world": gettext_lazy("The board does not allow that mark there."),
    "campaign-language": gettext_lazy("The pictures are drawn in English or Russian."),
    "snapshot-of-a-finished-game": gettext_lazy("A game's picture is drawn when it ends."),
    "timeline-needs-a-game": gettext_lazy("The timeline starts with the first finished game."),
    "one-owner": gettext_lazy("A campaign has one owner."),
    "owner-stays": gettext_lazy("The owner stays the owner."),
    "member-role": gettext_lazy("The owner stays the owner."),
    "member-once": gettext_lazy("That person is already a member."),
    "invitation-role": gettext_lazy("An invitation makes an editor or a viewer."),
    "naming-roll": gettext_lazy("Rolls are whole numbers from 1 to 6."),
    "world-named-once": gettext_lazy("The world already has a name."),
    "eliminated-controls-nothing": gettext_lazy("An eliminated player controls nothing."),
    "no-rewards-after-15": gettext_lazy("After the fifteenth game there are no more rewards."),
    "seat-incomplete": gettext_lazy("Each seat needs a player, a faction and a start."),
    "bonus-change": gettext_lazy("A continent's bonus changes by +1 or -1."),
    "no-city": gettext_lazy("There is no city there to destroy."),
    "one-starting-power": gettext_lazy("Each faction keeps one starting power."),
    "mark-place": gettext_lazy("A mark goes on one territory or one faction card."),
    "recruitment": gettext_lazy("Territories and population cannot be negative."),
    "troops": gettext_lazy("Troops recruited must be 0 to 1000."),
    "counts": gettext_lazy("The players hold 42 territories at most, all together."),
}


def refusal_message(refusal: RuleViolation) -> str:
    language = get_language() or settings.LANGUAGE_CODE
    own = RULE_MESSAGES.get(refusal.rule)
    if language.startswith("en") or own is None:
        return refusal.message
    return f"{own} ({refusal.message})"


def refuse(form, refusal: RuleViolation) -> None:
    """Show a service's refusal at the top of the form it came from."""
    form.add_error(None, refusal_message(refusal))


def wants_fragment(request) -> bool:
    return request.headers.get("HX-Request") == "true"


# --- Access ----------------------------------------------------------------------------------


def campaign_view(*, write: bool = False, owner: bool = False):
    """Give the view the reader's ``Access``; refuse writers' pages to readers.

    A stranger never learns that a private campaign exists (404, from ``campaign_access``). A
    reader who may not write gets 403, or the login page when not logged in.
    """

    def decorate(view):
        @wraps(view)
        def wrapper(request, pk, *args, **kwargs):
            access = pages.campaign_access(request, pk)
            allowed = access.is_owner if owner else (access.can_write if write else True)
            if not allowed:
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied(_("You may read this campaign but not change it."))
            return view(request, access, *args, **kwargs)

        return wrapper

    return decorate


def player_names(campaign_id: int) -> dict[int, str]:
    return dict(Player.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))


def board_context(access: pages.Access, players: dict[int, str], hqs=None) -> pages.BoardContext:
    return pages.BoardContext(
        campaign=access.campaign,
        players=players,
        scar_names=pages.scar_names(access.campaign.pk, access.sees_unlocked),
        hqs=hqs or {},
        sees_unlocked=access.sees_unlocked,
    )


def interactive_board(access, world, ctx, *, highlight=frozenset(), label=""):
    svg = pages.interactive_svg(
        world,
        ctx,
        link=pages.territory_url(access.campaign.pk),
        highlight=highlight,
        label=label,
    )
    return mark_safe(svg)  # noqa: S308 - drawn by legacy.drawing, every text escaped


def label_seats(seats, factions: dict[str, str]):
    for s in seats:
        s.faction_label = factions.get(s.faction, s.faction)
        s.hq_name = pages.territory_name(s.hq)
        s.result_label = pages.RESULT_LABELS.get(s.result, "")
    return seats


# --- Home, accounts ------------------------------------------------------------------------------


def home(request):
    public = Campaign.objects.filter(public=True).order_by("-created_at")[:20]
    mine = []
    if request.user.is_authenticated:
        mine = list(
            Membership.objects.filter(user=request.user)
            .select_related("campaign")
            .order_by("-campaign__created_at")
        )
        for m in mine:
            m.role_label = pages.ROLE_LABELS.get(m.role, m.role)
    return render(request, "home.html", {"public_campaigns": public, "my_memberships": mine})


def health(request):
    """For load balancers and the operator: the app answers and reaches its database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def _safe_next(request, fallback: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = forms.SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Earthbook, %(name)s.") % {"name": user.username})
        return redirect(_safe_next(request, reverse("campaigns:new")))
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )


# --- Campaigns -----------------------------------------------------------------------------------


@login_required
def campaign_new(request):
    form = forms.CampaignForm(
        request.POST or None, initial={"language": names.language_of(get_language())}
    )
    if request.method == "POST" and form.is_valid():
        try:
            campaign = services.create_campaign(
                owner=request.user,
                name=form.cleaned_data["name"],
                players=form.player_names(),
                language=form.cleaned_data["language"] or names.language_of(get_language()),
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("Your campaign is ready. First: before the first game."))
            return redirect("campaigns:first_game", campaign.pk)
    return render(request, "campaigns/new.html", {"form": form})


def packet_rows(access: pages.Access) -> list[dict]:
    """Every packet of the box: sealed, or opened (when, and what it unlocked if allowed)."""
    campaign = access.campaign
    openings = {
        o.packet: o
        for o in PacketOpening.objects.filter(campaign=campaign, voided=False).order_by("id")
    }
    contents = pages.unlocked_by_opening(campaign.pk) if access.sees_unlocked else {}
    rows = []
    for p in PACKETS:
        opening = openings.get(p.slug)
        rows.append(
            {
                "slug": p.slug,
                "name": p.name,
                "trigger": pages.PACKET_TRIGGERS.get(p.slug, p.trigger),
                "opening": opening,
                "contents": contents.get(opening.pk, []) if opening else [],
            }
        )
    return rows


def due_packets(campaign: Campaign) -> list[str]:
    """The packets the table must open now (none before the first game is prepared)."""
    if campaign.prepared_at is None:
        return []
    return [pages.packet_name(s) for s in packets_to_open(campaign.pk)]


def dashboard_data(access: pages.Access) -> dict:
    campaign = access.campaign
    players = player_names(campaign.pk)
    world = world_as_of(campaign.pk)
    current = campaign.games.exclude(status=GameStatus.FINISHED).order_by("-number").first()
    hqs = dict(current.seats.values_list("hq", "faction")) if current else {}
    ctx = board_context(access, players, hqs)
    lines = {s.line: s for s in Signature.objects.filter(campaign=campaign, voided=False)}
    continents = []
    for c in board.CONTINENTS:
        state = world.continents[c.slug]
        continents.append(
            {
                "slug": c.slug,
                "printed": pages.continent_name(c.slug),
                "name": state.name,
                "namer": players.get(state.namer, ""),
                "bonus": state.bonus,
                "change": state.bonus_change,
            }
        )
    last = campaign.games.aggregate(n=Max("number"))["n"] or 0
    finished = (
        campaign.games.filter(status=GameStatus.FINISHED).aggregate(n=Max("number"))["n"] or 0
    )
    return {
        "world": world,
        "board": interactive_board(access, world, ctx, label=_("The board as it stands")),
        "panel": pages.territory_panel_data(world, ctx),
        "current": current,
        "next_number": last + 1,
        "to_open": due_packets(campaign),
        "packets": packet_rows(access),
        "winners": [(n, lines.get(n)) for n in range(1, WINNERS_LINES + 1)],
        "continents": continents,
        "stock": pages.stock_rows(world, stock_allowances(campaign.pk)),
        "world_to_name": finished >= 15 and not world.world_name,
    }


@campaign_view()
def dashboard(request, access):
    data = dashboard_data(access)
    return render(request, "campaigns/dashboard.html", {"access": access, **data})


@campaign_view()
def board_svg(request, access, number=None):
    """The board as an SVG file: after game ``number`` (0 = before the first game), or now."""
    if number is not None and number > 0:
        get_object_or_404(Game, campaign=access.campaign, number=number)
    players = player_names(access.campaign.pk)
    hqs = {}
    if number:
        hqs = dict(
            Seat.objects.filter(game__campaign=access.campaign, game__number=number).values_list(
                "hq", "faction"
            )
        )
    world = world_as_of(access.campaign.pk, number)
    svg = pages.svg_document(world, board_context(access, players, hqs))
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "private, max-age=60"
    return response


# --- Members, invitations, sharing ---------------------------------------------------------------


@campaign_view(owner=True)
def campaign_settings(request, access):
    return render(request, "campaigns/settings.html", settings_context(request, access))


def settings_context(
    request, access, sharing_form=None, invite_form=None, language_form=None
) -> dict:
    """The settings page; each form not given (the one posted, with its errors) shows the
    campaign as it is."""
    campaign = access.campaign
    sharing_form = sharing_form or forms.SharingForm(
        initial={
            "shared": campaign.shared,
            "public": campaign.public,
            "hide_unlocked_content": campaign.hide_unlocked_content,
        }
    )
    memberships = list(
        Membership.objects.filter(campaign=campaign).select_related("user").order_by("id")
    )
    for m in memberships:
        m.role_label = pages.ROLE_LABELS.get(m.role, m.role)
    invitations = list(
        Invitation.objects.filter(campaign=campaign, revoked_at__isnull=True).order_by("-id")
    )
    for i in invitations:
        i.url = request.build_absolute_uri(reverse("join", args=[i.token]))
        i.role_label = pages.ROLE_LABELS.get(i.role, i.role)
    share_url = request.build_absolute_uri(
        reverse("campaigns:dashboard", args=[campaign.pk]) + f"?share={campaign.share_token}"
    )
    return {
        "access": access,
        "sharing_form": sharing_form,
        "invite_form": invite_form or forms.InvitationForm(),
        "language_form": language_form
        or forms.LanguageForm(initial={"language": campaign.language}),
        "memberships": memberships,
        "invitations": invitations,
        "share_url": share_url,
        "role_form": forms.RoleForm,
    }


@require_POST
@campaign_view(owner=True)
def sharing_update(request, access):
    form = forms.SharingForm(request.POST)
    if form.is_valid():
        try:
            members.update_sharing(campaign=access.campaign, by=request.user, **form.cleaned_data)
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("Sharing saved."))
            return redirect("campaigns:settings", access.campaign.pk)
    return render(request, "campaigns/settings.html", settings_context(request, access, form))


@require_POST
@campaign_view(owner=True)
def language_update(request, access):
    """The language of the board pictures; pictures already drawn are drawn again in it."""
    form = forms.LanguageForm(request.POST)
    if form.is_valid():
        try:
            members.set_language(
                campaign=access.campaign, language=form.cleaned_data["language"], by=request.user
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("The board pictures will be drawn in this language."))
            return redirect("campaigns:settings", access.campaign.pk)
    return render(
        request, "campaigns/settings.html", settings_context(request, access, language_form=form)
    )


@require_POST
@campaign_view(owner=True)
def invitation_new(request, access):
    form = forms.InvitationForm(request.POST)
    if form.is_valid():
        try:
            members.create_invitation(
                campaign=access.campaign, role=form.cleaned_data["role"], by=request.user
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("Invitation link made: copy it and send it."))
            return redirect("campaigns:settings", access.campaign.pk)
    return render(
        request, "campaigns/settings.html", settings_context(request, access, invite_form=form)
    )


@require_POST
@campaign_view(owner=True)
def invitation_revoke(request, access, invitation_id):
    invitation = get_object_or_404(Invitation, pk=invitation_id, campaign=access.campaign)
    members.revoke_invitation(invitation=invitation, by=request.user)
    messages.success(request, _("The invitation link no longer works."))
    return redirect("campaigns:settings", access.campaign.pk)


@require_POST
@campaign_view(owner=True)
def member_update(request, access, membership_id):
    membership = get_object_or_404(Membership, pk=membership_id, campaign=access.campaign)
    try:
        if request.POST.get("remove"):
            members.remove_member(campaign=access.campaign, membership=membership, by=request.user)
            messages.success(request, _("Member removed."))
        else:
            form = forms.RoleForm(request.POST)
            if form.is_valid():
                members.set_role(
                    campaign=access.campaign,
                    membership=membership,
                    role=form.cleaned_data["role"],
                    by=request.user,
                )
                messages.success(request, _("Role saved."))
    except RuleViolation as refusal:
        messages.error(request, refusal_message(refusal))
    return redirect("campaigns:settings", access.campaign.pk)


def join(request, token):
    invitation = Invitation.objects.select_related("campaign").filter(token=token).first()
    if invitation is None:
        raise Http404
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    member = Membership.objects.filter(campaign=invitation.campaign, user=request.user).first()
    error = ""
    if request.method == "POST":
        try:
            membership, new = members.accept_invitation(token=token, user=request.user)
        except RuleViolation as refusal:
            error = refusal_message(refusal)
        else:
            if new:
                messages.success(
                    request,
                    _("You joined %(campaign)s.") % {"campaign": invitation.campaign.name},
                )
            return redirect("campaigns:dashboard", invitation.campaign.pk)
    return render(
        request,
        "campaigns/join.html",
        {
            "invitation": invitation,
            "role_label": pages.ROLE_LABELS.get(invitation.role, invitation.role),
            "member": member,
            "error": error,
        },
    )


@campaign_view()
def roster(request, access):
    form = forms.PlayerForm(request.POST or None)
    if request.method == "POST":
        if not access.can_write:
            raise PermissionDenied
        if form.is_valid():
            try:
                services.add_player(
                    campaign=access.campaign, name=form.cleaned_data["name"], by=request.user
                )
            except RuleViolation as refusal:
                refuse(form, refusal)
            else:
                messages.success(request, _("Player added."))
                return redirect("campaigns:players", access.campaign.pk)
    players = (
        Player.objects.filter(campaign=access.campaign).select_related("user").order_by("name")
    )
    return render(
        request, "campaigns/players.html", {"access": access, "form": form, "roster": players}
    )


# --- Before the first game -----------------------------------------------------------------------


@campaign_view()
def first_game(request, access):
    campaign = access.campaign
    if campaign.prepared_at is not None:
        powers = FactionPower.objects.filter(campaign=campaign, placed_in_game=0, voided=False)
        kept = {p.faction: p for p in powers if p.removed_in_game is None}
        coins = CoinSticker.objects.filter(campaign=campaign, placed_in_game=0, voided=False)
        cards: dict[str, int] = {}
        for c in coins:
            cards[c.territory] = max(cards.get(c.territory, 1), c.coins_after)
        return render(
            request,
            "campaigns/first_game_done.html",
            {
                "access": access,
                "powers": [
                    (
                        pages.faction_name(f.slug),
                        pages.power_words(kept[f.slug]) if f.slug in kept else None,
                    )
                    for f in FACTIONS
                ],
                "cards": sorted(
                    ((pages.territory_name(t), n) for t, n in cards.items()),
                    key=lambda x: (-x[1], x[0]),
                ),
            },
        )
    if not access.can_write:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    stock = stock_allowances(campaign.pk)["first-game-coins"]
    form = forms.FirstGameForm(request.POST or None, stock=stock)
    if request.method == "POST" and form.is_valid():
        try:
            services.prepare_first_game(
                campaign=campaign,
                powers=form.powers(),
                coins=None if form.cleaned_data["random_coins"] else form.coins(),
                random_coins=form.cleaned_data["random_coins"],
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("Before the first game: done. Now set up game 1."))
            return redirect("campaigns:first_game", campaign.pk)
    return render(
        request, "campaigns/first_game.html", {"access": access, "form": form, "stock": stock}
    )


# --- Setting up a game ---------------------------------------------------------------------------


def legal_by_seat(world, plan) -> dict[int, list[str]]:
    """For each seat, the legal starts given the HQs chosen in the seats before it."""
    legal, placed = {}, []
    for i, (player, hq) in enumerate(plan):
        legal[i] = rules.legal_starting_territories(world, player=player, hqs=placed)
        if hq:
            placed.append(hq)
    return legal


@campaign_view(write=True)
def game_new(request, access):
    campaign = access.campaign
    if campaign.prepared_at is None:
        messages.info(request, _("First things first: before the first game."))
        return redirect("campaigns:first_game", campaign.pk)
    current = campaign.games.exclude(status=GameStatus.FINISHED).first()
    if current:
        return redirect("campaigns:game", campaign.pk, current.number)
    world = world_as_of(campaign.pk)
    players = list(Player.objects.filter(campaign=campaign).order_by("id"))
    factions = pages.campaign_factions(campaign.pk)
    data = request.POST if request.method == "POST" else None
    plan = forms.raw_seat_plan(data or {})
    legal = legal_by_seat(world, plan)
    form = forms.SetupForm(data, players=players, factions=factions, legal=legal)
    preview = bool(data and data.get("_preview"))
    if data is not None and not preview and form.is_valid():
        try:
            game = setup_game(
                campaign=campaign,
                seats=form.cleaned_data["seats"],
                played_on=form.cleaned_data.get("played_on"),
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            return redirect("campaigns:game", campaign.pk, game.number)
    # The map shows where the next seat still to be chosen may start.
    focus = next((i for i, (_p, hq) in enumerate(plan) if not hq), len(plan) - 1)
    highlight = set(legal.get(focus, []))
    hqs = {
        hq: (data or {}).get(f"seat{i}_faction") or "neutral"
        for i, (_p, hq) in enumerate(plan)
        if hq
    }
    ctx = board_context(access, {p.pk: p.name for p in players}, hqs)
    context = {
        "access": access,
        "form": form,
        "preview": preview,
        "number": (campaign.games.aggregate(n=Max("number"))["n"] or 0) + 1,
        "board": interactive_board(
            access, world, ctx, highlight=highlight, label=_("Legal starts are outlined")
        ),
        "focus_seat": focus + 1,
        "legal_names": sorted(pages.territory_name(t) for t in highlight),
    }
    return render(request, "campaigns/game_new.html", context)


# --- A game --------------------------------------------------------------------------------------


def game_forms(access, game, seats, data=None, which=None):
    """The quick in-game log's forms (``which`` is bound to ``data`` when re-shown with errors)."""
    campaign = access.campaign
    factions = pages.campaign_factions(campaign.pk)
    kinds = list(ScarKind.objects.filter(campaign=campaign).order_by("id"))
    scarred = set(
        Scar.objects.current().filter(campaign=campaign).values_list("territory", flat=True)
    )
    free = [t.slug for t in board.TERRITORIES if t.slug not in scarred]
    mark_kinds = list(MarkKind.objects.filter(campaign=campaign).order_by("id"))
    cities = [
        (c.territory, f"{c.name} ({pages.territory_name(c.territory)})")
        for c in City.objects.current().filter(campaign=campaign).order_by("territory")
    ]
    makers = {
        "scar": lambda d: forms.ScarForm(
            d,
            prefix="scar",
            scar_kinds=[(k.slug, pages.scar_kind_name(k)) for k in kinds],
            free_territories=free,
            factions=factions,
            seats=seats,
        ),
        "missiles": lambda d: forms.MissilesForm(d, prefix="missiles", seats=seats),
        "recruitment": lambda d: forms.RecruitmentForm(d, prefix="recruitment", seats=seats),
        "eliminated": lambda d: forms.EliminationForm(d, prefix="eliminated", seats=seats),
        "rejoined": lambda d: forms.RejoinForm(d, prefix="rejoined", seats=seats),
        "coin-pile": lambda d: forms.CoinPileForm(d, prefix="coinpile", seats=seats),
    }
    if mark_kinds:
        makers["mark"] = lambda d: forms.MarkForm(
            d,
            prefix="mark",
            mark_kinds=[(k.slug, k.name) for k in mark_kinds],
            factions=factions,
            seats=seats,
        )
    if cities:
        makers["city-destroyed"] = lambda d: forms.DestroyCityForm(
            d, prefix="citydestroyed", cities=cities
        )
    return {k: make(data if k == which else None) for k, make in makers.items()}


LOG_TITLES = {
    "scar": gettext_lazy("A scar is placed"),
    "missiles": gettext_lazy("Missiles on one roll"),
    "recruitment": gettext_lazy("A big recruitment (30+ troops)"),
    "eliminated": gettext_lazy("A faction is wiped out"),
    "rejoined": gettext_lazy("A faction joins the war again"),
    "coin-pile": gettext_lazy("The coin-card pile ran out"),
    "mark": gettext_lazy("A mark the group unlocked is placed"),
    "city-destroyed": gettext_lazy("A city is destroyed"),
}


def game_context(request, access, game, *, log_forms=None, open_log=None) -> dict:
    campaign = access.campaign
    factions = pages.campaign_factions(campaign.pk)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    players = player_names(campaign.pk)
    events = list(game.events.select_related("seat__player").order_by("seq"))
    words = pages.EventWords.load(campaign.pk, factions, access.sees_unlocked)
    for e in events:
        e.label = pages.EVENT_LABELS.get(e.kind, e.kind)
        e.text = pages.event_text(e, words)
    finished = game.status == GameStatus.FINISHED
    world = world_as_of(campaign.pk, game.number if finished else None)
    hqs = {s.hq: s.faction for s in seats}
    ctx = board_context(access, players, hqs)
    context = {
        "access": access,
        "game": game,
        "status_label": pages.STATUS_LABELS.get(game.status, game.status),
        "seats": seats,
        "events": events,
        "board": interactive_board(
            access,
            world,
            ctx,
            label=_("The board after game %(n)s") % {"n": game.number}
            if finished
            else _("The board now"),
        ),
        "panel": pages.territory_panel_data(world, ctx),
        "is_latest": not campaign.games.filter(number__gt=game.number).exists(),
    }
    if game.status == GameStatus.IN_PROGRESS and access.can_write:
        forms_ = log_forms or game_forms(access, game, seats)
        context["log_forms"] = [
            {"kind": k, "title": LOG_TITLES[k], "form": f, "open": k == open_log}
            for k, f in forms_.items()
        ]
    if context["is_latest"] and campaign.prepared_at:
        context["to_open"] = [(s, pages.packet_name(s)) for s in packets_to_open(campaign.pk)]
    if finished:
        context["world_to_name"] = (
            context["is_latest"] and game.number >= 15 and not world.world_name
        )
        rewards = list(
            GameReward.objects.filter(game=game).select_related("seat__player").order_by("order")
        )
        for r in rewards:
            r.label = pages.REWARD_LABELS.get(r.kind, r.kind)
            r.where = describe_reward_target(r.details)
        context["rewards"] = rewards
        context["signature"] = Signature.objects.filter(
            campaign=campaign, placed_in_game=game.number, voided=False
        ).first()
        context["snapshot"] = snapshot_state(access, game)
    return context


def describe_reward_target(details: dict) -> str:
    parts = []
    if details.get("territory"):
        parts.append(pages.territory_name(details["territory"]))
    if details.get("continent"):
        parts.append(pages.continent_name(details["continent"]))
    if details.get("delta"):
        parts.append(f"{details['delta']:+d}")
    if details.get("name"):
        parts.append(f"“{details['name']}”")
    return " ".join(parts)


def game_or_404(access, number) -> Game:
    return get_object_or_404(Game, campaign=access.campaign, number=number)


@campaign_view()
def game_detail(request, access, number):
    game = game_or_404(access, number)
    return render(request, "campaigns/game.html", game_context(request, access, game))


@require_POST
@campaign_view(write=True)
def game_start(request, access, number):
    game = game_or_404(access, number)
    try:
        start_game(game=game, by=request.user)
    except RuleViolation as refusal:
        messages.error(request, refusal_message(refusal))
    else:
        messages.success(request, _("Game %(n)s has begun. Good luck!") % {"n": game.number})
    return redirect("campaigns:game", access.campaign.pk, game.number)


def _log(kind, game, form, user):
    """Call the service behind one entry of the in-game log."""
    d = form.cleaned_data

    def player(name="player"):
        value = d.get(name)
        return int(value) if value else None

    if kind == "scar":
        return place_scar(
            game=game,
            scar=d["scar"],
            territory=d.get("territory") or None,
            faction=d.get("faction") or None,
            player=player(),
            by=user,
        )
    if kind == "missiles":
        return use_missiles(game=game, count=d["count"], player=player(), by=user)
    if kind == "recruitment":
        return record_recruitment(
            game=game,
            player=player(),
            troops=d["troops"],
            holds_missile=d["holds_missile"],
            by=user,
        )
    if kind == "eliminated":
        return eliminate_faction(game=game, player=player(), can_rejoin=d["can_rejoin"], by=user)
    if kind == "rejoined":
        return rejoin_faction(game=game, player=player(), by=user)
    if kind == "coin-pile":
        return coin_pile_out(game=game, territories=form.counts(), by=user)
    if kind == "mark":
        return place_mark(
            game=game,
            kind=d["kind"],
            territory=d.get("territory") or None,
            faction=d.get("faction") or None,
            label=d.get("label") or "",
            player=player(),
            by=user,
        )
    if kind == "city-destroyed":
        return destroy_city(game=game, territory=d["territory"], by=user)
    raise Http404


@require_POST
@campaign_view(write=True)
def game_log(request, access, number, kind):
    game = game_or_404(access, number)
    if game.status != GameStatus.IN_PROGRESS:
        messages.error(request, _("Game %(n)s is not being played.") % {"n": game.number})
        return redirect("campaigns:game", access.campaign.pk, game.number)
    factions = pages.campaign_factions(access.campaign.pk)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    log_forms = game_forms(access, game, seats, request.POST, kind)
    form = log_forms.get(kind)
    if form is None:
        raise Http404
    if form.is_valid():
        try:
            result = _log(kind, game, form, request.user)
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            # The game page itself says which packets must open now.
            words = pages.EventWords.load(access.campaign.pk, factions, access.sees_unlocked)
            what = pages.event_text(result.event, words)
            messages.success(request, _("Noted: %(what)s") % {"what": what})
            return redirect("campaigns:game", access.campaign.pk, game.number)
    game.refresh_from_db()
    context = game_context(request, access, game, log_forms=log_forms, open_log=kind)
    return render(request, "campaigns/game.html", context)


# --- The end of a game ---------------------------------------------------------------------------


def _end_of_game_form(request, access, game, form_class, world):
    """The end-of-game form (results, signature, rewards) of ``game``, offering the rewards
    that ``world`` allows, with the seats as the page labels them."""
    factions = pages.campaign_factions(access.campaign.pk)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    give = rules.rewards_given(game.number)
    all_territories = [t.slug for t in board.TERRITORIES]
    return form_class(
        request.POST or None,
        seats=seats,
        winner_targets=rules.winner_reward_targets(world) if give else {},
        held_targets=rules.held_on_reward_targets(world, all_territories) if give else {},
        rewards=give,
    )


def _end_of_game_page(request, access, game, form, *, amend: bool = False):
    """Render the end-of-game page. Results chosen so far decide who gets a held-on reward and
    in which order (clockwise from the winner), so the form is redrawn when a result changes."""
    source = request.POST if request.method == "POST" else form.initial
    results = {s.player_id: source.get(f"result_{s.player_id}", "") for s in form.seats}
    winner = next((p for p, r in results.items() if r == "won"), None)
    order = (
        rules.held_on_order({s.player_id: s.order for s in form.seats}, winner)
        if winner
        else [s.player_id for s in form.seats]
    )
    context = {
        "access": access,
        "game": game,
        "form": form,
        "preview": bool(request.POST.get("_preview")),
        "held_rows": form.held_rows(order, results) if form.rewards else [],
        "winner_chosen": winner is not None,
        "rewards": form.rewards,
        "amend": amend,
    }
    return render(request, "campaigns/game_finish.html", context)


def _end_of_game(form) -> dict:
    """What the end-of-game form gives the services (finish and amend alike)."""
    held, controlled = form.held_on()
    return {
        "results": form.results(),
        "controlled": controlled,
        "winner_reward": form.winner_reward(),
        "held_on_rewards": held,
        "slogan": form.cleaned_data.get("slogan") or "",
        "signed_on": form.cleaned_data.get("signed_on"),
    }


@campaign_view(write=True)
def game_finish(request, access, number):
    campaign = access.campaign
    game = game_or_404(access, number)
    if game.status != GameStatus.IN_PROGRESS:
        messages.info(request, _("Only a game being played can be finished."))
        return redirect("campaigns:game", campaign.pk, game.number)
    form = _end_of_game_form(request, access, game, forms.FinishForm, world_as_of(campaign.pk))
    preview = bool(request.POST.get("_preview"))
    if request.method == "POST" and not preview and form.is_valid():
        try:
            finish_game(game=game, by=request.user, **_end_of_game(form))
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            # The game page says which packets must open now and whether the world is named.
            messages.success(request, _("Game %(n)s is in the book.") % {"n": game.number})
            return redirect("campaigns:game", campaign.pk, game.number)
    return _end_of_game_page(request, access, game, form)


@campaign_view(write=True)
def game_amend(request, access, number):
    """Enter the end of the last finished game again, until the next game is set up; the form
    is the finish's, filled in with what the game's end holds now, plus the reason."""
    campaign = access.campaign
    game = game_or_404(access, number)
    if game.status != GameStatus.FINISHED or campaign.games.filter(number__gt=number).exists():
        messages.info(
            request,
            _(
                "Only the last finished game can be amended, until the next one is set up: "
                "fix single marks from the history instead."
            ),
        )
        return redirect("campaigns:game", campaign.pk, game.number)
    world = world_before_the_end(game)
    form = _end_of_game_form(request, access, game, forms.AmendForm, world)
    if request.method != "POST":
        form.initial = form.initial_from(game, rewards_as_they_stand(game))
        signature = Signature.objects.filter(
            campaign=campaign, placed_in_game=game.number, voided=False
        ).first()
        if signature:
            form.initial.update(slogan=signature.slogan, signed_on=signature.date)
    preview = bool(request.POST.get("_preview"))
    if request.method == "POST" and not preview and form.is_valid():
        try:
            amend_game(
                game=game,
                revision=form.cleaned_data["revision"],
                reason=form.cleaned_data["reason"],
                by=request.user,
                **_end_of_game(form),
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("Game %(n)s is amended.") % {"n": game.number})
            return redirect("campaigns:game", campaign.pk, game.number)
    return _end_of_game_page(request, access, game, form, amend=True)


def snapshot_state(access, game) -> dict:
    """Where the picture of the world after ``game`` stands: ``ready`` (with its address),
    ``pending`` (the worker has not drawn it yet), ``failed``, or ``svg`` (show the SVG board).

    Reading it asks for a picture nobody has asked for yet. A reader from whom the packets'
    content is hidden always gets the SVG, which hides it (the stored picture names every scar
    type).
    """
    if not access.sees_unlocked:
        return {"state": "svg"}
    return _picture_state(
        snapshot_for_reading(access.campaign.pk, game.number),
        reverse("campaigns:game_snapshot_image", args=[access.campaign.pk, game.number]),
    )


def _picture_state(row: Snapshot, url: str) -> dict:
    if row.status == SnapshotStatus.DONE:
        return {"state": "ready", "url": url}
    if row.status == SnapshotStatus.FAILED:
        return {"state": "failed", "error": row.error}
    return {"state": "pending"}


def _stored_picture(request, access, game_number: int):
    """The stored picture (PNG of a game, or the timeline's WebP), behind the campaign's own
    access rules; 404 while it is not drawn, or for a reader it would tell too much."""
    row = None
    if access.sees_unlocked:
        row = Snapshot.objects.filter(
            campaign_id=access.campaign.pk, game_number=game_number
        ).first()
    response = picture_response(request, row)
    if response is None:
        raise Http404
    return response


@campaign_view()
def game_snapshot_image(request, access, number):
    """The stored picture of a game."""
    game = game_or_404(access, number)
    return _stored_picture(request, access, game.number)


@campaign_view()
def timeline_image(request, access):
    """The stored timeline: the board after every finished game, animated."""
    return _stored_picture(request, access, Snapshot.TIMELINE)


@campaign_view()
def game_snapshot(request, access, number):
    """The snapshot's box alone, polled by the game page until the picture is drawn."""
    game = game_or_404(access, number)
    return render(
        request,
        "campaigns/_snapshot.html",
        {"access": access, "game": game, "snapshot": snapshot_state(access, game)},
    )


@require_POST
@campaign_view(write=True)
def game_snapshot_redraw(request, access, number):
    """Draw the picture of a finished game again (after a failure, say)."""
    game = game_or_404(access, number)
    try:
        request_snapshot(access.campaign.pk, game.number, force=True)
    except RuleViolation as refusal:
        messages.error(request, refusal_message(refusal))
    else:
        messages.success(request, _("The picture is being drawn again."))
    return redirect(reverse("campaigns:game", args=[access.campaign.pk, game.number]) + "#snapshot")


def timeline_state(access) -> dict:
    """Where the campaign's animated timeline stands, as ``snapshot_state`` says it for a game;
    also ``empty`` (no game is finished) and ``hidden`` (it would show hidden content)."""
    if not access.sees_unlocked:
        return {"state": "hidden"}
    if not finished_games(access.campaign.pk):
        return {"state": "empty"}
    return _picture_state(
        timeline_for_reading(access.campaign.pk),
        reverse("campaigns:timeline_image", args=[access.campaign.pk]),
    )


@campaign_view()
def timeline(request, access):
    """The campaign as an animation: the board after every finished game, drawn by the worker.
    Polled (as a fragment) while it is being drawn."""
    fragment = request.headers.get("HX-Request") == "true"
    return render(
        request,
        "campaigns/_timeline.html" if fragment else "campaigns/timeline.html",
        {"access": access, "timeline": timeline_state(access)},
    )


@require_POST
@campaign_view(write=True)
def timeline_redraw(request, access):
    try:
        request_timeline(access.campaign.pk, force=True)
    except RuleViolation as refusal:
        messages.error(request, refusal_message(refusal))
    else:
        messages.success(request, _("The timeline is being drawn again."))
    return redirect("campaigns:timeline", access.campaign.pk)


# --- Packets and the world's name ----------------------------------------------------------------


@campaign_view(write=True)
def packet_open(request, access):
    campaign = access.campaign
    opened = set(
        PacketOpening.objects.filter(campaign=campaign, voided=False).values_list(
            "packet", flat=True
        )
    )
    sealed = [p.slug for p in PACKETS if p.slug not in opened]
    due = packets_to_open(campaign.pk) if campaign.prepared_at else []
    initial = {"packet": request.GET.get("packet") or (due[0] if due else None)}
    form = forms.PacketForm(request.POST or None, sealed=sealed, initial=initial)
    if request.method == "POST" and form.is_valid():
        items = form.unlocked()
        if form.is_valid():  # unlocked() may add errors
            try:
                opening = open_packet(
                    campaign=campaign,
                    packet=form.cleaned_data["packet"],
                    unlocked=items,
                    trigger=form.cleaned_data.get("trigger") or "",
                    by=request.user,
                )
            except RuleViolation as refusal:
                refuse(form, refusal)
            else:
                messages.success(
                    request,
                    _("%(packet)s opened: %(n)s item(s) entered.")
                    % {"packet": pages.packet_name(opening.packet), "n": len(items)},
                )
                current = campaign.games.filter(status=GameStatus.IN_PROGRESS).first()
                if current:
                    return redirect("campaigns:game", campaign.pk, current.number)
                return redirect("campaigns:dashboard", campaign.pk)
    return render(
        request,
        "campaigns/packet_open.html",
        {
            "access": access,
            "form": form,
            "due": [pages.packet_name(p) for p in due],
            "sealed": bool(sealed),
        },
    )


@campaign_view(write=True)
def world_name(request, access):
    campaign = access.campaign
    world = world_as_of(campaign.pk)
    players = player_names(campaign.pk)
    counts = world.signature_counts()
    most = max(counts.values(), default=0)
    tied = [(p, players.get(p, "?")) for p, n in counts.items() if n == most]
    form = forms.NameWorldForm(request.POST or None, tied=tied if len(tied) > 1 else ())
    if request.method == "POST" and form.is_valid():
        try:
            name_world(
                campaign=campaign,
                name=form.cleaned_data["name"],
                rolls=form.rolls() or None,
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("The world has its name."))
            return redirect("campaigns:dashboard", campaign.pk)
    return render(
        request,
        "campaigns/world_name.html",
        {"access": access, "form": form, "tied": tied, "most": most},
    )


# --- History -------------------------------------------------------------------------------------


@campaign_view()
def history(request, access):
    campaign = access.campaign
    factions = pages.campaign_factions(campaign.pk)
    players = player_names(campaign.pk)
    game_list = list(Game.objects.filter(campaign=campaign).order_by("-number"))
    seats = defaultdict(list)
    for s in label_seats(
        list(Seat.objects.filter(game__campaign=campaign).select_related("player")), factions
    ):
        seats[s.game_id].append(s)
    events = defaultdict(list)
    words = pages.EventWords.load(campaign.pk, factions, access.sees_unlocked)
    for e in GameEvent.objects.filter(game__campaign=campaign).select_related("seat__player"):
        e.label = pages.EVENT_LABELS.get(e.kind, e.kind)
        e.text = pages.event_text(e, words)
        events[e.game_id].append(e)
    rewards = defaultdict(list)
    for r in (
        GameReward.objects.filter(game__campaign=campaign)
        .select_related("seat__player")
        .order_by("order")
    ):
        r.label = pages.REWARD_LABELS.get(r.kind, r.kind)
        r.where = describe_reward_target(r.details)
        rewards[r.game_id].append(r)
    marks = pages.MarkHistory(campaign.pk, players, sees_unlocked=access.sees_unlocked)
    placed, removed = marks.by_game(), marks.removed_by_game()
    timeline = []
    for g in game_list:
        timeline.append(
            {
                "game": g,
                "status_label": pages.STATUS_LABELS.get(g.status, g.status),
                "seats": sorted(seats[g.pk], key=lambda s: s.order),
                "events": events[g.pk],
                "rewards": rewards[g.pk],
                "placed": placed.get(g.number, []),
                "removed": removed.get(g.number, []),
            }
        )
    return render(
        request,
        "campaigns/history.html",
        {
            "access": access,
            "timeline": timeline,
            "before_first": placed.get(0, []),
            "prepared": campaign.prepared_at is not None,
        },
    )


def _mark_or_404(access, mark_type: str, mark_id: int):
    model = MARK_TYPES.get(mark_type)
    if model is None:
        raise Http404
    mark = model.objects.filter(campaign=access.campaign, pk=mark_id).first()
    if mark is None:
        raise Http404
    return mark


@campaign_view(write=True)
def mark_fix(request, access, mark_type, mark_id):
    """One mark, for the people who record games: change what was entered wrongly, or void a
    mark that should never have been entered; either way with a reason, kept in the audit."""
    mark = _mark_or_404(access, mark_type, mark_id)
    model = type(mark)
    campaign = access.campaign
    players = player_names(campaign.pk)
    factions = pages.campaign_factions(campaign.pk)
    action = request.POST.get("action") if request.method == "POST" else None
    correct_form = forms.MarkCorrectionForm(
        request.POST if action == "correct" else None,
        mark=mark,
        players=players,
        factions=factions,
        prefix="fix",
    )
    void_form = forms.ReasonForm(request.POST if action == "void" else None, prefix="void")
    if action == "correct" and correct_form.is_valid():
        changes = correct_form.changes()
        if not changes:
            correct_form.add_error(None, _("Nothing was changed: change a field, then save."))
        else:
            try:
                services.correct_mark(
                    campaign=campaign,
                    model=model,
                    mark_id=mark.pk,
                    changes=changes,
                    reason=correct_form.cleaned_data["reason"],
                    by=request.user,
                )
            except RuleViolation as refusal:
                refuse(correct_form, refusal)
            else:
                messages.success(request, _("Corrected. The reason is kept in the audit."))
                return redirect("campaigns:mark", campaign.pk, mark_type, mark.pk)
    elif action == "void" and void_form.is_valid():
        try:
            services.void_mark(
                campaign=campaign,
                model=model,
                mark_id=mark.pk,
                reason=void_form.cleaned_data["reason"],
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(void_form, refusal)
        else:
            messages.success(request, _("Voided: it no longer counts in any game."))
            return redirect("campaigns:mark", campaign.pk, mark_type, mark.pk)
    elif action is not None and action not in ("correct", "void"):
        return HttpResponse(status=400)
    history = Correction.objects.filter(campaign=campaign, mark_type=model.__name__).filter(
        Q(voided_id=mark.pk) | Q(added_id=mark.pk)
    )
    return render(
        request,
        "campaigns/mark.html",
        {
            "access": access,
            "mark": mark,
            "kind": pages.MARK_TYPE_LABELS[model.__name__],
            "where": getattr(mark, "territory", None),
            "correct_form": correct_form,
            "void_form": void_form,
            "history": history.select_related("made_by").order_by("-made_at", "-id"),
        },
    )


@campaign_view()
def territory(request, access, slug):
    if slug not in board.TERRITORY_BY_SLUG:
        raise Http404
    campaign = access.campaign
    info = board.TERRITORY_BY_SLUG[slug]
    players = player_names(campaign.pk)
    factions = pages.campaign_factions(campaign.pk)
    world = world_as_of(campaign.pk)
    ctx = board_context(access, players)
    marks = pages.MarkHistory(
        campaign.pk, players, sees_unlocked=access.sees_unlocked, territory=slug
    )
    starts = label_seats(
        list(
            Seat.objects.filter(game__campaign=campaign, hq=slug)
            .select_related("player", "game")
            .order_by("game__number")
        ),
        factions,
    )
    rewards = [
        r
        for r in GameReward.objects.filter(game__campaign=campaign, details__territory=slug)
        .select_related("seat__player", "game")
        .order_by("game__number", "order")
    ]
    for r in rewards:
        r.label = pages.REWARD_LABELS.get(r.kind, r.kind)
    state = world.territories[slug]
    return render(
        request,
        "campaigns/territory.html",
        {
            "access": access,
            "slug": slug,
            "info": info,
            "name": pages.territory_name(slug),
            "continent": pages.continent_name(info.continent),
            "neighbors": sorted((pages.territory_name(n), n) for n in board.neighbors(slug)),
            "summary": pages.territory_summary(world, slug, ctx),
            "state": state,
            "legal_start": rules.starting_refusal(world, slug, player=None),
            "marks": marks.lines,
            "starts": starts,
            "rewards": rewards,
            "board": interactive_board(access, world, ctx, highlight={slug}),
        },
    )


@campaign_view()
def factions_page(request, access):
    campaign = access.campaign
    factions = pages.campaign_factions(campaign.pk)
    backs = faction_card_backs(campaign.pk)
    powers = defaultdict(list)
    for p in FactionPower.objects.filter(campaign=campaign, voided=False).order_by("id"):
        p.hidden = p.unlocked_by_id is not None and not access.sees_unlocked
        p.counts = p.removed_in_game is None
        p.display_name, p.display_text = pages.power_words(p)
        powers[p.faction].append(p)
    scars = {}
    for s in (
        Scar.objects.current()
        .filter(campaign=campaign, faction__isnull=False)
        .select_related("kind")
    ):
        scars[s.faction] = (
            pages.scar_kind_name(s.kind)
            if (s.kind.base or access.sees_unlocked)
            else str(pages.HIDDEN)
        )
    cards = []
    for slug, name in factions.items():
        lines = backs.get(slug, [])
        for line in lines:
            line["hq_name"] = pages.territory_name(line.get("hq"))
            line["result_label"] = pages.RESULT_LABELS.get(line.get("result"), "")
        cards.append(
            {
                "slug": slug,
                "name": name,
                "lines": lines,
                "powers": powers.get(slug, []),
                "scar": scars.get(slug),
            }
        )
    return render(request, "campaigns/factions.html", {"access": access, "cards": cards})


def bars(table: dict[str, dict], key: str, label=lambda k: k) -> list[dict]:
    """Rows for a CSS bar chart: each with its value and its share of the largest."""
    rows = [(label(k), v.get(key, 0)) for k, v in table.items()]
    rows.sort(key=lambda r: (-r[1], r[0]))
    top = max((v for _k, v in rows), default=0) or 1
    return [{"label": k, "value": v, "pct": round(100 * v / top)} for k, v in rows]


@campaign_view()
def standings_page(request, access):
    campaign = access.campaign
    factions = pages.campaign_factions(campaign.pk)
    table = standings(campaign.pk)
    fname = lambda slug: factions.get(slug, slug)  # noqa: E731
    starts = Counter()
    continents = defaultdict(Counter)
    for faction, hq in Seat.objects.filter(
        game__campaign=campaign, game__status=GameStatus.FINISHED
    ).values_list("faction", "hq"):
        starts[(faction, hq)] += 1
        info = board.TERRITORY_BY_SLUG.get(hq)
        if info:
            continents[faction][info.continent] += 1
    start_rows = [
        {
            "faction": fname(f),
            "continents": [(pages.continent_name(c), n) for c, n in continents[f].most_common()],
            "territories": [
                (pages.territory_name(t), t, n)
                for (ff, t), n in sorted(starts.items(), key=lambda kv: -kv[1])
                if ff == f
            ],
        }
        for f in factions
        if continents[f]
    ]
    players = [
        {"name": name, **row}
        for name, row in sorted(table["players"].items(), key=lambda kv: (-kv[1]["won"], kv[0]))
    ]
    faction_rows = [
        {"name": fname(slug), **row}
        for slug, row in sorted(table["factions"].items(), key=lambda kv: -kv[1]["won"])
    ]
    return render(
        request,
        "campaigns/standings.html",
        {
            "access": access,
            "players": players,
            "factions": faction_rows,
            "wins_by_player": bars(table["players"], "won"),
            "wins_by_faction": bars(table["factions"], "won", fname),
            "eliminations": bars(table["players"], "eliminated"),
            "starts": start_rows,
        },
    )


@campaign_view()
def audit_page(request, access):
    entries = AuditEntry.objects.filter(campaign=access.campaign).select_related("user")
    page = Paginator(entries.order_by("-at", "-id"), 50).get_page(request.GET.get("page"))
    for e in page.object_list:
        e.label = pages.AUDIT_LABELS.get(e.action, e.action)
    return render(request, "campaigns/audit.html", {"access": access, "page": page})


@campaign_view()
def packets_page(request, access):
    """Every packet: sealed or opened, and (for those allowed) what it unlocked."""
    return render(
        request,
        "campaigns/packets.html",
        {
            "access": access,
            "packets": packet_rows(access),
            "to_open": due_packets(access.campaign),
        },
    )


# --- Calculators ---------------------------------------------------------------------------------


@campaign_view()
def calc_recruit(request, access):
    campaign = access.campaign
    players = list(Player.objects.filter(campaign=campaign).order_by("id"))
    form = forms.RecruitForm(request.GET or None, players=players)
    result = None
    if form.is_bound and form.is_valid():
        world = world_as_of(campaign.pk)
        d = form.cleaned_data
        try:
            result = rules.recruitment(
                world,
                player=int(d["player"]) if d.get("player") else None,
                controlled=d["controlled"],
                trade_coins=d.get("trade_coins") or 0,
                round_up=d["round_up"],
                trade_chart=trade_chart(campaign.pk) or None,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            held = set(d["controlled"])
            result = {
                "troops": result,
                "territories": len(held),
                "population": sum(
                    world.territories[s].city.population for s in held if world.territories[s].city
                ),
                "continents": [
                    (
                        world.continents[c.slug].name or pages.continent_name(c.slug),
                        rules.continent_bonus(
                            world, c.slug, int(d["player"]) if d.get("player") else None
                        ),
                    )
                    for c in board.CONTINENTS
                    if set(board.territories_of(c.slug)) <= held
                ],
            }
    return render(
        request,
        "campaigns/calc_recruit.html",
        {"access": access, "form": form, "result": result, "tool": "recruit"},
    )


@campaign_view()
def calc_starts(request, access):
    campaign = access.campaign
    players = list(Player.objects.filter(campaign=campaign).order_by("id"))
    form = forms.StartsForm(request.GET or None, players=players)
    world = world_as_of(campaign.pk)
    player, hqs = None, []
    if form.is_bound and form.is_valid():
        player = int(form.cleaned_data["player"]) if form.cleaned_data.get("player") else None
        hqs = form.cleaned_data["hqs"]
    legal = rules.legal_starting_territories(world, player=player, hqs=hqs)
    ctx = board_context(access, {p.pk: p.name for p in players}, {h: "neutral" for h in hqs})
    return render(
        request,
        "campaigns/calc_starts.html",
        {
            "access": access,
            "form": form,
            "legal": [(pages.territory_name(t), t) for t in legal],
            "board": interactive_board(
                access, world, ctx, highlight=set(legal), label=_("Legal starts are outlined")
            ),
            "tool": "starts",
        },
    )


@campaign_view()
def calc_odds(request, access):
    campaign = access.campaign
    world = world_as_of(campaign.pk)
    initial = {}
    slug = request.GET.get("territory")
    if slug in world.territories and not request.GET.get("attackers"):
        t = world.territories[slug]
        initial = {
            "bunker": t.scar == "bunker",
            "ammo_shortage": t.scar == "ammo-shortage",
            "fortified": bool(t.city and t.city.fortified),
            "fortification_boxes": 10 - (t.city.boxes_used if t.city else 0),
        }
    bound = request.GET if request.GET.get("attackers") else None
    form = forms.OddsForm(bound, initial=initial)
    result = chart = None
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        mods = form.modifiers()
        missiles = d.get("missiles") or 0
        try:
            result = battle_odds(d["attackers"], d["defenders"], missiles=missiles, **mods)
            top = min(300, max(20, d["attackers"] + 5, d["defenders"] * 3))
            table = odds_table(top, d["defenders"], missiles=missiles, **mods)
        except OddsInputError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            step = max(1, (top - 1) // 40)
            chart = [
                {
                    "attackers": a,
                    "pct": round(100 * float(table[a, d["defenders"]]), 1),
                    "mine": a == d["attackers"],
                }
                for a in range(2, top + 1)
                if a == d["attackers"] or (a - 2) % step == 0
            ]
    return render(
        request,
        "campaigns/calc_odds.html",
        {
            "access": access,
            "form": form,
            "result": result,
            "pct": round(100 * result.p_conquer, 1) if result else None,
            "chart": chart,
            "territories": forms.territory_choices(),
            "territory": slug or "",
            "tool": "odds",
        },
    )
