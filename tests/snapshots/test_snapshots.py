"""The board picture after every game, rendered by the Celery task in-process (eager mode).

The real services play the games; the task really renders and stores through Django's storage;
the pictures are checked at the pixels where the marks must be. A real worker is in
``test_worker.py``.
"""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.files.storage import default_storage
from kombu.exceptions import OperationalError as BrokerDown
from PIL import Image

from campaigns.game.finish import amend_game
from campaigns.jobs.tasks import MAX_RETRIES
from campaigns.models import JobStatus, Snapshot
from campaigns.pictures import render
from campaigns.pictures.snapshots import (
    correction_affects_from,
    request_snapshot,
    request_timeline,
    snapshot_for_reading,
)
from campaigns.pictures.state import picture_for
from campaigns.pictures.tasks import render_snapshot
from legacy.drawing import (
    CITY_FILL,
    CONTINENT_COLORS,
    SCAR_COLORS,
    mark_pixel_positions,
    territory_pixel_position,
)
from legacy.errors import RuleViolation
from tests.support.games import finish, play_first_game, play_naming_game, start
from tests.support.snapshots import stored_files

pytestmark = pytest.mark.django_db


def snapshot_of(campaign, number=1) -> Snapshot:
    return Snapshot.objects.get(campaign=campaign, game_number=number)


def stored_image(row: Snapshot) -> Image.Image:
    with default_storage.open(row.image.name, "rb") as fh:
        return Image.open(io.BytesIO(fh.read()))


