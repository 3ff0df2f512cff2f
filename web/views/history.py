"""History: every game and mark, each territory's story, fixing or voiding a mark with a reason,
and the audit trail.
"""

from __future__ import annotations

from collections import defaultdict

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns import claims, services
from campaigns.game import event_words, notes
from campaigns.game.sealed import own_components
from campaigns.hiding import territory_to_read, world_as_read
from campaigns.reasons import reason_words
from campaigns.selectors import games
from campaigns.selectors.audit import audit_entries
from campaigns.selectors.history import HistoryWords, MarkHistory
from campaigns.selectors.marks import corrections_of
from campaigns.selectors.marks import mark as mark_of
from campaigns.services import campaign_world
from campaigns.vocabulary import AuditAction
from legacy import board, rules
from legacy.board import BOX, TERRITORY_BY_SLUG
from legacy.box import FACTION_BY_SLUG
from legacy.corrections import MARK_TYPES, changed_fields
from legacy.models import (
    CityKind,
)
from legacy.selectors import board_as_of_game
from web import pages
from web.board_svg import territory_summary
from web.forms.marks import (
    MARK_FIELD_LABELS,
    MARK_FIELD_ORDER,
    MarkCorrectionForm,
    ReasonForm,
)
from web.names import (
    campaign_faction_names,
    continent_name,
    faction_name,
    power_words,
    scar_kind_name,
    territory_name,
)
from web.views.common import (
    board_context,
    campaign_view,
    form_page,
    interactive_board,
    label_rewards,
    label_seats,
    player_names,
)


def history_words() -> HistoryWords:
    """The pages' words for the history of marks, in the reader's language."""
    return HistoryWords(
        territory_name=territory_name,
        continent_name=continent_name,
        faction_name=faction_name,
        power_name=lambda power: power_words(power)[0],
        packet_name=pages.packet_name,
        scar_kind_name=scar_kind_name,
    )


# Games per page of the history, newest first: a campaign that plays on after game 15 reads
# its history at the same cost as one that stopped there.
HISTORY_GAMES = 15


def game_stories(access, game_list) -> tuple[list[dict], dict, dict]:
    """What happened in each of ``game_list``, worded for this reader: who sat where with which
    faction and how they ended, the log of the game, the rewards, the marks placed and those
    that stopped counting. In a fixed number of queries, however many games; also returns every
    mark placed and removed, by game number."""
    campaign = access.campaign
    factions = campaign_faction_names(campaign.pk, access.sees_unlocked)
    players = player_names(campaign.pk)
    shown = [g.pk for g in game_list]
    seats = defaultdict(list)
    for s in label_seats(games.seats_of(shown), factions):
        seats[s.game_id].append(s)
    events = defaultdict(list)
    words = event_words.EventWords.load(campaign.pk, factions, access.sees_unlocked)
    entries = games.entries_of(shown)
    for e in claims.credited(entries, campaign.pk):
        e.label = event_words.kind_label(e.kind, access.sees_unlocked)
        e.text = event_words.event_text(e, words)
        e.credit = claims.credit_of(e, campaign.pk)
        events[e.game_id].append(e)
    rewards = defaultdict(list)
    for r in label_rewards(
        access,
        games.rewards_of(shown),
    ):
        rewards[r.game_id].append(r)
    marks = MarkHistory(
        campaign.pk, players, sees_unlocked=access.sees_unlocked, words=history_words()
    )
    placed, removed = marks.by_game(), marks.removed_by_game()
    game_notes = notes.notes_of(campaign.pk, shown)
    stories = [
        {
            "game": g,
            "status_label": g.get_status_display(),
            "seats": sorted(seats[g.pk], key=lambda s: s.order),
            "events": events[g.pk],
            "rewards": rewards[g.pk],
            "placed": placed.get(g.number, []),
            "removed": removed.get(g.number, []),
            "notes": game_notes.get(g.pk, []),
        }
        for g in game_list
    ]
    return stories, placed, removed


@campaign_view()
def history(request, access):
    campaign = access.campaign
    page = Paginator(games.newest_first(campaign.pk), HISTORY_GAMES)
    page = page.get_page(request.GET.get("page"))
    timeline, placed, _removed = game_stories(access, list(page.object_list))
    return render(
        request,
        "campaigns/history.html",
        {
            "access": access,
            "timeline": timeline,
            "page": page,
            # "Before the first game" closes the oldest page.
            "before_first": placed.get(0, []),
            "oldest_page": not page.has_next(),
            "prepared": campaign.prepared_at is not None,
        },
    )


