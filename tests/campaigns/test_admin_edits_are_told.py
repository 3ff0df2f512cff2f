"""An edit made in the admin is a write like any other: it bumps the campaign's versions (cached
reads of its world are left behind) and, once it commits, the phones following the campaign are
told its new version, as they are of an entry made at the table."""

from __future__ import annotations

import asyncio
from html.parser import HTMLParser

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.contrib import admin
from django.test import Client, RequestFactory
from django.urls import reverse

from campaigns import live
from campaigns.admin.told import ToldAdmin
from campaigns.models import Campaign, Player
from legacy.models import City, PacketOpening, StockAllowance, TradeRate

pytestmark = pytest.mark.django_db

WAIT = 10.0  # a bounded wait for what must come, not a measure of speed


@pytest.fixture
def staff(operator):
    browser = Client()
    browser.force_login(operator)
    return browser


@pytest.fixture
def told(monkeypatch):
    """The campaigns whose open pages were told, in order."""
    heard: list[int] = []
    monkeypatch.setattr(live, "announce", lambda pk, version=None: heard.append(pk))
    return heard


@pytest.fixture
def delhi(prepared_campaign, players):
    return City.objects.create(
        campaign=prepared_campaign,
        territory="india",
        kind="minor",
        name="Delhi",
        placed_in_game=1,
        placed_by=players["Ada"],
    )


class _Form(HTMLParser):
    """What a browser sends back from the page's form as it is drawn."""

    def __init__(self):
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self._select: str | None = None
        self._first_option: str | None = None
        self._chosen = False
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.setdefault(name, []).append(a.get("value") or "")
        elif tag == "select" and name:
            self._select, self._first_option, self._chosen = name, None, False
        elif tag == "option" and self._select:
            value = a.get("value") or ""
            if self._first_option is None:
                self._first_option = value
            if "selected" in a:
                self.data.setdefault(self._select, []).append(value)
                self._chosen = True
        elif tag == "textarea" and name:
            self._textarea = name
            self.data.setdefault(name, []).append("")

    def handle_endtag(self, tag):
        if tag == "select" and self._select:
            if not self._chosen and self._first_option is not None:
                self.data.setdefault(self._select, []).append(self._first_option)
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self.data[self._textarea][-1] += data


def as_drawn(response) -> dict[str, list[str]]:
    form = _Form()
    form.feed(response.content.decode())
    return form.data


def change_url(obj) -> str:
    meta = obj._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])


def edit(staff, obj, **changes) -> None:
    """Open ``obj``'s admin page, change ``changes`` and save it."""
    address = change_url(obj)
    data = as_drawn(staff.get(address))
    data.update({name: [value] for name, value in changes.items()})
    response = staff.post(address, data)
    assert response.status_code == 302, response.content.decode()[:3000]


def versions(campaign) -> tuple[int, int, int]:
    return tuple(
        Campaign.objects.filter(pk=campaign.pk)
        .values_list("world_version", "marks_version", "triggers_version")
        .get()
    )


def rises(before, after) -> bool:
    return all(b < a for b, a in zip(before, after, strict=True))


def test_every_admin_page_that_may_change_a_campaigns_rows_tells_its_pages(operator):
    request = RequestFactory().get("/admin/")
    request.user = operator
    silent = []
    for model, page in admin.site._registry.items():
        of_a_campaign = model is Campaign or any(
            f.name == "campaign" for f in model._meta.get_fields()
        )
        writes = (
            page.has_add_permission(request)
            or page.has_change_permission(request)
            or page.has_delete_permission(request)
        )
        if of_a_campaign and writes and not isinstance(page, ToldAdmin):
            silent.append(model.__name__)
    assert silent == []


def test_a_player_renamed_in_the_admin_is_told_to_the_open_pages(
    prepared_campaign, players, staff, told, django_capture_on_commit_callbacks
):
    before = versions(prepared_campaign)
    with django_capture_on_commit_callbacks(execute=True):
        edit(staff, players["Ada"], name="Adele")
        assert told == []  # not before the change commits
    assert Player.objects.get(pk=players["Ada"].pk).name == "Adele"
    assert rises(before, versions(prepared_campaign))
    assert told == [prepared_campaign.pk]