def close(actual, expected_hex: str, tolerance: int = 10) -> bool:
    expected = tuple(int(expected_hex[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))


def drawn(picture, slug):
    return next(t for t in picture.territories if t.slug == slug)


@pytest.fixture
def first_game(prepared_campaign, players, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return play_first_game(prepared_campaign, players)


def test_finishing_a_game_stores_its_board_picture(first_game, media):
    row = snapshot_of(first_game.campaign)
    assert row.status == JobStatus.DONE, row.error
    assert row.image.name == f"snapshots/{row.state_hash}.png"
    assert default_storage.exists(row.image.name)
    assert (media / row.image.name).is_file()
    image = stored_image(row)
    assert image.format == "PNG" and image.width == settings.SNAPSHOT_WIDTH
    assert row.attempts == 1 and row.error == ""


def test_nothing_is_queued_before_the_game_commits(prepared_campaign, players):
    # Without the commit (the test's transaction is never committed) no task may be sent.
    play_first_game(prepared_campaign, players)
    row = Snapshot.objects.filter(campaign=prepared_campaign).first()
    assert row is None


def test_the_picture_shows_the_city_and_the_scar_at_their_pixels(first_game):
    row = snapshot_of(first_game.campaign)
    image = stored_image(row).convert("RGB")
    picture = picture_for(first_game.campaign_id, 1)
    egypt, brazil = drawn(picture, "egypt"), drawn(picture, "brazil")
    assert (egypt.city_kind, egypt.city_name, egypt.hq_faction) == (
        "major",
        "Cairo",
        "khan-industries",
    )
    assert brazil.scar == "bunker" and brazil.coins == 3  # two first-game coin stickers

    width = settings.SNAPSHOT_WIDTH
    assert image.width == width
    egypt_at, brazil_at = mark_pixel_positions(egypt, width), mark_pixel_positions(brazil, width)
    assert close(image.getpixel(egypt_at["city"]), CITY_FILL["major"])
    assert close(image.getpixel(brazil_at["scar"]), SCAR_COLORS["bunker"])
    japan = mark_pixel_positions(drawn(picture, "japan"), width)
    assert close(image.getpixel(japan["city"]), CITY_FILL["minor"])
    # Where nothing is drawn, the continent's own colour shows.
    assert close(
        image.getpixel(territory_pixel_position("siberia", width)), CONTINENT_COLORS["asia"]
    )


def test_the_same_state_is_drawn_once_and_stored_once(first_game, media, monkeypatch):
    row = snapshot_of(first_game.campaign)
    stored = media / row.image.name
    before = stored.stat().st_mtime_ns
    calls = []
    monkeypatch.setattr(render, "render_png", lambda *a, **k: calls.append(1) or b"never drawn")
    request_snapshot(first_game.campaign_id, 1, force=True)
    # In eager mode the commit of the test's transaction never comes: run the task as a
    # worker would once it had.
    assert render_snapshot.delay(first_game.campaign_id, 1).get() == "done"
    row.refresh_from_db()
    assert row.status == JobStatus.DONE and row.attempts == 2
    assert calls == []
    assert stored_files(media) == [f"{row.state_hash}.png"]
    assert stored.stat().st_mtime_ns == before


def test_two_snapshots_of_one_state_share_one_file(
    owner, players, media, django_capture_on_commit_callbacks
):
    from campaigns import services
    from legacy.box import FACTIONS
    from tests.support.games import TWELVE_COINS

    twins = []
    for _ in range(2):
        twin = services.create_campaign(
            owner=owner, name="Twin Earth", players=["Ada", "Boris", "Chloe"]
        )
        services.prepare_first_game(
            campaign=twin, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS
        )
        roster = {p.name: p for p in twin.players.all()}
        with django_capture_on_commit_callbacks(execute=True):
            play_first_game(twin, roster)
        twins.append(snapshot_of(twin))
    a, b = twins
    assert a.status == b.status == JobStatus.DONE
    assert a.state_hash == b.state_hash and a.image.name == b.image.name
    assert stored_files(media) == [f"{a.state_hash}.png"]


def test_an_amended_game_is_drawn_again(
    first_game, players, media, django_capture_on_commit_callbacks
):
    old = snapshot_of(first_game.campaign)
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    with django_capture_on_commit_callbacks(execute=True):
        amend_game(
            game=first_game,
            revision=first_game.revision,
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
            controlled={boris.pk: ["japan"]},
            winner_reward={"kind": "major-city", "territory": "egypt", "name": "Alexandria"},
            held_on_rewards={boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}},
            reason="The city was Alexandria",
        )
    new = snapshot_of(first_game.campaign)
    assert new.pk == old.pk and new.status == JobStatus.DONE
    assert new.state_hash != old.state_hash
    assert drawn(picture_for(first_game.campaign_id, 1), "egypt").city_name == "Alexandria"
    # The old file stays until `manage.py sweep_snapshots` (test_sweep.py) finds nobody shows it.
    assert stored_files(media) == sorted([f"{old.state_hash}.png", f"{new.state_hash}.png"])


def test_a_failed_render_is_recorded_with_its_reason(
    prepared_campaign, players, media, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(*args, **kwargs):
        raise ValueError("the ink ran out")

    monkeypatch.setattr(render, "render_png", broken)
    with django_capture_on_commit_callbacks(execute=True):
        game = play_first_game(prepared_campaign, players)
    assert game.status == "finished"  # the game is recorded whatever happens to its picture
    row = snapshot_of(prepared_campaign)
    assert row.status == JobStatus.FAILED
    assert row.error == "ValueError: the ink ran out"
    assert row.image.name == "" and stored_files(media) == []


def test_a_transient_error_is_retried_and_the_render_succeeds(
    prepared_campaign, players, monkeypatch, django_capture_on_commit_callbacks
):
    real = render.render_png
    failures = ["disk full"]

    def flaky(*args, **kwargs):
        if failures:
            raise OSError(failures.pop())
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "render_png", flaky)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    row = snapshot_of(prepared_campaign)
    assert row.status == JobStatus.DONE and row.attempts == 2
    assert row.error == ""


def test_a_transient_error_that_lasts_fails_after_the_retries(
    prepared_campaign, players, monkeypatch, django_capture_on_commit_callbacks
):
    def down(*args, **kwargs):
        raise OSError("storage unreachable")

    monkeypatch.setattr(render, "render_png", down)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    row = snapshot_of(prepared_campaign)
    assert row.status == JobStatus.FAILED
    assert row.error == f"OSError: storage unreachable (after {MAX_RETRIES} retries)"
    assert row.attempts == MAX_RETRIES + 1


def test_a_broker_that_cannot_be_reached_is_a_visible_failure(
    prepared_campaign, players, monkeypatch, django_capture_on_commit_callbacks
):
    def unreachable(*args, **kwargs):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(render_snapshot, "apply_async", unreachable)
    with django_capture_on_commit_callbacks(execute=True):
        game = play_first_game(prepared_campaign, players)
    assert game.status == "finished"
    row = snapshot_of(prepared_campaign)
    assert row.status == JobStatus.FAILED
    assert row.error.startswith("The render could not be queued: OperationalError: Error 111")


def test_a_failed_snapshot_is_drawn_when_asked_again(
    prepared_campaign, players, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(render, "render_png", lambda *a, **k: 1 / 0)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    assert snapshot_of(prepared_campaign).status == JobStatus.FAILED
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        request_snapshot(prepared_campaign.pk, 1)
    row = snapshot_of(prepared_campaign)
    assert row.status == JobStatus.DONE and row.error == "" and row.attempts == 2


def test_a_delivery_for_a_failed_snapshot_does_nothing(
    prepared_campaign, players, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(render, "render_png", lambda *a, **k: 1 / 0)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    monkeypatch.undo()
    assert render_snapshot.delay(prepared_campaign.pk, 1).get() == "failed"
    assert snapshot_of(prepared_campaign).status == JobStatus.FAILED


def test_only_a_finished_game_has_a_picture(prepared_campaign, players):
    start(prepared_campaign, players)
    for number in (0, 1, 2):
        with pytest.raises(RuleViolation, match="no finished game"):
            request_snapshot(prepared_campaign.pk, number)
    assert not Snapshot.objects.exists()


def test_a_past_game_is_drawn_on_demand(
    prepared_campaign, players, django_capture_on_commit_callbacks
):
    game = start(prepared_campaign, players)
    finish(game, players)  # nothing committed, so nothing asked for
    assert not Snapshot.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        row = snapshot_for_reading(prepared_campaign.pk, 1)
    assert row.status == JobStatus.QUEUED
    row.refresh_from_db()
    assert row.status == JobStatus.DONE


def test_a_second_delivery_of_a_done_render_changes_nothing(first_game, media):
    row = snapshot_of(first_game.campaign)
    before = (media / row.image.name).stat().st_mtime_ns
    assert render_snapshot.delay(first_game.campaign_id, 1).get() == "done"
    again = snapshot_of(first_game.campaign)
    assert (again.attempts, again.updated_at, again.image.name) == (
        row.attempts,
        row.updated_at,
        row.image.name,
    )
    assert (media / row.image.name).stat().st_mtime_ns == before


# --- The timeline --------------------------------------------------------------------------------


def test_the_timeline_animates_every_finished_game(
    first_game, players, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        request_timeline(first_game.campaign_id)
    row = snapshot_of(first_game.campaign, Snapshot.TIMELINE)
    assert row.status == JobStatus.DONE, row.error
    assert row.image.name == f"snapshots/timeline-{row.state_hash}.webp"
    image = stored_image(row)
    assert image.format == "WEBP" and getattr(image, "n_frames", 1) == 1
    one_game = row.state_hash

    # Once a campaign has a timeline, every finished game refreshes it.
    with django_capture_on_commit_callbacks(execute=True):
        play_naming_game(
            first_game.campaign, players, "asia", "The Steppe", ("argentina", "greenland", "india")
        )
    row = snapshot_of(first_game.campaign, Snapshot.TIMELINE)
    assert row.status == JobStatus.DONE and row.state_hash != one_game
    image = stored_image(row)
    assert image.n_frames == 2 and image.is_animated and image.width == 1000
    assert snapshot_of(first_game.campaign, 2).status == JobStatus.DONE


def test_a_campaign_without_a_finished_game_has_no_timeline(prepared_campaign):
    with pytest.raises(RuleViolation, match="nothing to show"):
        request_timeline(prepared_campaign.pk)


def test_a_corrected_mark_draws_the_pictures_that_show_it_again(
    first_game, owner, media, django_capture_on_commit_callbacks
):
    from campaigns import services
    from legacy.models import Scar

    campaign = first_game.campaign
    before = snapshot_of(campaign)
    brazil = drawn(picture_for(campaign.pk, 1), "brazil")
    scar_at = mark_pixel_positions(brazil, settings.SNAPSHOT_WIDTH)["scar"]
    assert close(stored_image(before).convert("RGB").getpixel(scar_at), SCAR_COLORS["bunker"])
    scar = Scar.objects.get(campaign=campaign, territory="brazil")
    with django_capture_on_commit_callbacks(execute=True):
        services.void_mark(
            campaign=campaign, model=Scar, mark_id=scar.pk, reason="Placed by mistake", by=owner
        )
    after = snapshot_of(campaign)
    assert after.status == JobStatus.DONE and after.state_hash != before.state_hash
    pixel = stored_image(after).convert("RGB").getpixel(scar_at)
    assert not close(pixel, SCAR_COLORS["bunker"])


def test_a_correction_redraws_from_the_earliest_game_its_mark_was_in():
    assert correction_affects_from({"placed_in_game": 4}, {"placed_in_game": 3}) == 3
    assert correction_affects_from({"placed_in_game": 0, "removed_in_game": 5}, {}) == 1
    assert correction_affects_from({"name": "Cairo"}, {"name": "Giza"}) == 1


def test_staff_open_a_stored_picture_from_the_admin_without_being_members(
    first_game, client, django_user_model
):
    operator = django_user_model.objects.create_superuser("oper", password="pw-oper-123")
    row = snapshot_of(first_game.campaign)
    client.force_login(operator)
    page = client.get(f"/admin/campaigns/snapshot/{row.pk}/change/").content.decode()
    address = f"/admin/campaigns/snapshot/{row.pk}/picture/"
    assert address in page
    picture = client.get(address)
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    assert b"".join(picture.streaming_content).startswith(b"\x89PNG")
    # A member who is not staff is sent to the admin's login, not given the file.
    client.force_login(first_game.campaign.owner)
    assert client.get(address).status_code == 302


def test_a_game_picture_is_drawn_again_when_the_campaign_reads_a_cancelled_scar_as_marked(
    first_game, owner, media, django_capture_on_commit_callbacks
):
    from campaigns.members import set_house_rules
    from legacy.models import RemovedReason, Scar, ScarKind

    campaign = first_game.campaign
    Scar.objects.create(
        campaign=campaign,
        kind=ScarKind.objects.get(campaign=campaign, slug="bunker"),
        territory="mongolia",
        placed_in_game=1,
        removed_in_game=1,
        removed_reason=RemovedReason.CANCELLED,
    )
    with django_capture_on_commit_callbacks(execute=True):
        request_snapshot(campaign.pk, 1, force=True)
    unmarked = snapshot_of(campaign).state_hash
    with django_capture_on_commit_callbacks(execute=True):
        set_house_rules(
            campaign=campaign, readings={"cancelled_scar_territory": "marked"}, by=owner
        )
    row = snapshot_of(campaign)
    assert row.status == JobStatus.DONE, row.error
    assert row.state_hash != unmarked
    assert drawn(picture_for(campaign.pk, 1), "mongolia").scar_cancelled
    with django_capture_on_commit_callbacks(execute=True):
        set_house_rules(
            campaign=campaign, readings={"cancelled_scar_territory": "unmarked"}, by=owner
        )
    assert snapshot_of(campaign).state_hash == unmarked
