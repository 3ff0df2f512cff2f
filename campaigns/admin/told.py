"""An edit made in the admin is a write to a campaign like a service's: it bumps the campaign's
versions first (``campaigns.services.bump_versions``: the row stays locked until the change
commits, cached reads of the world are left behind) and the campaign's open pages are told its new
version once the change commits, never when it is rolled back.

While a campaign is archived its lock refuses every change (``CampaignArchived``), an admin edit's
too: the edit is rolled back and the operator is told why, on the page the edit came from."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db import router, transaction
from django.http import HttpResponseRedirect
from django.utils.translation import gettext as _

from campaigns import live
from campaigns.models import Campaign
from campaigns.services import CampaignArchived, bump_versions

VERSIONS = ["world_version", "marks_version", "triggers_version"]


class ToldAdmin(admin.ModelAdmin):
    """The admin of a campaign's rows (or of the campaigns themselves)."""

    def campaigns_of(self, obj) -> set[int]:
        """The campaigns a row belongs to: as stored, and as it is about to be saved."""
        if isinstance(obj, Campaign):
            return {obj.pk} if obj.pk else set()  # a new campaign has nobody to tell yet
        touched = {obj.campaign_id} if obj.campaign_id else set()
        if obj.pk:
            stored = type(obj)._default_manager.filter(pk=obj.pk)
            touched |= set(stored.values_list("campaign_id", flat=True))
        return touched

    def bump(self, campaign_ids) -> None:
        """The first statement of the write, in the campaigns' order (two edits never wait on
        each other's campaigns crosswise)."""
        for pk in sorted(campaign_ids):
            bump_versions(pk, marks=True, triggers=True)
            live.announce_after_commit(pk)  # the version as the edit leaves it

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        # The edit runs in one transaction (Django's): refused, nothing of it is kept.
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except CampaignArchived:
            return self.refused(request)

    def delete_view(self, request, object_id, extra_context=None):
        try:
            return super().delete_view(request, object_id, extra_context)
        except CampaignArchived:
            return self.refused(request)

    def changelist_view(self, request, extra_context=None):
        # The actions ("delete selected", and each admin's own) run in a transaction of theirs.
        try:
            return super().changelist_view(request, extra_context)
        except CampaignArchived:
            return self.refused(request)

    def refused(self, request) -> HttpResponseRedirect:
        """Back to the page the edit came from, saying why nothing was saved."""
        messages.error(
            request,
            _(
                "Nothing was saved: the campaign is archived and read-only (its owner "
                "unarchives it to change it)."
            ),
        )
        return HttpResponseRedirect(request.get_full_path())

    def save_model(self, request, obj, form, change):
        # The rows of its inlines are saved after it (``save_related``), in the same transaction.
        self.bump(self.campaigns_of(obj))
        if isinstance(obj, Campaign) and obj.pk:
            # The campaign's form was read before the bump: saving it must not put the old
            # versions back.
            obj.refresh_from_db(fields=VERSIONS)
        self.save_row(request, obj, form, change)

    def save_row(self, request, obj, form, change) -> None:
        """What saving the row writes, once its campaign is held."""
        super().save_model(request, obj, form, change)

    def delete_model(self, request, obj):
        self.bump(self.campaigns_of(obj))
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        # Unlike the delete page, the "delete selected" action runs outside a transaction.
        with transaction.atomic(using=router.db_for_write(self.model)):
            if self.model is Campaign:
                touched = set(queryset.values_list("pk", flat=True))
            else:
                touched = set(queryset.values_list("campaign_id", flat=True))
            self.bump(touched)
            super().delete_queryset(request, queryset)


class ViewOnlyAdmin(admin.ModelAdmin):
    """An admin for a record that is read here, never written (the audit trail, the
    corrections): nothing to add, change or delete, so nothing phones need to be told."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