def test_a_player_renamed_on_the_campaigns_own_page_is_told(
    prepared_campaign, players, staff, told, django_capture_on_commit_callbacks
):
    before = versions(prepared_campaign)
    address = change_url(prepared_campaign)
    data = as_drawn(staff.get(address))
    row = next(
        name.removesuffix("-name")
        for name, values in data.items()
        if name.startswith("players-") and values == ["Boris"]
    )
    data[f"{row}-name"] = ["Bruno"]
    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(address, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Player.objects.get(pk=players["Boris"].pk).name == "Bruno"
    assert rises(before, versions(prepared_campaign))
    assert told == [prepared_campaign.pk]


def test_a_citys_name_corrected_in_the_admin_is_told(
    delhi, staff, told, django_capture_on_commit_callbacks
):
    campaign = delhi.campaign
    before = versions(campaign)
    with django_capture_on_commit_callbacks(execute=True):
        edit(staff, delhi, name="New Delhi", correction_reason="Misspelt at the table")
    assert City.objects.get(pk=delhi.pk).name == "New Delhi"
    assert rises(before, versions(campaign))
    assert told == [campaign.pk]


def test_a_packet_opening_entered_in_the_admin_is_told(
    prepared_campaign, staff, told, django_capture_on_commit_callbacks
):
    before = versions(prepared_campaign)
    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(
            reverse("admin:legacy_packetopening_add"),
            {
                "campaign": prepared_campaign.pk,
                "packet": "pack-3",
                "placed_in_game": 1,
                "entered_at_0": "2026-11-22",
                "entered_at_1": "10:00:00",
                "correction_reason": "Opened at the table, never entered",
            },
        )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert PacketOpening.objects.filter(campaign=prepared_campaign, packet="pack-3").exists()
    assert rises(before, versions(prepared_campaign))
    assert told == [prepared_campaign.pk]


def test_a_row_deleted_in_the_admin_is_told(
    prepared_campaign, staff, told, django_capture_on_commit_callbacks
):
    allowance = StockAllowance.objects.filter(campaign=prepared_campaign).first()
    assert allowance is not None
    before = versions(prepared_campaign)
    address = reverse("admin:legacy_stockallowance_delete", args=[allowance.pk])
    with django_capture_on_commit_callbacks(execute=True):
        assert staff.post(address, {"post": "yes"}).status_code == 302
    assert not StockAllowance.objects.filter(pk=allowance.pk).exists()
    assert rises(before, versions(prepared_campaign))
    assert told == [prepared_campaign.pk]


def test_rows_deleted_together_from_the_list_are_told_once_they_are_gone(
    prepared_campaign, staff, told, django_capture_on_commit_callbacks
):
    rates = list(TradeRate.objects.filter(campaign=prepared_campaign).values_list("pk", flat=True))
    assert len(rates) > 1
    before = versions(prepared_campaign)
    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(
            reverse("admin:legacy_traderate_changelist"),
            {"action": "delete_selected", "_selected_action": rates, "post": "yes"},
        )
        assert told == []  # not before the rows are gone for good
    assert response.status_code == 302
    assert not TradeRate.objects.filter(pk__in=rates).exists()
    assert rises(before, versions(prepared_campaign))
    assert told == [prepared_campaign.pk]


def test_a_refused_admin_edit_moves_no_version_and_tells_nothing(
    delhi, staff, told, django_capture_on_commit_callbacks
):
    campaign = delhi.campaign
    before = versions(campaign)
    address = change_url(delhi)
    data = as_drawn(staff.get(address))
    data["name"] = ["Old Delhi"]  # no reason given: the correction is refused
    with django_capture_on_commit_callbacks(execute=True):
        assert staff.post(address, data).status_code == 200
    assert versions(campaign) == before
    assert told == []


def test_a_phone_following_the_campaign_hears_of_an_admin_edit(
    game, players, staff, django_capture_on_commit_callbacks
):
    """Through Redis when there is one (the hub's one subscription), else within the process."""
    campaign = game.campaign
    before = versions(campaign)[0]

    def rename_on_the_admin():
        with django_capture_on_commit_callbacks(execute=True):
            edit(staff, players["Chloe"], name="Clea")

    def subscribed():
        if settings.REDIS_URL:
            assert live.hub.subscribed.wait(WAIT)

    async def scenario():
        listener = live.hub.listen(campaign.pk)
        try:
            await sync_to_async(subscribed, thread_sensitive=False)()
            await sync_to_async(rename_on_the_admin)()
            return await asyncio.wait_for(listener.wait(after=before), WAIT)
        finally:
            live.hub.leave(listener)

    heard = async_to_sync(scenario)()
    after = versions(campaign)[0]
    assert after > before
    assert heard == after


def test_the_live_answer_a_phone_holds_goes_stale_after_an_admin_edit(
    prepared_campaign, players, owner, staff
):
    phone = Client()
    phone.force_login(owner)
    address = f"/c/{prepared_campaign.pk}/live/"
    first = phone.get(address)
    assert first.status_code == 200
    held = first["ETag"]
    assert phone.get(address, headers={"If-None-Match": held}).status_code == 304

    edit(staff, players["Dmitri"], name="Dima")

    again = phone.get(address, headers={"If-None-Match": held})
    assert again.status_code == 200
    assert again["ETag"] != held
    assert again.json() == {"version": versions(prepared_campaign)[0]}
