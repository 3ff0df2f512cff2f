"""Members, invitations and sharing: the owner's settings page, joining by link, the roster of
players.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import members, services
from campaigns.backup.automatic import automatic_backups
from campaigns.game.rulebook import setting_stickers
from campaigns.models import (
    Invitation,
    Membership,
)
from campaigns.selectors import people
from campaigns.vocabulary import READINGS
from legacy.errors import RuleViolation
from legacy.wording import said
from web.forms.campaign import (
    HouseRulesForm,
    InvitationForm,
    LanguageForm,
    PlayerForm,
    RoleForm,
    SharingForm,
    WorldNumberForm,
)
from web.views.common import campaign_view, form_page


def setting_sticker_links(campaign_id: int, form) -> list[tuple]:
    """``(field, sticker, url)`` for each field of ``form``: the rule sticker that says it
    changed that setting (``campaigns.game.rulebook.setting_stickers``), or None."""
    stickers = setting_stickers(campaign_id)
    rules = reverse("campaigns:rules", args=[campaign_id])
    out = []
    for field in form:
        sticker = stickers.get(field.name)
        out.append((field, sticker, f"{rules}#sticker-{sticker.pk}" if sticker else ""))
    return out


@campaign_view(owner=True)
def campaign_settings(request, access):
    return render(request, "campaigns/settings.html", settings_context(request, access))


def settings_context(
    request,
    access,
    sharing_form=None,
    invite_form=None,
    language_form=None,
    rules_form=None,
    world_number_form=None,
) -> dict:
    """The settings page; each form not given (the one posted, with its errors) shows the
    campaign as it is."""
    campaign = access.campaign
    sharing_form = sharing_form or SharingForm(
        initial={
            "shared": campaign.shared,
            "public": campaign.public,
            "hide_unlocked_content": campaign.hide_unlocked_content,
        }
    )
    memberships = people.members(campaign.pk)
    for m in memberships:
        m.role_label = m.get_role_display()
    # Links that work now: not withdrawn, not expired, not a single-use link already used.
    invitations = people.live_invitations(campaign.pk, settings.INVITATION_TTL_DAYS)
    for i in invitations:
        i.url = request.build_absolute_uri(reverse("join", args=[i.token]))
        i.role_label = i.get_role_display()
    share_url = request.build_absolute_uri(
        reverse("campaigns:dashboard", args=[campaign.pk]) + f"?share={campaign.share_token}"
    )
    rules_form = rules_form or HouseRulesForm(
        initial={
            "held_on_rewards_end_together": campaign.held_on_rewards_end_together,
            "world_capitals_allowed": campaign.world_capitals_allowed,
            "world_capital_is_a_start": campaign.world_capital_is_a_start,
            **{name: getattr(campaign, name) for name in READINGS},
        }
    )
    return {
        "access": access,
        "sharing_form": sharing_form,
        "invite_form": invite_form or InvitationForm(),
        "language_form": language_form or LanguageForm(initial={"language": campaign.language}),
        "world_number_form": world_number_form
        or WorldNumberForm(initial={"world_number": campaign.world_number}),
        "rules_form": rules_form,
        # Each setting with the rule sticker that changed it, if the group named one.
        "rules_fields": setting_sticker_links(campaign.pk, rules_form),
        "memberships": memberships,
        "invitations": invitations,
        "share_url": share_url,
        "role_form": RoleForm,
        "automatic_backups": automatic_backups(campaign.pk),
        "automatic_backups_kept": settings.EARTHBOOK_AUTOMATIC_BACKUPS_KEPT,
    }


def settings_url(access) -> str:
    return reverse("campaigns:settings", args=[access.campaign.pk])


@require_POST
@campaign_view(owner=True)
def sharing_update(request, access):
    form = SharingForm(request.POST)
    return form_page(
        request,
        form,
        lambda: members.update_sharing(
            campaign=access.campaign, by=request.user, **form.cleaned_data
        ),
        template="campaigns/settings.html",
        context=lambda: settings_context(request, access, form),
        message=_("Sharing saved."),
        then=settings_url(access),
    )


@require_POST
@campaign_view(owner=True)
def language_update(request, access):
    """The language of the board pictures; pictures already drawn are drawn again in it."""
    form = LanguageForm(request.POST)
    return form_page(
        request,
        form,
        lambda: members.set_language(
            campaign=access.campaign, language=form.cleaned_data["language"], by=request.user
        ),
        template="campaigns/settings.html",
        context=lambda: settings_context(request, access, language_form=form),
        message=_("The board pictures will be drawn in this language."),
        then=settings_url(access),
    )


@require_POST
@campaign_view(owner=True)
def world_number_update(request, access):
    """The world number printed in the box (optional)."""
    form = WorldNumberForm(request.POST)
    return form_page(
        request,
        form,
        lambda: members.set_world_number(
            campaign=access.campaign, number=form.cleaned_data["world_number"], by=request.user
        ),
        template="campaigns/settings.html",
        context=lambda: settings_context(request, access, world_number_form=form),
        message=_("The world number is saved."),
        then=settings_url(access),
    )


@require_POST
@campaign_view(owner=True)
def archive_update(request, access):
    """Archive the campaign (read-only) or unarchive it."""
    archived = request.POST.get("archived") == "1"
    members.set_archived(campaign=access.campaign, archived=archived, by=request.user)
    if archived:
        messages.success(request, _("The campaign is archived: it is read-only now."))
    else:
        messages.success(request, _("The campaign is unarchived: it may be changed again."))
    return redirect("campaigns:settings", access.campaign.pk)


@require_POST
@campaign_view(owner=True)
def house_rules_update(request, access):
    """The campaign's readings of the rulebook where readings differ."""
    form = HouseRulesForm(request.POST)
    return form_page(
        request,
        form,
        lambda: members.set_house_rules(
            campaign=access.campaign,
            held_on_rewards_end_together=form.cleaned_data["held_on_rewards_end_together"],
            world_capitals_allowed=form.cleaned_data["world_capitals_allowed"],
            world_capital_is_a_start=form.cleaned_data["world_capital_is_a_start"],
            readings=form.readings(),
            by=request.user,
        ),
        template="campaigns/settings.html",
        context=lambda: settings_context(request, access, rules_form=form),
        message=_("House rules saved."),
        then=settings_url(access),
    )


