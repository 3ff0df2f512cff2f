"""A campaign that hides what its packets unlocked, holding unlocked content of every kind, and
the people who read it.

``seed_unlocked`` builds the content; each name or text it enters holds an invented word that
appears nowhere else, listed in ``SECRET_WORDS``. A new kind of unlocked content is added there,
with its own word: the walk test (``test_walk.py``) then checks it on every read.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile

from campaigns.game.decks import add_card, draw_card
from campaigns.game.packets import open_packet
from campaigns.game.rulebook import add_sticker
from campaigns.game.sealed import add_component
from campaigns.game.table import place_mark, place_scar
from campaigns.models import GamePhoto, JobStatus, Membership, Role, Snapshot
from campaigns.photos.service import add_photo
from campaigns.pictures.snapshots import request_snapshot, request_timeline
from config.celery import app as celery_app
from legacy.models import FactionPower
from tests.photos.made import encoded
from tests.web.conftest import play

# Every word the seed hides. Each is found by an editor somewhere, and by nobody else anywhere.
SECRET_WORDS = (
    "Zorblax",  # a scar type placed on a territory, in game
    "Blorptic",  # its text (first line)
    "Wuzzlewump",  # its text (second line)
    "Gnarlspire",  # a scar type for faction cards, placed on one
    "Frimbleton",  # its text
    "Vexmoor",  # a kind of mark, placed on a territory and on a faction card
    "Plinthavar",  # its text
    "Snorkelwick",  # the label written on a mark of that kind
    "Krandle",  # a power, placed on a faction card
    "Oomphalite",  # its text
    "Thrimble",  # a faction (unlocked content)
    "Quaffleton",  # an event card
    "Drizzlemoor",  # a mission card
    "Yarbleguff",  # a rule addition
    "Mumblecrust",  # something else
    "Skivvyhorn",  # the texts of those (one each, in the same word)
    "Quorvanth",  # the trigger the group wrote down when opening the packet
    "Glimmerquod",  # a sealed component the group found and named
    "Fennelwort",  # its trigger, as printed
    "Brambleknot",  # a rule sticker pasted into the rulebook
    "Pemberwick",  # its text
    "Zanzibrook",  # an event card added to the deck, drawn in game 2
    "Wobblethorn",  # its text
)


def seed_unlocked(campaign, by) -> None:
    """Open a packet in game 2 (being played) with content of every kind, each with a text, and
    use what can be used: the scar types, the kind of mark, the power."""
    text = "Skivvyhorn gathers."
    opening = open_packet(
        campaign=campaign,
        packet="pack-2",
        trigger="Quorvanth fell in the second round",
        unlocked=[
            {
                "kind": "scar-type",
                "title": "Zorblax Frenzy",
                "text": "Blorptic swarms come.\nWuzzlewump stays.",
                "cards": 2,
            },
            {
                "kind": "scar-type",
                "title": "Gnarlspire Hex",
                "text": "Frimbleton curse.",
                "cards": 1,
                "on_faction_card": True,
            },
            {"kind": "mark-kind", "title": "Vexmoor Beacon", "text": "Plinthavar shines."},
            {"kind": "power", "title": "Krandle Surge", "text": "Oomphalite doubles."},
            {"kind": "faction", "title": "Thrimble Clan", "text": text},
            {"kind": "event-card", "title": "Quaffleton Flood", "text": text},
            {"kind": "mission-card", "title": "Drizzlemoor March", "text": text},
            {"kind": "rule", "title": "Yarbleguff Clause", "text": text},
            {"kind": "other", "title": "Mumblecrust Token", "text": text},
        ],
        by=by,
    )
    game = campaign.games.get(number=2)
    players = {p.name: p for p in campaign.players.all()}
    place_scar(
        game=game,
        scar="zorblax-frenzy",
        territory="iceland",
        player=players["Ada"].pk,
        without_card=True,
        reason="Our event card",
        by=by,
    )
    place_scar(
        game=game,
        scar="gnarlspire-hex",
        faction="die-mechaniker",
        without_card=True,
        reason="Our event card",
        by=by,
    )
    place_mark(game=game, kind="vexmoor-beacon", territory="madagascar", label="Snorkelwick", by=by)
    place_mark(game=game, kind="vexmoor-beacon", faction="khan-industries", by=by)
    add_component(campaign=campaign, name="Glimmerquod Tin", trigger="When Fennelwort falls", by=by)
    add_sticker(
        campaign=campaign,
        section="object",
        game=2,
        title="Brambleknot Clause",
        text="Pemberwick rises.",
        packet="pack-2",
        by=by,
    )
    card = add_card(
        campaign=campaign,
        deck="event",
        title="Zanzibrook Storm",
        text="Wobblethorn winds.",
        packet="pack-2",
        by=by,
    )
    draw_card(game=game, card=card.pk, player=players["Ada"].pk, by=by)
    FactionPower.objects.create(
        campaign=campaign,
        faction="enclave-of-the-bear",
        slot="unlocked",
        code="krandle",
        name="Krandle Surge",
        text="Oomphalite doubles.",
        unlocked_by=opening,
        placed_in_game=2,
        entered_by=by,
    )


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def editor(django_user_model, campaign):
    user = django_user_model.objects.create_user(username="edda", password="pw-edda-123")
    Membership.objects.create(campaign=campaign, user=user, role=Role.EDITOR)
    return user


@pytest.fixture
def viewer(django_user_model, campaign):
    user = django_user_model.objects.create_user(username="vic", password="pw-vic-123")
    Membership.objects.create(campaign=campaign, user=user, role=Role.VIEWER)
    return user


@pytest.fixture
def hidden(prepared_campaign, owner, editor, viewer):
    """Game 1 finished, game 2 being played with everything unlocked in it; hiding on, the
    share link on."""
    campaign = play(prepared_campaign, 1, then_start=True)
    seed_unlocked(campaign, owner)
    campaign.hide_unlocked_content = True
    campaign.shared = True
    campaign.save(update_fields=["hide_unlocked_content", "shared"])
    return campaign


@pytest.fixture
def drawn(hidden, settings, tmp_path, django_capture_on_commit_callbacks):
    """The hiding campaign with its stored pictures drawn (game 1 and the timeline), in a
    folder of the test's own, so that a read that hands them out has something to give."""
    settings.MEDIA_ROOT = tmp_path / "media"
    conf = celery_app.conf
    before = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            request_snapshot(hidden.pk, 1)
            request_timeline(hidden.pk)
            # A photo of the real board shows every sticker on it, as the pictures do.
            add_photo(
                game=hidden.games.get(number=2),
                upload=SimpleUploadedFile("board.png", encoded("PNG"), "image/png"),
                caption="The board tonight",
                by=hidden.owner,
            )
    finally:
        conf.task_always_eager, conf.task_eager_propagates = before
    assert Snapshot.objects.filter(campaign=hidden, status=JobStatus.DONE).count() == 2
    assert GamePhoto.objects.filter(game__campaign=hidden, status=JobStatus.DONE).count() == 1
    return hidden
