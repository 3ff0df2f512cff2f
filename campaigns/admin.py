from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from campaigns.models import AuditEntry, Campaign, Membership, Player, Snapshot
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
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created_at", "prepared_at", "shared", "public"]
    list_filter = ["shared", "public"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["created_at", "prepared_at", "share_token"]
    inlines = [PlayerInline, MembershipInline, SignatureInline, CityInline, ScarInline]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "campaign", "user"]
    search_fields = ["name", "campaign__name"]
    list_filter = ["campaign"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "campaign", "user", "action", "summary"]
    list_filter = ["action"]
    search_fields = ["summary", "campaign__name"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Snapshot)
class SnapshotAdmin(admin.ModelAdmin):
    """Board pictures: their status is visible here, and a failure shows its reason."""

    list_display = ["campaign", "game_number", "status", "attempts", "updated_at"]
    list_filter = ["status"]
    search_fields = ["campaign__name", "state_hash"]
    # The stored file is shown through the campaign's own picture address (media files are not
    # served publicly).
    readonly_fields = [f.name for f in Snapshot._meta.fields if f.name != "image"] + ["picture"]

    @admin.display(description="picture")
    def picture(self, obj):
        if not obj.image:
            return "-"
        if obj.game_number == Snapshot.TIMELINE:
            address = reverse("campaigns:timeline_image", args=[obj.campaign_id])
        else:
            address = reverse(
                "campaigns:game_snapshot_image", args=[obj.campaign_id, obj.game_number]
            )
        return format_html('<a href="{}">{}</a>', address, obj.image.name)

    def has_add_permission(self, request):
        return False
