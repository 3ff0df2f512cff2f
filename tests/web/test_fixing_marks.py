"""Fixing a mark entered by mistake, from the pages: the people who record games correct a
mark's fields or void it, always with a reason; the same rules check a correction as any new
mark, a refusal is a form error, and a refused or forbidden request writes nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.models import AuditEntry
from legacy.models import City, Correction, Scar
from tests.support.games import SCARRED, play
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(prepared_campaign):
    return play(prepared_campaign, 2)


def cairo(campaign) -> City:
    return City.objects.get(campaign=campaign, name="Cairo")


def address(campaign, mark, kind="cities"):
    return f"/c/{campaign.pk}/marks/{kind}/{mark.pk}/"


def correct(mark, **fields) -> dict:
    """The correction form as the page fills it in, with ``fields`` changed."""
    data = {
        "action": "correct",
        "fix-territory": mark.territory,
        "fix-kind": mark.kind,
        "fix-name": mark.name,
        "fix-placed_in_game": mark.placed_in_game,
        "fix-placed_by": mark.placed_by_id or "",
        "fix-reason": "",
    }
    data.update({f"fix-{k}": v for k, v in fields.items()})
    return data


def writes(campaign) -> tuple[int, int, list]:
    return (
        Correction.objects.filter(campaign=campaign).count(),
        AuditEntry.objects.filter(campaign=campaign).count(),
        list(City.objects.filter(campaign=campaign).values_list("name", "territory", "voided")),
    )


def test_editors_see_a_fix_link_beside_each_mark_and_viewers_do_not(played, as_editor, as_viewer):
    link = address(played, cairo(played))
    assert link in as_editor.get(f"/c/{played.pk}/territories/egypt/").content.decode()
    assert link not in as_viewer.get(f"/c/{played.pk}/territories/egypt/").content.decode()


def test_an_editor_renames_a_city_with_a_reason(played, as_editor, editor):
    city = cairo(played)
    response = as_editor.post(
        address(played, city), correct(city, name="Al-Qahira", reason="Misspelt at the table")
    )
    assert response.status_code == 302
    city.refresh_from_db()
    assert city.name == "Al-Qahira"
    fix = Correction.objects.get(campaign=played)
    assert fix.reason == "Misspelt at the table" and fix.made_by == editor
    assert fix.before["name"] == "Cairo" and fix.after["name"] == "Al-Qahira"
    page = as_editor.get(address(played, city)).content.decode()
    assert "Misspelt at the table" in page


def test_a_correction_that_changes_nothing_is_refused(played, as_editor):
    before = writes(played)
    response = as_editor.post(address(played, cairo(played)), correct(cairo(played), reason="x"))
    assert response.status_code == 200
    assert "Nothing was changed" in response.content.decode()
    assert writes(played) == before


def test_a_correction_without_a_reason_is_refused(played, as_editor):
    before = writes(played)
    response = as_editor.post(address(played, cairo(played)), correct(cairo(played), name="Giza"))
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    assert writes(played) == before


def test_a_correction_that_breaks_a_rule_is_refused_with_the_rule(played, as_editor):
    # Moving Cairo onto a territory that has a city already: one city per territory.
    City.objects.create(
        campaign=played, territory="china", kind="minor", name="Xian", placed_in_game=2
    )
    before = writes(played)
    response = as_editor.post(
        address(played, cairo(played)), correct(cairo(played), territory="china", reason="Moved")
    )
    assert response.status_code == 200
    assert "already has a city" in response.content.decode()
    assert writes(played) == before


def test_an_editor_voids_a_scar_entered_by_mistake(played, as_editor):
    scar = Scar.objects.get(campaign=played, territory=SCARRED[0])
    page = address(played, scar, "scars")
    response = as_editor.post(page, {"action": "void", "void-reason": "Never happened"})
    assert response.status_code == 302
    scar.refresh_from_db()
    assert scar.voided
    shown = as_editor.get(page).content.decode()
    assert 'data-mark="voided"' in shown and "Never happened" in shown
    again = as_editor.post(page, {"action": "void", "void-reason": "Twice"})
    assert again.status_code == 200 and "already void" in again.content.decode()
    assert Correction.objects.filter(campaign=played).count() == 1


def test_readers_may_not_fix_and_nothing_is_written(played, as_viewer, as_stranger, anonymous):
    city = cairo(played)
    before = writes(played)
    data = correct(city, name="Giza", reason="Because")
    assert as_viewer.get(address(played, city)).status_code == 403
    assert as_viewer.post(address(played, city), data).status_code == 403
    assert as_stranger.post(address(played, city), data).status_code == 404
    assert anonymous.post(address(played, city), data).status_code == 404
    assert writes(played) == before


@pytest.mark.parametrize("path", ["marks/volcanoes/1/", "marks/cities/999999/", "marks/cities/0/"])
def test_a_mark_that_is_not_there_is_a_404(played, as_editor, path):
    assert as_editor.get(f"/c/{played.pk}/{path}").status_code == 404


def test_a_mark_of_another_campaign_is_a_404(played, as_editor, owner):
    from campaigns import services

    other = services.create_campaign(owner=owner, name="Elsewhere", players=["A", "B", "C"])
    city = City.objects.create(
        campaign=other, territory="peru", kind="minor", name="Lima", placed_in_game=0
    )
    assert as_editor.get(address(played, city)).status_code == 404


def test_an_unknown_action_is_a_400_and_writes_nothing(played, as_editor):
    before = writes(played)
    response = as_editor.post(address(played, cairo(played)), {"action": "burn"})
    assert response.status_code == 400
    assert writes(played) == before


def test_the_fix_page_costs_the_same_after_four_games_as_after_one(owner):
    from tests.support.pages import prepared

    counts = []
    for n in (1, 4):
        campaign = play(prepared(owner, f"{n} games"), n)
        client = client_for(owner)
        page = address(campaign, cairo(campaign))
        assert client.get(page).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12, counts


def test_the_fix_page_speaks_russian(played, editor):
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(editor)
    page = client.get(address(played, cairo(played))).content.decode()
    assert "Исправить отметку: город" in page and "Аннулировать отметку" in page
    assert '<option value="egypt" selected>Египет</option>' in page


GARBAGE = [
    "",
    "abc",
    "-1",
    "99999999999999999999",
    "atlantis",
    "\x00",
    "2026-13-45",
    "1.5",
    "é" * 400,
]


def test_no_garbage_in_any_field_of_any_mark_is_a_server_error(played, as_editor):
    from legacy.corrections import MARK_TYPES

    marks = [
        (slug, mark)
        for slug, model in MARK_TYPES.items()
        for mark in model.objects.filter(campaign=played)[:1]
    ]
    assert len(marks) >= 5  # cities, scars, coin stickers, destroyed cards, signatures, powers
    for slug, mark in marks:
        page = address(played, mark, slug)
        form = as_editor.get(page).context["correct_form"]
        valid = {f"fix-{k}": "" if v is None else v for k, v in form.initial.items()}
        for name in [*form.editable, "reason"]:
            for junk in GARBAGE:
                data = {**valid, "action": "correct", "fix-reason": "Junk", f"fix-{name}": junk}
                response = as_editor.post(page, data)
                assert response.status_code in (200, 302), (slug, name, junk)


def test_a_mark_cannot_be_moved_to_a_game_not_yet_set_up(played, as_editor):
    before = writes(played)
    response = as_editor.post(
        address(played, cairo(played)), correct(cairo(played), placed_in_game=7, reason="Later")
    )
    assert response.status_code == 200 and "There is no game 7" in response.content.decode()
    assert writes(played) == before
    moved = as_editor.post(
        address(played, cairo(played)), correct(cairo(played), placed_in_game=2, reason="Later")
    )
    assert moved.status_code == 302 and cairo(played).placed_in_game == 2


def test_a_refusal_on_a_russian_fix_page_says_the_rule_in_russian_only(played, editor):
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(editor)
    scar = Scar.objects.get(campaign=played, territory=SCARRED[0])
    page = address(played, scar, "scars")
    client.post(page, {"action": "void", "void-reason": "Never happened"})
    again = client.post(page, {"action": "void", "void-reason": "Twice"}).content.decode()
    assert "Эта отметка уже аннулирована." in again and "That mark is already void." not in again
