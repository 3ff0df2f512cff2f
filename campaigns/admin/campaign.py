from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import path, reverse
from django.utils.html import format_html

from campaigns.admin.told import ToldAdmin, ViewOnlyAdmin
from campaigns.audit_words import audit_text
from campaigns.models import AuditEntry, Campaign, Membership, Player, Snapshot
from campaigns.pictures.storage import picture_response
from legacy.models import City, Scar, Signature


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


class ReadOnlyMarkInline(admin.TabularInline):
    """The campaign's marks at a glance; edits go through each mark's own page (with a reason)."""

    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class CityInline(ReadOnlyMarkInline):
    model = City
    fields = ["kind", "name", "territory", "placed_by", "placed_in_game", "removed_in_game"]


class ScarInline(ReadOnlyMarkInline):
    model = Scar
    fields = ["kind", "territory", "faction", "placed_in_game", "removed_in_game"]


class SignatureInline(ReadOnlyMarkInline):
    model = Signature
    fields = ["line", "name", "date", "slogan", "placed_in_game"]


@admin.register(Campaign)
class CampaignAdmin(ToldAdmin):
    list_display = ["name", "owner", "created_at", "prepared_at", "shared", "public"]
    list_filter = ["shared", "public"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["created_at", "prepared_at", "share_token"]
    inlines = [PlayerInline, MembershipInline, SignatureInline, CityInline, ScarInline]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(ToldAdmin):
    list_display = ["name", "campaign", "user"]
    search_fields = ["name", "campaign__name"]
    list_filter = ["campaign"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ViewOnlyAdmin):
    list_display = ["at", "campaign", "user", "action", "words"]
    list_filter = ["action"]
    search_fields = ["summary", "campaign__name"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    @admin.display(description="what happened")
    def words(self, entry) -> str:
        return audit_text(entry)


@admin.register(Snapshot)
class SnapshotAdmin(ToldAdmin):
    """Board pictures: their status is visible here, and a failure shows its reason."""

    list_display = ["campaign", "game_number", "status", "attempts", "updated_at"]
    list_filter = ["status"]
    search_fields = ["campaign__name", "state_hash"]
    # The stored file is served by the admin itself, to staff who may view snapshots (media
    # files are never served publicly, and staff need not be members of the campaign).
    readonly_fields = [f.name for f in Snapshot._meta.fields if f.name != "image"] + ["picture"]

    def get_urls(self):
        own = [
            path(
                "<int:pk>/picture/",
                self.admin_site.admin_view(self.picture_view),
                name="campaigns_snapshot_picture",
            )
        ]
        return own + super().get_urls()

    def picture_view(self, request, pk):
        if not self.has_view_permission(request):
            raise PermissionDenied
        response = picture_response(request, Snapshot.objects.filter(pk=pk).first())
        if response is None:
            raise Http404("This snapshot has no stored picture.")
        return response

    @admin.display(description="picture")
    def picture(self, obj):
        if not obj.image or obj.status != "done":
            return "-"
        address = reverse("admin:campaigns_snapshot_picture", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', address, obj.image.name)

    def has_add_permission(self, request):
        return False