@require_POST
@campaign_view(owner=True)
def invitation_new(request, access):
    form = InvitationForm(request.POST)
    return form_page(
        request,
        form,
        lambda: members.create_invitation(
            campaign=access.campaign,
            role=form.cleaned_data["role"],
            single_use=form.cleaned_data["single_use"],
            by=request.user,
        ),
        template="campaigns/settings.html",
        context=lambda: settings_context(request, access, invite_form=form),
        message=_("Invitation link made: copy it and send it."),
        then=settings_url(access),
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
            form = RoleForm(request.POST)
            if form.is_valid():
                members.set_role(
                    campaign=access.campaign,
                    membership=membership,
                    role=form.cleaned_data["role"],
                    by=request.user,
                )
                messages.success(request, _("Role saved."))
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    return redirect("campaigns:settings", access.campaign.pk)


def join(request, token):
    invitation = people.invitation(token)
    if invitation is None:
        raise Http404
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    member = people.membership_of(invitation.campaign_id, request.user)
    error = ""
    if request.method == "POST":
        try:
            membership, new = members.accept_invitation(token=token, user=request.user)
        except RuleViolation as refusal:
            error = said(refusal)
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
            "role_label": invitation.get_role_display(),
            "member": member,
            "error": error,
        },
    )


@campaign_view()
def roster(request, access):
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and not access.can_write:
        raise PermissionDenied

    def page() -> dict:
        players = people.roster_with_accounts(access.campaign.pk)
        mine = request.user.is_authenticated and any(
            request.user.pk in (p.user_id, p.claimed_by_id) for p in players
        )
        return {"access": access, "form": form, "roster": players, "my_name": mine}

    return form_page(
        request,
        form,
        lambda: services.add_player(
            campaign=access.campaign, name=form.cleaned_data["name"], by=request.user
        ),
        template="campaigns/players.html",
        context=page,
        message=_("Player added."),
        then=reverse("campaigns:players", args=[access.campaign.pk]),
    )
