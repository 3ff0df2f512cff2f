"""Admin for world edits: every change goes through the model's rules and leaves a correction.

The world's rows are never deleted here; a mistaken mark is voided with a reason. Every change
bumps the campaign's versions and tells its open pages (``campaigns.admin.told``).
"""

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns import services
from campaigns.admin.told import ToldAdmin, ViewOnlyAdmin
from campaigns.services import CampaignArchived
from campaigns.vocabulary import CorrectionReason
from legacy import corrections
from legacy.models import (
    AddedConnection,
    AddedTerritory,
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    Correction,
    DeckCard,
    DestroyedCard,
    FactionPower,
    Fortification,
    MarkKind,
    OtherMark,
    PacketOpening,
    RuleSticker,
    Scar,
    ScarKind,
    SealedComponent,
    Signature,
    StockAllowance,
    TradeRate,
    UnlockedContent,
    UnlockedFaction,
    WorldName,
)


class CorrectionForm(forms.ModelForm):
    correction_reason = forms.CharField(
        max_length=300,
        help_text="Why the world changes here (kept in the campaign's history).",
    )

    def _get_validation_exclusions(self):
        # "voided" is read-only here, yet every "counts" condition of the constraints reads it.
        return super()._get_validation_exclusions() - {"voided"}


@admin.action(description=gettext_lazy("Void the selected marks (entered by mistake)"))
def void_marks(modeladmin, request, queryset):
    """Voids the marks as a page or the API does, through ``campaigns.services.void_mark``: each
    void is audited, and the campaign's lock refuses it while the campaign is archived. Then
    nothing is voided, in any campaign of the selection, and the operator is told why."""
    try:
        with transaction.atomic():
            # Every campaign of the selection is held first, in the campaigns' order (two
            # edits never wait on each other's campaigns crosswise).
            touched = sorted(set(queryset.values_list("campaign_id", flat=True)))
            held = {pk: services.lock_campaign(pk) for pk in touched}
            # Read under the locks: a mark voided meanwhile is not voided twice.
            voidable = queryset.filter(campaign_id__in=held, voided=False).order_by("pk")
            for mark_id, campaign_id in voidable.values_list("pk", "campaign_id"):
                services.void_mark(
                    campaign=held[campaign_id],
                    model=modeladmin.model,
                    mark_id=mark_id,
                    reason=CorrectionReason.VOIDED_FROM_THE_ADMIN.value,
                    by=request.user,
                )
    except CampaignArchived:
        messages.error(
            request,
            _(
                "Nothing was voided: a campaign of the selected marks is archived and "
                "read-only (its owner unarchives it to change it)."
            ),
        )
        return
    messages.success(request, _("The marks were voided; the corrections are recorded."))


class MarkAdmin(ToldAdmin):
    form = CorrectionForm
    list_filter = ["campaign", "placed_in_game", "voided", "removed_reason"]
    list_select_related = ["campaign", "placed_by"]
    readonly_fields = ["entered_by", "entered_at", "voided"]
    actions = [void_marks]
    search_fields = ["campaign__name"]

    def has_delete_permission(self, request, obj=None):
        return False

    def save_row(self, request, obj, form, change):
        before = None
        if change:
            before = corrections.snapshot(type(obj).objects.get(pk=obj.pk))
        else:
            obj.entered_by = request.user
        super().save_row(request, obj, form, change)
        corrections.record_correction(
            mark=obj, before=before, reason=form.cleaned_data["correction_reason"], by=request.user
        )


def mark_admin(model, columns, search=(), filters=()):
    attrs = {
        "list_display": ["__str__", "campaign", *columns, "placed_in_game", "removed_in_game"],
        "search_fields": ["campaign__name", *search],
        "list_filter": [*filters, *MarkAdmin.list_filter],
    }
    admin.site.register(model, type(f"{model.__name__}Admin", (MarkAdmin,), attrs))


mark_admin(City, ["kind", "territory", "placed_by"], ["name"], ["kind", "territory"])
mark_admin(Scar, ["kind", "territory", "faction"], ["kind__name"], ["territory", "faction"])
mark_admin(Fortification, ["city", "boxes_used"], ["city__name"])
mark_admin(CoinSticker, ["territory", "coins_after"], filters=["territory"])
mark_admin(DestroyedCard, ["territory"], filters=["territory"])
mark_admin(ContinentName, ["continent", "placed_by"], ["name"], ["continent"])
mark_admin(BonusChange, ["continent", "delta"], filters=["continent"])
mark_admin(FactionPower, ["faction", "code"], ["name"], ["faction"])
mark_admin(PacketOpening, ["packet", "trigger"], filters=["packet"])
mark_admin(Signature, ["line", "placed_by", "date"], ["name", "slogan"])
mark_admin(WorldName, ["placed_by"], ["name"])
mark_admin(AddedTerritory, ["name", "continent", "coins"], ["name"], ["continent"])
mark_admin(AddedConnection, ["a", "b"], ["a", "b"])
mark_admin(OtherMark, ["kind", "territory", "faction"], ["label", "kind__name"], ["territory"])


@admin.register(MarkKind)
class MarkKindAdmin(ToldAdmin):
    list_display = ["name", "campaign", "slug", "opens_pack_4"]
    list_filter = ["opens_pack_4"]
    search_fields = ["name", "slug", "campaign__name"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(DeckCard)
class DeckCardAdmin(ToldAdmin):
    list_display = ["title", "deck", "campaign", "opening"]
    list_filter = ["deck"]
    search_fields = ["title", "text", "campaign__name"]
    raw_id_fields = ["opening", "entered_by"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(UnlockedContent)
class UnlockedContentAdmin(ToldAdmin):
    list_display = ["title", "kind", "campaign", "opening"]
    list_filter = ["kind"]
    search_fields = ["title", "text", "campaign__name"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(UnlockedFaction)
class UnlockedFactionAdmin(ToldAdmin):
    list_display = ["name", "campaign", "slug", "colour", "appeared_in_game", "unlocked_by"]


@admin.register(SealedComponent)
class SealedComponentAdmin(ToldAdmin):
    list_display = ["name", "campaign", "slug", "added_in_game", "voided"]
    list_filter = ["voided"]
    search_fields = ["name", "slug", "campaign__name"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RuleSticker)
class RuleStickerAdmin(ToldAdmin):
    list_display = ["title", "campaign", "section", "added_in_game", "setting", "voided"]
    list_filter = ["section", "voided"]
    search_fields = ["title", "text", "campaign__name"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ScarKind)
class ScarKindAdmin(ToldAdmin):
    list_display = ["name", "campaign", "slug", "cards", "base", "on_faction_card"]
    list_filter = ["base", "campaign"]
    search_fields = ["name", "slug", "campaign__name"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(StockAllowance)
class StockAllowanceAdmin(ToldAdmin):
    list_display = ["campaign", "stock", "quantity"]
    list_filter = ["stock"]
    search_fields = ["campaign__name"]


@admin.register(TradeRate)
class TradeRateAdmin(ToldAdmin):
    list_display = ["campaign", "coins", "troops"]
    search_fields = ["campaign__name"]


@admin.register(Correction)
class CorrectionAdmin(ViewOnlyAdmin):
    list_display = ["made_at", "campaign", "mark_type", "made_by", "reason"]
    list_filter = ["mark_type"]
    search_fields = ["reason", "campaign__name"]
    readonly_fields = [f.name for f in Correction._meta.fields]