def _mark_or_404(access, mark_type: str, mark_id: int):
    model = MARK_TYPES.get(mark_type)
    if model is None:
        raise Http404
    mark = mark_of(model, access.campaign.pk, mark_id, related=False)
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
    factions = campaign_faction_names(campaign.pk, access.sees_unlocked)
    action = request.POST.get("action") if request.method == "POST" else None
    correct_form = MarkCorrectionForm(
        request.POST if action == "correct" else None,
        mark=mark,
        on=board_as_of_game(campaign.pk) if hasattr(mark, "territory") else BOX,
        players=players,
        factions=factions,
        prefix="fix",
    )
    void_form = ReasonForm(request.POST if action == "void" else None, prefix="void")
    if action is not None and action not in ("correct", "void"):
        return HttpResponse(status=400)
    changes = {}
    if action == "correct" and correct_form.is_valid():
        changes = correct_form.changes()
        if not changes:
            correct_form.add_error(None, _("Nothing was changed: change a field, then save."))

    def correct():
        return services.correct_mark(
            campaign=campaign,
            model=model,
            mark_id=mark.pk,
            changes=changes,
            reason=correct_form.cleaned_data["reason"],
            by=request.user,
        )

    def void():
        return services.void_mark(
            campaign=campaign,
            model=model,
            mark_id=mark.pk,
            reason=void_form.cleaned_data["reason"],
            by=request.user,
        )

    def page() -> dict:
        history = corrections_of(model, campaign.pk, mark.pk)
        return {
            "access": access,
            "mark": mark,
            "kind": pages.MARK_TYPE_LABELS[model.__name__],
            "where": getattr(mark, "territory", None),
            "correct_form": correct_form,
            "void_form": void_form,
            "history": history.select_related("made_by").order_by("-made_at", "-id"),
        }

    fixing = action == "correct"
    return form_page(
        request,
        correct_form if fixing else void_form,
        correct if fixing else void,
        template="campaigns/mark.html",
        context=page,
        message=_("Corrected. The reason is kept in the audit.")
        if fixing
        else _("Voided: it no longer counts in any game."),
        then=reverse("campaigns:mark", args=[campaign.pk, mark_type, mark.pk]),
    )


@campaign_view()
def territory(request, access, slug):
    campaign = access.campaign
    world = world_as_read(campaign_world(campaign), access.sees_unlocked)
    # A territory of the board now: printed, or added by a packet (named in the group's words).
    info = world.board.territory_by_slug.get(slug)
    # To a reader the campaign hides what its packets unlocked from, an added territory's page
    # is one that does not exist (its address would spell its name).
    if info is None or not territory_to_read(world, slug, access.sees_unlocked):
        raise Http404
    players = player_names(campaign.pk)
    factions = campaign_faction_names(campaign.pk, access.sees_unlocked)

    def name_of(t: str) -> str:
        return territory_name(t) if t in board.TERRITORY_BY_SLUG else world.board.name(t)

    ctx = board_context(access, players)
    marks = MarkHistory(
        campaign.pk,
        players,
        sees_unlocked=access.sees_unlocked,
        words=history_words(),
        territory=slug,
    )
    starts = label_seats(
        games.starts_on(campaign.pk, slug),
        factions,
    )
    # Where a reward is comes from its mark now, not from what the reward stored: a corrected
    # city's reward moves to the city's territory. A campaign has at most a few dozen rewards.
    rewards = [
        r
        for r in label_rewards(
            access,
            games.rewards(campaign.pk),
        )
        if r.target.territory == slug
    ]
    state = world.territories[slug]
    return render(
        request,
        "campaigns/territory.html",
        {
            "access": access,
            "slug": slug,
            "info": info,
            "name": name_of(slug),
            "continent": continent_name(info.continent),
            "neighbors": sorted((name_of(n), n) for n in world.board.neighbors(slug)),
            "summary": territory_summary(world, slug, ctx),
            "state": state,
            "legal_start": pages.reason_text(rules.start_reason(world, slug, player=None)),
            "marks": marks.lines,
            "starts": starts,
            "rewards": rewards,
            "board": interactive_board(access, world, ctx, highlight={slug}),
        },
    )


def _change_word(field: str, value, players: dict[int, str], factions: dict[str, str]) -> str:
    """One value a correction changed, in the reader's words: a list word by word, and a slug
    of the box (a territory, a faction) or a reason's code by its name, never as stored."""
    if value is None or value == "":
        return "—"
    if isinstance(value, list | tuple):
        return ", ".join(_change_word(field, v, players, factions) for v in value) or "—"
    if field == "territory":
        return territory_name(value)
    if field == "continent":
        return continent_name(value)
    if field == "faction":
        return faction_name(value, factions)
    if field == "placed_by":
        return players.get(value, "—")
    if field == "kind" and value in CityKind.values:
        return str(CityKind(value).label)
    if isinstance(value, str) and value in TERRITORY_BY_SLUG:
        return territory_name(value)
    if isinstance(value, str) and value in FACTION_BY_SLUG:
        return faction_name(value, factions)
    if isinstance(value, str):
        return reason_words(value)
    return str(value)


def correction_changes(correction, players: dict[int, str], factions: dict[str, str]):
    """What a correction changed, in the reader's words: (field label, before, after)."""
    if correction is None:
        return []
    return [
        (
            MARK_FIELD_LABELS.get(name, name),
            _change_word(name, before, players, factions),
            _change_word(name, after, players, factions),
        )
        for name, before, after in sorted(
            changed_fields(correction.mark_type, correction.before, correction.after),
            key=lambda change: (
                MARK_FIELD_ORDER.index(change[0])
                if change[0] in MARK_FIELD_ORDER
                else len(MARK_FIELD_ORDER)
            ),
        )
    ]


@campaign_view(member=True)
def audit_page(request, access):
    """Every change and who made it: for members only, since it names their accounts. A
    correction shows what it changed, field by field."""
    entries = audit_entries(access.campaign.pk, access.sees_unlocked)
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    found = services.audit_corrections(page.object_list)
    players = player_names(access.campaign.pk) if found else {}
    factions = campaign_faction_names(access.campaign.pk, access.sees_unlocked) if found else {}
    components = own_components(access.campaign.pk, access.sees_unlocked)
    for e in page.object_list:
        e.label = AuditAction(e.action).label if e.action in AuditAction.values else e.action
        e.text = pages.audit_text(e, components)
        e.changes = correction_changes(found.get(e.pk), players, factions)
    return render(request, "campaigns/audit.html", {"access": access, "page": page})
